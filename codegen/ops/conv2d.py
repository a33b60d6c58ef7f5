"""CONV_2D: int8 activations, int8 per-channel (or per-tensor) weights, int32 bias; optionally
with a fused residual ADD (passes.fuse_residual_adds) or, for 1x1 stride-1 convolutions, in place.
Its 16x8 form (int16 activations, int64 or int32 bias: TFLite Micro's 64-bit requantisation, or
the int8 one with an int32 bias) and float32 form (TFLite Micro's loop order, no contraction)."""

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
from codegen.ops.kernels import family, lanes

PARAMS = "rvfw_conv_params"
OUT = ("multiplier", "shift", "output")  # every int8 conv kernel ends with the requantisation and output
CONV = family("CONV_2D", PARAMS, "conv2d_s8", ("ref", "scalar", "rvv", "xthead"), args={
    "ref": ("input", "filter", "bias", *OUT),
    # padding taps read the zero point: the folded bias serves every pixel
    "scalar": ("input", "filter", "bias_folded", "multiplier", "shift8", "output", "columns"),
    # the raw bias only for pixels whose window crosses the border (else NULL)
    "rvv": ("input", "filter_hwio", "bias_folded", "bias_border", *OUT, "columns"),
    # exact everywhere with the raw bias: it adds the offset per input
    "xthead": ("input", "filter_hwio", "bias", *OUT),
})  # fmt: skip
# Output pixels across lanes instead of output channels, for few channels and wide rows.
CONV_ROWS = CONV.variant("CONV_2D, output pixels across lanes", {"rvv": "conv2d_rows_s8_rvv"},
                         {"rvv": ("input", "filter", "bias_folded", *OUT, "pair_chunks")})  # fmt: skip
INPLACE_OUT = ("multiplier", "shift", "scratch")
CONV_1X1_INPLACE = family("CONV_2D 1x1 in place", PARAMS, "conv2d_1x1_inplace_s8", ("ref", "scalar", "rvv", "xthead"),
                          args={"ref": ("output", "filter", "bias", *INPLACE_OUT),
                                "scalar": ("output", "filter", "bias_folded", "multiplier", "shift8", "scratch"),
                                "rvv": ("output", "filter_io", "bias_folded", *INPLACE_OUT),
                                "xthead": ("output", "filter_hwio", "bias", *INPLACE_OUT)})  # fmt: skip
# The fast scalar kernel where the plan left no room for im2col columns: they go in the output's
# tail (a kernel of its own, so images whose convs all have column scratch do not carry it).
CONV_TAIL = CONV.variant("CONV_2D, columns in the output", {"scalar": "conv2d_tail_s8_scalar"},
                         {"scalar": ("input", "filter", "bias_folded", "multiplier", "shift8", "output")})  # fmt: skip
# Two output channels per 32-bit multiply (two multiplies and five additions for four MACs instead
# of four and four, one word load for two weights), on boards whose core timings are documented and
# measured on its RTL (Need "mul_pairs"): the weights packed in pairs at build time, twice
# their bytes in flash (a speed table: `--optimize size` keeps the plain kernel), where no weight is
# -128 (then every two-tap half-sum fits int16); without im2col columns from the plan it puts them
# in its output's tail, as CONV_TAIL does.
CONV_PAIRS = replace(
    CONV.variant(
        "CONV_2D, two output channels per multiply",
        {"scalar": "conv2d_pairs_s8_scalar"},
        {"scalar": ("input", "filter_pairs", "bias_folded", "multiplier", "shift8", "output", "columns")},
    ),
    tables=frozenset({"scalar"}),
).requiring({"scalar": conv_common.PAIRS})
# On the CORE-V SIMD extension (CV32E40P: cv.sdotsp.b, post-increment loads, min/max), the boards
# that declare it (isa.custom: xcvsimd, xcvmem, xcvalu): four MACs per instruction, the weights
# repacked in blocks of four channels by four taps (quads_table: the filter's bytes, padded).
CONV_XCV = CONV.variant(
    "CONV_2D, CORE-V SIMD dot products",
    {"scalar": "conv2d_s8_xcvsimd"},
    {"scalar": ("input", "filter_quads", "xcv_bias", "xcv_multiplier", "xcv_shift8", "output", "columns", "xcv_lanes")},
).requiring({"scalar": conv_common.CORE_V})
# 16x8 and float32: the vector kernels read the weights output-channel innermost.
CONV_S16 = family(
    "CONV_2D 16x8",
    PARAMS,
    "conv2d_s16",
    ("ref", "scalar", "rvv", "xthead"),
    args={
        "ref": ("input", "filter", "bias", *OUT),
        "scalar": ("input", "filter", "bias", *OUT),
        "rvv": ("input", "filter_hwio", "bias", *OUT),
        "xthead": ("input", "filter_hwio", "bias", "requant64", "output"),
    },
    # The C906's kernel sums in int64 lanes as TFLite Micro does; the int32-bias form is the int8 one's.
    needs={"xthead": conv_common.S16_VECTOR[1]},
)
CONV_F32 = family("CONV_2D float32", PARAMS, "conv2d_f32", ("ref", "scalar", "rvv", "xthead"),
                  args={"ref": ("input", "filter", "bias", "act", "output"),
                        "scalar": ("input", "filter", "bias", "act", "output"),
                        "rvv": ("input", "filter_hwio", "bias", "act", "output"),
                        "xthead": ("input", "filter_hwio", "bias", "act", "output")})  # fmt: skip
