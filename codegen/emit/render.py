"""Render the generated sources from Jinja2 templates. Templates get plain data only."""

from __future__ import annotations

import dataclasses
import functools
import math
from pathlib import Path

import jinja2
import numpy as np

from codegen import __version__, escape
from codegen.boards.board import Board
from codegen.ir import DType, Graph
from codegen.memplan import MemoryPlan
from codegen.ops import ConstArray, Layer
from codegen.ops.kernels import C_PREFIX

# Constant arrays the size table counts as weights (the model's filters and tables, transposed or
# not); everything else (biases, folded biases, multipliers, shifts, offsets) is a per-channel or
# per-layer constant, placed in its own section so the table shows it apart.
WEIGHT_TYPES = ("int8_t", "int16_t", "float", "uint8_t")  # uint8_t: int4 weights, two a byte (ops.int4)
VALUES_PER_LINE = 24


@functools.cache
def environment() -> jinja2.Environment:
    """One environment per process: it keeps the compiled templates."""
    from codegen.paths import TEMPLATES_DIR

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES_DIR)),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        # Untrusted text reaches a file only through its language's filter (codegen.escape); any
        # other string that could end a literal or a comment stops the render.
        finalize=escape.checked,
    )
    env.filters.update(escape.FILTERS)
    return env


def c_literal(value: object) -> str:
    if isinstance(value, bool):
        return "1" if value else "0"
    if isinstance(value, (int, np.integer)):
        return str(int(value))
    if isinstance(value, (float, np.floating)):
        return repr(float(value))  # shortest repr round-trips through strtod exactly
    if isinstance(value, (tuple, list)):  # an array field of a parameter struct
        return "{" + ", ".join(c_literal(v) for v in value) + "}"
    raise TypeError(f"no C literal for {value!r}")


def _c_value(v: object) -> str:
    """One table value as C: a number (a bool as 1 or 0: numpy's bools become Python's True and
    False, which are not C), or for a float that is not finite (a model's NaN or infinite weight)
    rvfw_kernels.h's RVFW_NAN / RVFW_INF."""
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, float) and not math.isfinite(v):
        sign = "-" if math.copysign(1.0, v) < 0 else ""
        return sign + ("RVFW_NAN" if math.isnan(v) else "RVFW_INF")
    return str(v)


def value_lines(values: np.ndarray) -> list[str]:
    flat = [_c_value(v) for v in np.asarray(values).reshape(-1).tolist()]
    return [", ".join(flat[i : i + VALUES_PER_LINE]) + "," for i in range(0, len(flat), VALUES_PER_LINE)]


def _banner(graph: Graph, board: Board) -> dict:
    return {"version": __version__, "model": Path(graph.source).name, "sha256": graph.sha256[:16], "board": board.name}


def _io_tensors(graph: Graph, plan: MemoryPlan, indices: tuple[int, ...]) -> list[dict]:
    out = []
    for index in indices:
        t = graph.tensors[index]
        out.append({"c_type": t.dtype.c_type, "offset": plan.tensor_offsets[index], "count": t.num_elements,
                    "name": t.name, "dtype": f"RVFW_DTYPE_{t.dtype.name}",
                    "rank": len(t.shape), "shape": list(t.shape) + [1] * (6 - len(t.shape)),
                    "scale": repr(float(t.quant.scale[0])) if t.quant else "0.0",
                    "zero_point": int(t.quant.zero_point[0]) if t.quant else 0})  # fmt: skip
    return out


