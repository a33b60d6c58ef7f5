"""FULLY_CONNECTED: int8 input and weights (per-tensor or per-channel), int32 bias."""

from __future__ import annotations

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import (
    FOLDING_NOTE,
    FOLDING_SETS,
    Layer,
    LowerContext,
    bias_folds,
    expect_activation,
    expect_weighted_int8,
    fail,
    folded_bias,
    not_in_place,
    optional_input,
)
from codegen.ops.kernels import family
from codegen.quant import activation_range, conv_output_multipliers

KINDS = (OpKind.FULLY_CONNECTED,)
FC = family("FULLY_CONNECTED", "rvfw_fc_params", "fully_connected_s8", ("ref", "scalar", "rvv", "xthead"))
FAMILIES = (FC,)
inplace = not_in_place


def check(graph: Graph, op: Op) -> None:
    inp, flt, _ = expect_weighted_int8(graph, op)
    if op.options.get("weights_format", 0) != 0:
        raise fail(graph, op, "shuffled weights format not supported")
    if len(flt.shape) != 2 or flt.shape[1] == 0 or inp.num_elements % flt.shape[1]:
        raise fail(graph, op, f"input of {inp.num_elements} elements does not match filter {list(flt.shape)}")
    out = graph.tensors[op.outputs[0]]
    batches = inp.num_elements // flt.shape[1]
    if out.num_elements != batches * flt.shape[0]:
        raise fail(graph, op, f"output {list(out.shape)} is not {batches} x {flt.shape[0]} values")
    bias = op.inputs[2] if len(op.inputs) > 2 else -1
    if bias >= 0 and graph.tensors[bias].num_elements != flt.shape[0]:
        raise fail(graph, op, f"bias of {graph.tensors[bias].num_elements} values for {flt.shape[0]} outputs")


def macs(graph: Graph, op: Op) -> int:
    out_depth, accum_depth = graph.tensors[op.inputs[1]].shape
    return graph.tensors[op.inputs[0]].num_elements // accum_depth * accum_depth * out_depth


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, flt, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    out_depth, accum_depth = flt.shape
    batches = inp.num_elements // accum_depth
    multipliers, shifts = conv_output_multipliers(inp.quant.scale[0], flt.quant.scale, out.quant.scale[0], out_depth)
    act_min, act_max = activation_range(expect_activation(ctx.graph, op), out.quant.scale[0], out.quant.zero_point[0])
    params = [
        ("batches", batches),
        ("accum_depth", accum_depth),
        ("out_depth", out_depth),
        ("input_offset", -inp.quant.zero_point[0]),
        ("filter_offset", -flt.quant.zero_point[0]),
        ("output_offset", out.quant.zero_point[0]),
        ("output_activation_min", act_min),
        ("output_activation_max", act_max),
    ]
    bias_index = optional_input(op, 2)
    raw_bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
    folds = bias_folds(flt.data, raw_bias, -inp.quant.zero_point[0])
    chosen = ctx.pick(FC, None if folds else set(FOLDING_SETS), FOLDING_NOTE)
    multiplier = ctx.derived(op, "multiplier", "int32_t", multipliers)
    # The fast scalar kernel reads the shifts (-31..31) as int8: a quarter of the table.
    shift = ctx.derived(op, "shift", "int8_t" if chosen.kernel_set == "scalar" else "int32_t", shifts)
    if chosen.kernel_set == "xthead":
        weights = ctx.derived(op, "filter_t", "int8_t", flt.data.T, role="weights")
        middle = [weights, ctx.weights(bias_index)]
    elif chosen.kernel_set in ("rvv", "scalar"):
        bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
        folded = ctx.derived(op, "bias_folded", "int32_t", folded_bias(flt.data, bias, -inp.quant.zero_point[0]))
        # The vector kernel puts output units across lanes, so it reads the filter transposed.
        transposed = chosen.kernel_set == "rvv"
        weights = ctx.derived(op, "filter_t", "int8_t", flt.data.T, role="weights") if transposed else None
        middle = [weights or ctx.weights(op.inputs[1]), folded]
    else:
        middle = [ctx.weights(op.inputs[1]), ctx.weights(bias_index)]
    args = [ctx.input(op), *middle, multiplier, shift, ctx.output(op)]
    return ctx.layer(op, chosen, FC, params, args, macs(ctx.graph, op))