# Their 1x1 stride-1 layers in place (`small`): each set's own kernel a block of pixels at a time
# (rvfw_inplace_pixels.h), so each reads the operands that kernel does, and scratch.
WIDE_SETS = ("ref", "scalar", "rvv")
CONV_1X1_INPLACE_S16 = family("CONV_2D 1x1 16x8 in place", PARAMS, "conv2d_1x1_inplace_s16", WIDE_SETS,
                              args={s: ("output", *CONV_S16.args[CONV_S16.kernels[s]][1:-1], "scratch")
                                    for s in WIDE_SETS})  # fmt: skip
CONV_1X1_INPLACE_F32 = family("CONV_2D 1x1 float32 in place", PARAMS, "conv2d_1x1_inplace_f32", WIDE_SETS,
                              args={s: ("output", *CONV_F32.args[CONV_F32.kernels[s]][1:-1], "scratch")
                                    for s in WIDE_SETS})  # fmt: skip
# What each kernel needs (ops.kernels.Need): the fast int8 ones a folded bias that fits int32, the
# 16x8 vector one e64 lanes and an int64 bias, the float32 vector one float32 lanes.
CONV, CONV_ROWS, CONV_1X1_INPLACE, CONV_TAIL, CONV_PAIRS, CONV_XCV = (
    f.requiring({s: BIAS_FOLDS for s in ("scalar", "rvv", "xthead") if s in f.kernels})
    for f in (CONV, CONV_ROWS, CONV_1X1_INPLACE, CONV_TAIL, CONV_PAIRS, CONV_XCV)
)
# 16x8 in 32-bit lanes, for vector units without 64-bit elements (Zve32x): layers whose sums fit int32.
CONV_S16_LANES32 = CONV_S16.variant("CONV_2D 16x8 in 32-bit lanes", {"rvv": "conv2d_lanes32_s16_rvv"},
                                    {"rvv": ("input", "filter_hwio", "bias", *OUT)})  # fmt: skip
CONV_S16, CONV_1X1_INPLACE_S16 = (f.requiring({"rvv": conv_common.S16_VECTOR})
                                  for f in (CONV_S16, CONV_1X1_INPLACE_S16))  # fmt: skip
CONV_S16_LANES32 = CONV_S16_LANES32.requiring({"rvv": conv_common.S16_LANES32})
CONV_F32, CONV_1X1_INPLACE_F32 = (f.requiring({"rvv": lanes("f32")}) for f in (CONV_F32, CONV_1X1_INPLACE_F32))

# Pixels the in-place pointwise kernels copy to scratch at a time (the fast scalar kernel's 4x2
# block; RVV uses three); mirrors rvfw_conv2d_1x1_inplace_scratch_size() in rvfw_kernels.h.
PIXEL_BLOCK = 4


def check(graph: Graph, op: Op) -> None:
    conv_common.check_window(graph, op)
    inp, flt = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]]
    if flt.shape[3] != inp.shape[3]:
        raise fail(graph, op, f"grouped convolution ({inp.shape[3]} input channels, filter depth {flt.shape[3]}) "
                   "not supported")  # fmt: skip
    if flt.shape[0] != graph.tensors[op.outputs[0]].shape[3]:
        raise fail(graph, op, "filter and output channel counts disagree")


