"""fold_float16_weights (a "load" pass): the converter's float16 weights (`supported_types =
[tf.float16]`) are each a float16 constant read by a DEQUANTIZE to float32. The frontend widens
the constant to float32 when it reads it (exact: every float16 is a float32); here each such
DEQUANTIZE, a float32 constant to float32, is dropped and its output becomes the constant, as
LiteRT's DEQUANTIZE computes it. Required: no kernel dequantizes float32. Pure: the graph given is
left alone."""

from __future__ import annotations

import dataclasses

from codegen.ir import DType, Graph, OpKind


def fold_float16_weights(graph: Graph) -> Graph:
    tensors = list(graph.tensors)
    ops = []
    for op in graph.ops:
        source = tensors[op.inputs[0]] if op.kind is OpKind.DEQUANTIZE and op.inputs else None
        out = tensors[op.outputs[0]] if source is not None else None
        widened = source is not None and source.is_constant and source.dtype is DType.FLOAT32
        if not widened or out.dtype is not DType.FLOAT32 or out.shape != source.shape or op.outputs[0] in graph.outputs:
            ops.append(op)
            continue
        tensors[op.outputs[0]] = dataclasses.replace(out, data=source.data.astype("float32"))
    if len(ops) == len(graph.ops):
        return graph
    return dataclasses.replace(graph, tensors=tensors, ops=ops)
