"""The int8 activations (RELU, RELU6, LEAKY_RELU, LOGISTIC, TANH, HARD_SWISH, ELU, GELU): each maps one
int8 input to one int8 output, so each is a 256-entry table built here at build time with exactly
TFLite Micro's integer arithmetic (its Prepare() constants, then its per-element Eval() code, run
once per possible input value) and applied on the device by one table-lookup kernel.

TFLite Micro's own quirks are kept: RELU6 clamps the raw input between its zero point and its 6.0
without rescaling to the output; LOGISTIC's output is read as zero point -128 and TANH's as zero
point 0 whatever the tensor says (scale 1/256 and 1/128); ELU rounds in single precision.
GELU, which TFLite Micro lacks, is LiteRT's: its table from the float transform (erfc or tanh as
the host C library computes them) in single precision.

The int16 forms: LOGISTIC and TANH through TFLite's int16 tables (ops.sigmoid16), LEAKY_RELU with
TFLite Micro's two multipliers. The float32 forms are plain loops (exp, expm1 and tanh as the host
C library computes them: rvfw_expf.h, rvfw_tanhf.h).

A new unary int8 op whose output depends on its input byte alone is a table here (an entry in
TABLES and KINDS), not a module of its own: it gets the LUT kernels of every set for free.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import math

import numpy as np

from codegen import fixedpoint as fp
from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import lut16, sigmoid16, unary_int
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_float,
    expect_int8_same_shape,
    expect_int16_io,
    expect_same_shape,
    fail,
    float_activation,
)
from codegen.ops.contract import Form, Kind, OpContract, Rows
from codegen.ops.kernels import family, lanes
from codegen.ops.requantize import IDENTITY, REQUANTIZE, requantize_layer
from codegen.ops.tflm_set import litert_semantics
from codegen.quant import INT8_MAX, INT8_MIN, quantize_multiplier, round_half_away

KINDS = (
    OpKind.ABS,
    OpKind.RELU,
    OpKind.RELU6,
    OpKind.LEAKY_RELU,
    OpKind.LOGISTIC,
    OpKind.TANH,
    OpKind.HARD_SWISH,
    OpKind.ELU,
    OpKind.GELU,
    OpKind.RELU_N1_TO_1,
    OpKind.RELU_0_TO_1,
)
LUT = family("int8 activation (table)", "rvfw_lut_params", "lut_s8", ("ref", "scalar", "rvv", "xthead"))
# int16: LOGISTIC and TANH are TFLite's int16 table kernels (ops.sigmoid16) with its input scaling
SIGMOID_S16 = family("LOGISTIC / TANH int16", "rvfw_sigmoid_s16_params", "sigmoid_s16", ("ref", "scalar", "rvv"),
                     ("LOGISTIC", "TANH"))  # fmt: skip
LEAKY_S16 = family("LEAKY_RELU int16", "rvfw_leaky_relu_params", "leaky_relu_s16", ("ref",), ("LEAKY_RELU",))
# float32: exp, expm1 and tanh as the host C library computes them (rvfw_expf.h, rvfw_tanhf.h)
# The clamps' compares and selects in float32 lanes (V, Zve32f; the C906's unit).
CLAMP_F32 = family("RELU/RELU6 float32", "rvfw_lut_params", "clamp_f32", ("ref", "rvv", "xthead"),
                   ("RELU", "RELU6", "RELU_N1_TO_1", "RELU_0_TO_1"), needs={"rvv": lanes("f32")})  # fmt: skip
# Without an FPU each float compare is a library call: the fast scalar clamp compares bits.
CLAMP_F32_SOFT = CLAMP_F32.variant("RELU/RELU6 float32 (integer compares)", {"scalar": "clamp_f32_scalar"})
# RVV: LOGISTIC with its exp in float64 lanes (rvfw_expf_rvv.h), TANH (rvfw_tanhf_rvv.h) and
# HARD_SWISH in float32 lanes.
UNARY_F32_RVV = {OpKind.LOGISTIC: "f64", OpKind.TANH: "f32", OpKind.HARD_SWISH: "f32"}
# XTheadVector (the C906's unit has float32 and float64 lanes): LOGISTIC (its expf in float64
# lanes), TANH (rvfw_tanhf_rvv.h's lanes) and HARD_SWISH.
UNARY_F32_XTHEAD = {OpKind.LOGISTIC, OpKind.TANH, OpKind.HARD_SWISH}
UNARY_F32 = {kind: family(f"{kind.value} float32", "rvfw_lut_params", f"{kind.value.lower()}_f32",
                          ("ref",) + (("rvv",) if kind in UNARY_F32_RVV else ())
                          + (("xthead",) if kind in UNARY_F32_XTHEAD else ()), (kind.value,),
                          needs={"rvv": lanes(UNARY_F32_RVV[kind])} if kind in UNARY_F32_RVV else None)
             for kind in (OpKind.LOGISTIC, OpKind.TANH, OpKind.HARD_SWISH, OpKind.ELU)}  # fmt: skip
# Without a double-precision FPU the reference's expf is a dozen soft-float calls: the fast scalar
# LOGISTIC computes the same bits in integer arithmetic (rvfw_expf_int.h).
LOGISTIC_F32_SOFT = UNARY_F32[OpKind.LOGISTIC].variant("LOGISTIC float32 (integer exp)",
                                                       {"scalar": "logistic_f32_scalar"})  # fmt: skip
# Without an FPU each float comparison is a library call: the fast scalar HARD_SWISH compares bits.
HARD_SWISH_F32_SOFT = UNARY_F32[OpKind.HARD_SWISH].variant("HARD_SWISH float32 (integer compares)",
                                                           {"scalar": "hard_swish_f32_scalar"})  # fmt: skip
# Without an FPU tanhf is some 30 soft-float calls: the fast scalar TANH runs the same operations
# on integer add, multiply and divide of the bits (rvfw_tanhf_soft.h).
TANH_F32_SOFT = UNARY_F32[OpKind.TANH].variant("TANH float32 (integer float operations)",
                                               {"scalar": "tanh_f32_scalar"})  # fmt: skip
LEAKY_F32 = family("LEAKY_RELU float32", "rvfw_lut_params", "leaky_relu_f32", ("ref",), ("LEAKY_RELU",))
ABS_F32 = family("ABS float32", "rvfw_lut_params", "abs_f32", ("ref", "rvv"), ("ABS",), needs={"rvv": lanes("f32")})
# LiteRT's float32 GELU (TFLite Micro has none): erfc as its Eigen build vectorises it (gelu_f32_ref),
# and the tanh form (approximate) through Eigen's fast-math tanh (gelu_tanh_f32_ref).
GELU_F32 = family(
    "GELU float32 (LiteRT's Eigen erfc)",
    "rvfw_lut_params",
    "gelu_f32",
    ("ref", "rvv", "xthead"),
    ("GELU",),
    needs={"rvv": lanes("f64")},
)  # the low part of x^2 in float64 lanes (the C906's unit has them)
GELU_TANH_F32 = family("GELU float32, tanh form (LiteRT's Eigen tanh)", "rvfw_lut_params", "gelu_tanh_f32",
                       ("ref", "rvv", "xthead"), ("GELU",), needs={"rvv": lanes("f32")})  # fmt: skip
# Without an FPU each float operation is a libgcc call: the fast scalar GELU runs the same ones on
# integer add, multiply and divide of the bits (rvfw_gelu_soft.h).
GELU_TANH_F32_SOFT = GELU_TANH_F32.variant("GELU float32, tanh form (integer float operations)",
                                           {"scalar": "gelu_tanh_f32_scalar"})  # fmt: skip
GELU_F32_SOFT = GELU_F32.variant("GELU float32 (integer float operations)", {"scalar": "gelu_f32_scalar"})
ABS_S16 = family("ABS int16", "rvfw_requantize_params", "abs_s16", ("ref",), ("ABS",))
INT16_MIN, INT16_MAX = -(1 << 15), (1 << 15) - 1
INPUTS = np.arange(INT8_MIN, INT8_MAX + 1)  # table index k holds the output for input (int8)(k): TFLM's order


def _f32(x: float) -> np.float32:
    return np.float32(x)


def _clamp8(x: int) -> int:
    return min(max(int(x), INT8_MIN), INT8_MAX)


def relu(graph: Graph, op: Op) -> list[int]:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    m, s = quantize_multiplier(float(inp.quant.scale[0]) / float(out.quant.scale[0]))
    zi, zo = inp.quant.zero_point[0], out.quant.zero_point[0]
    lo = max(INT8_MIN, zo + round_half_away(float(_f32(0.0) / _f32(out.quant.scale[0]))))
    return [min(max(zo + fp.multiply_by_quantized_multiplier(int(x) - zi, m, s), lo), INT8_MAX) for x in INPUTS]


# LiteRT's RELU_N1_TO_1 and RELU_0_TO_1 (TFLite Micro has neither): the float bounds they clamp to;
# RELU and RELU6 the same way in a model only LiteRT runs (LiteRT rescales a standalone RELU6 to its
# output and rounds once; TFLite Micro's RELU6 clamps the raw input, its RELU rounds twice)
CLAMPS = {OpKind.RELU_N1_TO_1: (-1.0, 1.0), OpKind.RELU_0_TO_1: (0.0, 1.0), OpKind.RELU: (0.0, math.inf),
          OpKind.RELU6: (0.0, 6.0)}  # fmt: skip


def relu_x(graph: Graph, op: Op) -> list[int]:
    """LiteRT's int8 RELU_N1_TO_1 and RELU_0_TO_1 (activations.cc's QuantizedReluX): x - zi rescaled
    to the output (one rounding, as its reference kernels are built), plus zo, clamped to the
    bounds quantized (zo + round(bound / output scale), in single precision) within int8."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    m, s = quantize_multiplier(float(inp.quant.scale[0]) / float(out.quant.scale[0]))
    zi, zo, so = inp.quant.zero_point[0], out.quant.zero_point[0], _f32(out.quant.scale[0])
    low, high = CLAMPS[op.kind]
    lo = max(INT8_MIN, zo + round_half_away(float(_f32(low) / so)))
    hi = INT8_MAX if high == math.inf else min(INT8_MAX, zo + round_half_away(float(_f32(high) / so)))
    return [min(max(zo + fp.multiply_by_quantized_multiplier_single(int(x) - zi, m, s), lo), hi) for x in INPUTS]


