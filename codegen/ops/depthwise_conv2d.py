"""DEPTHWISE_CONV_2D: int8 activations, int8 per-channel (or per-tensor) weights, int32 bias, any
depth multiplier; with depth multiplier 1, optionally in place (one output row at a time). Its
16x8 form (an int64 bias, as TFLite Micro reads it) and float32 form."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import conv_common, hybrid
from codegen.ops.common import (
    BIAS_FOLDS,
    Arg,
    Layer,
    LowerContext,
    Operands,
    acc32_s16,
    bias_folds,
    fail,
    float_activation,
    folded_bias,
    offset_weights,
    optional_input,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.int4 import UNPACK4
from codegen.ops.kernels import Need, family, lanes

PARAMS = "rvfw_conv_params"
OUT = ("multiplier", "shift", "output")
# Pixels whose window crosses the border (and depth multipliers above 1) start from the raw bias:
# the fast scalar and RVV kernels derive it from the folded bias and the channel's tap sums.
DEPTHWISE = family("DEPTHWISE_CONV_2D", PARAMS, "depthwise_conv2d_s8", ("ref", "scalar", "rvv", "xthead"), args={
    "ref": ("input", "filter", "bias", *OUT),
    "scalar": ("input", "filter", "bias_folded", "tap_sums", "multiplier", "shift8", "output"),
    "rvv": ("input", "filter", "bias_folded", "tap_sums", *OUT),
    "xthead": ("input", "filter", "bias", *OUT),  # exact everywhere with the raw bias
})  # fmt: skip
DEPTHWISE_ROWS = DEPTHWISE.variant(
    "DEPTHWISE_CONV_2D, output pixels across lanes",
    {"rvv": "depthwise_conv2d_rows_s8_rvv", "xthead": "depthwise_conv2d_rows_s8_xthead"},
    {"rvv": ("input", "filter", "bias_folded", *OUT), "xthead": ("input", "filter", "bias_folded", *OUT)},
)
# Depth multipliers above 1: the fast scalar kernel of its own (the common multiplier-1 one omits
# the per-block input channel arithmetic, and an image carries only the one it calls).
DEPTHWISE_MULTIPLIER = DEPTHWISE.variant(
    "DEPTHWISE_CONV_2D, depth multiplier above 1",
    {"scalar": "depthwise_conv2d_mult_s8_scalar"},
    {"scalar": ("input", "filter", "bias_folded", "tap_sums", "multiplier", "shift8", "output")},
)
# 3x3, stride 1 or 2, depth multiplier 1, two output pixels per 32-bit multiply, a channel at a time, on
# boards whose core timings are documented (the packing is measured on their RTL; conv2d.CONV_PAIRS's
# Need): weights in [-127, 127]. This kernel and the CORE-V one below run along lines of the
# output's longer side: on shorter lines their per-line set-up costs more than they save. At stride 1
# from MIN_LINE pixels (VWW's 6x6 maps on Ibex small: 12.7 cycles per MAC against the per-pixel
# kernel's 17.2), at stride 2 (two packed words a pixel) from MIN_LINE_STRIDE2 (its 12x12 -> 6x6
# layer: 20.7 against 18.2; 24 pixels: 13.5 against 19.7).
MIN_LINE, MIN_LINE_STRIDE2 = 6, 8
WINDOW_3X3_S12 = Need("window_3x3_s12", (True,), "not a 3x3 window of stride 1 or 2")
LONG_LINES = Need("pairs_line", minimum=0, why="lines of {line} pixels at stride {stride}")
DEPTHWISE_PAIRS = DEPTHWISE.variant(
    "DEPTHWISE_CONV_2D 3x3, two pixels per multiply",
    {"scalar": "depthwise_conv2d_pairs_s8_scalar"},
    {"scalar": ("input", "pairs_taps", "bias_folded", "multiplier", "shift8", "output")},
).requiring({"scalar": (*conv_common.PAIRS, WINDOW_3X3_S12, LONG_LINES)})


def pairs_taps(filter_1hwc: np.ndarray, out_h: int, out_w: int) -> np.ndarray:
    """depthwise_conv2d_pairs_s8_scalar's weights: per channel its nine taps in the order its
    assembly holds them, kernel line by kernel line along the output's longer side (a column where
    the output is taller than wide), so a channel's set-up reads nine bytes in a row."""
    taps = filter_1hwc.reshape(3, 3, -1).transpose(2, 0, 1)  # [channel][ky][kx]
    if out_h > out_w:
        taps = taps.transpose(0, 2, 1)
    return np.ascontiguousarray(taps).reshape(-1).astype(np.int8)


