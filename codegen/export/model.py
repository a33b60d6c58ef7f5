"""`rvfw export --model`: one model as sources for the user's firmware and build system."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, replace
from pathlib import Path

import codegen
from codegen import emit, pipeline
from codegen.boards import Board, load_board
from codegen.build.staging import check_out_dir, staged
from codegen.check.reference import golden_outputs
from codegen.choices import KernelSet
from codegen.errors import BudgetError, RvfwError
from codegen.escape import line_comment
from codegen.export.package import Package, check_format, copy_firmware, flags, for_size, write_format
from codegen.ir import DType, Graph
from codegen.memplan import MemoryPlan
from codegen.ops import cold_kernels
from codegen.paths import BUILD_DIR, kernel_source

C_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
C_TYPES = {DType.INT8: "int8_t", DType.INT16: "int16_t", DType.INT32: "int32_t", DType.UINT8: "uint8_t",
           DType.FLOAT32: "float"}  # fmt: skip


@dataclass
class Export:
    graph: Graph
    board: Board
    plan: MemoryPlan
    kernels: list[str]
    out_dir: Path
    fmt: str
    weights_bytes: int = 0


def export(
    model: str | Path,
    board_name: str,
    out_dir: Path | None = None,
    options: pipeline.BuildOptions = pipeline.DEFAULTS,
    log: pipeline.Log = print,
) -> Export:
    """Checked and planned exactly as `rvfw build` (same one-line errors, same budget refusal);
    the folder appears whole or not at all. options.format: what to write; options.names: the C
    name of the model (its symbols' prefix), by default made from the file name; options.selftest:
    embed <model>_selftest(), whose input comes from the seed, --input files and steps and whose
    expected outputs are TFLite Micro's, computed now."""
    return export_models([model], board_name, out_dir, options, log)[0]


@dataclass
class _Lowered:
    graph: Graph
    plan: MemoryPlan
    mode: str
    kernel_set: str
    layers: list
    files: dict[str, str]
    used: list[str]
    weights_bytes: int


def _lower(model, board: Board, o: pipeline.BuildOptions, log, name) -> _Lowered:
    kernel_set = pipeline.kernel_set_for(board, o.kernels)
    graph = pipeline.load(model, board, None, log, o.io)
    if name is not None:
        graph = replace(graph, name=name)
    _options, planned = pipeline.choose_plan(graph, board, o.planner, o.memory, kernel_set, log)
    graph, plan = planned.graph, planned.plan
    layers, constants = pipeline.lower(planned, board, kernel_set, o.optimize)
    estimate = pipeline.estimate_sizes(board, plan, constants)
    if not estimate["ok"]:
        log(pipeline.estimate_table(estimate))
        raise BudgetError(f"{Path(graph.source).name} does not fit board {board.name} (from the plan)", estimate)
    used = sorted({k for layer in layers for k in layer.kernels})
    files = emit.render_model(graph, board, plan, layers, constants, standalone=True, exported=True,
                              selftest=_selftest(graph, *o.inputs_from) if o.selftest else None)  # fmt: skip
    return _Lowered(graph, plan, planned.mode, kernel_set, layers, files, used, sum(c.values.nbytes for c in constants))


def export_models(
    models: list[str | Path],
    board_name: str,
    out_dir: Path | None = None,
    options: pipeline.BuildOptions = pipeline.DEFAULTS,
    log: pipeline.Log = print,
) -> list[Export]:
    """`rvfw export --model a.tflite --model b.tflite`: several models in one folder for one firmware,
    without partitions (an application's isolation is `--app`): one header and source per model,
    one copy of the kernels they use together, one build-system target. Each model keeps its own
    static arena and self-test."""
    names, fmt = options.names, options.format.value
    for name in names or []:
        if not C_NAME.fullmatch(name):
            raise RvfwError(f"--name '{name}': the model's C name must be a C identifier ([A-Za-z_][A-Za-z0-9_]*)")
    if names and len(names) != len(models):
        raise RvfwError(f"{len(names)} --name for {len(models)} models: name each model or none")
    if len(models) > 1 and options.inputs:
        raise RvfwError("--input with several models: each model's self-test takes its seeded input (--seed)")
    board = load_board(board_name)
    check_format(fmt, board)
    lowered = [_lower(m, board, options, log, names[k] if names else None) for k, m in enumerate(models)]
    seen = [lo.graph.name for lo in lowered]
    twice = sorted({n for n in seen if seen.count(n) > 1})
    if twice:
        raise RvfwError(f"two models are named {twice[0]}: give each its own --name")
    first = lowered[0].graph
    default = f"{first.name}-{board.name}" if len(lowered) == 1 else f"models-{board.name}"
    out_dir = check_out_dir(Path(out_dir) if out_dir else BUILD_DIR / "export" / default)
    used = sorted({k for lo in lowered for k in lo.used})
    results = [Export(lo.graph, board, lo.plan, lo.used, out_dir, fmt, lo.weights_bytes) for lo in lowered]
    with staged(out_dir, [*(lo.graph.source for lo in lowered), board.source_file]) as staging:
        (staging / "include").mkdir()
        (staging / "src").mkdir()
        own = []
        for lo in lowered:
            g = lo.graph
            (staging / "include" / f"{g.name}.h").write_text(lo.files[f"{g.name}.h"])
            (staging / "src" / f"{g.name}.c").write_text(lo.files[f"{g.name}.c"])
            own.append(f"src/{g.name}.c")
        kernel_files = [kernel_source(k) for k in used]
        copied = copy_firmware(staging, kernel_files, [text for lo in lowered for text in lo.files.values()])
        target = first.name if len(lowered) == 1 else "rvfw_models"
        what = f"{first.name} ({Path(first.source).name})" if len(lowered) == 1 else \
            f"{len(lowered)} models ({', '.join(lo.graph.name for lo in lowered)})"  # fmt: skip
        pkg = Package(target, board, f"rvfw model {what} for {board.name}",
                      own + [s for s in copied if not s.endswith("_rvv.c")],
                      [s for s in copied if s.endswith("_rvv.c")],
                      for_size=for_size([*own, *copied], cold_kernels([lo.layers for lo in lowered]),
                                        options.optimize))  # fmt: skip
        manifests = [_manifest(e, lo.kernel_set, lo.mode) for e, lo in zip(results, lowered)]
        manifest = manifests[0] if len(manifests) == 1 else {"rvfw_version": codegen.__version__, "board": board.name,
                                                              "kernels": used, "models": manifests}  # fmt: skip
        (staging / "manifest.json").write_text(json.dumps(manifest, indent=2) + "\n")
        readme = "\n".join(_readme(e, pkg, lo.kernel_set) for e, lo in zip(results, lowered))
        (staging / "README.md").write_text(readme)
        write_format(staging, pkg, fmt)
    for e in results:
        log(f"exported {e.graph.name} ({fmt}, {len(e.kernels)} kernels, arena {e.plan.arena_size:,} B) to {out_dir}")
    return results


def _selftest(graph: Graph, seed: int, files, steps: int | None) -> tuple[list, list]:
    """The self-test's inputs (seeded, or the user's files) and TFLite Micro's outputs for them."""
    inputs = pipeline.step_inputs(graph, seed, files, pipeline.resolve_steps(graph, steps, files))
    return inputs, golden_outputs(graph, inputs)[0]


def io_tensors(g: Graph, indices: list[int]) -> list[dict]:
    out = []
    for i in indices:
        t = g.tensors[i]
        quant = t.quant if t.quant and t.dtype is not DType.FLOAT32 else None
        scale, zero_point = (quant.scale[0], quant.zero_point[0]) if quant else (None, None)
        out.append({"name": t.name, "dtype": t.dtype.name.lower(), "shape": list(t.shape), "scale": scale,
                    "zero_point": zero_point})  # fmt: skip
    return out


def _manifest(e: Export, kernel_set: KernelSet, memory: str) -> dict:
    g = e.graph
    return {
        "rvfw_version": codegen.__version__,
        "model": Path(g.source).name,
        "model_sha256": g.sha256,
        "board": e.board.name,
        "kernel_set": kernel_set,
        "memory": memory,
        "arena_bytes": e.plan.arena_size,
        "state_bytes": e.plan.state_size,
        "weights_bytes": e.weights_bytes,
        "kernels": e.kernels,
        "inputs": io_tensors(g, g.inputs),
        "outputs": io_tensors(g, g.outputs),
    }


def _readme(e: Export, pkg: Package, kernel_set: KernelSet) -> str:
    g, name, NAME = e.graph, e.graph.name, e.graph.name.upper()
    f = flags(e.board)
    state = e.plan.state_size
    run = f"{name}_run(arena, state)" if state else f"{name}_run(arena)"
    in_type = C_TYPES.get(g.tensors[g.inputs[0]].dtype, "int8_t")
    lines = [
        f"# {name}: {line_comment(Path(g.source).name)} compiled by rvfw {codegen.__version__} for {e.board.name}",
        "",
        f"Kernel set `{kernel_set}`, arena {e.plan.arena_size:,} bytes"
        + (f", state {state:,} bytes" if state else "")
        + f", weights {e.weights_bytes:,} bytes. Generated: `include/{name}.h`, `src/{name}.c`; kernels and their"
        " headers: `rvfw/`. `manifest.json` says the same for tools.",
        "",
        "## C API",
        "",
        f"- `{NAME}_ARENA_SIZE`, `{NAME}_ARENA_ALIGN`: the scratch an inference needs; `{run}` runs one",
        "  inference over it (reentrant: it writes nothing else"
        + (
            f"; `state` ({NAME}_STATE_SIZE bytes) carries the model's variables from one call to the next,"
            f" `{name}_reset(state)` starts a sequence"
            if state
            else ""
        )
        + ").",  # fmt: skip
        f"- `{name}_invoke()`: the same over a static arena (`{name}_arena`){' and state' if state else ''}.",
        f"- Inputs and outputs live in the arena: `{NAME}_INPUT0` (a typed pointer into the static arena),",
        f"  `{NAME}_INPUT0_OFFSET` (into your own arena), `{NAME}_INPUT0_COUNT`; the same for outputs.",
        f"- `{name}_inputs[]`, `{name}_outputs[]` (`{NAME}_NUM_INPUTS`, `{NAME}_NUM_OUTPUTS`): a `rvfw_tensor_info`",
        "  each (name, dtype, shape, scale, zero point, arena offset, count), so that you can quantise",
        "  `q = round(x / scale) + zero_point` without the .tflite.",
        f"- Sections: the static arena is in `.bss.{name}_arena`, the weights in `.rodata.{name}_weights`",
        f"  (any linker script places them); define `RVFW_{NAME}_ARENA_SECTION` / `RVFW_{NAME}_WEIGHTS_SECTION`",
        "  (strings) when compiling to put them elsewhere.",
        f"- Every symbol starts with `{name}_` / `{NAME}_` (the kernels with `rvfw_`): several exported",
        "  models link into one application. Exported separately by one rvfw version, they hold the same",
        "  files under `rvfw/`: compile each once (CMake and Zephyr builds do so on their own).",
        "- `rvfw/LICENSE`: the kernels' and runtime's licence (Apache-2.0, their SPDX lines).",
        "",
        "## Building",
        "",
        f"Compile `src/{name}.c` and `rvfw/kernels/*.c` with `-Iinclude -Irvfw/include` and",
        "",
        f"    {f['c']}",
        "",
        f"and link with `{f['link']}` (`-ffp-contract=off` keeps float kernels bit-exact with TFLite Micro).",
    ]
    if pkg.for_size:
        names = ", ".join(f"`{Path(s).name}`" for s in pkg.for_size)
        why = "`--optimize size`" if len(pkg.for_size) == len(pkg.c + pkg.rvv) else "under 0.1% of the work"
        lines += ["", f"rvfw's images compile {names} with `-Os` instead ({why}: flash, not speed);",
                  "the CMake formats do the same."]  # fmt: skip
    if pkg.rvv:
        lines += ["", "The `*_rvv.c` kernels use the RVV 1.0 intrinsics (`<riscv_vector.h>`): GCC >= 14 with the",
                  "flags above, or clang >= 17 with", "", f"    {f['rvv']}"]  # fmt: skip
    if e.fmt in ("cmake", "lib"):
        toolchain_file = f"<this folder>/cmake/riscv-{e.board.name}.cmake"
        link = f"`target_link_libraries(app PRIVATE {pkg.name})`"
        lines += ["", f"With CMake: `add_subdirectory(<this folder>)`, {link},",
                  f"configured with `-DCMAKE_TOOLCHAIN_FILE={toolchain_file}`."]  # fmt: skip
    lines += _example(name, in_type)
    return "\n".join(lines)


def _example(name: str, in_type: str) -> list[str]:
    """The README's example: a classifier over the model's first input and output."""
    NAME = name.upper()
    return [
        "",
        "## Example",
        "",
        "```c",
        f'#include "{name}.h"',
        "",
        f"int classify(const {in_type} *features)",
        "{",
        f"    for (uint32_t i = 0; i < {NAME}_INPUT0_COUNT; ++i)",
        f"        {NAME}_INPUT0[i] = features[i];",
        f"    {name}_invoke();",
        "    int best = 0;",
        f"    for (int i = 1; i < {NAME}_OUTPUT0_COUNT; ++i)",
        f"        if ({NAME}_OUTPUT0[i] > {NAME}_OUTPUT0[best])",
        "            best = i;",
        "    return best;",
        "}",
        "```",
        "",
    ]
