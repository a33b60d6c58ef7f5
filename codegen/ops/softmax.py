"""SOFTMAX and LOG_SOFTMAX, int8 -> int8 (and SOFTMAX int8 -> int16) over the last dimension
(TFLite Micro's integer forms: gemmlowp exp, and for LOG_SOFTMAX its log, run on the device per row)."""

from __future__ import annotations

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_dtype,
    expect_int8_same_shape,
    expect_quant,
    fail,
    no_macs,
    not_in_place,
)
from codegen.ops.kernels import family
from codegen.quant import quantize_multiplier, softmax_input_scaling

KINDS = (OpKind.SOFTMAX, OpKind.LOG_SOFTMAX)
SOFTMAX = family("SOFTMAX", "rvfw_softmax_params", "softmax_s8", ("ref", "rvv", "xthead"), ("SOFTMAX",))
LOG_SOFTMAX = family("LOG_SOFTMAX", "rvfw_log_softmax_params", "log_softmax_s8", ("ref",), ("LOG_SOFTMAX",))
SOFTMAX_S16 = family("SOFTMAX int8 -> int16", "rvfw_softmax_params", "softmax_s8_s16", ("ref",), ("SOFTMAX",))
FAMILIES = (SOFTMAX, LOG_SOFTMAX, SOFTMAX_S16)
macs = no_macs
inplace = not_in_place


def check(graph: Graph, op: Op) -> None:
    if op.kind is OpKind.SOFTMAX and graph.tensors[op.outputs[0]].dtype is DType.INT16:
        expect_dtype(graph, op, op.inputs[0], "input", DType.INT8)
        inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
        expect_quant(graph, op, inp, "input")
        expect_quant(graph, op, out, "output")
        if inp.shape != out.shape:
            raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")
        if out.quant.zero_point[0] != -32768 or abs(out.quant.scale[0] - 1 / 65536) > 0.001 / 65536:
            raise fail(
                graph, op, "int16 output must have scale 1/65536 and zero point -32768 (as TFLite Micro requires)"
            )
        return
    _inp, out = expect_int8_same_shape(graph, op)
    if op.kind is OpKind.LOG_SOFTMAX:
        if out.quant.zero_point[0] != 127 or abs(out.quant.scale[0] - 16 / 256) > 1e-6:
            raise fail(graph, op, "int8 output must have scale 16/256 and zero point 127 (as TFLite Micro requires)")
        return
    if out.quant.zero_point[0] != -128 or abs(out.quant.scale[0] - 1 / 256) > 0.001 / 256:
        raise fail(graph, op, "int8 output must have scale 1/256 and zero point -128")


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp = ctx.tensor(op.inputs[0])
    depth = inp.shape[-1]
    beta = op.options.get("beta", 1.0) if op.kind is OpKind.SOFTMAX else 1.0  # LOG_SOFTMAX: beta 1
    multiplier, left_shift, diff_min = softmax_input_scaling(beta, inp.quant.scale[0])
    params = [
        ("outer_size", inp.num_elements // depth),
        ("depth", depth),
        ("input_multiplier", multiplier),
        ("input_left_shift", left_shift),
        ("diff_min", diff_min),
    ]
    if op.kind is OpKind.LOG_SOFTMAX:
        reverse = quantize_multiplier((1 << (31 - left_shift)) / multiplier)
        params += [("reverse_multiplier", reverse[0]), ("reverse_shift", reverse[1])]
        return ctx.layer(op, ctx.pick(LOG_SOFTMAX), LOG_SOFTMAX, params, [ctx.input(op), ctx.output(op)])
    fam = SOFTMAX_S16 if ctx.tensor(op.outputs[0]).dtype is DType.INT16 else SOFTMAX
    return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op)])