# The 3x3 window on the CORE-V SIMD extension, at stride 1 or 2: a kernel line's three taps in one
# dot product, the channel's lines copied to three stack buffers a segment of a line at a time (any
# length). Its per-line set-up is a copy, so lines from XCV_MIN_LINE pixels take it (VWW's 6x6 maps:
# 7.4 cycles per MAC against the per-pixel kernel's 12.3; its 3x3 maps: 13.5 against 12.3).
XCV_MIN_LINE = 4
DEPTHWISE_XCV = DEPTHWISE.variant(
    "DEPTHWISE_CONV_2D 3x3, CORE-V SIMD dot products", {"scalar": "depthwise_conv2d_s8_xcvsimd"},
    {"scalar": ("input", "filter", "bias_folded", "multiplier", "shift8", "output")},
).requiring({"scalar": (*conv_common.CORE_V, WINDOW_3X3_S12,
                        Need("line", minimum=XCV_MIN_LINE, why="lines of {value} pixels"))})  # fmt: skip
# In place, each output row runs through the set's out-of-place kernel, with the biases it takes;
# XTheadVector's row kernel (folded bias) or channel kernel (raw bias): the one given a bias runs.
INPLACE_OUT = ("multiplier", "shift", "scratch")
DEPTHWISE_INPLACE = family("DEPTHWISE_CONV_2D in place", PARAMS, "depthwise_conv2d_inplace_s8",
                           ("ref", "scalar", "rvv", "xthead"), args={
    "ref": ("output", "filter", "bias", *INPLACE_OUT),
    "scalar": ("output", "filter", "bias_folded", "tap_sums", "multiplier", "shift8", "scratch"),
    "rvv": ("output", "filter", "bias_folded", "tap_sums", *INPLACE_OUT),
    "xthead": ("output", "filter", "rows_bias_folded", "channels_bias", *INPLACE_OUT),
})  # fmt: skip
S16_OUT = ("multiplier", "shift", "output")
DEPTHWISE_S16 = family("DEPTHWISE_CONV_2D 16x8", PARAMS, "depthwise_conv2d_s16", ("ref", "scalar", "rvv", "xthead"),
                       args={**{s: ("input", "filter", "bias", *S16_OUT) for s in ("ref", "scalar", "rvv")},
                             "xthead": ("input", "filter", "bias", "requant64", "output")},
                       needs={"xthead": (conv_common.S16_VECTOR[1], conv_common.MULTIPLIER_1)})  # fmt: skip
DEPTHWISE_F32 = family("DEPTHWISE_CONV_2D float32", PARAMS, "depthwise_conv2d_f32", ("ref", "scalar", "rvv", "xthead"))
# What each kernel needs (ops.kernels.Need): the fast int8 ones a folded bias that fits int32, and
# the fast scalar and RVV ones each channel's tap sum within int16; the 16x8 and float32 vector
# ones their lanes and a depth multiplier of 1.
TAP_SUMS_FIT = Need("tap_sums_fit", (True,), "tap sums beyond int16")
DEPTHWISE, DEPTHWISE_ROWS, DEPTHWISE_MULTIPLIER, DEPTHWISE_INPLACE = (
    f.requiring({"scalar": (BIAS_FOLDS, TAP_SUMS_FIT), "rvv": (BIAS_FOLDS, TAP_SUMS_FIT), "xthead": BIAS_FOLDS})
    for f in (DEPTHWISE, DEPTHWISE_ROWS, DEPTHWISE_MULTIPLIER, DEPTHWISE_INPLACE)
)
DEPTHWISE_PAIRS, DEPTHWISE_XCV = (
    f.requiring({"scalar": BIAS_FOLDS, "rvv": (BIAS_FOLDS, TAP_SUMS_FIT), "xthead": BIAS_FOLDS})
    for f in (DEPTHWISE_PAIRS, DEPTHWISE_XCV)
)
# In place (`small`, depth multiplier 1): each set's own kernel a row at a time (rvfw_inplace_rows.h).
# Each reads the operands of its set's kernel, the output (over the input) first and scratch last.
DEPTHWISE_INPLACE_S16 = family("DEPTHWISE_CONV_2D 16x8 in place", PARAMS, "depthwise_conv2d_inplace_s16",
                               ("ref", "scalar", "rvv"),
                               args={s: ("output", "filter", "bias", "multiplier", "shift", "scratch")
                                     for s in ("ref", "scalar", "rvv")})  # fmt: skip