def abs_(graph: Graph, op: Op) -> list[int]:
    """TFLite Micro's AbsEvalQuantized: |x - zi| rescaled only where the two float32 scales differ."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    zi, zo = inp.quant.zero_point[0], out.quant.zero_point[0]
    if _f32(inp.quant.scale[0]) == _f32(out.quant.scale[0]):
        return [_clamp8(abs(int(x) - zi) + zo) for x in INPUTS]
    m, s = quantize_multiplier(float(_f32(inp.quant.scale[0])) / float(_f32(out.quant.scale[0])))
    return [_clamp8(fp.multiply_by_quantized_multiplier(abs(int(x) - zi), m, s) + zo) for x in INPUTS]


def relu6(graph: Graph, op: Op) -> list[int]:
    inp = graph.tensors[op.inputs[0]]
    zero = inp.quant.zero_point[0]
    six = _clamp8(round_half_away(float(_f32(6.0) / _f32(inp.quant.scale[0]))) + zero)
    return [min(max(int(x), zero), six) for x in INPUTS]


def leaky_relu(graph: Graph, op: Op) -> list[int]:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    si, so, alpha = _f32(inp.quant.scale[0]), _f32(out.quant.scale[0]), _f32(op.options["alpha"])
    m_alpha, s_alpha = quantize_multiplier(float(si * alpha / so))  # float32 products, as TFLM
    m_id, s_id = quantize_multiplier(float(si / so))
    zi, zo = inp.quant.zero_point[0], out.quant.zero_point[0]
    table = []
    for x in INPUTS:
        v = int(x) - zi
        m, s = (m_id, s_id) if v >= 0 else (m_alpha, s_alpha)
        table.append(_clamp8(zo + fp.multiply_by_quantized_multiplier(v, m, s)))
    return table


def _sigmoid_input_scaling(scale: float) -> tuple[int, int, int]:
    """(multiplier, left shift, radius) of TFLM's int8 LOGISTIC and TANH: input in Q4.27."""
    q, left_shift = math.frexp(float(scale) * (1 << (31 - 4)))
    multiplier = round_half_away(q * (1 << 31))
    radius = math.floor(((1 << 4) - 1) * (1 << (31 - 4)) / (1 << left_shift))
    return multiplier, left_shift, radius


