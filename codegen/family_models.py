"""Models shaped like the public families rvfw's users bring, written with modelgen (seeded random
weights, activation scales from the weight statistics): the graphs TFLite's converters make for

- `mobilenetv2_torch`: MobileNetV2 exported from PyTorch: an NCHW float input, QUANTIZE and a
  TRANSPOSE to NHWC, PAD before every strided conv, inverted residual blocks, MEAN as the global pool;
- `mcunet_se`: an MCUNet / ProxylessNAS block with squeeze-excite (MEAN, two 1x1 convs, LOGISTIC,
  MUL by the channel vector), HARD_SWISH, and hard-swish again as the ADD / RELU6 / MUL chain
  PyTorch exports;
- `detector`: a small detection head: strided convs, RESIZE_NEAREST_NEIGHBOR x2 upsampling,
  CONCATENATION with the skip connection, a LOGISTIC output;
- `micro_speech`, `person_detect`: TFLite Micro's two example models in shape (their first
  layers are depthwise convolutions with depth multiplier 8 over one input channel);
- `kws_16x8`: an audio model quantised 16x8 (int16 activations, int8 weights, int64 bias);
- `tt_einsum_export`: a 128 -> 128 layer trained in Tensor-Train form as TensorFlow's converter
  exports its two `tf.einsum`s: FULLY_CONNECTED with keep_num_dims over rows and per-channel weights,
  RESHAPE / TRANSPOSE between them (the op sequence and permutations of TF 2.21's output);
- `svdf_kws` (STREAMING_MODELS): a keyword spotter of two SVDF layers whose state persists from
  one frame to the next;
- `lstm_kws` (STREAMING_MODELS): a keyword spotter on TFLite Micro's integer LSTM (int16 cell
  state), four frames per call, its hidden and cell states carried from call to call.

    python -m codegen.family_models OUT_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from codegen.modelgen import ModelBuilder

TARGET_STD = 32.0  # aimed spread of activations, in int8 steps


def _conv_float(
    x: np.ndarray, w: np.ndarray, bias: np.ndarray, stride: int, pads: tuple[int, int, int, int], depthwise: bool
) -> np.ndarray:
    """Float NHWC convolution (the shadow that picks output scales); w as the tensor stores it.
    Depthwise output channel oc reads input channel oc // depth multiplier."""
    top, bottom, left, right = pads
    xp = np.pad(x, ((0, 0), (top, bottom), (left, right), (0, 0)))
    k_h, k_w = w.shape[1], w.shape[2]
    if depthwise:
        xp = np.repeat(xp, w.shape[3] // x.shape[3], axis=3)
    oh, ow = (xp.shape[1] - k_h) // stride + 1, (xp.shape[2] - k_w) // stride + 1
    out = np.zeros((x.shape[0], oh, ow, w.shape[0] if not depthwise else w.shape[3]), np.float64)
    for ky in range(k_h):
        for kx in range(k_w):
            patch = xp[:, ky : ky + stride * oh : stride, kx : kx + stride * ow : stride, :]
            if depthwise:
                out += patch * w[0, ky, kx, :]
            else:
                out += np.einsum("nhwc,oc->nhwo", patch, w[:, ky, kx, :])
    return out + bias


def _same_pads(size: int, k: int, stride: int) -> tuple[int, int]:
    out = -(-size // stride)
    total = max((out - 1) * stride + k - size, 0)
    return total // 2, total - total // 2


class Net:
    """A ModelBuilder that follows one running tensor. Beside each int8 tensor it keeps a float
    shadow (the real values of a random input pushed through the float network) and picks each
    output's scale and zero point from the shadow's range, so activations use the int8 range
    layer after layer instead of fading or saturating."""

    def __init__(self, seed: int):
        self.m = ModelBuilder()
        self.rng = np.random.default_rng(seed)
        self.count = 0
        self.shadow: dict[int, np.ndarray] = {}

    def name(self, what: str) -> str:
        self.count += 1
        return f"{what}{self.count}"

    def tensor(self, what: str, shape, scale: float, zero_point: int = -128) -> tuple[int, float, int]:
        return self.m.tensor(self.name(what), shape, scale=scale, zero_point=zero_point), scale, zero_point

    def input(self, what: str, shape, scale: float, zero_point: int, dtype=np.int8) -> tuple[int, float, int]:
        index = self.m.tensor(what, shape, dtype, scale=None if dtype is np.float32 else scale,
                              zero_point=zero_point)  # fmt: skip
        self.shadow[index] = scale * (self.rng.integers(-128, 128, shape) - zero_point)
        return index, scale, zero_point

    def fitted(self, what: str, values: np.ndarray, nonnegative: bool = False) -> tuple[int, float, int]:
        """A tensor for `values`: scale from their range (a RELU's output starts at zero point -128)."""
        lo, hi = (0.0, float(values.max())) if nonnegative else (float(values.min()), float(values.max()))
        lo, hi = min(lo, 0.0), max(hi, 0.0)
        scale = float(np.float32(max(hi - lo, 1e-6) / 255))
        zero_point = int(np.clip(round(-128 - lo / scale), -128, 127))
        t = self.tensor(what, values.shape, scale, zero_point)
        self.shadow[t[0]] = values
        return t

    def conv(self, x, shape, cout, k=1, stride=1, padding="SAME", depthwise=False, activation="NONE", gain=1.0,
             multiplier=1):  # fmt: skip
        """x = (tensor, scale, zero point); shape its NHWC shape; k an int or (height, width); gain
        scales the weights (to keep what follows, a LOGISTIC say, out of saturation); multiplier is
        a depthwise layer's depth multiplier. Returns the output and its shape."""
        t, s_in, _ = x
        n, h, w, cin = shape
        k_h, k_w = (k, k) if isinstance(k, int) else k
        cout = cin * multiplier if depthwise else cout
        wshape = (1, k_h, k_w, cout) if depthwise else (cout, k_h, k_w, cin)
        q = self.rng.integers(-127, 128, size=wshape, dtype=np.int8)
        ws = (self.rng.uniform(0.002, 0.02, size=cout) * gain).astype(np.float32)
        bias = self.rng.integers(-300, 300, cout, dtype=np.int32)
        wt = self.m.tensor(self.name("w"), wshape, scale=ws, data=q, axis=3 if depthwise else 0)
        b = self.m.tensor(self.name("b"), (cout,), np.int32, scale=ws * s_in, data=bias)
        axis = 3 if depthwise else 0
        real_w = q * ws.reshape([-1 if d == axis else 1 for d in range(4)])
        pads = (*_same_pads(h, k_h, stride), *_same_pads(w, k_w, stride)) if padding == "SAME" else (0, 0, 0, 0)
        values = _conv_float(self.shadow[t], real_w, bias * ws * s_in, stride, pads, depthwise)
        if activation == "RELU":
            values = np.maximum(values, 0)
        elif activation == "RELU6":
            values = np.clip(values, 0, 6)
        y = self.fitted("conv", values, nonnegative=activation != "NONE")
        kind = "DEPTHWISE_CONV_2D" if depthwise else "CONV_2D"
        extra = {"depth_multiplier": multiplier} if depthwise else {}
        self.m.op(kind, [t, wt, b], [y[0]], padding=padding, stride=(stride, stride), activation=activation, **extra)
        return y, values.shape

    def pad(self, x, shape, before, after):
        """PAD height and width (PyTorch's explicit padding before a VALID strided conv)."""
        t, s, z = x
        amounts = [[0, 0], [before, after], [before, after], [0, 0]]
        p = self.m.tensor(self.name("pads"), (4, 2), np.int32, data=np.array(amounts, np.int32))
        values = np.pad(self.shadow[t], amounts)
        y = self.tensor("pad", values.shape, s, z)
        self.shadow[y[0]] = values
        self.m.op("PAD", [t, p], [y[0]])
        return y, values.shape

    def same(self, what: str, x, values: np.ndarray) -> tuple[int, float, int]:
        """A tensor in x's quantisation (ops that move bytes)."""
        y = self.tensor(what, values.shape, x[1], x[2])
        self.shadow[y[0]] = values
        return y

    def const(self, value: float) -> int:
        """A scalar constant in its own int8 quantisation (127 steps span it)."""
        scale = float(np.float32(abs(value) / 127 if value else 1.0))
        index = self.m.tensor(self.name("k"), (1,), scale=scale, zero_point=0, data=np.array([round(value / scale)]))
        self.shadow[index] = np.array([value])
        return index

    def mean_hw(self, x, keep_dims):
        values = self.shadow[x[0]].mean(axis=(1, 2), keepdims=keep_dims)
        axes = self.m.tensor(self.name("axes"), (2,), np.int32, data=np.array([1, 2], np.int32))
        y = self.fitted("mean", values)
        self.m.op("MEAN", [x[0], axes], [y[0]], keep_dims=keep_dims)
        return y, values.shape

    def binary(self, kind: str, a: int, b: int, activation: str = "NONE"):
        va, vb = self.shadow[a], self.shadow[b]
        values = {"ADD": va + vb, "MUL": va * vb, "SUB": va - vb}[kind]
        if activation == "RELU":
            values = np.maximum(values, 0)
        y = self.fitted(kind.lower(), values, nonnegative=activation != "NONE")
        self.m.op(kind, [a, b], [y[0]], activation=activation)
        return y

    def unary(self, kind: str, x, values: np.ndarray, quant: tuple[float, int] | None = None):
        """An activation: its float values, and the output quantisation TFLM fixes for it, if any."""
        if quant is None:
            y = self.fitted(kind.lower(), values)
        else:
            y = self.tensor(kind.lower(), values.shape, *quant)
            self.shadow[y[0]] = values
        self.m.op(kind, [x[0]], [y[0]])
        return y

    def fc(self, x, depth, units, gain=1.0):
        t, s_in, _ = x
        q = self.rng.integers(-127, 128, size=(units, depth), dtype=np.int8)
        ws = float(np.float32(0.01 * gain))
        bias = self.rng.integers(-300, 300, units, dtype=np.int32)
        wt = self.m.tensor(self.name("fcw"), (units, depth), scale=ws, data=q)
        b = self.m.tensor(self.name("fcb"), (units,), np.int32, scale=ws * s_in, data=bias)
        values = self.shadow[t].reshape(-1, depth) @ (q * ws).T + bias * ws * s_in
        y = self.fitted("fc", values)
        self.m.op("FULLY_CONNECTED", [t, wt, b], [y[0]])
        return y


def mobilenetv2_torch() -> bytes:
    net = Net(101)
    m = net.m
    x_f = m.tensor("input_nchw", (1, 3, 24, 24), np.float32)
    xq = net.input("input_q", (1, 3, 24, 24), 0.02, -1)
    m.op("QUANTIZE", [x_f], [xq[0]])
    perm = m.tensor("perm", (4,), np.int32, data=np.array([0, 2, 3, 1], np.int32))
    x = net.same("nhwc", xq, np.transpose(net.shadow[xq[0]], (0, 2, 3, 1)))
    m.op("TRANSPOSE", [xq[0], perm], [x[0]])
    x, shape = net.pad(x, (1, 24, 24, 3), 0, 1)
    x, shape = net.conv(x, shape, 16, k=3, stride=2, padding="VALID", activation="RELU6")
    for expand, stride, cout in ((3, 1, 16), (4, 2, 24)):
        block_in, _block_shape = x, shape
        e, eshape = net.conv(x, shape, shape[3] * expand, activation="RELU6")
        e, eshape = net.pad(e, eshape, *((1, 1) if stride == 1 else (0, 1)))
        d, dshape = net.conv(e, eshape, 0, k=3, stride=stride, padding="VALID", depthwise=True, activation="RELU6")
        x, shape = net.conv(d, dshape, cout)
        if stride == 1:
            x = net.binary("ADD", block_in[0], x[0])
    x, shape = net.conv(x, shape, 48, activation="RELU6")
    pooled, _ = net.mean_hw(x, keep_dims=False)
    logits = net.fc(pooled, 48, 10)
    probs = net.tensor("probs", (1, 10), 1 / 256, -128)
    m.op("SOFTMAX", [logits[0]], [probs[0]], beta=1.0)
    return m.finish([x_f], [probs[0]], description="rvfw family model: MobileNetV2 from PyTorch (seeded)")


def _hard_swish_chain(net: Net, x):
    """x * relu6(x + 3) / 6 as PyTorch exports it: ADD, RELU6, MUL, MUL."""
    shifted = net.binary("ADD", x[0], net.const(3.0))
    clipped = net.unary("RELU6", shifted, np.clip(net.shadow[shifted[0]], 0, 6), quant=shifted[1:])
    product = net.binary("MUL", x[0], clipped[0])
    return net.binary("MUL", product[0], net.const(1 / 6))


def mcunet_se() -> bytes:
    net = Net(202)
    x = net.input("input", (1, 16, 16, 8), 0.05, -5)
    e, shape = net.conv(x, (1, 16, 16, 8), 24)
    v = net.shadow[e[0]]
    hs = net.unary("HARD_SWISH", e, v * np.clip(v + 3, 0, 6) / 6)
    d, shape = net.conv(hs, shape, 0, k=3, depthwise=True, activation="RELU")
    squeezed, sq_shape = net.mean_hw(d, keep_dims=True)
    r, r_shape = net.conv(squeezed, sq_shape, 6, activation="RELU")
    g, _ = net.conv(r, r_shape, 24, gain=0.05)
    gate = net.unary("LOGISTIC", g, 1 / (1 + np.exp(-net.shadow[g[0]])), quant=(1 / 256, -128))
    excited = net.binary("MUL", d[0], gate[0])
    p, pshape = net.conv(excited, shape, 8, gain=0.2)
    res = net.binary("ADD", p[0], x[0])
    out = _hard_swish_chain(net, res)
    pooled, _ = net.mean_hw(out, keep_dims=False)
    logits = net.fc(pooled, 8, 5)
    return net.m.finish([x[0]], [logits[0]], description="rvfw family model: MCUNet block with SE (seeded)")


def detector() -> bytes:
    net = Net(303)
    m = net.m
    x = net.input("image", (1, 20, 20, 3), 0.02, -1)
    c1, s1 = net.conv(x, (1, 20, 20, 3), 8, k=3, stride=2, activation="RELU")
    c2, s2 = net.conv(c1, s1, 16, k=3, stride=2, activation="RELU")
    # The upsampled map joins the skip connection: both in the skip's quantisation.
    m.tensors[c2[0]].scale, m.tensors[c2[0]].zero_point = (c1[1],), (c1[2],)
    c2 = (c2[0], c1[1], c1[2])
    size = m.tensor("size", (2,), np.int32, data=np.array([s1[1], s1[2]], np.int32))
    up = net.same("upsampled", c2, net.shadow[c2[0]].repeat(2, axis=1).repeat(2, axis=2))
    m.op("RESIZE_NEAREST_NEIGHBOR", [c2[0], size], [up[0]])
    joined = net.same("concat", c1, np.concatenate([net.shadow[c1[0]], net.shadow[up[0]]], axis=3))
    m.op("CONCATENATION", [c1[0], up[0]], [joined[0]], axis=3)
    head, _ = net.conv(joined, net.shadow[joined[0]].shape, 6, gain=0.1)
    scores = net.unary("LOGISTIC", head, 1 / (1 + np.exp(-net.shadow[head[0]])), quant=(1 / 256, -128))
    return m.finish([x[0]], [scores[0]], description="rvfw family model: detector head (seeded)")


def svdf_kws() -> bytes:
    """A streaming keyword spotter in the shape of TFLite Micro's SVDF examples: each step one
    frame of 40 features through two SVDF layers (int16 time weights and state, ranks 2 and 1)
    and a fully connected classifier. The states carry the last frames from step to step."""
    rng = np.random.default_rng(404)
    m = ModelBuilder()
    x = m.tensor("frame", (1, 40), scale=0.05, zero_point=-3)
    t, s_in, n_in = x, 0.05, 40
    for layer, (units, rank, memory) in enumerate(((24, 2, 8), (16, 1, 6))):
        filters = units * rank
        s_f, s_t = 0.01, 0.002
        s_state = float(np.float32(s_in * s_f * 40 * 73 * np.sqrt(n_in) / 4096))
        wf = m.tensor(f"svdf{layer}/weights_feature", (filters, n_in), scale=s_f,
                      data=rng.integers(-127, 128, (filters, n_in)))  # fmt: skip
        wt = m.tensor(f"svdf{layer}/weights_time", (filters, memory), np.int16, scale=s_t,
                      data=rng.integers(-20000, 20000, (filters, memory)))  # fmt: skip
        b = m.tensor(f"svdf{layer}/bias", (units,), np.int32, scale=s_state * s_t,
                     data=rng.integers(-3000, 3000, units))  # fmt: skip
        state = m.tensor(f"svdf{layer}/state", (1, filters * memory), np.int16, scale=s_state, variable=True)
        s_out = float(np.float32(s_state * s_t * np.sqrt(memory * rank) * 4000 * 15000 / 32))
        y = m.tensor(f"svdf{layer}/output", (1, units), scale=s_out, zero_point=-10)
        m.op("SVDF", [t, wf, wt, b, state], [y], rank=rank)
        t, s_in, n_in = y, s_out, units
    w = m.tensor("fc/weights", (4, n_in), scale=0.01, data=rng.integers(-127, 128, (4, n_in)))
    bias = m.tensor("fc/bias", (4,), np.int32, scale=0.01 * s_in, data=rng.integers(-500, 500, 4))
    logits = m.tensor("logits", (1, 4), scale=float(np.float32(s_in * 0.01 * 40 * 73 * np.sqrt(n_in) / 32)),
                      zero_point=0)  # fmt: skip
    m.op("FULLY_CONNECTED", [t, w, bias], [logits])
    probs = m.tensor("probs", (1, 4), scale=1 / 256, zero_point=-128)
    m.op("SOFTMAX", [logits], [probs], beta=1.0)
    return m.finish([x], [probs], description="rvfw family model: SVDF keyword spotter (seeded)")


def lstm_kws() -> bytes:
    """A streaming LSTM keyword spotter as TFLite's converter writes it: four frames of 40
    features per call through a 32-unit UNIDIRECTIONAL_SEQUENCE_LSTM (int8 weights and hidden
    state, int16 cell state of scale 2^-11, both variables), then a classifier over the four
    outputs and SOFTMAX."""
    rng = np.random.default_rng(606)
    m = ModelBuilder()
    frames, n_in, units = 4, 40, 32
    s_in, s_h = 1 / 64, 1 / 128
    x = m.tensor("frames", (1, frames, n_in), scale=s_in, zero_point=-5)
    inputs = [x]
    for k in range(8):  # input-side then recurrent-side weights of the input, forget, cell and output gates
        depth = n_in if k < 4 else units
        scale = float(np.float32(1.5 / (np.sqrt(depth) * 40)))
        inputs.append(m.tensor(f"lstm/w{k}", (units, depth), scale=scale, data=rng.integers(-127, 128, (units, depth))))
    inputs += [-1, -1, -1]  # no peephole
    for k in range(4):
        inputs.append(m.tensor(f"lstm/b{k}", (units,), np.int32, scale=s_in * m.tensors[inputs[1 + k]].scale[0],
                               data=rng.integers(-4000, 4000, units)))  # fmt: skip
    inputs += [-1, -1]  # no projection
    inputs.append(m.tensor("lstm/hidden", (1, units), scale=s_h, zero_point=3, variable=True))
    inputs.append(m.tensor("lstm/cell", (1, units), np.int16, scale=2.0**-11, variable=True))
    inputs += [-1, -1, -1, -1]  # no layer norm
    seq = m.tensor("lstm/output", (1, frames, units), scale=s_h, zero_point=3)
    m.op("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [seq], activation="TANH", time_major=False)
    flat = m.tensor("flat", (1, frames * units), scale=s_h, zero_point=3)
    shape = m.tensor("flat/shape", (2,), np.int32, data=np.array([1, frames * units]))
    m.op("RESHAPE", [seq, shape], [flat])
    w = m.tensor("fc/weights", (4, frames * units), scale=0.01, data=rng.integers(-127, 128, (4, frames * units)))
    bias = m.tensor("fc/bias", (4,), np.int32, scale=0.01 * s_h, data=rng.integers(-500, 500, 4))
    logits = m.tensor("logits", (1, 4), scale=float(np.float32(s_h * 0.01 * 60 * 73 * np.sqrt(frames * units) / 32)),
                      zero_point=0)  # fmt: skip
    m.op("FULLY_CONNECTED", [flat, w, bias], [logits])
    probs = m.tensor("probs", (1, 4), scale=1 / 256, zero_point=-128)
    m.op("SOFTMAX", [logits], [probs], beta=1.0)
    return m.finish([x], [probs], description="rvfw family model: LSTM keyword spotter (seeded)")


def kws_16x8() -> bytes:
    """An audio model quantised 16x8 (int16 activations, int8 weights, int64 bias), as TFLite's
    16x8 converter makes them: a float input QUANTIZEd to int16, convolutions, a residual ADD, a
    classifier, and DEQUANTIZE back to float."""
    rng = np.random.default_rng(505)
    m = ModelBuilder()
    x_f = m.tensor("features", (1, 16, 8, 1), np.float32)
    s = 4.0 / 32768
    x = m.tensor("features_q", (1, 16, 8, 1), np.int16, scale=s, zero_point=0)
    m.op("QUANTIZE", [x_f], [x])
    t, shape = x, (1, 16, 8, 1)
    for k, (kind, cout, k_hw, stride) in enumerate((("CONV_2D", 8, 3, 2), ("DEPTHWISE_CONV_2D", 8, 3, 1),
                                                     ("CONV_2D", 8, 1, 1))):  # fmt: skip
        cin = shape[3]
        wshape = (1, k_hw, k_hw, cout) if kind == "DEPTHWISE_CONV_2D" else (cout, k_hw, k_hw, cin)
        axis = 3 if kind == "DEPTHWISE_CONV_2D" else 0
        ws = rng.uniform(0.002, 0.02, cout).astype(np.float32)
        w = m.tensor(f"w{k}", wshape, scale=ws, data=rng.integers(-127, 128, wshape), axis=axis)
        b = m.tensor(f"b{k}", (cout,), np.int64, scale=ws * s, data=rng.integers(-200000, 200000, cout))
        fan = k_hw * k_hw * (1 if kind == "DEPTHWISE_CONV_2D" else cin)
        out_s = float(np.float32(s * float(ws.mean()) * 73 * np.sqrt(fan) * 8000 / 8000))
        shape = (1, -(-shape[1] // stride), -(-shape[2] // stride), cout)
        y = m.tensor(f"y{k}", shape, np.int16, scale=out_s, zero_point=0)
        extra = {"depth_multiplier": 1} if kind == "DEPTHWISE_CONV_2D" else {}
        m.op(kind, [t, w, b], [y], padding="SAME", stride=(stride, stride), activation="RELU", **extra)
        if k == 1:
            residual = y
        t, s = y, out_s
    summed = m.tensor("residual", shape, np.int16, scale=float(np.float32(s * 2)), zero_point=0)
    m.op("ADD", [residual, t], [summed])
    flat = m.tensor("flat", (1, int(np.prod(shape))), np.int16, scale=float(np.float32(s * 2)), zero_point=0)
    m.op("RESHAPE", [summed], [flat])
    depth = int(np.prod(shape))
    w = m.tensor("fc/w", (4, depth), scale=0.004, data=rng.integers(-127, 128, (4, depth)))
    b = m.tensor("fc/b", (4,), np.int64, scale=0.004 * s * 2, data=rng.integers(-50000, 50000, 4))
    logits = m.tensor("logits", (1, 4), np.int16, scale=float(np.float32(s * 2 * 0.004 * 73 * np.sqrt(depth))),
                      zero_point=0)  # fmt: skip
    m.op("FULLY_CONNECTED", [flat, w, b], [logits])
    out = m.tensor("scores", (1, 4), np.float32)
    m.op("DEQUANTIZE", [logits], [out])
    return m.finish([x_f], [out], description="rvfw family model: 16x8 keyword spotter (seeded)")


def micro_speech() -> bytes:
    """TFLite Micro's micro_speech example in shape: a 49x40 spectrogram, one depthwise 10x8
    stride-2 layer with depth multiplier 8 over the single input channel (the converter's form of
    a one-channel convolution), a fully connected classifier over its 4,000 outputs, SOFTMAX."""
    net = Net(707)
    x = net.input("spectrogram", (1, 49, 40, 1), 0.1, -128)
    d, shape = net.conv(x, (1, 49, 40, 1), 0, k=(10, 8), stride=2, depthwise=True, activation="RELU", multiplier=8)
    flat = net.same("flat", d, net.shadow[d[0]].reshape(1, -1))
    shape_t = net.m.tensor("flat/shape", (2,), np.int32, data=np.array([1, int(np.prod(shape))], np.int32))
    net.m.op("RESHAPE", [d[0], shape_t], [flat[0]])
    logits = net.fc(flat, int(np.prod(shape)), 4, gain=0.0005)  # logits SOFTMAX does not saturate
    probs = net.tensor("probs", (1, 4), 1 / 256, -128)
    net.m.op("SOFTMAX", [logits[0]], [probs[0]], beta=1.0)
    return net.m.finish([x[0]], [probs[0]], description="rvfw family model: micro_speech shape (seeded)")


def person_detect() -> bytes:
    """TFLite Micro's person_detection example in shape: MobileNet v1 at width 0.25 on a 96x96
    grayscale image; its first layer is a depthwise 3x3 stride-2 convolution with depth multiplier
    8 (the converter's form of a one-channel convolution), then 13 depthwise/pointwise pairs, an
    average pool, a 1x1 classifier and SOFTMAX."""
    net = Net(808)
    x = net.input("image", (1, 96, 96, 1), 0.02, -128)
    y, shape = net.conv(x, (1, 96, 96, 1), 0, k=3, stride=2, depthwise=True, activation="RELU6", multiplier=8)
    for stride, cout in ((1, 16), (2, 32), (1, 32), (2, 64), (1, 64), (2, 128), (1, 128), (1, 128), (1, 128),
                         (1, 128), (1, 128), (2, 256), (1, 256)):  # fmt: skip
        y, shape = net.conv(y, shape, 0, k=3, stride=stride, depthwise=True, activation="RELU6")
        y, shape = net.conv(y, shape, cout, activation="RELU6")
    pooled = net.shadow[y[0]].mean(axis=(1, 2), keepdims=True)
    p = net.same("pool", y, pooled)  # TFLite Micro's int8 AVERAGE_POOL_2D keeps its input's quantisation
    net.m.op("AVERAGE_POOL_2D", [y[0]], [p[0]], padding="VALID", stride=(1, 1), filter=(shape[1], shape[2]))
    logits, _ = net.conv(p, pooled.shape, 2, gain=0.01)  # logits SOFTMAX does not saturate
    flat = net.same("flat", logits, net.shadow[logits[0]].reshape(1, 2))
    shape_t = net.m.tensor("flat/shape", (2,), np.int32, data=np.array([1, 2], np.int32))
    net.m.op("RESHAPE", [logits[0], shape_t], [flat[0]])
    probs = net.tensor("probs", (1, 2), 1 / 256, -128)
    net.m.op("SOFTMAX", [flat[0]], [probs[0]], beta=1.0)
    return net.m.finish([x[0]], [probs[0]], description="rvfw family model: person_detection shape (seeded)")


def tt_einsum_export(m1: int = 8, m2: int = 16, n1: int = 8, n2: int = 16, rank: int = 8) -> bytes:
    """x[1, m1 * m2] -> einsum("bij,jkr->bikr", x, G2) -> einsum("bikr,rin->bnk", ., G1) -> [1, n1 * n2],
    as TensorFlow 2.21 converts it to int8: RESHAPE, FULLY_CONNECTED (rows b * m1, outputs n2 * rank),
    RESHAPE, TRANSPOSE (0, 2, 1, 3), RESHAPE, FULLY_CONNECTED (rows b * n2, outputs n1), TRANSPOSE
    (0, 2, 1), RESHAPE; per-channel weights, the second FC with a bias."""
    net = Net(909)
    x = net.input("x", (1, m1 * m2), 0.05, 0)

    def reshape(t, shape):
        y = net.same("reshape", t, net.shadow[t[0]].reshape(shape))
        s = net.m.tensor(net.name("shape"), (len(shape),), np.int32, data=np.array(shape, np.int32))
        net.m.op("RESHAPE", [t[0], s], [y[0]])
        return y

    def transpose(t, perm):
        y = net.same("transpose", t, net.shadow[t[0]].transpose(perm))
        s = net.m.tensor(net.name("perm"), (len(perm),), np.int32, data=np.array(perm, np.int32))
        net.m.op("TRANSPOSE", [t[0], s], [y[0]])
        return y

    def fc(t, depth, units, bias: bool):
        q = net.rng.integers(-127, 128, size=(units, depth), dtype=np.int8)
        ws = net.rng.uniform(0.005, 0.02, units).astype(np.float32)
        wt = net.m.tensor(net.name("w"), (units, depth), scale=ws, data=q, axis=0)
        inputs = [t[0], wt]
        values = net.shadow[t[0]] @ (q * ws[:, None]).T
        if bias:
            b = net.rng.integers(-300, 300, units, dtype=np.int32)
            inputs.append(net.m.tensor(net.name("b"), (units,), np.int32, scale=ws * t[1], data=b))
            values = values + b * ws * t[1]
        y = net.fitted("einsum", values)
        net.m.op("FULLY_CONNECTED", inputs, [y[0]], keep_num_dims=True)
        return y

    h = fc(reshape(x, (1, m1, m2)), m2, n2 * rank, bias=False)
    h = reshape(transpose(reshape(h, (1, m1, n2, rank)), (0, 2, 1, 3)), (1, n2, m1 * rank))
    y = reshape(transpose(fc(h, m1 * rank, n1, bias=True), (0, 2, 1)), (1, n1 * n2))
    return net.m.finish([x[0]], [y[0]], description="rvfw family model: tf.einsum TT layer as TFLite exports it")


FAMILY_MODELS = {"mobilenetv2_torch": mobilenetv2_torch, "mcunet_se": mcunet_se, "detector": detector,
                 "kws_16x8": kws_16x8, "micro_speech": micro_speech, "person_detect": person_detect,
                 "tt_einsum_export": tt_einsum_export}  # fmt: skip
# Models with state: checked over several steps (their variable tensors carry over).
STREAMING_MODELS = {"svdf_kws": svdf_kws, "lstm_kws": lstm_kws}


def main(argv: list[str]) -> int:
    out = Path(argv[1] if len(argv) > 1 else "build/family_models")
    out.mkdir(parents=True, exist_ok=True)
    for name, build in {**FAMILY_MODELS, **STREAMING_MODELS}.items():
        (out / f"{name}.tflite").write_bytes(build())
        print(f"wrote {out / name}.tflite")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
