"""Graph simplification (seed 000, section 3.1), before the ops' own checks so that what they would
refuse for a constant operand is computed here instead.

- fold_constants: an op whose inputs are all constant is computed at build time by its op module's
  `fold` (the same arithmetic as its kernels, in Python) and its outputs become weight tables.
- remove_identity_ops: ops that move nothing are dropped and their readers read the input: a
  TRANSPOSE by the identity permutation or followed by its inverse, a RESHAPE / SQUEEZE /
  EXPAND_DIMS to the same shape, a QUANTIZE int8 -> int8 with the same scale and zero point.

Both are pure: the graph given is left alone. An op whose output is a graph output stays (the
graph's outputs are tensors the harness and the user's code name).
"""

from __future__ import annotations

import dataclasses

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import CONTRACTS


def fold_constants(graph: Graph) -> Graph:
    """An op whose values are known at build time becomes constants. One whose output the model
    returns stays (it writes the output), and the ops after it read a constant copy of its values
    (a SHAPE both returned and read by a RESHAPE)."""
    tensors = list(graph.tensors)
    ops = []
    rename: dict[int, int] = {}  # a returned output -> its constant copy, for the ops after it
    for op in graph.ops:
        if any(i in rename for i in op.inputs):
            op = dataclasses.replace(op, inputs=tuple(rename.get(i, i) for i in op.inputs))
        contract = CONTRACTS[op.kind]
        fold = contract.fold
        inputs = [i for i in op.inputs if i >= 0]
        view = dataclasses.replace(graph, tensors=tensors)
        constant = contract.folds_any_input or all(tensors[i].is_constant for i in inputs)  # SHAPE: static shapes
        if fold is None or not constant:
            ops.append(op)
            continue
        try:
            values = fold(view, op)
        except Exception:  # the op's check refuses it later, in one line
            values = None
        if values is None:
            ops.append(op)
            continue
        returned = bool(set(op.outputs) & set(graph.outputs))
        if returned:
            ops.append(op)
        for o, value in zip(op.outputs, values):
            t = tensors[o]
            data = np.asarray(value, dtype=t.dtype.np_type).reshape(t.shape)
            if returned:
                rename[o] = len(tensors)
                tensors.append(dataclasses.replace(t, index=len(tensors), name=f"{t.name}/folded", data=data))
            else:
                tensors[o] = dataclasses.replace(t, data=data)
    return dataclasses.replace(graph, tensors=tensors, ops=ops)


def _is_identity(graph: Graph, op: Op) -> bool:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if op.kind in (OpKind.RESHAPE, OpKind.SQUEEZE, OpKind.EXPAND_DIMS):
        return inp.shape == out.shape and inp.dtype == out.dtype
    if op.kind is OpKind.TRANSPOSE:
        perm = graph.tensors[op.inputs[1]]
        return perm.is_constant and list(perm.data.reshape(-1)) == list(range(len(inp.shape)))
    if op.kind is OpKind.QUANTIZE:
        return (inp.dtype is out.dtype is DType.INT8 and inp.quant is not None and out.quant is not None
                and (inp.quant.scale, inp.quant.zero_point) == (out.quant.scale, out.quant.zero_point))  # fmt: skip
    return False


def _perm(graph: Graph, op: Op) -> list[int] | None:
    perm = graph.tensors[op.inputs[1]]
    return [int(p) for p in perm.data.reshape(-1)] if perm.is_constant else None


def remove_identity_ops(graph: Graph) -> Graph:
    ops = list(graph.ops)
    rename: dict[int, int] = {}  # removed output -> the tensor its readers read instead

    def reads(tensor: int) -> list[Op]:
        return [op for op in ops if id(op) not in removed and tensor in op.inputs]

    removed: set[int] = set()  # id() of removed ops: ops are compared by identity, never by value (a
    # dataclass comparison per pair made a 5,000-op chain quadratic in field comparisons)
    for op in list(ops):
        if id(op) in removed or not op.inputs or op.outputs[0] in graph.outputs:
            continue
        source = rename.get(op.inputs[0], op.inputs[0])
        if _is_identity(graph, op):
            rename[op.outputs[0]] = source
            removed.add(id(op))
            continue
        if op.kind is OpKind.TRANSPOSE and _perm(graph, op) is not None:
            readers = reads(op.outputs[0])  # any number: a TRANSPOSE may feed several ops
            reader = readers[0] if len(readers) == 1 else None
            if (reader is not None and reader.kind is OpKind.TRANSPOSE
                    and reader.inputs[0] == op.outputs[0] and reader.outputs[0] not in graph.outputs):  # fmt: skip
                p, q = _perm(graph, op), _perm(graph, reader)
                if q is not None and [p[k] for k in q] == list(range(len(p))):
                    rename[reader.outputs[0]] = source
                    removed.update((id(op), id(reader)))
    if not rename:
        return graph
    ops = [op for op in ops if id(op) not in removed]

    def resolve(t: int) -> int:
        while t in rename:
            t = rename[t]
        return t

    ops = [dataclasses.replace(op, inputs=tuple(resolve(i) if i >= 0 else i for i in op.inputs)) for op in ops]
    return dataclasses.replace(graph, ops=ops)
