"""Einsum chains: a FULLY_CONNECTED over rows whose outputs a TRANSPOSE scatters runs as one
TT_EINSUM (issue 19, must-have 6: FC layers trained in Tensor-Train form).

TFLite's converter turns each `tf.einsum` of a TT layer (x[b, m1, m2] by a constant core) into a
FULLY_CONNECTED with keep_num_dims over the leading axes as rows, then RESHAPE -> TRANSPOSE ->
RESHAPE to bring the next core's reduction axis last (checked against TensorFlow 2.21's converter:
RESHAPE, FULLY_CONNECTED, RESHAPE, TRANSPOSE, RESHAPE, FULLY_CONNECTED, TRANSPOSE, RESHAPE for a
two-core 128 -> 128 layer). Run as written, the transposes are copies of their own and each row of
the FC is a GEMV of its own; the TT_EINSUM kernels share each weight vector among several rows and
store every output where the transpose would have put it, through a build-time table.

Where output j of row r ends up after the movement must have the TT_EINSUM form with outer = inner
= 1 (prev_m = rows): (j // r_out) * rows * r_out + r * r_out + j % r_out for some r_out dividing
the outputs; that is what a transpose exchanging the row axis with the outer output axes gives. The
op computes exactly what the FC computes (the same requantisation, per-channel weights included),
so it is marked `exact` and TFLite Micro stays the golden. Not in a model LiteRT alone defines:
its FCs round once, as LiteRT's reference does, and the TT_EINSUM kernels round as TFLite Micro.

Requires: the FC's input and weights int8 (weights constant, 2-D), at most 65,536 outputs in all
(the kernels' offsets are 16-bit), its output read by a chain of
RESHAPE / TRANSPOSE ops (constant permutation) with unchanged quantisation, each the only reader
of its input and not a graph output but the last, with at least one TRANSPOSE among them.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import offset_weights
from codegen.ops.tflm_set import litert_semantics

MOVES = (OpKind.RESHAPE, OpKind.TRANSPOSE)


def fuse_einsum_transposes(graph: Graph) -> Graph:
    if litert_semantics(graph):  # its FCs round once, as LiteRT's; the TT_EINSUM kernels round as TFLite Micro
        return graph
    ops = list(graph.ops)
    for fc in [op for op in graph.ops if op.kind is OpKind.FULLY_CONNECTED]:
        if offset_weights(graph, fc):  # a legacy uint8 layer's weights off zero: its reference kernel
            continue
        found = _einsum(graph, fc)
        if found is None:
            continue
        chain, r_out = found
        rows, depth = _rows(graph, fc), graph.tensors[fc.inputs[1]].shape[1]
        outputs = graph.tensors[fc.inputs[1]].shape[0]
        bias = fc.inputs[2] if len(fc.inputs) > 2 else -1
        options = {
            "outer": 1, "prev_m": rows, "inner": 1, "n": outputs // r_out, "r_out": r_out, "m": depth, "r_in": 1,
            "activation": fc.options.get("activation", "NONE"), "exact": True,
        }  # fmt: skip
        einsum = Op(fc.index, OpKind.TT_EINSUM, 1, (fc.inputs[0], fc.inputs[1], bias), chain[-1].outputs, options)
        ops[ops.index(fc)] = einsum
        for op in chain:
            ops.remove(op)
    return dataclasses.replace(graph, ops=ops)


def _rows(graph: Graph, fc: Op) -> int:
    return graph.tensors[fc.inputs[0]].num_elements // graph.tensors[fc.inputs[1]].shape[1]


def _einsum(graph: Graph, fc: Op) -> tuple[list[Op], int] | None:
    """The movement ops after fc and the r_out that puts its outputs where they take them, or None."""
    inp, flt = graph.tensors[fc.inputs[0]], graph.tensors[fc.inputs[1]]
    # (Shapes and the weights' format were checked with the op, before the passes of a memory mode.)
    if inp.dtype is not DType.INT8 or flt.dtype is not DType.INT8 or not flt.is_constant:
        return None
    rows, outputs = _rows(graph, fc), flt.shape[0]
    if rows * outputs > 1 << 16:  # the kernels' output offsets are 16-bit
        return None
    quant = graph.tensors[fc.outputs[0]].quant
    # Element e of the FC's output (row e // outputs, output e % outputs), followed through the chain.
    where = np.arange(rows * outputs).reshape(graph.tensors[fc.outputs[0]].shape)
    chain: list[Op] = []
    tensor = fc.outputs[0]
    while tensor not in graph.outputs:
        readers = graph.consumers(tensor)
        if len(readers) != 1 or readers[0].kind not in MOVES or readers[0].inputs[0] != tensor:
            break
        op = readers[0]
        result = graph.tensors[op.outputs[0]]
        if result.quant != quant or result.num_elements != where.size:
            break
        if op.kind is OpKind.TRANSPOSE:
            perm = graph.tensors[op.inputs[1]] if len(op.inputs) > 1 else None
            if perm is None or not perm.is_constant or len(perm.data) != where.ndim:
                break
            where = where.transpose([int(a) for a in perm.data])
        where = where.reshape(result.shape)
        chain.append(op)
        tensor = op.outputs[0]
    while chain and chain[-1].kind is not OpKind.TRANSPOSE:  # trailing reshapes are views: leave them
        chain.pop()
    if not chain:
        return None
    # dest[e]: the flat position element e lands on (trailing reshapes keep the order).
    dest = np.empty(rows * outputs, dtype=np.int64)
    dest[where.reshape(-1)] = np.arange(where.size)
    dest = dest.reshape(rows, outputs)
    r, j = np.arange(rows)[:, None], np.arange(outputs)[None, :]
    for r_out in (d for d in range(1, outputs + 1) if outputs % d == 0):
        if np.array_equal(dest, (j // r_out) * rows * r_out + r * r_out + j % r_out):
            return chain, r_out
    return None
