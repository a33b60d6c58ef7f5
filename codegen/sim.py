"""Simulator runners: Spike when it is on PATH, else QEMU's spike machine with exact instruction counting."""

from __future__ import annotations

import importlib.util
import os
import re
import select
import shutil
import signal
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from elftools.elf.elffile import ELFFile

from .boards import Board
from .errors import RvfwError, ToolError

SPIKE_DRAM_BASE = 0x80000000


@dataclass
class SimResult:
    runner: str
    command: list[str]
    exit_code: int
    console: str
    # From an instruction trace (user-mode simulators): per layer, and from the first layer's start
    # to the last layer's end. None when not counted.
    layer_instret: list[int] | None = None
    total_instret: int | None = None


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


def run_elf(elf: Path, board: Board, timeout: float = 300.0, vlen: int | None = None, count: bool = False) -> SimResult:
    """Run an image; vlen overrides the board's VLEN (the kernels are VLEN-agnostic). count: under a
    user-mode simulator, count instructions from a trace (slower) since there is no instret to read."""
    if board.simulator is None:
        raise RvfwError(f"board {board.name} has no simulator: build it and flash it instead")
    if board.user_mode_simulator:
        if board.console != "linux":
            raise RvfwError(f"board {board.name}: its simulator runs user-mode images: build with for_simulator")
        return run_linux_user(elf, board, timeout, count)
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


def xuantie_qemu() -> str | None:
    """T-Head's qemu-riscv64 (PyPI xuantie-qemu, installed by `make setup`), or $RVFW_XUANTIE_QEMU."""
    if os.environ.get("RVFW_XUANTIE_QEMU"):
        return os.environ["RVFW_XUANTIE_QEMU"]
    spec = importlib.util.find_spec("qemu")
    for location in (spec.submodule_search_locations or []) if spec else []:
        binary = Path(location) / "qemu-riscv64"
        if binary.is_file():
            if not os.access(binary, os.X_OK):
                binary.chmod(binary.stat().st_mode | 0o111)  # some pip versions drop the wheel's mode
            return str(binary)
    return None


def run_linux_user(elf: Path, board: Board, timeout: float, count: bool) -> SimResult:
    qemu = xuantie_qemu()
    if qemu is None:
        raise ToolError("xuantie-qemu not installed: run `make setup` (PyPI package xuantie-qemu)")
    cmd = [qemu, "-cpu", board.simulator["cpu"]]
    if count:
        cmd += ["-singlestep", "-d", "exec,nochain"]
    cmd.append(str(elf))
    runner = f"xuantie-qemu -cpu {board.simulator['cpu']}"
    with tempfile.TemporaryFile() as out:
        try:
            proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.PIPE if count else subprocess.DEVNULL,
                                    stdin=subprocess.DEVNULL)  # fmt: skip
            layers, total = _count_trace(proc.stderr, elf) if count else (None, None)
            exit_code = proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            proc.kill()
            raise ToolError(f"{runner} timed out after {timeout:.0f} s running {elf}") from None
        out.seek(0)
        console = out.read().decode("utf-8", "replace")
    if exit_code < 0:
        console += f"\nRVFW-TRAP {signal.Signals(-exit_code).name} (killed by the simulator)\n"
    return SimResult(runner, cmd, exit_code, console, layers, total)


def _count_trace(stream, elf: Path) -> tuple[list[int], int]:
    """Instructions per layer from a one-instruction-per-block exec trace, split at the layer markers."""
    begin, end = (f"{_symbol(elf, name):016x}" for name in ("rvfw_layer_begin_mark", "rvfw_layer_end_mark"))
    layers: list[int] = []
    executed = start = first = last = 0
    for line in stream:
        if not line.startswith(b"Trace"):
            continue
        executed += 1
        pc = line.split(b"/", 2)[1].decode()
        if pc == begin:
            start = executed
            first = first or executed
        elif pc == end:
            layers.append(executed - start)
            last = executed
    return layers, last - first


def _symbol(elf: Path, name: str) -> int:
    with open(elf, "rb") as fh:
        symtab = ELFFile(fh).get_section_by_name(".symtab")
        symbols = symtab.get_symbol_by_name(name) if symtab else None
    if not symbols:
        raise ToolError(f"{elf.name}: no symbol {name} to count layers by")
    return symbols[0]["st_value"]