DEPTHWISE_INPLACE_F32 = family("DEPTHWISE_CONV_2D float32 in place", PARAMS, "depthwise_conv2d_inplace_f32",
                               ("ref", "scalar", "rvv"),
                               args={s: ("output", "filter", "bias", "act", "scratch")
                                     for s in ("ref", "scalar", "rvv")})  # fmt: skip
# 16x8 in 32-bit lanes, for vector units without 64-bit elements (Zve32x): layers whose sums fit int32.
DEPTHWISE_S16_LANES32 = DEPTHWISE_S16.variant("DEPTHWISE_CONV_2D 16x8 in 32-bit lanes",
                                              {"rvv": "depthwise_conv2d_lanes32_s16_rvv"},
                                              {"rvv": ("input", "filter", "bias", *S16_OUT)}).requiring(
    {"rvv": (*conv_common.S16_LANES32, conv_common.MULTIPLIER_1)})  # fmt: skip
DEPTHWISE_S16, DEPTHWISE_INPLACE_S16 = (f.requiring({"rvv": (*conv_common.S16_VECTOR, conv_common.MULTIPLIER_1)})
                                        for f in (DEPTHWISE_S16, DEPTHWISE_INPLACE_S16))  # fmt: skip
DEPTHWISE_F32, DEPTHWISE_INPLACE_F32 = (f.requiring({"rvv": (lanes("f32"), conv_common.MULTIPLIER_1)})
                                        for f in (DEPTHWISE_F32, DEPTHWISE_INPLACE_F32))  # fmt: skip
DEPTHWISE_F32 = DEPTHWISE_F32.requiring({"xthead": conv_common.MULTIPLIER_1})


def window_3x3_s12(g: conv_common.Geometry, dm: int) -> bool:
    """The CORE-V kernel's window: 3x3, undilated, depth multiplier 1, the same stride of 1 or 2
    both ways, padding of at most one before the input."""
    window = (g.k_h, g.k_w, g.dilation_h, g.dilation_w, dm)
    return window == (3, 3, 1, 1, 1) and g.stride_h == g.stride_w in (1, 2) and g.pad_h <= 1 and g.pad_w <= 1


