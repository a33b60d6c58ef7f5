"""Cases of the one-input elementwise ops: the activations and their tables, the float32 math, CAST."""

from __future__ import annotations

import numpy as np

from codegen.modelgen import ModelBuilder
from tests.kernels.cases.common import FAST, RVV, S16_FAST, Case


def cast_chain(dtypes) -> bytes:
    """CASTs from the first dtype through the others (uint32 in the middle: inputs are int8, int16
    or int32), 45 values."""
    m = ModelBuilder()
    t = m.tensor("x", (45,), dtypes[0])
    first = t
    for k, dtype in enumerate(dtypes[1:]):
        y = m.tensor(f"y{k}", (45,), dtype)
        m.op("CAST", [t], [y], 1)
        t = y
    return m.finish([first], [t])


def activation(kind, shape, s_in, z_in, s_out, z_out, **options) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", shape, scale=s_in, zero_point=z_in)
    y = m.tensor("y", shape, scale=s_out, zero_point=z_out)
    m.op(kind, [x], [y], **options)
    return m.finish([x], [y])


def unary_s8(kind, version, s_in, z_in, s_out, z_out, shape=(3, 50)) -> bytes:
    """An int8 op of one input at the given op version (LiteRT's int8 EXP and LOG are version 2)."""
    m = ModelBuilder()
    x = m.tensor("x", shape, scale=s_in, zero_point=z_in)
    y = m.tensor("y", shape, scale=s_out, zero_point=z_out)
    m.op(kind, [x], [y], version)
    return m.finish([x], [y])


def unary_raw(kind, dtype, version=1, shape=(4, 40)) -> bytes:
    """An op of one int16, int32 or float32 input whose arithmetic reads no quantisation."""
    m = ModelBuilder()
    quant = {"scale": 0.01, "zero_point": 0} if dtype == np.int16 else {}
    x = m.tensor("x", shape, dtype, **quant)
    y = m.tensor("y", shape, dtype, **quant)
    m.op(kind, [x], [y], version)
    return m.finish([x], [y])


def leaky16(shape, alpha, in_scale, out_scale) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", shape, np.int16, scale=in_scale, zero_point=0)
    y = m.tensor("y", shape, np.int16, scale=out_scale, zero_point=0)
    m.op("LEAKY_RELU", [x], [y], alpha=alpha)
    return m.finish([x], [y])


def relu16(kind: str, shape, in_scale, out_scale, gelu=False) -> bytes:
    """int16 RELU (rescaled) or RELU6 (the input clamped to its own 0 and 6; TFLite Micro ignores
    the output's scale). gelu: an int16 GELU after it, so the model is LiteRT's alone and both are
    LiteRT's (rescaled by the single-precision scale ratio)."""
    m = ModelBuilder()
    x = m.tensor("x", shape, np.int16, scale=in_scale, zero_point=0)
    y = m.tensor("y", shape, np.int16, scale=out_scale, zero_point=0)
    m.op(kind, [x], [y], 3)  # int16 RELU and RELU6: version 3, as the converter writes them
    if not gelu:
        return m.finish([x], [y])
    g = m.tensor("g", shape, np.int16, scale=0.0002, zero_point=0)
    m.op("GELU", [y], [g])
    return m.finish([x], [y, g])


def float_unary(kind, gain, shape=(4, 1000), **options) -> bytes:
    """float32 LOGISTIC or TANH after a MUL by a constant gain, so the seeded [-1, 1] input covers
    [-gain, gain]: every branch of TFLite's logistic and of tanhf."""
    m = ModelBuilder()
    x = m.tensor("x", shape, np.float32)
    g = m.tensor("gain", (1,), np.float32, data=np.array([gain]))
    t = m.tensor("scaled", shape, np.float32)
    m.op("MUL", [x, g], [t])
    y = m.tensor("y", shape, np.float32)
    m.op(kind, [t], [y], **options)
    return m.finish([x], [y])


def float_chain(kinds, gain, shape=(4, 250)) -> bytes:
    """float32 elementwise ops one after another on the seeded input times a constant gain."""
    m = ModelBuilder()
    x = m.tensor("x", shape, np.float32)
    g = m.tensor("gain", (1,), np.float32, data=np.array([gain]))
    t = m.tensor("t0", shape, np.float32)
    m.op("MUL", [x, g], [t])
    for k, kind in enumerate(kinds):
        y = m.tensor(f"t{k + 1}", shape, np.float32)
        if isinstance(kind, tuple):  # (MUL, constant)
            c = m.tensor(f"c{k}", (1,), np.float32, data=np.array([kind[1]]))
            m.op(kind[0], [t, c], [y])
        else:
            m.op(kind, [t], [y])
        t = y
    return m.finish([x], [t])


