"""Cycle-accurate runs on the RTL of real MCU cores: lowRISC Ibex in its simple system and OpenHW
CV32E40P in its example test bench, each Verilated once per configuration and cached.

The RTL comes from PyPI (`pythondata-cpu-ibex`, `pythondata-cpu-cv32e40p`: the cores' own
repositories, test benches included), Verilator from Debian. The few changes today's tools need
are patches kept beside the board files (boards/rtl/<core>/*.patch), applied to a copy:
- Ibex is built by FuseSoC, whose upstream release passes its primitive generator no list of cores
  (only lowRISC's fork does), so the generator reads the generic primitives' core files itself and
  the system depends on them directly.
- CV32E40P's test bench still names the core's parameters PULP_XPULP/PULP_CLUSTER (now COREV_*),
  and Verilator 5.006 refuses four constant `assign`s to registers also written in `always_ff`.

A build is keyed by everything that makes it: the core, the RTL package's version, Verilator's,
the patches, the board's parameters and this recipe's version. It lives in
$RVFW_RTL_CACHE (default ~/.cache/rvfw/rtl)/<core>-<key>/, made in a temporary folder and renamed
into place, under a lock, so parallel first uses build it once.

A run loads the very ELF `rvfw build` links, the console is the bench's character port (Ibex's
simulator control writes it to a log file, CV32E40P's bench to stdout), and the image ends the
simulation through its halt register after printing RVFW-EXIT."""

from __future__ import annotations

import fcntl
import hashlib
import importlib.metadata
import importlib.util
import os
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

from codegen.boards.board import Board
from codegen.errors import RvfwError, ToolError, install_hint
from codegen.paths import BOARDS_DIR

RECIPE_VERSION = "1"  # bump when a build below changes in a way the key would not see
_EXIT = re.compile(r"RVFW-EXIT (-?\d+)")
_TOOL_LINES = 6  # of a failing build's own messages, shown in the error


@dataclass(frozen=True)
class Core:
    name: str
    distribution: str  # the PyPI package with the RTL
    module: str  # its import name; the RTL is in <module>/system_verilog
    binary: str  # the Verilated simulator's file name


CORES = {
    "ibex": Core("ibex", "pythondata-cpu-ibex", "pythondata_cpu_ibex", "Vibex_simple_system"),
    "cv32e40p": Core("cv32e40p", "pythondata-cpu-cv32e40p", "pythondata_cpu_cv32e40p", "Vtb_top"),
}


def cache_dir() -> Path:
    return Path(os.environ.get("RVFW_RTL_CACHE") or Path.home() / ".cache" / "rvfw" / "rtl")


def _rtl_source(core: Core) -> tuple[Path, str]:
    spec = importlib.util.find_spec(core.module)
    if spec is None or not spec.submodule_search_locations:
        raise ToolError(f"the {core.name} RTL is not installed: {install_hint(pypi=core.distribution)}")
    root = Path(next(iter(spec.submodule_search_locations))) / "system_verilog"
    if not root.is_dir():
        raise ToolError(f"the {core.name} RTL package has no system_verilog folder ({root})")
    return root, importlib.metadata.version(core.distribution)


def _verilator() -> tuple[str, str]:
    path = shutil.which("verilator")
    if path is None:
        raise ToolError(f"verilator not found: {install_hint(debian='verilator libelf-dev')}")
    version = subprocess.run([path, "--version"], capture_output=True, text=True).stdout.strip()
    return path, version


def _patches(core: Core) -> list[Path]:
    return sorted((BOARDS_DIR / "rtl" / core.name).glob("*.patch"))


def _parameters(board: Board) -> list[tuple[str, str]]:
    return sorted((name, str(value)) for name, value in board.rtl["parameters"].items())


def build_key(board: Board) -> tuple[Core, str]:
    core = CORES[board.rtl["core"]]
    _root, version = _rtl_source(core)
    _path, verilator = _verilator()
    h = hashlib.sha256()
    for part in (RECIPE_VERSION, core.name, version, verilator, repr(_parameters(board))):
        h.update(part.encode() + b"\0")
    for patch in _patches(core):
        h.update(patch.name.encode() + b"\0" + patch.read_bytes() + b"\0")
    return core, h.hexdigest()[:16]


