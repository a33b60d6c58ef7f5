"""L2_NORMALIZATION, int8, over the last axis: TFLite Micro's integer form (the sum of squares of
the zero-point-free inputs, its inverse square root by Newton-Raphson, an output of scale 1/128
and zero point 0, which TFLite Micro requires)."""

from __future__ import annotations

import math

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_int8_same_shape, fail, no_macs, not_in_place
from codegen.ops.kernels import family

KINDS = (OpKind.L2_NORMALIZATION,)
L2 = family("L2_NORMALIZATION", "rvfw_l2norm_params", "l2_normalization_s8", ("ref",))
FAMILIES = (L2,)
macs = no_macs
inplace = not_in_place


def check(graph: Graph, op: Op) -> None:
    _inp, out = expect_int8_same_shape(graph, op)
    if (out.quant.scale[0], out.quant.zero_point[0]) != (1 / 128, 0):
        raise fail(graph, op, "output scale must be 1/128 and zero point 0 (as TFLite Micro requires)")
    if op.options.get("activation", "NONE") != "NONE":
        raise fail(graph, op, f"fused activation {op.options['activation']} not supported")


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp = ctx.tensor(op.inputs[0])
    depth = inp.shape[-1] if inp.shape else 1
    params = [("outer", math.prod(inp.shape[:-1])), ("depth", depth), ("input_zero_point", inp.quant.zero_point[0])]
    return ctx.layer(op, ctx.pick(L2), L2, params, [ctx.input(op), ctx.output(op)])
