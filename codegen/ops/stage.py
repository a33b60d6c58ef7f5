"""TILED_STAGE: a chain of convolutions run band by band (planner.tiling). Each member lowers as
usual; the generated code loops over bands, narrowing each member's rows from a build-time table
and pointing it at the band buffers."""

from __future__ import annotations

import dataclasses

from codegen.ir import Graph, Op, OpKind
from codegen.ops import conv2d, depthwise_conv2d
from codegen.ops.common import BandRows, Layer, LowerContext, Stage
from codegen.ops.contract import Form, Kind, OpContract

MEMBERS = {OpKind.CONV_2D: conv2d, OpKind.DEPTHWISE_CONV_2D: depthwise_conv2d}


def check(graph: Graph, op: Op) -> None:
    for member in op.tiling.ops:
        MEMBERS[member.kind].check(graph, member)


def macs(graph: Graph, op: Op) -> int:
    return sum(MEMBERS[m.kind].macs(graph, m) for m in op.tiling.ops)


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """Not in place: its band buffers are scratch (no input to take over)."""
    return [(-1, op.tiling.scratch)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    tiling = op.tiling
    # The members' plan: the stage's, with each intermediate tensor in its band buffer (member k
    # writes buffer k % 2 of the stage's scratch; the template adds each band's row offsets).
    # Members run out of place and get no spare scratch: the plan keys both by op index, and the
    # stage carries its first member's index.
    scratch = ctx.scratch(op)
    buffers = (scratch.offset, scratch.offset + tiling.buffers[0])
    offsets = dict(ctx.plan.tensor_offsets)
    for k, member in enumerate(tiling.ops[:-1]):
        offsets[member.outputs[0]] = buffers[k % 2]
    member_plan = dataclasses.replace(ctx.plan, tensor_offsets=offsets, inplace={}, spare_offsets={})
    member_ctx = LowerContext(ctx.graph, member_plan, ctx.kernels, ctx.vlen, ctx.caps, ctx.constants,
                              ctx.by_content)  # fmt: skip
    members = [MEMBERS[member.kind].lower(member_ctx, member) for member in tiling.ops]
    graph = ctx.graph
    first_in = graph.tensors[tiling.ops[0].inputs[0]]
    last_out = graph.tensors[tiling.ops[-1].outputs[0]]
    layer = Layer(op.index, "TILED(" + "+".join(m.op for m in members) + ")", members[0].kernel, "", [], [])
    layer.macs = sum(m.macs for m in members)
    layer.work = sum(m.work for m in members)
    notes = [f"{len(tiling.rows)} bands of {tiling.band_rows} rows, +{tiling.extra_macs:,} MACs of halo"]
    layer.note = "; ".join(notes + sorted({m.note for m in members if m.note}))
    layer.stage = Stage(
        members=members,
        rows=[[BandRows(*member_rows) for member_rows in band] for band in tiling.rows],
        in_offset=ctx.plan.tensor_offsets[tiling.ops[0].inputs[0]],
        in_row_bytes=first_in.shape[2] * first_in.shape[3],
        out_offset=ctx.plan.tensor_offsets[tiling.ops[-1].outputs[0]],
        out_row_bytes=last_out.shape[2] * last_out.shape[3],
        buffers=buffers,
    )
    return layer


CONTRACT = OpContract(
    kinds={
        OpKind.TILED_STAGE: Kind(None, (1, 1 << 16)),
    },
    forms={None: Form(check, lower, (), macs=macs, inplace=inplace)},
)
