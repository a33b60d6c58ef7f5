"""QUANTIZE (float32 -> int8, or int8 -> int8 rescale) and DEQUANTIZE (int8 -> float32)."""

from __future__ import annotations

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_dtype, expect_quant, fail, no_macs, not_in_place
from codegen.ops.kernels import family
from codegen.quant import quantize_multiplier

KINDS = (OpKind.QUANTIZE, OpKind.DEQUANTIZE)
DEQUANTIZE = family("DEQUANTIZE", "rvfw_affine_params", "dequantize_s8_f32", ("ref",), ("DEQUANTIZE",))
QUANTIZE = family("QUANTIZE", "rvfw_affine_params", "quantize_f32_s8", ("ref",), ("QUANTIZE",))
REQUANTIZE = family("QUANTIZE (int8 rescale)", "rvfw_requantize_params", "requantize_s8", ("ref",), ("QUANTIZE",))
FAMILIES = (DEQUANTIZE, QUANTIZE, REQUANTIZE)
macs = no_macs
inplace = not_in_place


def check(graph: Graph, op: Op) -> None:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if inp.shape != out.shape:
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")
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
    args = [ctx.input(op), ctx.output(op)]
    if op.kind is OpKind.DEQUANTIZE:
        params = [("size", inp.num_elements), ("zero_point", inp.quant.zero_point[0]), ("scale", inp.quant.scale[0])]
        return ctx.layer(op, ctx.pick(DEQUANTIZE), DEQUANTIZE, params, args)
    if inp.dtype is DType.FLOAT32:
        params = [("size", inp.num_elements), ("zero_point", out.quant.zero_point[0]), ("scale", out.quant.scale[0])]
        return ctx.layer(op, ctx.pick(QUANTIZE), QUANTIZE, params, args)
    multiplier, shift = quantize_multiplier(inp.quant.scale[0] / out.quant.scale[0])
    params = [
        ("size", inp.num_elements),
        ("input_zero_point", inp.quant.zero_point[0]),
        ("output_zero_point", out.quant.zero_point[0]),
        ("multiplier", multiplier),
        ("shift", shift),
    ]
    return ctx.layer(op, ctx.pick(REQUANTIZE), REQUANTIZE, params, args)
