"""Plain-text tables for the terminal: plan, layers, profile."""

from __future__ import annotations

import textwrap

from codegen.escape import terminal_text
from codegen.ir import Graph
from codegen.memplan import MemoryPlan
from codegen.ops import Layer


def table(headers: list[str], rows: list[list[object]], right: set[int] | None = None) -> str:
    """Columns padded to their widest cell; every cell through terminal_text (a tensor name from a
    stranger's model cannot send the terminal an escape sequence or forge a line)."""
    cells = [[terminal_text(str(h)) for h in headers]] + [[terminal_text(str(c)) for c in row] for row in rows]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    right = right if right is not None else set(range(1, len(headers)))
    out = []
    for row in cells:
        out.append(
            "  ".join(c.rjust(w) if i in right else c.ljust(w) for i, (c, w) in enumerate(zip(row, widths))).rstrip()
        )
    return "\n".join(out)


def plan_table(graph: Graph, plan: MemoryPlan) -> str:
    rows = []
    for buf, offset in sorted(zip(plan.buffers, plan.offsets), key=lambda bo: (bo[1], bo[0].first)):
        views = ", ".join(graph.tensors[t].name for t in buf.tensors[1:])
        name = buf.name + (f" (= {views})" if views else "")
        index = buf.tensors[0] if buf.tensors else "-"
        rows.append([index, name[:60], f"{buf.first}..{buf.last}", f"{offset:,}", f"{buf.size:,}"])
    text = table(["tensor", "name", "live", "offset", "bytes"], rows, right={0, 3, 4})
    summary = (
        f"arena: {plan.arena_size:,} bytes ({plan.algorithm}, {plan.alignment}-byte aligned); "
        f"lifetime lower bound: {plan.lower_bound:,} bytes"
    )
    return f"{text}\n{summary}"


KERNELS_SHOWN = 3


def kernel_column(layer: Layer) -> str:
    """The kernels a layer calls; a loop's, an IF's or a tiled stage's (more than a few), each once
    and shortened to the first few."""
    if not (layer.loop or layer.branch) and len(layer.kernels) <= KERNELS_SHOWN:
        return " + ".join(layer.kernels)
    kernels = list(dict.fromkeys(layer.kernels))
    shown = " + ".join(kernels[:KERNELS_SHOWN])
    return shown + (f" + {len(kernels) - KERNELS_SHOWN} more" if len(kernels) > KERNELS_SHOWN else "")


def layer_table(graph: Graph, layers: list[Layer]) -> str:
    rows = []
    ops = {op.index: op for op in graph.ops}
    for i, layer in enumerate(layers):
        op = ops[layer.index]
        inp = graph.tensors[op.inputs[0]]
        out = graph.tensors[op.outputs[0]]
        rows.append(
            [
                i,
                f"#{layer.index}",
                layer.op,
                kernel_column(layer),
                "x".join(map(str, inp.shape)),
                "x".join(map(str, out.shape)),
                f"{layer.macs:,}",
                layer.note,
            ]
        )
    return table(["layer", "op", "kind", "kernel", "input", "output", "MACs", "note"], rows, right={0, 6})


def milliseconds(cycles: int, board) -> str:
    """A count of cycles as time at the board's core clock, saying when the clock is assumed."""
    ms = 1000.0 * cycles / board.cpu_hz
    clock = f"{board.cpu_hz / 1e6:g} MHz" if board.clock_known else "1 GHz (the board file names no clock)"
    return f"{ms:.3f} ms at {clock}"


def profile_table(layers: list[Layer], instret: list[int], total: int, cycles=None) -> str:
    """Per layer: MACs, retired instructions, instructions per MAC and share; with `cycles` (a
    codegen.report.cycles.CycleEstimate of the same inference) also estimated cycles per layer and
    per MAC."""
    rows = []
    per_layer_cycles = cycles.layers if cycles is not None and len(cycles.layers) == len(layers) else None
    for i, (layer, count) in enumerate(zip(layers, instret)):
        per_mac = f"{count / layer.macs:.2f}" if layer.macs else "-"
        share = f"{100.0 * count / total:.1f}%" if total else "-"
        row = [i, layer.op, kernel_column(layer), f"{layer.macs:,}", f"{count:,}", per_mac, share]
        if per_layer_cycles is not None:
            c = per_layer_cycles[i]
            row += [f"{c:,}", f"{c / layer.macs:.2f}" if layer.macs else "-"]
        rows.append(row)
    macs = sum(layer.macs for layer in layers)
    row = ["", "total", "", f"{macs:,}", f"{total:,}", f"{total / macs:.2f}" if macs else "-", "100.0%"]
    headers = ["layer", "op", "kernel", "MACs", "instructions", "instr/MAC", "share"]
    if per_layer_cycles is not None:
        row += [f"{cycles.total:,}", f"{cycles.total / macs:.2f}" if macs else "-"]
        headers += ["cycles" if cycles.measured else "est. cycles", "cycles/MAC"]
    rows.append(row)
    return table(headers, rows, right={0, 3, 4, 5, 6, 7, 8})


