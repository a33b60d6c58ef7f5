"""TILED_STAGE: a stage of the graph (its stem, or layers through its peak) run a few rows at a time
through line buffers (planner.tiling). Each member lowers as usual, over the whole tensors; the
generated code runs the schedule's steps from a build-time table, narrowing each call to the
step's rows and pointing its streamed arguments at the rows in the buffers."""

from __future__ import annotations

import dataclasses

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, Stage, StageMember
from codegen.ops.contract import Form, Kind, OpContract


def _form(graph: Graph, op: Op):
    from codegen.ops import form_of  # the registry imports this module

    return form_of(graph, op)


def check(graph: Graph, op: Op) -> None:
    for member in op.tiling.members:
        _form(graph, member.op).check(graph, member.op)


def macs(graph: Graph, op: Op) -> int:
    return sum(_form(graph, m.op).macs(graph, m.op) for m in op.tiling.members)


def inplace(graph: Graph, op: Op) -> list[tuple[int, ...]]:
    """Its output over its input where that dies here, starting `lead` bytes before it (each step
    writes its output rows below every input byte a later step reads: planner.tiling)."""
    tiling = op.tiling
    return [(tiling.stage_input, tiling.scratch, tiling.lead)]


def scratch(graph: Graph, op: Op) -> int:
    """Its line buffers, in every plan: in place or not (an in-place choice the planner may skip,
    e.g. where the stage's output is split into views, must not take them away)."""
    return op.tiling.scratch


def spare_scratch(graph: Graph, op: Op) -> int:
    """One region every member with spare scratch shares (they run one after another at each step):
    the largest member's, e.g. a 3x3 convolution's im2col columns, without which the fast scalar
    kernel sums each border pixel tap by tap. planner.plan gives it where it is free, or in a tiled
    plan for at most a quarter more arena (pipeline.memory.SPARE_GROWTH)."""
    from codegen.ops import spare_scratch_bytes

    return max((spare_scratch_bytes(graph, m.op) for m in op.tiling.members), default=0)


def _rows(graph: Graph, t: int) -> tuple[int, int]:
    tensor = graph.tensors[t]
    return tensor.shape[1], tensor.nbytes // tensor.shape[1]


def _member(graph: Graph, member, layer: Layer, offsets: dict[int, int], case: int) -> StageMember:
    """One call of a member, with how the stage narrows it to a step's rows (StageMember)."""
    m_op = member.op
    streamed = [t for t in m_op.inputs if t >= 0 and not graph.tensors[t].is_constant]
    slots, taken = [], set()
    for position, arg in enumerate(layer.args):
        if arg.kind != "arena" or arg.role not in ("input", "output"):
            continue
        if arg.role == "output":
            k = len(streamed)
        else:
            k = next(j for j, t in enumerate(streamed) if t == arg.tensor and j not in taken)
            taken.add(k)
        t = arg.tensor
        slots.append((position, offsets[t], _rows(graph, t)[1], k))
    out_h, out_row = _rows(graph, m_op.outputs[0])
    if member.form in ("window", "gather"):  # gather: the step's pad_h is the kernel's row_base
        return StageMember(layer, member.form, slots, case=case)
    if member.form == "rows" and m_op.kind is OpKind.CONCATENATION:  # rvfw_copy_rows_params: rows of pixels
        return StageMember(layer, "copy_rows", slots, per_row=graph.tensors[m_op.outputs[0]].shape[2], case=case)
    if member.form == "rows":
        elems = graph.tensors[m_op.outputs[0]].num_elements // out_h
        params = dict(layer.params)
        if "size" in params:
            return StageMember(layer, "rows", slots, per_row=elems, case=case)
        # rvfw_binary_params (float32, int16): same shapes merge to one run in the last dim
        dims = params["dims"]
        assert all(d == 1 for d in dims[:-1]), f"{m_op.kind.value}: streamed rows are one run"
        return StageMember(layer, "last_dim", slots, per_row=elems, dim=len(dims) - 1, case=case)
    params = dict(layer.params)
    # the input is read whole through the params' offset, not a row pointer
    slots = [s for s in slots if s[3] == len(streamed)]
    if member.form == "upsample":  # the strided copy's input-row dimension: in_h of them, a row apart
        factor, in_row = member.band[0], member.band[1]
        in_h = out_h // factor
        dim = next(d for d, (n, st) in enumerate(zip(params["dims"], params["strides"])) if n == in_h and st == in_row)
        return StageMember(layer, "upsample", slots, factor, dim, params["offset"], in_row, case=case)
    dim, count, row_offset, _first = member.band
    return StageMember(layer, "transpose", slots, count, dim, params["offset"], row_offset, case=case)


def lower(ctx: LowerContext, op: Op) -> Layer:
    tiling, graph = op.tiling, ctx.graph
    # The members' plan: the stage's, with each tensor inside it at its line buffer. Members run out
    # of place; each member with spare scratch gets the stage's (one region: the plan keys both by
    # op index, and the stage carries its first op's index).
    base = ctx.scratch(op).offset
    offsets = dict(ctx.plan.tensor_offsets)
    for t, offset, _rows_held in tiling.buffers:
        offsets[t] = base + offset
    spare = ctx.plan.spare_offsets.get(op.index)
    spare_offsets = {} if spare is None else {m.op.index: spare for m in tiling.members}
    member_plan = dataclasses.replace(ctx.plan, tensor_offsets=offsets, inplace={}, spare_offsets=spare_offsets)
    member_ctx = LowerContext(
        graph, member_plan, ctx.kernels, ctx.vlen, ctx.caps, ctx.optimize, ctx.constants, ctx.by_content
    )
    members = []
    for case, member in enumerate(tiling.members):
        m_op = member.op
        lowered = _form(graph, m_op).lower(member_ctx, m_op)
        calls = lowered if isinstance(lowered, list) else [lowered]
        # one call (movement lowers a list, one call per output), or a CONCATENATION's copy per input
        assert len(calls) == 1 or m_op.kind is OpKind.CONCATENATION, f"{m_op.kind.value}: one call a member"
        for layer in calls:
            members.append(_member(graph, member, layer, offsets, case))
    calls = [m.layer for m in members]
    kinds = "+".join(dict.fromkeys(c.op for c in calls))
    layer = Layer(op.index, f"TILED({len(tiling.replaced)} ops: {kinds})", calls[0].kernel, "", [], [])
    layer.macs = sum(c.macs for c in calls)
    layer.work = sum(c.work for c in calls)
    last = graph.tensors[tiling.stage_output]
    notes = [f"{len(tiling.steps)} steps of {tiling.band_rows} of {last.shape[1]} rows, "
             f"{len(tiling.buffers)} line buffers, no row computed twice"]  # fmt: skip
    layer.note = "; ".join(notes + sorted({c.note for c in calls if c.note}))
    steps = []
    for s in tiling.steps:
        at = (*s.at, 0, 0, 0)[:3]
        steps.append((s.member, s.row0, s.rows, s.src_rows, s.pad_h, *at))
    buffers = [(base + offset, _rows(graph, t)[1]) for t, offset, _ in tiling.buffers]
    layer.stage = Stage(members=members, steps=steps, buffers=buffers)
    return layer


CONTRACT = OpContract(
    kinds={
        OpKind.TILED_STAGE: Kind(None, (1, 1 << 16)),
    },
    forms={None: Form(check, lower, (), macs=macs, inplace=inplace, scratch=scratch, spare_scratch=spare_scratch)},
)
