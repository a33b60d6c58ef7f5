"""`rvfw export --app`: a multi-model application for the user's firmware. The models, the
dispatcher (rvfw_run, rvfw_submit/rvfw_dispatch) with its U-mode entry and PMP set-up, the
partition table, and the partitions as a linker-script fragment; the firmware keeps its own
start-up, console and linker script, and supplies the three hooks the README names."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

import numpy as np

import codegen
from codegen import emit, pipeline
from codegen.app import pipeline as app_pipeline
from codegen.app.builds import ModelBuild
from codegen.app.layout import layout, model_data, partition_sections
from codegen.app.manifest import load_app
from codegen.boards import Board
from codegen.build.staging import check_out_dir, staged
from codegen.check.reference import golden_outputs
from codegen.export.model import io_tensors
from codegen.export.package import Package, check_format, copy_firmware, flags, for_size, write_format
from codegen.ops import cold_kernels
from codegen.paths import BUILD_DIR, FIRMWARE_DIR, kernel_source
from codegen.pipeline import Log

RUNTIME = ("dispatch.c", "console.c", "user.S", "app_port.S")


@dataclass
class AppExport:
    name: str
    board: Board
    models: list[ModelBuild]
    kernels: list[str]
    out_dir: Path
    fmt: str


def export_app(
    manifest: str | Path,
    board_name: str | None = None,
    out_dir: Path | None = None,
    options: pipeline.BuildOptions = pipeline.DEFAULTS,
    log: Log = print,
) -> AppExport:
    """The application's models for the user's firmware (options: format, kernels, planner,
    optimize, selftest and its seed)."""
    fmt, kernels, planner = options.format.value, options.kernels, options.planner
    optimize, selftest, seed = options.optimize, options.selftest, options.seed
    app = load_app(manifest)
    board, admitted, models = app_pipeline.prepare(app, board_name, 0, planner, log, kernels)
    check_format(fmt, board)
    placed = layout(admitted, models, board, isolate=False)  # the user's linker script
    banner = {**emit.app_banner(app, board), "regenerate": "rvfw export"}
    data = [model_data(mb, placed) for mb in models]
    generated: dict[str, str] = {}
    for mb in models:
        generated.update(emit.render_model(mb.graph, board, mb.plan, mb.layers, mb.constants, standalone=False,
                                           exported=True))  # fmt: skip
    used = sorted({k for mb in models for lay in mb.layers for k in lay.kernels})
    runtime = list(RUNTIME) + (["clint.c"] if board.clint is not None else [])
    name = f"rvfw_app_{app.name}"
    out_dir = check_out_dir(Path(out_dir) if out_dir else BUILD_DIR / "export" / f"app-{app.name}-{board.name}")
    result = AppExport(app.name, board, models, used, out_dir, fmt)
    with staged(out_dir, [app.source, board.source_file, *(m.model for m in app.models)]) as staging:
        for d in ("include", "src", "ld"):
            (staging / d).mkdir()
        for mb in models:
            m = mb.graph.name
            (staging / "include" / f"{m}.h").write_text(generated[f"{m}.h"])
            (staging / "src" / f"{m}.c").write_text(generated[f"{m}.c"])
        tests = [_selftest(k, mb, seed) for k, mb in enumerate(models)] if selftest else None
        app_c = emit.render_app(banner, data, placed, tests)
        (staging / "src" / "app.c").write_text(app_c)
        (staging / "include" / "rvfw_app_models.h").write_text(emit.render_app_models_header(banner, data, selftest))
        if board.clint is not None:
            (staging / "include" / "rvfw_platform.h").write_text(emit.render_platform_header(models[0].graph, board))
        fragment = emit.render_partitions_fragment(banner, partition_sections(placed),
                                                   board.pmp_granularity)  # fmt: skip
        (staging / "ld" / "rvfw_partitions.ld").write_text(fragment)
        sources = [kernel_source(k) for k in used]
        sources += [FIRMWARE_DIR / "runtime" / r for r in runtime]
        copied = copy_firmware(staging, sources, [app_c, *generated.values()])
        own = [f"src/{mb.graph.name}.c" for mb in models] + ["src/app.c"]
        pkg = Package(name, board, f"rvfw application {app.name} ({len(models)} models) for {board.name}",
                      own + [s for s in copied if s.endswith(".c") and not s.endswith("_rvv.c")],
                      [s for s in copied if s.endswith("_rvv.c")], [s for s in copied if s.endswith(".S")],
                      link_dirs=("ld",), for_size=for_size(own + copied, cold_kernels([mb.layers for mb in models]),
                                                           optimize, runtime=True))  # fmt: skip
        (staging / "manifest.json").write_text(json.dumps(_manifest(result, data), indent=2) + "\n")
        (staging / "README.md").write_text(_readme(result, pkg, data))
        write_format(staging, pkg, fmt)
    log(f"exported application {app.name} ({fmt}, {len(models)} models, {len(used)} kernels) to {out_dir}")
    return result


def _selftest(index: int, mb: ModelBuild, seed: int) -> dict:
    """A model's self-test data: its steps (one, or three from a fresh state for a model with
    state) of seeded input bytes and TFLite Micro's output bytes for them."""
    g = mb.graph
    inputs = pipeline.step_inputs(g, seed, None, pipeline.default_steps(g))
    outputs = golden_outputs(g, inputs)[0]
    as_bytes = lambda a: np.frombuffer(np.ascontiguousarray(a).tobytes(), np.uint8)  # noqa: E731
    steps = [{"input_bytes": as_bytes(x).size, "input_lines": emit.value_lines(as_bytes(x)),
              "output_bytes": as_bytes(y).size, "output_lines": emit.value_lines(as_bytes(y))}
             for x, y in zip(inputs, outputs)]  # fmt: skip
    return {"index": index, "name": mb.entry.name, "model_state": mb.plan.state_size,
            "output_bytes": steps[0]["output_bytes"], "steps": steps}  # fmt: skip