def _sigmoid_like(graph: Graph, op: Op, function, out_shift: int, out_offset: int) -> list[int]:
    inp = graph.tensors[op.inputs[0]]
    multiplier, left_shift, radius = _sigmoid_input_scaling(inp.quant.scale[0])
    zi = inp.quant.zero_point[0]
    table = []
    for x in INPUTS:
        v = int(x) - zi
        if v <= -radius:
            table.append(INT8_MIN)
        elif v >= radius:
            table.append(INT8_MAX)
        else:
            q4 = fp.multiply_by_quantized_multiplier(v, multiplier, left_shift)
            table.append(_clamp8(fp.rounding_divide_by_pot(function(q4, 4), out_shift) + out_offset))
    return table


def logistic(graph: Graph, op: Op) -> list[int]:
    return _sigmoid_like(graph, op, fp.logistic, 31 - 8, -128)


def tanh(graph: Graph, op: Op) -> list[int]:
    return _sigmoid_like(graph, op, fp.tanh, 31 - 7, 0)


def _downscale_to_int16(multiplier: int) -> int:
    if multiplier >= fp.INT32_MAX - (1 << 15):
        return fp.INT16_MAX
    return (multiplier + (1 << 15)) >> 16


def _saturating_left_shift16(value: int, amount: int) -> int:
    return min(max(value * (1 << amount), fp.INT16_MIN), fp.INT16_MAX)


