"""CONV_2D and DEPTHWISE_CONV_2D: int8 activations, int8 per-channel (or per-tensor) weights, int32 bias."""

from __future__ import annotations

from codegen.ir import Graph, Op, OpKind
from codegen.ops.add import add_params
from codegen.ops.common import (
    Arg,
    Layer,
    LowerContext,
    expect_activation,
    expect_weighted_int8,
    fail,
    folded_bias,
    optional_input,
)
from codegen.quant import activation_range, conv_output_multipliers, out_size, padding_before


def check(graph: Graph, op: Op) -> None:
    depthwise = op.kind is OpKind.DEPTHWISE_CONV_2D
    inp, flt, out = expect_weighted_int8(graph, op)
    if len(inp.shape) != 4 or len(out.shape) != 4 or len(flt.shape) != 4:
        raise fail(graph, op, "expects 4-D input, filter and output")
    _, in_h, in_w, in_c = inp.shape
    _, out_h, out_w, out_c = out.shape
    if depthwise:
        if flt.shape[3] != out_c or out_c != in_c * op.options["depth_multiplier"]:
            raise fail(graph, op, "filter, depth multiplier and channel counts disagree")
    elif flt.shape[3] != in_c:
        raise fail(graph, op, f"grouped convolution ({in_c} input channels, filter depth {flt.shape[3]}) not supported")
    k_h, k_w = flt.shape[1], flt.shape[2]
    (s_h, s_w), (d_h, d_w) = op.options["stride"], op.options["dilation"]
    expected = (
        out_size(op.options["padding"], in_h, k_h, s_h, d_h),
        out_size(op.options["padding"], in_w, k_w, s_w, d_w),
    )
    if (out_h, out_w) != expected:
        raise fail(
            graph, op, f"output size {out_h}x{out_w} does not match padding/stride ({expected[0]}x{expected[1]})"
        )


