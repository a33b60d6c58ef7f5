"""TT_EINSUM: one einsum of a Tensor-Train-compressed FULLY_CONNECTED (made by codegen.tt.compress),
or a FULLY_CONNECTED over rows whose outputs a TRANSPOSE scatters (made by passes.einsum from the
chains TFLite's converter makes of `tf.einsum`): per-tensor cores, or per-channel weights with a
multiplier and shift per output."""

from __future__ import annotations

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import Arg, Layer, LowerContext, Operands, optional_input
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family
from codegen.quant import activation_range, conv_output_multipliers

OUT = ("multiplier", "shift", "output")
# The vector kernels put a row's outputs across lanes: cores transposed, and where each output of a
# row goes (offsets). RVV folds the input offset into the bias and multiplies raw int8; the
# XTheadVector kernel adds the input offset to each input: the raw bias.
TT = family("TT_EINSUM", "rvfw_tt_params", "tt_einsum_s8", ("ref", "rvv", "xthead"), args={
    "ref": ("input", "cores", "bias", *OUT),
    "rvv": ("input", "cores_t", "bias_folded", "offsets", *OUT),
    "xthead": ("input", "cores_t", "bias", "offsets", *OUT),
})  # fmt: skip


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
    per_channel = len(core.quant.scale) > 1  # per-channel weights: a multiplier and shift per output
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
    j = np.arange(outputs)
    offsets = (j // g["r_out"]) * (g["inner"] * g["prev_m"] * g["r_out"]) + j % g["r_out"]

    def offsets_arg() -> Arg:
        if offsets.max() >= 1 << 16:
            raise ValueError("TT einsum output offsets exceed 16 bits")
        return ctx.derived(op, "offsets", "uint16_t", offsets.astype(np.uint16))

    def bias_folded() -> Arg:
        folded = -inp.quant.zero_point[0] * core.data.astype(np.int64).sum(axis=1)
        if bias_index >= 0:
            folded = ctx.tensor(bias_index).data.astype(np.int64).reshape(-1, outputs) + folded
        return ctx.derived(op, "bias_folded", "int32_t", folded.astype(np.int32))

    operands: Operands = {
        "input": lambda: ctx.input(op),
        "cores": lambda: ctx.weights(op.inputs[1]),
        "cores_t": lambda: ctx.derived(op, "cores_t", "int8_t", core.data.T, role="weights"),
        "bias": lambda: ctx.weights(bias_index),
        "bias_folded": bias_folded,
        "offsets": offsets_arg,
        "multiplier": lambda: ctx.derived(op, "multiplier", "int32_t", multipliers) if per_channel else Arg("null"),
        "shift": lambda: ctx.derived(op, "shift", "int32_t", shifts) if per_channel else Arg("null"),
        "output": lambda: ctx.output(op),
    }
    chosen = ctx.pick(TT)
    layer = ctx.layer(op, chosen, TT, params, operands, macs(ctx.graph, op))
    layer.op = label
    return layer


CONTRACT = OpContract(
    kinds={
        OpKind.TT_EINSUM: Kind(None, (1, 1 << 16)),
    },
    forms={None: Form(check, lower, (TT,), macs=macs)},
)