def render_model(
    graph: Graph,
    board: Board,
    plan: MemoryPlan,
    layers: list[Layer],
    constants: list[ConstArray],
    standalone: bool = True,
    exported: bool = False,
    selftest: tuple[list[np.ndarray], list[np.ndarray]] | None = None,
) -> dict[str, str]:
    """Return {file name: text} for the model pair <name>.c / <name>.h. standalone: the model owns
    the image's arena (one-model images); else the application passes each model its partition.
    exported: for `rvfw export` (the user's own linker script): the arena and weights go to
    sections any linker script places (.bss.*, .rodata.*) unless the user names others.
    selftest: (inputs, expected outputs), step after step, for the export's <model>_selftest()."""
    env = environment()
    data = {
        "standalone": standalone,
        "exported": exported,
        "banner": {**_banner(graph, board), "regenerate": "rvfw export" if exported else "rvfw build"},
        "target_units": _target_units(board),
        "selftest": _selftest_data(graph, plan, *selftest) if selftest else None,
        "name": graph.name,
        "NAME": graph.name.upper(),
        "guard": f"RVFW_{graph.name.upper()}_H",
        "arena_size": plan.arena_size,
        "alignment": plan.alignment,
        "state_size": plan.state_size,
        "variables": [_variable_data(graph, t, offset) for t, offset in plan.state_offsets.items()],
        "inputs": _io_tensors(graph, plan, graph.inputs),
        "outputs": _io_tensors(graph, plan, graph.outputs),
        "constants": [
            {
                "name": c.name,
                "c_type": c.c_type,
                "count": int(c.values.size),
                "section": ".rvfw_weights" if c.role == "weights" and c.c_type in WEIGHT_TYPES else ".rvfw_constants",
                "lines": value_lines(c.values),
            }
            for c in constants
        ],
        "layers": _shared_params(graph.name, [_layer_data(layer, _dumps(graph, plan, layer)) for layer in layers]),
    }
    data["nested"] = nested_layers(data["layers"])
    return {
        f"{graph.name}.c": env.get_template("model.c.j2").render(data, template="model.c.j2"),
        f"{graph.name}.h": env.get_template("model.h.j2").render(data, template="model.h.j2"),
    }


def _storage(t, array: np.ndarray) -> tuple[str, np.ndarray]:
    """How an array of a tensor's values is written as C: float32 as its bit patterns (exact)."""
    if t.dtype is DType.FLOAT32:
        return "uint32_t", np.asarray(array, dtype=np.float32).view(np.uint32)
    return t.dtype.c_type, np.asarray(array, dtype=t.dtype.np_type)