def pointwise(graph: Graph, op: Op) -> bool:
    """1x1, stride 1, same spatial size: each output pixel reads only its own input pixel."""
    flt = graph.tensors[op.inputs[1]]
    return (
        flt.shape[1] == flt.shape[2] == 1
        and op.options["stride"] == (1, 1)
        and graph.tensors[op.inputs[0]].shape[:3] == graph.tensors[op.outputs[0]].shape[:3]
    )


def scratch_1x1_inplace(in_c: int) -> int:
    return PIXEL_BLOCK * in_c


# Pixels the fast scalar kernel copies to im2col columns at a time, and the RVV kernel (six at
# LMUL 4, three at LMUL 8); mirror RVFW_CONV_IM2COL_PIXELS and RVFW_CONV_RVV_COLUMNS in rvfw_kernels.h.
IM2COL_PIXELS = 4
RVV_COLUMNS = 6


def spare_scratch(graph: Graph, op: Op) -> int:
    """Im2col columns for any convolution but a pointwise one: with them the fast scalar kernel
    runs one matrix-product loop and no pixel takes the border path, and the RVV kernel runs its
    border pixels (and every pixel of a window of short rows) with the folded bias, several
    pixels to a weight load (ops.spare_scratch_bytes: planned only where it is free; the kernels
    use the output's tail instead where it was not)."""
    shapes = [graph.tensors[t].shape for t in op.inputs[:2]]
    if len(shapes) < 2 or any(len(s) != 4 for s in shapes) or pointwise(graph, op):  # (bare test graphs)
        return 0
    g = conv_common.geometry(graph, op)
    return column_scratch(g.k_h * g.k_w * g.in_c)


