"""Simulator runners: Spike when it is on PATH, else QEMU's spike machine with exact instruction counting."""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .boards import Board
from .errors import RvfwError, ToolError

SPIKE_DRAM_BASE = 0x80000000


@dataclass
class SimResult:
    runner: str
    command: list[str]
    exit_code: int
    console: str


class SpikeRunner:
    name = "spike"

    def available(self) -> bool:
        return shutil.which("spike") is not None

    def command(self, elf: Path, board: Board, vlen: int | None = None) -> list[str]:
        sim = board.simulator
        cmd = ["spike", f"--isa={sim['isa']}", f"-m0x{SPIKE_DRAM_BASE:x}:0x{_memory_span(board):x}"]
        if board.vector:
            cmd.append(f"--varch=vlen:{vlen or sim.get('vlen', 128)},elen:{board.vector['elen']}")
        return [*cmd, str(elf)]


class QemuRunner:
    name = "qemu"

    def binary(self, board: Board) -> str:
        return f"qemu-system-riscv{board.xlen}"

    def available(self, board: Board | None = None) -> bool:
        return shutil.which(self.binary(board) if board else "qemu-system-riscv64") is not None

    def command(self, elf: Path, board: Board, vlen: int | None = None) -> list[str]:
        mem_mib = max(128, -(-_memory_span(board) // (1 << 20)))
        return [
            self.binary(board), "-machine", "spike", "-nographic", "-monitor", "none", "-serial", "stdio",
            "-bios", str(elf), "-m", f"{mem_mib}M", "-icount", "shift=0", "-cpu", qemu_cpu(board, vlen),
        ]  # fmt: skip


def qemu_cpu(board: Board, vlen: int | None = None) -> str:
    """QEMU -cpu string that enables the board's extensions and no others, so stray instructions trap.

    QEMU 7.2 only offers the vector unit together with F and D, so a Zve32x board runs with
    them enabled; ELEN 32 still makes any 64-bit element operation trap.
    """
    isa = board.simulator["isa"].lower()
    base, _, rest = isa[4:].partition("_")
    letters = base.replace("g", "imafd")
    vector = "v" in letters or any(ext.startswith("zve") for ext in rest.split("_"))
    if vector:
        letters += "fd"
    props = [isa[:4]] + [f"{ext}={'true' if ext in letters else 'false'}" for ext in "acfdm"]
    if vector:
        elen = board.vector["elen"] if board.vector else 64
        vlen = vlen or board.simulator.get("vlen", 128)
        props += ["v=true", f"vlen={vlen}", f"elen={elen}", "vext_spec=v1.0"]
    return ",".join(props)


def _memory_span(board: Board) -> int:
    end = max(r.origin + r.length for r in board.regions)
    return end - SPIKE_DRAM_BASE


def run_elf(elf: Path, board: Board, timeout: float = 300.0, vlen: int | None = None) -> SimResult:
    """Run an image; vlen overrides the board's VLEN (the kernels are VLEN-agnostic)."""
    if board.simulator is None:
        raise RvfwError(f"board {board.name} has no simulator: build it and flash it instead")
    if board.simulator["machine"] == "sifive_e_revb":
        return run_uart_machine(elf, board, SifiveERunner().command(elf), "qemu-sifive_e", timeout)
    if any(r.origin < SPIKE_DRAM_BASE for r in board.regions):
        raise RvfwError(
            f"board {board.name}: memory below 0x{SPIKE_DRAM_BASE:x} cannot be simulated on the spike machine"
        )
    spike, qemu = SpikeRunner(), QemuRunner()
    if spike.available():
        runner, cmd = spike.name, spike.command(elf, board, vlen)
    elif qemu.available(board):
        runner, cmd = qemu.name, qemu.command(elf, board, vlen)
    else:
        raise ToolError(f"no simulator: neither spike nor {qemu.binary(board)} is on PATH (run `make setup`)")
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        raise ToolError(f"{runner} timed out after {timeout:.0f} s running {elf}") from None
    console = proc.stdout.decode("utf-8", "replace")
    return SimResult(runner, cmd, proc.returncode, console)


class SifiveERunner:
    """QEMU's FE310 model with the HiFive1 Rev B memory map: the real image boots from 0x20010000
    and talks over UART0; QEMU cannot be told to exit, so the runner stops it at RVFW-EXIT."""

    binary = "qemu-system-riscv32"

    def command(self, elf: Path) -> list[str]:
        return [
            self.binary, "-machine", "sifive_e,revb=true", "-nographic", "-monitor", "none", "-serial", "stdio",
            "-bios", "none", "-kernel", str(elf), "-icount", "shift=0",
        ]  # fmt: skip


EXIT_MARKER = re.compile(r"RVFW-EXIT (-?\d+)")
EXIT_LINE = re.compile(rb"RVFW-EXIT -?\d+\r?\n")


def run_uart_machine(elf: Path, board: Board, cmd: list[str], runner: str, timeout: float) -> SimResult:
    """Run until the firmware prints RVFW-EXIT (or traps), then stop the simulator."""
    if shutil.which(cmd[0]) is None:
        raise ToolError(f"{cmd[0]} not found: run `make setup` (Debian package qemu-system-misc)")
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    console = read_until_exit(proc.stdout, timeout, f"{runner} running {elf}")
    proc.kill()
    proc.wait()
    match = EXIT_MARKER.search(console)
    return SimResult(runner, cmd, int(match.group(1)) if match else 3, console)


def read_until_exit(stream, timeout: float, what: str) -> str:
    """Collect a console stream until a complete RVFW-EXIT line (the trap handler exits too)."""
    deadline = time.monotonic() + timeout
    data = bytearray()
    fd = stream.fileno()
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], 0.2)
        if not ready:
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            break
        data += chunk
        if EXIT_LINE.search(data[-64:]):
            return data.decode("utf-8", "replace")
    text = data.decode("utf-8", "replace")
    if not EXIT_MARKER.search(text):
        raise ToolError(f"timed out after {timeout:.0f} s waiting for RVFW-EXIT from {what}")
    return text
