"""Hybrid (dynamic-range) FULLY_CONNECTED, CONV_2D and DEPTHWISE_CONV_2D: float32 activations,
int8 weights, float32 outputs. The converter writes them by default when it quantises without a
data set (`optimizations=[DEFAULT]`); TFLite Micro refuses them, so LiteRT's hybrid kernels define
them and the check compares against LiteRT's reference kernels (ops.tflm_set.hybrid_in).

When the layer runs, each batch row (FULLY_CONNECTED) or batch image (the convolutions) is
quantised to int8 as LiteRT's tensor_utils quantise it (firmware rvfw_hybrid.h), the products
are summed in int32, and the float32 result is bias + sum x scale in LiteRT's order of operations:

- FULLY_CONNECTED: asymmetric or symmetric as its `asymmetric_quantize_inputs` option says (the
  converter writes asymmetric); the zero point's share comes off the sum as row sum x zero point,
  the weights' row sums built here; bias + dot x (row scale x weight scale); an input of zeros
  gives the bias (LiteRT's early exit).
- CONV_2D: asymmetric per image, (acc x channel scale) x image scale, then the bias.
- DEPTHWISE_CONV_2D: asymmetric per image, acc x (channel scale x image scale), then the bias.

A CONV_2D with per-tensor weights (older converters', MLPerf Tiny's float KWS) is LiteRT's other
hybrid convolution: symmetric per image, 0 + acc x (image scale x weight scale), then the bias.
LiteRT's hybrid CONV_2D needs a bias and its DEPTHWISE_CONV_2D a scale per channel: the same is
refused here. The quantised input
lives in scratch (one batch's worth); the layer cannot run in place or stream by rows (the
quantisation's range is the whole row's or image's)."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import conv_common, tflm_set
from codegen.ops.common import (
    Arg,
    Layer,
    LowerContext,
    Operands,
    expect_activation,
    expect_constant,
    expect_dtype,
    fail,
    float_activation,
    optional_input,
)
from codegen.ops.contract import Check, InPlace, Lower, RowsOf
from codegen.ops.kernels import family

FC_PARAMS = "rvfw_hybrid_fc_params"
# Every set runs LiteRT's quantiser and float arithmetic (rvfw_hybrid.h); the fast ones differ in
# their int8 sums (rvfw_hybrid_dots.h: two weight rows per pass, or vector lanes), the convolutions'
# as a matrix product over im2col columns holding the zero point in the padding, less the zero
# point x each channel's weight sum (w_sums).
FAST = ("ref", "scalar", "rvv")
FC = family("FULLY_CONNECTED hybrid (float32 activations, int8 weights)", FC_PARAMS, "fully_connected_hybrid_f32",
            FAST)  # fmt: skip
CONV_ARGS = ("input", "filter", "bias", "scales", "act", "scratch", "output")
CONV_FAST_ARGS = ("input", "filter", "bias", "scales", "w_sums", "act", "scratch", "output")
CONV_SET_ARGS = {"ref": CONV_ARGS, "scalar": CONV_FAST_ARGS, "rvv": CONV_FAST_ARGS}
CONV = family("CONV_2D hybrid (float32 activations, int8 weights)", "rvfw_conv_params", "conv2d_hybrid_f32", FAST,
              args=CONV_SET_ARGS)  # fmt: skip
# A per-tensor hybrid CONV_2D: LiteRT quantises its input symmetrically (HybridConv).
CONV_SYMMETRIC = family("CONV_2D hybrid, per-tensor weights", "rvfw_conv_params", "conv2d_hybrid_symmetric_f32",
                        FAST, args=CONV_SET_ARGS)  # fmt: skip
DEPTHWISE = family("DEPTHWISE_CONV_2D hybrid (float32 activations, int8 weights)", "rvfw_conv_params",
                   "depthwise_conv2d_hybrid_f32", FAST)  # fmt: skip
FAMILIES = {OpKind.FULLY_CONNECTED: FC, OpKind.CONV_2D: CONV, OpKind.DEPTHWISE_CONV_2D: DEPTHWISE}
# LiteRT's ApplyActivationToVector after the fully connected sum: no clamp at all without an
# activation (an infinity stays one), so the bounds are infinities rather than FLT_MAX.
FC_ACTIVATION = {"NONE": (-np.inf, np.inf), "RELU": (0.0, np.inf), "RELU6": (0.0, 6.0), "RELU_N1_TO_1": (-1.0, 1.0)}
# the weights' axis that holds the output channels
CHANNEL_AXIS = {OpKind.FULLY_CONNECTED: 0, OpKind.CONV_2D: 0, OpKind.DEPTHWISE_CONV_2D: 3}


def is_hybrid(graph: Graph, op: Op) -> bool:
    """float32 activations with int8 weights (ops.tflm_set.hybrid: the reference's choice reads it)."""
    return tflm_set.hybrid(graph, op)


def check(graph: Graph, op: Op) -> None:
    """float32 input, output and bias; constant int8 weights with zero points 0 and a scale per
    output channel (or one for FULLY_CONNECTED); a fused activation the float kernels clamp to."""
    flt = expect_constant(graph, op, op.inputs[1], "filter")
    expect_dtype(graph, op, op.outputs[0], "output", DType.FLOAT32)
    bias = optional_input(op, 2)
    if bias >= 0:
        expect_dtype(graph, op, bias, "bias", DType.FLOAT32)
    elif op.kind is OpKind.CONV_2D:  # LiteRT's hybrid CONV_2D fails to prepare without one
        raise fail(graph, op, "a hybrid CONV_2D needs a bias (LiteRT refuses one without)")
    expect_activation(graph, op)
    channels = flt.shape[CHANNEL_AXIS[op.kind]] if flt.shape else 0
    quant = flt.quant
    if quant is None or any(z != 0 for z in quant.zero_point):
        raise fail(graph, op, "hybrid weights need scales and zero points 0 (LiteRT requires them)")
    per_tensor_ok = op.kind is not OpKind.DEPTHWISE_CONV_2D  # LiteRT's depthwise takes a scale per channel
    if len(quant.scale) != channels and not (per_tensor_ok and len(quant.scale) == 1):
        raise fail(graph, op, f"hybrid weights with {len(quant.scale)} scales for {channels} output channels")
    if quant.per_channel and quant.axis != CHANNEL_AXIS[op.kind]:
        raise fail(graph, op, f"hybrid weights quantised along axis {quant.axis}, not the output channels")
    if not all(np.isfinite(s) and s > 0 for s in quant.scale):
        raise fail(graph, op, "hybrid weight scales must be finite and positive")


def scratch(graph: Graph, op: Op) -> int:
    """One batch's quantised input (a row of FULLY_CONNECTED, an image of the convolutions), and
    for CONV_2D one im2col column after it (the fast kernels' window, rvfw_hybrid_conv_run),
    except where a 1x1 window without padding reads the image in place."""
    if not is_hybrid(graph, op):
        return 0
    inp = graph.tensors[op.inputs[0]]
    if op.kind is OpKind.FULLY_CONNECTED:
        return int(graph.tensors[op.inputs[1]].shape[1])
    image = inp.num_elements // inp.shape[0]
    if op.kind is OpKind.CONV_2D:
        g = conv_common.geometry(graph, op)
        direct = g.k_h == g.k_w == 1 and g.pad_h == g.pad_w == 0  # read in place (rvfw_hybrid_conv_run)
        return image + (0 if direct else g.k_h * g.k_w * g.in_c)
    return image


def _scales(ctx: LowerContext, op: Op) -> np.ndarray:
    """The weights' scale per output channel, in single precision (one scale repeated: LiteRT's
    per-tensor product row scale x weight scale is the same single multiply)."""
    flt = ctx.tensor(op.inputs[1])
    channels = flt.shape[CHANNEL_AXIS[op.kind]]
    return np.broadcast_to(np.asarray(flt.quant.scale, dtype=np.float32), (channels,)).copy()


def _per_tensor_conv(graph: Graph, op: Op) -> bool:
    return op.kind is OpKind.CONV_2D and len(graph.tensors[op.inputs[1]].quant.scale) == 1


def lower(ctx: LowerContext, op: Op) -> Layer:
    fam = CONV_SYMMETRIC if _per_tensor_conv(ctx.graph, op) else FAMILIES[op.kind]
    chosen = ctx.pick(fam)
    flt = ctx.tensor(op.inputs[1])
    operands: Operands = {
        "input": lambda: ctx.input(op),
        "filter": lambda: ctx.weights(op.inputs[1]),
        "bias": lambda: ctx.weights(optional_input(op, 2)),
        "scales": lambda: ctx.derived(op, "scales", "float", _scales(ctx, op)),
        "scratch": lambda: ctx.scratch(op),
        "output": lambda: ctx.output(op),
        "act": lambda: float_activation(ctx, op),
        "w_sums": lambda: _w_sums(ctx, op),
    }
    if op.kind is OpKind.FULLY_CONNECTED:
        units, depth = flt.shape
        asymmetric = bool(op.options.get("asymmetric_quantize_inputs", False))
        row_sums = _weight_sums(flt.data)
        lo, hi = FC_ACTIVATION[expect_activation(ctx.graph, op)]
        args = [operands["input"](), operands["filter"](), operands["bias"](), operands["scales"](),
                ctx.derived(op, "row_sums", "int32_t", row_sums) if asymmetric else Arg("null"),
                ctx.derived(op, "act", "float", np.array([lo, hi], dtype=np.float32)),
                operands["scratch"](), operands["output"]()]  # fmt: skip
        params = [("batches", ctx.tensor(op.inputs[0]).num_elements // depth), ("accum_depth", depth),
                  ("out_depth", units), ("asymmetric", int(asymmetric))]  # fmt: skip
        return ctx.layer(op, chosen, fam, params, args, macs_fc(ctx.graph, op))
    g = conv_common.geometry(ctx.graph, op)
    args = operands if fam.args else [operands[name]() for name in CONV_ARGS]  # DEPTHWISE: one signature
    return ctx.layer(op, chosen, fam, conv_common.wide_params(op, g), args, conv_common.macs(ctx.graph, op))


def _w_sums(ctx: LowerContext, op: Op) -> Arg:
    """Each output channel's weight sum (the per-channel form's zero point comes off the sums as
    zero point x this); the per-tensor form quantises symmetrically (zero point 0): none."""
    if _per_tensor_conv(ctx.graph, op):
        return Arg("null")
    return ctx.derived(op, "w_sums", "int32_t", _weight_sums(ctx.tensor(op.inputs[1]).data))


def _weight_sums(weights: np.ndarray) -> np.ndarray:
    """Each output channel's (axis 0's) weight sum: the zero point's share of its int8 sums."""
    return weights.astype(np.int64).reshape(weights.shape[0], -1).sum(axis=1).astype(np.int32)


def macs_fc(graph: Graph, op: Op) -> int:
    units, depth = graph.tensors[op.inputs[1]].shape
    return graph.tensors[op.inputs[0]].num_elements // depth * depth * units


def check_or(plain: Check, shapes: Check) -> Check:
    """A float32 form's check: the hybrid one (then `shapes`, the op's shape checks) where the
    weights are int8, else `plain`."""

    def check_form(graph: Graph, op: Op) -> None:
        if not is_hybrid(graph, op):
            return plain(graph, op)
        expect_dtype(graph, op, op.inputs[0], "input", DType.FLOAT32)
        check(graph, op)
        shapes(graph, op)

    return check_form


def lower_or(plain: Lower) -> Lower:
    """A float32 form's lowering: the hybrid kernel where the weights are int8, else `plain`."""
    return lambda ctx, op: lower(ctx, op) if is_hybrid(ctx.graph, op) else plain(ctx, op)


def not_in_place(plain: InPlace) -> InPlace:
    """A float32 form's `inplace`: none for a hybrid layer (its quantised input is in scratch, but
    the whole of it is read before any output is written only per batch)."""
    return lambda graph, op: [] if is_hybrid(graph, op) else plain(graph, op)


def not_streamed(plain: RowsOf) -> RowsOf:
    """A float32 form's `rows`: None for a hybrid layer (its quantisation's range is the whole
    image's, so no band of rows can be computed alone)."""
    return lambda graph, op: None if is_hybrid(graph, op) else plain(graph, op)
