"""TRANSPOSE_CONV, int8 with per-channel int8 weights (OHWI) and an optional int32 bias, 16x8 (int16
activations, an int64 bias, 64-bit accumulation), and float32: each
output pixel gathers the input pixels whose stride-spaced windows cover it. TFLite Micro scatters
into an int32 buffer instead; the integer sums are the same, so the gather form needs no scratch.
Padding as TFLite computes it: that of a convolution from the output back to the input."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import (
    Layer,
    LowerContext,
    Operands,
    expect_activation,
    expect_constant,
    expect_dtype,
    expect_quant,
    fail,
    float_activation,
    offset_weights,
    optional_input,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import Need, family, lanes
from codegen.quant import activation_range, conv_output_multipliers, out_size, padding_before

# The RVV kernels put output channels in lanes and read the weights out-channel innermost; the int8
# fast scalar one adds the input offset once per tap (offset_sums).
OUT = ("bias", "multiplier", "shift", "output")
TRANSPOSE_CONV = family("TRANSPOSE_CONV", "rvfw_conv_params", "transpose_conv_s8", ("ref", "scalar", "rvv"),
                        args={"ref": ("input", "filter", *OUT), "scalar": ("input", "filter", "offset_sums", *OUT),
                              "rvv": ("input", "filter_hwio", *OUT)})  # fmt: skip
TRANSPOSE_CONV_S16 = family("TRANSPOSE_CONV 16x8", "rvfw_conv_params", "transpose_conv_s16", ("ref", "scalar", "rvv"),
                            args={"ref": ("input", "filter", *OUT), "scalar": ("input", "filter", *OUT),
                                  "rvv": ("input", "filter_hwio", *OUT)})  # fmt: skip
F32_OUT = ("bias", "act", "output")
TRANSPOSE_CONV_F32 = family("TRANSPOSE_CONV float32", "rvfw_conv_params", "transpose_conv_f32",
                            ("ref", "scalar", "rvv"),
                            args={"ref": ("input", "filter", *F32_OUT), "scalar": ("input", "filter", *F32_OUT),
                                  "rvv": ("input", "filter_hwio", *F32_OUT)})  # fmt: skip
MAX_TAPS = 64  # RVFW_TRANSPOSE_CONV_MAX_TAPS: the taps the fast scalar kernels list for one output pixel
# What each kernel needs (ops.kernels.Need): the fast scalar ones list one output pixel's taps (at
# most MAX_TAPS reach it); the 16x8 and float32 vector ones their lanes.
FEW_TAPS = Need("taps", maximum=MAX_TAPS, why=f"{{value}} taps reach an output pixel, over {MAX_TAPS}")
# A legacy uint8 model's weights off zero (common.offset_weights): the reference kernel adds the offset.
CENTRED = Need("centred_weights", (True,), "weights off zero (a legacy uint8 model's): the reference kernel")
TRANSPOSE_CONV = TRANSPOSE_CONV.requiring({"scalar": (FEW_TAPS, CENTRED), "rvv": CENTRED})
TRANSPOSE_CONV_S16 = TRANSPOSE_CONV_S16.requiring({"scalar": FEW_TAPS, "rvv": lanes("e64")})
TRANSPOSE_CONV_F32 = TRANSPOSE_CONV_F32.requiring({"scalar": FEW_TAPS, "rvv": lanes("f32")})


def _hwio(filter_data: np.ndarray) -> np.ndarray:
    """[out_c][k_h][k_w][in_c] -> [k_h][k_w][in_c][out_c]: output channels in the vector lanes."""
    return np.ascontiguousarray(filter_data.transpose(1, 2, 3, 0))


OUTPUT_SHAPE, FILTER, INPUT, BIAS = 0, 1, 2, 3


def _taps(flt_shape, stride: tuple[int, int]) -> dict:
    """The taps that reach one output pixel (what the fast scalar kernels' need asks)."""
    return {"taps": -(-flt_shape[1] // stride[0]) * -(-flt_shape[2] // stride[1])}


def check(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[INPUT], "input", DType.INT8, DType.INT16, DType.FLOAT32)
    floating = inp.dtype is DType.FLOAT32
    flt = expect_dtype(graph, op, op.inputs[FILTER], "filter", DType.INT8 if inp.dtype is DType.INT16 else inp.dtype)
    out = expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
    expect_constant(graph, op, op.inputs[FILTER], "filter")
    # TFLite Micro takes the output's shape from the output tensor; a runtime output_shape input
    # (the seanet models feed one) is read by nothing.
    shape_tensor = graph.tensors[op.inputs[OUTPUT_SHAPE]]
    expect_dtype(graph, op, op.inputs[OUTPUT_SHAPE], "output shape", DType.INT32)
    if not floating:
        for t, role in ((inp, "input"), (out, "output")):
            expect_quant(graph, op, t, role)
        expect_quant(graph, op, flt, "filter", per_channel_ok=True)
        if any(z != 0 for z in flt.quant.zero_point) and not offset_weights(graph, op):
            raise fail(graph, op, "filter zero point must be 0")
    if len(inp.shape) != 4 or len(flt.shape) != 4 or len(out.shape) != 4:
        raise fail(graph, op, "expects 4-D input, filter and output")
    if flt.shape[3] != inp.shape[3] or flt.shape[0] != out.shape[3] or inp.shape[0] != out.shape[0]:
        raise fail(graph, op, f"filter {list(flt.shape)} does not map {list(inp.shape)} to {list(out.shape)}")
    if shape_tensor.is_constant and tuple(int(d) for d in shape_tensor.data.reshape(-1)) != tuple(out.shape):
        raise fail(graph, op, f"output_shape {shape_tensor.data.reshape(-1).tolist()} is not the output "
                   f"{list(out.shape)}")  # fmt: skip
    if inp.dtype is DType.INT16 and (inp.quant.zero_point[0] or out.quant.zero_point[0]):
        raise fail(graph, op, "int16 zero points must be 0 (16x8 quantisation)")
    bias = optional_input(op, BIAS)
    if bias >= 0:
        # 16x8: TFLite Micro reads the bias as int64 whatever its type, so an int32 one gives undefined outputs.
        wide = (DType.INT64,) if inp.dtype is DType.INT16 else (DType.INT32,)
        expect_dtype(graph, op, bias, "bias", *((DType.FLOAT32,) if floating else wide))
        expect_constant(graph, op, bias, "bias")
        if graph.tensors[bias].num_elements != out.shape[3]:
            raise fail(graph, op, f"bias of {graph.tensors[bias].num_elements} values for {out.shape[3]} channels")
    for o, i, kk, s in zip(out.shape[1:3], inp.shape[1:3], flt.shape[1:3], op.options["stride"]):
        if out_size(op.options["padding"], o, kk, s) != i:
            raise fail(graph, op, f"input size {i} does not match output {o}, filter {kk}, stride {s}")
    expect_activation(graph, op)


def macs(graph: Graph, op: Op) -> int:
    inp, flt = graph.tensors[op.inputs[INPUT]], graph.tensors[op.inputs[FILTER]]
    return int(np.prod(inp.shape)) * flt.shape[0] * flt.shape[1] * flt.shape[2]


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, flt, out = ctx.tensor(op.inputs[INPUT]), ctx.tensor(op.inputs[FILTER]), ctx.tensor(op.outputs[0])
    (s_h, s_w), k_h, k_w = op.options["stride"], flt.shape[1], flt.shape[2]
    pad_h = padding_before(s_h, 1, out.shape[1], k_h, inp.shape[1])
    pad_w = padding_before(s_w, 1, out.shape[2], k_w, inp.shape[2])
    if inp.dtype is DType.FLOAT32:
        return _lower_float(ctx, op, (s_h, s_w), (pad_h, pad_w))
    wide = inp.dtype is DType.INT16
    input_offset = -inp.quant.zero_point[0]
    act_min, act_max = activation_range(expect_activation(ctx.graph, op), out.quant.scale[0], out.quant.zero_point[0],
                                        **({"bits": 16} if wide else {}))  # fmt: skip
    params = [
        ("batches", inp.shape[0]), ("in_h", inp.shape[1]), ("in_w", inp.shape[2]), ("in_c", inp.shape[3]),
        ("out_h", out.shape[1]), ("out_w", out.shape[2]), ("out_c", out.shape[3]), ("k_h", k_h), ("k_w", k_w),
        ("stride_h", s_h), ("stride_w", s_w), ("dilation_h", 1), ("dilation_w", 1), ("pad_h", pad_h),
        ("pad_w", pad_w), ("depth_multiplier", 1), ("input_offset", input_offset),
        ("output_offset", out.quant.zero_point[0]), ("output_activation_min", act_min),
        ("output_activation_max", act_max),
        ("filter_offset", -flt.quant.zero_point[0] if offset_weights(ctx.graph, op) else 0),
    ]  # fmt: skip
    multipliers, shifts = conv_output_multipliers(inp.quant.scale[0], flt.quant.scale, out.quant.scale[0], out.shape[3])
    operands: Operands = {
        "input": lambda: ctx.input(op, INPUT),
        "filter": lambda: ctx.weights(op.inputs[FILTER]),
        "filter_hwio": lambda: ctx.derived(op, "filter_hwio", "int8_t", _hwio(flt.data), role="weights"),
        "offset_sums": lambda: ctx.derived(op, "offset_sums", "int32_t", _offset_sums(flt.data, input_offset)),
        "bias": lambda: ctx.weights(optional_input(op, BIAS)),
        "multiplier": lambda: ctx.derived(op, "multiplier", "int32_t", multipliers),
        "shift": lambda: ctx.derived(op, "shift", "int32_t", shifts),
        "output": lambda: ctx.output(op),
    }  # fmt: skip
    fam = TRANSPOSE_CONV_S16 if wide else TRANSPOSE_CONV
    facts = {**_taps(flt.shape, (s_h, s_w)), "centred_weights": not offset_weights(ctx.graph, op)}
    chosen = ctx.pick(fam, facts)
    return ctx.layer(op, chosen, fam, params, operands, macs(ctx.graph, op))


def _offset_sums(filter_data: np.ndarray, input_offset: int) -> np.ndarray:
    """[out_c][k_h * k_w]: input_offset times the sum of each tap's weights (wrapping as int32 sums do)."""
    sums = filter_data.astype(np.int64).sum(axis=3).reshape(filter_data.shape[0], -1) * input_offset
    return ((sums + 2**31) % 2**32 - 2**31).astype(np.int32)


def _lower_float(ctx: LowerContext, op: Op, stride: tuple[int, int], pad: tuple[int, int]) -> Layer:
    inp, flt, out = ctx.tensor(op.inputs[INPUT]), ctx.tensor(op.inputs[FILTER]), ctx.tensor(op.outputs[0])
    params = [
        ("batches", inp.shape[0]), ("in_h", inp.shape[1]), ("in_w", inp.shape[2]), ("in_c", inp.shape[3]),
        ("out_h", out.shape[1]), ("out_w", out.shape[2]), ("out_c", out.shape[3]), ("k_h", flt.shape[1]),
        ("k_w", flt.shape[2]), ("stride_h", stride[0]), ("stride_w", stride[1]), ("dilation_h", 1),
        ("dilation_w", 1), ("pad_h", pad[0]), ("pad_w", pad[1]), ("depth_multiplier", 1), ("input_offset", 0),
        ("output_offset", 0), ("output_activation_min", 0), ("output_activation_max", 0),
    ]  # fmt: skip
    expect_activation(ctx.graph, op)
    operands: Operands = {
        "input": lambda: ctx.input(op, INPUT),
        "filter": lambda: ctx.weights(op.inputs[FILTER]),
        "filter_hwio": lambda: ctx.derived(op, "filter_hwio", "float", _hwio(flt.data), role="weights"),
        "bias": lambda: ctx.weights(optional_input(op, BIAS)),
        "act": lambda: float_activation(ctx, op),
        "output": lambda: ctx.output(op),
    }  # fmt: skip
    picked = ctx.pick(TRANSPOSE_CONV_F32, _taps(flt.shape, stride))
    return ctx.layer(op, picked, TRANSPOSE_CONV_F32, params, operands, macs(ctx.graph, op))


CONTRACT = OpContract(
    kinds={
        OpKind.TRANSPOSE_CONV: Kind(5, (3, 4), optional=frozenset({3}), options=("padding", "stride")),
    },
    forms={None: Form(check, lower, (TRANSPOSE_CONV, TRANSPOSE_CONV_S16, TRANSPOSE_CONV_F32), macs=macs)},
)
