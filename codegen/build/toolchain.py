"""The cross compiler: riscv64-unknown-elf-gcc with picolibc, driven with flags from the board."""

from __future__ import annotations

import functools
import hashlib
import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

from codegen.boards.board import Board
from codegen.build import startup_check
from codegen.errors import ToolError, install_hint
from codegen.paths import CACHE_DIR, FIRMWARE_DIR, kernel_source

# Objects of the hand-written runtime and kernels, shared by every build ($RVFW_OBJECT_CACHE, or
# "off"); `make clean` removes it with build/.
OBJECT_CACHE = CACHE_DIR / ".objects"

GCC = "riscv64-unknown-elf-gcc"
# RVV intrinsics (<riscv_vector.h>, v1.0 API) need GCC >= 14 or clang >= 17; Debian 12 ships GCC 12
# for riscv64-unknown-elf, so `make setup` installs clang-19 and that compiles the *_rvv.c files.
CLANG_CANDIDATES = ("clang-19", "clang-20", "clang-18", "clang-17", "clang")
# -ffp-contract=off: float kernels repeat TFLite Micro's operations one by one (no fused multiply-add).
CFLAGS = (
    "-O2",
    "-g",
    "-Wall",
    "-Wextra",
    "-Wno-unused-parameter",
    "-ffunction-sections",
    "-fdata-sections",
    "-ffp-contract=off",
)
# Sources compiled for size instead: the runtime and harness around an inference, and the kernels
# the inference hardly spends time in (codegen.ops.common.cold_kernels). The later -O wins.
SIZE_FLAGS = ("-Os",)
RUNTIME_SOURCES = ("runtime/start.S", "runtime/crt.c", "runtime/console.c", "runtime/trap.c")
# Application images (several models, each run in U-mode) add the U-mode entry and its trap entry.
USER_MODE_SOURCES = (FIRMWARE_DIR / "runtime" / "user.S", FIRMWARE_DIR / "runtime" / "app_port.S")


def runtime_sources(board: Board) -> list[str]:
    if board.console == "linux":  # a user-mode simulator: no traps, CSRs or privilege switches of our own
        return ["runtime/start_linux.S", "runtime/crt.c", "runtime/console.c"]
    return list(RUNTIME_SOURCES)


def console_sources(board: Board) -> list[str]:
    if board.console == "linux":
        return ["runtime/console_linux.c"]
    if board.console == "uart":
        return [f"runtime/uart_{board.uart['driver']}.c", "runtime/uart_exit.c"]
    if board.console == "mmio":
        return ["runtime/console_mmio.c"]
    return ["runtime/htif.c" if board.console == "htif" else "runtime/console_none.c"]


def firmware_sources(board: Board, kernels: set[str]) -> list[Path]:
    """Runtime for the board plus exactly the kernels the model calls."""
    runtime = [FIRMWARE_DIR / n for n in (*runtime_sources(board), *console_sources(board))]
    return [*runtime, *(kernel_source(k) for k in sorted(kernels))]


def size_sources(board: Board, cold_kernels: set[str], extra: list[Path], harness: tuple[str, ...]) -> frozenset[str]:
    """The file names compiled with SIZE_FLAGS: the board's runtime and console, the extra runtime
    files, the generated harness and the cold kernels (none of them on an inference's hot path)."""
    runtime = [*runtime_sources(board), *console_sources(board)]
    return frozenset([*(Path(n).name for n in runtime), *(p.name for p in extra), *harness,
                      *(f"{k}.c" for k in cold_kernels)])  # fmt: skip


def _gcc() -> str:
    gcc = shutil.which(GCC)
    if gcc is None:
        raise ToolError(
            f"{GCC} not found: {install_hint(debian='gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf')}"
        )
    return gcc


@functools.cache
def _gcc_major() -> int:
    out = subprocess.run([_gcc(), "-dumpversion"], capture_output=True, text=True).stdout
    return int(out.split(".")[0]) if out.strip() else 0


