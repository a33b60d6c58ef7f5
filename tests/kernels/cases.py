"""The kernel tier's single-op models (written with codegen.modelgen) and what each case means.

Shapes are chosen to hit the edges: odd channel counts, strides, SAME padding with an odd extra
cell, dilation, depth multipliers, per-tensor and per-channel weights, non-zero zero points,
several batches, and every fused activation. Each case says, as data, which tiers it belongs to
and which vector kernels it must run (Case); the unit tests borrow the builders too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import flatbuffers.flexbuffers as flexbuffers
import numpy as np

from codegen.modelgen import ModelBuilder
from codegen.ops.tflm_set import TFLM

VECTOR = ("rvv", "xthead")  # every vector set has a kernel for the op
RVV = ("rvv",)  # float32 and 16x8 convolutions and FULLY_CONNECTED: RVV kernels only
FAST = ("scalar", *VECTOR)  # the fast scalar set has one too
S16_FAST = ("scalar", "rvv")  # 16x8 and float32 weighted layers: fast scalar and RVV kernels
F32_CONV = (*S16_FAST, "xthead")  # float32 convolutions: the C906's too
S16_CONV = (*S16_FAST, "xthead")  # 16x8 convolutions: the C906's too


@dataclass(frozen=True)
class Case:
    """One single-op model and what the kernel tier asserts about it."""

    build: Callable[[np.random.Generator], bytes]
    inplace: bool = False  # its op has an in-place kernel: also run with --memory small, asserted in place
    # The vector sets whose kernel must run it (unless a note names a shape that kernel does not
    # take, or its family has no kernel of that set).
    vector: tuple[str, ...] = ()
    fused: bool = False  # a conv then the residual ADD passes.fuse_residual_adds fuses into it
    tiled: bool = False  # a first stage --memory tiled streams through line buffers
    steps: int = 1  # inferences in a row (state carried from one to the next)


def _scale_for(in_scale: float, w_scale: float, fan_in: int) -> float:
    return float(np.float32(in_scale * w_scale * 40 * 73 * np.sqrt(fan_in) / 32))


def _coarse_scale(s_in: float, ws: np.ndarray) -> float:
    """An output scale that puts the channels' requantisation scales (s_in * ws / s_out) on both
    sides of 0.5 (shifts from -2 to +1: the vector kernels' general requantisation, not only
    their right-shift form); weights in [-2, 2] keep some outputs unsaturated."""
    return float(np.float32(s_in * float(ws.mean())))


def conv(rng, h, w, cin, cout, k, stride=(1, 1), padding="SAME", dilation=(1, 1), per_channel=True,
         bias=True, activation="NONE", w_low=-127, coarse=False, w_high=128, out_zp=-5) -> bytes:  # fmt: skip
    m = ModelBuilder()
    s_in = 0.05
    x = m.tensor("x", (1, h, w, cin), scale=s_in, zero_point=7)
    ws = rng.uniform(0.002, 0.02, cout if per_channel else 1).astype(np.float32)
    w_low, w_high = (-2, 3) if coarse else (w_low, w_high)
    wt = m.tensor("w", (cout, *k, cin), scale=ws, data=rng.integers(w_low, w_high, (cout, *k, cin)), axis=0)
    inputs = [x, wt]
    if bias:
        inputs.append(m.tensor("b", (cout,), np.int32, scale=ws * s_in, data=rng.integers(-2000, 2000, cout)))
    out_h = -(-h // stride[0]) if padding == "SAME" else (h - (k[0] - 1) * dilation[0] - 1) // stride[0] + 1
    out_w = -(-w // stride[1]) if padding == "SAME" else (w - (k[1] - 1) * dilation[1] - 1) // stride[1] + 1
    s_out = _coarse_scale(s_in, ws) if coarse else _scale_for(s_in, float(ws.mean()), k[0] * k[1] * cin)
    y = m.tensor("y", (1, out_h, out_w, cout), scale=s_out, zero_point=out_zp)
    m.op("CONV_2D", inputs, [y], padding=padding, stride=stride, dilation=dilation, activation=activation)
    return m.finish([x], [y])


def depthwise(rng, h, w, cin, mult, k, stride=(1, 1), padding="SAME", dilation=(1, 1), activation="NONE",
              batches=1, coarse=False, w_low=-127, out_zp=3) -> bytes:  # fmt: skip
    m = ModelBuilder()
    s_in = 0.05
    cout = cin * mult
    x = m.tensor("x", (batches, h, w, cin), scale=s_in, zero_point=-11)
    ws = rng.uniform(0.002, 0.02, cout).astype(np.float32)
    w_low, w_high = (-2, 3) if coarse else (w_low, 128)
    wt = m.tensor("w", (1, *k, cout), scale=ws, data=rng.integers(w_low, w_high, (1, *k, cout)), axis=3)
    b = m.tensor("b", (cout,), np.int32, scale=ws * s_in, data=rng.integers(-2000, 2000, cout))
    out_h = -(-h // stride[0]) if padding == "SAME" else (h - (k[0] - 1) * dilation[0] - 1) // stride[0] + 1
    out_w = -(-w // stride[1]) if padding == "SAME" else (w - (k[1] - 1) * dilation[1] - 1) // stride[1] + 1
    s_out = _coarse_scale(s_in, ws) if coarse else _scale_for(s_in, float(ws.mean()), k[0] * k[1])
    y = m.tensor("y", (batches, out_h, out_w, cout), scale=s_out, zero_point=out_zp)
    m.op("DEPTHWISE_CONV_2D", [x, wt, b], [y], padding=padding, stride=stride, dilation=dilation,
         depth_multiplier=mult, activation=activation)  # fmt: skip
    return m.finish([x], [y])


def fully_connected(rng, batches, depth, units, activation="NONE") -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (batches, depth), scale=0.08, zero_point=-20)
    w = m.tensor("w", (units, depth), scale=0.01, data=rng.integers(-127, 128, (units, depth)))
    b = m.tensor("b", (units,), np.int32, scale=0.0008, data=rng.integers(-3000, 3000, units))
    y = m.tensor("y", (batches, units), scale=_scale_for(0.08, 0.01, depth), zero_point=10)
    m.op("FULLY_CONNECTED", [x, w, b], [y], activation=activation)
    return m.finish([x], [y])


def fully_connected_litert(rng, batches, depth, units, out_scale=None) -> bytes:
    """FULLY_CONNECTED in a model only LiteRT runs (a GELU after it, which TFLite Micro lacks): LiteRT's
    single rounding. Both the layer's output and the GELU's are graph outputs. out_scale: a fine
    one gives shifts above -2 (the RVV kernel's rounding of the high word does not apply)."""
    m = ModelBuilder()
    x = m.tensor("x", (batches, depth), scale=0.08, zero_point=-20)
    w = m.tensor("w", (units, depth), scale=0.01, data=rng.integers(-127, 128, (units, depth)))
    b = m.tensor("b", (units,), np.int32, scale=0.0008, data=rng.integers(-3000, 3000, units))
    y = m.tensor("y", (batches, units), scale=out_scale or _scale_for(0.08, 0.01, depth), zero_point=10)
    m.op("FULLY_CONNECTED", [x, w, b], [y])
    g = m.tensor("g", (batches, units), scale=0.02, zero_point=-100)
    m.op("GELU", [y], [g])
    return m.finish([x], [y, g])


def hybrid(rng, kind, batches, shape, units, k=(3, 3), stride=(1, 1), padding="SAME", dilation=(1, 1),
           mult=1, per_channel=True, bias=True, asymmetric=True, activation="NONE") -> bytes:  # fmt: skip
    """A hybrid (dynamic-range) layer as the converter writes it without a data set: float32
    activations, int8 weights (zero points 0), a float32 bias. shape: the input past the batch."""
    m = ModelBuilder()
    x = m.tensor("x", (batches, *shape), np.float32)
    if kind == "FULLY_CONNECTED":
        w_shape, axis, out_shape = (units, shape[0]), 0, (batches, units)
    else:
        h, w, cin = shape
        units = cin * mult if kind == "DEPTHWISE_CONV_2D" else units
        out_h = -(-h // stride[0]) if padding == "SAME" else (h - (k[0] - 1) * dilation[0] - 1) // stride[0] + 1
        out_w = -(-w // stride[1]) if padding == "SAME" else (w - (k[1] - 1) * dilation[1] - 1) // stride[1] + 1
        w_shape = (1, *k, units) if kind == "DEPTHWISE_CONV_2D" else (units, *k, cin)
        axis, out_shape = len(w_shape) - 1 if kind == "DEPTHWISE_CONV_2D" else 0, (batches, out_h, out_w, units)
    scales = rng.uniform(0.002, 0.02, units if per_channel else 1).astype(np.float32)
    wt = m.tensor("w", w_shape, scale=scales, data=rng.integers(-127, 128, w_shape), axis=axis)
    inputs = [x, wt]
    if bias:
        inputs.append(m.tensor("b", (units,), np.float32, data=rng.uniform(-1, 1, units).astype(np.float32)))
    y = m.tensor("y", out_shape, np.float32)
    if kind == "FULLY_CONNECTED":
        m.op(kind, inputs, [y], activation=activation, asymmetric_quantize_inputs=asymmetric)
    else:
        extra = {"depth_multiplier": mult} if kind == "DEPTHWISE_CONV_2D" else {}
        m.op(kind, inputs, [y], padding=padding, stride=stride, dilation=dilation, activation=activation, **extra)
    return m.finish([x], [y])


def pool(kind, h, w, c, k, stride, padding, activation="NONE") -> bytes:
    m = ModelBuilder()
    out_h = -(-h // stride[0]) if padding == "SAME" else (h - k[0]) // stride[0] + 1
    out_w = -(-w // stride[1]) if padding == "SAME" else (w - k[1]) // stride[1] + 1
    x = m.tensor("x", (1, h, w, c), scale=0.03, zero_point=-9)
    y = m.tensor("y", (1, out_h, out_w, c), scale=0.03, zero_point=-9)
    m.op(kind, [x], [y], padding=padding, stride=stride, filter=k, activation=activation)
    return m.finish([x], [y])


def add(activation="NONE") -> bytes:
    m = ModelBuilder()
    a = m.tensor("a", (1, 5, 3, 7), scale=0.04, zero_point=-3)
    b = m.tensor("b", (1, 5, 3, 7), scale=0.11, zero_point=12)
    y = m.tensor("y", (1, 5, 3, 7), scale=0.13, zero_point=-20)
    m.op("ADD", [a, b], [y], activation=activation)
    return m.finish([a, b], [y])


def pool_then_add(activation="NONE") -> bytes:
    """A wide pool, then an ADD of 1,024 elements: the pool's input leaves room the plan gives the
    ADD's fast scalar kernel for its rescaling tables (spare scratch)."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 32, 32, 4), scale=0.05, zero_point=-7)
    pooled = m.tensor("pooled", (1, 16, 16, 4), scale=0.05, zero_point=-7)
    b = m.tensor("b", (1, 16, 16, 4), scale=0.11, zero_point=12)
    y = m.tensor("y", (1, 16, 16, 4), scale=0.09, zero_point=-20)
    m.op("MAX_POOL_2D", [x], [pooled], padding="VALID", stride=(2, 2), filter=(2, 2), activation="NONE")
    m.op("ADD", [pooled, b], [y], activation=activation)
    return m.finish([x, b], [y])


def conv_residual(rng, h, w, c, k, residual_first: bool, activation="RELU") -> bytes:
    """x -> CONV_2D 3x3 -> t -> CONV_2D kxk -> y; ADD(x, y): the residual block that --memory small
    fuses (the second conv writes the sum over x, which it does not read)."""
    m = ModelBuilder()
    x = m.tensor("x", (1, h, w, c), scale=0.05, zero_point=-6)
    t = x
    for i, kk in enumerate((3, k)):
        s_in = 0.05
        ws = rng.uniform(0.002, 0.02, c).astype(np.float32)
        wt = m.tensor(f"w{i}", (c, kk, kk, c), scale=ws, data=rng.integers(-127, 128, (c, kk, kk, c)), axis=0)
        b = m.tensor(f"b{i}", (c,), np.int32, scale=ws * s_in, data=rng.integers(-2000, 2000, c))
        y = m.tensor(f"y{i}", (1, h, w, c), scale=0.05, zero_point=4)
        m.op("CONV_2D", [t, wt, b], [y], padding="SAME", activation="RELU" if i == 0 else "NONE")
        t = y
    out = m.tensor("out", (1, h, w, c), scale=0.09, zero_point=-20)
    m.op("ADD", [x, t] if residual_first else [t, x], [out], activation=activation)
    return m.finish([x], [out])


def window_layer(m, rng, kind, t, k, cin, cout, stride, name, scale=0.05, zero_point=-128, activation="RELU6") -> int:
    """One CONV_2D or DEPTHWISE_CONV_2D (SAME padding, random per-channel weights and bias) of the
    tiled-stage models; its output tensor."""
    ws = rng.uniform(0.002, 0.02, cout).astype(np.float32)
    wshape = (cout, k, k, cin) if kind == "CONV_2D" else (1, k, k, cout)
    wt = m.tensor(f"w{name}", wshape, scale=ws, data=rng.integers(-127, 128, wshape),
                  axis=0 if kind == "CONV_2D" else 3)  # fmt: skip
    b = m.tensor(f"b{name}", (cout,), np.int32, scale=ws * 0.05, data=rng.integers(-500, 500, cout))
    shape = m.tensors[t].shape
    y = m.tensor(f"y{name}", (1, -(-shape[1] // stride), -(-shape[2] // stride), cout), scale=scale,
                 zero_point=zero_point)  # fmt: skip
    extra = {"depth_multiplier": 1} if kind == "DEPTHWISE_CONV_2D" else {}
    m.op(kind, [t, wt, b], [y], padding="SAME", stride=(stride, stride), activation=activation, **extra)
    return y


def _chain(rng, h, w, layers) -> bytes:
    m = ModelBuilder()
    t = m.tensor("x", (1, h, w, 3), scale=0.02, zero_point=-1)
    for i, (kind, k, cin, cout, stride) in enumerate(layers):
        t = window_layer(m, rng, kind, t, k, cin, cout, stride, str(i))
    return m.finish([0], [t])


def conv_chain(rng, h, w, c) -> bytes:
    """CONV_2D 3x3 stride 2 -> DEPTHWISE 3x3 -> CONV_2D 1x1 -> DEPTHWISE 3x3 stride 2: the shape of
    MobileNet's first stage, which --memory tiled streams through line buffers."""
    return _chain(rng, h, w, [("CONV_2D", 3, 3, c, 2), ("DEPTHWISE_CONV_2D", 3, c, c, 1),
                              ("CONV_2D", 1, c, 2 * c, 1), ("DEPTHWISE_CONV_2D", 3, 2 * c, 2 * c, 2)])  # fmt: skip


def widening_chain(rng, h, w) -> bytes:
    """CONV_2D 3x3 stride 2 (3 -> 16 channels) -> DEPTHWISE 3x3 -> CONV_2D 1x1 (16 -> 16): each
    output row takes more bytes than the two input rows it consumes, so --memory tiled writes its
    output over the input starting a lead of bytes before it (InPlace.lead)."""
    return _chain(rng, h, w, [("CONV_2D", 3, 3, 16, 2), ("DEPTHWISE_CONV_2D", 3, 16, 16, 1),
                              ("CONV_2D", 1, 16, 16, 1)])  # fmt: skip


def inverted_residual_stage(rng, h, w, first: str) -> bytes:
    """The first stage of a real CNN, which --memory tiled streams through line buffers: its input
    QUANTIZEd from float32 (MCUNet) or TRANSPOSEd from NCHW (PyTorch), then CONV_2D 3x3 stride 2 ->
    an inverted residual block (1x1 expand, depthwise 3x3, 1x1 project, ADD of the block's input)
    -> MAX_POOL_2D 2x2 stride 2 -> CONV_2D 1x1."""
    m = ModelBuilder()
    cin = 3 if first == "quantize" else 8  # an input the stage reads in place beats a transposed copy
    if first == "quantize":
        x = m.tensor("x", (1, h, w, cin), np.float32)
        t = m.tensor("x_q", (1, h, w, cin), scale=0.02, zero_point=-1)
        m.op("QUANTIZE", [x], [t])
    else:
        x = m.tensor("x_nchw", (1, cin, h, w), scale=0.02, zero_point=-1)
        perm = m.tensor("perm", (4,), np.int32, data=np.array([0, 2, 3, 1], np.int32))
        t = m.tensor("x_nhwc", (1, h, w, cin), scale=0.02, zero_point=-1)
        m.op("TRANSPOSE", [x, perm], [t])

    def conv(kind, t, k, cin, cout, stride, name, **quant):
        return window_layer(m, rng, kind, t, k, cin, cout, stride, "_" + name, **quant)

    stem = conv("CONV_2D", t, 3, cin, 8, 2, "stem", zero_point=-20, activation="NONE")
    expand = conv("CONV_2D", stem, 1, 8, 64, 1, "expand")
    dw = conv("DEPTHWISE_CONV_2D", expand, 3, 64, 64, 1, "dw")
    project = conv("CONV_2D", dw, 1, 64, 8, 1, "project", scale=0.06, zero_point=5, activation="NONE")
    shape = m.tensors[project].shape
    summed = m.tensor("sum", shape, scale=0.08, zero_point=-3)
    m.op("ADD", [stem, project], [summed], activation="NONE")
    pooled = m.tensor("pooled", (1, shape[1] // 2, shape[2] // 2, 8), scale=0.08, zero_point=-3)
    m.op("MAX_POOL_2D", [summed], [pooled], padding="VALID", stride=(2, 2), filter=(2, 2), activation="NONE")
    y = conv("CONV_2D", pooled, 1, 8, 16, 1, "head", zero_point=2, activation="RELU")
    return m.finish([x], [y])


def wide_stage(rng, h, w, dtype) -> bytes:
    """The first stage of a MobileNet-class network in float32 or 16x8 (int16 activations, zero
    point 0; int8 per-channel weights, int64 bias), which --memory tiled streams as it does the int8
    one (issue 49): CONV_2D 3x3 stride 2 -> 1x1 expand -> DEPTHWISE 3x3 -> 1x1 project -> ADD of
    the block's input -> AVERAGE_POOL_2D 2x2 stride 2 -> CONV_2D 1x1."""
    m = ModelBuilder()
    wide = dtype == np.int16
    act = {"scale": 0.0005, "zero_point": 0} if wide else {}
    x = m.tensor("x", (1, h, w, 3), dtype, **act)

    def conv(kind, t, k, cin, cout, stride, name, activation="RELU6"):
        wshape = (cout, k, k, cin) if kind == "CONV_2D" else (1, k, k, cout)
        if wide:
            axis = 0 if kind == "CONV_2D" else 3
            ws = rng.uniform(0.002, 0.02, cout).astype(np.float32)
            wt = m.tensor(f"w_{name}", wshape, scale=ws, data=rng.integers(-127, 128, wshape), axis=axis)
            b = m.tensor(f"b_{name}", (cout,), np.int64, scale=ws * 0.0005, data=rng.integers(-20000, 20000, cout))
        else:
            wt = m.tensor(f"w_{name}", wshape, np.float32, data=rng.normal(0, 0.3, wshape))
            b = m.tensor(f"b_{name}", (cout,), np.float32, data=rng.normal(0, 0.1, cout))
        shape = m.tensors[t].shape
        y = m.tensor(f"y_{name}", (1, -(-shape[1] // stride), -(-shape[2] // stride), cout), dtype,
                     **({"scale": 0.0005 * 1.3 * np.sqrt(k * k * (cin if kind == "CONV_2D" else 1)),
                         "zero_point": 0} if wide else {}))  # fmt: skip
        extra = {"depth_multiplier": 1} if kind == "DEPTHWISE_CONV_2D" else {}
        m.op(kind, [t, wt, b], [y], padding="SAME", stride=(stride, stride), activation=activation, **extra)
        return y

    stem = conv("CONV_2D", x, 3, 3, 8, 2, "stem", activation="NONE")
    expand = conv("CONV_2D", stem, 1, 8, 32, 1, "expand")
    dw = conv("DEPTHWISE_CONV_2D", expand, 3, 32, 32, 1, "dw")
    project = conv("CONV_2D", dw, 1, 32, 8, 1, "project", activation="NONE")
    shape = m.tensors[project].shape
    summed = m.tensor("sum", shape, dtype, **({"scale": 0.004, "zero_point": 0} if wide else {}))
    m.op("ADD", [stem, project], [summed], activation="NONE")
    pooled = m.tensor("pooled", (1, shape[1] // 2, shape[2] // 2, 8), dtype,
                      **({"scale": 0.004, "zero_point": 0} if wide else {}))  # fmt: skip
    m.op("AVERAGE_POOL_2D", [summed], [pooled], padding="VALID", stride=(2, 2), filter=(2, 2), activation="NONE")
    y = conv("CONV_2D", pooled, 1, 8, 16, 1, "head", activation="RELU")
    return m.finish([x], [y])


def softmax(rows, depth, in_scale, beta=1.0, out16=False) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (rows, depth), scale=in_scale, zero_point=4)
    y = (
        m.tensor("y", (rows, depth), np.int16, scale=1 / 65536, zero_point=-32768)
        if out16
        else m.tensor("y", (rows, depth), scale=1 / 256, zero_point=-128)
    )
    m.op("SOFTMAX", [x], [y], beta=beta)
    return m.finish([x], [y])


def quantize_float(dtype=np.int8) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (3, 11), np.float32)
    q = {"scale": 0.0123, "zero_point": -7} if dtype is np.int8 else {"scale": 0.0000457, "zero_point": 0}
    y = m.tensor("y", (3, 11), dtype, **q)
    m.op("QUANTIZE", [x], [y])
    return m.finish([x], [y])


def float_io_relu() -> bytes:
    """A model with float32 I/O around int8 work, as converters write one by default: QUANTIZE,
    RELU, DEQUANTIZE (what --io int8 leaves out: the QUANTIZE and the DEQUANTIZE)."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 3, 7), np.float32)
    q = m.tensor("x_q", (2, 3, 7), scale=0.02, zero_point=-9)
    r = m.tensor("relu", (2, 3, 7), scale=0.015, zero_point=-128)
    y = m.tensor("y", (2, 3, 7), np.float32)
    m.op("QUANTIZE", [x], [q])
    m.op("RELU", [q], [r])
    m.op("DEQUANTIZE", [r], [y])
    return m.finish([x], [y])


def requantize() -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (2, 19), scale=0.05, zero_point=10)
    y = m.tensor("y", (2, 19), scale=0.031, zero_point=-40)
    m.op("QUANTIZE", [x], [y])
    return m.finish([x], [y])


def requantize_between(in_dtype, out_dtype, n=77) -> bytes:
    """QUANTIZE between integer types (the SVDF keyword model's int16 -> int8 input): 77 values,
    not a multiple of any vector length; scales chosen so some values saturate."""
    zero = {np.int8: (7, -40), np.int16: (0, 0), np.int32: (0, 0)}
    m = ModelBuilder()
    x = m.tensor("x", (1, n), in_dtype, scale=0.013 if in_dtype is not np.int8 else 0.05, zero_point=zero[in_dtype][0])
    y = m.tensor("y", (1, n), out_dtype, scale=0.5 if out_dtype is np.int8 else 0.0021, zero_point=zero[out_dtype][1])
    m.op("QUANTIZE", [x], [y])
    return m.finish([x], [y])


def binary_s32(kind, a_shape, b_shape, divisor=None, activation="NONE", dtype=np.int32) -> bytes:
    """An int32 (unquantised) elementwise op with broadcasting, the audio front end's scaling; a
    DIV's divisor is a constant (TFLite Micro's host build traps on a zero one), -1 among them.
    dtype int64: LiteRT's int64 forms (a fused activation clamps every kind there)."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, dtype)
    if divisor is None:
        b = m.tensor("b", b_shape, dtype)
    else:
        b = m.tensor("b", b_shape, dtype, data=np.resize(np.array(divisor, dtype), b_shape))
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), dtype)
    m.op(kind, [a, b], [y], **({"activation": activation} if kind in ("ADD", "SUB", "MUL", "DIV") else {}))
    return m.finish([a] if divisor is not None else [a, b], [y])


def movement_const(kind, shape, const, dtype=np.int8, out_shape=None, **options) -> bytes:
    """A data-movement op whose second input is a constant (REVERSE_V2's axes, MIRROR_PAD's
    paddings, GATHER_ND's indices), on int8 (one shared quantisation) or another dtype."""
    m = ModelBuilder()
    quant = {"scale": 0.05, "zero_point": 3 if dtype == np.int8 else 0} if dtype in (np.int8, np.int16) else {}
    x = m.tensor("x", shape, dtype, **quant)
    c = m.tensor("c", np.asarray(const).shape, np.int32, data=np.asarray(const, np.int32))
    y = m.tensor("y", out_shape or shape, dtype, **quant)
    m.op(kind, [x, c], [y], **options)
    return m.finish([x], [y])


def add_n(count: int, shape=(3, 17)) -> bytes:
    """ADD_N of float32 inputs, one of them a constant (issue 46)."""
    m = ModelBuilder()
    xs = [m.tensor(f"x{k}", shape, np.float32) for k in range(count - 1)]
    c = m.tensor("c", shape, np.float32, data=np.linspace(-2.0, 2.0, int(np.prod(shape))).reshape(shape))
    y = m.tensor("y", shape, np.float32)
    m.op("ADD_N", [xs[0], c, *xs[1:]], [y])
    return m.finish(xs, [y])


def select_v2_broadcast(dtype=np.int16) -> bytes:
    """SELECT_V2 with a per-row condition, a full x and a scalar y (TFLite Micro's broadcast select)."""
    m = ModelBuilder()
    quant = {"scale": 0.05, "zero_point": 0} if dtype in (np.int8, np.int16) else {}
    cond = m.tensor("cond", (3, 1, 5), np.bool_)
    x = m.tensor("x", (3, 2, 5), dtype, **quant)
    y = m.tensor("y", (1,), dtype, data=np.array([7], dtype), **quant)
    out = m.tensor("out", (3, 2, 5), dtype, **quant)
    m.op("SELECT_V2", [cond, x, y], [out])
    return m.finish([cond, x], [out])


def select_v2(dtype=np.float32, shape=(3, 2, 5)) -> bytes:
    """SELECT_V2 of a bool condition between two tensors of one dtype (issue 46)."""
    m = ModelBuilder()
    quant = {"scale": 0.05, "zero_point": -4} if dtype == np.int8 else {}
    cond = m.tensor("cond", shape, np.bool_)
    x = m.tensor("x", shape, dtype, **quant)
    y = m.tensor("y", shape, dtype, **quant)
    out = m.tensor("out", shape, dtype, **quant)
    m.op("SELECT_V2", [cond, x, y], [out])
    return m.finish([cond, x, y], [out])


def batch_space(kind, in_shape, block, edges, out_shape, dtype=np.int8) -> bytes:
    """BATCH_TO_SPACE_ND (crops) or SPACE_TO_BATCH_ND (zero paddings) as data movement (issue 46)."""
    m = ModelBuilder()
    quant = {"scale": 0.05, "zero_point": 3} if dtype == np.int8 else {}
    x = m.tensor("x", in_shape, dtype, **quant)
    b = m.tensor("block", (len(block),), np.int32, data=np.array(block, np.int32))
    e = m.tensor("edges", (len(block), 2), np.int32, data=np.array(edges, np.int32))
    y = m.tensor("y", out_shape, dtype, **quant)
    m.op(kind, [x, b, e], [y])
    return m.finish([x], [y])


def cumsum(shape, axis, dtype=np.float32, **options) -> bytes:
    """CUMSUM of float32 (issue 46) or int32 (LiteRT's) along a constant axis."""
    m = ModelBuilder()
    x = m.tensor("x", shape, dtype)
    a = m.tensor("axis", (), np.int32, data=np.array(axis, np.int32))
    y = m.tensor("y", shape, dtype)
    m.op("CUMSUM", [x, a], [y], **options)
    return m.finish([x], [y])


def fill_computed(dtype) -> bytes:
    """FILL of a value the device computes (a one-element input through a NEG or LOGICAL_NOT, then
    a SQUEEZE to a scalar: rvfw takes no rank-0 graph input) into a constant shape: int16 or bool,
    which LiteRT runs and TFLite Micro does not."""
    m = ModelBuilder()
    quant = {"scale": 0.01, "zero_point": 0} if dtype == np.int16 else {}
    x = m.tensor("x", (1,), dtype, **quant)
    t = m.tensor("t", (1,), dtype, **quant)
    m.op("NEG" if dtype == np.int16 else "LOGICAL_NOT", [x], [t])
    v = m.tensor("v", (), dtype, **quant)
    m.op("SQUEEZE", [t], [v], squeeze_dims=[0])
    dims = m.tensor("dims", (2,), np.int32, data=np.array([3, 5], np.int32))
    y = m.tensor("y", (3, 5), dtype, **quant)
    m.op("FILL", [dims, v], [y])
    return m.finish([x], [y])


def zeros_and_fill() -> bytes:
    """ZEROS_LIKE of an activation and a FILL of constants, folded at build time (issue 46)."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 3), np.float32)
    zeros = m.tensor("zeros", (2, 3), np.float32)
    m.op("ZEROS_LIKE", [x], [zeros])
    y = m.tensor("y", (2, 3), np.float32)
    m.op("ADD", [x, zeros], [y])
    dims = m.tensor("dims", (2,), np.int32, data=np.array([2, 3], np.int32))
    value = m.tensor("value", (), np.float32, data=np.array(1.5, np.float32))
    filled = m.tensor("filled", (2, 3), np.float32)
    m.op("FILL", [dims, value], [filled])
    z = m.tensor("z", (2, 3), np.float32)
    m.op("MUL", [y, filled], [z])
    return m.finish([x], [z])


def maxmin16(rng, kind, a_shape, b_shape, const=False) -> bytes:
    """int16 MAXIMUM or MINIMUM with broadcasting (16x8: one scale, zero point 0), b a constant
    or an input."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, np.int16, scale=0.0004, zero_point=0)
    data = rng.integers(-32768, 32768, b_shape).astype(np.int16) if const else None
    b = m.tensor("b", b_shape, np.int16, scale=0.0004, zero_point=0, data=data)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), np.int16, scale=0.0004, zero_point=0)
    m.op(kind, [a, b], [y])
    return m.finish([a] if const else [a, b], [y])


def prelu16(rng, a_shape, alpha_shape, alpha_zero_point=0) -> bytes:
    """int16 PRELU with an int8 alpha (what TFLite Micro takes for 16x8), alpha a constant over the
    channels; the output scale a little larger than the input's, so both rescalings round."""
    m = ModelBuilder()
    x = m.tensor("x", a_shape, np.int16, scale=0.0004, zero_point=0)
    data = rng.integers(-128, 128, alpha_shape).astype(np.int8)
    alpha = m.tensor("alpha", alpha_shape, np.int8, scale=0.006, zero_point=alpha_zero_point, data=data)
    y = m.tensor("y", a_shape, np.int16, scale=0.00047, zero_point=0)
    m.op("PRELU", [x, alpha], [y])
    return m.finish([x], [y])


def compare(kind, a_shape, b_shape, dtype=np.int32) -> bytes:
    """A comparison of two int32 or float32 tensors with broadcasting into bools."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, dtype)
    b = m.tensor("b", b_shape, dtype)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), np.bool_)
    m.op(kind, [a, b], [y])
    return m.finish([a, b], [y])


def cast_chain(dtypes) -> bytes:
    """CASTs from the first dtype through the others (uint32 in the middle: inputs are int8, int16
    or int32), 45 values."""
    m = ModelBuilder()
    t = m.tensor("x", (45,), dtypes[0])
    first = t
    for k, dtype in enumerate(dtypes[1:]):
        y = m.tensor(f"y{k}", (45,), dtype)
        m.op("CAST", [t], [y], 1)
        t = y
    return m.finish([first], [t])


def dequantized_constant(rng) -> bytes:
    """A DEQUANTIZE of a constant int8 tensor (an SSD post-processing's anchors) added to a float
    input: folded at build time as TFLite Micro computes it (issue 46)."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 6), np.float32)
    q = m.tensor("anchors_q", (4, 6), scale=0.0173, zero_point=-9, data=rng.integers(-128, 128, (4, 6)))
    a = m.tensor("anchors", (4, 6), np.float32)
    m.op("DEQUANTIZE", [q], [a])
    y = m.tensor("y", (4, 6), np.float32)
    m.op("ADD", [x, a], [y])
    return m.finish([x], [y])


def dequantize_u8() -> bytes:
    """DEQUANTIZE of a uint8 input (a model converted with uint8 I/O), zero point above 127."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 9), np.uint8, scale=0.0371, zero_point=131)
    y = m.tensor("y", (4, 9), np.float32)
    m.op("DEQUANTIZE", [x], [y])
    return m.finish([x], [y])


def dequantize(dtype=np.int8, scale=None, zero_point=None) -> bytes:
    m = ModelBuilder()
    wide = dtype is not np.int8
    scale = scale if scale is not None else 0.000731 if wide else 0.0371
    zero_point = zero_point if zero_point is not None else 0 if wide else -17
    x = m.tensor("x", (4, 9), dtype, scale=scale, zero_point=zero_point)
    y = m.tensor("y", (4, 9), np.float32)
    m.op("DEQUANTIZE", [x], [y])
    return m.finish([x], [y])


def pad(in_shape, amounts) -> bytes:
    m = ModelBuilder()
    out_shape = tuple(d + a + b for d, (a, b) in zip(in_shape, amounts))
    x = m.tensor("x", in_shape, scale=0.04, zero_point=-17)
    p = m.tensor("paddings", (len(in_shape), 2), np.int32, data=np.array(amounts, dtype=np.int32))
    y = m.tensor("y", out_shape, scale=0.04, zero_point=-17)
    m.op("PAD", [x, p], [y])
    return m.finish([x], [y])


def pad_s32(in_shape, amounts, value=None) -> bytes:
    """int32 PAD (0) or PADV2 (its constant value): TFLite Micro's int32 padding reads no zero point."""
    m = ModelBuilder()
    out_shape = tuple(d + a + b for d, (a, b) in zip(in_shape, amounts))
    x = m.tensor("x", in_shape, np.int32)
    p = m.tensor("paddings", (len(in_shape), 2), np.int32, data=np.array(amounts, dtype=np.int32))
    y = m.tensor("y", out_shape, np.int32)
    if value is None:
        m.op("PAD", [x, p], [y])
    else:
        v = m.tensor("value", (1,), np.int32, data=np.array([value], np.int32))
        m.op("PADV2", [x, p, v], [y])
    return m.finish([x], [y])


def pad_then_conv(rng, h, w, cin, cout, k, stride, amounts, depthwise=False) -> bytes:
    """PAD (height and width) before a VALID convolution, as PyTorch exports strided convs: the
    fold_pad pass makes it the conv's own padding; TFLite Micro runs both ops."""
    m = ModelBuilder()
    s_in = 0.05
    x = m.tensor("x", (1, h, w, cin), scale=s_in, zero_point=-3)
    (top, bottom), (left, right) = amounts
    ph, pw = h + top + bottom, w + left + right
    p = m.tensor("paddings", (4, 2), np.int32, data=np.array(((0, 0), (top, bottom), (left, right), (0, 0)), np.int32))
    xp = m.tensor("x_padded", (1, ph, pw, cin), scale=s_in, zero_point=-3)
    m.op("PAD", [x, p], [xp])
    cout = cin if depthwise else cout
    ws = rng.uniform(0.002, 0.02, cout).astype(np.float32)
    shape = (1, *k, cout) if depthwise else (cout, *k, cin)
    wt = m.tensor("w", shape, scale=ws, data=rng.integers(-127, 128, shape), axis=3 if depthwise else 0)
    b = m.tensor("b", (cout,), np.int32, scale=ws * s_in, data=rng.integers(-2000, 2000, cout))
    out_h, out_w = (ph - k[0]) // stride[0] + 1, (pw - k[1]) // stride[1] + 1
    fan_in = k[0] * k[1] * (1 if depthwise else cin)
    y = m.tensor("y", (1, out_h, out_w, cout), scale=_scale_for(s_in, float(ws.mean()), fan_in), zero_point=5)
    kind = "DEPTHWISE_CONV_2D" if depthwise else "CONV_2D"
    extra = {"depth_multiplier": 1} if depthwise else {}
    m.op(kind, [xp, wt, b], [y], padding="VALID", stride=stride, **extra)
    return m.finish([x], [y])


def concat(shapes, axis) -> bytes:
    """Several graph inputs joined along `axis` (negative counts from the end)."""
    m = ModelBuilder()
    xs = [m.tensor(f"x{k}", shape, scale=0.07, zero_point=9) for k, shape in enumerate(shapes)]
    a = axis % len(shapes[0])
    out_shape = list(shapes[0])
    out_shape[a] = sum(shape[a] for shape in shapes)
    y = m.tensor("y", tuple(out_shape), scale=0.07, zero_point=9)
    m.op("CONCATENATION", xs, [y], axis=axis)
    return m.finish(xs, [y])


def activation(kind, shape, s_in, z_in, s_out, z_out, **options) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", shape, scale=s_in, zero_point=z_in)
    y = m.tensor("y", shape, scale=s_out, zero_point=z_out)
    m.op(kind, [x], [y], **options)
    return m.finish([x], [y])


def unary_s8(kind, version, s_in, z_in, s_out, z_out, shape=(3, 50)) -> bytes:
    """An int8 op of one input at the given op version (LiteRT's int8 EXP and LOG are version 2)."""
    m = ModelBuilder()
    x = m.tensor("x", shape, scale=s_in, zero_point=z_in)
    y = m.tensor("y", shape, scale=s_out, zero_point=z_out)
    m.op(kind, [x], [y], version)
    return m.finish([x], [y])


def unary_raw(kind, dtype, version=1, shape=(4, 40)) -> bytes:
    """An op of one int16, int32 or float32 input whose arithmetic reads no quantisation."""
    m = ModelBuilder()
    quant = {"scale": 0.01, "zero_point": 0} if dtype == np.int16 else {}
    x = m.tensor("x", shape, dtype, **quant)
    y = m.tensor("y", shape, dtype, **quant)
    m.op(kind, [x], [y], version)
    return m.finish([x], [y])


def binary(rng, kind, a_shape, b_shape, const=None, activation="NONE", out_scale=None) -> bytes:
    """Two int8 operands with broadcasting; const=0 or 1 makes that operand a weight table;
    out_scale: the output's scale instead of the kind's usual one."""
    m = ModelBuilder()
    out_shape = tuple(np.broadcast_shapes(a_shape, b_shape))
    quants = [(0.04, -3), (0.11, 12)] if kind not in ("MAXIMUM", "MINIMUM") else [(0.05, 2), (0.05, 2)]
    operands, graph_inputs = [], []
    for k, (shape, (scale, zp)) in enumerate(zip((a_shape, b_shape), quants)):
        data = rng.integers(-128, 128, shape) if const == k else None
        t = m.tensor(f"in{k}", shape, scale=scale, zero_point=zp, data=data)
        operands.append(t)
        if data is None:
            graph_inputs.append(t)
    y_quant = (
        (0.05, 2) if kind in ("MAXIMUM", "MINIMUM") else ({"MUL": 0.2, "SQUARED_DIFFERENCE": 0.3}.get(kind, 0.13), -20)
    )
    y = m.tensor("y", out_shape, scale=out_scale or y_quant[0], zero_point=y_quant[1])
    extra = {"activation": activation} if kind in ("ADD", "SUB", "MUL") else {}
    m.op(kind, operands, [y], **extra)
    return m.finish(graph_inputs, [y])


def movement(kind, in_shape, out_shapes, params=(), dtype=np.int8, **options) -> bytes:
    """One data-movement op; params: its constant int32 operands after the data (before it for SPLIT)."""
    m = ModelBuilder()
    plain = dtype in (np.float32, np.int32, np.bool_)  # not quantised
    quant = {} if plain else {"scale": 0.05, "zero_point": -4 if dtype is np.int8 else 0}
    x = m.tensor("x", in_shape, dtype, **quant)
    consts = [m.tensor(f"p{k}", np.shape(p), np.int32, data=np.array(p, dtype=np.int32)) for k, p in enumerate(params)]
    ys = [m.tensor(f"y{k}", shape, dtype, **quant) for k, shape in enumerate(out_shapes)]
    inputs = [consts[0], x, *consts[1:]] if kind == "SPLIT" else [x, *consts]
    m.op(kind, inputs, ys, **options)
    return m.finish([x], ys)


def reduce(kind, in_shape, axes, keep_dims, same_quant=False, dtype=np.int8) -> bytes:
    m = ModelBuilder()
    wide = dtype is np.int16  # 16x8: zero points 0, finer scales
    x = m.tensor("x", in_shape, dtype, scale=0.0004 if wide else 0.06, zero_point=0 if wide else -7)
    a = m.tensor("axes", (len(axes),), np.int32, data=np.array(axes, dtype=np.int32))
    rank = len(in_shape)
    reduced = {v % rank for v in axes}
    out_shape = (
        tuple(1 if k in reduced else d for k, d in enumerate(in_shape))
        if keep_dims
        else tuple(d for k, d in enumerate(in_shape) if k not in reduced)
    )
    scale, zp = (0.06, -7) if same_quant or kind in ("REDUCE_MAX", "REDUCE_MIN") else (0.045, 5)
    if kind == "SUM":
        scale = 0.5
    if wide:
        scale, zp = (0.0003 if kind == "MEAN" else 0.004), 0
    y = m.tensor("y", out_shape or (1,), dtype, scale=scale, zero_point=zp)
    m.op(kind, [x, a], [y], keep_dims=keep_dims)
    return m.finish([x], [y])


def views(rng) -> bytes:
    """EXPAND_DIMS and SQUEEZE around an activation: views, no copies."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 7), scale=0.05, zero_point=1)
    axis = m.tensor("axis", (1,), np.int32, data=np.array([1], dtype=np.int32))
    e = m.tensor("e", (3, 1, 7), scale=0.05, zero_point=1)
    m.op("EXPAND_DIMS", [x, axis], [e])
    r = m.tensor("r", (3, 1, 7), scale=0.04, zero_point=-128)
    m.op("RELU", [e], [r])
    y = m.tensor("y", (3, 7), scale=0.04, zero_point=-128)
    m.op("SQUEEZE", [r], [y])
    return m.finish([x], [y])


def concat_like(kind, shapes, out_shape, **options) -> bytes:
    m = ModelBuilder()
    xs = [m.tensor(f"x{k}", shape, scale=0.07, zero_point=9) for k, shape in enumerate(shapes)]
    y = m.tensor("y", out_shape, scale=0.07, zero_point=9)
    m.op(kind, xs, [y], **options)
    return m.finish(xs, [y])


def simplifiable(rng) -> bytes:
    """What passes.simplify removes: a TRANSPOSE and its inverse, a QUANTIZE to the same
    parameters, a same-shape RESHAPE, and a constant TRANSPOSEd and MULtiplied by a constant
    (folded into one weight table) before it is ADDed to the activations."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 6, 3), scale=0.05, zero_point=-2)
    p1 = m.tensor("p1", (4,), np.int32, data=np.array([0, 3, 1, 2], np.int32))
    p2 = m.tensor("p2", (4,), np.int32, data=np.array([0, 2, 3, 1], np.int32))
    t1 = m.tensor("nchw", (1, 3, 4, 6), scale=0.05, zero_point=-2)
    t2 = m.tensor("nhwc", (1, 4, 6, 3), scale=0.05, zero_point=-2)
    m.op("TRANSPOSE", [x, p1], [t1])
    m.op("TRANSPOSE", [t1, p2], [t2])
    q = m.tensor("same", (1, 4, 6, 3), scale=0.05, zero_point=-2)
    m.op("QUANTIZE", [t2], [q])
    k = m.tensor("k_chw", (3, 1, 6), scale=0.02, zero_point=1, data=rng.integers(-128, 128, (3, 1, 6)))
    kp = m.tensor("kp", (3,), np.int32, data=np.array([1, 2, 0], np.int32))
    kt = m.tensor("k_hwc", (1, 6, 3), scale=0.02, zero_point=1)
    m.op("TRANSPOSE", [k, kp], [kt])
    two = m.tensor("two", (1,), scale=0.01, zero_point=0, data=np.array([100]))
    kk = m.tensor("k_scaled", (1, 6, 3), scale=0.03, zero_point=-5)
    m.op("MUL", [kt, two], [kk])
    s = m.tensor("sum", (1, 4, 6, 3), scale=0.07, zero_point=3)
    m.op("ADD", [q, kk], [s])
    y = m.tensor("y", (1, 4, 6, 3), scale=0.07, zero_point=3)
    m.op("RESHAPE", [s], [y])
    return m.finish([x], [y])


def arg_minmax(kind, in_shape, axis, out_dtype=np.int32, dtype=np.int8) -> bytes:
    """int32 indices: TFLite Micro refuses int64 ones (and so does rvfw)."""
    m = ModelBuilder()
    quant = {} if dtype in (np.float32, np.int32, np.bool_) else {"scale": 0.05, "zero_point": 3}
    x = m.tensor("x", in_shape, dtype, **quant)
    a = m.tensor("axis", (1,), np.int32, data=np.array([axis], dtype=np.int32))
    k = axis % len(in_shape)
    y = m.tensor("y", in_shape[:k] + in_shape[k + 1 :], out_dtype)
    m.op(kind, [x, a], [y], output_type=4 if out_dtype is np.int64 else 2)
    return m.finish([x], [y])


def transpose_conv(rng, h, w, cin, cout, k, stride, padding="SAME", bias=True, activation="NONE") -> bytes:
    m = ModelBuilder()
    out_h = h * stride[0] if padding == "SAME" else (h - 1) * stride[0] + k[0]
    out_w = w * stride[1] if padding == "SAME" else (w - 1) * stride[1] + k[1]
    shape = m.tensor("output_shape", (4,), np.int32, data=np.array([1, out_h, out_w, cout], np.int32))
    ws = rng.uniform(0.002, 0.02, cout).astype(np.float32)
    wt = m.tensor("w", (cout, *k, cin), scale=ws, data=rng.integers(-127, 128, (cout, *k, cin)), axis=0)
    x = m.tensor("x", (1, h, w, cin), scale=0.05, zero_point=-6)
    inputs = [shape, wt, x]
    if bias:
        inputs.append(m.tensor("b", (cout,), np.int32, scale=ws * 0.05, data=rng.integers(-2000, 2000, cout)))
    y = m.tensor(
        "y", (1, out_h, out_w, cout), scale=_scale_for(0.05, float(ws.mean()), k[0] * k[1] * cin), zero_point=4
    )
    m.op("TRANSPOSE_CONV", inputs, [y], padding=padding, stride=stride, activation=activation)
    return m.finish([x], [y])


def transpose_conv_float(rng, h, w, cin, cout, k, stride, padding="SAME", activation="NONE") -> bytes:
    m = ModelBuilder()
    out_h = h * stride[0] if padding == "SAME" else (h - 1) * stride[0] + k[0]
    out_w = w * stride[1] if padding == "SAME" else (w - 1) * stride[1] + k[1]
    shape = m.tensor("output_shape", (4,), np.int32, data=np.array([1, out_h, out_w, cout], np.int32))
    wt = m.tensor("w", (cout, *k, cin), np.float32, data=rng.normal(0, 0.4, (cout, *k, cin)))
    x = m.tensor("x", (1, h, w, cin), np.float32)
    b = m.tensor("b", (cout,), np.float32, data=rng.normal(0, 0.2, cout))
    y = m.tensor("y", (1, out_h, out_w, cout), np.float32)
    m.op("TRANSPOSE_CONV", [shape, wt, x, b], [y], padding=padding, stride=stride, activation=activation)
    return m.finish([x], [y])


def transpose_conv16(rng, h, w, cin, cout, k, stride, padding="SAME", bias_dtype=np.int64) -> bytes:
    """TRANSPOSE_CONV 16x8 (as TFLite Micro's seanet layers): int16 activations, int8 per-channel
    weights, an int64 bias."""
    m = ModelBuilder()
    out_h = h * stride[0] if padding == "SAME" else (h - 1) * stride[0] + k[0]
    out_w = w * stride[1] if padding == "SAME" else (w - 1) * stride[1] + k[1]
    shape = m.tensor("output_shape", (4,), np.int32, data=np.array([1, out_h, out_w, cout], np.int32))
    ws = rng.uniform(0.002, 0.02, cout).astype(np.float32)
    wt = m.tensor("w", (cout, *k, cin), scale=ws, data=rng.integers(-127, 128, (cout, *k, cin)), axis=0)
    x = m.tensor("x", (1, h, w, cin), np.int16, scale=0.0005, zero_point=0)
    b = m.tensor("b", (cout,), bias_dtype, scale=ws * 0.0005, data=rng.integers(-200000, 200000, cout))
    scale = float(np.float32(0.0005 * 0.011 * 73 * np.sqrt(k[0] * k[1] * cin) * 10000 / 8000))
    y = m.tensor("y", (1, out_h, out_w, cout), np.int16, scale=scale, zero_point=0)
    m.op("TRANSPOSE_CONV", [shape, wt, x, b], [y], padding=padding, stride=stride, activation="NONE")
    return m.finish([x], [y])


def leaky16(shape, alpha, in_scale, out_scale) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", shape, np.int16, scale=in_scale, zero_point=0)
    y = m.tensor("y", shape, np.int16, scale=out_scale, zero_point=0)
    m.op("LEAKY_RELU", [x], [y], alpha=alpha)
    return m.finish([x], [y])


def relu16(kind: str, shape, in_scale, out_scale) -> bytes:
    """int16 RELU (rescaled) or RELU6 (the input clamped to its own 0 and 6; TFLite Micro ignores
    the output's scale)."""
    m = ModelBuilder()
    x = m.tensor("x", shape, np.int16, scale=in_scale, zero_point=0)
    y = m.tensor("y", shape, np.int16, scale=out_scale, zero_point=0)
    m.op(kind, [x], [y])
    return m.finish([x], [y])


def batch_matmul(rng, a_shape, b_shape, out_shape, const_b=False, floating=False, int16=False, **options) -> bytes:
    m = ModelBuilder()
    if int16:  # 16x8: zero points 0, an output scale that saturates the largest products
        a = m.tensor("a", a_shape, np.int16, scale=0.0005, zero_point=0)
        data = rng.integers(-32768, 32768, b_shape) if const_b else None
        b = m.tensor("b", b_shape, np.int16, scale=0.0004, zero_point=0, data=data)
        depth = a_shape[-2] if options.get("adj_x") else a_shape[-1]
        y = m.tensor("y", out_shape, np.int16, scale=float(np.float32(0.0005 * 0.0004 * 9000 * np.sqrt(depth))),
                     zero_point=0)  # fmt: skip
        m.op("BATCH_MATMUL", [a, b], [y], **options)
        return m.finish([a] if const_b else [a, b], [y])
    if floating:
        a = m.tensor("a", a_shape, np.float32)
        b = m.tensor("b", b_shape, np.float32, data=rng.normal(0, 1, b_shape) if const_b else None)
        y = m.tensor("y", out_shape, np.float32)
        m.op("BATCH_MATMUL", [a, b], [y], **options)
        return m.finish([a] if const_b else [a, b], [y])
    a = m.tensor("a", a_shape, scale=0.05, zero_point=3)
    b = m.tensor("b", b_shape, scale=0.04, zero_point=-2, data=rng.integers(-128, 128, b_shape) if const_b else None)
    depth = a_shape[-2] if options.get("adj_x") else a_shape[-1]
    y = m.tensor("y", out_shape, scale=float(np.float32(0.05 * 0.04 * 70 * np.sqrt(depth) / 32)), zero_point=-7)
    m.op("BATCH_MATMUL", [a, b], [y], **options)
    return m.finish([a] if const_b else [a, b], [y])


def divide(rng, a_shape, b_shape, const_b=False) -> bytes:
    """The divisor's calibrated range [0.5, 2.5] keeps the seeded divisors clear of zero."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, scale=0.05, zero_point=4)
    data = rng.integers(-78, 123, b_shape) if const_b else None
    b = m.tensor("b", b_shape, scale=0.01, zero_point=-128, data=data, calibrated=(0.5, 2.5))
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), scale=0.1, zero_point=-3)
    m.op("DIV", [a, b], [y])
    return m.finish([a] if const_b else [a, b], [y])


def zero_copy_join_and_split() -> bytes:
    """x -> SPLIT (outermost axis) -> RELU / RELU6 / LEAKY_RELU on the parts -> CONCATENATION of the
    results (outermost axis): the planner keeps the split's outputs inside x and the activations'
    outputs inside y, so neither the split nor the join copies a byte."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 4, 5), scale=0.05, zero_point=2)
    axis = m.tensor("axis", (1,), np.int32, data=np.array([0], np.int32))
    parts = [m.tensor(f"part{k}", (1, 4, 5), scale=0.05, zero_point=2) for k in range(3)]
    m.op("SPLIT", [axis, x], parts, num_splits=3)
    outs = []
    for k, kind in enumerate(("RELU", "RELU6", "LEAKY_RELU")):
        outs.append(m.tensor(f"act{k}", (1, 4, 5), scale=0.05, zero_point=2))
        m.op(kind, [parts[k]], [outs[k]], **({"alpha": 0.25} if kind == "LEAKY_RELU" else {}))
    y = m.tensor("y", (3, 4, 5), scale=0.05, zero_point=2)
    m.op("CONCATENATION", outs, [y], axis=0)
    return m.finish([x], [y])


def svdf(rng, batches, n_input, units, rank, memory, state_dtype=np.int16, bias=True, activation="NONE") -> bytes:
    """TFLite Micro's keyword-model SVDF: int8 input and output, int8 feature weights, int16 (or
    int8) time weights and state; the state is a variable tensor carried from step to step."""
    m = ModelBuilder()
    filters = units * rank
    s_in, s_f, s_t = 0.05, 0.01, 0.002 if state_dtype is np.int16 else 0.01
    s_state = float(np.float32(s_in * s_f * 40 * 73 * np.sqrt(n_input) / (4096 if state_dtype is np.int16 else 32)))
    x = m.tensor("x", (batches, n_input), scale=s_in, zero_point=-3)
    wf = m.tensor("weights_feature", (filters, n_input), scale=s_f, data=rng.integers(-127, 128, (filters, n_input)))
    lo, hi = (-20000, 20000) if state_dtype is np.int16 else (-127, 128)
    wt = m.tensor(
        "weights_time", (filters, memory), state_dtype, scale=s_t, data=rng.integers(lo, hi, (filters, memory))
    )
    inputs = [x, wf, wt]
    if bias:
        inputs.append(m.tensor("b", (units,), np.int32, scale=s_state * s_t, data=rng.integers(-3000, 3000, units)))
    else:
        inputs.append(-1)
    zp_state = 0 if state_dtype is np.int16 else 5
    state = m.tensor("state", (batches, filters * memory), state_dtype, scale=s_state, zero_point=zp_state,
                     variable=True)  # fmt: skip
    inputs.append(state)
    fan = (
        np.sqrt(memory * rank) * (4000 if state_dtype is np.int16 else 40) * (15000 if state_dtype is np.int16 else 73)
    )
    y = m.tensor("y", (batches, units), scale=float(np.float32(s_state * s_t * fan / 32)), zero_point=-10)
    m.op("SVDF", inputs, [y], rank=rank, activation=activation)
    return m.finish([x], [y])


def float_mean(kind, in_shape, axes, keep_dims) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", in_shape, np.float32)
    a = m.tensor("axes", (len(axes),), np.int32, data=np.array(axes, dtype=np.int32))
    reduced = {v % len(in_shape) for v in axes}
    out_shape = tuple(1 if k in reduced else d for k, d in enumerate(in_shape)) if keep_dims else tuple(
        d for k, d in enumerate(in_shape) if k not in reduced)  # fmt: skip
    y = m.tensor("y", out_shape, np.float32)
    m.op(kind, [x, a], [y], keep_dims=keep_dims)
    return m.finish([x], [y])


def float_unary(kind, gain, **options) -> bytes:
    """float32 LOGISTIC or TANH after a MUL by a constant gain, so the seeded [-1, 1] input covers
    [-gain, gain]: every branch of TFLite's logistic and of tanhf."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 1000), np.float32)
    g = m.tensor("gain", (1,), np.float32, data=np.array([gain]))
    t = m.tensor("scaled", (4, 1000), np.float32)
    m.op("MUL", [x, g], [t])
    y = m.tensor("y", (4, 1000), np.float32)
    m.op(kind, [t], [y], **options)
    return m.finish([x], [y])


def quantize_s16_halves(scale, gain, offset=0.5) -> bytes:
    """QUANTIZE float32 -> int16 of floor(x gain) + offset: with offset 0.5 and scale 1 every
    quotient is a tie of roundf (the fast scalar kernel's margin sends them to the reference's
    arithmetic); a large gain clamps."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 250), np.float32)
    g = m.tensor("gain", (1,), np.float32, data=np.array([gain]))
    c = m.tensor("offset", (1,), np.float32, data=np.array([offset]))
    t0, t1, t2 = (m.tensor(f"t{k}", (4, 250), np.float32) for k in range(3))
    m.op("MUL", [x, g], [t0])
    m.op("FLOOR", [t0], [t1])
    m.op("ADD", [t1, c], [t2])
    y = m.tensor("y", (4, 250), np.int16, scale=scale, zero_point=0)
    m.op("QUANTIZE", [t2], [y])
    return m.finish([x], [y])


def float_chain(kinds, gain, shape=(4, 250)) -> bytes:
    """float32 elementwise ops one after another on the seeded input times a constant gain."""
    m = ModelBuilder()
    x = m.tensor("x", shape, np.float32)
    g = m.tensor("gain", (1,), np.float32, data=np.array([gain]))
    t = m.tensor("t0", shape, np.float32)
    m.op("MUL", [x, g], [t])
    for k, kind in enumerate(kinds):
        y = m.tensor(f"t{k + 1}", shape, np.float32)
        if isinstance(kind, tuple):  # (MUL, constant)
            c = m.tensor(f"c{k}", (1,), np.float32, data=np.array([kind[1]]))
            m.op(kind[0], [t, c], [y])
        else:
            m.op(kind, [t], [y])
        t = y
    return m.finish([x], [t])


def bool_logic() -> bytes:
    """bool end to end (issue 46): LOGICAL_AND with broadcasting, LOGICAL_OR, LOGICAL_NOT, EQUAL and
    NOT_EQUAL of bools, a bool CONCATENATION and SLICE; bool graph inputs and outputs."""
    m = ModelBuilder()
    a = m.tensor("a", (2, 3, 4), np.bool_)
    b = m.tensor("b", (2, 1, 4), np.bool_)
    c = m.tensor("c", (2, 3, 4), np.bool_)
    m.op("LOGICAL_AND", [a, b], [c])
    d = m.tensor("d", (2, 3, 4), np.bool_)
    m.op("LOGICAL_OR", [c, b], [d])
    e = m.tensor("e", (2, 3, 4), np.bool_)
    m.op("LOGICAL_NOT", [d], [e])
    f = m.tensor("f", (2, 3, 4), np.bool_)
    m.op("EQUAL", [e, a], [f])
    g = m.tensor("g", (2, 6, 4), np.bool_)
    m.op("CONCATENATION", [f, c], [g], axis=1)
    begin = m.tensor("begin", (3,), np.int32, data=np.array([0, 1, 1], np.int32))
    size = m.tensor("size", (3,), np.int32, data=np.array([2, 4, 2], np.int32))
    h = m.tensor("h", (2, 4, 2), np.bool_)
    m.op("SLICE", [g, begin, size], [h])
    k = m.tensor("k", (2, 4, 2), np.bool_)
    m.op("NOT_EQUAL", [h, h], [k])
    return m.finish([a, b], [h, k, e])


def every_dtype_moves(dtype) -> bytes:
    """TFLite Micro's data-movement ops in one dtype (codegen/ops/tflm_set.py: each one TFLite Micro
    runs in it): RESHAPE, EXPAND_DIMS, SQUEEZE, TRANSPOSE, REVERSE_V2, SPLIT, SPLIT_V, CONCATENATION,
    PACK, UNPACK, SLICE, STRIDED_SLICE (negative stride), BROADCAST_TO, SELECT_V2, GATHER and SHAPE,
    one chain, some of its parts views of others; a SHAPE, a ZEROS_LIKE and a FILL as graph outputs."""
    kind = np.dtype(dtype).name
    q = {"scale": 0.05, "zero_point": -4 if dtype is np.int8 else 0} if dtype in (np.int8, np.int16) else {}
    tflm = {op: kind in dtypes for op, (_src, dtypes) in TFLM.items()}
    m = ModelBuilder()

    def const(name, values):
        return m.tensor(name, np.shape(values), np.int32, data=np.array(values, np.int32))

    def op(name, inputs, shape, **options):
        y = m.tensor(f"t{len(m.tensors)}", shape, dtype, **q)
        m.op(name, inputs, [y], **options)
        return y

    x = m.tensor("x", (2, 4, 6), dtype, **q)
    t = op("RESHAPE", [x, const("s1", [4, 2, 6])], (4, 2, 6))
    if tflm["EXPAND_DIMS"]:
        t = op("EXPAND_DIMS", [t, const("ax", [0])], (1, 4, 2, 6))
    else:
        t = op("RESHAPE", [t, const("s1b", [1, 4, 2, 6])], (1, 4, 2, 6))
    t = op("SQUEEZE", [t], (4, 2, 6))
    if tflm["TRANSPOSE"]:
        t = op("TRANSPOSE", [t, const("perm", [1, 0, 2])], (2, 4, 6))
    else:
        t = op("RESHAPE", [t, const("s2", [2, 4, 6])], (2, 4, 6))
    flipped = op("REVERSE_V2", [t, const("rev", [2])], (2, 4, 6))
    if tflm["SPLIT"]:
        halves = [m.tensor(f"half{k}", (2, 4, 3), dtype, **q) for k in range(2)]
        m.op("SPLIT", [const("split_axis", 2), flipped], halves, num_splits=2)
        parts = [m.tensor(f"part{k}", (2, 4, n), dtype, **q) for k, n in enumerate((1, 2))]
        m.op("SPLIT_V", [halves[0], const("sizes", [1, 2]), const("v_axis", 2)], parts, num_splits=2)
        joined = op("CONCATENATION", [parts[1], halves[1], parts[0]], (2, 4, 6), axis=2)
        packed = op("PACK", [joined, t], (2, 2, 4, 6), axis=1, values_count=2)
        unpacked = [m.tensor(f"un{k}", (2, 4, 6), dtype, **q) for k in range(2)]
        m.op("UNPACK", [packed], unpacked, num=2, axis=1)
        t = unpacked[0]
    else:
        t = op("CONCATENATION", [flipped, t], (2, 8, 6), axis=1)
    t = op("SLICE", [t, const("begin", [0, 1, 0]), const("size", [2, 3, 6])], (2, 3, 6))
    t = op("STRIDED_SLICE", [t, const("b", [0, 0, 5]), const("e", [2, 3, 0]), const("st", [1, 1, -2])], (2, 3, 3))
    t = op("BROADCAST_TO", [t, const("to", [2, 2, 3, 3])], (2, 2, 3, 3))
    inputs = [x]
    if tflm["SELECT_V2"]:
        cond = m.tensor("cond", (2, 2, 3, 3), np.bool_)
        t = op("SELECT_V2", [cond, t, op("REVERSE_V2", [t, const("rev2", [3])], (2, 2, 3, 3))], (2, 2, 3, 3))
        inputs.append(cond)
    if tflm["GATHER"]:
        t = op("GATHER", [t, const("idx", [2, 0, 2, 1])], (2, 2, 4, 3), axis=2)
    shape = m.tensor("shape", (3,), np.int32)
    m.op("SHAPE", [x], [shape])
    outputs = [t, shape]
    if tflm["ZEROS_LIKE"]:
        outputs.append(op("ZEROS_LIKE", [x], (2, 4, 6)))
    if tflm["CAST"]:
        cast = m.tensor("cast", (2, 4, 6), np.int32 if dtype is np.float32 else np.float32)
        m.op("CAST", [x], [cast])
        outputs.append(cast)
    if tflm["FILL"]:
        value = m.tensor("value", (), dtype, data=np.array(3, dtype), **q)
        outputs.append(op("FILL", [const("dims", [3, 2]), value], (3, 2)))
    return m.finish(inputs, outputs)


def every_dtype_compare(dtype) -> bytes:
    """The six comparisons TFLite Micro runs in one dtype, with broadcasting, their bool results
    joined into one output (codegen/ops/tflm_set.py)."""
    kind = np.dtype(dtype).name
    q = {"scale": 0.05, "zero_point": -4} if dtype is np.int8 else {}
    m = ModelBuilder()
    a = m.tensor("a", (3, 4), dtype, **q)
    b = m.tensor("b", (1, 4), dtype, **({"scale": 0.07, "zero_point": 5} if dtype is np.int8 else {}))
    results = []
    for name in ("EQUAL", "NOT_EQUAL", "GREATER", "GREATER_EQUAL", "LESS", "LESS_EQUAL"):
        if kind in TFLM[name][1]:
            results.append(m.tensor(name.lower(), (3, 4), np.bool_))
            m.op(name, [a, b], [results[-1]])
    y = m.tensor("y", (3 * len(results), 4), np.bool_)
    m.op("CONCATENATION", results, [y], axis=0)
    return m.finish([a, b], [y])


def add_n_s8(count: int, shape=(3, 17), zero_point=-5) -> bytes:
    """int8 ADD_N of `count` inputs of one quantisation (one of them a constant) into another."""
    m = ModelBuilder()
    q = {"scale": 0.031, "zero_point": zero_point}
    xs = [m.tensor(f"x{k}", shape, **q) for k in range(count - 1)]
    c = m.tensor("c", shape, data=np.arange(int(np.prod(shape))).reshape(shape) % 97 - 50, **q)
    y = m.tensor("y", shape, scale=0.057, zero_point=3)
    m.op("ADD_N", [xs[0], c, *xs[1:]], [y])
    return m.finish(xs, [y])


def cumsum_s8(shape, axis, **options) -> bytes:
    """int8 CUMSUM along a constant axis into a coarser output scale."""
    m = ModelBuilder()
    x = m.tensor("x", shape, scale=0.02, zero_point=9)
    a = m.tensor("axis", (), np.int32, data=np.array(axis, np.int32))
    y = m.tensor("y", shape, scale=0.09, zero_point=-20)
    m.op("CUMSUM", [x, a], [y], **options)
    return m.finish([x], [y])


def rsqrt_s8() -> bytes:
    """int8 RSQRT of an ABS (TFLite Micro refuses inputs below the zero point at run time), its
    zero input giving 127."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 33), scale=0.05, zero_point=3)
    t = m.tensor("t", (4, 33), scale=0.04, zero_point=-20)
    m.op("ABS", [x], [t])
    y = m.tensor("y", (4, 33), scale=0.02, zero_point=-128)
    m.op("RSQRT", [t], [y], 2)
    return m.finish([x], [y])


def grouped_conv(rng, dtype, groups: int, h=6, w=7, cin=12, cout=9, k=3, stride=(1, 1), activation="RELU") -> bytes:
    """A grouped CONV_2D (filter depth cin / groups), int8 with per-channel weights, 16x8 or float32."""
    m = ModelBuilder()
    depth = cin // groups
    out_h, out_w = -(-h // stride[0]), -(-w // stride[1])
    if dtype is np.float32:
        x = m.tensor("x", (1, h, w, cin), np.float32)
        wt = m.tensor("w", (cout, k, k, depth), np.float32, data=rng.uniform(-1, 1, (cout, k, k, depth)))
        b = m.tensor("b", (cout,), np.float32, data=rng.uniform(-1, 1, cout))
        y = m.tensor("y", (1, out_h, out_w, cout), np.float32)
    else:
        s_in = 0.05 if dtype is np.int8 else 0.0005
        x = m.tensor("x", (1, h, w, cin), dtype, scale=s_in, zero_point=5 if dtype is np.int8 else 0)
        ws = rng.uniform(0.002, 0.02, cout).astype(np.float32)
        wt = m.tensor("w", (cout, k, k, depth), scale=ws, data=rng.integers(-127, 128, (cout, k, k, depth)), axis=0)
        bias_dtype = np.int32 if dtype is np.int8 else np.int64
        b = m.tensor("b", (cout,), bias_dtype, scale=ws * s_in, data=rng.integers(-2000, 2000, cout))
        y = m.tensor("y", (1, out_h, out_w, cout), dtype, scale=_scale_for(s_in, 0.011, k * k * depth),
                     zero_point=-3 if dtype is np.int8 else 0)  # fmt: skip
    m.op("CONV_2D", [x, wt, b], [y], stride=stride, padding="SAME", activation=activation)
    return m.finish([x], [y])


def update_slice(dtype, operand_shape, update_shape, starts=None, index_dtype=np.int32) -> bytes:
    """DYNAMIC_UPDATE_SLICE of one dtype: start indices a constant, or an input (clamped as TFLite
    Micro clamps them)."""
    m = ModelBuilder()
    q = {"scale": 0.05, "zero_point": 2} if dtype in (np.int8, np.int16) else {}
    x = m.tensor("x", operand_shape, dtype, **q)
    u = m.tensor("u", update_shape, dtype, **q)
    rank = len(operand_shape)
    s = m.tensor("starts", (rank,), index_dtype, data=None if starts is None else np.array(starts, index_dtype))
    y = m.tensor("y", operand_shape, dtype, **q)
    m.op("DYNAMIC_UPDATE_SLICE", [x, u, s], [y])
    return m.finish([x, u] + ([s] if starts is None else []), [y])


def embedding(dtype, hybrid=False) -> bytes:
    """EMBEDDING_LOOKUP of a constant table by ids an ARG_MAX computes on the device (in range)."""
    m = ModelBuilder()
    x = m.tensor("x", (5, 8), scale=0.05, zero_point=1)
    ids = m.tensor("ids", (5,), np.int32)
    m.op("ARG_MAX", [x, m.tensor("axis", (1,), np.int32, data=np.array([1], np.int32))], [ids])
    rng = np.random.default_rng(3)
    if dtype is np.float32:
        table = m.tensor("table", (8, 3, 2), np.float32, data=rng.normal(0, 1, (8, 3, 2)))
    else:
        table = m.tensor("table", (8, 3, 2), scale=0.0371, zero_point=0 if hybrid else 6,
                         data=rng.integers(-128, 128, (8, 3, 2)))  # fmt: skip
    out_dtype, q = (np.float32, {}) if dtype is np.float32 or hybrid else (np.int8, {"scale": 0.0371, "zero_point": 6})
    y = m.tensor("y", (5, 3, 2), out_dtype, **q)
    m.op("EMBEDDING_LOOKUP", [ids, table], [y])
    return m.finish([x], [y])


def broadcast_args() -> bytes:
    """BROADCAST_ARGS of two constant shapes: a graph output and a RESHAPE's shape (the RESHAPE
    reads a constant copy: passes.simplify.fold_constants)."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 6), np.float32)
    a = m.tensor("a", (2,), np.int32, data=np.array([3, 1], np.int32))
    b = m.tensor("b", (3,), np.int32, data=np.array([2, 1, 4], np.int32))
    shape = m.tensor("shape", (3,), np.int32)
    m.op("BROADCAST_ARGS", [a, b], [shape])
    y = m.tensor("y", (2, 3, 4), np.float32)
    m.op("RESHAPE", [x, shape], [y])
    return m.finish([x], [y, shape])


def greater16(a_shape, b_shape, kind="GREATER", b_scale=0.0007) -> bytes:
    """An int16 comparison (16x8: zero points 0) of two scales with broadcasting: TFLite Micro's
    GREATER is known wrong (all false) and it stops on the others, so the golden is LiteRT's
    reference kernels (the orderings on the raw values, EQUAL and NOT_EQUAL rescaled)."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, np.int16, scale=0.001, zero_point=0)
    b = m.tensor("b", b_shape, np.int16, scale=b_scale, zero_point=0)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), np.bool_)
    m.op(kind, [a, b], [y])
    return m.finish([a, b], [y])


def floor_int(kind: str, dtype, a_shape, b_shape) -> bytes:
    """Integer FLOOR_DIV or FLOOR_MOD (LiteRT's: the raw values) by a constant divisor of both
    signs without zeros (LiteRT stops on division by 0), -1 among them (INT_MIN / -1 wraps)."""
    m = ModelBuilder()
    q = {} if dtype in (np.int32, np.int64) else {"scale": 0.02, "zero_point": 0}
    a = m.tensor("a", a_shape, dtype, **q)
    divisors = np.array([-1, 3, -7, 2, 5, -2, 9, -4, 1, 7, -9, 6], dtype=dtype)
    b = m.tensor("b", b_shape, dtype, data=np.resize(divisors, b_shape), **q)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), dtype, **q)
    m.op(kind, [a, b], [y], 2)
    return m.finish([a], [y])


def litert_form(op: str, dtype: str) -> bytes:
    """The single-op model tests/fuzz/litert_probe.py writes for (op, dtype): the form LiteRT's
    reference kernels were measured on (codegen/ops/litert_set.py)."""
    from tests.fuzz.litert_probe import DTYPES, FORMS

    m, ins, outs = FORMS[op](DTYPES[dtype])
    return m.finish(ins, outs)


# Byte-moving ops in uint8 and int64 (any dtype moves as bytes: ops.movement, ops.concatenation,
# ops.reshape) and the forms that hold them, checked against LiteRT's reference where TFLite Micro
# lacks them.
MOVED_FORMS = {
    "uint8": ("BATCH_TO_SPACE_ND", "BROADCAST_TO", "CONCATENATION", "EXPAND_DIMS", "FILL", "GATHER", "GATHER_ND",
              "MIRROR_PAD", "PACK", "PAD", "RESHAPE", "RESIZE_NEAREST_NEIGHBOR", "REVERSE_V2", "SELECT_V2", "SHAPE",
              "SLICE", "SPACE_TO_BATCH_ND", "SPACE_TO_DEPTH", "SPLIT", "STRIDED_SLICE", "TILE", "TRANSPOSE", "UNPACK"),
    "int64": ("BATCH_TO_SPACE_ND", "BROADCAST_TO", "CONCATENATION", "EXPAND_DIMS", "FILL", "GATHER", "GATHER_ND",
              "MIRROR_PAD", "PACK", "PAD", "RESHAPE", "REVERSE_V2", "SELECT_V2", "SHAPE", "SLICE", "SPACE_TO_BATCH_ND",
              "SPACE_TO_DEPTH", "SPLIT", "STRIDED_SLICE", "TILE", "TRANSPOSE", "ZEROS_LIKE"),
}  # fmt: skip


def topk(dtype, shape, k, index_dtype=np.int32, narrow=False) -> bytes:
    """TOPK_V2 (LiteRT's: largest first, ties by the lower index). narrow: int8 values in [-3, 3]
    (a calibrated range the harness draws from), so most rows hold ties."""
    m = ModelBuilder()
    q = {"scale": 0.1, "zero_point": 0} if dtype in (np.int8, np.int16) else {}
    x = m.tensor("x", shape, dtype, calibrated=(-0.3, 0.3) if narrow else None, **q)
    kt = m.tensor("k", (), index_dtype, data=np.array(k, dtype=index_dtype))
    values = m.tensor("values", (*shape[:-1], k), dtype, **q)
    indices = m.tensor("indices", (*shape[:-1], k), index_dtype)
    m.op("TOPK_V2", [x, kt], [values, indices], 3 if index_dtype is np.int16 else 2)
    return m.finish([x], [values, indices])


def table16(kind: str, in_scale: float, out_scale: float, zero_point: int = 0, **options) -> bytes:
    """An int16 activation through LiteRT's int16 table (EXP, GELU: ops.lut16)."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 700), np.int16, scale=in_scale, zero_point=zero_point)
    y = m.tensor("y", (3, 700), np.int16, scale=out_scale, zero_point=zero_point)
    m.op(kind, [x], [y], **options)
    return m.finish([x], [y])


def scalar_forms() -> bytes:
    """What converters write for scalars (issue 56): a rank-0 graph input (`tf.TensorSpec([])`)
    times a vector, and a RESHAPE to a scalar, whose shape is an empty constant (its buffer holds
    no bytes at all)."""
    m = ModelBuilder()
    s = m.tensor("s", (), np.float32)
    x = m.tensor("x", (1,), np.float32)
    empty = m.tensor("empty_shape", (0,), np.int32, data=np.zeros((0,), np.int32))
    r = m.tensor("r", (), np.float32)
    y = m.tensor("y", (), np.float32)
    m.op("RESHAPE", [x, empty], [r])
    m.op("MUL", [s, r], [y])
    return m.finish([s, x], [y])


def equal16_requantized(kind: str, b_scale: float) -> bytes:
    """int16 EQUAL or NOT_EQUAL of an input and itself requantised to another scale (QUANTIZE int16
    -> int16): LiteRT rescales both sides, so the pairs the requantisation kept exact compare
    equal and the saturated or rounded ones do not."""
    m = ModelBuilder()
    a = m.tensor("a", (4, 64), np.int16, scale=0.001, zero_point=0)
    b = m.tensor("b", (4, 64), np.int16, scale=b_scale, zero_point=0)
    y = m.tensor("y", (4, 64), np.bool_)
    m.op("QUANTIZE", [a], [b])
    m.op(kind, [a, b], [y])
    return m.finish([a], [y])


def rsqrt_s16(t_scale=0.0004) -> bytes:
    """int16 RSQRT (16x8) of an ABS: values from 0 (giving 32767) up; a coarse ABS scale makes them
    small (every normalisation shift)."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 33), np.int16, scale=0.0005, zero_point=0)
    t = m.tensor("t", (4, 33), np.int16, scale=t_scale, zero_point=0)
    m.op("ABS", [x], [t], 3)
    y = m.tensor("y", (4, 33), np.int16, scale=0.002, zero_point=0)
    m.op("RSQRT", [t], [y], 3)
    return m.finish([x], [y])


def int4_weighted(rng, kind: str, activations=np.int8) -> bytes:
    """CONV_2D (3x3, per-channel), DEPTHWISE_CONV_2D or FULLY_CONNECTED (per-tensor, as TFLite Micro
    takes it) with int4 weights, two a byte (ops.int4: packed in flash); an odd weight count."""
    m = ModelBuilder()
    s_in = 0.05 if activations is np.int8 else 0.0005
    zp = 7 if activations is np.int8 else 0
    bias_dtype = np.int32 if activations is np.int8 else np.int64
    if kind == "FULLY_CONNECTED":
        x = m.tensor("x", (2, 37), activations, scale=s_in, zero_point=zp)
        w = m.tensor("w", (9, 37), "int4", scale=0.1, data=rng.integers(-8, 8, (9, 37)))
        b = m.tensor("b", (9,), bias_dtype, scale=0.1 * s_in, data=rng.integers(-300, 300, 9))
        y = m.tensor("y", (2, 9), activations, scale=_scale_for(s_in, 0.1, 37), zero_point=-zp)
        m.op("FULLY_CONNECTED", [x, w, b], [y])
        return m.finish([x], [y])
    depthwise = kind == "DEPTHWISE_CONV_2D"
    cin, cout = (5, 5) if depthwise else (5, 7)
    ws = rng.uniform(0.05, 0.2, cout).astype(np.float32)
    shape = (1, 3, 3, cout) if depthwise else (cout, 3, 3, cin)
    x = m.tensor("x", (1, 6, 7, cin), activations, scale=s_in, zero_point=zp)
    w = m.tensor("w", shape, "int4", scale=ws, data=rng.integers(-8, 8, shape), axis=3 if depthwise else 0)
    b = m.tensor("b", (cout,), bias_dtype, scale=ws * s_in, data=rng.integers(-300, 300, cout))
    fan_in = 9 * (1 if depthwise else cin)
    y = m.tensor("y", (1, 6, 7, cout), activations, scale=_scale_for(s_in, float(ws.mean()), fan_in), zero_point=-zp)
    m.op(kind, [x, w, b], [y], padding="SAME", stride=(1, 1), **({"depth_multiplier": 1} if depthwise else {}))
    return m.finish([x], [y])


def signal_stream(kind: str, in_shape, out_shape, options: dict, dtype=np.int16) -> bytes:
    """One of the Signal library's streaming ops (custom, FlexBuffers options), run several
    inferences in a row: its state carries from one to the next."""
    m = ModelBuilder()
    x = m.tensor("x", in_shape, dtype)
    y = m.tensor("y", out_shape, dtype)
    outputs = [y]
    if kind in ("SignalFramer", "SignalStacker"):  # their "valid" flag
        outputs.append(m.tensor("valid", (), np.bool_))
    m.op(f"CUSTOM:{kind}", [x], outputs, custom_options=bytes(flexbuffers.Dumps(options)))
    return m.finish([x], outputs)


def signal_fft(kind: str, dtype, fft_length: int, frames: int = 2, input_length: int | None = None) -> bytes:
    """SignalRfft (frames of input_length samples, zero-padded) or SignalIrfft (frames of
    fft_length / 2 + 1 complex bins) in int16, int32 or float32 (the "T" option, as TensorFlow's
    Signal ops write it)."""
    m = ModelBuilder()
    complex_shape, real_shape = (frames, fft_length + 2), (frames, input_length or fft_length)
    in_shape, out_shape = (real_shape, complex_shape) if kind == "SignalRfft" else (complex_shape, real_shape)
    x = m.tensor("x", in_shape, dtype)
    y = m.tensor("y", out_shape, dtype)
    type_code = {np.int16: 7, np.int32: 2, np.float32: 0}[dtype]
    m.op(
        f"CUSTOM:{kind}", [x], [y], custom_options=bytes(flexbuffers.Dumps({"T": type_code, "fft_length": fft_length}))
    )
    return m.finish([x], [y])


def circular_buffer() -> bytes:
    """CIRCULAR_BUFFER of 3 slots every invocation, read through its newest slot (TFLite Micro's older
    slots hold its arena's leftovers until written: no golden for them) and a MUL of it by 2."""
    m = ModelBuilder()
    q = {"scale": 0.05, "zero_point": 3}
    x = m.tensor("x", (1, 1, 2, 4), **q)
    ring = m.tensor("ring", (1, 3, 2, 4), **q)
    m.op("CUSTOM:CIRCULAR_BUFFER", [x], [ring], custom_options=bytes(flexbuffers.Dumps({"cycles_max": 1})))
    newest = m.tensor("newest", (1, 1, 2, 4), **q)
    m.op("SLICE", [ring, m.tensor("b", (4,), np.int32, data=np.array([0, 2, 0, 0], np.int32)),
                   m.tensor("s", (4,), np.int32, data=np.array([1, 1, 2, 4], np.int32))], [newest])  # fmt: skip
    return m.finish([x], [newest])


def reduce_all() -> bytes:
    """REDUCE_ALL of bools over two axes (kept dims), and over the last axis; the seeded input ORed
    with a constant that is mostly true, so some groups are all true and some not."""
    m = ModelBuilder()
    a = m.tensor("a", (3, 4, 5), np.bool_)
    mostly = np.random.default_rng(46).random((3, 4, 5)) < 0.9
    x = m.tensor("x", (3, 4, 5), np.bool_)
    m.op("LOGICAL_OR", [a, m.tensor("mostly", (3, 4, 5), np.bool_, data=mostly)], [x])
    y = m.tensor("y", (1, 4, 1), np.bool_)
    m.op("REDUCE_ALL", [x, m.tensor("axes", (2,), np.int32, data=np.array([0, 2], np.int32))], [y], keep_dims=True)
    z = m.tensor("z", (3, 4), np.bool_)
    m.op("REDUCE_ALL", [x, m.tensor("last", (1,), np.int32, data=np.array([-1], np.int32))], [z])
    return m.finish([a], [y, z])


def reduce_bool(kind) -> bytes:
    """REDUCE_ANY, REDUCE_MAX or REDUCE_MIN of bools (LiteRT's) over two axes (kept dims) and over the
    last; the seeded input ANDed with a mostly-false constant so groups of each answer occur."""
    m = ModelBuilder()
    a = m.tensor("a", (3, 4, 5), np.bool_)
    rarely = np.random.default_rng(47).random((3, 4, 5)) < 0.15
    x = m.tensor("x", (3, 4, 5), np.bool_)
    op = "LOGICAL_AND" if kind in ("REDUCE_ANY", "REDUCE_MAX") else "LOGICAL_OR"
    m.op(op, [a, m.tensor("rarely", (3, 4, 5), np.bool_, data=rarely if op == "LOGICAL_AND" else ~rarely)], [x])
    y = m.tensor("y", (1, 4, 1), np.bool_)
    m.op(kind, [x, m.tensor("axes", (2,), np.int32, data=np.array([0, 2], np.int32))], [y], keep_dims=True)
    z = m.tensor("z", (3, 4), np.bool_)
    m.op(kind, [x, m.tensor("last", (1,), np.int32, data=np.array([-1], np.int32))], [z])
    return m.finish([a], [y, z])


def every_dtype_float_extras() -> bytes:
    """float32 forms of ops the other cases take in int8: SPACE_TO_DEPTH, DEPTH_TO_SPACE,
    BATCH_TO_SPACE_ND, ARG_MAX and CAST."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 6, 3), np.float32)
    s2d = m.tensor("s2d", (1, 2, 3, 12), np.float32)
    m.op("SPACE_TO_DEPTH", [x], [s2d], block_size=2)
    d2s = m.tensor("d2s", (1, 4, 6, 3), np.float32)
    m.op("DEPTH_TO_SPACE", [s2d], [d2s], block_size=2)
    batched = m.tensor("batched", (4, 2, 3, 3), np.float32)
    m.op("RESHAPE", [d2s, m.tensor("s", (4,), np.int32, data=np.array([4, 2, 3, 3], np.int32))], [batched])
    block = m.tensor("block", (2,), np.int32, data=np.array([2, 2], np.int32))
    crops = m.tensor("crops", (2, 2), np.int32, data=np.array([[0, 1], [1, 0]], np.int32))
    b2s = m.tensor("b2s", (1, 3, 5, 3), np.float32)
    m.op("BATCH_TO_SPACE_ND", [batched, block, crops], [b2s])
    arg = m.tensor("arg", (1, 4, 6), np.int32)
    m.op("ARG_MAX", [x, m.tensor("axis", (1,), np.int32, data=np.array([3], np.int32))], [arg])
    cast = m.tensor("cast", (1, 4, 6, 3), np.int32)
    m.op("CAST", [x], [cast])
    return m.finish([x], [b2s, arg, cast])


def softmax16(shape, scale, beta=1.0) -> bytes:
    """int16 SOFTMAX (zero points 0, output scale 1/32768) over the last axis."""
    m = ModelBuilder()
    x = m.tensor("x", shape, np.int16, scale=scale, zero_point=0)
    y = m.tensor("y", shape, np.int16, scale=1 / 32768, zero_point=0)
    m.op("SOFTMAX", [x], [y], beta=beta)
    return m.finish([x], [y])


def lstm_float(rng, batches, steps, n_input, units, time_major=False, cell_clip=0.0) -> bytes:
    """The float32 UNIDIRECTIONAL_SEQUENCE_LSTM (float weights, biases and states)."""
    m = ModelBuilder()
    in_shape = (steps, batches, n_input) if time_major else (batches, steps, n_input)
    x = m.tensor("x", in_shape, np.float32)
    inputs = [x]
    for k in range(8):
        depth = n_input if k < 4 else units
        inputs.append(m.tensor(f"w{k}", (units, depth), np.float32, data=rng.normal(0, 1.2 / np.sqrt(depth),
                                                                                     (units, depth))))  # fmt: skip
    inputs += [-1, -1, -1]
    inputs += [m.tensor(f"b{k}", (units,), np.float32, data=rng.normal(0, 0.3, units)) for k in range(4)]
    inputs += [-1, -1]
    inputs.append(m.tensor("hidden", (batches, units), np.float32, variable=True))
    inputs.append(m.tensor("cell", (batches, units), np.float32, variable=True))
    inputs += [-1, -1, -1, -1]
    y = m.tensor("y", (steps, batches, units) if time_major else (batches, steps, units), np.float32)
    m.op("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [y], activation="TANH", cell_clip=cell_clip, time_major=time_major)
    return m.finish([x], [y])


def resource_accumulator(rng, read_after=False) -> bytes:
    """TFLite's resource variables as its converter writes a stateful Keras layer: CALL_ONCE runs an
    initialiser subgraph (VAR_HANDLE + ASSIGN_VARIABLE of a constant) on the first invocation;
    the main subgraph reads the variable, adds the input and assigns the sum back, so outputs
    accumulate over the steps. read_after: read it again after the assignment (the new value)."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 8), scale=0.05, zero_point=-3)
    h = m.tensor("acc_handle", (), "resource")
    prev = m.tensor("acc_prev", (2, 8), scale=0.05, zero_point=-3)
    new = m.tensor("acc_new", (2, 8), scale=0.05, zero_point=-3)
    m.op("CALL_ONCE", [], [], init_subgraph_index=1)
    m.op("VAR_HANDLE", [], [h], shared_name="acc")
    m.op("READ_VARIABLE", [h], [prev])
    m.op("ADD", [x, prev], [new])
    m.op("ASSIGN_VARIABLE", [h, new], [])
    outputs = [new]
    if read_after:
        after = m.tensor("acc_after", (2, 8), scale=0.05, zero_point=-3)
        halved = m.tensor("acc_half", (2, 8), scale=0.1, zero_point=0)
        m.op("READ_VARIABLE", [h], [after])
        m.op("QUANTIZE", [after], [halved])
        outputs = [new, halved]
    init = ModelBuilder()
    ih = init.tensor("acc_handle", (), "resource")
    iv = init.tensor("acc_init", (2, 8), scale=0.05, zero_point=-3, data=rng.integers(-60, 60, (2, 8)))
    init.op("VAR_HANDLE", [], [ih], shared_name="acc")
    init.op("ASSIGN_VARIABLE", [ih, iv], [])
    return m.finish([x], outputs, init=init)


def sigmoid16(kind, scale) -> bytes:
    """int16 LOGISTIC or TANH on 4096 seeded int16 values spanning the whole range: about 8 per
    table entry, and the saturated ends."""
    m = ModelBuilder()
    x = m.tensor("x", (64, 64), np.int16, scale=scale, zero_point=0)
    y = m.tensor("y", (64, 64), np.int16, scale=2.0**-15, zero_point=0)
    m.op(kind, [x], [y])
    return m.finish([x], [y])


def lstm(rng, batches, steps, n_input, units, time_major=False, cell_clip=0.0, cell_power=-11, peephole=False,
         wide=False) -> bytes:  # fmt: skip
    """TFLite Micro's integer LSTM as its converter writes it: int8 input, output and hidden state,
    int8 per-tensor weights, int32 biases, an int16 cell state with a power-of-two scale; both
    states are variable tensors carried from step to step."""
    m = ModelBuilder()
    s_in, s_h = (1 / 8192, 1 / 16384) if wide else (1 / 64, 1 / 128)
    act, zp_in, zp_h, bias_type = (np.int16, 0, 0, np.int64) if wide else (np.int8, -5, 3, np.int32)
    in_shape = (steps, batches, n_input) if time_major else (batches, steps, n_input)
    x = m.tensor("x", in_shape, act, scale=s_in, zero_point=zp_in)
    inputs = [x]
    for k in range(8):  # input-side then recurrent-side weights of the input, forget, cell and output gates
        depth = n_input if k < 4 else units
        scale = float(np.float32(1.5 / (np.sqrt(depth) * 40)))
        inputs.append(m.tensor(f"w{k}", (units, depth), scale=scale, data=rng.integers(-127, 128, (units, depth))))
    if peephole:  # refused, as TFLite Micro refuses it
        inputs += [m.tensor(f"p{k}", (units,), np.int16, scale=0.001, data=np.ones(units)) for k in range(3)]
    else:
        inputs += [-1, -1, -1]
    for k in range(4):
        w_scale = m.tensors[inputs[1 + k]].scale[0]
        bias_range = 4000 * (128 if wide else 1)
        inputs.append(m.tensor(f"b{k}", (units,), bias_type, scale=s_in * w_scale,
                               data=rng.integers(-bias_range, bias_range, units)))  # fmt: skip
    inputs += [-1, -1]  # no projection
    inputs.append(m.tensor("hidden", (batches, units), act, scale=s_h, zero_point=zp_h, variable=True))
    inputs.append(m.tensor("cell", (batches, units), np.int16, scale=2.0**cell_power, variable=True))
    inputs += [-1, -1, -1, -1]  # no layer norm
    out_shape = (steps, batches, units) if time_major else (batches, steps, units)
    y = m.tensor("y", out_shape, act, scale=s_h, zero_point=zp_h)
    m.op("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [y], activation="TANH", cell_clip=cell_clip, time_major=time_major)
    return m.finish([x], [y])


def svdf_float(rng, batches, n_input, units, rank, memory, activation="NONE") -> bytes:
    m = ModelBuilder()
    filters = units * rank
    x = m.tensor("x", (batches, n_input), np.float32)
    wf = m.tensor("weights_feature", (filters, n_input), np.float32, data=rng.normal(0, 0.3, (filters, n_input)))
    wt = m.tensor("weights_time", (filters, memory), np.float32, data=rng.normal(0, 0.3, (filters, memory)))
    b = m.tensor("b", (units,), np.float32, data=rng.normal(0, 0.1, units))
    state = m.tensor("state", (batches, filters * memory), np.float32, variable=True)
    y = m.tensor("y", (batches, units), np.float32)
    m.op("SVDF", [x, wf, wt, b, state], [y], rank=rank, activation=activation)
    return m.finish([x], [y])


def squared_difference_f32_overflow() -> bytes:
    """float32 SQUARED_DIFFERENCE of the seeded input times 1e20 and a constant: some squares
    overflow to infinity."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 40), np.float32)
    t = m.tensor("t", (3, 40), np.float32)
    m.op("MUL", [x, m.tensor("gain", (1,), np.float32, data=np.array([1e20], np.float32))], [t])
    c = m.tensor("c", (40,), np.float32, data=np.linspace(-3e19, 3e19, 40).astype(np.float32))
    y = m.tensor("y", (3, 40), np.float32)
    m.op("SQUARED_DIFFERENCE", [t, c], [y])
    return m.finish([x], [y])


def float_op(rng, kind, in_shape, out_shape, **options) -> bytes:
    """A float32 (unquantised) single-op model: weights and bias for the weighted ops."""
    m = ModelBuilder()
    x = m.tensor("x", in_shape, np.float32)
    inputs = [x]
    if kind in ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED"):
        wshape = options.pop("wshape")
        weight_scale = options.pop("weight_scale", 1.0)  # 1e-38: subnormal weights
        inputs.append(m.tensor("w", wshape, np.float32, data=rng.normal(0, 0.3, wshape) * weight_scale))
        inputs.append(m.tensor("b", (out_shape[-1],), np.float32, data=rng.normal(0, 0.1, out_shape[-1])))
    if kind in (
        "ADD",
        "SUB",
        "MUL",
        "DIV",
        "FLOOR_DIV",
        "FLOOR_MOD",
        "MAXIMUM",
        "MINIMUM",
        "SQUARED_DIFFERENCE",
        "PRELU",
    ):
        b_shape = options.pop("b_shape")
        inputs.append(m.tensor("b", b_shape, np.float32, data=rng.normal(0, 1, b_shape) if options.pop("const", False)
                               else None))  # fmt: skip
    y = m.tensor("y", out_shape, np.float32)
    m.op(kind, inputs, [y], **options)
    return m.finish([t for t in inputs if m.tensors[t].data is None], [y])


def op16x8(
    rng, kind, in_shape, out_shape, wshape=None, activation="NONE", bias_dtype=np.int64, out_scale=1.0, **options
) -> bytes:
    """A 16x8 single-op model: int16 activations (zero point 0), int8 per-channel weights, int64 bias;
    out_scale multiplies the output scale (a large one: a requantising shift past 32 bits)."""
    m = ModelBuilder()
    s_in = 0.0005
    x = m.tensor("x", in_shape, np.int16, scale=s_in, zero_point=0)
    inputs = [x]
    fan = 1
    if wshape is not None:
        axis = 3 if kind == "DEPTHWISE_CONV_2D" else 0
        ws = rng.uniform(0.002, 0.02, wshape[axis]).astype(np.float32)
        inputs.append(m.tensor("w", wshape, scale=ws, data=rng.integers(-127, 128, wshape), axis=axis))
        if bias_dtype is None:  # no bias tensor: TFLite Micro picks the accumulator by the bias it has
            inputs.append(-1)
        else:
            inputs.append(m.tensor("b", (wshape[axis],), bias_dtype, scale=ws * s_in,
                                   data=rng.integers(-200000, 200000, wshape[axis])))  # fmt: skip
        fan = int(np.prod(wshape[1:])) if kind != "DEPTHWISE_CONV_2D" else wshape[1] * wshape[2]
    elif kind in ("ADD", "SUB", "MUL"):
        inputs.append(m.tensor("x2", options.pop("b_shape", in_shape), np.int16, scale=0.0003, zero_point=0))
    scale = float(np.float32(s_in * (0.011 * 73 * np.sqrt(fan) * 10000 / 8000 if wshape is not None else 1.7)))
    if kind == "MUL":
        scale = float(np.float32(s_in * 0.0003 * 8000))
    elif kind in ("AVERAGE_POOL_2D", "MAX_POOL_2D"):
        scale = s_in
    y = m.tensor("y", out_shape, np.int16, scale=float(np.float32(scale * out_scale)), zero_point=0)
    m.op(kind, inputs, [y], activation=activation, **options)
    return m.finish([t for t in inputs if t >= 0 and m.tensors[t].data is None], [y])


def squared_difference16(a_shape, b_shape) -> bytes:
    """int16 SQUARED_DIFFERENCE (16x8: zero points 0) of two scales, with broadcasting, into a scale
    that saturates the largest squares."""
    m = ModelBuilder()
    a = m.tensor("a", a_shape, np.int16, scale=0.0005, zero_point=0)
    b = m.tensor("b", b_shape, np.int16, scale=0.0003, zero_point=0)
    y = m.tensor("y", tuple(np.broadcast_shapes(a_shape, b_shape)), np.int16, scale=0.006, zero_point=0)
    m.op("SQUARED_DIFFERENCE", [a, b], [y])
    return m.finish([a, b], [y])


def convert(src, dst, shape) -> bytes:
    """QUANTIZE / DEQUANTIZE between float32, int8 and int16, and QUANTIZE to int32."""
    m = ModelBuilder()
    dtypes = {"f32": np.float32, "s8": np.int8, "s16": np.int16, "s32": np.int32}
    quants = {"f32": (None, 0), "s8": (0.02, -7), "s16": (0.0004, 0), "s32": (0.0001, 11)}
    x = m.tensor("x", shape, dtypes[src], scale=quants[src][0], zero_point=quants[src][1])
    y = m.tensor("y", shape, dtypes[dst], scale=quants[dst][0], zero_point=quants[dst][1])
    m.op("DEQUANTIZE" if dst == "f32" else "QUANTIZE", [x], [y])
    return m.finish([x], [y])


def padv2(in_shape, amounts, value, dtype=np.int8) -> bytes:
    m = ModelBuilder()
    out_shape = tuple(d + a + b for d, (a, b) in zip(in_shape, amounts))
    quant = {} if dtype is np.float32 else {"scale": 0.04, "zero_point": -17 if dtype is np.int8 else 0}
    x = m.tensor("x", in_shape, dtype, **quant)
    p = m.tensor("paddings", (len(in_shape), 2), np.int32, data=np.array(amounts, dtype=np.int32))
    v = m.tensor("value", (1,), dtype, data=np.array([value]), **quant)
    y = m.tensor("y", out_shape, dtype, **quant)
    m.op("PADV2", [x, p, v], [y])
    return m.finish([x], [y])


CASES: dict[str, Case] = {
    "act_relu": Case(lambda r: activation("RELU", (2, 5, 7, 3), 0.05, -3, 0.03, -128), inplace=True, vector=FAST),
    "act_relu6_unrescaled": Case(
        lambda r: activation("RELU6", (1, 9, 13), 0.05, -7, 0.08, 3), inplace=True, vector=FAST
    ),
    "act_leaky_relu": Case(
        lambda r: activation("LEAKY_RELU", (3, 41), 0.04, 5, 0.03, -10, alpha=0.1), inplace=True, vector=FAST
    ),
    "act_logistic": Case(
        lambda r: activation("LOGISTIC", (1, 6, 6, 5), 0.06, 4, 1 / 256, -128), inplace=True, vector=FAST
    ),
    "act_tanh": Case(lambda r: activation("TANH", (2, 77), 0.03, -2, 1 / 128, 0), inplace=True, vector=FAST),
    "act_hard_swish": Case(
        lambda r: activation("HARD_SWISH", (1, 5, 5, 9), 0.05, -8, 0.04, -100), inplace=True, vector=FAST
    ),
    "act_elu": Case(lambda r: activation("ELU", (4, 33), 0.05, 10, 0.04, 20), inplace=True, vector=FAST),
    "act_abs_rescaled": Case(lambda r: activation("ABS", (3, 29), 0.05, -7, 0.03, -128), inplace=True, vector=FAST),
    "act_abs_same_scale": Case(lambda r: activation("ABS", (2, 40), 0.04, 9, 0.04, -20), inplace=True, vector=FAST),
    "sub_same_shape_relu": Case(
        lambda r: binary(r, "SUB", (1, 5, 3, 7), (1, 5, 3, 7), activation="RELU"), inplace=True, vector=FAST
    ),
    "sub_broadcast_scalar_const": Case(lambda r: binary(r, "SUB", (2, 9, 5), (1,), const=1), vector=FAST),
    "mul_channel_vector": Case(lambda r: binary(r, "MUL", (1, 6, 5, 11), (1, 1, 1, 11)), inplace=True, vector=FAST),
    "mul_const_scalar_first": Case(lambda r: binary(r, "MUL", (1,), (3, 17), const=0, activation="RELU6"), vector=FAST),
    # sa * sb / so = 2.2: the requantisation shifts left (the multiplier above 1)
    "mul_gain_above_one": Case(lambda r: binary(r, "MUL", (3, 10), (10,), out_scale=0.002), vector=FAST),
    "mul_outer_broadcast": Case(lambda r: binary(r, "MUL", (4, 1, 6), (1, 5, 1)), vector=FAST),
    "add_broadcast_rows": Case(lambda r: binary(r, "ADD", (2, 3, 1, 8), (3, 4, 8)), vector=FAST),
    "add_const_bias_5d": Case(lambda r: binary(r, "ADD", (2, 1, 3, 2, 5), (2, 4, 1, 1, 5), const=1), vector=FAST),
    "maximum_broadcast": Case(lambda r: binary(r, "MAXIMUM", (3, 1, 9), (1, 4, 9))),
    "minimum_const": Case(lambda r: binary(r, "MINIMUM", (5, 13), (13,), const=1)),
    "transpose_nchw_to_nhwc": Case(
        lambda r: movement("TRANSPOSE", (1, 3, 7, 5), [(1, 7, 5, 3)], [[0, 2, 3, 1]]), vector=FAST
    ),
    "transpose_5d": Case(
        lambda r: movement("TRANSPOSE", (2, 3, 1, 4, 5), [(5, 1, 2, 4, 3)], [[4, 2, 0, 3, 1]]), vector=VECTOR
    ),
    "slice_middle": Case(lambda r: movement("SLICE", (2, 9, 7, 5), [(1, 4, 7, 2)], [[1, 3, 0, 2], [1, 4, -1, 2]])),
    "strided_slice_negative_stride_masks": Case(
        lambda r: movement(
            "STRIDED_SLICE", (3, 10, 6), [(3, 4, 2)], [[0, -1, 1], [0, 1, 5], [1, -2, 2]], begin_mask=1, end_mask=1
        )
    ),
    "strided_slice_shrink": Case(
        lambda r: movement("STRIDED_SLICE", (4, 6, 5), [(3, 5)], [[1, 2, 0], [4, 3, 5], [1, 1, 1]], shrink_axis_mask=2)
    ),
    "split_channels_3": Case(lambda r: movement("SPLIT", (1, 4, 5, 9), [(1, 4, 5, 3)] * 3, [[3]], num_splits=3)),
    "split_v_rows": Case(
        lambda r: movement("SPLIT_V", (7, 6), [(2, 6), (4, 6), (1, 6)], [[2, -1, 1], [0]], num_splits=3)
    ),
    "unpack_middle_axis": Case(lambda r: movement("UNPACK", (3, 4, 5), [(3, 5)] * 4, axis=1, num=4)),
    "broadcast_to": Case(lambda r: movement("BROADCAST_TO", (1, 3, 1), [(2, 3, 4)], [[2, 3, 4]])),
    # TILE: LiteRT's (TFLite Micro has none), checked against LiteRT's reference kernels
    **{
        f"tile_{np.dtype(d).name}": Case(
            lambda r, d=d: movement("TILE", (1, 3, 5, 4), [(2, 3, 10, 8)], [[2, 1, 2, 2]], d)
        )
        for d in (np.int8, np.int16, np.int32, np.float32, np.bool_)
    },
    "depth_to_space_2": Case(lambda r: movement("DEPTH_TO_SPACE", (1, 3, 4, 12), [(1, 6, 8, 3)], block_size=2)),
    "space_to_depth_2": Case(lambda r: movement("SPACE_TO_DEPTH", (1, 6, 4, 3), [(1, 3, 2, 12)], block_size=2)),
    "gather_rows_by_index": Case(lambda r: movement("GATHER", (6, 5), [(4, 5)], [[5, 0, 0, 3]], axis=0)),
    "gather_channels": Case(lambda r: movement("GATHER", (2, 3, 7), [(2, 3, 3)], [[6, 1, 2]], axis=2)),
    "resize_nearest_x2": Case(lambda r: movement("RESIZE_NEAREST_NEIGHBOR", (1, 5, 4, 6), [(1, 10, 8, 6)], [[10, 8]])),
    "resize_nearest_align_corners": Case(
        lambda r: movement("RESIZE_NEAREST_NEIGHBOR", (1, 4, 5, 3), [(1, 7, 9, 3)], [[7, 9]], align_corners=True)
    ),
    "resize_nearest_half_pixel": Case(
        lambda r: movement("RESIZE_NEAREST_NEIGHBOR", (1, 5, 3, 2), [(1, 8, 7, 2)], [[8, 7]], half_pixel_centers=True)
    ),
    "mean_global_pool_keepdims": Case(lambda r: reduce("MEAN", (1, 7, 6, 10), [1, 2], True), vector=FAST),
    "mean_same_quant_no_keepdims": Case(
        lambda r: reduce("MEAN", (2, 5, 5, 4), [1, 2], False, same_quant=True), vector=FAST
    ),
    "mean_last_axis": Case(lambda r: reduce("MEAN", (3, 4, 17), [-1], False), vector=FAST),
    "s16_mean_global_pool": Case(
        lambda r: reduce("MEAN", (1, 7, 6, 10), [1, 2], True, dtype=np.int16), vector=S16_FAST
    ),
    "s16_sum_last_axis": Case(lambda r: reduce("SUM", (3, 4, 17), [-1], False, dtype=np.int16), vector=S16_FAST),
    "mean_interleaved_axes": Case(lambda r: reduce("MEAN", (2, 3, 4, 5), [0, 2], True), vector=FAST),
    "sum_channels": Case(lambda r: reduce("SUM", (1, 4, 6, 3), [3], True)),
    # more kept channels than the fast scalar kernel's chunk of 64 sums
    "mean_wide_channels": Case(lambda r: reduce("MEAN", (1, 3, 4, 70), [1, 2], True), vector=FAST),
    "reduce_max_hw": Case(lambda r: reduce("REDUCE_MAX", (1, 5, 6, 7), [1, 2], False)),
    "reduce_min_rows": Case(lambda r: reduce("REDUCE_MIN", (6, 9), [0], True)),
    "views_expand_squeeze": Case(lambda r: views(r), vector=VECTOR),
    "pack_axis1_3_inputs": Case(lambda r: concat_like("PACK", [(4, 5)] * 3, (4, 3, 5), axis=1, values_count=3)),
    "pack_last_axis": Case(lambda r: concat_like("PACK", [(2, 3)] * 2, (2, 3, 2), axis=-1, values_count=2)),
    "squared_difference_broadcast": Case(lambda r: binary(r, "SQUARED_DIFFERENCE", (2, 4, 6), (4, 1)), vector=FAST),
    "squared_difference_same_shape_long": Case(
        lambda r: binary(r, "SQUARED_DIFFERENCE", (3, 70), (3, 70)), vector=FAST
    ),
    "simplify_identities_and_constants": Case(lambda r: simplifiable(r), vector=VECTOR),
    "prelu_channel_alpha": Case(lambda r: binary(r, "PRELU", (1, 5, 4, 6), (1, 1, 6), const=1)),
    "arg_max_channels": Case(lambda r: arg_minmax("ARG_MAX", (1, 4, 5, 10), -1)),
    "f32_arg_min_middle": Case(lambda r: arg_minmax("ARG_MIN", (3, 9, 4), 1, dtype=np.float32)),
    "arg_min_rows": Case(lambda r: arg_minmax("ARG_MIN", (7, 3, 2), 0)),
    # int32 and bool inputs: LiteRT's (TFLite Micro takes int8 and float32); ties take the first
    "arg_max_s32_litert": Case(lambda r: arg_minmax("ARG_MAX", (3, 6, 5), 1, dtype=np.int32)),
    "arg_min_s32_litert": Case(lambda r: arg_minmax("ARG_MIN", (4, 9), -1, dtype=np.int32)),
    "arg_max_bool_litert": Case(lambda r: arg_minmax("ARG_MAX", (5, 8), -1, dtype=np.bool_)),
    "arg_min_bool_litert": Case(lambda r: arg_minmax("ARG_MIN", (6, 4, 3), 1, dtype=np.bool_)),
    "transpose_conv_2x_same": Case(lambda r: transpose_conv(r, 4, 5, 6, 5, (3, 3), (2, 2)), vector=S16_FAST),
    # more output channels than one vector strip: the RVV kernel's channel loop
    "transpose_conv_wide_channels": Case(lambda r: transpose_conv(r, 3, 3, 5, 70, (3, 3), (2, 2)), vector=S16_FAST),
    # stride 1: every tap of a 5x5 filter reaches the inner pixels (25 per pixel)
    "transpose_conv_stride1_5x5": Case(lambda r: transpose_conv(r, 4, 4, 3, 5, (5, 5), (1, 1)), vector=S16_FAST),
    # 81 taps reach an output pixel: more than the scalar kernel lists (the reference runs there)
    "transpose_conv_stride1_9x9": Case(lambda r: transpose_conv(r, 3, 3, 2, 3, (9, 9), (1, 1)), vector=S16_FAST),
    "transpose_conv_valid_4x3_nobias": Case(
        lambda r: transpose_conv(r, 3, 4, 3, 7, (4, 3), (2, 1), "VALID", bias=False), vector=S16_FAST
    ),
    "batch_matmul_broadcast_batches": Case(
        lambda r: batch_matmul(r, (2, 1, 3, 5), (1, 4, 5, 6), (2, 4, 3, 6)), vector=S16_FAST
    ),
    "batch_matmul_adj_x_adj_y": Case(
        lambda r: batch_matmul(r, (3, 7, 4), (3, 5, 7), (3, 4, 5), adj_x=True, adj_y=True), vector=S16_FAST
    ),
    "batch_matmul_const_rhs": Case(lambda r: batch_matmul(r, (6, 9), (9, 11), (6, 11), const_b=True), vector=S16_FAST),
    # more columns than one vector strip at VLEN 128, and not a multiple of the scalar kernel's four
    "batch_matmul_wide_cols": Case(lambda r: batch_matmul(r, (2, 5, 40), (2, 40, 37), (2, 5, 37)), vector=S16_FAST),
    "s16_batch_matmul_broadcast_adj_y": Case(
        lambda r: batch_matmul(r, (2, 3, 4, 7), (1, 5, 7), (2, 3, 4, 5), int16=True, adj_y=True), vector=S16_FAST
    ),
    "s16_batch_matmul_const_rhs": Case(
        lambda r: batch_matmul(r, (6, 9), (9, 11), (6, 11), const_b=True, int16=True), vector=S16_FAST
    ),
    # more columns than one int64 strip at VLEN 128 (16 lanes at LMUL 8), a transposed left side
    "s16_batch_matmul_wide_cols_adj_x": Case(
        lambda r: batch_matmul(r, (2, 40, 5), (2, 40, 37), (2, 5, 37), int16=True, adj_x=True), vector=S16_FAST
    ),
    "f32_transpose_conv_stride2": Case(lambda r: transpose_conv_float(r, 4, 5, 3, 6, (3, 3), (2, 2)), vector=S16_FAST),
    "f32_transpose_conv_valid_relu": Case(
        lambda r: transpose_conv_float(r, 3, 3, 4, 5, (4, 2), (2, 1), "VALID", "RELU"), vector=S16_FAST
    ),
    "f32_batch_matmul_adj": Case(
        lambda r: batch_matmul(r, (2, 7, 4), (1, 5, 7), (2, 4, 5), floating=True, adj_x=True, adj_y=True),
        vector=S16_FAST,
    ),
    "f32_batch_matmul_const_rhs": Case(
        lambda r: batch_matmul(r, (6, 9), (9, 11), (6, 11), const_b=True, floating=True), vector=S16_FAST
    ),
    "f32_batch_matmul_wide_adj_y": Case(
        lambda r: batch_matmul(r, (3, 33), (35, 33), (3, 35), floating=True, adj_y=True), vector=S16_FAST
    ),
    "resize_bilinear_x2": Case(
        lambda r: movement("RESIZE_BILINEAR", (1, 5, 4, 6), [(1, 10, 8, 6)], [[10, 8]]), vector=FAST
    ),
    "resize_bilinear_align_corners": Case(
        lambda r: movement("RESIZE_BILINEAR", (2, 4, 5, 3), [(2, 7, 9, 3)], [[7, 9]], align_corners=True), vector=FAST
    ),
    "resize_bilinear_half_pixel_down": Case(
        lambda r: movement("RESIZE_BILINEAR", (1, 9, 7, 2), [(1, 4, 5, 2)], [[4, 5]], half_pixel_centers=True),
        vector=FAST,
    ),
    # output rows of 200 elements: several vector strips, the last one partial
    "resize_bilinear_wide_rows": Case(
        lambda r: movement("RESIZE_BILINEAR", (1, 3, 20, 5), [(1, 6, 40, 5)], [[6, 40]], half_pixel_centers=True),
        vector=FAST,
    ),
    "f32_resize_bilinear_half_pixel": Case(
        lambda r: movement(
            "RESIZE_BILINEAR", (1, 5, 7, 3), [(1, 9, 4, 3)], [[9, 4]], np.float32, half_pixel_centers=True
        ),
        vector=FAST,
    ),
    "f32_resize_bilinear_align_corners": Case(
        lambda r: movement("RESIZE_BILINEAR", (2, 4, 5, 3), [(2, 7, 9, 3)], [[7, 9]], np.float32, align_corners=True),
        vector=FAST,
    ),
    "f32_resize_bilinear_wide_rows": Case(
        lambda r: movement("RESIZE_BILINEAR", (1, 4, 13, 7), [(1, 5, 29, 7)], [[5, 29]], np.float32), vector=FAST
    ),
    "l2_normalization_rows": Case(lambda r: activation("L2_NORMALIZATION", (3, 5, 17), 0.05, 6, 1 / 128, 0)),
    "l2_normalization_wide_zero_point": Case(lambda r: activation("L2_NORMALIZATION", (4, 64), 0.002, -90, 1 / 128, 0)),
    "div_same_shape": Case(lambda r: divide(r, (3, 5, 7), (3, 5, 7))),
    "div_by_const_channels": Case(lambda r: divide(r, (2, 4, 6), (6,), const_b=True)),
    "zero_copy_join_and_split": Case(lambda r: zero_copy_join_and_split(), vector=VECTOR),
    "log_softmax_rows": Case(lambda r: activation("LOG_SOFTMAX", (3, 10), 0.1, 5, 16 / 256, 127)),
    "log_softmax_fine_scale_wide": Case(lambda r: activation("LOG_SOFTMAX", (2, 70), 0.02, -30, 16 / 256, 127)),
    "svdf_int16_state_rank2": Case(lambda r: svdf(r, 1, 40, 16, 2, 10), vector=RVV),
    # TFLite Micro's integer SVDF ignores a fused RELU (the keyword model carries one): so does rvfw
    "svdf_fused_relu_ignored": Case(lambda r: svdf(r, 1, 24, 8, 1, 6, activation="RELU")),
    "lstm_batch_major": Case(lambda r: lstm(r, 2, 5, 12, 20)),
    "s16_lstm_batch_major": Case(lambda r: lstm(r, 2, 4, 9, 11, wide=True)),
    "s16_lstm_time_major_clip": Case(lambda r: lstm(r, 3, 3, 6, 8, time_major=True, cell_clip=2.0, wide=True)),
    "resource_variable_accumulator": Case(lambda r: resource_accumulator(r)),
    "resource_variable_read_after_assign": Case(lambda r: resource_accumulator(r, read_after=True)),
    "s16_logistic_q3_12": Case(lambda r: sigmoid16("LOGISTIC", 2.0**-12), vector=S16_FAST),
    "s16_softmax": Case(lambda r: softmax16((6, 37), 0.0004), vector=S16_FAST),
    "s16_softmax_wide_beta": Case(lambda r: softmax16((2, 3, 300), 0.00011, beta=0.7), vector=S16_FAST),
    # a scale under 10/65535: the difference's requantisation shifts right
    "s16_softmax_fine_scale": Case(lambda r: softmax16((5, 19), 0.00002), vector=S16_FAST),
    # a coarse scale: the difference's left shift wraps in 32 bits, as TFLite Micro's does
    "s16_softmax_coarse_scale": Case(lambda r: softmax16((3, 20), 9.0), vector=S16_FAST),
    "s16_logistic_scaled": Case(lambda r: sigmoid16("LOGISTIC", 0.00037), vector=S16_FAST),
    "s16_tanh_q4_11": Case(lambda r: sigmoid16("TANH", 2.0**-11), vector=S16_FAST),
    "s16_tanh_scaled": Case(lambda r: sigmoid16("TANH", 0.0002), vector=S16_FAST),
    "lstm_time_major_clip": Case(lambda r: lstm(r, 3, 4, 7, 9, time_major=True, cell_clip=1.5, cell_power=-12)),
    "svdf_int8_state_2_batches": Case(lambda r: svdf(r, 2, 13, 5, 1, 7, np.int8), vector=RVV),
    "f32_conv3x3_same_stride2_relu": Case(
        lambda r: float_op(
            r,
            "CONV_2D",
            (1, 9, 8, 3),
            (1, 5, 4, 6),
            wshape=(6, 3, 3, 3),
            padding="SAME",
            stride=(2, 2),
            activation="RELU",
        ),
        vector=F32_CONV,
    ),
    # dilated windows the border cuts (the RVV kernels walk the inside taps as ranges)
    "f32_conv_dilated_same_stride2": Case(
        lambda r: float_op(
            r,
            "CONV_2D",
            (1, 9, 8, 5),
            (1, 5, 4, 6),
            wshape=(6, 3, 3, 5),
            padding="SAME",
            stride=(2, 2),
            dilation=(2, 2),
        ),
        vector=F32_CONV,
    ),  # fmt: skip
    "f32_depthwise_dilated_same": Case(
        lambda r: float_op(
            r, "DEPTHWISE_CONV_2D", (1, 9, 9, 18), (1, 9, 9, 18), wshape=(1, 3, 3, 18), padding="SAME", dilation=(2, 2)
        ),
        vector=F32_CONV,
    ),  # fmt: skip
    "f32_conv1x1_dilated_valid": Case(
        lambda r: float_op(
            r, "CONV_2D", (2, 7, 7, 5), (2, 3, 3, 4), wshape=(4, 3, 3, 5), padding="VALID", dilation=(2, 2)
        ),
        vector=F32_CONV,
    ),
    "f32_depthwise_mult2_relu6": Case(
        lambda r: float_op(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 6, 7, 3),
            (1, 6, 7, 6),
            wshape=(1, 3, 3, 6),
            padding="SAME",
            depth_multiplier=2,
            activation="RELU6",
        ),
        vector=F32_CONV,
    ),
    "f32_logistic": Case(lambda r: float_unary("LOGISTIC", 20.0), vector=FAST),
    "f32_hard_swish": Case(lambda r: float_unary("HARD_SWISH", 8.0), vector=FAST),
    "f32_log_softmax": Case(lambda r: float_unary("LOG_SOFTMAX", 12.0)),
    "f32_svdf_rank2_relu": Case(lambda r: svdf_float(r, 2, 13, 6, 2, 5, "RELU")),
    "f32_l2_normalization": Case(lambda r: float_unary("L2_NORMALIZATION", 5.0)),
    "f32_elu": Case(lambda r: float_unary("ELU", 30.0)),
    "f32_abs": Case(lambda r: float_chain(["ABS"], 10.0)),
    "f32_zeros_like_and_fill": Case(lambda r: zeros_and_fill()),
    "f32_add_n": Case(lambda r: add_n(4), vector=("scalar", "rvv")),
    "f32_select_v2": Case(lambda r: select_v2()),
    "f32_cumsum": Case(lambda r: cumsum((3, 7, 4), 1)),
    # int32 SUM (wrapping), REDUCE_MAX and REDUCE_MIN, and bool REDUCE_ANY / MAX / MIN: LiteRT's
    # (TFLite Micro reduces none of them)
    "s32_sum_litert": Case(
        lambda r: movement_const("SUM", (3, 4, 5), [0, 2], np.int32, out_shape=(1, 4, 1), keep_dims=True)
    ),
    "s32_reduce_max_litert": Case(lambda r: movement_const("REDUCE_MAX", (3, 4, 5), [1], np.int32, out_shape=(3, 5))),
    "s32_reduce_min_litert": Case(lambda r: movement_const("REDUCE_MIN", (3, 4, 5), [-1], np.int32, out_shape=(3, 4))),
    "s32_mean_litert": Case(lambda r: movement_const("MEAN", (4, 3, 5), [0, 2], np.int32, out_shape=(3,))),
    "s16_reduce_max_litert": Case(lambda r: movement_const("REDUCE_MAX", (3, 4, 5), [1], np.int16, out_shape=(3, 5))),
    "s16_reduce_min_litert": Case(
        lambda r: movement_const("REDUCE_MIN", (3, 4, 5), [0, 2], np.int16, out_shape=(1, 4, 1), keep_dims=True)
    ),
    "reduce_any_bool_litert": Case(lambda r: reduce_bool("REDUCE_ANY")),
    "reduce_max_bool_litert": Case(lambda r: reduce_bool("REDUCE_MAX")),
    "reduce_min_bool_litert": Case(lambda r: reduce_bool("REDUCE_MIN")),
    # REDUCE_PROD (TFLite Micro has none): LiteRT's product, in row-major order
    "f32_reduce_prod_litert": Case(
        lambda r: movement_const("REDUCE_PROD", (3, 4, 5), [1], np.float32, out_shape=(3, 5), keep_dims=False)
    ),
    "s16_fill_computed_litert": Case(lambda r: fill_computed(np.int16)),
    "bool_fill_computed_litert": Case(lambda r: fill_computed(np.bool_)),
    "s32_cumsum_litert": Case(lambda r: cumsum((3, 7, 4), 1, np.int32)),
    "s32_cumsum_exclusive_reverse_litert": Case(lambda r: cumsum((5, 6), -1, np.int32, exclusive=True, reverse=True)),
    "f32_cumsum_exclusive_reverse": Case(lambda r: cumsum((5, 6), -1, exclusive=True, reverse=True)),
    "select_v2_s8": Case(lambda r: select_v2(np.int8, (4, 7))),
    # TFLite Micro stops on int32 at its first invocation; LiteRT's reference runs it (the golden)
    "s32_select_v2_litert": Case(lambda r: select_v2(np.int32, (4, 7))),
    "s16_select_v2_broadcast": Case(lambda r: select_v2_broadcast(np.int16)),
    "f32_select_v2_broadcast": Case(lambda r: select_v2_broadcast(np.float32)),
    "batch_to_space_cropped": Case(
        lambda r: batch_space("BATCH_TO_SPACE_ND", (8, 2, 3, 2), [2, 2], [[1, 0], [0, 2]], (2, 3, 4, 2))
    ),
    "space_to_batch_f32": Case(
        lambda r: batch_space("SPACE_TO_BATCH_ND", (2, 4, 6, 3), [2, 3], [[0, 0], [0, 0]], (12, 2, 2, 3), np.float32)
    ),
    "space_to_batch_1d": Case(lambda r: batch_space("SPACE_TO_BATCH_ND", (3, 4, 5), [2], [[0, 0]], (6, 2, 5))),
    # int16 (16x8 dilated convolutions): TFLite Micro stops on them, LiteRT's reference is the golden
    "s16_space_to_batch_litert": Case(
        lambda r: batch_space("SPACE_TO_BATCH_ND", (2, 4, 6, 3), [2, 3], [[0, 0], [0, 0]], (12, 2, 2, 3), np.int16)
    ),
    "s16_batch_to_space_litert": Case(
        lambda r: batch_space("BATCH_TO_SPACE_ND", (8, 2, 3, 2), [2, 2], [[1, 0], [0, 2]], (2, 3, 4, 2), np.int16)
    ),
    # int16 RESIZE_BILINEAR (TFLite Micro has none): LiteRT's, half-away-from-zero ties included
    "s16_resize_bilinear_litert": Case(
        lambda r: movement(
            "RESIZE_BILINEAR", (1, 5, 4, 6), [(1, 10, 8, 6)], [[10, 8]], np.int16, half_pixel_centers=True
        )
    ),
    # Byte movers in the dtypes LiteRT runs and TFLite Micro stops on (ops.litert_set): the golden is
    # LiteRT's reference kernels
    **{
        f"{name}_{np.dtype(d).name}_litert": Case(lambda r, build=build, d=d: build(d))
        for name, build, dtypes in (
            (
                "batch_to_space",
                lambda d: batch_space("BATCH_TO_SPACE_ND", (8, 2, 3, 2), [2, 2], [[1, 0], [0, 2]], (2, 3, 4, 2), d),
                (np.int32, np.bool_),
            ),
            (
                "space_to_batch",
                lambda d: batch_space("SPACE_TO_BATCH_ND", (2, 4, 6, 3), [2, 3], [[0, 0], [0, 0]], (12, 2, 2, 3), d),
                (np.int32, np.bool_),
            ),
            (
                "expand_dims",
                lambda d: movement("EXPAND_DIMS", (2, 3, 4), [(2, 1, 3, 4)], [[1]], d),
                (np.int32, np.bool_),
            ),
            ("gather", lambda d: movement("GATHER", (6, 5), [(4, 5)], [[5, 0, 0, 3]], d, axis=0), (np.int16, np.bool_)),
            (
                "gather_nd",
                lambda d: movement_const("GATHER_ND", (4, 3, 5), [[2, 1], [0, 2], [3, 0]], d, out_shape=(3, 5)),
                (np.int16, np.int32, np.bool_),
            ),
            (
                "mirror_pad",
                lambda d: movement_const("MIRROR_PAD", (3, 4), [[3, 1], [0, 4]], d, out_shape=(7, 8), mode=1),
                (np.int16, np.int32, np.bool_),
            ),
            (
                "resize_nearest",
                lambda d: movement("RESIZE_NEAREST_NEIGHBOR", (1, 5, 4, 6), [(1, 10, 8, 6)], [[10, 8]], d),
                (np.int32, np.bool_),
            ),
            (
                "space_to_depth",
                lambda d: movement("SPACE_TO_DEPTH", (1, 6, 4, 3), [(1, 3, 2, 12)], (), d, block_size=2),
                (np.int32,),
            ),
            (
                "transpose",
                lambda d: movement("TRANSPOSE", (2, 3, 4), [(4, 2, 3)], [[2, 0, 1]], d),
                (np.int32, np.bool_),
            ),
            ("unpack", lambda d: movement("UNPACK", (3, 4, 5), [(3, 5)] * 4, (), d, axis=1, num=4), (np.bool_,)),
        )
        for d in dtypes
    },  # fmt: skip
    "select_v2_bool_litert": Case(lambda r: select_v2(np.bool_, (4, 7))),
    "pad_bool_litert": Case(
        lambda r: movement_const("PAD", (2, 3, 4), [[0, 0], [1, 2], [2, 1]], np.bool_, out_shape=(2, 6, 7))
    ),
    "reverse_v2_last_axis": Case(lambda r: movement_const("REVERSE_V2", (2, 3, 5), [-1])),
    "reverse_v2_outer_axis": Case(lambda r: movement_const("REVERSE_V2", (3, 2, 4), [0])),
    "reverse_v2_f32": Case(lambda r: movement_const("REVERSE_V2", (4, 7), [1], np.float32)),
    "mirror_pad_reflect": Case(
        lambda r: movement_const(
            "MIRROR_PAD", (1, 4, 5, 3), [[0, 0], [2, 3], [1, 4], [0, 0]], out_shape=(1, 9, 10, 3), mode=0
        )
    ),
    "mirror_pad_symmetric_f32": Case(
        lambda r: movement_const("MIRROR_PAD", (3, 4), [[3, 1], [0, 4]], np.float32, out_shape=(7, 8), mode=1)
    ),
    "gather_nd_rows": Case(
        lambda r: movement_const("GATHER_ND", (4, 3, 5), [[2, 1], [0, 2], [3, 0]], out_shape=(3, 5))
    ),
    "gather_nd_f32_elements": Case(
        lambda r: movement_const("GATHER_ND", (3, 4), [[[0, 1]], [[2, 3]]], np.float32, out_shape=(2, 1))
    ),
    "f32_dequantized_constant": Case(dequantized_constant),
    "bool_logic": Case(lambda r: bool_logic()),
    **{
        f"every_dtype_moves_{np.dtype(d).name}": Case(lambda r, d=d: every_dtype_moves(d))
        for d in (np.int8, np.int16, np.int32, np.float32, np.bool_)
    },
    **{
        f"every_dtype_compare_{np.dtype(d).name}": Case(lambda r, d=d: every_dtype_compare(d))
        for d in (np.int8, np.int32, np.float32)
    },
    "every_dtype_float_extras": Case(lambda r: every_dtype_float_extras()),
    "reduce_all_bool": Case(lambda r: reduce_all()),
    "signal_framer_prefill": Case(
        lambda r: signal_stream(
            "SignalFramer", (2, 48), (2, 3, 40), {"frame_size": 40, "frame_step": 16, "prefill": True}
        ),
        steps=3,
    ),
    "signal_stacker_contexts": Case(
        lambda r: signal_stream(
            "SignalStacker",
            (5,),
            (20,),
            {"num_channels": 5, "stacker_left_context": 3, "stacker_right_context": 0, "stacker_step": 1},
        ),
        steps=4,
    ),
    "signal_rfft_s32_padded": Case(lambda r: signal_fft("SignalRfft", np.int32, 64, 3, 50)),
    "signal_rfft_f32_radix2": Case(lambda r: signal_fft("SignalRfft", np.float32, 32, 2, 32)),
    "signal_irfft_s16": Case(lambda r: signal_fft("SignalIrfft", np.int16, 64)),
    "signal_irfft_s32": Case(lambda r: signal_fft("SignalIrfft", np.int32, 32, 3)),
    "signal_irfft_f32": Case(lambda r: signal_fft("SignalIrfft", np.float32, 128)),
    "circular_buffer_every_invocation": Case(lambda r: circular_buffer(), steps=3),
    "signal_delay_rows": Case(lambda r: signal_stream("SignalDelay", (3, 10), (3, 10), {"delay_length": 13}), steps=3),
    "signal_overlap_add_s16": Case(
        lambda r: signal_stream("SignalOverlapAdd", (2, 3, 12), (2, 15), {"T": 7, "frame_step": 5}), steps=3
    ),
    "signal_overlap_add_f32": Case(
        lambda r: signal_stream("SignalOverlapAdd", (3, 8), (12,), {"T": 0, "frame_step": 4}, np.float32), steps=3
    ),
    "int4_conv3x3_per_channel": Case(lambda r: int4_weighted(r, "CONV_2D"), vector=FAST),
    "int4_depthwise3x3": Case(lambda r: int4_weighted(r, "DEPTHWISE_CONV_2D"), vector=FAST),
    "int4_fully_connected": Case(lambda r: int4_weighted(r, "FULLY_CONNECTED"), vector=FAST),
    "conv_grouped_3_groups": Case(lambda r: grouped_conv(r, np.int8, 3)),
    "conv_grouped_4_groups_stride2_1x1": Case(lambda r: grouped_conv(r, np.int8, 4, k=1, cout=8, stride=(2, 2))),
    "s16_conv_grouped_2_groups": Case(lambda r: grouped_conv(r, np.int16, 2, cout=6)),
    "f32_conv_grouped_6_groups": Case(lambda r: grouped_conv(r, np.float32, 6, cout=12, activation="RELU6")),
    "rsqrt_s8_of_abs": Case(lambda r: rsqrt_s8()),
    # LiteRT's int8 EXP, LOG (a log at or below zero gives -128) and NEG (the raw bytes negated):
    # TFLite Micro runs them on float32 only, so LiteRT's reference is the golden (issue 56)
    "exp_s8_litert": Case(lambda r: unary_s8("EXP", 2, 0.03, -20, 0.2, -128)),
    "log_s8_litert": Case(lambda r: unary_s8("LOG", 2, 0.05, -60, 0.04, 30)),
    "neg_s8_litert": Case(lambda r: unary_s8("NEG", 1, 0.05, 3, 0.05, 3)),
    # LiteRT's RELU_N1_TO_1 and RELU_0_TO_1 (TFLite Micro has neither): int8 rescaled, float32 from
    # a gain of 3 so both bounds clamp
    # LiteRT's ABS int32, NEG int16 and int32, SIGN int32 and float32 (wrapping: the most negative
    # value gives itself back; TFLite Micro runs none of them)
    "abs_s32_litert": Case(lambda r: unary_raw("ABS", np.int32)),
    "neg_s16_litert": Case(lambda r: unary_raw("NEG", np.int16)),
    "neg_s32_litert": Case(lambda r: unary_raw("NEG", np.int32)),
    "sign_s32_litert": Case(lambda r: unary_raw("SIGN", np.int32, 2)),
    "f32_sign_litert": Case(lambda r: unary_raw("SIGN", np.float32)),
    "relu_n1_to_1_s8_litert": Case(lambda r: unary_s8("RELU_N1_TO_1", 1, 0.02, -10, 0.01, 5)),
    "relu_0_to_1_s8_litert": Case(lambda r: unary_s8("RELU_0_TO_1", 1, 0.015, 20, 0.005, -120)),
    "f32_relu_n1_to_1_litert": Case(lambda r: float_unary("RELU_N1_TO_1", 3.0)),
    "f32_relu_0_to_1_litert": Case(lambda r: float_unary("RELU_0_TO_1", 3.0)),
    "s16_rsqrt_of_abs": Case(lambda r: rsqrt_s16(), vector=("rvv",)),
    "s16_rsqrt_of_small": Case(lambda r: rsqrt_s16(0.6), vector=("rvv",)),
    "s16_rsqrt_of_hundreds": Case(lambda r: rsqrt_s16(0.03), vector=("rvv",)),
    "dequantize_u8": Case(lambda r: dequantize_u8()),
    "s16_greater_tflm_known_wrong": Case(lambda r: greater16((3, 35), (1, 35))),
    "s16_less_litert": Case(lambda r: greater16((4, 9), (4, 1), "LESS")),
    "s16_less_equal_litert": Case(lambda r: greater16((2, 3, 8), (3, 8), "LESS_EQUAL")),
    "s16_greater_equal_litert": Case(lambda r: greater16((5, 6), (5, 6), "GREATER_EQUAL")),
    "s16_exp_table_litert": Case(lambda r: table16("EXP", 0.0002, 0.0005)),
    "s16_gelu_table_litert": Case(lambda r: table16("GELU", 0.0003, 0.0003)),
    # LiteRT's single rounding in the fast kernels: at shifts <= -2 (RVV: the high word rounded) and above
    "fully_connected_single_rounding_litert": Case(lambda r: fully_connected_litert(r, 3, 70, 45), vector=FAST),
    "fully_connected_single_rounding_fine_litert": Case(
        lambda r: fully_connected_litert(r, 2, 33, 19, out_scale=0.08 * 0.01 * 1.5), vector=FAST
    ),
    "s16_gelu_approximate_litert": Case(lambda r: table16("GELU", 0.0001, 0.0002, approximate=True)),
    "f32_scalar_input_and_reshape_to_scalar": Case(lambda r: scalar_forms()),
    "s8_topk_ties_litert": Case(lambda r: topk(np.int8, (3, 17), 5, narrow=True)),
    "s16_topk_int16_indices_litert": Case(lambda r: topk(np.int16, (4, 10), 3, index_dtype=np.int16)),
    "s32_topk_whole_row_litert": Case(lambda r: topk(np.int32, (2, 3, 12), 12)),
    "f32_topk_one_litert": Case(lambda r: topk(np.float32, (4, 9), 1)),
    "s8_floor_div_litert": Case(lambda r: floor_int("FLOOR_DIV", np.int8, (3, 20), (1, 20))),
    "s8_floor_mod_litert": Case(lambda r: floor_int("FLOOR_MOD", np.int8, (4, 12), (12,))),
    "s16_floor_div_litert": Case(lambda r: floor_int("FLOOR_DIV", np.int16, (2, 3, 12), (3, 1))),
    "s16_floor_mod_litert": Case(lambda r: floor_int("FLOOR_MOD", np.int16, (5, 12), (5, 12))),
    "s32_floor_div_litert": Case(lambda r: floor_int("FLOOR_DIV", np.int32, (6, 12), (12,))),
    "s32_floor_mod_litert": Case(lambda r: floor_int("FLOOR_MOD", np.int32, (2, 24), (2, 1))),
    "s64_floor_mod_litert": Case(lambda r: floor_int("FLOOR_MOD", np.int64, (3, 12), (12,))),
    **{
        f"{dtype}_{op.lower()}_form": Case(lambda r, op=op, dtype=dtype: litert_form(op, dtype))
        for dtype, ops in MOVED_FORMS.items()
        for op in ops
    },  # fmt: skip
    # LiteRT's raw int64 comparisons and NEG, TOPK_V2 of uint8 and int64
    **{
        f"int64_{op.lower()}_form": Case(lambda r, op=op: litert_form(op, "int64"))
        for op in (
            "EQUAL",
            "NOT_EQUAL",
            "LESS",
            "LESS_EQUAL",
            "GREATER",
            "GREATER_EQUAL",
            "NEG",
            "TOPK_V2",
            "SUM",
            "MEAN",
            "REDUCE_MAX",
            "REDUCE_MIN",
        )
    },
    "s64_add_relu_litert": Case(lambda r: binary_s32("ADD", (3, 17), (17,), activation="RELU", dtype=np.int64)),
    "s64_sub_relu6_litert": Case(lambda r: binary_s32("SUB", (2, 3, 9), (3, 1), activation="RELU6", dtype=np.int64)),
    "s64_mul_relu_n1_litert": Case(
        lambda r: binary_s32("MUL", (4, 10), (4, 10), activation="RELU_N1_TO_1", dtype=np.int64)
    ),
    "s64_maximum_broadcast_litert": Case(lambda r: binary_s32("MAXIMUM", (2, 3, 8), (1, 8), dtype=np.int64)),
    "s64_minimum_litert": Case(lambda r: binary_s32("MINIMUM", (5, 7), (5, 7), dtype=np.int64)),
    **{
        f"int64_{op.lower()}_form": Case(lambda r, op=op: litert_form(op, "int64"))
        for op in ("ADD", "SUB", "MUL", "MAXIMUM", "MINIMUM")
    },
    "uint8_reduce_max_form": Case(lambda r: litert_form("REDUCE_MAX", "uint8")),
    "uint8_reduce_min_form": Case(lambda r: litert_form("REDUCE_MIN", "uint8")),
    "uint8_topk_v2_form": Case(lambda r: litert_form("TOPK_V2", "uint8")),
    "s16_equal_litert": Case(lambda r: greater16((3, 40), (1, 40), "EQUAL", b_scale=0.0005)),
    # an input against itself requantised to another scale: about half the pairs rescale equal
    "s16_equal_requantized_litert": Case(lambda r: equal16_requantized("EQUAL", 0.0005)),
    "s16_not_equal_requantized_litert": Case(lambda r: equal16_requantized("NOT_EQUAL", 0.002)),
    "update_slice_s8_const_starts": Case(lambda r: update_slice(np.int8, (4, 5, 6), (2, 3, 6), [1, 4, -2])),
    "update_slice_f32_input_starts": Case(lambda r: update_slice(np.float32, (6, 7), (2, 3))),
    "update_slice_s16_whole": Case(lambda r: update_slice(np.int16, (3, 4), (3, 4), [1, 1])),
    "update_slice_s32_int64_starts": Case(
        lambda r: update_slice(np.int32, (2, 5, 3), (1, 2, 3), [1, 2, 0], index_dtype=np.int64)
    ),
    "embedding_lookup_f32": Case(lambda r: embedding(np.float32)),
    "embedding_lookup_s8": Case(lambda r: embedding(np.int8)),
    "embedding_lookup_s8_hybrid": Case(lambda r: embedding(np.int8, hybrid=True)),
    "broadcast_args_shape": Case(lambda r: broadcast_args()),
    "add_n_s8_three": Case(lambda r: add_n_s8(3)),
    "add_n_s8_five_wide": Case(lambda r: add_n_s8(5, (4, 3, 11), zero_point=60)),
    "cumsum_s8_middle": Case(lambda r: cumsum_s8((3, 7, 5), 1)),
    "cumsum_s8_exclusive_reverse": Case(lambda r: cumsum_s8((4, 9), -1, exclusive=True, reverse=True)),
    "f32_neg": Case(lambda r: float_chain(["NEG"], 10.0)),
    "f32_floor_ceil": Case(lambda r: float_chain(["FLOOR", ("MUL", 0.37), "CEIL"], 20.0)),
    # k / 2 exactly, then ROUND: every half rounds to even, both signs
    "f32_round_halves": Case(lambda r: float_chain(["FLOOR", ("MUL", 0.5), "ROUND"], 16.0)),
    "f32_round": Case(lambda r: float_chain(["ROUND"], 7.0)),
    "f32_sqrt_rsqrt_of_squares": Case(lambda r: float_chain(["SQUARE", "SQRT", ("MUL", 3.0), "RSQRT"], 5.0)),
    # EXP over [-120, 120]: underflow to 0, subnormal results, overflow to inf; LOG of those (of 0,
    # of subnormals, of inf) and of the negatives NEG makes
    "f32_exp_log_whole_range": Case(lambda r: float_chain(["EXP", "LOG", ("MUL", 0.5), "EXP", "LOG"], 120.0)),
    "f32_log_of_signed": Case(lambda r: float_chain(["LOG"], 3.0)),
    # |x| < pi/4, the fast reduction below 120 and the 4/pi table above it
    "f32_sin_cos_small": Case(lambda r: float_chain(["SIN", ("MUL", 3.0), "COS"], 2.0)),
    "f32_sin_cos_large": Case(lambda r: float_chain(["COS", ("MUL", 1e6), "SIN"], 300.0)),
    "f32_leaky_relu": Case(lambda r: float_unary("LEAKY_RELU", 3.0, alpha=0.15)),
    "f32_div_broadcast_relu": Case(
        lambda r: float_op(r, "DIV", (2, 3, 5), (2, 3, 5), b_shape=(3, 1), activation="RELU"), vector=S16_FAST
    ),
    "f32_maximum_const": Case(lambda r: float_op(r, "MAXIMUM", (3, 7), (3, 7), b_shape=(7,), const=True)),
    "f32_floor_div_broadcast": Case(lambda r: float_op(r, "FLOOR_DIV", (2, 3, 5), (2, 3, 5), b_shape=(3, 1))),
    "f32_floor_div_const": Case(lambda r: float_op(r, "FLOOR_DIV", (4, 9), (4, 9), b_shape=(9,), const=True)),
    "f32_floor_mod_broadcast": Case(lambda r: float_op(r, "FLOOR_MOD", (2, 3, 5), (2, 3, 5), b_shape=(3, 1))),
    "f32_floor_mod_const": Case(lambda r: float_op(r, "FLOOR_MOD", (4, 9), (4, 9), b_shape=(9,), const=True)),
    "f32_minimum": Case(lambda r: float_op(r, "MINIMUM", (2, 4, 4), (2, 4, 4), b_shape=(2, 4, 4))),
    "f32_squared_difference": Case(
        lambda r: float_op(r, "SQUARED_DIFFERENCE", (2, 9), (2, 9), b_shape=(1, 9)), vector=S16_FAST
    ),
    # squares past the float range: infinity, unclamped, as TFLite Micro leaves it
    "f32_squared_difference_overflow": Case(lambda r: squared_difference_f32_overflow(), vector=S16_FAST),
    "f32_mean_global_pool": Case(lambda r: float_mean("MEAN", (1, 6, 5, 8), [1, 2], True), vector=FAST),
    "f32_mean_last_axis": Case(lambda r: float_mean("MEAN", (3, 4, 11), [-1], False), vector=FAST),
    "f32_sum_two_axes": Case(lambda r: float_mean("SUM", (2, 3, 4, 5), [0, 2], False), vector=FAST),
    # one output per row (the innermost kept axis is 1): ordered sums along the reduced elements
    "f32_sum_all_axes": Case(lambda r: float_mean("SUM", (2, 3, 45), [0, 1, 2], True), vector=FAST),
    "f32_mean_rows": Case(lambda r: float_mean("MEAN", (4, 1, 70), [2], True), vector=FAST),
    "f32_reduce_max": Case(lambda r: float_mean("REDUCE_MAX", (2, 3, 4, 5), [1, 3], True)),
    "f32_reduce_min": Case(lambda r: float_mean("REDUCE_MIN", (3, 17), [-1], False)),
    "f32_prelu_channels": Case(lambda r: float_op(r, "PRELU", (1, 4, 5, 6), (1, 4, 5, 6), b_shape=(6,), const=True)),
    "f32_lstm_batch_major": Case(lambda r: lstm_float(r, 2, 4, 6, 10), vector=S16_FAST),
    "f32_lstm_time_major_clip": Case(
        lambda r: lstm_float(r, 3, 3, 5, 7, time_major=True, cell_clip=0.8), vector=S16_FAST
    ),
    "f32_tanh": Case(lambda r: float_unary("TANH", 25.0), vector=S16_FAST),
    # depth multiplier 1, more channels than the fast scalar kernel's chunk of 64 sums
    "f32_depthwise_wide": Case(
        lambda r: float_op(
            r, "DEPTHWISE_CONV_2D", (1, 5, 4, 70), (1, 3, 2, 70), wshape=(1, 3, 3, 70), padding="SAME", stride=(2, 2)
        ),
        vector=F32_CONV,
    ),
    "f32_fully_connected": Case(
        lambda r: float_op(r, "FULLY_CONNECTED", (2, 37), (2, 11), wshape=(11, 37)), vector=S16_FAST
    ),
    "f32_l2pool_same": Case(
        lambda r: float_op(r, "L2_POOL_2D", (1, 7, 6, 4), (1, 4, 3, 4), padding="SAME", stride=(2, 2), filter=(3, 3))
    ),
    "f32_l2pool_valid_relu": Case(
        lambda r: float_op(
            r,
            "L2_POOL_2D",
            (2, 5, 5, 3),
            (2, 2, 2, 3),
            padding="VALID",
            stride=(2, 2),
            filter=(2, 2),
            activation="RELU6",
        )  # fmt: skip
    ),
    "f32_avgpool_same": Case(
        lambda r: float_op(
            r, "AVERAGE_POOL_2D", (1, 7, 6, 4), (1, 4, 3, 4), padding="SAME", stride=(2, 2), filter=(3, 3)
        ),
        vector=RVV,
    ),
    # a global pool (IC's) of 70 channels: more than one vector of lanes, a fused RELU6
    "f32_avgpool_global_relu6": Case(
        lambda r: float_op(
            r,
            "AVERAGE_POOL_2D",
            (1, 8, 8, 70),
            (1, 1, 1, 70),
            padding="VALID",
            stride=(8, 8),
            filter=(8, 8),
            activation="RELU6",
        ),
        vector=RVV,
    ),
    "f32_maxpool_valid_relu6": Case(
        lambda r: float_op(
            r,
            "MAX_POOL_2D",
            (1, 8, 9, 3),
            (1, 7, 4, 3),
            padding="VALID",
            stride=(1, 2),
            filter=(2, 3),
            activation="RELU6",
        ),
        vector=S16_FAST,
    ),
    # past the fast scalar kernel's 64 channels at a time
    "f32_maxpool_same_wide": Case(
        lambda r: float_op(
            r, "MAX_POOL_2D", (1, 5, 6, 70), (1, 3, 3, 70), padding="SAME", stride=(2, 2), filter=(3, 3)
        ),
        vector=S16_FAST,
    ),
    "f32_add_broadcast": Case(lambda r: float_op(r, "ADD", (2, 3, 5), (2, 3, 5), b_shape=(3, 1)), vector=S16_FAST),
    "f32_mul_const_relu": Case(
        lambda r: float_op(r, "MUL", (4, 9), (4, 9), b_shape=(9,), const=True, activation="RELU"), vector=S16_FAST
    ),
    "f32_sub": Case(lambda r: float_op(r, "SUB", (3, 8), (3, 8), b_shape=(3, 8)), vector=S16_FAST),
    "f32_relu6": Case(lambda r: float_op(r, "RELU6", (5, 13), (5, 13))),
    "f32_softmax": Case(lambda r: float_op(r, "SOFTMAX", (3, 10), (3, 10), beta=1.0), vector=VECTOR),
    "f32_softmax_beta_wide": Case(lambda r: float_op(r, "SOFTMAX", (2, 100), (2, 100), beta=0.6), vector=VECTOR),
    "s16_conv3x3_same_relu": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 7, 6, 3),
            (1, 7, 6, 5),
            (5, 3, 3, 3),
            activation="RELU",
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
        ),
        vector=S16_CONV,
    ),
    "s16_conv_stride2_int32_bias": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 9, 8, 4),
            (1, 4, 3, 6),
            (6, 3, 3, 4),
            bias_dtype=np.int32,
            padding="VALID",
            stride=(2, 2),
            dilation=(1, 1),
        ),
        vector=S16_CONV,
    ),
    "s16_depthwise_mult2": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 6, 7, 3),
            (1, 6, 7, 6),
            (1, 3, 3, 6),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=2,
        ),
        vector=S16_CONV,
    ),
    "s16_depthwise_stride2_relu": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 9, 8, 20),
            (1, 5, 4, 20),
            (1, 3, 3, 20),
            activation="RELU",
            padding="SAME",
            stride=(2, 2),
            dilation=(1, 1),
            depth_multiplier=1,
        ),
        vector=S16_CONV,
    ),
    # windows past the RVV kernels' exact 32-bit runs (511 products), and dilated windows cut by the
    # border (the inside taps walked as a range)
    "s16_conv_long_window": Case(
        lambda r: op16x8(
            r, "CONV_2D", (1, 5, 5, 64), (1, 5, 5, 4), (4, 3, 3, 64), padding="SAME", stride=(1, 1), dilation=(1, 1)
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_conv_dilated_same_stride2": Case(
        lambda r: op16x8(
            r, "CONV_2D", (1, 9, 8, 5), (1, 5, 4, 6), (6, 3, 3, 5), padding="SAME", stride=(2, 2), dilation=(2, 2)
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_conv_wide_channels": Case(
        lambda r: op16x8(
            r, "CONV_2D", (1, 6, 5, 8), (1, 6, 5, 40), (40, 3, 3, 8), padding="SAME", stride=(1, 1), dilation=(1, 1)
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_depthwise_wide_channels": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 6, 5, 40),
            (1, 6, 5, 40),
            (1, 3, 3, 40),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=1,
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_depthwise_long_window": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 24, 24, 3),
            (1, 2, 2, 3),
            (1, 23, 23, 3),
            padding="VALID",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=1,
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    "s16_depthwise_dilated_same": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 9, 9, 18),
            (1, 9, 9, 18),
            (1, 3, 3, 18),
            padding="SAME",
            stride=(1, 1),
            dilation=(2, 2),
            depth_multiplier=1,
        ),
        vector=S16_CONV,
    ),  # fmt: skip
    # accumulations longer than the fast scalar kernels' 32-bit runs of 256 products
    "s16_fully_connected_long": Case(
        lambda r: op16x8(r, "FULLY_CONNECTED", (1, 600), (1, 5), (5, 600)), vector=S16_CONV
    ),
    "s16_fully_connected": Case(lambda r: op16x8(r, "FULLY_CONNECTED", (2, 40), (2, 9), (9, 40)), vector=S16_CONV),
    # TFLite Micro's accumulator follows the bias: int32 (double-rounding requantisation) with an
    # int32 bias, int64 with an int64 one or none (issue 36: a bias-less Keras Dense stack).
    # wide and deep: output units across several strips, a requantising shift past 32 bits
    "s16_fully_connected_wide_deep_shift": Case(
        lambda r: op16x8(r, "FULLY_CONNECTED", (3, 200), (3, 37), (37, 200), out_scale=5000.0), vector=S16_CONV
    ),
    "s16_fully_connected_int32_bias": Case(
        lambda r: op16x8(r, "FULLY_CONNECTED", (2, 40), (2, 12), (12, 40), bias_dtype=np.int32), vector=S16_CONV
    ),
    "s16_fully_connected_no_bias": Case(
        lambda r: op16x8(r, "FULLY_CONNECTED", (2, 40), (2, 12), (12, 40), bias_dtype=None), vector=S16_CONV
    ),
    "s16_conv_no_bias": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 9, 8, 4),
            (1, 4, 3, 6),
            (6, 3, 3, 4),
            bias_dtype=None,
            padding="VALID",
            stride=(2, 2),
            dilation=(1, 1),
        ),
        vector=S16_CONV,
    ),
    "s16_add": Case(lambda r: op16x8(r, "ADD", (2, 5, 7), (2, 5, 7)), vector=S16_FAST),
    "s16_sub_broadcast": Case(lambda r: op16x8(r, "SUB", (2, 5, 7), (2, 5, 7), b_shape=(5, 1)), vector=S16_FAST),
    "s16_squared_difference_broadcast": Case(lambda r: squared_difference16((2, 5, 7), (5, 1))),
    "s16_maximum_broadcast": Case(lambda r: maxmin16(r, "MAXIMUM", (2, 5, 7), (5, 1))),
    "s16_prelu_channel_alpha": Case(lambda r: prelu16(r, (1, 5, 4, 6), (1, 1, 6))),
    "s16_prelu_alpha_zero_point": Case(lambda r: prelu16(r, (3, 17), (17,), alpha_zero_point=-9)),
    "s16_minimum_const": Case(lambda r: maxmin16(r, "MINIMUM", (3, 11), (11,), const=True)),
    "s16_mul_broadcast": Case(lambda r: op16x8(r, "MUL", (3, 4, 6), (3, 4, 6), b_shape=(6,)), vector=S16_FAST),
    "s16_avgpool": Case(
        lambda r: op16x8(r, "AVERAGE_POOL_2D", (1, 7, 6, 3), (1, 4, 3, 3), padding="SAME", stride=(2, 2), filter=(3, 3))
    ),
    "s16_maxpool_relu": Case(
        lambda r: op16x8(
            r,
            "MAX_POOL_2D",
            (1, 8, 9, 2),
            (1, 7, 4, 2),
            activation="RELU",
            padding="VALID",
            stride=(1, 2),
            filter=(2, 3),
        )
    ),
    "convert_f32_to_s16": Case(lambda r: convert("f32", "s16", (3, 17))),
    "convert_s16_to_f32": Case(lambda r: convert("s16", "f32", (3, 17))),
    "convert_s8_to_s16": Case(lambda r: convert("s8", "s16", (4, 9))),
    "convert_s16_to_s8": Case(lambda r: convert("s16", "s8", (4, 9))),
    "convert_s8_to_s32": Case(lambda r: convert("s8", "s32", (4, 9))),
    "convert_s16_to_s32": Case(lambda r: convert("s16", "s32", (4, 9))),
    "convert_s32_to_s16": Case(lambda r: convert("s32", "s16", (4, 9))),
    "convert_s32_to_s8": Case(lambda r: convert("s32", "s8", (4, 9))),
    "s16_leaky_relu": Case(lambda r: leaky16((2, 5, 11), 0.3, 0.0004, 0.0003)),
    "s16_relu_rescaled": Case(lambda r: relu16("RELU", (2, 5, 11), 0.0004, 0.0003), vector=S16_FAST),
    "s16_abs_rescaled": Case(lambda r: relu16("ABS", (3, 41), 0.0004, 0.0003)),
    "s16_abs_same_scale": Case(lambda r: relu16("ABS", (2, 17), 0.0002, 0.0002)),
    "s16_relu6": Case(lambda r: relu16("RELU6", (3, 37), 0.0003, 0.0003), vector=S16_FAST),
    "s16_relu6_rescaled_output": Case(lambda r: relu16("RELU6", (4, 9), 0.0002, 0.0005)),
    "s16_leaky_relu_alpha_above_one": Case(lambda r: leaky16((3, 17), 1.7, 0.0002, 0.0005)),
    "s16_transpose_conv_2x_same": Case(lambda r: transpose_conv16(r, 3, 4, 5, 6, (3, 3), (2, 2)), vector=S16_FAST),
    "s16_transpose_conv_valid": Case(
        lambda r: transpose_conv16(r, 2, 5, 4, 3, (3, 4), (1, 2), "VALID"), vector=S16_FAST
    ),
    # 4 taps x 300 channels per output: past the scalar kernel's 32-bit runs of 256 products; and
    # more channels than a strip of 64-bit lanes
    "s16_transpose_conv_deep": Case(lambda r: transpose_conv16(r, 2, 2, 300, 3, (2, 2), (1, 1)), vector=S16_FAST),
    "s16_transpose_conv_wide_channels": Case(
        lambda r: transpose_conv16(r, 2, 3, 4, 37, (3, 3), (2, 2)), vector=S16_FAST
    ),
    "s16_transpose": Case(
        lambda r: movement("TRANSPOSE", (2, 3, 4), [(4, 2, 3)], [[2, 0, 1]], dtype=np.int16), vector=("scalar", "rvv")
    ),
    "f32_transpose_nchw_to_nhwc": Case(
        lambda r: movement("TRANSPOSE", (1, 3, 7, 5), [(1, 7, 5, 3)], [[0, 2, 3, 1]], dtype=np.float32),
        vector=("scalar", "rvv"),
    ),
    "f32_strided_slice": Case(
        lambda r: movement(
            "STRIDED_SLICE", (4, 6, 5), [(2, 3, 5)], [[0, 1, 0], [4, 6, 5], [2, 2, 1]], dtype=np.float32
        ),
        vector=("scalar", "rvv"),
    ),
    "padv2_value": Case(lambda r: padv2((1, 4, 5, 3), ((0, 0), (1, 2), (2, 0), (0, 1)), 37)),
    "f32_padv2_value": Case(lambda r: padv2((1, 4, 5, 3), ((0, 0), (1, 2), (2, 0), (0, 1)), -2.75, np.float32)),
    "s16_padv2_value": Case(lambda r: padv2((2, 3, 5), ((1, 0), (0, 2), (3, 1)), -1234, np.int16)),
    "concat_channels_3_inputs": Case(lambda r: concat([(1, 4, 5, 3), (1, 4, 5, 8), (1, 4, 5, 1)], 3)),
    "concat_height_negative_axis": Case(lambda r: concat([(1, 2, 6, 4), (1, 5, 6, 4)], -3)),
    "concat_2d_batch_axis": Case(lambda r: concat([(2, 7), (3, 7)], 0)),
    "padconv_3x3_s2_asymmetric": Case(
        lambda r: pad_then_conv(r, 9, 8, 3, 6, (3, 3), (2, 2), ((0, 1), (0, 1))), vector=VECTOR
    ),
    "padconv_3x3_s1_all_sides": Case(
        lambda r: pad_then_conv(r, 7, 6, 5, 4, (3, 3), (1, 1), ((1, 2), (2, 1))), vector=VECTOR
    ),
    "paddw_3x3_s2": Case(
        lambda r: pad_then_conv(r, 10, 9, 8, 8, (3, 3), (2, 2), ((1, 1), (1, 1)), depthwise=True), vector=VECTOR
    ),
    "paddw_5x3_s1_wide": Case(
        lambda r: pad_then_conv(r, 6, 33, 3, 3, (5, 3), (1, 1), ((2, 2), (0, 2)), depthwise=True), vector=VECTOR
    ),
    "pad_4d_hw_asymmetric": Case(
        lambda r: pad((1, 5, 7, 3), ((0, 0), (1, 2), (0, 3), (0, 0))), vector=("scalar", "rvv")
    ),
    "pad_4d_every_axis": Case(lambda r: pad((2, 3, 4, 5), ((1, 0), (2, 1), (1, 1), (3, 2))), vector=("scalar", "rvv")),
    "pad_2d": Case(lambda r: pad((3, 9), ((2, 1), (0, 4)))),
    "pad_s32": Case(lambda r: pad_s32((2, 3, 5), ((1, 0), (0, 2), (3, 1))), vector=("scalar", "rvv")),
    "padv2_s32_value": Case(lambda r: pad_s32((3, 4), ((2, 1), (1, 3)), value=-123456789)),
    # fills starting off a word boundary, rows of fill longer than a vector strip (RVV's pattern phase)
    "padv2_int16_long_fill": Case(
        lambda r: padv2((1, 3, 5, 3), ((0, 0), (2, 1), (1, 30), (1, 0)), -1234, np.int16), vector=("scalar", "rvv")
    ),
    "padv2_f32_odd": Case(
        lambda r: padv2((2, 7, 3), ((1, 0), (0, 3), (1, 2)), -2.5, np.float32), vector=("scalar", "rvv")
    ),
    "conv3x3_same_perchannel_relu": Case(lambda r: conv(r, 9, 7, 3, 5, (3, 3), activation="RELU"), vector=VECTOR),
    "conv5x3_valid_stride2x1_pertensor_nobias": Case(
        lambda r: conv(r, 12, 9, 7, 3, (5, 3), (2, 1), "VALID", per_channel=False, bias=False), vector=VECTOR
    ),
    "conv3x3_same_stride2_odd_pad_relu6": Case(
        lambda r: conv(r, 10, 8, 4, 6, (3, 3), (2, 2), activation="RELU6"), vector=VECTOR
    ),
    "conv3x3_dilation2": Case(
        lambda r: conv(r, 11, 10, 2, 3, (3, 3), dilation=(2, 2), activation="RELU_N1_TO_1"), vector=VECTOR
    ),
    # Output channels within half the lanes (RVV: six pixels a pass at LMUL 4): 16 at VLEN 128, 32 at 256.
    "conv3x3_sixteen_channels": Case(lambda r: conv(r, 8, 15, 16, 16, (3, 3), activation="RELU"), vector=VECTOR),
    "conv3x3_thirty_two_channels_dilation2": Case(
        lambda r: conv(r, 7, 13, 8, 32, (3, 3), dilation=(2, 2)), vector=VECTOR
    ),
    "conv1x1_pointwise_odd_channels": Case(lambda r: conv(r, 5, 5, 17, 9, (1, 1)), inplace=True, vector=VECTOR),
    "conv1x1_pointwise_widening": Case(
        lambda r: conv(r, 4, 7, 5, 13, (1, 1), activation="RELU"), inplace=True, vector=VECTOR
    ),
    "conv3x3_weights_down_to_minus128": Case(lambda r: conv(r, 6, 40, 5, 4, (3, 3), w_low=-128), vector=VECTOR),
    # Rows of 32 or more output pixels, 8 or more input channels and small weights: the row kernel's
    # int16 form (runs of taps whose sums stay in int16, the padding's lanes reading the zero point)
    "conv3x3_rows_int16_runs_odd_channels": Case(
        lambda r: conv(r, 4, 36, 16, 11, (3, 3), w_low=-20, w_high=21, activation="RELU"), vector=VECTOR
    ),
    "conv3x3_rows_int16_stride2": Case(
        lambda r: conv(r, 7, 70, 8, 6, (3, 3), stride=(2, 2), w_low=-30, w_high=31), vector=VECTOR
    ),
    "conv3x3_rows_int16_dilation2_valid": Case(
        lambda r: conv(r, 7, 44, 8, 4, (3, 3), padding="VALID", dilation=(2, 2), w_low=-9, w_high=10),
        vector=VECTOR,
    ),
    "conv3x3_wide_rows_few_channels": Case(
        lambda r: conv(r, 5, 37, 3, 4, (3, 3), (1, 2), activation="RELU"), vector=VECTOR
    ),
    # Requantisation scales above and below 0.5 (shifts >= 0 in some channels), LMUL 8 and 4;
    # a one-channel 10x4 window (KWS's first layer: every pixel on im2col columns).
    "conv3x3_scales_above_half": Case(lambda r: conv(r, 6, 9, 2, 40, (3, 3), coarse=True), vector=VECTOR),
    "conv3x3_scales_above_half_narrow": Case(
        lambda r: conv(r, 7, 8, 3, 12, (3, 3), (2, 1), coarse=True), vector=VECTOR
    ),
    # The CORE-V block assembly's clamps (issue 60): ReLU from zero point -128 (cv.clip), the
    # 3x3 taps in whole words, an odd pixel past the groups and a partial last channel block.
    "conv1x1_pointwise_relu_zp_min": Case(
        lambda r: conv(r, 3, 7, 16, 22, (1, 1), activation="RELU", out_zp=-128), vector=VECTOR
    ),
    "conv3x3_words_relu6_odd_pixels": Case(lambda r: conv(r, 5, 3, 8, 12, (3, 3), activation="RELU6")),
    # The packed-pairs assembly (Ibex, issue 60): an odd number of tap pairs (10 and 18 taps: the
    # loop enters at its second half), groups of four pixels and two left over, both roundings.
    "conv1x1_pointwise_odd_tap_pairs": Case(lambda r: conv(r, 2, 7, 10, 8, (1, 1), activation="RELU"), vector=VECTOR),
    "conv3x3_odd_tap_pairs_no_activation": Case(lambda r: conv(r, 4, 5, 2, 12, (3, 3))),
    "conv10x4_one_channel_stride2": Case(
        lambda r: conv(r, 15, 10, 1, 24, (10, 4), (2, 2), activation="RELU"), vector=VECTOR
    ),
    "dw3x3_scales_above_half": Case(
        lambda r: depthwise(r, 6, 7, 40, 1, (3, 3), coarse=True), inplace=True, vector=VECTOR
    ),
    # A -128 weight: two products may leave int16, so the RVV kernel does not pair taps there.
    "dw3x3_weights_down_to_minus128": Case(
        lambda r: depthwise(r, 6, 9, 40, 1, (3, 3), w_low=-128), inplace=True, vector=VECTOR
    ),
    "dw3x3_wide_rows_few_channels": Case(
        lambda r: depthwise(r, 6, 45, 3, 2, (3, 3), (1, 1), activation="RELU6"), inplace=True, vector=VECTOR
    ),
    "dw3x3_same_stride2": Case(
        lambda r: depthwise(r, 9, 9, 5, 1, (3, 3), (2, 2), activation="RELU"), inplace=True, vector=VECTOR
    ),
    # micro_speech's first layer in small: one input channel, multiplier 8, a 10x8 stride-2 window
    # whose rows and columns cross every border; then wide dilated rows over two chunks of lanes.
    "dw10x8_one_channel_multiplier8_stride2": Case(
        lambda r: depthwise(r, 13, 20, 1, 8, (10, 8), (2, 2), activation="RELU"), inplace=True, vector=VECTOR
    ),
    "dw3x3_wide_rows_multiplier3_dilation2": Case(
        lambda r: depthwise(r, 6, 40, 2, 3, (3, 3), dilation=(2, 2)), inplace=True, vector=VECTOR
    ),
    # In place these hold two output rows back (padding 2 above): 5x5, and 3x3 dilated by 2.
    "dw5x5_same_relu": Case(lambda r: depthwise(r, 9, 7, 6, 1, (5, 5), activation="RELU"), inplace=True, vector=VECTOR),
    "dw3x3_same_dilation2": Case(
        lambda r: depthwise(r, 8, 9, 5, 1, (3, 3), dilation=(2, 2)), inplace=True, vector=VECTOR
    ),
    "dw3x3_two_batches_stride2": Case(
        lambda r: depthwise(r, 7, 6, 4, 1, (3, 3), (2, 2), batches=2), inplace=True, vector=VECTOR
    ),
    "dw3x3_two_batches_relu6": Case(
        lambda r: depthwise(r, 5, 6, 4, 1, (3, 3), activation="RELU6", batches=2), inplace=True, vector=VECTOR
    ),
    "dw3x3_valid_multiplier3_dilation2": Case(
        lambda r: depthwise(r, 10, 9, 3, 3, (3, 3), padding="VALID", dilation=(2, 2)), inplace=True, vector=VECTOR
    ),
    "dw5x2_same_multiplier2_relu6": Case(
        lambda r: depthwise(r, 7, 6, 4, 2, (5, 2), activation="RELU6"), inplace=True, vector=VECTOR
    ),
    # hybrid (dynamic-range) layers: LiteRT's hybrid kernels define them (ops.hybrid)
    "hybrid_fc_asymmetric_3_batches": Case(lambda r: hybrid(r, "FULLY_CONNECTED", 3, (40,), 24, activation="RELU")),
    "hybrid_fc_symmetric_per_tensor_no_bias": Case(
        lambda r: hybrid(r, "FULLY_CONNECTED", 2, (33,), 17, per_channel=False, bias=False, asymmetric=False)
    ),
    "hybrid_conv_stride2_2_batches_relu6": Case(
        lambda r: hybrid(r, "CONV_2D", 2, (9, 7, 5), 6, stride=(2, 2), activation="RELU6")
    ),
    "hybrid_conv_dilated_valid": Case(
        lambda r: hybrid(r, "CONV_2D", 1, (8, 8, 4), 5, dilation=(2, 2), padding="VALID")
    ),
    "hybrid_conv_per_tensor_2_batches": Case(
        lambda r: hybrid(r, "CONV_2D", 2, (7, 6, 3), 8, per_channel=False, activation="RELU")
    ),
    "hybrid_depthwise_no_bias": Case(lambda r: hybrid(r, "DEPTHWISE_CONV_2D", 1, (6, 5, 4), 0, bias=False)),
    "hybrid_depthwise_multiplier2_relu": Case(
        lambda r: hybrid(r, "DEPTHWISE_CONV_2D", 1, (7, 6, 5), 0, mult=2, activation="RELU")
    ),
    "hybrid_depthwise_stride2_2_batches": Case(
        lambda r: hybrid(r, "DEPTHWISE_CONV_2D", 2, (8, 9, 6), 0, k=(3, 2), stride=(2, 2))
    ),
    "fc_3_batches": Case(lambda r: fully_connected(r, 3, 37, 11), vector=VECTOR),
    "fc_relu": Case(lambda r: fully_connected(r, 1, 64, 10, activation="RELU"), vector=VECTOR),
    # The cycle-tuned scalar kernels (two products per 32-bit multiply, issue 60): their edges.
    "dw3x3_tall_narrow_odd_channels": Case(  # KWS's 25x5 maps: pairs down the columns, an odd last row
        lambda r: depthwise(r, 25, 5, 7, 1, (3, 3), activation="RELU")
    ),
    "dw3x3_valid_odd_width_rows": Case(lambda r: depthwise(r, 5, 11, 6, 1, (3, 3), padding="VALID")),
    "dw3x3_same_one_row": Case(lambda r: depthwise(r, 1, 9, 5, 1, (3, 3), activation="RELU6")),
    # left shifts (coarse output scale): the packed-pairs depthwise's general requantisation path
    "dw3x3_coarse_left_shifts": Case(lambda r: depthwise(r, 12, 5, 6, 1, (3, 3), coarse=True)),
    "dw3x3_same_two_pixels": Case(lambda r: depthwise(r, 2, 1, 3, 1, (3, 3))),
    "dw3x3_same_long_rows": Case(lambda r: depthwise(r, 3, 41, 4, 1, (3, 3))),  # more pairs than a block
    # The CORE-V assembly's three clamps (issue 60), channels in words (four filled at once): a ReLU
    # from zero point -128 (the clamp is int8's: cv.clip), none (a clamp below the zero point: the
    # sign correction), ReLU6 (cv.max/cv.min); lines past a segment, two batches, a tall map.
    "dw3x3_channel_words_relu_zp_min": Case(
        lambda r: depthwise(r, 9, 5, 8, 1, (3, 3), activation="RELU", out_zp=-128, batches=2)
    ),
    "dw3x3_channel_words_past_a_segment": Case(lambda r: depthwise(r, 3, 70, 8, 1, (3, 3))),
    "dw3x3_channel_words_relu6_valid": Case(
        lambda r: depthwise(r, 11, 6, 12, 1, (3, 3), padding="VALID", activation="RELU6")
    ),
    # lines longer than the pairs kernel's segment (48 outputs): three segments, an odd last one
    "dw3x3_same_rows_past_a_segment": Case(lambda r: depthwise(r, 4, 101, 3, 1, (3, 3), activation="RELU")),
    "dw3x3_valid_rows_past_a_segment": Case(lambda r: depthwise(r, 5, 52, 2, 1, (3, 3), padding="VALID")),
    # stride 2 past the CORE-V kernel's 64-output segment (149 inputs: 75 outputs), an even height
    "dw3x3_stride2_rows_past_a_segment": Case(lambda r: depthwise(r, 6, 149, 3, 1, (3, 3), (2, 2))),
    # the packed-pairs kernel at stride 2 (Ibex, issue 60): blocks of three output lines, an odd
    # line length, VALID and SAME, two batches, both roundings
    "dw3x3_stride2_pairs_blocks_relu": Case(
        lambda r: depthwise(r, 17, 20, 4, 1, (3, 3), (2, 2), activation="RELU", out_zp=-128)
    ),
    "dw3x3_stride2_pairs_valid_odd": Case(
        lambda r: depthwise(r, 19, 23, 3, 1, (3, 3), (2, 2), padding="VALID", batches=2)
    ),
    "dw3x3_valid_stride2_even_rows": Case(lambda r: depthwise(r, 8, 10, 4, 1, (3, 3), (2, 2), padding="VALID")),
    "fc_odd_depth_eleven_units_3_batches": Case(lambda r: fully_connected(r, 3, 13, 11)),
    "fc_one_row_nine_units": Case(lambda r: fully_connected(r, 1, 30, 9, activation="RELU")),
    "conv1x1_one_pixel_six_channels": Case(lambda r: conv(r, 1, 1, 13, 6, (1, 1))),
    "conv3x3_odd_pixels_two_channels": Case(lambda r: conv(r, 3, 5, 3, 2, (3, 3), activation="RELU")),
    "avgpool3x3_same_stride2": Case(lambda r: pool("AVERAGE_POOL_2D", 9, 8, 5, (3, 3), (2, 2), "SAME"), vector=FAST),
    "avgpool_global_valid": Case(lambda r: pool("AVERAGE_POOL_2D", 6, 4, 3, (6, 4), (6, 4), "VALID"), vector=FAST),
    "maxpool2x3_valid_relu6": Case(
        lambda r: pool("MAX_POOL_2D", 8, 9, 6, (2, 3), (1, 2), "VALID", "RELU6"), vector=FAST
    ),
    "maxpool3x3_same_stride2": Case(lambda r: pool("MAX_POOL_2D", 7, 7, 3, (3, 3), (2, 2), "SAME"), vector=FAST),
    # more channels than the fast scalar kernels' chunk of 64 accumulators
    "maxpool_wide_channels": Case(lambda r: pool("MAX_POOL_2D", 5, 4, 70, (2, 2), (2, 2), "SAME"), vector=FAST),
    "avgpool_wide_channels": Case(lambda r: pool("AVERAGE_POOL_2D", 5, 4, 70, (3, 3), (2, 2), "SAME"), vector=FAST),
    "add_relu": Case(lambda r: add("RELU"), inplace=True, vector=VECTOR),
    "add_after_pool_with_tables": Case(lambda r: pool_then_add("RELU")),
    "add_residual_after_conv3x3": Case(
        lambda r: conv_residual(r, 9, 7, 5, 3, residual_first=True), inplace=True, vector=VECTOR, fused=True
    ),
    "chain_mobilenet_stem_wide": Case(lambda r: conv_chain(r, 40, 40, 16), vector=VECTOR, tiled=True),
    "chain_mobilenet_stem_tall": Case(lambda r: conv_chain(r, 64, 20, 16), vector=VECTOR, tiled=True),
    "stage_widening_lead": Case(lambda r: widening_chain(r, 24, 20), vector=VECTOR, tiled=True),
    "stage_quantize_residual_pool": Case(
        lambda r: inverted_residual_stage(r, 36, 28, "quantize"), vector=VECTOR, tiled=True
    ),
    "stage_transpose_residual_pool": Case(
        lambda r: inverted_residual_stage(r, 30, 44, "transpose"), vector=VECTOR, tiled=True
    ),
    # few output channels, wide rows: pixels across lanes for the inside columns, channels at the borders
    "f32_conv3x3_pixels_dilated_same": Case(
        lambda r: float_op(
            r,
            "CONV_2D",
            (1, 6, 30, 5),
            (1, 6, 30, 7),
            wshape=(7, 3, 3, 5),
            padding="SAME",
            dilation=(2, 2),
            activation="RELU6",
        ),
        vector=F32_CONV,
    ),
    "f32_conv3x3_pixels_stride2_valid": Case(
        lambda r: float_op(
            r, "CONV_2D", (2, 5, 41, 3), (2, 2, 20, 16), wshape=(16, 3, 3, 3), padding="VALID", stride=(2, 2)
        ),
        vector=F32_CONV,
    ),
    "f32_conv1x1_pixels_project": Case(
        lambda r: float_op(r, "CONV_2D", (1, 4, 37, 24), (1, 4, 37, 8), wshape=(8, 1, 1, 24), padding="SAME"),
        vector=F32_CONV,
    ),
    "s16_conv3x3_pixels_dilated_same": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 6, 30, 5),
            (1, 6, 30, 7),
            (7, 3, 3, 5),
            padding="SAME",
            stride=(1, 1),
            dilation=(2, 2),
            activation="RELU6",
        ),
        vector=S16_CONV,
    ),
    "s16_conv3x3_pixels_stride2_valid": Case(
        lambda r: op16x8(
            r, "CONV_2D", (2, 5, 41, 3), (2, 2, 20, 16), (16, 3, 3, 3), padding="VALID", stride=(2, 2), dilation=(1, 1)
        ),
        vector=S16_CONV,
    ),
    "s16_conv1x1_pixels_project": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 4, 37, 24),
            (1, 4, 37, 8),
            (8, 1, 1, 24),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            bias_dtype=None,
        ),
        vector=S16_CONV,
    ),
    # requantising shifts of more than 32 bits (the 32-bit lanes kernels take them from the high half)
    "s16_conv1x1_pixels_deep_shift": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 3, 20, 64),
            (1, 3, 20, 8),
            (8, 1, 1, 64),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            out_scale=3000.0,
        ),
        vector=S16_CONV,
    ),
    "s16_depthwise_deep_shift": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 5, 6, 24),
            (1, 5, 6, 24),
            (1, 3, 3, 24),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=1,
            out_scale=2000.0,
        ),
        vector=S16_CONV,
    ),
    # subnormal weights: the soft-float fast path (cores without an FPU) hands such sums back to
    # the compiler's float arithmetic
    "f32_conv_subnormal_weights": Case(
        lambda r: float_op(
            r, "CONV_2D", (1, 5, 6, 4), (1, 5, 6, 3), wshape=(3, 3, 3, 4), padding="SAME", weight_scale=1e-38
        ),
        vector=F32_CONV,
    ),
    "f32_depthwise_subnormal_weights": Case(
        lambda r: float_op(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 5, 6, 8),
            (1, 5, 6, 8),
            wshape=(1, 3, 3, 8),
            padding="SAME",
            depth_multiplier=1,
            weight_scale=1e-38,
        ),
        vector=F32_CONV,
    ),
    "f32_fully_connected_subnormal_weights": Case(
        lambda r: float_op(r, "FULLY_CONNECTED", (2, 30), (2, 7), wshape=(7, 30), weight_scale=1e-38)
    ),
    # float32 and 16x8 in place (--memory small): each set's own kernel a row or a block of pixels
    # at a time through scratch
    "f32_depthwise_inplace_same": Case(
        lambda r: float_op(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 9, 8, 12),
            (1, 9, 8, 12),
            wshape=(1, 3, 3, 12),
            padding="SAME",
            activation="RELU6",
            depth_multiplier=1,
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "f32_depthwise_inplace_stride2_dilated": Case(
        lambda r: float_op(
            r,
            "DEPTHWISE_CONV_2D",
            (2, 11, 9, 8),
            (2, 6, 5, 8),
            wshape=(1, 3, 3, 8),
            padding="SAME",
            stride=(2, 2),
            dilation=(2, 2),
            depth_multiplier=1,
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "f32_conv1x1_inplace_widen": Case(
        lambda r: float_op(r, "CONV_2D", (1, 5, 7, 6), (1, 5, 7, 10), wshape=(10, 1, 1, 6), padding="SAME"),
        inplace=True,
        vector=S16_FAST,
    ),
    "f32_conv1x1_inplace_narrow": Case(
        lambda r: float_op(
            r, "CONV_2D", (2, 3, 5, 12), (2, 3, 5, 7), wshape=(7, 1, 1, 12), padding="VALID", activation="RELU"
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "f32_add_inplace_broadcast": Case(
        lambda r: float_op(r, "ADD", (2, 5, 6), (2, 5, 6), b_shape=(6,), activation="RELU6"), inplace=True
    ),
    "f32_hard_swish_inplace": Case(lambda r: float_op(r, "HARD_SWISH", (3, 7, 5), (3, 7, 5)), inplace=True),
    "s16_depthwise_inplace_same": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 7, 9, 16),
            (1, 7, 9, 16),
            (1, 3, 3, 16),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            depth_multiplier=1,
            activation="RELU",
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "s16_depthwise_inplace_stride2": Case(
        lambda r: op16x8(
            r,
            "DEPTHWISE_CONV_2D",
            (1, 10, 8, 24),
            (1, 5, 4, 24),
            (1, 3, 3, 24),
            padding="SAME",
            stride=(2, 2),
            dilation=(1, 1),
            depth_multiplier=1,
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "s16_conv1x1_inplace_widen": Case(
        lambda r: op16x8(
            r, "CONV_2D", (1, 6, 5, 5), (1, 6, 5, 12), (12, 1, 1, 5), padding="VALID", stride=(1, 1), dilation=(1, 1)
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "s16_conv1x1_inplace_narrow": Case(
        lambda r: op16x8(
            r,
            "CONV_2D",
            (1, 4, 7, 16),
            (1, 4, 7, 6),
            (6, 1, 1, 16),
            padding="SAME",
            stride=(1, 1),
            dilation=(1, 1),
            activation="RELU6",
        ),
        inplace=True,
        vector=S16_FAST,
    ),
    "s16_add_inplace": Case(lambda r: op16x8(r, "ADD", (2, 3, 11), (2, 3, 11)), inplace=True),
    # the same stage in float32 and 16x8: their kernels take a band of rows too
    "f32_stage_inverted_residual": Case(lambda r: wide_stage(r, 34, 26, np.float32), vector=F32_CONV, tiled=True),
    "s16_stage_inverted_residual": Case(lambda r: wide_stage(r, 30, 38, np.int16), vector=S16_CONV, tiled=True),
    "add_residual_after_conv1x1": Case(
        lambda r: conv_residual(r, 6, 35, 3, 1, residual_first=False, activation="NONE"),
        inplace=True,
        vector=VECTOR,
        fused=True,
    ),
    "add": Case(lambda r: add(), inplace=True, vector=VECTOR),
    "softmax_fine_scale": Case(lambda r: softmax(3, 10, 0.05), vector=FAST),
    # int8 -> int16, as the SVDF keyword model ends (issue 29)
    "softmax_to_int16": Case(lambda r: softmax(3, 12, 0.1, out16=True), vector=FAST),
    "softmax_to_int16_wide_rows": Case(lambda r: softmax(2, 70, 0.7, beta=0.5, out16=True), vector=FAST),
    "softmax_coarse_scale_beta": Case(lambda r: softmax(2, 33, 0.3, beta=0.7), vector=FAST),
    # Rows over several vectors; a scale so coarse that most values fall below diff_min.
    "softmax_wide_rows": Case(lambda r: softmax(3, 100, 0.08), vector=FAST),
    "softmax_beyond_diff_min": Case(lambda r: softmax(4, 21, 1.5), vector=FAST),
    "quantize_float": Case(lambda r: quantize_float(), inplace=True, vector=RVV),
    "quantize_float_to_s16": Case(lambda r: quantize_float(np.int16), vector=S16_FAST),
    "quantize_s16_ties": Case(lambda r: quantize_s16_halves(1.0, 300.0), vector=S16_FAST),
    "quantize_s16_ties_clamped": Case(lambda r: quantize_s16_halves(0.5, 40000.0), vector=S16_FAST),
    "quantize_s16_thirds": Case(lambda r: quantize_s16_halves(3.0, 9000.0, 0.25), vector=S16_FAST),
    "quantize_requantize": Case(lambda r: requantize(), inplace=True, vector=FAST),
    # every comparison, int32 and float32, with and without broadcasting; past a vector strip
    "s32_less_broadcast": Case(lambda r: compare("LESS", (3, 40), (40,)), vector=S16_FAST),
    "s32_greater_equal_scalar": Case(lambda r: compare("GREATER_EQUAL", (2, 5, 7), (1,)), vector=S16_FAST),
    "s32_equal": Case(lambda r: compare("EQUAL", (70,), (70,)), vector=S16_FAST),
    "f32_greater_broadcast": Case(lambda r: compare("GREATER", (4, 1, 9), (3, 1), np.float32), vector=S16_FAST),
    "f32_less_equal": Case(lambda r: compare("LESS_EQUAL", (45,), (45,), np.float32), vector=S16_FAST),
    "f32_not_equal_scalar": Case(lambda r: compare("NOT_EQUAL", (6, 6), (1,), np.float32), vector=S16_FAST),
    "s32_add_broadcast_relu": Case(lambda r: binary_s32("ADD", (2, 3, 5), (3, 1), activation="RELU"), vector=RVV),
    "s32_sub_broadcast": Case(lambda r: binary_s32("SUB", (2, 3, 5), (5,)), vector=RVV),
    "s32_squared_difference_wrapping": Case(lambda r: binary_s32("SQUARED_DIFFERENCE", (2, 3, 5), (5,))),
    "s32_mul_scalar": Case(lambda r: binary_s32("MUL", (41,), (1,)), vector=RVV),
    "s32_div_const": Case(lambda r: binary_s32("DIV", (4, 10), (10,), divisor=[3, -1, 7, 1000, -2]), vector=RVV),
    "s32_minimum": Case(lambda r: binary_s32("MINIMUM", (37,), (37,)), vector=RVV),
    "s32_maximum_scalar": Case(lambda r: binary_s32("MAXIMUM", (37,), (1,)), vector=RVV),
    "cast_s16_s32_s8": Case(lambda r: cast_chain([np.int16, np.int32, np.int8]), vector=RVV),
    "cast_s32_u32_s32_s16": Case(lambda r: cast_chain([np.int32, np.uint32, np.int32, np.int16]), vector=RVV),
    "cast_s8_s32_s16": Case(lambda r: cast_chain([np.int8, np.int32, np.int16]), vector=RVV),
    "quantize_s16_to_s8": Case(lambda r: requantize_between(np.int16, np.int8), vector=RVV),
    "quantize_s8_to_s16": Case(lambda r: requantize_between(np.int8, np.int16), vector=RVV),
    "quantize_s32_to_s16": Case(lambda r: requantize_between(np.int32, np.int16), vector=RVV),
    "quantize_s16_to_s16": Case(lambda r: requantize_between(np.int16, np.int16), vector=RVV),
    "dequantize": Case(lambda r: dequantize(), vector=RVV),
    "dequantize_s16": Case(lambda r: dequantize(np.int16), vector=S16_FAST),
    # a zero point (int16 in general, not 16x8), products rounding both ways, results near float32's extremes
    "dequantize_s16_offset": Case(lambda r: dequantize(np.int16, 0.7131, 1234), vector=S16_FAST),
    "dequantize_s16_tiny_scale": Case(lambda r: dequantize(np.int16, 1.1e-30, 0), vector=S16_FAST),
    "dequantize_s16_huge_scale": Case(lambda r: dequantize(np.int16, 9.3e29, -5), vector=S16_FAST),
}


def random_cases(count: int) -> dict[str, Case]:
    """Seeded random shapes: odd channel counts, tails shorter than a vector, strides, padding."""
    rng = np.random.default_rng(1234)
    cases = {}
    for i in range(count):
        h, w = (int(v) for v in rng.integers(3, 12, 2))
        k = tuple(int(v) for v in rng.integers(1, 4, 2))
        stride = tuple(int(v) for v in rng.integers(1, 3, 2))
        padding = ["SAME", "VALID"][int(rng.integers(2))]
        cin, cout = (int(v) for v in rng.integers(1, 70, 2))
        pointwise = k == (1, 1) and stride == (1, 1)  # the in-place 1x1 kernels take it
        cases[f"random{i}_conv_{h}x{w}x{cin}_k{k[0]}x{k[1]}_s{stride[0]}{stride[1]}_{padding}_{cout}"] = Case(
            lambda r, a=(h, w, cin, cout, k, stride, padding): conv(r, *a), inplace=pointwise, vector=VECTOR
        )
        mult = int(rng.integers(1, 3))
        cases[f"random{i}_dw_{h}x{w}x{cin}_m{mult}_k{k[0]}x{k[1]}_s{stride[0]}{stride[1]}_{padding}"] = Case(
            lambda r, a=(h, w, cin, mult, k, stride, padding): depthwise(r, *a), inplace=True, vector=VECTOR
        )
        depth, units = (int(v) for v in rng.integers(1, 150, 2))
        cases[f"random{i}_fc_{depth}x{units}"] = Case(
            lambda r, a=(1, depth, units): fully_connected(r, *a), vector=VECTOR
        )
    return cases


CASES.update(random_cases(4))
