"""QUANTIZE (float32 -> int8, or int8 -> int8 rescale) and DEQUANTIZE (int8 -> float32)."""

from __future__ import annotations

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_dtype, expect_quant
from codegen.quant import quantize_multiplier


def check(graph: Graph, op: Op) -> None:
    if op.kind is OpKind.QUANTIZE:
        inp = expect_dtype(graph, op, op.inputs[0], "input", DType.FLOAT32, DType.INT8)
        out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
        expect_quant(graph, op, out, "output")
        if inp.dtype is DType.INT8:
            expect_quant(graph, op, inp, "input")
    else:
        inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8)
        expect_dtype(graph, op, op.outputs[0], "output", DType.FLOAT32)
        expect_quant(graph, op, inp, "input")


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    args = [ctx.arena(op.inputs[0]), ctx.arena(op.outputs[0])]
    note = ctx.no_vector_kernel(op.kind.value)
    if op.kind is OpKind.DEQUANTIZE:
        params = [("size", inp.num_elements), ("zero_point", inp.quant.zero_point[0]), ("scale", inp.quant.scale[0])]
        return Layer(op.index, op.kind.value, "dequantize_s8_f32_ref", "rvfw_affine_params", params, args, note=note)
    if inp.dtype is DType.FLOAT32:
        params = [("size", inp.num_elements), ("zero_point", out.quant.zero_point[0]), ("scale", out.quant.scale[0])]
        return Layer(op.index, op.kind.value, "quantize_f32_s8_ref", "rvfw_affine_params", params, args, note=note)
    multiplier, shift = quantize_multiplier(inp.quant.scale[0] / out.quant.scale[0])
    params = [
        ("size", inp.num_elements),
        ("input_zero_point", inp.quant.zero_point[0]),
        ("output_zero_point", out.quant.zero_point[0]),
        ("multiplier", multiplier),
        ("shift", shift),
    ]
    return Layer(op.index, op.kind.value, "requantize_s8_ref", "rvfw_requantize_params", params, args, note=note)
