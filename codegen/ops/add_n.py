"""ADD_N of tensors of one shape.

int8: TFLite Micro's quantized AddN (`scaled_sum`, which CUMSUM shares): each value less the zero
point, shifted left 20 and halved, summed from the rescaled input offset (TFLite's quirk: not from
0), the sum rescaled to the output and clamped. One kernel call per input into an int32 sum per
element (scratch); the last call writes the output.

float32: TFLite Micro's AddN sums each element from 0 in input
order, 0 + x0 + x1 + ... + xn. Lowered onto the float32 ADD kernel, one call per term: the output
first takes x0 plus a broadcast 0 (so a -0.0 becomes +0.0 as the sum from 0 makes it), then each
further input is added to it in place. Every element is read before it is written, so the output
may be an operand of its own call. Only overflow to infinity differs: the ADD kernel's clamp at
the float range, which TFLite Micro's AddN does not apply (it never happens on finite sums below
3.4e38)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.binary import F32, operand
from codegen.ops.broadcast import broadcast_layout
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_dtype,
    expect_float,
    expect_quant,
    expect_same_shape,
    fail,
    float_activation,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family
from codegen.quant import quantize_multiplier

ADD = F32[OpKind.ADD]
ADD_N_S8 = family("ADD_N int8", "rvfw_add_n_params", "add_n_s8", ("ref",), ("ADD_N",))
LEFT_SHIFT = 20  # TFLite Micro's kAddNIntegerShift and kCumSumIntegerShift


def scaled_sum(graph: Graph, op: Op) -> list[tuple[str, int]]:
    """rvfw_scaled_sum for an int8 ADD_N or CUMSUM, as TFLite Micro's Prepare computes it: terms
    at half the input scale over 2^20 (the multiplier 0.5), the output rescaled from twice it."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    s_in, s_out = float(np.float32(inp.quant.scale[0])), float(np.float32(out.quant.scale[0]))
    twice = 2 * s_in
    in_mult, in_shift = quantize_multiplier(s_in / twice)
    real_out = twice / ((1 << LEFT_SHIFT) * s_out)
    if not real_out < 1.0:  # QuantizeMultiplierSmallerThanOneExp takes multipliers below one only
        raise fail(graph, op, f"output scale {s_out:g} below twice the input's over 2^20 (TFLite Micro requires it)")
    out_mult, out_shift = quantize_multiplier(real_out)
    return [("q.input_offset", -inp.quant.zero_point[0]), ("q.left_shift", LEFT_SHIFT),
            ("q.input_multiplier", in_mult), ("q.input_shift", in_shift), ("q.output_multiplier", out_mult),
            ("q.output_shift", out_shift), ("q.output_offset", out.quant.zero_point[0]), ("q.act_min", -128),
            ("q.act_max", 127)]  # fmt: skip


def check_s8(graph: Graph, op: Op) -> None:
    first, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    expect_quant(graph, op, first, "input 0")
    expect_quant(graph, op, out, "output")
    for position, t in enumerate(op.inputs):
        tensor = graph.tensors[t]
        expect_dtype(graph, op, t, f"input {position}", DType.INT8)
        expect_same_shape(graph, op, tensor, out)
        if tensor.quant is None or tensor.quant.scale[0] != first.quant.scale[0] or (
                tensor.quant.zero_point[0] != first.quant.zero_point[0]):  # fmt: skip
            raise fail(graph, op, f"input {position}'s quantisation differs from input 0's (TFLite Micro requires one)")
    scaled_sum(graph, op)


def scratch_s8(graph: Graph, op: Op) -> int:
    """The int32 sum of every element."""
    return 4 * graph.tensors[op.outputs[0]].num_elements


def lower_s8(ctx: LowerContext, op: Op) -> list[Layer]:
    size = ctx.tensor(op.outputs[0]).num_elements
    q = scaled_sum(ctx.graph, op)
    last = len(op.inputs) - 1
    return [ctx.layer(op, ctx.pick(ADD_N_S8), ADD_N_S8,
                      [("size", size), ("first", int(k == 0)), ("last", int(k == last)), *q],
                      [operand(ctx, op, k), replace(ctx.scratch(op), c_type="int32_t"), ctx.output(op)])
            for k in range(len(op.inputs))]  # fmt: skip


def check(graph: Graph, op: Op) -> None:
    inp, out = expect_float(graph, op)
    for position, t in enumerate(op.inputs):
        expect_same_shape(graph, op, graph.tensors[t], out)
        if position and graph.tensors[t].dtype is not DType.FLOAT32:
            raise fail(graph, op, f"input {position} is not float32")


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    if graph.tensors[op.outputs[0]].dtype is not DType.FLOAT32:  # int8: left to its kernel
        return None
    total = np.zeros(graph.tensors[op.outputs[0]].shape, np.float32)
    for t in op.inputs:
        total = (total + graph.tensors[t].data.astype(np.float32)).astype(np.float32)
    return [total]


def lower(ctx: LowerContext, op: Op) -> list[Layer]:
    out = ctx.tensor(op.outputs[0])
    picked = ctx.pick(ADD)  # binary's float32 ADD: its RVV kernel needs float32 lanes
    clamp = float_activation(ctx, op, "NONE")
    zero = ctx.derived(op, "zero", "float", np.zeros(1, np.float32))
    layers = [ctx.layer(op, picked, ADD, broadcast_layout(out.shape, (1,), out.shape),
                        [operand(ctx, op, 0), zero, clamp, ctx.output(op)])]  # fmt: skip
    same = broadcast_layout(out.shape, out.shape, out.shape)
    for position in range(1, len(op.inputs)):
        args = [ctx.output(op), operand(ctx, op, position), clamp, ctx.output(op)]
        layers.append(ctx.layer(op, picked, ADD, same, args))
    return layers


CONTRACT = OpContract(
    kinds={OpKind.ADD_N: Kind(1, (1, 1 << 16))},
    forms={
        DType.FLOAT32: Form(check, lower, (ADD,)),
        DType.INT8: Form(check_s8, lower_s8, (ADD_N_S8,), scratch=scratch_s8),
    },  # fmt: skip
    fold=fold,
)
