"""16x8 models (int16 activations, int8 weights, int64 bias): what the op modules call when an
op's activations are int16 (CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED, ADD, SUB, MUL,
AVERAGE_POOL_2D, MAX_POOL_2D, LOGISTIC, TANH, SOFTMAX). TFLite Micro's 16x8 kernels accumulate in 64 bits and requantise
with its 64-bit MultiplyByQuantizedMultiplier (rvfw_requantize64) when the bias is int64, and in
int32 with the int8 requantisation when it is int32 (params acc32); ADD and SUB are the int8
algorithm with 15 bits of headroom, MUL and the pools the int8 ones with int16 clamps, LOGISTIC and TANH
TFLite's int16 table kernels (codegen/ops/sigmoid16.py) with its input scaling. Zero points
of int16 tensors are 0, as TFLite's 16x8 quantisation makes them. Data movement, views,
CONCATENATION and QUANTIZE / DEQUANTIZE handle int16 in their own modules."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import binary, conv_common, pool2d, sigmoid16
from codegen.ops.broadcast import broadcast_layout, broadcast_shape
from codegen.ops.common import Layer, LowerContext, expect_activation, expect_constant, expect_dtype, expect_quant, fail
from codegen.ops.kernels import family
from codegen.ops.sigmoid16 import lut_multiplier
from codegen.quant import (
    activation_range,
    conv_output_multipliers,
    quantize_multiplier,
    round_half_away,
)

CONV = family("CONV_2D 16x8", "rvfw_conv_params", "conv2d_s16", ("ref", "rvv"), ("CONV_2D",))
DEPTHWISE = family("DEPTHWISE_CONV_2D 16x8", "rvfw_conv_params", "depthwise_conv2d_s16", ("ref", "rvv"),
                   ("DEPTHWISE_CONV_2D",))  # fmt: skip
FC = family("FULLY_CONNECTED 16x8", "rvfw_fc_params", "fully_connected_s16", ("ref", "rvv"), ("FULLY_CONNECTED",))
ADD = family("ADD int16", "rvfw_binary_params", "add_broadcast_s16", ("ref",), ("ADD",))
SUB = family("SUB int16", "rvfw_binary_params", "sub_s16", ("ref",), ("SUB",))
MUL = family("MUL int16", "rvfw_binary_params", "mul_s16", ("ref",), ("MUL",))
AVERAGE = family("AVERAGE_POOL_2D int16", "rvfw_pool_params", "avgpool2d_s16", ("ref",), ("AVERAGE_POOL_2D",))
MAX = family("MAX_POOL_2D int16", "rvfw_pool_params", "maxpool2d_s16", ("ref",), ("MAX_POOL_2D",))
SOFTMAX = family("SOFTMAX int16", "rvfw_softmax_params", "softmax_s16", ("ref",), ("SOFTMAX",))
SIGMOID = family("LOGISTIC / TANH int16", "rvfw_sigmoid_s16_params", "sigmoid_s16", ("ref",), ("LOGISTIC", "TANH"))
LEAKY = family("LEAKY_RELU int16", "rvfw_leaky_relu_params", "leaky_relu_s16", ("ref",), ("LEAKY_RELU",))
FAMILIES = (CONV, DEPTHWISE, FC, ADD, SUB, MUL, AVERAGE, MAX, SIGMOID, SOFTMAX, LEAKY)
BINARY = {OpKind.ADD: ADD, OpKind.SUB: SUB, OpKind.MUL: MUL}
POOLS = {OpKind.AVERAGE_POOL_2D: AVERAGE, OpKind.MAX_POOL_2D: MAX}
TABLE_KINDS = (OpKind.LOGISTIC, OpKind.TANH)
KINDS_SUPPORTED = (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D, OpKind.FULLY_CONNECTED, *BINARY, *POOLS, *TABLE_KINDS,
                   OpKind.SOFTMAX, OpKind.LEAKY_RELU)  # fmt: skip
WEIGHTED = (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D, OpKind.FULLY_CONNECTED)
ADD_LEFT_SHIFT = 15


def is_int16(graph: Graph, op: Op) -> bool:
    return bool(op.inputs) and graph.tensors[op.inputs[0]].dtype is DType.INT16


def check(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT16)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT16)
    for t, role in ((inp, "input"), (out, "output")):
        expect_quant(graph, op, t, role)
        if t.quant.zero_point[0] != 0:
            raise fail(graph, op, f"int16 {role} zero point must be 0 (16x8 quantisation)")
    if op.kind is OpKind.SOFTMAX:
        if abs(out.quant.scale[0] - 1 / 32768) > 0.001 / 32768:
            raise fail(graph, op, f"int16 output scale {out.quant.scale[0]:g} is not 1/32768 (TFLite Micro needs it)")
        return
    if op.kind is OpKind.LEAKY_RELU:
        if inp.shape != out.shape:
            raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")
        return
    if op.kind in TABLE_KINDS:
        if _checked_log2(out.quant.scale[0]) != -15:
            raise fail(graph, op, f"int16 output scale {out.quant.scale[0]:g} is not 2^-15 (TFLite Micro needs it)")
        return
    expect_activation(graph, op)
    if op.kind in POOLS:
        if len(inp.shape) != 4 or len(out.shape) != 4 or inp.shape[3] != out.shape[3]:
            raise fail(graph, op, "expects 4-D input and output with the same channels")
        if inp.quant != out.quant:
            raise fail(graph, op, "input and output quantisation must match")
        return
    if op.kind in BINARY:
        b = expect_dtype(graph, op, op.inputs[1], "input", DType.INT16)
        expect_quant(graph, op, b, "input")
        if b.quant.zero_point[0] != 0:
            raise fail(graph, op, "int16 input zero point must be 0 (16x8 quantisation)")
        if broadcast_shape(inp.shape, b.shape) != tuple(out.shape):
            raise fail(graph, op, f"{list(inp.shape)} and {list(b.shape)} do not broadcast to {list(out.shape)}")
        return
    flt = expect_dtype(graph, op, op.inputs[1], "filter", DType.INT8)
    expect_constant(graph, op, op.inputs[1], "filter")
    expect_quant(graph, op, flt, "filter", per_channel_ok=True)
    if any(z != 0 for z in flt.quant.zero_point):
        raise fail(graph, op, "filter zero point must be 0")
    bias = op.inputs[2] if len(op.inputs) > 2 else -1
    if bias >= 0:
        expect_dtype(graph, op, bias, "bias", DType.INT64, DType.INT32)
        expect_constant(graph, op, bias, "bias")
    if op.kind is OpKind.DEPTHWISE_CONV_2D:
        # TFLite Micro's 16x8 depthwise reads its bias as int64 whatever its type, and dereferences
        # it unchecked: an int32 bias gives undefined outputs, none crashes it.
        if bias < 0:
            raise fail(graph, op, "16x8 without a bias tensor: TFLite Micro crashes on it")
        if graph.tensors[bias].dtype is DType.INT32:
            raise fail(graph, op, "16x8 with an int32 bias: TFLite Micro reads it as int64 (undefined outputs)")
    if op.kind is OpKind.FULLY_CONNECTED:
        if len(flt.shape) != 2 or inp.num_elements % flt.shape[1]:
            raise fail(graph, op, f"input {list(inp.shape)} does not match filter {list(flt.shape)}")
        return
    if len(inp.shape) != 4 or len(out.shape) != 4 or len(flt.shape) != 4:
        raise fail(graph, op, "expects 4-D input, filter and output")
    conv_common.expect_output_size(graph, op)


def macs(graph: Graph, op: Op) -> int:
    if op.kind not in WEIGHTED:
        return 0
    out, flt = graph.tensors[op.outputs[0]], graph.tensors[op.inputs[1]]
    if op.kind is OpKind.FULLY_CONNECTED:
        return out.num_elements * flt.shape[1]
    window = flt.shape[1] * flt.shape[2]
    return out.num_elements * window * (flt.shape[3] if op.kind is OpKind.CONV_2D else 1)


def _acc32(ctx: LowerContext, op: Op) -> int:
    """TFLite Micro accumulates in int32 (and requantises as for int8) when the bias is int32, in
    int64 with its 64-bit requantisation when it is int64 or absent (measured on CONV_2D and
    FULLY_CONNECTED: a bias-less Keras Dense stack in 16x8 differs in half its outputs otherwise)."""
    bias = op.inputs[2] if len(op.inputs) > 2 else -1
    return int(bias >= 0 and ctx.tensor(bias).dtype is DType.INT32)


def _checked_log2(scale: float) -> int | None:
    """TFLite's CheckedLog2: the rounded log2 of a scale within 1e-3 of a power of two, else None."""
    log2 = float(np.log(np.float32(scale))) / math.log(2.0)
    rounded = round_half_away(log2)
    return int(rounded) if abs(log2 - rounded) < 1e-3 else None


