"""split_padded_space_to_batch (a "load" pass): a SPACE_TO_BATCH_ND with non-zero paddings becomes
a PAD with those paddings followed by a SPACE_TO_BATCH_ND without. The padding's values (the
output's zero point, 0 in float: what TFLite Micro's and TFLite's SpaceToBatchND write there, as
their PAD does) are ones no input element holds, which the index-map kernels that move every other
element (ops.movement) cannot make; the PAD kernels do. Pure: the graph given is left alone."""

from __future__ import annotations

import dataclasses

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind, Tensor


def split_padded_space_to_batch(graph: Graph) -> Graph:
    tensors = list(graph.tensors)
    ops: list[Op] = []
    index = max((op.index for op in graph.ops), default=-1) + 1
    for op in graph.ops:
        pads = _paddings(graph, op)
        if pads is None:
            ops.append(op)
            continue
        x = graph.tensors[op.inputs[0]]
        full = np.zeros((len(x.shape), 2), np.int32)
        full[1 : 1 + len(pads)] = pads
        padded = tuple(int(d + a + b) for d, (a, b) in zip(x.shape, full))
        out = Tensor(len(tensors), f"{x.name}/space_to_batch_padded", padded, x.dtype, quant=x.quant)
        tensors.append(out)
        given = Tensor(len(tensors), f"{x.name}/space_to_batch_paddings", full.shape, DType.INT32, data=full)
        tensors.append(given)
        none = Tensor(len(tensors), f"{x.name}/space_to_batch_no_paddings", pads.shape, DType.INT32,
                      data=np.zeros(pads.shape, np.int32))  # fmt: skip
        tensors.append(none)
        ops.append(Op(index, OpKind.PAD, 1, (x.index, given.index), (out.index,)))
        index += 1
        ops.append(dataclasses.replace(op, inputs=(out.index, op.inputs[1], none.index)))
    if len(ops) == len(graph.ops):
        return graph
    return dataclasses.replace(graph, tensors=tensors, ops=ops)


def _paddings(graph: Graph, op: Op) -> np.ndarray | None:
    """The op's [M, 2] paddings where it is a SPACE_TO_BATCH_ND to split: constant, non-negative,
    some non-zero, over the dimensions after the batch (anything else: left for its check to say)."""
    if op.kind is not OpKind.SPACE_TO_BATCH_ND or len(op.inputs) != 3 or min(op.inputs) < 0:
        return None
    x, paddings = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[2]]
    if not paddings.is_constant or x.is_constant or paddings.data.size % 2:
        return None
    pads = paddings.data.astype(np.int64).reshape(-1, 2)
    if not pads.any() or (pads < 0).any() or len(pads) + 1 > len(x.shape):
        return None
    return pads.astype(np.int32)
