"""SOFTMAX and LOG_SOFTMAX, int8 -> int8 (and SOFTMAX int8 -> int16) over the last dimension
(TFLite Micro's integer forms: gemmlowp exp, and for LOG_SOFTMAX its log, run on the device per row);
SOFTMAX int16 (TFLite's exp and reciprocal tables) and both in float32 (rvfw_expf, rvfw_logf: the
host C library's results)."""

from __future__ import annotations

import numpy as np

from codegen import fixedpoint
from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import (
    Layer,
    LowerContext,
    Operands,
    expect_dtype,
    expect_float,
    expect_int8_same_shape,
    expect_int16_io,
    expect_quant,
    expect_same_shape,
    fail,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family, lanes
from codegen.ops.sigmoid16 import softmax_luts
from codegen.quant import quantize_multiplier, softmax_input_scaling

# The fast scalar kernels read the gemmlowp exp of each x - max from a table of its 256 values.
SOFTMAX = family("SOFTMAX", "rvfw_softmax_params", "softmax_s8", ("ref", "scalar", "rvv", "xthead"), ("SOFTMAX",),
                 args={"ref": ("input", "output"), "scalar": ("input", "exps", "output"), "rvv": ("input", "output"),
                       "xthead": ("input", "output")}, tables=("scalar",))  # fmt: skip
LOG_SOFTMAX = family("LOG_SOFTMAX", "rvfw_log_softmax_params", "log_softmax_s8", ("ref",), ("LOG_SOFTMAX",))
SOFTMAX_S16 = family("SOFTMAX int8 -> int16", "rvfw_softmax_params", "softmax_s8_s16", ("ref", "scalar"), ("SOFTMAX",),
                     args={"ref": ("input", "output"), "scalar": ("input", "exps", "output")},
                     tables=("scalar",))  # fmt: skip
SOFTMAX_INT16 = family("SOFTMAX int16", "rvfw_softmax_params", "softmax_s16", ("ref", "scalar", "rvv"),
                       ("SOFTMAX",))  # fmt: skip
# The RVV kernel runs the reference's exp in float64 lanes (V, Zve64d).
# XTheadVector: the exps in float64 lanes, the maximum and the ordered sum scalar.
SOFTMAX_F32 = family("SOFTMAX float32", "rvfw_softmax_params", "softmax_f32", ("ref", "rvv", "xthead"), ("SOFTMAX",),
                     needs={"rvv": lanes("f64")})  # fmt: skip
LOG_SOFTMAX_F32 = family("LOG_SOFTMAX float32", "rvfw_softmax_params", "log_softmax_f32", ("ref",), ("LOG_SOFTMAX",))
# Without a double-precision FPU the references' expf is a dozen soft-float calls: the fast scalar
# kernels compute the same bits in integer arithmetic (rvfw_expf_int.h).
SOFTMAX_F32_SOFT = SOFTMAX_F32.variant("SOFTMAX float32 (integer exp)", {"scalar": "softmax_f32_scalar"})
LOG_SOFTMAX_F32_SOFT = LOG_SOFTMAX_F32.variant(
    "LOG_SOFTMAX float32 (integer exp)", {"scalar": "log_softmax_f32_scalar"}
)


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
    operands: Operands = {
        "input": lambda: ctx.input(op),
        "exps": lambda: ctx.derived(op, "exps", "int32_t", softmax_exps(multiplier, left_shift)),
        "output": lambda: ctx.output(op),
    }
    fam = SOFTMAX_S16 if ctx.tensor(op.outputs[0]).dtype is DType.INT16 else SOFTMAX
    return ctx.layer(op, ctx.pick(fam), fam, params, operands)


def softmax_exps(multiplier: int, left_shift: int) -> np.ndarray:
    """rvfw_softmax_exp(diff) for diff = -255..0: the int8 softmax's gemmlowp exp of the scaled
    difference (5 integer bits), as the kernels compute it."""
    values = [fixedpoint.exp_on_negative_values(fixedpoint.srdhm(fixedpoint.wrap32(d << left_shift), multiplier), 5)
              for d in range(-255, 1)]  # fmt: skip
    return np.array(values, dtype=np.int32)


def _row_params(inp, multiplier: int = 0, left_shift: int = 0) -> list[tuple[str, int]]:
    depth = inp.shape[-1]
    return [("outer_size", inp.num_elements // depth), ("depth", depth), ("input_multiplier", multiplier),
            ("input_left_shift", left_shift), ("diff_min", 0)]  # fmt: skip


def check_s16(graph: Graph, op: Op) -> None:
    _inp, out = expect_int16_io(graph, op)
    if abs(out.quant.scale[0] - 1 / 32768) > 0.001 / 32768:
        raise fail(graph, op, f"int16 output scale {out.quant.scale[0]:g} is not 1/32768 (TFLite Micro needs it)")


def lower_s16(ctx: LowerContext, op: Op) -> Layer:
    inp = ctx.tensor(op.inputs[0])
    beta = float(op.options.get("beta", 1.0))
    m, s = quantize_multiplier(float(inp.quant.scale[0]) * beta / (10.0 / 65535.0))
    exp_lut, reciprocal_lut = softmax_luts()
    tables = [ctx.derived(op, "exp_lut", "int16_t", exp_lut),
              ctx.derived(op, "reciprocal_lut", "int16_t", reciprocal_lut)]  # fmt: skip
    fam = SOFTMAX_INT16
    return ctx.layer(op, ctx.pick(fam), fam, _row_params(inp, m, s), [ctx.input(op), *tables, ctx.output(op)])


def check_f32(graph: Graph, op: Op) -> None:
    expect_same_shape(graph, op, *expect_float(graph, op))


def lower_f32(ctx: LowerContext, op: Op) -> Layer:
    params = _row_params(ctx.tensor(op.inputs[0]))
    soft = "fpu64" not in ctx.caps
    if op.kind is OpKind.LOG_SOFTMAX:
        fam = LOG_SOFTMAX_F32_SOFT if soft else LOG_SOFTMAX_F32
        return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op)])
    fam = SOFTMAX_F32_SOFT if soft else SOFTMAX_F32
    beta = ctx.derived(op, "beta", "float", np.array([op.options.get("beta", 1.0)], dtype=np.float32))
    return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), beta, ctx.output(op)])


CONTRACT = OpContract(
    kinds={OpKind.SOFTMAX: Kind(3, (1, 1)), OpKind.LOG_SOFTMAX: Kind(2, (1, 1))},
    forms={
        DType.INT16: Form(check_s16, lower_s16, (SOFTMAX_INT16,), kinds=(OpKind.SOFTMAX,)),
        DType.FLOAT32: Form(
            check_f32, lower_f32, (SOFTMAX_F32, LOG_SOFTMAX_F32, SOFTMAX_F32_SOFT, LOG_SOFTMAX_F32_SOFT)
        ),
        None: Form(check, lower, (SOFTMAX, LOG_SOFTMAX, SOFTMAX_S16)),
    },
)
