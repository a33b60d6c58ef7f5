"""Grouped convolutions as G ordinary ones (issue 46): a CONV_2D whose filter depth is a divisor
of its input depth (a RegNet's, a ResNeXt's) reads each group of input channels with its own slice
of the filters. TFLite Micro's reference computes each output channel from its group's input
channels alone, so

    input -> SPLIT along channels -> G CONV_2D (filter, bias and per-channel scales sliced)
          -> CONCATENATION along channels -> output

computes the same accumulators, the same requantisation and the same bytes, and every kernel set's
convolution kernels (and the planner's views of SPLIT parts and joins) run it unchanged.

Not an optional pass (PASSES): without it rvfw has no form for the op, so the pipeline always runs
it on load, before the checks. The new tensors are appended after the model's own (their indices
are not the file's: check.layers skips them)."""

from __future__ import annotations

import dataclasses

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind, Quant, Tensor


def _grouped(graph: Graph, op: Op) -> int:
    """The group count of a grouped CONV_2D, or 1 (also for shapes its check refuses)."""
    if op.kind is not OpKind.CONV_2D or len(op.inputs) < 2:
        return 1
    inp, flt, out = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]], graph.tensors[op.outputs[0]]
    if len(inp.shape) != 4 or len(flt.shape) != 4 or len(out.shape) != 4 or not flt.is_constant:
        return 1
    depth = flt.shape[3]
    if depth <= 0 or depth >= inp.shape[3] or inp.shape[3] % depth:
        return 1
    groups = inp.shape[3] // depth
    return groups if flt.shape[0] % groups == 0 and out.shape[3] == flt.shape[0] else 1


def _slice_quant(quant: Quant | None, lo: int, hi: int) -> Quant | None:
    if quant is None or not quant.per_channel:
        return quant
    return dataclasses.replace(quant, scale=quant.scale[lo:hi], zero_point=quant.zero_point[lo:hi])


def split_grouped_convs(graph: Graph) -> Graph:
    grouped = [op for op in graph.ops if _grouped(graph, op) > 1]
    if not grouped:
        return graph
    tensors = list(graph.tensors)
    ops: list[Op] = []
    next_op = max(op.index for op in graph.ops) + 1

    def add(name: str, shape, dtype: DType, quant: Quant | None = None, data=None) -> int:
        tensors.append(Tensor(len(tensors), name, tuple(int(d) for d in shape), dtype, quant, data))
        return len(tensors) - 1

    for op in graph.ops:
        if op not in grouped:
            ops.append(op)
            continue
        groups = _grouped(graph, op)
        inp, flt, out = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]], graph.tensors[op.outputs[0]]
        bias = graph.tensors[op.inputs[2]] if len(op.inputs) > 2 and op.inputs[2] >= 0 else None
        depth, per_group = flt.shape[3], flt.shape[0] // groups
        axis = add(f"{inp.name}/group_axis", (), DType.INT32, data=np.array(3, np.int32))
        parts = [add(f"{inp.name}/group{g}", (*inp.shape[:3], depth), inp.dtype, inp.quant) for g in range(groups)]
        ops.append(Op(next_op, OpKind.SPLIT, 1, (axis, op.inputs[0]), tuple(parts), {"num_splits": groups}))
        next_op += 1
        results = []
        for g in range(groups):
            lo, hi = g * per_group, (g + 1) * per_group
            w = add(f"{flt.name}/group{g}", (per_group, *flt.shape[1:]), flt.dtype, _slice_quant(flt.quant, lo, hi),
                    np.ascontiguousarray(flt.data[lo:hi]))  # fmt: skip
            b = -1
            if bias is not None:
                b = add(f"{bias.name}/group{g}", (per_group,), bias.dtype, _slice_quant(bias.quant, lo, hi),
                        np.ascontiguousarray(bias.data[lo:hi]))  # fmt: skip
            y = add(f"{out.name}/group{g}", (*out.shape[:3], per_group), out.dtype, out.quant)
            inputs = (parts[g], w) if bias is None and len(op.inputs) == 2 else (parts[g], w, b)
            ops.append(dataclasses.replace(op, index=next_op, inputs=inputs, outputs=(y,)))
            next_op += 1
            results.append(y)
        ops.append(Op(next_op, OpKind.CONCATENATION, 1, tuple(results), op.outputs, {"axis": 3, "activation": "NONE"}))
        next_op += 1
    return dataclasses.replace(graph, tensors=tensors, ops=ops)
