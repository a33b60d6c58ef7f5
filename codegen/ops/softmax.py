"""SOFTMAX int8 -> int8 over the last dimension."""

from __future__ import annotations

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_int8_same_shape, fail, no_macs, not_in_place
from codegen.ops.kernels import family
from codegen.quant import softmax_input_scaling

KINDS = (OpKind.SOFTMAX,)
SOFTMAX = family("SOFTMAX", "rvfw_softmax_params", "softmax_s8", ("ref",))
FAMILIES = (SOFTMAX,)
macs = no_macs
inplace = not_in_place


def check(graph: Graph, op: Op) -> None:
    _inp, out = expect_int8_same_shape(graph, op)
    if out.quant.zero_point[0] != -128 or abs(out.quant.scale[0] - 1 / 256) > 0.001 / 256:
        raise fail(graph, op, "int8 output must have scale 1/256 and zero point -128")


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp = ctx.tensor(op.inputs[0])
    depth = inp.shape[-1]
    multiplier, left_shift, diff_min = softmax_input_scaling(op.options.get("beta", 1.0), inp.quant.scale[0])
    params = [
        ("outer_size", inp.num_elements // depth),
        ("depth", depth),
        ("input_multiplier", multiplier),
        ("input_left_shift", left_shift),
        ("diff_min", diff_min),
    ]
    return ctx.layer(op, ctx.pick(SOFTMAX), SOFTMAX, params, [ctx.input(op), ctx.output(op)])