def _manifest(e: AppExport, data: list[dict]) -> dict:
    models = []
    for index, (mb, d) in enumerate(zip(e.models, data)):
        g = mb.graph
        models.append({
            "index": index, "name": d["name"], "model": Path(g.source).name, "model_sha256": g.sha256,
            "priority": d["priority"], "instances": d["instances"], "arena_bytes": mb.plan.arena_size,
            "state_bytes": mb.plan.state_size, "weights_bytes": sum(c.values.nbytes for c in mb.constants),
            "partition_bytes": d["partition_size"], "stack_bytes": d["stack"],
            "inputs": io_tensors(g, g.inputs), "outputs": io_tensors(g, g.outputs),
        })  # fmt: skip
    return {"rvfw_version": codegen.__version__, "application": e.name, "board": e.board.name,
            "pmp_granularity": e.board.pmp_granularity, "kernels": e.kernels, "models": models}  # fmt: skip


def _readme(e: AppExport, pkg: Package, data: list[dict]) -> str:
    f = flags(e.board)
    first = data[0]
    lines = [
        f"# Application {e.name}: {len(data)} models for {e.board.name}, isolated by PMP (rvfw {codegen.__version__})",
        "",
        "| index | model | priority | partition bytes | input bytes | output bytes |",
        "|---|---|---|---|---|---|",
        *(
            f"| `RVFW_MODEL_{d['NAME']}` = {k} | {d['name']} | {d['priority']} | {d['partition_size']:,} | "
            f"{d['input_bytes']:,} | {d['output_bytes']:,} |"
            for k, d in enumerate(data)
        ),  # fmt: skip
        "",
        "Each model runs in U-mode with only its partition ([stack | arena]) and its state writable and",
        "the code and read-only data read/execute-only; a model that traps is reported, marked failed",
        "and never run again, and the others keep running.",
        "",
        "## C API (`rvfw_app.h`, `rvfw_app_models.h`)",
        "",
        "- `rvfw_app_init()`: once, before the first run: installs the dispatcher's trap entry in",
        "  `mtvec` and clears `mscratch`.",
        "- `rvfw_run(model, input, output)`: copies the input into the model's arena, runs one inference",
        "  under PMP, copies the output back; `RVFW_OK`, `RVFW_FAULT` (it trapped now), `RVFW_FAILED`",
        "  (it trapped before) or `RVFW_BAD_ARG`. `rvfw_run_instance(model, k, ...)` for instance k.",
        "- `rvfw_submit(model, input, output)` queues a request, `rvfw_dispatch()` runs every queued one,",
        "  highest priority (0) first; `rvfw_last_status(model)` is each one's result.",
        "- `rvfw_state(model, k)`: instance k's state (models with variables), or 0.",
        "",
        "## What your firmware provides",
        "",
        "- `void rvfw_putc(char c)`: fault reports (`RVFW-FAULT <model> mcause=... mepc=... mtval=...`).",
        "- `void rvfw_machine_trap(void)`: your M-mode trap handler, entered as a trap vector with every",
        "  register intact (`rvfw_app_init` took `mtvec`); the weak default parks the hart.",
        "- `void rvfw_interrupt(uintptr_t mcause)`: interrupts taken while a model runs (the model is",
        "  paused; you may `rvfw_run` a higher-priority one); the weak default masks that source in `mie`.",
        "- Start-up: M-mode, `gp` set, `mstatus.FS` / `mstatus.VS` on if the models use the FPU / vector",
        "  unit (RVV kernels: " + ("yes" if pkg.rvv else "no") + "), and `mscratch` left to the dispatcher.",
        "- Linker script: `ld/rvfw_partitions.ld` places the partitions. Outside SECTIONS:",
        '  `REGION_ALIAS("RVFW_PARTITIONS", RAM);` inside: `INCLUDE rvfw_partitions.ld` (link with',
        "  `-L<this folder>/ld`). `__rvfw_rx_start` and `__rvfw_x_end` around your code (models may",
        "  execute it), then your read-only data (the weights are in `.rodata.*`) up to `__rvfw_rx_end`",
        f"  (models may only read it), all aligned to {e.board.pmp_granularity} bytes.",
        "",
        "## Building",
        "",
        "Compile `src/*.c`, `rvfw/kernels/*.c` and `rvfw/runtime/*` with `-Iinclude -Irvfw/include` and",
        "",
        f"    {f['c']}",
        "",
        f"link with `{f['link']}`.",
    ]
    if pkg.rvv:
        lines += ["The `*_rvv.c` kernels need GCC >= 14 with those flags, or clang >= 17 with", "",
                  f"    {f['rvv']}"]  # fmt: skip
    if e.fmt in ("cmake", "lib"):
        lines += ["", f"With CMake: `add_subdirectory(<this folder>)`, `target_link_libraries(app PRIVATE {pkg.name})`,"
                  f" toolchain `cmake/riscv-{e.board.name}.cmake`."]  # fmt: skip
    lines += _example(first["NAME"])
    return "\n".join(lines)


def _example(NAME: str) -> list[str]:
    """The README's example: the first model run once a step, under PMP."""
    return [
        "",
        "## Example",
        "",
        "```c",
        '#include "rvfw_app_models.h"',
        "",
        f"static int8_t in[RVFW_MODEL_{NAME}_INPUT_BYTES], out[RVFW_MODEL_{NAME}_OUTPUT_BYTES];",
        "",
        "void app_start(void)",
        "{",
        "    rvfw_app_init();",
        "}",
        "",
        "int app_step(void)",
        "{",
        "    /* fill `in` */",
        f"    if (rvfw_run(RVFW_MODEL_{NAME}, in, out) != RVFW_OK)",
        "        return -1; /* the model trapped: the others still run */",
        "    /* use `out` */",
        "    return 0;",
        "}",
        "```",
        "",
    ]
