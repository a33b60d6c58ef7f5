"""TT_EINSUM: one einsum of a Tensor-Train-compressed FULLY_CONNECTED (made by codegen.tt.compress)."""

from __future__ import annotations

import numpy as np

from codegen.ir import Graph, Op
from codegen.ops.common import Layer, LowerContext, optional_input
from codegen.quant import activation_range, quantize_multiplier


def check(graph: Graph, op: Op) -> None:
    """Internal op, built by the TT pass: nothing in a user's file to reject."""


def lower(ctx: LowerContext, op: Op) -> Layer:
    g = op.options
    inp, core, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    outputs, depth = core.shape
    multiplier, shift = quantize_multiplier(
        float(inp.quant.scale[0]) * float(core.quant.scale[0]) / float(out.quant.scale[0])
    )
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
    ]
    macs = g["outer"] * g["prev_m"] * g["inner"] * outputs * depth
    label = f"{op.kind.value} {g['form']} (op #{g['from_op']})"
    if ctx.kernels in ("rvv", "xthead"):
        # A row's outputs across lanes: cores transposed, and where each output of a row goes.
        j = np.arange(outputs)
        offsets = (j // g["r_out"]) * (g["inner"] * g["prev_m"] * g["r_out"]) + j % g["r_out"]
        if offsets.max() >= 1 << 16:
            raise ValueError("TT einsum output offsets exceed 16 bits")
        if ctx.kernels == "rvv":  # the input offset folded into the bias; the kernel multiplies raw int8
            folded = -inp.quant.zero_point[0] * core.data.astype(np.int64).sum(axis=1)
            if bias_index >= 0:
                folded = ctx.tensor(bias_index).data.astype(np.int64).reshape(-1, outputs) + folded
            bias = ctx.derived(op, "bias_folded", "int32_t", folded.astype(np.int32))
        else:  # the XTheadVector kernel adds the input offset to each input: the raw bias
            bias = ctx.weights(bias_index)
        args = [
            ctx.arena(op.inputs[0]),
            ctx.derived(op, "cores_t", "int8_t", core.data.T, role="weights"),
            bias,
            ctx.derived(op, "offsets", "uint16_t", offsets.astype(np.uint16)),
            ctx.arena(op.outputs[0]),
        ]
        return Layer(op.index, label, f"tt_einsum_s8_{ctx.kernels}", "rvfw_tt_params", params, args, macs)
    note = "" if ctx.kernels == "ref" else "no scalar TT kernel: reference"
    args = [ctx.arena(op.inputs[0]), ctx.weights(op.inputs[1]), ctx.weights(bias_index), ctx.arena(op.outputs[0])]
    return Layer(op.index, label, "tt_einsum_s8_ref", "rvfw_tt_params", params, args, macs, note=note)