def _saturating_doubling_high_mul16(a: int, b: int) -> int:
    """SaturatingDoublingHighMul: like srdhm but rounding toward zero (TFLM's HardSwish)."""
    if a == b == fp.INT16_MIN:
        return fp.INT16_MAX
    return fp.trunc_div(a * b, 1 << 15)


def hard_swish_params(graph: Graph, op: Op) -> tuple[int, int, int, int]:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    hires_input_scale = _f32(1.0 / 128.0) * _f32(inp.quant.scale[0])
    m_out, e_out = quantize_multiplier(float(hires_input_scale / _f32(out.quant.scale[0])))
    m_rel, e_rel = quantize_multiplier(float(hires_input_scale / _f32(3.0 / 32768.0)))
    return _downscale_to_int16(m_out), e_out, _downscale_to_int16(m_rel), e_rel


def hard_swish(graph: Graph, op: Op) -> list[int]:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    m_out, e_out, m_rel, e_rel = hard_swish_params(graph, op)
    zi, zo = inp.quant.zero_point[0], out.quant.zero_point[0]
    table = []
    for x in INPUTS:
        hires = (int(x) - zi) * (1 << 7)
        preshift_output = fp.srdhm(hires, m_out, bits=16)
        reluish = hires
        if e_rel > 0:
            reluish = _saturating_left_shift16(reluish, e_rel - 1)
        reluish = fp.srdhm(reluish, m_rel, bits=16)
        if e_rel > 0:
            reluish = _saturating_left_shift16(reluish, 1)
        if e_rel < 0:
            reluish = fp.rounding_divide_by_pot(reluish, -e_rel)
        reluish = (reluish + (1 << 15)) >> 1
        value = fp.rounding_divide_by_pot(_saturating_doubling_high_mul16(reluish, preshift_output), -e_out)
        table.append(_clamp8(value + zo))
    return table


