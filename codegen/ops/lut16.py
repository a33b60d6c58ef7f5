"""LiteRT's int16 table activations, which TFLite Micro lacks: EXP, LOG and GELU int16 (16x8 models'
attention and MLP blocks), and RSQRT where LiteRT defines the model (LayerNorm's). LiteRT populates
a 513-entry table when it prepares the op (its lut.h LUTPopulate<int16_t>: the function sampled
over the input's whole int16 range in single precision, the host C library's expf and
erfcf/tanhf, the output range from the output's scale) and reads it with the interpolating
LUTLookup (rvfw_lut16.h); rvfw builds the same table here (ops.sigmoid16.gen_lut_s16, TFLite's
algorithm) and runs the same lookup. Measured equal to LiteRT's reference over the whole input
range."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.ops import sigmoid16
from codegen.ops.common import Layer, LowerContext, expect_int16_io, expect_same_shape, fail
from codegen.ops.kernels import family

LUT16 = family("int16 activation (LiteRT's table)", "rvfw_lut_params", "lut_s16", ("ref", "rvv"),
               ("EXP", "GELU", "LOG", "RSQRT"))  # fmt: skip


def check(graph: Graph, op: Op) -> None:
    inp, out = expect_int16_io(graph, op)  # zero points 0, as LiteRT's int16 EXP and LOG require
    expect_same_shape(graph, op, inp, out)
    if op.kind is OpKind.EXP:
        top = np.float32(inp.quant.scale[0]) * np.float32(32767)
        if not np.isfinite(sigmoid16._host_expf()(top)):
            # LiteRT's table then takes inf - inf (a NaN) and converts it to int16: undefined
            raise fail(graph, op, f"int16 input range up to {float(top):g}: exp overflows float32 there, where "
                       "LiteRT's table is undefined (NaN converted to int16)")  # fmt: skip


def table(graph: Graph, op: Op, transform: Callable[[np.float32], np.float32]) -> np.ndarray:
    """LiteRT's table: the input's and output's real ranges in single precision, as it computes them."""
    f32 = np.float32
    inp, out = graph.tensors[op.inputs[0]].quant, graph.tensors[op.outputs[0]].quant
    si, zi, so, zo = f32(inp.scale[0]), int(inp.zero_point[0]), f32(out.scale[0]), int(out.zero_point[0])
    return sigmoid16.gen_lut_s16(transform, si * f32(-32768 - zi), si * f32(32767 - zi), so * f32(-32768 - zo),
                                 so * f32(32767 - zo))  # fmt: skip


def lower(ctx: LowerContext, op: Op, transform: Callable[[np.float32], np.float32]) -> Layer:
    values = ctx.derived(op, "table", "int16_t", table(ctx.graph, op, transform))
    params = [("size", ctx.tensor(op.inputs[0]).num_elements)]
    return ctx.layer(op, ctx.pick(LUT16), LUT16, params, [ctx.input(op), values, ctx.output(op)])
