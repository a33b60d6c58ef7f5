"""The cross compiler: riscv64-unknown-elf-gcc with picolibc, driven with flags from the board."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from .boards import Board
from .errors import ToolError
from .paths import FIRMWARE_DIR

GCC = "riscv64-unknown-elf-gcc"
CFLAGS = ("-O2", "-g", "-Wall", "-Wextra", "-Wno-unused-parameter", "-ffunction-sections", "-fdata-sections")
RUNTIME_SOURCES = ("runtime/start.S", "runtime/crt.c", "runtime/console.c", "runtime/trap.c")
CONSOLE_SOURCES = {"htif": "runtime/htif.c", "none": "runtime/console_none.c"}


def firmware_sources(board: Board, kernels: set[str]) -> list[Path]:
    """Runtime for the board plus exactly the kernels the model calls."""
    names = [*RUNTIME_SOURCES, CONSOLE_SOURCES[board.console], *(f"kernels/{k}.c" for k in sorted(kernels))]
    return [FIRMWARE_DIR / n for n in names]


def _gcc() -> str:
    gcc = shutil.which(GCC)
    if gcc is None:
        raise ToolError(f"{GCC} not found: run `make setup` (Debian package gcc-riscv64-unknown-elf)")
    return gcc


def compile_objects(
    board: Board, sources: list[Path], include_dirs: list[Path], obj_dir: Path, defines: tuple[str, ...] = ()
) -> list[Path]:
    gcc = _gcc()
    obj_dir.mkdir(parents=True, exist_ok=True)
    objects = []
    for src in sources:
        obj = obj_dir / (src.stem + ".o")
        cmd = [
            gcc,
            "--specs=picolibc.specs",
            f"-march={board.march}",
            f"-mabi={board.mabi}",
            "-mcmodel=medany",
            *CFLAGS,
        ]
        cmd += [f"-D{d}" for d in defines] + [f"-I{d}" for d in include_dirs] + ["-c", str(src), "-o", str(obj)]
        _run(cmd, f"compiling {src.name}", obj_dir)
        objects.append(obj)
    return objects


def link(board: Board, objects: list[Path], linker_script: Path, elf: Path) -> None:
    cmd = [_gcc(), "--specs=picolibc.specs", f"-march={board.link_march}", f"-mabi={board.mabi}", "-mcmodel=medany"]
    cmd += ["-nostartfiles", "-T", str(linker_script), "-Wl,--gc-sections", "-Wl,--no-warn-rwx-segments"]
    cmd += [f"-Wl,-Map={elf.with_suffix('.map')}", *map(str, objects), "-lm", "-o", str(elf)]
    _run(cmd, "linking", elf.parent)


class RegionOverflow(ToolError):
    """The linker could not fit the sections into the board's regions."""


def _run(cmd: list[str], what: str, log_dir: Path) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0 and ("overflowed by" in proc.stderr or "will not fit in region" in proc.stderr):
        raise RegionOverflow(f"{what}: image does not fit the board's memory regions")
    if proc.returncode != 0:
        log = log_dir / "compiler.log"
        log.write_text(" ".join(cmd) + "\n" + proc.stdout + proc.stderr)
        first = next((line for line in proc.stderr.splitlines() if "error" in line), proc.stderr.strip()[:200])
        raise ToolError(f"{what} failed: {first.strip()}")
