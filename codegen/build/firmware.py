"""Sources to a checked image, the same for one model and for several: write the generated files,
compile them with the runtime and exactly the kernels they call, link with the board's script,
measure what the linker placed, write the flashable image."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from codegen.boards import Board
from codegen.build import image, size, toolchain
from codegen.errors import BudgetError
from codegen.paths import FIRMWARE_DIR

# The generated harness (one model's or an application's): outside the inference, compiled for size.
HARNESS_FILES = ("main.c",)


@dataclass
class Sources:
    """What to compile: generated files (name -> text), which of them are C, the runtime's extra
    files, the kernels called, and per-file flags (e.g. a test hook forced into one model)."""

    files: dict[str, str]
    c_files: list[str]
    linker_script: str
    kernels: set[str]
    runtime: list[Path] = field(default_factory=list)
    defines: tuple[str, ...] = ()
    extra_flags: dict[str, list[str]] = field(default_factory=dict)
    cold_kernels: set[str] = field(default_factory=set)  # compiled for size (ops.common.cold_kernels)
    all_for_size: bool = False  # --optimize size: every source compiled for size


def build_image(
    board: Board,
    sources: Sources,
    staging: Path,
    what: str,
    log: Callable[[str], None],
    unbounded_script: Callable[[], str] | None = None,
) -> tuple[Path, size.SizeReport]:
    """Compile, link once, measure. Over budget raises BudgetError with the size report; when the
    bounded link fails, `unbounded_script` (stretched regions) is linked only to measure by how
    much, and that ELF is never the image."""
    gen = staging / "gen"
    gen.mkdir(parents=True, exist_ok=True)
    for name, text in sources.files.items():
        (gen / name).write_text(text)
    (gen / "link.ld").write_text(sources.linker_script)
    c_files = [gen / name for name in sources.c_files]
    c_files += [*toolchain.firmware_sources(board, sources.kernels), *sources.runtime]
    for_size = toolchain.size_sources(board, sources.cold_kernels, sources.runtime, HARNESS_FILES)
    if sources.all_for_size:
        for_size = frozenset(p.name for p in c_files)
    objects = toolchain.compile_objects(
        board, c_files, [gen, FIRMWARE_DIR / "include"], staging / "obj", sources.defines, sources.extra_flags,
        for_size,
    )  # fmt: skip
    elf = staging / "firmware.elf"
    overflow = False
    try:
        toolchain.link(board, objects, gen / "link.ld", elf)
    except toolchain.RegionOverflow:
        if unbounded_script is None:
            raise
        overflow = True
        (gen / "link-unbounded.ld").write_text(unbounded_script())
        elf = staging / "firmware-unbounded.elf"
        toolchain.link(board, objects, gen / "link-unbounded.ld", elf)
    report = size.measure(elf, board, link_overflow=overflow)
    log(size.format_table(report))
    if not report.ok:
        raise BudgetError(f"{what} does not fit board {board.name}: {size.over_budget(report)}", report.to_json())
    image.write_image(elf, board)
    return elf, report