def _libm_expf():
    """The C library's expf, which TFLite Micro's std::exp(float) calls; numpy's float32 exp
    may differ in the last bit."""
    name = ctypes.util.find_library("m")
    if name is None:
        return lambda v: np.float32(math.exp(float(v)))
    function = ctypes.CDLL(name).expf
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    return lambda v: np.float32(function(float(v)))


def elu(graph: Graph, op: Op) -> list[int]:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    expf = _libm_expf()
    inverse_scale = _f32(1.0) / _f32(out.quant.scale[0])
    si, zi, zo = _f32(inp.quant.scale[0]), inp.quant.zero_point[0], out.quant.zero_point[0]
    table = []
    for x in INPUTS:
        dequantized = si * _f32(int(x) - zi)
        transformed = expf(dequantized) - _f32(1.0) if dequantized < 0 else dequantized
        rescaled = _f32(round_half_away(float(transformed * inverse_scale)))
        table.append(_clamp8(int(rescaled + _f32(zo))))
    return table


def _libm_unary(name: str):
    """A single-precision function of the C library (erfcf, tanhf), as LiteRT's std:: calls reach it."""
    library = ctypes.util.find_library("m")
    if library is None:
        fallback = {"erfcf": math.erfc, "tanhf": math.tanh}[name]
        return lambda v: np.float32(fallback(float(v)))
    function = getattr(ctypes.CDLL(library), name)
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    return lambda v: np.float32(function(float(v)))


SQRT_2_OVER_PI = _f32(2.0 / math.sqrt(math.pi) * math.sqrt(0.5))  # M_2_SQRTPI * M_SQRT1_2, to float


def gelu_transform(op: Op):
    """LiteRT's GeluTransform (or GeluTransformApproximate), the float function its int8 and int16
    tables sample: 0.5 x erfc(-x / sqrt 2) or 0.5 x (1 + tanh(sqrt(2 / pi) (x + 0.044715 x^3))),
    every step in single precision with the host C library's erfcf and tanhf."""
    approximate = bool(op.options.get("approximate", False))
    erfc, tanh = _libm_unary("erfcf"), _libm_unary("tanhf")
    half, one = _f32(0.5), _f32(1.0)
    minus_sqrt_half = _f32(-math.sqrt(0.5))

    def transform(x: np.float32) -> np.float32:
        if approximate:
            return half * x * (one + tanh(SQRT_2_OVER_PI * (x + _f32(0.044715) * x * x * x)))
        return half * x * erfc(x * minus_sqrt_half)

    return transform


