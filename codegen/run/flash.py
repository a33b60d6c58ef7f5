"""Flash runners: one small class per tool, chosen by the board's flash method.

Each checks for its tool and says how to install it; `commands()` is what `--dry-run` prints.
"""

from __future__ import annotations

import shlex
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from codegen.boards.board import Board
from codegen.errors import RvfwError, ToolError


@dataclass
class FlashJob:
    board: Board
    elf: Path
    image: Path | None
    port: str | None = None


class Runner:
    name = ""
    tool = ""
    install = ""

    def commands(self, job: FlashJob) -> list[list[str]]:
        raise NotImplementedError

    def check_tool(self) -> None:
        if shutil.which(self.tool) is None:
            raise ToolError(f"{self.tool} not found: {self.install}")


class OpenOcd(Runner):
    name, tool, install = "openocd", "openocd", "apt-get install openocd"

    def commands(self, job: FlashJob) -> list[list[str]]:
        image = job.image or job.elf
        cfg = job.board.flash.get("config", "board/sifive-hifive1-revb.cfg")
        return [["openocd", "-f", cfg, "-c", f"program {image} verify reset exit"]]


class DfuUtil(Runner):
    name, tool, install = "dfu-util", "dfu-util", "apt-get install dfu-util (hold BOOT0 while resetting the board)"

    def commands(self, job: FlashJob) -> list[list[str]]:
        address = job.board.flash.get("address", 0x08000000)
        return [["dfu-util", "-a", "0", "-s", f"{address:#010x}:leave", "-D", str(job.image or job.elf)]]


class Esptool(Runner):
    name, tool, install = "esptool", "esptool.py", "pip install esptool (the setup's .venv has it)"

    def commands(self, job: FlashJob) -> list[list[str]]:
        port = ["--port", job.port] if job.port else []
        address = job.board.flash.get("address", 0)
        return [["esptool.py", "--chip", "esp32c3", *port, "write_flash", f"{address:#x}", str(job.image)]]


class Xfel(Runner):
    name, tool, install = (
        "xfel",
        "xfel",
        "build xfel from https://github.com/xboot/xfel (board in FEL mode: hold FEL while plugging USB)",
    )

    def commands(self, job: FlashJob) -> list[list[str]]:
        address = f"{job.board.flash.get('address', 0x40000000):#x}"
        return [["xfel", "ddr", "d1"], ["xfel", "write", address, str(job.image)], ["xfel", "exec", address]]


RUNNERS: dict[str, type[Runner]] = {r.name: r for r in (OpenOcd, DfuUtil, Esptool, Xfel)}


def runner_for(board: Board) -> Runner:
    if board.flash_method == "none":
        raise RvfwError(f"board {board.name} is a simulator board: use `rvfw run` or `rvfw check`")
    return RUNNERS[board.flash_method]()


def flash(job: FlashJob, dry_run: bool, log=print) -> list[list[str]]:
    runner = runner_for(job.board)
    commands = runner.commands(job)
    if dry_run:
        for cmd in commands:
            log(shlex.join(cmd))
        return commands
    runner.check_tool()
    for cmd in commands:
        log(f"$ {shlex.join(cmd)}")
        if subprocess.run(cmd).returncode != 0:
            raise ToolError(f"{runner.name} failed: {shlex.join(cmd)}")
    return commands
