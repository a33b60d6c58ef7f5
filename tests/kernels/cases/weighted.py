"""Cases of the weighted layers: CONV_2D, DEPTHWISE_CONV_2D, TRANSPOSE_CONV, FULLY_CONNECTED (int8, int4,
16x8, float32, hybrid), BATCH_MATMUL, grouped convolutions, the fused and tiled stages, and seeded random
shapes."""

from __future__ import annotations

import numpy as np

from codegen.modelgen import ModelBuilder
from tests.kernels.cases.common import F32_CONV, FAST, S16_CONV, S16_FAST, VECTOR, Case, _coarse_scale, _scale_for
from tests.kernels.cases.quantization import dequantized_constant


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


def fully_connected_s16_litert(rng, batches, depth, units, per_channel=True) -> bytes:
    """FULLY_CONNECTED 16x8 in a model only LiteRT runs (an int16 GELU after it): LiteRT rounds the
    64-bit sum once with the whole multiplier, where TFLite Micro reduces it to 16 bits."""
    m = ModelBuilder()
    x = m.tensor("x", (batches, depth), np.int16, scale=9e-5)
    scales = rng.uniform(0.001, 0.0015, units).astype(np.float32) if per_channel else np.float32(0.0013)
    zeros = np.zeros(units, np.int64) if per_channel else 0
    w = m.tensor("w", (units, depth), scale=scales, zero_point=zeros, data=rng.integers(-127, 128, (units, depth)))
    b = m.tensor("b", (units,), np.int64, scale=(np.float32(9e-5) * scales).astype(np.float32), zero_point=zeros,
                 data=rng.integers(-20000, 20000, units))  # fmt: skip
    y = m.tensor("y", (batches, units), np.int16, scale=6e-5 * depth / 32)
    m.op("FULLY_CONNECTED", [x, w, b], [y])
    g = m.tensor("g", (batches, units), np.int16, scale=5e-5)
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