@functools.cache
def vector_compiler() -> str:
    """The compiler for RVV intrinsics: the cross GCC when it has them, else a clang that does."""
    if _gcc_major() >= 14:
        return GCC
    for name in CLANG_CANDIDATES:
        path = shutil.which(name)
        if path:
            version = subprocess.run([path, "--version"], capture_output=True, text=True).stdout
            match = re.search(r"clang version (\d+)", version)
            if match and int(match.group(1)) >= 17:
                return path
    raise ToolError(
        f"RVV kernels need clang >= 17 or riscv64-unknown-elf-gcc >= 14: {install_hint(debian='clang-19 lld-19')}"
    )


def _with_v(march: str) -> str:
    """The same -march with RVV 1.0 (to build RVV kernels for a board without it, e.g. to show they trap)."""
    base, sep, rest = march.partition("_")
    # Zve* already names the vector subset (adding v would let the compiler use e64 on Zve32x).
    return march if "v" in base[4:] or "zve" in rest else base + "v" + sep + rest


def _is_vector_kernel(src: Path) -> bool:
    """An RVV kernel: a *_rvv.c of the kernels folder or its generated variants (never a model's
    generated file, whatever its name)."""
    folder = src.parent
    generated = (folder.name, folder.parent.name) == ("generated", "kernels")
    return src.stem.endswith("_rvv") and (folder.name == "kernels" or generated)


def _compile_command(board: Board, src: Path, for_size: bool = False) -> list[str]:
    vector = _is_vector_kernel(src)
    march = _with_v(board.march) if vector else board.march
    arch = [f"-march={march}", f"-mabi={board.mabi}", "-mcmodel=medany", *CFLAGS, *(SIZE_FLAGS if for_size else ())]
    if vector and vector_compiler() != GCC:
        target = f"--target=riscv{board.xlen}-unknown-elf"
        # DWARF 4: Debian 12's ld (binutils 2.40) crashes linking clang-19's DWARF 5 beside GCC's.
        return [vector_compiler(), target, "-ffreestanding", *arch, "-gdwarf-4"]
    return [_gcc(), "--specs=picolibc.specs", *arch]


def compile_objects(
    board: Board,
    sources: list[Path],
    include_dirs: list[Path],
    obj_dir: Path,
    defines: tuple[str, ...] = (),
    extra_flags: dict[str, list[str]] | None = None,
    for_size: frozenset[str] = frozenset(),
) -> list[Path]:
    """extra_flags: more flags for the sources of these file names (e.g. a test hook forced into one model);
    for_size: the file names compiled with SIZE_FLAGS.
    The hand-written runtime and kernels come from the object cache when nothing they see changed."""
    obj_dir.mkdir(parents=True, exist_ok=True)
    objects = []
    for src in sources:
        obj = obj_dir / (src.stem + ".o")
        defines_all = (*defines, "RVFW_LINUX_USER") if board.console == "linux" else defines
        if board.xtheadvector:
            defines_all = (*defines_all, "RVFW_XTHEADVECTOR")
        flags = _compile_command(board, src, src.name in for_size) + [f"-D{d}" for d in defines_all]
        extra = (extra_flags or {}).get(src.name, [])
        # The staging folder's name is unique to each build, the firmware folder's where rvfw is
        # installed; mapped away, the debug info (and so the ELF) is the same bytes whichever
        # command, output folder or installation built it. Not part of the cache key.
        # (-fdebug-prefix-map too: GCC hands only that one to the assembler, for start.S).
        maps = {obj_dir.parent.resolve(): ".", FIRMWARE_DIR.resolve(): "firmware"}
        reproducible = [f"-f{kind}-prefix-map={old}={new}" for old, new in maps.items() for kind in ("file", "debug")]
        cmd = [*flags, *reproducible, *(f"-I{Path(d).resolve()}" for d in include_dirs), *extra, "-c",
               str(src.resolve()), "-o", str(obj.resolve())]  # fmt: skip
        cached = _cached_object(src, flags, include_dirs) if not extra else None
        if cached is not None and cached.is_file():
            shutil.copyfile(cached, obj)
        else:
            # run in the staging folder (mapped to "."): the debug info's compilation folder is not
            # the folder rvfw was started in
            _run(cmd, f"compiling {src.name}", obj_dir, src, cwd=obj_dir.parent)
            if cached is not None:
                _store(obj, cached)
        objects.append(obj)
    return objects


