"""DEPTHWISE_CONV_2D: int8 activations, int8 per-channel (or per-tensor) weights, int32 bias, any
depth multiplier; with depth multiplier 1, optionally in place (one output row at a time)."""

from __future__ import annotations

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.ops import conv_common
from codegen.ops.common import (
    FOLDING_NOTE,
    FOLDING_SETS,
    Arg,
    LowerContext,
    bias_folds,
    fail,
    folded_bias,
    optional_input,
)
from codegen.ops.kernels import Family, family

KINDS = (OpKind.DEPTHWISE_CONV_2D,)
PARAMS = "rvfw_conv_params"
DEPTHWISE = family("DEPTHWISE_CONV_2D", PARAMS, "depthwise_conv2d_s8", ("ref", "scalar", "rvv", "xthead"))
DEPTHWISE_ROWS = Family(
    "DEPTHWISE_CONV_2D, output pixels across lanes",
    PARAMS,
    {**DEPTHWISE.kernels, "rvv": "depthwise_conv2d_rows_s8_rvv", "xthead": "depthwise_conv2d_rows_s8_xthead"},
)
# Depth multipliers above 1: the fast scalar kernel of its own (the common multiplier-1 one omits
# the per-block input channel arithmetic, and an image carries only the one it calls).
DEPTHWISE_MULTIPLIER = Family(
    "DEPTHWISE_CONV_2D, depth multiplier above 1",
    PARAMS,
    {**DEPTHWISE.kernels, "scalar": "depthwise_conv2d_mult_s8_scalar"},
)
DEPTHWISE_INPLACE = family(
    "DEPTHWISE_CONV_2D in place", PARAMS, "depthwise_conv2d_inplace_s8", ("ref", "scalar", "rvv", "xthead")
)
FAMILIES = (DEPTHWISE, DEPTHWISE_ROWS, DEPTHWISE_MULTIPLIER, DEPTHWISE_INPLACE)

macs = conv_common.macs
geometry = conv_common.geometry


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
    if op.options.get("depth_multiplier", 1) != 1:
        return []
    g = conv_common.geometry(graph, op)
    if inplace_lag(g) is None:
        return []
    return [(op.inputs[0], scratch_inplace(g))]


def lower(ctx: LowerContext, op: Op):
    g = conv_common.geometry(ctx.graph, op)
    dm = op.options["depth_multiplier"]
    inp, flt = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1])
    params = conv_common.layer_params(ctx, op, g, dm)
    bias_index = optional_input(op, 2)
    bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
    per_channel = flt.data.reshape(-1, g.out_c).T  # per output channel, the taps of one input pixel

    def folded() -> Arg:
        return ctx.derived(op, "bias_folded", "int32_t", folded_bias(per_channel, bias, -inp.quant.zero_point[0]))

    macs = conv_common.macs(ctx.graph, op)
    rows = ctx.kernels in ("rvv", "xthead") and ctx.rows_fill_more_lanes(g.out_w, g.out_c)
    # Pixels whose window crosses the border (and depth multipliers above 1) start from the raw
    # bias. The fast scalar and RVV kernels derive it: bias_folded - input_offset * (the channel's
    # tap sum), an int16 table half the raw bias's size. Sums beyond int16 (windows over 256 taps of
    # large weights) take the reference kernel.
    exact_pixels = g.touches_border or dm > 1
    tap_sums = per_channel.astype(np.int64).sum(axis=1)
    sums_fit = bool(np.abs(tap_sums).max(initial=0) <= np.iinfo(np.int16).max)
    needs_wide_sums = None if sums_fit else {"scalar", "rvv"}
    if not bias_folds(per_channel, bias, -inp.quant.zero_point[0]):  # the raw bias: the reference kernel
        needs_wide_sums = set(FOLDING_SETS)
    note = FOLDING_NOTE if needs_wide_sums == FOLDING_SETS else "tap sums beyond int16"

    def sums() -> Arg:
        return ctx.derived(op, "tap_sums", "int16_t", tap_sums.astype(np.int16)) if exact_pixels else Arg("null")

    if ctx.inplace(op):
        # Each output row runs through the set's out-of-place kernel: the biases that kernel takes.
        chosen = ctx.pick(DEPTHWISE_INPLACE, needs_wide_sums, note)
        if chosen.kernel_set == "xthead":  # the row kernel (folded bias) or the channel kernel (raw)
            biases = [folded(), Arg("null")] if rows else [Arg("null"), ctx.weights(bias_index)]
        elif chosen.kernel_set in ("rvv", "scalar"):  # RVV: the channel kernel
            biases = [folded(), sums()]
        else:
            biases = [ctx.weights(bias_index)]
        multiplier, shift = conv_common.requant_args(ctx, op, g.out_c, chosen.kernel_set)
        args = [ctx.output(op), ctx.weights(op.inputs[1]), *biases, multiplier, shift, ctx.scratch(op)]
        return ctx.layer(op, chosen, DEPTHWISE_INPLACE, params, args, macs)
    fam = DEPTHWISE_ROWS if rows else DEPTHWISE_MULTIPLIER if dm > 1 else DEPTHWISE
    chosen = ctx.pick(fam, needs_wide_sums, note)
    data = [ctx.input(op), ctx.weights(op.inputs[1])]
    if chosen.kernel in ("depthwise_conv2d_rows_s8_rvv", "depthwise_conv2d_rows_s8_xthead"):
        args = [*data, folded()]
    elif chosen.kernel_set in ("rvv", "scalar"):
        args = [*data, folded(), sums()]
    else:  # ref, and XTheadVector (exact everywhere with the raw bias)
        args = [*data, ctx.weights(bias_index)]
    multiplier, shift = conv_common.requant_args(ctx, op, g.out_c, chosen.kernel_set)
    layer = ctx.layer(op, chosen, fam, params, args, macs)
    return conv_common.finish(ctx, op, layer, multiplier, shift, g)
