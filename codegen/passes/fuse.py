"""Vertical fusion (seed 000, section 3.2): a residual ADD folded into the conv before it."""

from __future__ import annotations

import dataclasses

from codegen.ir import DType, FusedAdd, Graph, OpKind
from codegen.ops.common import offset_weights

# The fused epilogue is the int8 ADD's arithmetic (ops.conv_common.finish): float32 and 16x8
# convolutions have no fused form, so their residual ADDs stay separate ops.
DTYPES = (DType.INT8,)


def fuse_residual_adds(graph: Graph) -> Graph:
    """Fold a residual ADD into the epilogue of the CONV_2D that produces one of its inputs.

    Requires: the ADD's two inputs are the conv's output Y, read by nothing else and not a graph
    output, and another tensor X (the residual) that the conv does not read and nothing reads
    after the ADD.
    Guarantees: the fused op is a CONV_2D whose inputs gain X, whose output is the ADD's output,
    and whose `fused_add` is FusedAdd(conv_output Y, residual_first: X was the ADD's first input,
    activation: the ADD's); it runs where the ADD ran, so Y is never stored and the planner
    can write the sum over X as it goes (seed 000, section 3.2: vertical fusion).
    """
    # Positions stay fixed (a fused conv's place becomes None), and who produces and who reads
    # each tensor is indexed once and kept up to date: linear in the graph's size.
    ops: list = list(graph.ops)
    producer = {t: k for k, op in enumerate(ops) for t in op.outputs}
    readers: dict[int, set[int]] = {}
    for k, op in enumerate(ops):
        for t in op.inputs:
            readers.setdefault(t, set()).add(k)
    for position, add in enumerate(graph.ops):
        if add.kind is not OpKind.ADD:
            continue
        best = None
        for k, y in enumerate(add.inputs[:2]):
            at = producer.get(y)
            conv = ops[at] if at is not None and at < position else None
            x = add.inputs[1 - k]
            if (
                conv is None
                or conv.kind is not OpKind.CONV_2D
                or any(graph.tensors[t].dtype not in DTYPES for t in (conv.inputs[0], x, y, add.outputs[0]))
                or x in conv.inputs  # the sum is written over X while the conv still reads it
                or conv.fused_add is not None
                or offset_weights(graph, conv)  # a legacy uint8 layer's: its reference kernel fuses nothing
                or y in graph.outputs
                or readers.get(y, set()) != {position}
                or any(r > position for r in readers.get(x, ()))
                or x in graph.outputs
                or graph.tensors[x].is_constant
                or graph.tensors[x].shape != graph.tensors[y].shape  # a broadcasting ADD
            ):
                continue
            if best is None or at > best[0]:
                best = (at, y, x, k == 1)
        if best is None:
            continue
        at, y, x, residual_first = best
        conv = ops[at]
        bias = conv.inputs[2] if len(conv.inputs) > 2 else -1
        fused_add = FusedAdd(y, residual_first, add.options.get("activation", "NONE"))
        fused = dataclasses.replace(conv, inputs=(*conv.inputs[:2], bias, x), outputs=add.outputs, fused_add=fused_add)
        ops[position], ops[at] = fused, None
        for t in conv.inputs:
            readers[t].discard(at)
        for t in fused.inputs:
            readers.setdefault(t, set()).add(position)
        readers[y].discard(position)
        producer.pop(y, None)
    return dataclasses.replace(graph, ops=[op for op in ops if op is not None])