def _selftest_data(graph: Graph, plan: MemoryPlan, inputs: list[np.ndarray], outputs: list[np.ndarray]) -> dict:
    steps = []
    per_in, per_out = max(len(graph.inputs), 1), max(len(graph.outputs), 1)
    first = 0  # the flat index of a step's first output value, over all steps
    for k in range(len(inputs) // per_in):
        step = {"inputs": [], "outputs": []}
        for index, array in zip(graph.inputs, inputs[k * per_in : (k + 1) * per_in]):
            storage, values = _storage(graph.tensors[index], array)
            step["inputs"].append({"storage_type": storage, "count": values.size, "lines": value_lines(values),
                                   "offset": plan.tensor_offsets[index]})  # fmt: skip
        for index, array in zip(graph.outputs, outputs[k * per_out : (k + 1) * per_out]):
            t = graph.tensors[index]
            storage, values = _storage(t, array)
            step["outputs"].append({"storage_type": storage, "count": values.size, "lines": value_lines(values),
                                    "offset": plan.tensor_offsets[index], "bytes": t.dtype.size,
                                    "first": first})  # fmt: skip
            first += values.size
        steps.append(step)
    return {"steps": steps}


def _target_units(board: Board) -> list[str]:
    """The units an exported model's code may run on (the FPU, an RVV or XTheadVector unit), for
    rvfw_vector_enable(): the board's, whatever flags the application is compiled with."""
    letters = board.march.split("_")[0][4:]
    units = ["FPU"] if any(c in letters for c in "fdg") else []
    if board.vector_kernels:
        units.append("VECTOR")
    if board.xtheadvector:
        units.append("XTHEADVECTOR")
    return units


def _variable_data(graph: Graph, index: int, offset: int) -> dict:
    """A variable tensor's place in the state area and how a reset sets it: to its initial value
    (a resource variable's initialiser, a const table copied in), else filled with its zero point
    (int8) or 0, as TFLite Micro resets variable tensors."""
    t = graph.tensors[index]
    fill = t.quant.zero_point[0] if t.dtype is DType.INT8 and t.quant else 0
    initial = None
    if t.initial is not None:
        initial = {"symbol": f"{graph.name}_v{index}_initial", "c_type": t.dtype.c_type, "count": t.num_elements,
                   "lines": value_lines(t.initial)}  # fmt: skip
    return {"name": t.name, "offset": offset, "bytes": t.nbytes, "fill": fill, "initial": initial}


def _dumps(graph: Graph, plan: MemoryPlan, layer: Layer) -> list[dict]:
    """The arena tensors a layer's op writes, for `rvfw check --layers` (compiled in only with
    -DRVFW_DUMP_LAYERS): tensor index, arena offset, bytes."""
    op = next((o for o in graph.ops if o.index == layer.index), None)
    if op is None:
        return []
    return [{"tensor": t, "offset": plan.tensor_offsets[t], "bytes": graph.tensors[t].nbytes}
            for t in op.outputs if t in plan.tensor_offsets]  # fmt: skip


def _layer_data(layer: Layer, dumps: list[dict] | None = None) -> dict:
    """A layer as plain, named data for model.c.j2."""
    band = stage = None
    if layer.band is not None:
        band = {
            **dataclasses.asdict(layer.band),
            "add_function": C_PREFIX + layer.band.add_kernel,
            "add_params": _params(layer.band.add_params),
        }
    if layer.stage is not None:
        st = layer.stage
        stage = {
            "members": [
                {
                    "layer": _layer_data(m.layer),
                    "narrow": m.narrow,
                    "per_row": m.per_row,
                    "dim": m.dim,
                    "offset": m.offset,
                    "row_offset": m.row_offset,
                    "row_args": {position: (offset, row_bytes, k) for position, offset, row_bytes, k in m.slots},
                    "case": m.case,
                    "index": index,
                }
                for index, m in enumerate(st.members)
            ],  # fmt: skip
            "steps": [list(s) for s in st.steps],
            "buffers": [list(b) for b in st.buffers],
        }
    loop = None

    def copies(items) -> list[dict]:
        return [{"dst": vars(c.dst), "src": vars(c.src), "bytes": c.bytes} for c in items]

    if layer.loop is not None:
        lp = layer.loop
        loop = {"enter": copies(lp.enter), "to_cond": copies(lp.to_cond), "cond": [_layer_data(c) for c in lp.cond],
                "flag": vars(lp.flag), "body": [_layer_data(c) for c in lp.body], "back": copies(lp.back),
                "leave": copies(lp.leave), "trips": lp.trips}  # fmt: skip
    branch = None
    if layer.branch is not None:
        b = layer.branch
        branch = {"flag": vars(b.flag),
                  "then": {"enter": copies(b.then_enter), "layers": [_layer_data(c) for c in b.then_layers],
                           "leave": copies(b.then_leave)},
                  "else": {"enter": copies(b.else_enter), "layers": [_layer_data(c) for c in b.else_layers],
                           "leave": copies(b.else_leave)}}  # fmt: skip
    return {
        "branch": branch,
        "index": layer.index,
        "op": layer.op,
        "loop": loop,
        "function": C_PREFIX + layer.kernel,
        "params_type": layer.params_type,
        "params": _params(layer.params),
        "args": [vars(a) for a in layer.args],
        "band": band,
        "stage": stage,
        "dumps": dumps or [],
    }


def _shared_params(name: str, layers: list[dict]) -> list[dict]:
    """Each layer's parameter struct by name (params_symbol): layers with the same struct type and
    values share the first one's (KWS's four depthwise and four pointwise layers: 552 bytes);
    params_own marks the layer that defines it. Tiled stages keep their members' own."""
    first: dict[tuple, str] = {}

    def assign(layer: dict, symbol: str) -> None:
        key = (layer["params_type"], tuple(layer["params"]))
        layer["params_symbol"] = symbol if layer["stage"] else first.setdefault(key, symbol)
        layer["params_own"] = layer["params_symbol"] == symbol and not _inner(layer)
        for j, inner in enumerate(_inner(layer)):  # a loop's or an IF's layers: after the op's number
            assign(inner, f"{symbol}_{j}")

    for k, layer in enumerate(layers):
        assign(layer, f"{name}_layer{k}")
    return layers


def _inner(layer: dict) -> list[dict]:
    """The layers a WHILE's or an IF's layer runs."""
    if layer["loop"]:
        return [*layer["loop"]["cond"], *layer["loop"]["body"]]
    if layer["branch"]:
        return [*layer["branch"]["then"]["layers"], *layer["branch"]["else"]["layers"]]
    return []


def nested_layers(layers: list[dict]) -> list[dict]:
    """The layers inside loops and IFs, recursively (their parameter structs are emitted with the
    others)."""
    inner = []
    for layer in layers:
        children = _inner(layer)
        inner += [*children, *nested_layers(children)]
    return inner


def _params(params: list[tuple[str, object]]) -> list[tuple[str, str]]:
    return [(field, c_literal(value)) for field, value in params]


def render_harness(
    graph: Graph, board: Board, inputs: list[np.ndarray], watchdog_ticks: int = 0, patchable: bool = False
) -> str:
    """inputs: each step's arrays, one per graph input, step after step (len = steps x inputs).
    watchdog_ticks: the machine-timer ticks an inference may take (0: no watchdog). patchable: the
    input tables are global symbols and the step count a volatile (run.shards writes other samples,
    at most as many, into a copy of the ELF)."""
    env = environment()
    steps = []
    per_step = len(graph.inputs)
    for first in range(0, len(inputs), per_step):
        step = []
        for index, array in zip(graph.inputs, inputs[first : first + per_step]):
            storage, values = _storage(graph.tensors[index], array)
            step.append({"storage_type": storage, "count": values.size, "lines": value_lines(values)})
        steps.append(step)
    outputs = [
        {
            "count": graph.tensors[i].num_elements,
            "print_as": "f32bits" if graph.tensors[i].dtype is DType.FLOAT32 else "int",
        }
        for i in graph.outputs
    ]
    data = {
        "banner": _banner(graph, board),
        "name": graph.name,
        "NAME": graph.name.upper(),
        "steps": steps,
        "outputs": outputs,
        # A Linux user-mode image has no stack section of ours to paint.
        "stack_probe": board.console != "linux",
        "watchdog_ticks": watchdog_ticks,
        "patchable": patchable,
    }
    return env.get_template("main.c.j2").render(data, template="main.c.j2")


def _mirror(board: Board) -> dict | None:
    """Read-only data seen through another address window of the code's flash (ESP32-C3)."""
    region = board.region_for("rodata")
    if region.mirror_of is None:
        return None
    return {"region": region.name, "of": region.mirror_of}


def render_linker_script(
    graph: Graph,
    board: Board,
    unbounded: bool = False,
    partitions: list[dict] | None = None,
    banner: dict | None = None,
    isolation: dict | None = None,
) -> str:
    """The board's memory map as a linker script.

    unbounded=True stretches each region up to the next one's origin, so an image
    that does not fit can still be linked and measured for the size report.
    partitions: PMP-guarded sections of an application image ({section, align}), placed in the
    arena's region; the script then also marks the read/execute range models may use.
    isolation: least privilege for an application's models, {shared: [input file patterns of the
    kernels and libraries every model may run], models: [{name, file}]}: each model's code and
    constants get ranges of their own, apart from the shared ones and from the M-mode runtime.
    """
    env = environment()
    lengths = {r.name: r.length for r in board.regions}
    if unbounded:
        ordered = sorted(board.regions, key=lambda r: r.origin)
        for r, nxt in zip(ordered, [*ordered[1:], None]):
            lengths[r.name] = (nxt.origin if nxt else min(r.origin + (1 << 30), 1 << board.xlen)) - r.origin
    data = {
        "banner": banner or _banner(graph, board),
        "partitions": partitions or [],
        "isolation": isolation,
        "pmp_granularity": board.pmp_granularity,
        "regions": [
            {"name": r.name, "access": r.access, "origin": hex(r.origin), "length": hex(lengths[r.name])}
            for r in board.regions
        ],
        "role": {role: board.region_for(role).name for role in ("code", "rodata", "weights", "data", "arena", "stack")},
        "stack_size": hex(board.stack_size),
        "htif": board.console == "htif",
        "loaded_in_place": board.console == "linux",
        "esp32_direct_boot": board.image_format == "esp32-direct",
        "reset_offset": _reset_offset(board),
        "trap_align": board.core.get("mtvec_align", 4),
        "mirror": _mirror(board),
    }
    return env.get_template("link.ld.j2").render(data, template="link.ld.j2")


def app_banner(app, board: Board) -> dict:
    """The banner of an application's files: the manifest, and the models it names."""
    models = ", ".join(Path(m.model).name for m in app.models if m.model)
    return {"version": __version__, "model": f"{Path(app.source).name} ({models})", "sha256": "-", "board": board.name}


def render_app(banner: dict, models: list[dict], placed: dict, selftest: list[dict] | None = None) -> str:
    """app.c: partitions, state, the dispatcher's table; with selftest (an export's: per model its
    index, name, output bytes and steps of input and expected output bytes) rvfw_app_selftest()."""
    data = {"banner": banner, "models": models, "partitions": placed["partitions"], "states": placed["states"],
            "isolated": placed["isolated"], "pmp_entries": placed["pmp_entries"], "selftest": selftest}  # fmt: skip
    return environment().get_template("app.c.j2").render(data, template="app.c.j2")


def render_app_models_header(banner: dict, models: list[dict], selftest: bool = False) -> str:
    """rvfw_app_models.h of an exported application: the dispatcher's model numbers."""
    data = {"banner": banner, "models": models, "selftest": selftest}
    return environment().get_template("app_models.h.j2").render(data, template="app_models.h.j2")


def render_partitions_fragment(banner: dict, partitions: list[dict], pmp_granularity: int) -> str:
    """The partitions of an exported application as a linker-script fragment (the user's script
    INCLUDEs it), placed in the region the user aliases RVFW_PARTITIONS."""
    data = {"banner": banner, "partitions": partitions, "partition_region": "RVFW_PARTITIONS",
            "pmp_granularity": pmp_granularity}  # fmt: skip
    return environment().get_template("partitions_fragment.ld.j2").render(data, template="partitions_fragment.ld.j2")


def render_test_hooks(banner: dict, fault: dict) -> str:
    """A header forced into one model's compilation (test hook --inject-fault): its layer hook
    stores outside the model's partition. The model template itself has no test code."""
    return environment().get_template("test_hooks.h.j2").render({"banner": banner, **fault}, template="test_hooks.h.j2")


def render_app_harness(banner: dict, models: list[dict], preempt: dict | None = None) -> str:
    data = {"banner": banner, "models": models, "preempt": preempt}
    return environment().get_template("app_main.c.j2").render(data, template="app_main.c.j2")


def _counter(board: Board) -> dict | None:
    """The board's instruction counter when it is not minstret: CSR numbers, checked by the schema."""
    if board.counter is None:
        return None
    return {"csr": hex(board.counter["csr"]), "why": f"board file {Path(board.source_file).name}",
            "setup": [{"csr": hex(w["csr"]), "value": int(w["value"])} for w in board.counter["setup"]]}  # fmt: skip


def _reset_offset(board: Board) -> str | None:
    """Where the core starts, from the code region's origin, when not there (Ibex: boot address + 0x80)."""
    if "reset_pc" not in board.core:
        return None
    return hex(board.core["reset_pc"] - board.region_for("code").origin)


def _mmio(board: Board) -> dict | None:
    """An RTL test bench's console registers (numbers checked by the schema and the board loader)."""
    if board.mmio is None:
        return None
    halt = board.mmio["halt"]
    return {"putc": hex(board.mmio["putc"]), "halt": hex(halt["address"]), "halt_value": halt.get("value")}


def render_platform_header(graph: Graph, board: Board) -> str:
    """The board's platform constants. Its banner names the board only: the header is the same for
    every model on a board, so the runtime objects that include it stay in the object cache."""
    env = environment()
    uart = None
    if board.uart:
        uart = {k: hex(v) if k == "base" else v for k, v in board.uart.items() if k != "driver"}
    banner = {"version": __version__, "model": f"board file {Path(board.source_file).name}", "sha256": "-",
              "board": board.name}  # fmt: skip
    return env.get_template("platform.h.j2").render(
        {
            "banner": banner,
            "uart": uart,
            "clint": hex(board.clint) if board.clint else None,
            "counter": _counter(board),
            "mmio": _mmio(board),
            "cycles": board.measures_cycles,
            "core_hz": board.core.get("clock_hz"),
        },
        template="platform.h.j2",
    )