def layers_check_table(rows, whose: str = "TFLite Micro") -> str:
    """`rvfw check --layers`: per layer output, how many elements differ from the reference (whose)
    and by how much (check.layers.Row)."""
    body = [[r.layer, f"#{r.op_index}", r.op, r.kernel, r.tensor, r.dtype, f"{r.elements:,}", f"{r.differ:,}",
             f"{r.largest:g}" if r.differ else "-"] for r in rows]  # fmt: skip
    headers = ["layer", "op", "kind", "kernel", "tensor", "dtype", "elements", "differ", "largest diff"]
    return f"per layer against {whose}:\n" + table(headers, body, right={0, 4, 6, 7, 8})


def compression_table(reports) -> str:
    """Per TT-compressed layer: the chosen configuration, parameters, MACs and estimated instructions."""
    rows = []
    for r in reports:
        if r.config is None:
            rows.append([f"#{r.op_index}", f"{r.rows}x{r.cols}", "dense: " + r.reason, "", "", "", "", ""])
            continue
        c = r.config
        rows.append(
            [
                f"#{r.op_index}",
                f"{r.rows}x{r.cols}",
                f"d={c.d} ranks {'-'.join(map(str, c.ranks))}",
                f"{r.dense_params:,} -> {c.params:,} ({r.dense_params / c.params:.1f}x)",
                f"{r.rows * r.cols:,} -> {c.macs:,}",
                f"{r.dense_instructions:,} -> {r.tt_instructions:,}",
                f"{r.weight_error:.3f}",
                f"{r.output_error:.3f}",
            ]
        )
    headers = ["op", "MxN", "TT", "int8 params", "MACs", "est. instructions", "w err", "out err"]
    return "TT compression:\n" + table(headers, rows, right=set())


_DTYPE_MARKS = (("copy_rows_s8", "any"), ("_f32_s8", "float32 -> int8"), ("_f32_s16", "float32 -> int16"),
                ("_s8_f32", "int8 -> float32"), ("_s16_f32", "int16 -> float32"), ("signal_", "int16/uint32/64"),
                ("_f32_", "float32"), ("_s16_", "int16 (16x8)"), ("_s8_", "int8"), ("requantize_ref", "int8 <-> int16"),
                ("_s32_", "int32"), ("cast_ref", "int, float32"))  # fmt: skip


def _kernel_dtype(kernel: str) -> str:
    """The dtypes a kernel file's name says it takes; data movement copies any."""
    return next((dtype for mark, dtype in _DTYPE_MARKS if mark in kernel), "any")


def ops_rows(op: str | None = None) -> list[dict]:
    """Every kernel family of every op (or of the ops whose name contains `op`): the op kinds it
    runs, what it is, its dtype and which kernel sets have a kernel for it (`ref` always; a missing
    set falls back, and the build's layer table says so)."""
    from codegen.ops import MODULES
    from codegen.ops.kernels import SETS

    rows = []
    for module in MODULES:
        contract = module.CONTRACT
        kinds = [k.value for k in contract.kinds]
        if not contract.families and all(k.max_version for k in contract.kinds.values()):  # views: no kernel call
            rows.append({"ops": kinds, "family": "view (no copy)", "dtype": "any", "kernel_sets": []})
        for fam in contract.families:
            sets = [s for s in SETS if s in fam.kernels]
            # a family borrowed from another op's module (ADD_N runs ADD's) is listed under this op
            names = [k for k in kinds if not fam.ops or k in fam.ops] or kinds
            needs = {k: [need_text(n) for n in ns] for k, ns in fam.needs.items()}
            rows.append({"ops": names, "family": fam.what, "dtype": _kernel_dtype(fam.kernels["ref"]),
                         "kernel_sets": sets, "needs": needs})  # fmt: skip
    if op:
        rows = [r for r in rows if any(op.upper() in name for name in r["ops"])]
    return sorted(rows, key=lambda r: (r["ops"], r["family"]))


