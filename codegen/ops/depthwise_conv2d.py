"""DEPTHWISE_CONV_2D: int8 activations, int8 per-channel (or per-tensor) weights, int32 bias, any
depth multiplier; with depth multiplier 1, optionally in place (channel by channel)."""

from __future__ import annotations

from codegen.ir import Graph, Op, OpKind
from codegen.ops import conv_common
from codegen.ops.common import Arg, LowerContext, fail, folded_bias, optional_input
from codegen.ops.kernels import Family, family

KINDS = (OpKind.DEPTHWISE_CONV_2D,)
PARAMS = "rvfw_conv_params"
DEPTHWISE = family("DEPTHWISE_CONV_2D", PARAMS, "depthwise_conv2d_s8", ("ref", "scalar", "rvv", "xthead"))
DEPTHWISE_ROWS = Family(
    "DEPTHWISE_CONV_2D, output pixels across lanes",
    PARAMS,
    {**DEPTHWISE.kernels, "rvv": "depthwise_conv2d_rows_s8_rvv", "xthead": "depthwise_conv2d_rows_s8_xthead"},
)
DEPTHWISE_INPLACE = family(
    "DEPTHWISE_CONV_2D in place", PARAMS, "depthwise_conv2d_inplace_s8", ("ref", "scalar", "rvv")
)
FAMILIES = (DEPTHWISE, DEPTHWISE_ROWS, DEPTHWISE_INPLACE)

macs = conv_common.macs
geometry = conv_common.geometry


def check(graph: Graph, op: Op) -> None:
    conv_common.check_window(graph, op)
    inp, flt, out = (graph.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    if flt.shape[3] != out.shape[3] or out.shape[3] != inp.shape[3] * op.options["depth_multiplier"]:
        raise fail(graph, op, "filter, depth multiplier and channel counts disagree")


def scratch_inplace(in_h: int, in_w: int) -> int:
    """Four input channels' planes (the fast scalar kernel's block; the reference and RVV kernels
    use one); mirrors rvfw_depthwise_conv2d_inplace_scratch_size()."""
    return 4 * in_h * in_w


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """Depth multiplier 1 runs channel by channel (TinyEngine's scheme): every write of channel c
    lands on a slot of channel c, whose plane was first copied to scratch."""
    if op.options.get("depth_multiplier", 1) != 1:
        return []
    _, h, w, _ = graph.tensors[op.inputs[0]].shape
    return [(op.inputs[0], scratch_inplace(h, w))]


def lower(ctx: LowerContext, op: Op):
    g = conv_common.geometry(ctx.graph, op)
    dm = op.options["depth_multiplier"]
    inp, flt = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1])
    params = conv_common.layer_params(ctx, op, g, dm)
    multiplier, shift = conv_common.requant_args(ctx, op, g.out_c)
    bias_index = optional_input(op, 2)
    bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
    per_channel = flt.data.reshape(-1, g.out_c).T  # per output channel, the taps of one input pixel

    def folded() -> Arg:
        return ctx.derived(op, "bias_folded", "int32_t", folded_bias(per_channel, bias, -inp.quant.zero_point[0]))

    macs = conv_common.macs(ctx.graph, op)
    if ctx.inplace(op):
        chosen = ctx.pick(DEPTHWISE_INPLACE)
        bias_arg = folded() if chosen.kernel_set in ("rvv", "scalar") else ctx.weights(bias_index)
        args = [ctx.output(op), ctx.weights(op.inputs[1]), bias_arg, multiplier, shift, ctx.scratch(op)]
        return ctx.layer(op, chosen, DEPTHWISE_INPLACE, params, args, macs)
    rows = ctx.kernels in ("rvv", "xthead") and ctx.rows_fill_more_lanes(g.out_w, g.out_c)
    fam = DEPTHWISE_ROWS if rows else DEPTHWISE
    chosen = ctx.pick(fam)
    data = [ctx.input(op), ctx.weights(op.inputs[1])]
    # The raw bias serves pixels whose window crosses the border (and depth multipliers above 1).
    raw_bias = ctx.weights(bias_index) if g.touches_border or dm > 1 else Arg("null")
    if chosen.kernel in ("depthwise_conv2d_rows_s8_rvv", "depthwise_conv2d_rows_s8_xthead"):
        args = [*data, folded()]
    elif chosen.kernel_set in ("rvv", "scalar"):
        args = [*data, folded(), raw_bias]
    else:  # ref, and XTheadVector (exact everywhere with the raw bias)
        args = [*data, ctx.weights(bias_index)]
    layer = ctx.layer(op, chosen, fam, params, args, macs)
    return conv_common.finish(ctx, op, layer, multiplier, shift, g)
