"""CONV_2D: int8 activations, int8 per-channel (or per-tensor) weights, int32 bias; optionally
with a fused residual ADD (passes.fuse_residual_adds) or, for 1x1 stride-1 convolutions, in place."""

from __future__ import annotations

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

KINDS = (OpKind.CONV_2D,)
PARAMS = "rvfw_conv_params"
CONV = family("CONV_2D", PARAMS, "conv2d_s8", ("ref", "scalar", "rvv", "xthead"))
# Output pixels across lanes instead of output channels, for few channels and wide rows.
CONV_ROWS = Family("CONV_2D, output pixels across lanes", PARAMS, {**CONV.kernels, "rvv": "conv2d_rows_s8_rvv"})
CONV_1X1_INPLACE = family("CONV_2D 1x1 in place", PARAMS, "conv2d_1x1_inplace_s8", ("ref", "scalar", "rvv", "xthead"))
# The fast scalar kernel where the plan left no room for im2col columns: they go in the output's
# tail (a kernel of its own, so images whose convs all have column scratch do not carry it).
CONV_TAIL = Family("CONV_2D, columns in the output", PARAMS, {**CONV.kernels, "scalar": "conv2d_tail_s8_scalar"})
FAMILIES = (CONV, CONV_ROWS, CONV_1X1_INPLACE, CONV_TAIL)

# Pixels the in-place pointwise kernels copy to scratch at a time (the fast scalar kernel's 4x2
# block; RVV uses three); mirrors rvfw_conv2d_1x1_inplace_scratch_size() in rvfw_kernels.h.
PIXEL_BLOCK = 4

macs = conv_common.macs
geometry = conv_common.geometry


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
    return max(IM2COL_PIXELS, RVV_COLUMNS) * g.k_h * g.k_w * g.in_c


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """(input it may overwrite, scratch bytes): with a fused residual ADD, the residual (each
    output row goes to scratch first); a pointwise conv its input, pixel by pixel, forward when it
    narrows the channels and backward when it widens them, the pixels in flight copied to scratch."""
    if op.fused_add is not None:
        conv_out = graph.tensors[op.fused_add.conv_output]
        return [(op.inputs[3], conv_out.shape[2] * conv_out.shape[3])]
    if pointwise(graph, op):
        return [(op.inputs[0], scratch_1x1_inplace(graph.tensors[op.inputs[0]].shape[3]))]
    return []


def _rows_fill_more_lanes(vlen: int, out_w: int, out_c: int) -> bool:
    """The row kernel fills min(out_w, lanes) of its LMUL-8 lanes; the channel kernel fills
    min(out_c, lanes) of them, or, with the output channels within half the lanes, out_c of its
    LMUL-4 ones (six pixels a pass). Rows only where they fill a larger share."""
    lanes = vlen // 4
    channels = out_c / (lanes // 2) if out_c <= lanes // 2 else min(out_c, lanes) / lanes
    return min(out_w, lanes) / lanes > channels


def lower(ctx: LowerContext, op: Op):
    g = conv_common.geometry(ctx.graph, op)
    inp, flt = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1])
    params = conv_common.layer_params(ctx, op, g, 1)
    bias_index = optional_input(op, 2)
    bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
    input_offset = -inp.quant.zero_point[0]
    # Where the folded bias would pass int32, the reference kernel with the raw bias.
    unfolded = None if bias_folds(flt.data, bias, input_offset) else set(FOLDING_SETS)

    def folded() -> Arg:
        return ctx.derived(op, "bias_folded", "int32_t", folded_bias(flt.data, bias, input_offset))

    def hwio() -> Arg:
        return ctx.derived(op, "filter_hwio", "int8_t", flt.data.transpose(1, 2, 3, 0), role="weights")

    if ctx.inplace(op) and op.fused_add is None:
        # Output over the input (same arena offset), with the op's scratch; see planner.inplace.
        chosen = ctx.pick(CONV_1X1_INPLACE, unfolded, FOLDING_NOTE)
        multiplier, shift = conv_common.requant_args(ctx, op, g.out_c, chosen.kernel_set)
        out = ctx.output(op)
        if chosen.kernel_set == "rvv":
            io = ctx.derived(op, "filter_io", "int8_t", flt.data.reshape(g.out_c, g.in_c).T, role="weights")
            args = [out, io, folded(), multiplier, shift, ctx.scratch(op)]
        elif chosen.kernel_set == "scalar":
            args = [out, ctx.weights(op.inputs[1]), folded(), multiplier, shift, ctx.scratch(op)]
        elif chosen.kernel_set == "xthead":  # through the XTheadVector conv: HWIO weights, raw bias
            args = [out, hwio(), ctx.weights(bias_index), multiplier, shift, ctx.scratch(op)]
        else:
            args = [out, ctx.weights(op.inputs[1]), ctx.weights(bias_index), multiplier, shift, ctx.scratch(op)]
        return ctx.layer(op, chosen, CONV_1X1_INPLACE, params, args, conv_common.macs(ctx.graph, op))
    rows = ctx.kernels == "rvv" and _rows_fill_more_lanes(ctx.vlen, g.out_w, g.out_c)
    fam = CONV_ROWS if rows else CONV
    chosen = ctx.pick(fam, unfolded, FOLDING_NOTE)
    columns = ctx.spare_scratch(op)
    if chosen.kernel == "conv2d_s8_scalar" and columns.kind == "null" and not pointwise(ctx.graph, op):
        fam = CONV_TAIL
        chosen = ctx.pick(fam, unfolded, FOLDING_NOTE)
    data = [ctx.input(op), ctx.weights(op.inputs[1])]
    # Optimised kernels fold the input offset into the bias; the raw bias serves only pixels whose
    # window crosses the border, else NULL.
    multiplier, shift = conv_common.requant_args(ctx, op, g.out_c, chosen.kernel_set)
    if chosen.kernel == "conv2d_rows_s8_rvv":
        args = [*data, folded()]
    elif chosen.kernel_set == "rvv":
        args = [data[0], hwio(), folded(), ctx.weights(bias_index) if g.touches_border else Arg("null")]
    elif chosen.kernel_set == "xthead":  # exact everywhere with the raw bias: it adds the offset per input
        args = [data[0], hwio(), ctx.weights(bias_index)]
    elif chosen.kernel_set == "scalar":  # padding taps read the zero point: the folded bias serves all
        args = [*data, folded()]
    else:
        args = [*data, ctx.weights(bias_index)]
    layer = ctx.layer(op, chosen, fam, params, args, conv_common.macs(ctx.graph, op))
    layer = conv_common.finish(ctx, op, layer, multiplier, shift, g)
    if chosen.kernel in ("conv2d_s8_scalar", "conv2d_s8_rvv"):
        layer.args.append(columns)
    return layer