def rsqrt_s8() -> bytes:
    """int8 RSQRT of an ABS (TFLite Micro refuses inputs below the zero point at run time), its
    zero input giving 127."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 33), scale=0.05, zero_point=3)
    t = m.tensor("t", (4, 33), scale=0.04, zero_point=-20)
    m.op("ABS", [x], [t])
    y = m.tensor("y", (4, 33), scale=0.02, zero_point=-128)
    m.op("RSQRT", [t], [y], 2)
    return m.finish([x], [y])


def table16(kind: str, in_scale: float, out_scale: float, zero_point: int = 0, version: int = 1, **options) -> bytes:
    """An int16 activation through LiteRT's int16 table (EXP, LOG, GELU: ops.lut16)."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 700), np.int16, scale=in_scale, zero_point=zero_point)
    y = m.tensor("y", (3, 700), np.int16, scale=out_scale, zero_point=zero_point)
    m.op(kind, [x], [y], version, **options)
    return m.finish([x], [y])


def rsqrt_s16(t_scale=0.0004, kind="RSQRT", y_scale=0.002) -> bytes:
    """int16 RSQRT (16x8) of an ABS: values from 0 (giving 32767) up; a coarse ABS scale makes them
    small (every normalisation shift). kind SQRT: LiteRT's int16 SQRT of the same values."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 33), np.int16, scale=0.0005, zero_point=0)
    t = m.tensor("t", (4, 33), np.int16, scale=t_scale, zero_point=0)
    m.op("ABS", [x], [t], 3)
    y = m.tensor("y", (4, 33), np.int16, scale=y_scale, zero_point=0)
    m.op(kind, [t], [y], 3 if kind == "RSQRT" else 1)
    return m.finish([x], [y])


def s16_litert_layer_norm_ops(norm_scale=0.0001248, t_scale=5.9e-06) -> bytes:
    """int16 RSQRT and a broadcast MUL as a ViT's LayerNorm has them, in a model only LiteRT runs
    (an int16 GELU at the end): LiteRT's RSQRT table (of 1 / sqrtf) and its MUL multiplier formed in
    single precision. The ABS keeps RSQRT's input at or above zero, where LiteRT runs it."""
    m = ModelBuilder()
    x = m.tensor("x", (16, 32), np.int16, scale=3.5e-05, zero_point=0)
    v = m.tensor("v", (16, 1), np.int16, scale=0.0002, zero_point=0)
    t = m.tensor("t", (16, 1), np.int16, scale=t_scale, zero_point=0)
    m.op("ABS", [v], [t], 3)
    r = m.tensor("r", (16, 1), np.int16, scale=norm_scale, zero_point=0)
    m.op("RSQRT", [t], [r], 3)
    y = m.tensor("y", (16, 32), np.int16, scale=9.5439e-05, zero_point=0)
    m.op("MUL", [x, r], [y])
    g = m.tensor("g", (16, 32), np.int16, scale=5e-05, zero_point=0)
    m.op("GELU", [y], [g])
    return m.finish([x, v], [r, y, g])


