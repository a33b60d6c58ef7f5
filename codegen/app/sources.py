"""The sources of a multi-model image: every model's C file, the partition table and dispatcher
data, the harness, the linker script with its PMP-guarded sections (and, where the board's PMP
has room, each model's own code and constant ranges)."""

from __future__ import annotations

import numpy as np

from codegen import emit
from codegen.app import admission
from codegen.app.builds import ModelBuild
from codegen.app.hooks import NO_HOOKS, Hooks
from codegen.app.layout import layout, model_data, partition_sections
from codegen.app.manifest import App
from codegen.boards import Board
from codegen.build import firmware, toolchain
from codegen.choices import Optimize
from codegen.escape import ld_pattern
from codegen.ir import DType
from codegen.paths import FIRMWARE_DIR
from codegen.pipeline import ImageModel, Log, image_sources


def app_sources(app: App, board: Board, admitted: admission.Admission, models: list[ModelBuild],
                hooks: Hooks = NO_HOOKS, log: Log = print,
                optimize: Optimize = Optimize.SPEED) -> firmware.Sources:  # fmt: skip
    """The image's sources: every model, the partition table and dispatcher data, the harness."""
    placed = layout(admitted, models, board)
    if placed["isolated"]:
        log(f"PMP: each model reaches only its own code and constants, the kernels and its memory "
            f"({board.pmp_entries} entries)")  # fmt: skip
    else:
        log(f"PMP: board {board.name}'s {board.pmp_entries} entries leave no room for per-model code ranges: "
            "the models share one code range (read/execute) and one of constants (read)")  # fmt: skip
    banner = emit.app_banner(app, board)
    harness_files: dict[str, str] = {}
    extra_flags: dict[str, list[str]] = {}
    for mb in models:
        hook_files, hook_flags = hooks.fault_files(mb, models, placed, banner)
        harness_files.update(hook_files)
        extra_flags.update(hook_flags)
    harness = [_harness_data(mb, k) for k, mb in enumerate(models)]
    harness_files["app.c"] = emit.render_app(banner, [model_data(mb, placed) for mb in models], placed)
    harness_files["main.c"] = emit.render_app_harness(banner, harness, hooks.preempting(harness, models, board))
    runtime = [FIRMWARE_DIR / "runtime" / "dispatch.c", *toolchain.USER_MODE_SOURCES]
    if board.clint is not None:
        runtime.append(FIRMWARE_DIR / "runtime" / "clint.c")
    isolation = None
    if placed["isolated"]:
        # Objects are matched by file: the kernels' (one .o per kernel) and the C library's and
        # libgcc's members (memcpy, soft-float) are what every model may run.
        kernels = sorted({k for mb in models for lay in mb.layers for k in lay.kernels})
        shared = [ld_pattern(p) for p in [f"*/obj/{k}.o" for k in kernels] + ["*libc.a:*", "*libgcc.a:*"]]
        own = [{"name": mb.entry.name, "file": ld_pattern(f"*/obj/{mb.graph.name}.o")} for mb in models]
        isolation = {"shared": shared, "models": own}
    script = emit.render_linker_script(
        models[0].graph, board, partitions=partition_sections(placed), banner=banner, isolation=isolation
    )
    image = [ImageModel(mb.graph, mb.plan, mb.layers, mb.constants) for mb in models]
    return image_sources(board, image, harness_files, script, runtime, extra_flags=extra_flags, optimize=optimize)


def _harness_data(mb: ModelBuild, index: int) -> dict:
    g = mb.graph
    inp, out = g.tensors[g.inputs[0]], g.tensors[g.outputs[0]]
    storage = "uint32_t" if inp.dtype is DType.FLOAT32 else inp.dtype.c_type

    def lines(values: np.ndarray) -> list[str]:
        values = np.asarray(values, dtype=np.float32).view(np.uint32) if inp.dtype is DType.FLOAT32 else values
        return emit.value_lines(values)

    instances = mb.entry.instances
    more = [{"step": k // instances, "instance": k % instances, "lines": lines(mb.inputs[k])}
            for k in range(1, len(mb.inputs))]  # fmt: skip
    return {
        "index": index,
        "instances": instances,
        "more_runs": more,
        "name": mb.entry.name,
        "NAME": mb.entry.name.upper(),
        "priority": mb.entry.priority,
        "input_type": storage,
        "input_count": inp.num_elements,
        "input_lines": lines(mb.inputs[0]),
        "output_type": "uint32_t" if out.dtype is DType.FLOAT32 else out.dtype.c_type,
        "output_count": out.num_elements,
        "print_as": "f32bits" if out.dtype is DType.FLOAT32 else "int",
    }
