"""Choose the ops that write their output over an input that dies there (the `small` memory mode).

A pure pass over the graph: it returns, per chosen op, the input tensor it overwrites and the
scratch bytes its in-place kernel needs. Eligible:
  - ADD: elementwise, each output byte is written after its inputs are read; no scratch.
  - DEPTHWISE_CONV_2D with depth multiplier 1: channel by channel (TinyEngine's scheme); every
    write of channel c lands on a slot of channel c, whose plane was first copied to scratch
    (in_h * in_w bytes).
  - CONV_2D with a fused residual ADD (passes.fuse_residual_adds): row by row into scratch
    (out_w * out_c bytes), the sum written over the residual.
  - CONV_2D 1x1, stride 1, no padding: pixel by pixel, forward when it narrows the channels and
    backward when it widens them, so no unread input pixel is overwritten; the pixels being
    computed are first copied to scratch (PIXEL_BLOCK * in_c bytes).
The input must die at the op (no later reader, not a graph output) and not be a constant.
"""

from __future__ import annotations

from dataclasses import dataclass

from codegen.ir import Graph, OpKind
from codegen.planner.analysis import alias_roots

PIXEL_BLOCK = 3  # pixels per pass of the in-place pointwise kernels (three accumulators in RVV)


@dataclass(frozen=True)
class InPlace:
    tensor: int  # the input whose buffer the output takes over (-1: none, scratch only)
    scratch: int  # bytes of scratch the op's kernels need


def pointwise(graph: Graph, op) -> bool:
    flt = graph.tensors[op.inputs[1]]
    return (
        op.kind is OpKind.CONV_2D
        and flt.shape[1] == flt.shape[2] == 1
        and op.options["stride"] == (1, 1)
        and graph.tensors[op.inputs[0]].shape[:3] == graph.tensors[op.outputs[0]].shape[:3]
    )


def choose_inplace(graph: Graph) -> dict[int, InPlace]:
    chosen: dict[int, InPlace] = {}
    for step, op in enumerate(graph.ops):
        if op.kind is OpKind.TILED_STAGE:  # not in place; its band buffers are scratch
            chosen[op.index] = InPlace(-1, op.options["tiling"].scratch)
            continue
        candidates: list[tuple[int, int]] = []  # (input tensor, scratch bytes)
        if "fused_add" in op.options:
            # A conv with a fused residual ADD: each output row goes to scratch, then the sum of it
            # and the residual row is written over the residual (see passes.fuse_residual_adds).
            conv_out = graph.tensors[op.options["fused_add"]["conv_output"]]
            candidates = [(op.inputs[3], conv_out.shape[2] * conv_out.shape[3])]
        elif op.kind is OpKind.ADD:
            candidates = [(t, 0) for t in op.inputs[:2]]
        elif op.kind is OpKind.DEPTHWISE_CONV_2D and op.options.get("depth_multiplier", 1) == 1:
            _, h, w, _ = graph.tensors[op.inputs[0]].shape
            candidates = [(op.inputs[0], h * w)]
        elif op.kind is OpKind.CONV_2D and pointwise(graph, op):
            candidates = [(op.inputs[0], PIXEL_BLOCK * graph.tensors[op.inputs[0]].shape[3])]
        for tensor, scratch in candidates:
            if _dies_at(graph, chosen, tensor, step):
                chosen[op.index] = InPlace(tensor, scratch)
                break
    return chosen


def _dies_at(graph: Graph, chosen: dict[int, InPlace], tensor: int, step: int) -> bool:
    """Whether no op after `step` reads the tensor's storage and it is not a graph output."""
    t = graph.tensors[tensor]
    if t.is_constant:
        return False
    root = alias_roots(graph, chosen)
    sharing = {i for i, r in root.items() if r == root[tensor]}
    if sharing & set(graph.outputs):
        return False
    return all(not (sharing & set(later.inputs)) for later in graph.ops[step + 1 :])