def gelu(graph: Graph, op: Op) -> list[int]:
    """LiteRT's int8 GELU (kernels/gelu.cc): a table populated as lut.h does from gelu_transform."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    transform, one = gelu_transform(op), _f32(1.0)
    inverse_scale = one / _f32(out.quant.scale[0])
    si, zi, zo = _f32(inp.quant.scale[0]), inp.quant.zero_point[0], out.quant.zero_point[0]
    table = []
    for x in INPUTS:
        rescaled = _f32(round_half_away(float(transform(si * _f32(int(x) - zi)) * inverse_scale)))
        table.append(_clamp8(int(rescaled + _f32(zo))))
    return table


TABLES = {OpKind.ABS: abs_, OpKind.RELU: relu, OpKind.RELU6: relu6, OpKind.LEAKY_RELU: leaky_relu,
          OpKind.LOGISTIC: logistic, OpKind.TANH: tanh, OpKind.HARD_SWISH: hard_swish, OpKind.ELU: elu,
          OpKind.GELU: gelu, OpKind.RELU_N1_TO_1: relu_x, OpKind.RELU_0_TO_1: relu_x}  # fmt: skip


def table(graph: Graph, op: Op) -> np.ndarray:
    """The op's 256 outputs, indexed by the input byte read as unsigned (TFLM's LUT order)."""
    litert = op.kind in (OpKind.RELU, OpKind.RELU6) and litert_semantics(graph)
    values = np.array((relu_x if litert else TABLES[op.kind])(graph, op), dtype=np.int8)
    return np.concatenate([values[128:], values[:128]])  # inputs 0..127, then -128..-1


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    """A constant input: the table applied at build time (passes.simplify)."""
    return [table(graph, op)[graph.tensors[op.inputs[0]].data.view(np.uint8)]]


def check(graph: Graph, op: Op) -> None:
    _inp, out = expect_int8_same_shape(graph, op)
    if op.kind is OpKind.HARD_SWISH and hard_swish_params(graph, op)[1] > 0:
        raise fail(graph, op, "output scale below input scale / 128 (TFLite Micro refuses it too)")
    if op.kind is OpKind.LOGISTIC and out.quant.zero_point[0] != INT8_MIN:
        raise fail(graph, op, "output zero point must be -128 (TFLite Micro's int8 LOGISTIC)")


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """Each output byte depends on its own input byte only: over the input, no scratch."""
    return [(op.inputs[0], 0)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    values = table(ctx.graph, op)
    args = [ctx.input(op), ctx.derived(op, "lut", "int8_t", values), ctx.output(op)]
    size = ctx.tensor(op.inputs[0]).num_elements
    return ctx.layer(op, ctx.pick(LUT), LUT, [("size", size)], args)


def rows(graph: Graph, op: Op) -> Rows | None:
    """An int8 or float32 activation streams row by row (the tiled stage): each output element is
    its own input element's, and the kernel takes a `size`."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if inp.is_constant or tuple(inp.shape) != tuple(out.shape) or inp.dtype not in (DType.INT8, DType.FLOAT32):
        return None
    return Rows("rows")


def check_s16(graph: Graph, op: Op) -> None:
    if op.kind is OpKind.GELU:  # LiteRT's int16 table (ops.lut16)
        lut16.check(graph, op)
        return
    inp, out = expect_int16_io(graph, op)
    if op.kind in (OpKind.RELU, OpKind.RELU6, OpKind.LEAKY_RELU, OpKind.ABS):
        expect_same_shape(graph, op, inp, out)
        if op.kind is OpKind.RELU and (inp.quant.zero_point[0] or out.quant.zero_point[0]):
            raise fail(graph, op, "int16 zero points must be 0 (TFLite Micro's int16 RELU refuses others)")
    elif sigmoid16.checked_log2(out.quant.scale[0]) != -15:
        raise fail(graph, op, f"int16 output scale {out.quant.scale[0]:g} is not 2^-15 (TFLite Micro needs it)")