def table_input_scaling(kind: OpKind, scale: float) -> tuple[int, int]:
    """TFLite Micro's int16 LOGISTIC / TANH Prepare: (multiplier, left shift) taking the input to the
    table's Q3.12 x 3 scaling, resolved as the kernel resolves a power-of-two one."""
    log2 = _checked_log2(scale)
    exact = (0, 1) if kind is OpKind.TANH else (0,)
    if log2 is not None and 12 + log2 in exact:
        return lut_multiplier(0, 12 + log2)
    multiplier, left_shift = float(scale) * 4096.0 * 3.0, 0
    while multiplier <= 32767.0 / 2.0 and left_shift <= 30:
        left_shift += 1
        multiplier *= 2.0
    return int(multiplier), left_shift


def lower(ctx: LowerContext, op: Op) -> Layer:
    g = ctx.graph
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    if op.kind is OpKind.SOFTMAX:
        depth = inp.shape[-1]
        beta = float(op.options.get("beta", 1.0))
        m, s = quantize_multiplier(float(inp.quant.scale[0]) * beta / (10.0 / 65535.0))
        params = [("outer_size", inp.num_elements // depth), ("depth", depth), ("input_multiplier", m),
                  ("input_left_shift", s), ("diff_min", 0)]  # fmt: skip
        exp_lut, reciprocal_lut = sigmoid16.softmax_luts()
        tables = [ctx.derived(op, "exp_lut", "int16_t", exp_lut), ctx.derived(op, "reciprocal_lut", "int16_t",
                                                                             reciprocal_lut)]  # fmt: skip
        return ctx.layer(op, ctx.pick(SOFTMAX), SOFTMAX, params, [ctx.input(op), *tables, ctx.output(op)])
    if op.kind is OpKind.LEAKY_RELU:
        # TFLite Micro's Prepare: float32 products of the scales and alpha, then QuantizeMultiplier.
        si, so, alpha = np.float32(inp.quant.scale[0]), np.float32(out.quant.scale[0]), np.float32(op.options["alpha"])
        m_id, s_id = quantize_multiplier(float(si / so))
        m_alpha, s_alpha = quantize_multiplier(float(si * alpha / so))
        params = [("size", inp.num_elements), ("input_zero_point", inp.quant.zero_point[0]),
                  ("output_zero_point", out.quant.zero_point[0]), ("multiplier_identity", m_id),
                  ("shift_identity", s_id), ("multiplier_alpha", m_alpha), ("shift_alpha", s_alpha)]  # fmt: skip
        return ctx.layer(op, ctx.pick(LEAKY), LEAKY, params, [ctx.input(op), ctx.output(op)])
    if op.kind in TABLE_KINDS:
        multiplier, shift = table_input_scaling(op.kind, float(inp.quant.scale[0]))
        params = [("count", inp.num_elements), ("multiplier", multiplier), ("shift", shift),
                  ("tanh", int(op.kind is OpKind.TANH))]  # fmt: skip
        table = sigmoid16.table_arg(ctx)
        return ctx.layer(op, ctx.pick(SIGMOID), SIGMOID, params, [ctx.input(op), table, ctx.output(op)])
    act_min, act_max = activation_range(expect_activation(g, op), out.quant.scale[0], 0, bits=16)
    if op.kind in BINARY:
        b = ctx.tensor(op.inputs[1])
        params = broadcast_layout(inp.shape, b.shape, out.shape)
        if op.kind is OpKind.MUL:
            m, s = quantize_multiplier(float(inp.quant.scale[0]) * float(b.quant.scale[0]) / float(out.quant.scale[0]))
            params += [("input1_offset", 0), ("input2_offset", 0), ("output_offset", 0), ("output_multiplier", m),
                       ("output_shift", s)]  # fmt: skip
        else:
            params += binary.rescaled_sum_params(inp, b, out, "NONE", ADD_LEFT_SHIFT)[:-2]
        params += [("output_activation_min", act_min), ("output_activation_max", act_max)]
        operands = [ctx.weights(i) if ctx.tensor(i).is_constant else ctx.arena(i, "input") for i in op.inputs[:2]]
        fam = BINARY[op.kind]
        return ctx.layer(op, ctx.pick(fam), fam, params, [*operands, ctx.output(op)])
    if op.kind in POOLS:
        params = pool2d.pool_params(inp, out, op, act_min, act_max)
        fam = POOLS[op.kind]
        return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op)])
    flt = ctx.tensor(op.inputs[1])
    channels = out.shape[-1] if op.kind is not OpKind.FULLY_CONNECTED else flt.shape[0]
    multipliers, shifts = conv_output_multipliers(inp.quant.scale[0], flt.quant.scale, out.quant.scale[0], channels)
    requant = [ctx.derived(op, "multiplier", "int32_t", multipliers), ctx.derived(op, "shift", "int32_t", shifts)]
    bias = ctx.weights(op.inputs[2] if len(op.inputs) > 2 else -1)
    fam = {OpKind.CONV_2D: CONV, OpKind.DEPTHWISE_CONV_2D: DEPTHWISE, OpKind.FULLY_CONNECTED: FC}[op.kind]
    # The vector kernels accumulate in e64 lanes (ELEN 64), TFLite Micro's 64-bit arithmetic only.
    unless, detail = set(), ""
    if "e64" not in ctx.vector_caps:
        unless, detail = {"rvv"}, "ELEN 32"
    elif _acc32(ctx, op):
        unless, detail = {"rvv"}, "int32 bias"
    elif op.kind is OpKind.DEPTHWISE_CONV_2D and op.options.get("depth_multiplier", 1) != 1:
        unless, detail = {"rvv"}, f"depth multiplier {op.options['depth_multiplier']}"
    chosen = ctx.pick(fam, unless, detail)
    weights = ctx.weights(op.inputs[1])
    if chosen.kernel.endswith("_rvv") and op.kind is OpKind.CONV_2D:
        weights = ctx.derived(op, "filter_hwio", "int8_t", flt.data.transpose(1, 2, 3, 0), role="weights")
    elif chosen.kernel.endswith("_rvv") and op.kind is OpKind.FULLY_CONNECTED:
        weights = ctx.derived(op, "filter_t", "int8_t", flt.data.T, role="weights")
    args = [ctx.input(op), weights, replace(bias, c_type="void"), *requant, ctx.output(op)]
    if op.kind is OpKind.FULLY_CONNECTED:
        depth = flt.shape[1]
        params = [("batches", inp.num_elements // depth), ("accum_depth", depth), ("out_depth", flt.shape[0]),
                  ("input_offset", 0), ("filter_offset", 0), ("output_offset", 0),
                  ("output_activation_min", act_min), ("output_activation_max", act_max),
                  ("acc32", _acc32(ctx, op))]  # fmt: skip
        return ctx.layer(op, chosen, FC, params, args, macs(g, op))
    # conv_common.geometry: the one geometry of every dtype (a folded PAD's explicit_pad included).
    geo = conv_common.geometry(g, op)
    params = [("batches", geo.batches), ("in_h", geo.in_h), ("in_w", geo.in_w), ("in_c", geo.in_c),
              ("out_h", geo.out_h), ("out_w", geo.out_w), ("out_c", geo.out_c), ("k_h", geo.k_h),
              ("k_w", geo.k_w), ("stride_h", geo.stride_h), ("stride_w", geo.stride_w),
              ("dilation_h", geo.dilation_h), ("dilation_w", geo.dilation_w), ("pad_h", geo.pad_h),
              ("pad_w", geo.pad_w), ("depth_multiplier", op.options.get("depth_multiplier", 1)),
              ("input_offset", 0), ("output_offset", 0),
              ("output_activation_min", act_min), ("output_activation_max", act_max),
              ("acc32", _acc32(ctx, op))]  # fmt: skip
    return ctx.layer(op, chosen, fam, params, args, macs(g, op))
