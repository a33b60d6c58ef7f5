"""Patch-based execution (seed 000, section 7; MCUNetV2): the first chain of convolutions runs band by
band of its last layer's output rows, so its intermediate tensors never exist in full.

A pure pass: it finds the stage, picks the band height, and rewrites the stage into one
TILED_STAGE op whose band buffers are scratch. Each band recomputes the rows its window needs
from the layer before (the halo); the cost is reported as extra MACs and as the seed's
overhead ratio 1 - BH / (BH + k - 1) (bands span the full width, so BW has no halo).
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import conv_common, macs

SPATIAL = (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D)


@dataclass(frozen=True)
class StageTiling:
    ops: tuple[Op, ...]
    band_rows: int  # rows of the last layer's output per band
    # per band, per layer: (out_row0, out_rows, src_row0, src_rows, pad_h) in that layer's terms
    rows: tuple[tuple[tuple[int, int, int, int, int], ...], ...]
    buffers: tuple[int, int]  # bytes of the two band buffers layers alternate between
    extra_macs: int
    halo_ratio: float

    @property
    def scratch(self) -> int:
        return self.buffers[0] + self.buffers[1]


def _geometry(graph: Graph, op: Op) -> tuple[int, int, int, int, int, int]:
    """(stride_h, pad_h, span_h, in_h, out_h, k_h) of a conv, as the op module computes it."""
    g = conv_common.geometry(graph, op)
    return g.stride_h, g.pad_h, g.span_h, g.in_h, g.out_h, g.k_h


def find_chain(graph: Graph) -> list[Op]:
    """The longest chain of convolutions from the first op: each output read only by the next op."""
    chain: list[Op] = []
    for op in graph.ops:
        if op.kind not in SPATIAL or op.fused_add is not None or graph.tensors[op.inputs[0]].dtype is not DType.INT8:
            break
        if chain:
            prev = chain[-1].outputs[0]
            if op.inputs[0] != prev or sum(prev in o.inputs for o in graph.ops) != 1 or prev in graph.outputs:
                break
        chain.append(op)
    return chain if len(chain) >= 2 and chain[0].inputs[0] in graph.inputs else []


def why_not_tiled(graph: Graph, untiled: int) -> str:
    """One line: why tile_first_stage left the graph as it was (the plan it would tile is `untiled` bytes)."""
    chain = find_chain(graph)
    if chain:
        return (f"no band height of its first {len(chain)} convolutions lowers the arena below {untiled:,} B: "
                "the peak lies past them")  # fmt: skip
    first = graph.ops[0] if graph.ops else None
    if first is None:
        return "no ops to tile"
    what = first.kind.value.lower()
    if first.kind is OpKind.QUANTIZE:
        return (f"the graph starts with a {what} of its float input: tiling starts at int8 convolutions reading "
                "the graph input (--io int8 leaves that quantize to you)")  # fmt: skip
    return (f"the graph starts with {what}, not two or more int8 convolutions in a chain from its input: tiling "
            "covers only such a first stage")  # fmt: skip


def tile(graph: Graph, stage: list[Op], band_rows: int) -> StageTiling:
    geo = [_geometry(graph, op) for op in stage]
    out_h = geo[-1][4]
    bands = []
    for r0 in range(0, out_h, band_rows):
        needed = (r0, min(r0 + band_rows, out_h))  # output rows of the current layer
        per_layer = []
        for s_h, pad, span, in_h, _, _ in reversed(geo):
            a, b = needed
            first, last = a * s_h - pad, (b - 1) * s_h - pad + span
            src0, src1 = max(first, 0), min(last, in_h - 1) + 1
            per_layer.append((a, b - a, src0, src1 - src0, src0 - first))
            needed = (src0, src1)
        bands.append(tuple(reversed(per_layer)))
    row_bytes = [graph.tensors[op.outputs[0]].shape[2] * graph.tensors[op.outputs[0]].shape[3] for op in stage]
    biggest = [max(band[k][1] for band in bands) * row_bytes[k] for k in range(len(stage))]
    inner = biggest[:-1]  # the last layer writes the real output tensor
    buffers = (max(inner[0::2], default=0), max(inner[1::2], default=0))
    macs_per_row = [macs(graph, op) // graph.tensors[op.outputs[0]].shape[1] for op in stage]
    computed = sum(band[k][1] * macs_per_row[k] for band in bands for k in range(len(stage)))
    full = sum(macs(graph, op) for op in stage)
    k_h = max(g[5] for g in geo)
    return StageTiling(
        tuple(stage), band_rows, tuple(bands), buffers, computed - full, 1 - band_rows / (band_rows + k_h - 1)
    )


def rewrite(graph: Graph, tiling: StageTiling) -> Graph:
    """Replace the stage's ops by one TILED_STAGE op (same position, same input and output)."""
    first, last = tiling.ops[0], tiling.ops[-1]
    stage = Op(first.index, OpKind.TILED_STAGE, 1, (first.inputs[0],), last.outputs, tiling=tiling)
    ops = [op for op in graph.ops if op not in tiling.ops]
    ops.insert(graph.ops.index(first), stage)
    return dataclasses.replace(graph, ops=ops)


def tile_first_stage(graph: Graph, plan_arena, budget: int | None = None) -> tuple[Graph, StageTiling | None]:
    """Tile the chain end and band height that give the smallest arena (plan_arena(graph) -> bytes),
    ties to the least recomputation; with a budget, the least recomputation whose arena fits it
    (the smallest arena when none does)."""
    chain = find_chain(graph)
    untiled = plan_arena(graph)
    if budget is None:  # no tiling is a candidate too: nothing to recompute
        best = ((False, untiled, 0, 0), graph, None)
    else:
        best = ((untiled > budget, untiled if untiled > budget else 0, 0, 0), graph, None)
    for end in range(2, len(chain) + 1):
        stage = chain[:end]
        out_h = graph.tensors[stage[-1].outputs[0]].shape[1]
        for rows in sorted({1, 2, 4, 8, 16, out_h // 2} - {0}, reverse=True):
            if rows >= out_h:
                continue
            tiling = tile(graph, stage, rows)
            candidate = rewrite(graph, tiling)
            arena = plan_arena(candidate)
            if budget is None:
                key = (False, arena, tiling.extra_macs, end)
            else:
                fits = arena <= budget
                key = (not fits, arena if not fits else tiling.extra_macs, 0, end)
            if best is None or key < best[0]:
                best = (key, candidate, tiling)
    return best[1], best[2]
