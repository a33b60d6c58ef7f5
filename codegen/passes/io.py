"""`--io int8` and `--io float32`. int8: the model's own input QUANTIZE (float32 -> int8) and output DEQUANTIZE (int8 ->
float32) are left to the caller, so the graph's inputs and outputs are the int8 tensors, with
their scale and zero point. A float input costs four bytes an element in the arena (MCUNet's
detector: its whole 307,200 B arena), and most firmware has its data quantised already.

A pure pass, run at load time when asked (not one of PASSES). The graph records which tensors
stand in for the model's float ones (Graph.float_inputs, Graph.float_outputs), so the golden
still comes from TFLite Micro running the model as it is: each int8 input goes in as the float
value the model's QUANTIZE maps back to those bytes, and the int8 tensors are read out.

float32, the other way: a model with int8 I/O gets a QUANTIZE from a float32 input and a
DEQUANTIZE to a float32 output the image runs, for callers whose data is float (ST's tools'
`--input-data-type float32`). The golden is TFLite Micro's own QUANTIZE, the model and its own
DEQUANTIZE, one after the other (check.reference)."""

from __future__ import annotations

import dataclasses

from codegen.errors import ModelError
from codegen.ir import DType, Graph, Op, OpKind, Tensor

IO_MODES = ("model", "int8", "float32")


def strip_io_quantization(graph: Graph) -> Graph:
    """Each graph input that only a QUANTIZE to int8 reads becomes that QUANTIZE's output; each
    graph output a DEQUANTIZE from int8 writes becomes that DEQUANTIZE's input. An input or output
    the model computes in float (no such op beside it) stays float32, which the loader says; a
    model with nothing to leave out is refused in one line."""
    label = graph.source.rsplit("/", 1)[-1]
    inputs, outputs = list(graph.inputs), list(graph.outputs)
    removed: set[int] = set()
    float_inputs: dict[int, int] = {}
    float_outputs: dict[int, int] = {}
    for k, t in enumerate(graph.inputs):
        readers = graph.consumers(t)
        op = readers[0] if len(readers) == 1 and readers[0].kind is OpKind.QUANTIZE else None
        to_int8 = op is not None and graph.tensors[op.outputs[0]].dtype is DType.INT8
        if to_int8 and graph.tensors[t].dtype is DType.FLOAT32 and op.outputs[0] not in graph.outputs:
            inputs[k] = op.outputs[0]
            float_inputs[op.outputs[0]] = t
            removed.add(op.index)
    for k, t in enumerate(graph.outputs):
        op = graph.producer(t)
        from_int8 = op is not None and op.kind is OpKind.DEQUANTIZE and graph.tensors[op.inputs[0]].dtype is DType.INT8
        if from_int8 and not graph.consumers(t) and op.inputs[0] not in graph.inputs:
            outputs[k] = op.inputs[0]
            float_outputs[op.inputs[0]] = t
            removed.add(op.index)
    if not removed:
        raise ModelError(label, "--io int8: the model has no QUANTIZE from a float32 input nor DEQUANTIZE to a "
                         "float32 output to leave out")  # fmt: skip
    ops = [op for op in graph.ops if op.index not in removed]
    return dataclasses.replace(graph, ops=ops, inputs=tuple(inputs), outputs=tuple(outputs),
                               float_inputs=float_inputs, float_outputs=float_outputs)  # fmt: skip


def wrap_io_float(graph: Graph) -> Graph:
    """Each int8 graph input (one scale) becomes a float32 input QUANTIZEd to it, each int8 graph
    output a float32 output DEQUANTIZEd from it; a model with no such input or output is refused in
    one line."""
    label = graph.source.rsplit("/", 1)[-1]
    tensors, inputs, outputs = list(graph.tensors), list(graph.inputs), list(graph.outputs)
    wrapped: dict[int, int] = {}
    front: list[Op] = []
    back: list[Op] = []
    index = max((op.index for op in graph.ops), default=-1) + 1

    def float_twin(t: int) -> int:
        tensor = graph.tensors[t]
        tensors.append(Tensor(len(tensors), f"{tensor.name}_float32", tensor.shape, DType.FLOAT32))
        wrapped[len(tensors) - 1] = t
        return len(tensors) - 1

    def wraps(t: int) -> bool:
        q = graph.tensors[t].quant
        return graph.tensors[t].dtype is DType.INT8 and q is not None and len(q.scale) == 1

    for k, t in enumerate(graph.inputs):
        if wraps(t) and t not in graph.outputs:
            inputs[k] = float_twin(t)
            front.append(Op(index, OpKind.QUANTIZE, 1, (inputs[k],), (t,)))
            index += 1
    for k, t in enumerate(graph.outputs):
        if wraps(t) and t not in graph.inputs:
            outputs[k] = float_twin(t)
            back.append(Op(index, OpKind.DEQUANTIZE, 1, (t,), (outputs[k],)))
            index += 1
    if not wrapped:
        raise ModelError(label, "--io float32: the model has no int8 input or output with one scale to wrap")
    return dataclasses.replace(graph, tensors=tensors, ops=[*front, *graph.ops, *back], inputs=tuple(inputs),
                               outputs=tuple(outputs), float_wrapped=wrapped)  # fmt: skip
