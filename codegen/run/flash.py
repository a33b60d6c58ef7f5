"""Flash runners: one small class per tool, chosen by the board's flash method.

Each checks for its tool and says how to install it; `commands()` is what `--dry-run` prints.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
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
    needs_port = False  # a serial port the tool would otherwise guess (esptool scans them all)

    def commands(self, job: FlashJob) -> list[list[str]]:
        raise NotImplementedError

    def check_tool(self) -> None:
        if tool_path(self.tool) is None:
            raise ToolError(f"{self.tool} not found: {self.install}")


def tool_path(tool: str) -> str | None:
    """Where a flash tool is: beside the running Python first (the .venv that `make setup` made,
    where pip put esptool, whether or not the venv is on PATH), then on PATH."""
    beside = Path(sys.executable).parent / tool
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    return shutil.which(tool)


def _resolved(commands: list[list[str]]) -> list[list[str]]:
    """The commands with each tool named by the path it will run from (what --dry-run prints)."""
    return [[tool_path(cmd[0]) or cmd[0], *cmd[1:]] for cmd in commands]


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
    """esptool 5's own command and hyphenated subcommand (`esptool.py` and `write_flash` print
    deprecation warnings there), and a serial port always given: without one esptool scans every
    port, /dev/ttyS0 first."""

    name, tool, install = "esptool", "esptool", "pip install 'esptool>=5' (the setup's .venv has it)"
    needs_port = True

    def commands(self, job: FlashJob) -> list[list[str]]:
        address = job.board.flash.get("address", 0)
        port = job.port or "PORT"  # a dry run shows where it goes; a real one refuses without it (flash)
        return [["esptool", "--chip", "esp32c3", "--port", port, "write-flash", f"{address:#x}", str(job.image)]]


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
    commands = _resolved(runner.commands(job))
    if dry_run:
        for cmd in commands:
            log(shlex.join(cmd))
        return commands
    if runner.needs_port and not job.port:
        raise RvfwError(f"{job.board.name}: give the board's serial port (PORT=/dev/ttyUSB0 with make, --port with "
                        "rvfw flash)")  # fmt: skip
    runner.check_tool()
    for cmd in commands:
        log(f"$ {shlex.join(cmd)}")
        if subprocess.run(cmd).returncode != 0:
            raise ToolError(f"{runner.name} failed: {shlex.join(cmd)}")
    return commands