def lower(ctx: LowerContext, op: Op) -> Layer:
    graph = ctx.graph
    depthwise = op.kind is OpKind.DEPTHWISE_CONV_2D
    fused = op.options.get("fused_add")
    conv_out = fused["conv_output"] if fused else op.outputs[0]
    inp, flt, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(conv_out)
    batches, in_h, in_w, in_c = inp.shape
    _, out_h, out_w, out_c = out.shape
    k_h, k_w = flt.shape[1], flt.shape[2]
    (s_h, s_w), (d_h, d_w) = op.options["stride"], op.options["dilation"]
    multipliers, shifts = conv_output_multipliers(inp.quant.scale[0], flt.quant.scale, out.quant.scale[0], out_c)
    act_min, act_max = activation_range(expect_activation(graph, op), out.quant.scale[0], out.quant.zero_point[0])
    pad_h, pad_w = padding_before(s_h, d_h, in_h, k_h, out_h), padding_before(s_w, d_w, in_w, k_w, out_w)
    params = [
        ("batches", batches),
        ("in_h", in_h), ("in_w", in_w), ("in_c", in_c),
        ("out_h", out_h), ("out_w", out_w), ("out_c", out_c),
        ("k_h", k_h), ("k_w", k_w),
        ("stride_h", s_h), ("stride_w", s_w),
        ("dilation_h", d_h), ("dilation_w", d_w),
        ("pad_h", pad_h), ("pad_w", pad_w),
        ("depth_multiplier", op.options["depth_multiplier"] if depthwise else 1),
        ("input_offset", -inp.quant.zero_point[0]),
        ("output_offset", out.quant.zero_point[0]),
        ("output_activation_min", act_min),
        ("output_activation_max", act_max),
    ]  # fmt: skip
    multiplier = ctx.derived(op, "multiplier", "int32_t", multipliers)
    shift = ctx.derived(op, "shift", "int32_t", shifts)
    per_output = batches * out_h * out_w * out_c * k_h * k_w
    macs = per_output if depthwise else per_output * in_c
    layer = Layer(op.index, op.kind.value, "", "rvfw_conv_params", params, [], macs)
    dm = op.options["depth_multiplier"] if depthwise else 1
    bias_index = optional_input(op, 2)
    bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
    # Per output channel, the weights that meet one input pixel's worth of taps.
    per_channel = flt.data.reshape(-1, out_c).T if depthwise else flt.data
    # Optimised kernels fold the input offset into the bias; the raw bias serves only pixels whose
    # window crosses the border (and depthwise multipliers above 1), else NULL.
    border = pad_h > 0 or pad_w > 0
    border |= (out_h - 1) * s_h - pad_h + (k_h - 1) * d_h >= in_h
    border |= (out_w - 1) * s_w - pad_w + (k_w - 1) * d_w >= in_w
    raw_bias = ctx.weights(bias_index) if border or dm > 1 else Arg("null")
    prefix = "depthwise_conv2d" if depthwise else "conv2d"
    data = [ctx.arena(op.inputs[0]), ctx.weights(op.inputs[1])]
    if ctx.inplace(op) and not fused:
        # Output over the input (same arena offset), with the op's scratch; see planner.inplace.
        prefix = "depthwise_conv2d_inplace" if depthwise else "conv2d_1x1_inplace"
        tail = [multiplier, shift, ctx.scratch(op)]
        if ctx.kernels == "rvv":
            folded = ctx.derived(op, "bias_folded", "int32_t", folded_bias(per_channel, bias, -inp.quant.zero_point[0]))
            weights = (
                data[1]
                if depthwise
                else ctx.derived(op, "filter_io", "int8_t", flt.data.reshape(out_c, in_c).T, role="weights")
            )
            layer.kernel, layer.args = f"{prefix}_s8_rvv", [ctx.arena(op.outputs[0]), weights, folded, *tail]
        else:
            layer.kernel = f"{prefix}_s8_ref"
            layer.args = [ctx.arena(op.outputs[0]), data[1], ctx.weights(bias_index), *tail]
        return layer
    if ctx.kernels == "rvv":
        folded = ctx.derived(op, "bias_folded", "int32_t", folded_bias(per_channel, bias, -inp.quant.zero_point[0]))
        if ctx.rows_fill_more_lanes(out_w, out_c):
            layer.kernel, layer.args = f"{prefix}_rows_s8_rvv", [*data, folded]
        elif depthwise:
            layer.kernel, layer.args = f"{prefix}_s8_rvv", [*data, folded, raw_bias]
        else:
            hwio = ctx.derived(op, "filter_hwio", "int8_t", flt.data.transpose(1, 2, 3, 0), role="weights")
            layer.kernel, layer.args = f"{prefix}_s8_rvv", [data[0], hwio, folded, raw_bias]
    elif ctx.kernels == "xthead":
        # Exact everywhere with the raw bias: the kernel adds the input offset to each input.
        weights = data[1] if depthwise else ctx.derived(op, "filter_hwio", "int8_t", flt.data.transpose(1, 2, 3, 0),
                                                        role="weights")  # fmt: skip
        layer.kernel, layer.args = f"{prefix}_s8_xthead", [data[0], weights, ctx.weights(bias_index)]
    elif ctx.kernels == "scalar" and dm == 1:
        folded = ctx.derived(op, "bias_folded", "int32_t", folded_bias(per_channel, bias, -inp.quant.zero_point[0]))
        layer.kernel, layer.args = f"{prefix}_s8_scalar", [*data, folded, raw_bias]
    else:
        layer.kernel, layer.args = f"{prefix}_s8_ref", [*data, ctx.weights(bias_index)]
    if not fused:
        layer.args += [multiplier, shift, ctx.arena(op.outputs[0])]
        return layer
    # Row by row into scratch, then the residual ADD over the residual (planner.inplace).
    scratch = ctx.scratch(op)
    layer.args += [multiplier, shift, scratch]
    residual, result = ctx.tensor(op.inputs[3]), ctx.tensor(op.outputs[0])
    a, b = (residual, out) if fused["residual_first"] else (out, residual)
    layer.band = {
        "out_h": out_h,
        "input_row_bytes": in_w * in_c,
        "row_bytes": out_w * out_c,
        "residual_offset": ctx.plan.tensor_offsets[op.inputs[3]],
        "scratch_offset": scratch.offset,
        "residual_first": fused["residual_first"],
        "add_kernel": {"rvv": "add_s8_rvv", "xthead": "add_s8_xthead"}.get(ctx.kernels, "add_s8_ref"),
        "add_params": add_params(a, b, result, fused["activation"], out_w * out_c),
    }
    layer.op = "CONV_2D+ADD"
    return layer
