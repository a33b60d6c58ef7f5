"""TT_EINSUM: one einsum of a Tensor-Train-compressed FULLY_CONNECTED (made by codegen.tt.compress),
or a FULLY_CONNECTED over rows whose outputs a TRANSPOSE scatters (made by passes.einsum from the
chains TFLite's converter makes of `tf.einsum`): per-tensor cores, or per-channel weights with a
multiplier and shift per output."""

from __future__ import annotations

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import Arg, Layer, LowerContext, not_in_place, optional_input
from codegen.ops.kernels import family
from codegen.quant import activation_range, conv_output_multipliers

KINDS = (OpKind.TT_EINSUM,)
TT = family("TT_EINSUM", "rvfw_tt_params", "tt_einsum_s8", ("ref", "rvv", "xthead"))
FAMILIES = (TT,)
inplace = not_in_place


def check(graph: Graph, op: Op) -> None:
    """Internal op, built by the TT pass: nothing in a user's file to reject."""


def macs(graph: Graph, op: Op) -> int:
    g = op.options
    outputs, depth = graph.tensors[op.inputs[1]].shape
    return g["outer"] * g["prev_m"] * g["inner"] * outputs * depth


def lower(ctx: LowerContext, op: Op) -> Layer:
    g = op.options
    inp, core, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    outputs, depth = core.shape
    multipliers, shifts = conv_output_multipliers(inp.quant.scale[0], core.quant.scale, out.quant.scale[0], outputs)
    multiplier, shift = multipliers[0], shifts[0]
    if len(core.quant.scale) > 1:  # per-channel weights: a multiplier and shift per output
        per_output = [
            ctx.derived(op, "multiplier", "int32_t", multipliers),
            ctx.derived(op, "shift", "int32_t", shifts),
        ]
    else:
        per_output = [Arg("null"), Arg("null")]
    act_min, act_max = activation_range(g["activation"], out.quant.scale[0], out.quant.zero_point[0])
    bias_index = optional_input(op, 2)
    params = [
        ("outer", g["outer"]),
        ("prev_m", g["prev_m"]),
        ("inner", g["inner"]),
        ("n", g["n"]),
        ("r_out", g["r_out"]),
        ("k", depth),
        ("bias_per_row", int(bias_index >= 0)),
        ("input_offset", -inp.quant.zero_point[0]),
        ("output_offset", out.quant.zero_point[0]),
        ("output_multiplier", multiplier),
        ("output_shift", shift),
        ("output_activation_min", act_min),
        ("output_activation_max", act_max),
        ("right_shifts_only", int(all(s < 0 for s in shifts))),
    ]
    label = f"{op.kind.value} {g['form']} (op #{g['from_op']})" if "form" in g else "FULLY_CONNECTED+TRANSPOSE"
    chosen = ctx.pick(TT)
    if chosen.kernel_set in ("rvv", "xthead"):
        # A row's outputs across lanes: cores transposed, and where each output of a row goes.
        j = np.arange(outputs)
        offsets = (j // g["r_out"]) * (g["inner"] * g["prev_m"] * g["r_out"]) + j % g["r_out"]
        if offsets.max() >= 1 << 16:
            raise ValueError("TT einsum output offsets exceed 16 bits")
        if chosen.kernel_set == "rvv":  # the input offset folded into the bias; the kernel multiplies raw int8
            folded = -inp.quant.zero_point[0] * core.data.astype(np.int64).sum(axis=1)
            if bias_index >= 0:
                folded = ctx.tensor(bias_index).data.astype(np.int64).reshape(-1, outputs) + folded
            bias = ctx.derived(op, "bias_folded", "int32_t", folded.astype(np.int32))
        else:  # the XTheadVector kernel adds the input offset to each input: the raw bias
            bias = ctx.weights(bias_index)
        args = [
            ctx.input(op),
            ctx.derived(op, "cores_t", "int8_t", core.data.T, role="weights"),
            bias,
            ctx.derived(op, "offsets", "uint16_t", offsets.astype(np.uint16)),
            *per_output,
            ctx.output(op),
        ]
    else:
        args = [ctx.input(op), ctx.weights(op.inputs[1]), ctx.weights(bias_index), *per_output, ctx.output(op)]
    layer = ctx.layer(op, chosen, TT, params, args, macs(ctx.graph, op))
    layer.op = label
    return layer