def every_dtype_float_extras() -> bytes:
    """float32 forms of ops the other cases take in int8: SPACE_TO_DEPTH, DEPTH_TO_SPACE,
    BATCH_TO_SPACE_ND, ARG_MAX and CAST."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 6, 3), np.float32)
    s2d = m.tensor("s2d", (1, 2, 3, 12), np.float32)
    m.op("SPACE_TO_DEPTH", [x], [s2d], block_size=2)
    d2s = m.tensor("d2s", (1, 4, 6, 3), np.float32)
    m.op("DEPTH_TO_SPACE", [s2d], [d2s], block_size=2)
    batched = m.tensor("batched", (4, 2, 3, 3), np.float32)
    m.op("RESHAPE", [d2s, m.tensor("s", (4,), np.int32, data=np.array([4, 2, 3, 3], np.int32))], [batched])
    block = m.tensor("block", (2,), np.int32, data=np.array([2, 2], np.int32))
    crops = m.tensor("crops", (2, 2), np.int32, data=np.array([[0, 1], [1, 0]], np.int32))
    b2s = m.tensor("b2s", (1, 3, 5, 3), np.float32)
    m.op("BATCH_TO_SPACE_ND", [batched, block, crops], [b2s])
    arg = m.tensor("arg", (1, 4, 6), np.int32)
    m.op("ARG_MAX", [x, m.tensor("axis", (1,), np.int32, data=np.array([3], np.int32))], [arg])
    cast = m.tensor("cast", (1, 4, 6, 3), np.int32)
    m.op("CAST", [x], [cast])
    return m.finish([x], [b2s, arg, cast])


def sigmoid16(kind, scale) -> bytes:
    """int16 LOGISTIC or TANH on 4096 seeded int16 values spanning the whole range: about 8 per
    table entry, and the saturated ends."""
    m = ModelBuilder()
    x = m.tensor("x", (64, 64), np.int16, scale=scale, zero_point=0)
    y = m.tensor("y", (64, 64), np.int16, scale=2.0**-15, zero_point=0)
    m.op(kind, [x], [y])
    return m.finish([x], [y])


def convert(src, dst, shape) -> bytes:
    """QUANTIZE / DEQUANTIZE between float32, int8 and int16, and QUANTIZE to int32."""
    m = ModelBuilder()
    dtypes = {"f32": np.float32, "s8": np.int8, "s16": np.int16, "s32": np.int32}
    quants = {"f32": (None, 0), "s8": (0.02, -7), "s16": (0.0004, 0), "s32": (0.0001, 11)}
    x = m.tensor("x", shape, dtypes[src], scale=quants[src][0], zero_point=quants[src][1])
    y = m.tensor("y", shape, dtypes[dst], scale=quants[dst][0], zero_point=quants[dst][1])
    m.op("DEQUANTIZE" if dst == "f32" else "QUANTIZE", [x], [y])
    return m.finish([x], [y])


CASES: dict[str, Case] = {
    "act_relu": Case(lambda r: activation("RELU", (2, 5, 7, 3), 0.05, -3, 0.03, -128), inplace=True, vector=FAST),
    "act_relu6_unrescaled": Case(
        lambda r: activation("RELU6", (1, 9, 13), 0.05, -7, 0.08, 3), inplace=True, vector=FAST
    ),
    "act_leaky_relu": Case(
        lambda r: activation("LEAKY_RELU", (3, 41), 0.04, 5, 0.03, -10, alpha=0.1), inplace=True, vector=FAST
    ),
    "act_logistic": Case(
        lambda r: activation("LOGISTIC", (1, 6, 6, 5), 0.06, 4, 1 / 256, -128), inplace=True, vector=FAST
    ),
    "act_tanh": Case(lambda r: activation("TANH", (2, 77), 0.03, -2, 1 / 128, 0), inplace=True, vector=FAST),
    "act_hard_swish": Case(
        lambda r: activation("HARD_SWISH", (1, 5, 5, 9), 0.05, -8, 0.04, -100), inplace=True, vector=FAST
    ),
    "act_elu": Case(lambda r: activation("ELU", (4, 33), 0.05, 10, 0.04, 20), inplace=True, vector=FAST),
    "act_abs_rescaled": Case(lambda r: activation("ABS", (3, 29), 0.05, -7, 0.03, -128), inplace=True, vector=FAST),
    "act_abs_same_scale": Case(lambda r: activation("ABS", (2, 40), 0.04, 9, 0.04, -20), inplace=True, vector=FAST),
    "l2_normalization_rows": Case(lambda r: activation("L2_NORMALIZATION", (3, 5, 17), 0.05, 6, 1 / 128, 0)),
    "l2_normalization_wide_zero_point": Case(lambda r: activation("L2_NORMALIZATION", (4, 64), 0.002, -90, 1 / 128, 0)),
    "log_softmax_rows": Case(lambda r: activation("LOG_SOFTMAX", (3, 10), 0.1, 5, 16 / 256, 127)),
    "log_softmax_fine_scale_wide": Case(lambda r: activation("LOG_SOFTMAX", (2, 70), 0.02, -30, 16 / 256, 127)),
    "s16_logistic_q3_12": Case(lambda r: sigmoid16("LOGISTIC", 2.0**-12), vector=S16_FAST),
    "s16_logistic_scaled": Case(lambda r: sigmoid16("LOGISTIC", 0.00037), vector=S16_FAST),
    "s16_tanh_q4_11": Case(lambda r: sigmoid16("TANH", 2.0**-11), vector=S16_FAST),
    "s16_tanh_scaled": Case(lambda r: sigmoid16("TANH", 0.0002), vector=S16_FAST),
    "f32_logistic": Case(lambda r: float_unary("LOGISTIC", 20.0), vector=FAST),
    "f32_hard_swish": Case(lambda r: float_unary("HARD_SWISH", 8.0), vector=FAST),
    "f32_log_softmax": Case(lambda r: float_unary("LOG_SOFTMAX", 12.0)),
    "f32_l2_normalization": Case(lambda r: float_unary("L2_NORMALIZATION", 5.0)),
    "f32_elu": Case(lambda r: float_unary("ELU", 30.0)),
    "f32_abs": Case(lambda r: float_chain(["ABS"], 10.0)),
    "every_dtype_float_extras": Case(lambda r: every_dtype_float_extras()),
    "rsqrt_s8_of_abs": Case(lambda r: rsqrt_s8()),
    # LiteRT's int8 EXP, LOG (a log at or below zero gives -128) and NEG (the raw bytes negated):
    # TFLite Micro runs them on float32 only, so LiteRT's reference is the golden (issue 56)
    "exp_s8_litert": Case(lambda r: unary_s8("EXP", 2, 0.03, -20, 0.2, -128)),
    "log_s8_litert": Case(lambda r: unary_s8("LOG", 2, 0.05, -60, 0.04, 30)),
    # LiteRT's int8 SQRT at the converter's version (2): every input at or above the zero point
    # (LiteRT stops on a negative one), the largest clamped to 127
    "sqrt_s8_litert": Case(lambda r: unary_s8("SQRT", 2, 0.05, -128, 0.027, -128, shape=(1, 256))),
    "neg_s8_litert": Case(lambda r: unary_s8("NEG", 1, 0.05, 3, 0.05, 3)),
    # LiteRT's RELU_N1_TO_1 and RELU_0_TO_1 (TFLite Micro has neither): int8 rescaled, float32 from
    # a gain of 3 so both bounds clamp
    # LiteRT's ABS int32, NEG int16 and int32, SIGN int32 and float32 (wrapping: the most negative
    # value gives itself back; TFLite Micro runs none of them)
    "abs_s32_litert": Case(lambda r: unary_raw("ABS", np.int32)),
    "neg_s16_litert": Case(lambda r: unary_raw("NEG", np.int16)),
    "neg_s32_litert": Case(lambda r: unary_raw("NEG", np.int32)),
    "sign_s32_litert": Case(lambda r: unary_raw("SIGN", np.int32, 2)),
    "f32_sign_litert": Case(lambda r: unary_raw("SIGN", np.float32)),
    "relu_n1_to_1_s8_litert": Case(lambda r: unary_s8("RELU_N1_TO_1", 1, 0.02, -10, 0.01, 5)),
    "relu_0_to_1_s8_litert": Case(lambda r: unary_s8("RELU_0_TO_1", 1, 0.015, 20, 0.005, -120)),
    "f32_relu_n1_to_1_litert": Case(lambda r: float_unary("RELU_N1_TO_1", 3.0)),
    "f32_relu_0_to_1_litert": Case(lambda r: float_unary("RELU_0_TO_1", 3.0)),
    "s16_rsqrt_of_abs": Case(lambda r: rsqrt_s16(), vector=("rvv",)),
    "s16_rsqrt_of_small": Case(lambda r: rsqrt_s16(0.6), vector=("rvv",)),
    "s16_rsqrt_of_hundreds": Case(lambda r: rsqrt_s16(0.03), vector=("rvv",)),
    "s16_sqrt_litert": Case(lambda r: rsqrt_s16(0.0004, "SQRT", 0.0002)),
    "s16_sqrt_small_litert": Case(lambda r: rsqrt_s16(0.6, "SQRT", 0.0007)),
    "s16_exp_table_litert": Case(lambda r: table16("EXP", 0.0002, 0.0005)),
    "s16_gelu_table_litert": Case(lambda r: table16("GELU", 0.0003, 0.0003)),
    "s16_rsqrt_mul_layer_norm_litert": Case(lambda r: s16_litert_layer_norm_ops()),
    "s16_rsqrt_mul_coarse_litert": Case(lambda r: s16_litert_layer_norm_ops(0.02, 0.003)),
    # LiteRT's int16 LOG (version 2): the table of logf, the output's lowest value at or below zero;
    # a fine output scale clamps the logs of small inputs to -32768 as well
    "s16_log_table_litert": Case(lambda r: table16("LOG", 0.0003, 0.0003, version=2)),
    "s16_log_table_clamped_litert": Case(lambda r: table16("LOG", 0.002, 0.00005, version=2)),
    "s16_gelu_approximate_litert": Case(lambda r: table16("GELU", 0.0001, 0.0002, approximate=True)),
    # LiteRT's float32 GELU (erfc as its Eigen build computes it) over [-12, 12]: both of erfc's
    # branches, exp(-x^2) down to 0 and the clamp at 11
    "f32_gelu_litert": Case(lambda r: float_unary("GELU", 12.0, approximate=False)),
    # 999 elements: Eigen leaves the last 3 to its scalar code, whose exp is the C library's expf
    "f32_gelu_scalar_tail_litert": Case(lambda r: float_unary("GELU", 9.0, (27, 37), approximate=False)),
    # the tanh form: Eigen's fast-math tanh, its clamp at 7.907 reached from |x| > 4.8
    "f32_gelu_tanh_litert": Case(lambda r: float_unary("GELU", 12.0, (3, 333), approximate=True)),
    "f32_neg": Case(lambda r: float_chain(["NEG"], 10.0)),
    "f32_floor_ceil": Case(lambda r: float_chain(["FLOOR", ("MUL", 0.37), "CEIL"], 20.0)),
    # k / 2 exactly, then ROUND: every half rounds to even, both signs
    "f32_round_halves": Case(lambda r: float_chain(["FLOOR", ("MUL", 0.5), "ROUND"], 16.0)),
    "f32_round": Case(lambda r: float_chain(["ROUND"], 7.0)),
    "f32_sqrt_rsqrt_of_squares": Case(lambda r: float_chain(["SQUARE", "SQRT", ("MUL", 3.0), "RSQRT"], 5.0)),
    # EXP over [-120, 120]: underflow to 0, subnormal results, overflow to inf; LOG of those (of 0,
    # of subnormals, of inf) and of the negatives NEG makes
    "f32_exp_log_whole_range": Case(lambda r: float_chain(["EXP", "LOG", ("MUL", 0.5), "EXP", "LOG"], 120.0)),
    "f32_log_of_signed": Case(lambda r: float_chain(["LOG"], 3.0)),
    # |x| < pi/4, the fast reduction below 120 and the 4/pi table above it
    "f32_sin_cos_small": Case(lambda r: float_chain(["SIN", ("MUL", 3.0), "COS"], 2.0)),
    "f32_sin_cos_large": Case(lambda r: float_chain(["COS", ("MUL", 1e6), "SIN"], 300.0)),
    "f32_leaky_relu": Case(lambda r: float_unary("LEAKY_RELU", 3.0, alpha=0.15)),
    "f32_tanh": Case(lambda r: float_unary("TANH", 25.0), vector=S16_FAST),
    "convert_f32_to_s16": Case(lambda r: convert("f32", "s16", (3, 17))),
    "convert_s16_to_f32": Case(lambda r: convert("s16", "f32", (3, 17))),
    "convert_s8_to_s16": Case(lambda r: convert("s8", "s16", (4, 9))),
    "convert_s16_to_s8": Case(lambda r: convert("s16", "s8", (4, 9))),
    "convert_s8_to_s32": Case(lambda r: convert("s8", "s32", (4, 9))),
    "convert_s16_to_s32": Case(lambda r: convert("s16", "s32", (4, 9))),
    "convert_s32_to_s16": Case(lambda r: convert("s32", "s16", (4, 9))),
    "convert_s32_to_s8": Case(lambda r: convert("s32", "s8", (4, 9))),
    "s16_leaky_relu": Case(lambda r: leaky16((2, 5, 11), 0.3, 0.0004, 0.0003)),
    "s16_relu_rescaled": Case(lambda r: relu16("RELU", (2, 5, 11), 0.0004, 0.0003), vector=S16_FAST),
    "s16_abs_rescaled": Case(lambda r: relu16("ABS", (3, 41), 0.0004, 0.0003)),
    "s16_abs_same_scale": Case(lambda r: relu16("ABS", (2, 17), 0.0002, 0.0002)),
    "s16_relu6": Case(lambda r: relu16("RELU6", (3, 37), 0.0003, 0.0003), vector=S16_FAST),
    "s16_relu6_rescaled_output": Case(lambda r: relu16("RELU6", (4, 9), 0.0002, 0.0005)),
    "s16_relu6_rescaled_then_gelu_litert": Case(lambda r: relu16("RELU6", (4, 90), 0.0002, 0.0005, gelu=True)),
    "s16_relu_rescaled_then_gelu_litert": Case(lambda r: relu16("RELU", (4, 90), 0.00031, 0.00017, gelu=True)),
    "s16_leaky_relu_alpha_above_one": Case(lambda r: leaky16((3, 17), 1.7, 0.0002, 0.0005)),
    "cast_s16_s32_s8": Case(lambda r: cast_chain([np.int16, np.int32, np.int8]), vector=RVV),
    "cast_s32_u32_s32_s16": Case(lambda r: cast_chain([np.int32, np.uint32, np.int32, np.int16]), vector=RVV),
    "cast_s8_s32_s16": Case(lambda r: cast_chain([np.int8, np.int32, np.int16]), vector=RVV),
}