def check(graph: Graph, op: Op) -> None:
    conv_common.check_window(graph, op)
    inp, flt, out = (graph.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    if flt.shape[3] != out.shape[3] or out.shape[3] != inp.shape[3] * op.options["depth_multiplier"]:
        raise fail(graph, op, "filter, depth multiplier and channel counts disagree")


def _window_rows(y0: int, k: int, dilation: int, size: int) -> tuple[int, int]:
    """The kernel rows [k0, k1) inside [0, size) of a window starting at y0 (rvfw_dilated_window)."""
    k0, k1 = 0, k
    while k0 < k and y0 + k0 * dilation < 0:
        k0 += 1
    while k1 > k0 and y0 + (k1 - 1) * dilation >= size:
        k1 -= 1
    return k0, k1


def inplace_lag(g: conv_common.Geometry) -> int | None:
    """Output rows the in-place kernels hold back in scratch: before row r (numbered across
    batches) is computed, rows [0, r - lag) have been written over the tensor, and they must end
    before the first input byte row r reads. None if some output row reads no input row.
    Mirrors rvfw_depthwise_inplace_lag() (rvfw_inplace_rows.h)."""
    out_row, in_row = g.out_w * g.out_c, g.in_w * g.in_c
    lag = 0
    for b in range(g.batches):
        for oy in range(g.out_h):
            y0 = oy * g.stride_h - g.pad_h
            k0, k1 = _window_rows(y0, g.k_h, g.dilation_h, g.in_h)
            if k1 <= k0:
                return None
            first = b * g.in_h + y0 + k0 * g.dilation_h
            lag = max(lag, b * g.out_h + oy - first * in_row // out_row)
    return lag


def scratch_inplace(g: conv_common.Geometry) -> int:
    """lag + 1 output rows; mirrors rvfw_depthwise_conv2d_inplace_scratch_size()."""
    lag = inplace_lag(g)
    return 0 if lag is None else (lag + 1) * g.out_w * g.out_c


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """Depth multiplier 1 runs one output row at a time through the set's own depthwise kernel,
    each row held in scratch until the input bytes it lands on are no longer read."""
    if op.options.get("depth_multiplier", 1) != 1 or offset_weights(graph, op):
        return []
    g = conv_common.geometry(graph, op)
    if inplace_lag(g) is None:
        return []
    return [(op.inputs[0], scratch_inplace(g))]


def inplace_wide(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """16x8 and float32 as int8 (`inplace`), the scratch rows in their element size."""
    return [(t, scratch * graph.tensors[t].dtype.size) for t, scratch in inplace(graph, op)]


def lower(ctx: LowerContext, op: Op):
    g = conv_common.geometry(ctx.graph, op)
    dm = op.options["depth_multiplier"]
    inp, flt = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1])
    params = conv_common.layer_params(ctx, op, g, dm)
    bias_index = optional_input(op, 2)
    bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
    per_channel = flt.data.reshape(-1, g.out_c).T  # per output channel, the taps of one input pixel
    macs = conv_common.macs(ctx.graph, op)
    rows = DEPTHWISE_ROWS.has_own(DEPTHWISE, ctx.kernels) and ctx.rows_fill_more_lanes(g.out_w, g.out_c)
    # The tap sums are an int16 table, half the raw bias's size. Sums beyond int16 (windows over
    # 256 taps of large weights) take the reference kernel.
    exact_pixels = g.touches_border or dm > 1
    tap_sums = per_channel.astype(np.int64).sum(axis=1)
    sums_fit = bool(np.abs(tap_sums).max(initial=0) <= np.iinfo(np.int16).max)
    facts = {"tap_sums_fit": sums_fit, "bias_folds": bias_folds(per_channel, bias, -inp.quant.zero_point[0])
             and not offset_weights(ctx.graph, op),
             "pairs_fit": bool(flt.data.min(initial=0) >= -127), "window_3x3_s12": window_3x3_s12(g, dm),
             "line": max(g.out_h, g.out_w), "stride": g.stride_h,
             # the pairs kernel's line against its stride's minimum (LONG_LINES): negative below it
             "pairs_line": max(g.out_h, g.out_w) - (MIN_LINE if g.stride_h == 1 else MIN_LINE_STRIDE2)}  # fmt: skip

    if facts["bias_folds"]:
        shifts = conv_common.requant(ctx, op, g.out_c)[1]
        folded_values = folded_bias(per_channel, bias, -inp.quant.zero_point[0])
        params.append(("fast_requant", int(conv_common.fast_requant(shifts, per_channel, folded_values))))

    def folded() -> Arg:
        return ctx.derived(op, "bias_folded", "int32_t", folded_bias(per_channel, bias, -inp.quant.zero_point[0]))

    operands: Operands = {
        "input": lambda: ctx.input(op),
        "output": lambda: ctx.scratch(op) if op.fused_add else ctx.output(op),
        "filter": lambda: ctx.weights(op.inputs[1]),
        "pairs_taps": lambda: ctx.derived(op, "pairs_taps", "int8_t", pairs_taps(flt.data, g.out_h, g.out_w),
                                          role="weights"),
        "bias": lambda: ctx.weights(bias_index),
        "bias_folded": folded,
        "rows_bias_folded": lambda: folded() if rows else Arg("null"),
        "channels_bias": lambda: Arg("null") if rows else ctx.weights(bias_index),
        "tap_sums": lambda: ctx.derived(op, "tap_sums", "int16_t", tap_sums.astype(np.int16))
        if exact_pixels else Arg("null"),
        **conv_common.requant_operands(ctx, op, g.out_c),
        "scratch": lambda: ctx.scratch(op),
    }  # fmt: skip
    if ctx.inplace(op):
        chosen = ctx.pick(DEPTHWISE_INPLACE, facts)
        return ctx.layer(op, chosen, DEPTHWISE_INPLACE, params, operands, macs)
    if rows or dm > 1:
        fam = DEPTHWISE_ROWS if rows else DEPTHWISE_MULTIPLIER
        chosen = ctx.pick(fam, facts)
    else:
        fam, chosen = ctx.pick_tuned((DEPTHWISE_XCV, DEPTHWISE_PAIRS), DEPTHWISE, facts)
    layer = ctx.layer(op, chosen, fam, params, operands, macs)
    return conv_common.fuse_band(ctx, op, layer, g)


def check_s16(graph: Graph, op: Op) -> None:
    conv_common.check_s16(graph, op)
    # TFLite Micro's 16x8 depthwise reads its bias as int64 whatever its type, and dereferences it
    # unchecked: an int32 bias gives undefined outputs, none crashes it.
    bias = optional_input(op, 2)
    if bias < 0:
        raise fail(graph, op, "16x8 without a bias tensor: TFLite Micro crashes on it")
    if graph.tensors[bias].dtype is DType.INT32:
        raise fail(graph, op, "16x8 with an int32 bias: TFLite Micro reads it as int64 (undefined outputs)")


def lower_s16(ctx: LowerContext, op: Op) -> Layer:
    g = conv_common.geometry(ctx.graph, op)
    facts = conv_common.layer_facts(ctx, op)
    fam, chosen = ctx.pick_among((DEPTHWISE_S16, DEPTHWISE_S16_LANES32), facts)
    if ctx.inplace(op):
        fam = DEPTHWISE_INPLACE_S16
        chosen = ctx.pick(fam, facts)
    operands: Operands = {
        "input": lambda: ctx.input(op),
        "filter": lambda: ctx.weights(op.inputs[1]),
        "bias": lambda: replace(ctx.weights(optional_input(op, 2)), c_type="void"),  # int64 or int32 (acc32)
        **conv_common.requant_operands(ctx, op, g.out_c),
        "output": lambda: ctx.output(op),
        "scratch": lambda: ctx.scratch(op),
    }
    params = [*conv_common.wide_params(op, g, *conv_common.s16_clamp(ctx, op)), ("acc32", acc32_s16(ctx.graph, op))]
    return ctx.layer(op, chosen, fam, params, operands, conv_common.macs(ctx.graph, op))


def lower_f32(ctx: LowerContext, op: Op) -> Layer:
    g = conv_common.geometry(ctx.graph, op)
    facts = conv_common.layer_facts(ctx, op)
    if ctx.inplace(op):
        operands: Operands = {
            "output": lambda: ctx.output(op),
            "filter": lambda: ctx.weights(op.inputs[1]),
            "bias": lambda: ctx.weights(optional_input(op, 2)),
            "act": lambda: float_activation(ctx, op),
            "scratch": lambda: ctx.scratch(op),
        }
        chosen = ctx.pick(DEPTHWISE_INPLACE_F32, facts)
        return ctx.layer(op, chosen, DEPTHWISE_INPLACE_F32, conv_common.wide_params(op, g), operands,
                         conv_common.macs(ctx.graph, op))  # fmt: skip
    chosen = ctx.pick(DEPTHWISE_F32, facts)
    args = [ctx.input(op), ctx.weights(op.inputs[1]), ctx.weights(optional_input(op, 2)), float_activation(ctx, op),
            ctx.output(op)]  # fmt: skip
    return ctx.layer(op, chosen, DEPTHWISE_F32, conv_common.wide_params(op, g), args, conv_common.macs(ctx.graph, op))


CONTRACT = OpContract(
    kinds={
        OpKind.DEPTHWISE_CONV_2D: Kind(7, (2, 3), optional=frozenset({2}),
                                       options=("padding", "stride", "dilation", "depth_multiplier")),
    },  # version 7: int4 weights (refused by dtype)
    forms={
        DType.INT16: Form(check_s16, lower_s16, (DEPTHWISE_S16, DEPTHWISE_S16_LANES32, DEPTHWISE_INPLACE_S16),
                          macs=conv_common.macs, inplace=inplace_wide, rows=conv_common.window_rows),
        DType.FLOAT32: Form(hybrid.check_or(conv_common.check_f32, conv_common.check_f32_window),
                            hybrid.lower_or(lower_f32), (DEPTHWISE_F32, DEPTHWISE_INPLACE_F32, hybrid.DEPTHWISE),
                            macs=conv_common.macs, inplace=hybrid.not_in_place(inplace_wide),
                            rows=hybrid.not_streamed(conv_common.window_rows), scratch=hybrid.scratch),
        None: Form(check, lower, (DEPTHWISE, DEPTHWISE_ROWS, DEPTHWISE_MULTIPLIER, DEPTHWISE_INPLACE, DEPTHWISE_PAIRS,
                                  DEPTHWISE_XCV, UNPACK4),
                   macs=conv_common.macs, inplace=inplace, rows=conv_common.window_rows),
    },
)  # fmt: skip