def lower_s16(ctx: LowerContext, op: Op) -> Layer:
    if op.kind is OpKind.GELU:
        return lut16.lower(ctx, op, gelu_transform(op))
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    if op.kind is OpKind.ABS:  # AbsEvalQuantized<int16_t>: |x - zi| rescaled where the float32 scales differ
        si, so = _f32(inp.quant.scale[0]), _f32(out.quant.scale[0])
        m, s = quantize_multiplier(float(si) / float(so)) if si != so else IDENTITY
        params = [("size", inp.num_elements), ("input_zero_point", 0), ("output_zero_point", 0), ("multiplier", m),
                  ("shift", s), ("input_bytes", 2), ("output_bytes", 2), ("output_min", INT16_MIN),
                  ("output_max", INT16_MAX)]  # fmt: skip
        return ctx.layer(op, ctx.pick(ABS_S16), ABS_S16, params, [ctx.input(op), ctx.output(op)])
    if op.kind in (OpKind.RELU, OpKind.RELU6) and litert_semantics(ctx.graph):
        # LiteRT's QuantizedReluX<int16_t>: rescaled by the single-precision si / so (measured: equal
        # on 56,178 inputs each, at six scale pairs), clamped to the bounds over the output scale
        si, so = _f32(inp.quant.scale[0]), _f32(out.quant.scale[0])
        m, s = quantize_multiplier(float(si / so))
        top = INT16_MAX if op.kind is OpKind.RELU else min(INT16_MAX, round_half_away(float(_f32(6.0) / so)))
        return requantize_layer(ctx, op, inp, out, m, s, (0, 0), (0, top))
    if op.kind is OpKind.RELU:  # TFLite Micro's ReluQuantized<int16_t>: rescaled, clamped below at 0
        m, s = quantize_multiplier(float(inp.quant.scale[0]) / float(out.quant.scale[0]))
        lo = max(INT16_MIN, round_half_away(float(_f32(0.0) / _f32(out.quant.scale[0]))))
        return requantize_layer(ctx, op, inp, out, m, s, (0, 0), (lo, INT16_MAX))
    if op.kind is OpKind.RELU6:  # Relu6Quantized<int16_t>: the input clamped to its own 0 and 6, no rescale
        zero = int(inp.quant.zero_point[0])
        six = min(max(round_half_away(float(_f32(6.0) / _f32(inp.quant.scale[0]))) + zero, INT16_MIN), INT16_MAX)
        return requantize_layer(ctx, op, inp, out, *IDENTITY, (0, 0), (zero, six))
    if op.kind is OpKind.LEAKY_RELU:
        # TFLite Micro's Prepare: float32 products of the scales and alpha, then QuantizeMultiplier.
        si, so, alpha = np.float32(inp.quant.scale[0]), np.float32(out.quant.scale[0]), np.float32(op.options["alpha"])
        m_id, s_id = quantize_multiplier(float(si / so))
        m_alpha, s_alpha = quantize_multiplier(float(si * alpha / so))
        params = [("size", inp.num_elements), ("input_zero_point", inp.quant.zero_point[0]),
                  ("output_zero_point", out.quant.zero_point[0]), ("multiplier_identity", m_id),
                  ("shift_identity", s_id), ("multiplier_alpha", m_alpha), ("shift_alpha", s_alpha)]  # fmt: skip
        return ctx.layer(op, ctx.pick(LEAKY_S16), LEAKY_S16, params, [ctx.input(op), ctx.output(op)])
    multiplier, shift = sigmoid16.table_input_scaling(op.kind, float(inp.quant.scale[0]))
    params = [("count", inp.num_elements), ("multiplier", multiplier), ("shift", shift),
              ("tanh", int(op.kind is OpKind.TANH))]  # fmt: skip
    args = [ctx.input(op), sigmoid16.table_arg(ctx), ctx.output(op)]
    return ctx.layer(op, ctx.pick(SIGMOID_S16), SIGMOID_S16, params, args)


def check_f32(graph: Graph, op: Op) -> None:
    expect_same_shape(graph, op, *expect_float(graph, op))