def simulator(board: Board, log=None) -> Path:
    """The Verilated simulator of the board's core and configuration, built on first use."""
    core, key = build_key(board)
    home = cache_dir() / f"{core.name}-{key}"
    binary = home / core.binary
    if binary.is_file():
        return binary
    cache_dir().mkdir(parents=True, exist_ok=True)
    with open(cache_dir() / f".{core.name}-{key}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if binary.is_file():  # another process built it while this one waited
            return binary
        if log is not None:
            log(f"building the {core.name} RTL simulator for board {board.name} (Verilator, once: ~1 min)")
        work = Path(tempfile.mkdtemp(prefix=f".{core.name}-", dir=cache_dir()))
        try:
            built = _BUILDERS[core.name](board, core, work)
            staged = work / "result"
            staged.mkdir()
            shutil.copy2(built, staged / core.binary)
            (staged / "KEY").write_text(f"{core.name} {key}\n")
            if home.exists():
                shutil.rmtree(home)
            staged.rename(home)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    return binary


def _patched_copy(core: Core, work: Path) -> Path:
    root, _version = _rtl_source(core)
    src = work / "src"
    shutil.copytree(root, src, symlinks=True)
    for patch in _patches(core):
        _tool(["patch", "-p1", "-s", "-i", str(patch)], src, f"patching the {core.name} RTL with {patch.name}")
    return src


def _tool(cmd: list[str], cwd: Path, what: str, env: dict | None = None) -> None:
    if shutil.which(cmd[0]) is None and not Path(cmd[0]).is_file():
        raise ToolError(f"{what}: {cmd[0]} not found: {install_hint(debian='verilator libelf-dev', pypi='fusesoc')}")
    proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env=env, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        lines = [line.strip() for line in (proc.stdout + proc.stderr).splitlines() if "rror" in line]
        said = " | ".join(lines[-_TOOL_LINES:]) or (proc.stderr or proc.stdout).strip()[-400:]
        raise ToolError(f"{what} failed (exit {proc.returncode}): {said}")


def _build_ibex(board: Board, core: Core, work: Path) -> Path:
    """FuseSoC's sim target of Ibex's simple system (Verilator), with the board's parameters."""
    src = _patched_copy(core, work)
    fusesoc = Path(sys.executable).with_name("fusesoc")
    if not fusesoc.is_file():
        fusesoc = Path(shutil.which("fusesoc") or "fusesoc")
    # The primitive generator runs as `python3`: the one with mako and yaml, this interpreter's.
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    params = [f"--{name}={value}" for name, value in _parameters(board)]
    cmd = [str(fusesoc), "--cores-root=.", "run", "--target=sim", "--setup", "--build",
           f"--build-root={work / 'out'}", "lowrisc:ibex:ibex_simple_system", *params]  # fmt: skip
    _tool(cmd, src, f"building the {core.name} simulator (FuseSoC, Verilator)", env)
    found = sorted((work / "out").rglob(core.binary))
    if not found:
        raise ToolError(f"building the {core.name} simulator: FuseSoC made no {core.binary}")
    return found[0]


_CV32E40P_BENCH = ("include/perturbation_pkg.sv", "tb_top.sv", "cv32e40p_tb_subsystem.sv", "mm_ram.sv",
                   "dp_ram.sv", "riscv_gnt_stall.sv", "riscv_rvalid_stall.sv", "amo_shim.sv",
                   "cv32e40p_random_interrupt_generator.sv")  # fmt: skip


def _build_cv32e40p(board: Board, core: Core, work: Path) -> Path:
    """The core's manifest and its example test bench, as one Verilator binary (--binary --timing)."""
    src = _patched_copy(core, work)
    verilator, _version = _verilator()
    bench = src / "example_tb" / "core"
    params = [f"-G{name}={value}" for name, value in _parameters(board)]
    cmd = [verilator, "--binary", "--timing", "-O3", "--x-assign", "fast", "--x-initial", "fast", "--noassert",
           "-Wno-fatal", "-Wno-lint", "-Wno-style", "-Wno-UNOPTFLAT", "-Wno-MULTIDRIVEN", "--top-module", "tb_top",
           *params, "-f", "cv32e40p_manifest.flist", *(str(bench / f) for f in _CV32E40P_BENCH),
           "--Mdir", str(work / "obj"), "-j", str(max(1, min(4, os.cpu_count() or 1))),
           "-CFLAGS", "-O2"]  # fmt: skip
    env = {**os.environ, "DESIGN_RTL_DIR": str(src / "rtl")}
    _tool(cmd, src, f"building the {core.name} simulator (Verilator)", env)
    return work / "obj" / core.binary


_BUILDERS = {"ibex": _build_ibex, "cv32e40p": _build_cv32e40p}


@dataclass
class RtlRun:
    console: str
    exit_code: int
    command: list[str]


def run_image(elf: Path, board: Board, timeout: float, log=None) -> RtlRun:
    """Run the image on the board's core until it halts (it prints RVFW-EXIT first)."""
    binary = simulator(board, log)
    core = CORES[board.rtl["core"]]
    elf = elf.resolve()  # the simulator runs in a folder of its own
    with tempfile.TemporaryDirectory(prefix="rvfw-rtl-") as tmp:
        cwd = Path(tmp)
        if core.name == "ibex":
            cmd = [str(binary), f"--meminit=ram,{elf}"]
        else:
            image = cwd / "image.hex"
            _tool(["riscv64-unknown-elf-objcopy", "-O", "verilog", str(elf), str(image)], cwd,
                  "making the test bench's memory image")  # fmt: skip
            cmd = [str(binary), f"+firmware={image}"]
        try:
            proc = subprocess.run(cmd, cwd=cwd, capture_output=True, timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as exc:
            from codegen.run.sim import SimTimeout

            console = _console(core, cwd, exc.stdout or b"")
            raise SimTimeout(f"the {core.name} RTL timed out after {timeout:g} s running {elf} "
                             "(it simulates about half a million cycles per second)", console) from None  # fmt: skip
        console = _console(core, cwd, proc.stdout)
    match = _EXIT.search(console)
    if match is None and "RVFW-TRAP" not in console:
        said = " | ".join(proc.stderr.decode(errors="replace").strip().splitlines()[-3:]) or "no message"
        raise ToolError(f"the {core.name} RTL simulation ended without RVFW-EXIT (exit {proc.returncode}): {said}")
    return RtlRun(console, int(match.group(1)) if match else 3, cmd)


def _console(core: Core, cwd: Path, stdout: bytes) -> str:
    if core.name == "ibex":  # simulator_ctrl writes the characters to a log file in the working folder
        log = cwd / "ibex_simple_system.log"
        return log.read_bytes().decode("utf-8", "replace") if log.is_file() else ""
    return stdout.decode("utf-8", "replace")


def describe(board: Board) -> str:
    if board.rtl is None:
        raise RvfwError(f"board {board.name} has no RTL")
    return f"{board.rtl['core']} RTL (Verilator)"