def column_scratch(n: int) -> int:
    """The column scratch of a filter of n taps: every kernel set's columns fit (the fast scalar
    kernel's RVFW_CONV_IM2COL_PIXELS rows, the CORE-V one's in whole words: RVFW_CONV_XCV_COLUMNS,
    the RVV one's RVFW_CONV_RVV_COLUMNS; tests/unit/test_scratch_mirrors.py ties them)."""
    return max(IM2COL_PIXELS * (-(-n // 4) * 4), RVV_COLUMNS * n)


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """(input it may overwrite, scratch bytes): with a fused residual ADD, the residual (each
    output row goes to scratch first); a pointwise conv its input, pixel by pixel, forward when it
    narrows the channels and backward when it widens them, the pixels in flight copied to scratch."""
    if op.fused_add is not None:
        conv_out = graph.tensors[op.fused_add.conv_output]
        return [(op.inputs[3], conv_out.shape[2] * conv_out.shape[3])]
    if pointwise(graph, op) and not offset_weights(graph, op):
        return [(op.inputs[0], scratch_1x1_inplace(graph.tensors[op.inputs[0]].shape[3]))]
    return []


def inplace_wide(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """16x8 and float32: a pointwise conv over its input, PIXEL_BLOCK pixels a time through scratch."""
    if not pointwise(graph, op):
        return []
    inp = graph.tensors[op.inputs[0]]
    return [(op.inputs[0], scratch_1x1_inplace(inp.shape[3]) * inp.dtype.size)]


def _rows_fill_more_lanes(vlen: int, out_w: int, out_c: int) -> bool:
    """The row kernel fills min(out_w, lanes) of its LMUL-8 lanes; the channel kernel fills
    min(out_c, lanes) of them, or, with the output channels within half the lanes, out_c of its
    LMUL-4 ones (six pixels a pass). Rows only where they fill a larger share."""
    lanes = vlen // 4
    channels = out_c / (lanes // 2) if out_c <= lanes // 2 else min(out_c, lanes) / lanes
    return min(out_w, lanes) / lanes > channels


def _hwio(filter_data: np.ndarray) -> np.ndarray:
    """[out_c][k_h][k_w][in_c] -> out_c innermost: the vector kernels put output channels in lanes."""
    return np.ascontiguousarray(filter_data.transpose(1, 2, 3, 0))


I16_MAX_RUN = 8  # the row kernel unrolls a run of up to 8 taps (pair_taps in conv2d_rows_s8_rvv.c)


def int16_chunks(filter_ohwi: np.ndarray) -> np.ndarray:
    """Lengths of the runs of taps (flattened (ky, kx, ic)) over which every given output channel's
    sum of raw int8 inputs times its weights stays inside int16 whatever the inputs (positive
    weights summing to P, negative to -N: 127 P + 128 N <= 32767 and 128 P + 127 N <= 32768); a
    run never crosses a multiple of in_c."""
    out_c, in_c = filter_ohwi.shape[0], filter_ohwi.shape[3]
    taps = filter_ohwi.reshape(out_c, -1).astype(np.int64)
    lengths: list[int] = []
    pos = np.zeros(out_c, np.int64)
    neg = np.zeros(out_c, np.int64)
    run = 0
    for t in range(taps.shape[1]):
        col = taps[:, t]
        p2, n2 = pos + np.maximum(col, 0), neg + np.maximum(-col, 0)
        fits = bool(np.all(127 * p2 + 128 * n2 <= 32767) and np.all(128 * p2 + 127 * n2 <= 32768))
        if run and (not fits or t % in_c == 0 or run == I16_MAX_RUN):
            lengths.append(run)
            p2, n2, run = np.maximum(col, 0), np.maximum(-col, 0), 0
        pos, neg, run = p2, n2, run + 1
    lengths.append(run)
    return np.array(lengths, np.uint8)


def pair_chunks(filter_ohwi: np.ndarray) -> np.ndarray:
    """int16_chunks of each pair of output channels (the last alone when odd), in order: the row
    kernel's int16 form takes two channels per input load."""
    return np.concatenate([int16_chunks(filter_ohwi[c : c + 2]) for c in range(0, filter_ohwi.shape[0], 2)])


# The row kernel's int16 form where a row fills its lanes, the input has channels enough for runs
# (I16_MAX_RUN taps at most, within one input pixel), and the runs average 4 taps or more:
# IC's 16-channel 3x3 layers at VLEN 128, 0.44 -> 0.38 est. cycles/MAC (runs of 5.3 taps); shorter
# runs spend more on widening each run than the int16 products save.
I16_MIN_IN_C = 8
I16_MIN_MEAN_RUN = 4.0
I16_MAX_KW = 16  # mirrors RVFW_CONV_ROWS_I16_MAX_KW: the kernel's per-column lane ranges


def rows_i16(vlen: int, g: conv_common.Geometry, filter_ohwi: np.ndarray) -> np.ndarray | None:
    """The row kernel's run table (pair_chunks) where its int16 form pays, else None."""
    if g.out_w < vlen // 4 or g.in_c < I16_MIN_IN_C or g.k_w > I16_MAX_KW:
        return None
    runs = pair_chunks(filter_ohwi)
    mean_run = filter_ohwi[0].size * -(-filter_ohwi.shape[0] // 2) / runs.size
    return runs if mean_run >= I16_MIN_MEAN_RUN else None


def pairs_table(filter_ohwi: np.ndarray) -> np.ndarray:
    """The weights of conv2d_pairs_s8_scalar: output channels in blocks of four (the last padded
    with zero weights), per tap two words w[c] + 65536 w[c+1] and w[c+2] + 65536 w[c+3]:
    int32 [block][tap][2]."""
    out_c = filter_ohwi.shape[0]
    taps = filter_ohwi.reshape(out_c, -1).astype(np.int64)
    blocks = -(-out_c // 4)
    padded = np.zeros((blocks * 4, taps.shape[1]), np.int64)
    padded[:out_c] = taps
    quad = padded.reshape(blocks, 4, -1)
    words = np.stack([quad[:, 0] + 65536 * quad[:, 1], quad[:, 2] + 65536 * quad[:, 3]], axis=-1)
    return ((words + (1 << 31)) % (1 << 32) - (1 << 31)).astype(np.int32)  # [block][tap][2], two's complement


def quads_table(filter_ohwi: np.ndarray) -> np.ndarray:
    """The weights of conv2d_s8_xcvsimd: output channels in blocks of four and taps in words of
    four (both padded with zero weights), each block's four channel words of a tap word one after
    the other: int8 [block][tap word][channel][4]."""
    out_c = filter_ohwi.shape[0]
    taps = filter_ohwi.reshape(out_c, -1)
    blocks, words = -(-out_c // 4), -(-taps.shape[1] // 4)
    padded = np.zeros((blocks * 4, words * 4), np.int8)
    padded[:out_c, : taps.shape[1]] = taps
    return padded.reshape(blocks, 4, words, 4).transpose(0, 2, 1, 3).copy()


def pairs_fit(filter_ohwi: np.ndarray) -> bool:
    """Whether every two-tap half-sum of conv2d_pairs_s8_scalar fits int16: raw int8 inputs times
    weights in [-127, 127] (two products within +-32512)."""
    return bool(filter_ohwi.size and filter_ohwi.min() >= -127)


def _operands(ctx: LowerContext, op: Op, g: conv_common.Geometry, runs: np.ndarray | None) -> Operands:
    """Every operand some CONV_2D kernel reads (its family's `args` say which); runs: the row
    kernel's int16 run table, or None (rows_i16)."""
    flt = ctx.tensor(op.inputs[1])
    bias_index = optional_input(op, 2)
    bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
    requant = conv_common.requant_operands(ctx, op, g.out_c)
    lanes = conv_common.xcv_lanes(ctx, op, flt.data, bias)
    return {
        "input": lambda: ctx.input(op),
        # with a fused residual ADD, each output row goes to scratch first (conv_common.fuse_band)
        "output": lambda: ctx.scratch(op) if op.fused_add else ctx.output(op),
        "filter": lambda: ctx.weights(op.inputs[1]),
        "filter_hwio": lambda: ctx.derived(op, "filter_hwio", "int8_t", _hwio(flt.data), role="weights"),
        "filter_pairs": lambda: ctx.derived(op, "filter_pairs", "int32_t", pairs_table(flt.data), role="weights"),
        "filter_quads": lambda: ctx.derived(op, "filter_quads", "int8_t", quads_table(flt.data), role="weights"),
        "filter_io": lambda: ctx.derived(op, "filter_io", "int8_t", flt.data.reshape(g.out_c, g.in_c).T,
                                         role="weights"),
        "bias": lambda: ctx.weights(bias_index),
        "bias_folded": lambda: ctx.derived(op, "bias_folded", "int32_t",
                                           folded_bias(flt.data, bias, -ctx.tensor(op.inputs[0]).quant.zero_point[0])),
        "bias_border": lambda: ctx.weights(bias_index) if g.touches_border else Arg("null"),
        **requant,
        # the CORE-V kernel's constants: one table of lanes where the build proved them, else the
        # three it takes TFLite Micro's requantisation from (the other side null)
        "xcv_lanes": lambda: Arg("null") if lanes is None else ctx.derived(op, "lanes", "int32_t", lanes),
        "xcv_bias": lambda: Arg("null") if lanes is not None else ctx.derived(
            op, "bias_folded", "int32_t", folded_bias(flt.data, bias, -ctx.tensor(op.inputs[0]).quant.zero_point[0])),
        "xcv_multiplier": lambda: Arg("null") if lanes is not None else requant["multiplier"](),
        "xcv_shift8": lambda: Arg("null") if lanes is not None else requant["shift8"](),
        "scratch": lambda: ctx.scratch(op),
        "columns": lambda: ctx.spare_scratch(op),
        "pair_chunks": lambda: Arg("null") if runs is None else ctx.derived(op, "pair_chunks", "uint8_t", runs),
    }  # fmt: skip


def lower(ctx: LowerContext, op: Op):
    g = conv_common.geometry(ctx.graph, op)
    inp, flt = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1])
    params = conv_common.layer_params(ctx, op, g, 1)
    bias_index = optional_input(op, 2)
    bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
    # Where the folded bias would pass int32, the reference kernel with the raw bias.
    facts = {"bias_folds": bias_folds(flt.data, bias, -inp.quant.zero_point[0]) and not offset_weights(ctx.graph, op)}
    if facts["bias_folds"]:
        folded = folded_bias(flt.data, bias, -inp.quant.zero_point[0])
        shifts = conv_common.requant(ctx, op, g.out_c)[1]
        params.append(("fast_requant", int(conv_common.fast_requant(shifts, flt.data.reshape(g.out_c, -1), folded))))
    has_rows = CONV_ROWS.has_own(CONV, ctx.kernels)
    runs = rows_i16(ctx.vlen, g, flt.data) if has_rows else None
    operands = _operands(ctx, op, g, runs)
    if ctx.inplace(op) and op.fused_add is None:
        # Output over the input (same arena offset), with the op's scratch; see planner.inplace.
        chosen = ctx.pick(CONV_1X1_INPLACE, facts)
        return ctx.layer(op, chosen, CONV_1X1_INPLACE, params, operands, conv_common.macs(ctx.graph, op))
    rows = has_rows and (_rows_fill_more_lanes(ctx.vlen, g.out_w, g.out_c) or runs is not None)
    no_columns = ctx.spare_scratch(op).kind == "null" and not pointwise(ctx.graph, op)
    facts |= {"pairs_fit": pairs_fit(flt.data)}
    fam, chosen = ctx.pick_tuned((), CONV_ROWS, facts) if rows else ctx.pick_tuned((CONV_XCV, CONV_PAIRS), CONV, facts)
    if no_columns and CONV_TAIL.replaces(CONV, chosen.kernel):
        fam = CONV_TAIL
        chosen = ctx.pick(fam, facts)
    layer = ctx.layer(op, chosen, fam, params, operands, conv_common.macs(ctx.graph, op))
    return conv_common.fuse_band(ctx, op, layer, g)


def check_s16(graph: Graph, op: Op) -> None:
    conv_common.check_s16(graph, op)


def lower_s16(ctx: LowerContext, op: Op) -> Layer:
    g = conv_common.geometry(ctx.graph, op)
    flt = ctx.tensor(op.inputs[1])
    facts = conv_common.layer_facts(ctx, op)
    fam, chosen = ctx.pick_among((CONV_S16, CONV_S16_LANES32), facts)
    operands: Operands = {
        "input": lambda: ctx.input(op),
        "filter": lambda: ctx.weights(op.inputs[1]),
        "filter_hwio": lambda: ctx.derived(op, "filter_hwio", "int8_t", _hwio(flt.data), role="weights"),
        "bias": lambda: replace(ctx.weights(optional_input(op, 2)), c_type="void"),  # int64 or int32 (acc32)
        **conv_common.requant_operands(ctx, op, g.out_c),
        "output": lambda: ctx.output(op),
        "scratch": lambda: ctx.scratch(op),
    }  # fmt: skip
    params = [*conv_common.wide_params(op, g, *conv_common.s16_clamp(ctx, op)), ("acc32", acc32_s16(ctx.graph, op))]
    if ctx.inplace(op):
        fam = CONV_1X1_INPLACE_S16
        chosen = ctx.pick(fam, facts)
    return ctx.layer(op, chosen, fam, params, operands, conv_common.macs(ctx.graph, op))


def lower_f32(ctx: LowerContext, op: Op) -> Layer:
    """The RVV kernel (float32 lanes, weights repacked output-innermost) where the vector unit has
    float32, else the reference."""
    g = conv_common.geometry(ctx.graph, op)
    flt = ctx.tensor(op.inputs[1])
    fam = CONV_1X1_INPLACE_F32 if ctx.inplace(op) else CONV_F32
    chosen = ctx.pick(fam, conv_common.layer_facts(ctx, op))
    operands: Operands = {
        "input": lambda: ctx.input(op),
        "filter": lambda: ctx.weights(op.inputs[1]),
        "filter_hwio": lambda: ctx.derived(op, "filter_t", "float", _hwio(flt.data)),
        "bias": lambda: ctx.weights(optional_input(op, 2)),
        "act": lambda: float_activation(ctx, op),
        "output": lambda: ctx.output(op),
        "scratch": lambda: ctx.scratch(op),
    }  # fmt: skip
    return ctx.layer(op, chosen, fam, conv_common.wide_params(op, g), operands, conv_common.macs(ctx.graph, op))


CONTRACT = OpContract(
    kinds={
        OpKind.CONV_2D: Kind(8, (2, 3), optional=frozenset({2}), options=("padding", "stride", "dilation")),
    },  # versions: 5 grouped, 6-7 int4 (refused by dtype), 8 16x8 int32 bias; hybrid weights: ops.hybrid
    forms={
        DType.INT16: Form(check_s16, lower_s16, (CONV_S16, CONV_S16_LANES32, CONV_1X1_INPLACE_S16),
                          macs=conv_common.macs, inplace=inplace_wide, rows=conv_common.window_rows),
        DType.FLOAT32: Form(hybrid.check_or(conv_common.check_f32, conv_common.check_f32_window),
                            hybrid.lower_or(lower_f32), (CONV_F32, CONV_1X1_INPLACE_F32, hybrid.CONV,
                             hybrid.CONV_SYMMETRIC),
                            macs=conv_common.macs, inplace=hybrid.not_in_place(inplace_wide),
                            rows=hybrid.not_streamed(conv_common.window_rows), scratch=hybrid.scratch),
        None: Form(check, lower, (CONV, CONV_ROWS, CONV_1X1_INPLACE, CONV_TAIL, CONV_PAIRS, CONV_XCV,
                                  UNPACK4),
                   macs=conv_common.macs,
                   inplace=inplace, spare_scratch=spare_scratch, rows=conv_common.window_rows),
    },
)  # fmt: skip