def _cached_object(src: Path, flags: list[str], include_dirs: list[Path]) -> Path | None:
    """Where the object of a firmware/ source lives in the cache: keyed by the compiler and flags,
    the source, and every rvfw_*.h header in the include path (the firmware headers and the
    generated platform header; generated model files are never cached). None: not cacheable."""
    root = os.environ.get("RVFW_OBJECT_CACHE", str(OBJECT_CACHE))
    if root == "off" or FIRMWARE_DIR not in src.resolve().parents:
        return None
    key = hashlib.sha256()
    key.update(
        "\0".join(
            [*flags, "-ffile-prefix-map=<staging>=.", str(src.relative_to(FIRMWARE_DIR)), _tool_version(flags[0])]
        ).encode()
    )
    key.update(src.read_bytes())
    for directory in include_dirs:
        for header in sorted(Path(directory).glob("rvfw_*.h")):
            key.update(header.name.encode() + b"\0" + header.read_bytes())
    return Path(root) / f"{src.stem}-{key.hexdigest()[:24]}.o"


CACHE_MAX_OBJECTS = 4096  # past this, the older half goes


def _store(obj: Path, cached: Path) -> None:
    """Into the cache by rename, so concurrent builds never see half an object."""
    try:
        cached.parent.mkdir(parents=True, exist_ok=True)
        tmp = cached.with_name(f"{cached.name}.{os.getpid()}.tmp")
        shutil.copyfile(obj, tmp)
        tmp.replace(cached)
        entries = list(cached.parent.glob("*.o"))
        if len(entries) > CACHE_MAX_OBJECTS:
            entries.sort(key=lambda e: e.stat().st_mtime)
            for old in entries[: len(entries) // 2]:
                old.unlink(missing_ok=True)
    except OSError:
        pass  # a read-only or full cache only costs speed


@functools.cache
def _tool_version(compiler: str) -> str:
    return subprocess.run([compiler, "--version"], capture_output=True, text=True).stdout.split("\n", 1)[0]


def link(board: Board, objects: list[Path], linker_script: Path, elf: Path) -> None:
    cmd = [_gcc(), "--specs=picolibc.specs", f"-march={board.link_march}", f"-mabi={board.mabi}", "-mcmodel=medany"]
    cmd += ["-nostartfiles", "-T", str(linker_script), "-Wl,--gc-sections", "-Wl,--no-warn-rwx-segments"]
    cmd += [f"-Wl,-Map={elf.with_suffix('.map')}", *map(str, objects), "-lm", "-o", str(elf)]
    _run(cmd, "linking", elf.parent)
    startup_check.check_gp_set_before_use(elf)


class RegionOverflow(ToolError):
    """The linker could not fit the sections into the board's regions."""


def _run(cmd: list[str], what: str, log_dir: Path, source: Path | None = None, cwd: Path | None = None) -> None:
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=cwd)
    if proc.returncode != 0 and ("overflowed by" in proc.stderr or "will not fit in region" in proc.stderr):
        raise RegionOverflow(f"{what}: image does not fit the board's memory regions")
    if proc.returncode != 0:
        log, kept = _keep_log(cmd, proc.stdout + proc.stderr, source)
        lines = [line.strip() for line in proc.stderr.splitlines() if line.strip()]
        # The tool's own cause: the compiler's first error, or ld's line (not collect2's summary).
        cause = next((line for line in lines if ": error:" in line or "undefined reference" in line), None)
        cause = cause or next((line for line in lines if "collect2" not in line), lines[0] if lines else "no message")
        if source is not None and kept is not None:
            cause = cause.replace(str(source), str(kept))
        raise ToolError(f"{what} failed: {cause[:300]} (full log: {log})")


def _keep_log(cmd: list[str], output: str, source: Path | None) -> tuple[Path, Path | None]:
    """The command and its output, and a copy of the failing source, where they outlive the
    staging directory (which goes with the failed build)."""
    keep = Path(os.environ.get("RVFW_LOG_DIR", Path(tempfile.gettempdir()) / "rvfw-logs"))
    keep = keep / f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}"
    keep.mkdir(parents=True, exist_ok=True)
    kept = None
    if source is not None and source.is_file():
        kept = keep / source.name
        shutil.copyfile(source, kept)
    log = keep / "tool.log"
    log.write_text(" ".join(cmd) + "\n" + output)
    return log, kept