def need_text(need) -> str:
    """A kernel's need (ops.kernels.Need) in a few words: `f32 lanes`, `bias_folds`, `taps <= 64`."""
    if need.minimum is not None or need.maximum is not None:
        low = f"{need.minimum} <= " if need.minimum is not None else ""
        high = f" <= {need.maximum}" if need.maximum is not None else ""
        return f"{low}{need.fact}{high}"
    if len(need.allowed) == 1 and need.allowed[0] is True:
        return f"{need.fact} lanes" if need.fact in ("f32", "f64", "e64") else need.fact
    if len(need.allowed) == 1 and need.allowed[0] is False:
        return f"not {need.fact}"
    return f"{need.fact} in {', '.join(map(str, need.allowed))}"


FAMILY_WIDTH = 44  # characters of a family name a line of `rvfw ops` holds (the table stays under 120)


def ops_table(op: str | None = None) -> str:
    """ops_rows as a table of lines under 120 characters: one row per op kind a family runs; a
    kernel that runs only where its needs hold is `yes*`, and with an op named the needs follow."""
    from codegen.ops.kernels import SETS

    def cell(r: dict, s: str) -> str:
        return "-" if s not in r["kernel_sets"] else "yes*" if r["needs"].get(s) else "yes"

    selected = [r for r in ops_rows(op)]
    rows = [[name, r["family"], r["dtype"], *(cell(r, s) for s in SETS)]
            for r in selected for name in r["ops"] if not op or op.upper() in name]  # fmt: skip
    rows.sort(key=lambda r: (r[0], r[1]))
    wrapped = []
    for row in rows:  # a long family name goes on in the lines below its row, whole
        first, *rest = textwrap.wrap(row[1], FAMILY_WIDTH) or [""]
        wrapped.append([row[0], first, *row[2:]])
        wrapped += [["", more, *([""] * (len(row) - 2))] for more in rest]
    text = table(["op", "kernel family", "dtype", *SETS], wrapped, right=set())
    if op:
        needs = [f"  {r['family']}, {s}: {'; '.join(r['needs'][s])}" for r in selected for s in SETS
                 if r["needs"].get(s)]  # fmt: skip
        if needs:
            text += "\n* runs only where these hold (else the next set, and the layer table says why):\n"
            text += "\n".join(dict.fromkeys(needs))
    return text


def _kernel_sets(op: str, dtype: str, families: list[dict]) -> set[str]:
    """The kernel sets whose families run (op, dtype), by the families' dtype labels."""
    sets: set[str] = set()
    for r in families:
        labels = r["dtype"].replace("(16x8)", "").replace(",", " ").split()
        # "int" (CAST), "int16/uint32/64" (the Signal library's kernels): every integer dtype
        takes = (
            dtype in labels
            or "any" in labels
            or dtype == "any"
            or ("int" in dtype and any(label == "int" or "/" in label for label in labels))
        )
        if op in r["ops"] and takes:
            sets |= set(r["kernel_sets"])
    if not sets:  # a kernel whose file name says one dtype but copies any (PAD's element size)
        sets = {s for r in families if op in r["ops"] for s in r["kernel_sets"]}
    return sets


def tflm_rows() -> list[dict]:
    """Every (op, dtype) pair TFLite Micro runs (ops.tflm_set) with rvfw's status: the kernel sets
    that run it, or "missing"."""
    from codegen.ops.tflm_set import pairs

    families = ops_rows()
    return [{"op": p.op, "dtype": p.dtype, "tflm_kernel": p.source, "status": p.status,
             "kernel_sets": sorted(_kernel_sets(p.op, p.dtype, families)) if p.status != "missing" else []}
            for p in pairs()]  # fmt: skip