CASES: dict[str, Case] = {
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
    "f32_dequantized_constant": Case(dequantized_constant),
    "int4_conv3x3_per_channel": Case(lambda r: int4_weighted(r, "CONV_2D"), vector=FAST),
    "int4_depthwise3x3": Case(lambda r: int4_weighted(r, "DEPTHWISE_CONV_2D"), vector=FAST),
    "int4_fully_connected": Case(lambda r: int4_weighted(r, "FULLY_CONNECTED"), vector=FAST),
    "conv_grouped_3_groups": Case(lambda r: grouped_conv(r, np.int8, 3)),
    "conv_grouped_4_groups_stride2_1x1": Case(lambda r: grouped_conv(r, np.int8, 4, k=1, cout=8, stride=(2, 2))),
    "s16_conv_grouped_2_groups": Case(lambda r: grouped_conv(r, np.int16, 2, cout=6)),
    "f32_conv_grouped_6_groups": Case(lambda r: grouped_conv(r, np.float32, 6, cout=12, activation="RELU6")),
    # LiteRT's single rounding in the fast kernels: at shifts <= -2 (RVV: the high word rounded) and above
    "fully_connected_single_rounding_litert": Case(lambda r: fully_connected_litert(r, 3, 70, 45), vector=FAST),
    "s16_fully_connected_per_channel_litert": Case(lambda r: fully_connected_s16_litert(r, 16, 32, 48)),
    "s16_fully_connected_per_tensor_litert": Case(lambda r: fully_connected_s16_litert(r, 5, 70, 21, False)),
    "fully_connected_single_rounding_fine_litert": Case(
        lambda r: fully_connected_litert(r, 2, 33, 19, out_scale=0.08 * 0.01 * 1.5), vector=FAST
    ),
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
    "conv3x3_same_perchannel_relu": Case(lambda r: conv(r, 9, 7, 3, 5, (3, 3), activation="RELU"), vector=VECTOR),
    # window rows of one word (k_w * in_c == 4: the CORE-V kernel's im2col loads them whole): KWS's
    # first layer (10x4, one channel, stride 2, overhanging both ends), two channels overhanging the
    # right end, and a PAD wider than the window (rows wholly in the padding)
    "conv10x4_one_channel_stride2_same": Case(lambda r: conv(r, 19, 10, 1, 12, (10, 4), (2, 2), activation="RELU")),
    "conv3x2_two_channels_same": Case(lambda r: conv(r, 7, 9, 2, 8, (3, 2))),
    "conv5x4_one_channel_wide_pad": Case(lambda r: pad_then_conv(r, 8, 6, 1, 8, (5, 4), (1, 2), ((2, 2), (5, 3)))),
    # pads wider than the window on every side (rows and columns wholly in the padding)
    "conv3x3_wide_pads_three_channels": Case(lambda r: pad_then_conv(r, 5, 6, 3, 4, (3, 3), (1, 1), ((4, 5), (4, 3)))),
    "dw3x3_wide_pads": Case(lambda r: pad_then_conv(r, 5, 6, 8, 8, (3, 3), (2, 1), ((4, 3), (5, 4)), depthwise=True)),
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
    # hybrid (dynamic-range) layers: LiteRT's hybrid kernels define them (ops.hybrid); fast scalar
    # and RVV kernels (the C906 runs the scalar ones)
    "hybrid_fc_asymmetric_3_batches": Case(
        lambda r: hybrid(r, "FULLY_CONNECTED", 3, (40,), 24, activation="RELU"), vector=S16_FAST
    ),
    "hybrid_fc_symmetric_per_tensor_no_bias": Case(
        lambda r: hybrid(r, "FULLY_CONNECTED", 2, (33,), 17, per_channel=False, bias=False, asymmetric=False),
        vector=S16_FAST,
    ),
    "hybrid_fc_deep_odd_units": Case(lambda r: hybrid(r, "FULLY_CONNECTED", 1, (301,), 7), vector=S16_FAST),
    "hybrid_conv_stride2_2_batches_relu6": Case(
        lambda r: hybrid(r, "CONV_2D", 2, (9, 7, 5), 6, stride=(2, 2), activation="RELU6"), vector=S16_FAST
    ),
    "hybrid_conv_dilated_valid": Case(
        lambda r: hybrid(r, "CONV_2D", 1, (8, 8, 4), 5, dilation=(2, 2), padding="VALID"), vector=S16_FAST
    ),
    "hybrid_conv_per_tensor_2_batches": Case(
        lambda r: hybrid(r, "CONV_2D", 2, (7, 6, 3), 8, per_channel=False, activation="RELU"), vector=S16_FAST
    ),
    "hybrid_conv_1x1_stride2_odd_channels": Case(  # the fast kernels read a 1x1 window in place
        lambda r: hybrid(r, "CONV_2D", 1, (7, 5, 19), 9, k=(1, 1), stride=(2, 2)), vector=S16_FAST
    ),
    "hybrid_conv_5x5_wide_input": Case(  # columns of 5 x 5 x 33 taps, past a vector's length
        lambda r: hybrid(r, "CONV_2D", 1, (6, 5, 33), 3, k=(5, 5), activation="RELU"), vector=S16_FAST
    ),
    "hybrid_depthwise_no_bias": Case(
        lambda r: hybrid(r, "DEPTHWISE_CONV_2D", 1, (6, 5, 4), 0, bias=False), vector=S16_FAST
    ),
    "hybrid_depthwise_multiplier2_relu": Case(
        lambda r: hybrid(r, "DEPTHWISE_CONV_2D", 1, (7, 6, 5), 0, mult=2, activation="RELU"), vector=S16_FAST
    ),
    "hybrid_depthwise_stride2_2_batches": Case(
        lambda r: hybrid(r, "DEPTHWISE_CONV_2D", 2, (8, 9, 6), 0, k=(3, 2), stride=(2, 2)), vector=S16_FAST
    ),
    "hybrid_depthwise_150_channels": Case(  # three calls of the sums a pixel (64, 64, 22), vector tails
        lambda r: hybrid(r, "DEPTHWISE_CONV_2D", 1, (4, 3, 150), 0, activation="RELU6"), vector=S16_FAST
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
    # the same stage in float32 and 16x8: their kernels take a band of rows too
    "f32_stage_inverted_residual": Case(lambda r: wide_stage(r, 34, 26, np.float32), vector=F32_CONV, tiled=True),
    "s16_stage_inverted_residual": Case(lambda r: wide_stage(r, 30, 38, np.int16), vector=S16_CONV, tiled=True),
    "add_residual_after_conv1x1": Case(
        lambda r: conv_residual(r, 6, 35, 3, 1, residual_first=False, activation="NONE"),
        inplace=True,
        vector=VECTOR,
        fused=True,
    ),
}