def lower_f32(ctx: LowerContext, op: Op) -> Layer:
    size = [("size", ctx.tensor(op.inputs[0]).num_elements)]
    if op.kind is OpKind.ABS:
        return ctx.layer(op, ctx.pick(ABS_F32), ABS_F32, size, [ctx.input(op), ctx.output(op)])
    if op.kind is OpKind.GELU:
        gelu = GELU_TANH_F32 if op.options.get("approximate") else GELU_F32
        if "fpu" not in ctx.caps:
            gelu = GELU_TANH_F32_SOFT if gelu is GELU_TANH_F32 else GELU_F32_SOFT
        return ctx.layer(op, ctx.pick(gelu), gelu, size, [ctx.input(op), ctx.output(op)])
    if op.kind is OpKind.LEAKY_RELU:
        alpha = ctx.derived(op, "alpha", "float", np.array([op.options.get("alpha", 0.2)], dtype=np.float32))
        return ctx.layer(op, ctx.pick(LEAKY_F32), LEAKY_F32, size, [ctx.input(op), alpha, ctx.output(op)])
    if op.kind in UNARY_F32:
        fam = UNARY_F32[op.kind]
        if op.kind is OpKind.LOGISTIC and "fpu64" not in ctx.caps:
            fam = LOGISTIC_F32_SOFT
        if op.kind is OpKind.HARD_SWISH and "fpu" not in ctx.caps:
            fam = HARD_SWISH_F32_SOFT
        if op.kind is OpKind.TANH and "fpu" not in ctx.caps:
            fam = TANH_F32_SOFT
        picked = ctx.pick(fam)
        return ctx.layer(op, picked, fam, size, [ctx.input(op), ctx.output(op)])
    if op.kind in CLAMPS:  # LiteRT's: the value clamped to the bounds (fminf/fmaxf)
        act = ctx.derived(op, "act", "float", np.array(CLAMPS[op.kind], dtype=np.float32))
    else:
        act = float_activation(ctx, op, op.kind.value)  # RELU, RELU6: a clamp
    clamp = CLAMP_F32 if "fpu" in ctx.caps else CLAMP_F32_SOFT
    return ctx.layer(op, ctx.pick(clamp), clamp, size, [ctx.input(op), act, ctx.output(op)])


CONTRACT = OpContract(
    kinds={
        OpKind.ABS: Kind(5, (1, 1)),  # 2: int8; 1 float32, 3-4 int16, 5 int32 (LiteRT's: ops.unary_int)
        OpKind.RELU: Kind(3, (1, 1)),
        OpKind.RELU6: Kind(3, (1, 1)),  # 3: int16
        OpKind.LEAKY_RELU: Kind(2, (1, 1), options=("alpha",)),
        OpKind.LOGISTIC: Kind(3, (1, 1)),
        OpKind.TANH: Kind(3, (1, 1)),
        OpKind.HARD_SWISH: Kind(1, (1, 1)),
        OpKind.ELU: Kind(1, (1, 1)),
        OpKind.GELU: Kind(2, (1, 1), options=("approximate",)),  # 1 float32, 2 int8
        OpKind.RELU_N1_TO_1: Kind(1, (1, 1)),  # LiteRT's: float32 and int8 at version 1
        OpKind.RELU_0_TO_1: Kind(1, (1, 1)),
    },
    forms={
        DType.INT16: Form(check_s16, lower_s16, (SIGMOID_S16, LEAKY_S16, REQUANTIZE, ABS_S16, lut16.LUT16),
                          inplace=inplace, kinds=(OpKind.LOGISTIC, OpKind.TANH, OpKind.LEAKY_RELU, OpKind.RELU,
                                                  OpKind.RELU6, OpKind.ABS, OpKind.GELU)),
        DType.FLOAT32: Form(check_f32, lower_f32,
                            (CLAMP_F32, CLAMP_F32_SOFT, *UNARY_F32.values(), LOGISTIC_F32_SOFT, HARD_SWISH_F32_SOFT,
                             TANH_F32_SOFT, LEAKY_F32, ABS_F32, GELU_F32, GELU_TANH_F32, GELU_F32_SOFT,
                             GELU_TANH_F32_SOFT),
                            inplace=inplace,
                            kinds=(OpKind.RELU, OpKind.RELU6, OpKind.LEAKY_RELU, OpKind.ABS, OpKind.GELU, *UNARY_F32,
                                   *CLAMPS),
                            rows=rows),
        DType.INT32: Form(unary_int.check, unary_int.lower, (unary_int.UNARY_INT,), inplace=inplace,
                          kinds=(OpKind.ABS,)),  # LiteRT's (ops.unary_int)
        None: Form(check, lower, (LUT,), inplace=inplace, rows=rows),
    },
    fold=fold,
)  # fmt: skip