def litert_rows() -> list[dict]:
    """Every (op, dtype) pair LiteRT's reference kernels run (ops.litert_set) with rvfw's status, and
    the op's highest version in LiteRT and in rvfw."""
    from codegen.frontend.tflite import MAX_VERSION
    from codegen.ir import OpKind
    from codegen.ops.litert_set import LITERT_VERSIONS, OPTIMISED_ONLY, pairs

    families = ops_rows()
    return [{"op": p.op, "dtype": p.dtype, "status": p.status, "litert": "optimised kernels only"
             if p.op in OPTIMISED_ONLY else "reference kernels",
             "kernel_sets": sorted(_kernel_sets(p.op, p.dtype, families)) if p.status != "missing" else [],
             "litert_max_version": LITERT_VERSIONS.get(p.op),
             "rvfw_max_version": MAX_VERSION.get(OpKind.__members__.get(p.op))}
            for p in pairs()]  # fmt: skip


def version_gaps_table(op: str | None = None) -> str:
    """The op versions LiteRT registers above rvfw's (ops.litert_set.VERSION_GAPS), then a total."""
    from codegen.frontend.tflite import MAX_VERSION
    from codegen.ir import OpKind
    from codegen.ops.litert_set import LITERT_VERSIONS, VERSION_GAPS

    body = [[name, f"1-{LITERT_VERSIONS[name]}", f"1-{MAX_VERSION[OpKind[name]]}", VERSION_GAPS[name][1]]
            for name in sorted(VERSION_GAPS) if not op or op.upper() in name]  # fmt: skip
    takes = len(LITERT_VERSIONS) - len(VERSION_GAPS)
    total = (f"LiteRT registers {len(LITERT_VERSIONS)} of these ops: rvfw takes every version of {takes}; "
             "the versions above rvfw's are refused in one line")  # fmt: skip
    if not body:
        return total
    return (
        table(["op", "LiteRT versions", "rvfw versions", "what the versions rvfw lacks carry"], body, right=set())
        + "\n"
        + total
    )


def _pairs_table(rows: list[dict], source: str, header: str, yardstick: str) -> str:
    from codegen.ops.kernels import SETS

    none = {"missing": "-"}
    body = [[r["op"], r["dtype"], r[source], r["status"],
             " ".join(s for s in SETS if s in r["kernel_sets"])
             or none.get(r["status"], "no kernel call (resolved at build time)")] for r in rows]  # fmt: skip
    missing = sum(r["status"] == "missing" for r in rows)
    total = f"{yardstick} runs {len(rows)} (op, dtype) pairs here: rvfw runs {len(rows) - missing}, misses {missing}"
    return table(["op", "dtype", header, "rvfw", "kernel sets"], body, right=set()) + "\n" + total


def tflm_table(op: str | None = None) -> str:
    """tflm_rows as a table, then one line of totals."""
    rows = [r for r in tflm_rows() if not op or op.upper() in r["op"]]
    return _pairs_table(rows, "tflm_kernel", "TFLite Micro kernel", "TFLite Micro")


def litert_table(op: str | None = None) -> str:
    """litert_rows as a table, then one line of totals."""
    rows = [r for r in litert_rows() if not op or op.upper() in r["op"]]
    return _pairs_table(rows, "litert", "LiteRT", "LiteRT") + "\n\n" + version_gaps_table(op)


def plan_json(graph: Graph, plan: MemoryPlan) -> dict:
    """The plan table's facts (`rvfw plan --json`)."""
    buffers = []
    for buf, offset in sorted(zip(plan.buffers, plan.offsets), key=lambda bo: (bo[1], bo[0].first)):
        buffers.append({"tensor": buf.tensors[0] if buf.tensors else None, "name": buf.name,
                        "views": [graph.tensors[t].name for t in buf.tensors[1:]], "first_op": buf.first,
                        "last_op": buf.last, "offset": offset, "bytes": buf.size})  # fmt: skip
    return {"arena_bytes": plan.arena_size, "algorithm": plan.algorithm, "alignment": plan.alignment,
            "lower_bound": plan.lower_bound, "buffers": buffers}  # fmt: skip


def profile_json(layers: list[Layer], instret: list[int], total: int) -> dict:
    """The profile table's facts (`rvfw run --json`, `rvfw check --json`)."""
    rows = [{"layer": i, "op": layer.op, "kernels": list(dict.fromkeys(layer.kernels)), "macs": layer.macs,
             "instructions": count} for i, (layer, count) in enumerate(zip(layers, instret))]  # fmt: skip
    return {"instructions": total, "layers": rows}
