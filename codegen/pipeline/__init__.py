"""The pipeline for one model, top to bottom, each stage over the artifact of the one before:

    load (.tflite -> Graph, parsed and checked once)                               pipeline.loading
    -> passes (PASSES, per memory option) -> plan (MemoryPlan; each option planned at most once,
       the memory mode chosen from the board's budget before anything is emitted)  pipeline.memory
    -> lower (layers + constants) -> emit (sources) -> build (image + size report) pipeline.image
    -> run (console -> outputs) -> compare (golden)                                pipeline.verify

A multi-model image (codegen.app) runs load ... lower per model, then the same emit (through
image_sources), build, run and console stages."""

from __future__ import annotations

from codegen.pipeline.image import (
    OPTIMIZE,
    Build,
    ImageModel,
    build,
    build_planned,
    default_out_dir,
    default_steps,
    estimate_sizes,
    estimate_table,
    image_sources,
    model_sources,
    resolve_steps,
    step_inputs,
)
from codegen.pipeline.loading import Compression, Log, compress_tt, load
from codegen.pipeline.memory import (
    KERNEL_SETS,
    MEMORY_MODES,
    PLANNED_MODES,
    MemoryOptions,
    Planned,
    arena_budget,
    choose_memory,
    choose_plan,
    kernel_set_for,
    lower,
    needs_table,
    plan_option,
    prepare,
)
from codegen.pipeline.options import (
    DEFAULTS,
    BuildOptions,
    ExportFormat,
    IoMode,
    KernelSet,
    MemoryMode,
    Optimize,
)
from codegen.pipeline.verify import Run, check, check_writes, compare, compare_layers, run

__all__ = [
    "DEFAULTS",
    "BuildOptions",
    "ExportFormat",
    "IoMode",
    "KernelSet",
    "MemoryMode",
    "Optimize",
    "KERNEL_SETS",
    "MEMORY_MODES",
    "OPTIMIZE",
    "PLANNED_MODES",
    "Build",
    "Compression",
    "ImageModel",
    "Log",
    "MemoryOptions",
    "Planned",
    "Run",
    "arena_budget",
    "build",
    "build_planned",
    "check",
    "check_writes",
    "choose_memory",
    "choose_plan",
    "compare",
    "compare_layers",
    "compress_tt",
    "default_out_dir",
    "default_steps",
    "estimate_sizes",
    "estimate_table",
    "image_sources",
    "kernel_set_for",
    "lower",
    "load",
    "model_sources",
    "needs_table",
    "plan_option",
    "prepare",
    "resolve_steps",
    "run",
    "step_inputs",
]
