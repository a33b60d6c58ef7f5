"""Models shaped like the public families rvfw's users bring, written with modelgen (seeded random
weights, activation scales from the weight statistics): the graphs TFLite's converters make for

- `mobilenetv2_torch`: MobileNetV2 exported from PyTorch: an NCHW float input, QUANTIZE and a
  TRANSPOSE to NHWC, PAD before every strided conv, inverted residual blocks, MEAN as the global pool;
- `mcunet_se`: an MCUNet / ProxylessNAS block with squeeze-excite (MEAN, two 1x1 convs, LOGISTIC,
  MUL by the channel vector), HARD_SWISH, and hard-swish again as the ADD / RELU6 / MUL chain
  PyTorch exports;
- `detector`: a small detection head: strided convs, RESIZE_NEAREST_NEIGHBOR x2 upsampling,
  CONCATENATION with the skip connection, a LOGISTIC output.

    python -m codegen.family_models OUT_DIR
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from codegen.modelgen import ModelBuilder

TARGET_STD = 32.0  # aimed spread of activations, in int8 steps


class Net:
    """A ModelBuilder that follows one running tensor and picks output scales from weight statistics."""

    def __init__(self, seed: int):
        self.m = ModelBuilder()
        self.rng = np.random.default_rng(seed)
        self.count = 0

    def name(self, what: str) -> str:
        self.count += 1
        return f"{what}{self.count}"

    def tensor(self, what: str, shape, scale: float, zero_point: int = -128) -> tuple[int, float, int]:
        return self.m.tensor(self.name(what), shape, scale=scale, zero_point=zero_point), scale, zero_point

    def conv(self, x, shape, cout, k=1, stride=1, padding="SAME", depthwise=False, activation="NONE", zp=-128):
        """x = (tensor, scale, zero point); shape its NHWC shape. Returns the output and its shape."""
        t, s_in, _ = x
        n, h, w, cin = shape
        cout = cin if depthwise else cout
        wshape = (1, k, k, cout) if depthwise else (cout, k, k, cin)
        q = self.rng.integers(-127, 128, size=wshape, dtype=np.int8)
        ws = self.rng.uniform(0.002, 0.02, size=cout).astype(np.float32)
        fan_in = k * k * (1 if depthwise else cin)
        s_out = float(np.float32(np.sqrt(fan_in) * 40.0 * 73.0 * float(np.mean(ws)) * s_in / TARGET_STD))
        wt = self.m.tensor(self.name("w"), wshape, scale=ws, data=q, axis=3 if depthwise else 0)
        b = self.m.tensor(self.name("b"), (cout,), np.int32, scale=ws * s_in,
                          data=self.rng.integers(-300, 300, cout, dtype=np.int32))  # fmt: skip
        if padding == "SAME":
            oh, ow = -(-h // stride), -(-w // stride)
        else:
            oh, ow = (h - k) // stride + 1, (w - k) // stride + 1
        out_shape = (n, oh, ow, cout)
        y = self.tensor("conv", out_shape, s_out, zp)
        kind = "DEPTHWISE_CONV_2D" if depthwise else "CONV_2D"
        extra = {"depth_multiplier": 1} if depthwise else {}
        self.m.op(kind, [t, wt, b], [y[0]], padding=padding, stride=(stride, stride), activation=activation, **extra)
        return y, out_shape

    def pad(self, x, shape, before, after):
        """PAD height and width (PyTorch's explicit padding before a VALID strided conv)."""
        t, s, z = x
        n, h, w, c = shape
        p = self.m.tensor(self.name("pads"), (4, 2), np.int32,
                          data=np.array([[0, 0], [before, after], [before, after], [0, 0]], np.int32))  # fmt: skip
        out_shape = (n, h + before + after, w + before + after, c)
        y = self.tensor("pad", out_shape, s, z)
        self.m.op("PAD", [t, p], [y[0]])
        return y, out_shape

    def const(self, value: float, like) -> int:
        """A scalar constant in its own int8 quantisation (127 steps span it)."""
        scale = float(np.float32(abs(value) / 127 if value else 1.0))
        return self.m.tensor(self.name("k"), (1,), scale=scale, zero_point=0, data=np.array([round(value / scale)]))

    def mean_hw(self, x, shape, keep_dims):
        t, s, z = x
        axes = self.m.tensor(self.name("axes"), (2,), np.int32, data=np.array([1, 2], np.int32))
        out_shape = (shape[0], 1, 1, shape[3]) if keep_dims else (shape[0], shape[3])
        y = self.tensor("mean", out_shape, s * 0.5, z // 2)
        self.m.op("MEAN", [t, axes], [y[0]], keep_dims=keep_dims)
        return y, out_shape

    def fc(self, x, depth, units):
        t, s_in, _ = x
        q = self.rng.integers(-127, 128, size=(units, depth), dtype=np.int8)
        ws = float(np.float32(0.004))
        wt = self.m.tensor(self.name("fcw"), (units, depth), scale=ws, data=q)
        b = self.m.tensor(self.name("fcb"), (units,), np.int32, scale=ws * s_in,
                          data=self.rng.integers(-300, 300, units, dtype=np.int32))  # fmt: skip
        s_out = float(np.float32(np.sqrt(depth) * 40.0 * 73.0 * ws * s_in / TARGET_STD))
        y = self.tensor("fc", (1, units), s_out, 0)
        self.m.op("FULLY_CONNECTED", [t, wt, b], [y[0]])
        return y


def mobilenetv2_torch() -> bytes:
    net = Net(101)
    m = net.m
    x_f = m.tensor("input_nchw", (1, 3, 24, 24), np.float32)
    xq = net.tensor("input_q", (1, 3, 24, 24), 0.02, -1)
    m.op("QUANTIZE", [x_f], [xq[0]])
    perm = m.tensor("perm", (4,), np.int32, data=np.array([0, 2, 3, 1], np.int32))
    x = net.tensor("nhwc", (1, 24, 24, 3), 0.02, -1)
    m.op("TRANSPOSE", [xq[0], perm], [x[0]])
    x, shape = net.pad(x, (1, 24, 24, 3), 0, 1)
    x, shape = net.conv(x, shape, 16, k=3, stride=2, padding="VALID", activation="RELU6")
    for expand, stride in ((3, 1), (4, 2)):
        block_in, block_shape = x, shape
        e, eshape = net.conv(x, shape, shape[3] * expand, activation="RELU6")
        if stride == 1:
            e, eshape = net.pad(e, eshape, 1, 1)
        else:
            e, eshape = net.pad(e, eshape, 0, 1)
        d, dshape = net.conv(e, eshape, 0, k=3, stride=stride, padding="VALID", depthwise=True, activation="RELU6")
        p, pshape = net.conv(d, dshape, 16 if stride == 1 else 24, zp=3)
        if stride == 1 and pshape == block_shape:
            s = float(np.float32(max(block_in[1], p[1]) * 1.5))
            y = net.tensor("residual", pshape, s, 0)
            m.op("ADD", [block_in[0], p[0]], [y[0]])
            p = y
        x, shape = p, pshape
    x, shape = net.conv(x, shape, 48, activation="RELU6")
    pooled, _ = net.mean_hw(x, shape, keep_dims=False)
    logits = net.fc(pooled, 48, 10)
    probs = net.tensor("probs", (1, 10), 1 / 256, -128)
    m.op("SOFTMAX", [logits[0]], [probs[0]], beta=1.0)
    return m.finish([x_f], [probs[0]], description="rvfw family model: MobileNetV2 from PyTorch (seeded)")


def _hard_swish_chain(net: Net, x, shape):
    """x * relu6(x + 3) / 6 as PyTorch exports it: ADD, RELU6, MUL, MUL."""
    m = net.m
    t, s, z = x
    shifted = net.tensor("plus3", shape, s * 1.2, z)
    m.op("ADD", [t, net.const(3.0, x)], [shifted[0]])
    clipped = net.tensor("relu6", shape, shifted[1], shifted[2])
    m.op("RELU6", [shifted[0]], [clipped[0]])
    product = net.tensor("times", shape, float(np.float32(s * 6 / 16)), -10)
    m.op("MUL", [t, clipped[0]], [product[0]])
    out = net.tensor("hswish", shape, float(np.float32(product[1] / 4)), -10)
    m.op("MUL", [product[0], net.const(1 / 6, x)], [out[0]])
    return out


def mcunet_se() -> bytes:
    net = Net(202)
    m = net.m
    x = net.tensor("input", (1, 16, 16, 8), 0.05, -5)
    graph_input = x[0]
    e, shape = net.conv(x, (1, 16, 16, 8), 24, zp=-20)
    hs = net.tensor("hardswish", shape, e[1] * 0.8, -100)
    m.op("HARD_SWISH", [e[0]], [hs[0]])
    d, shape = net.conv(hs, shape, 0, k=3, depthwise=True, activation="RELU")
    squeezed, sq_shape = net.mean_hw(d, shape, keep_dims=True)
    r, r_shape = net.conv(squeezed, sq_shape, 6, activation="RELU")
    g, _ = net.conv(r, r_shape, 24, zp=0)
    gate = net.tensor("gate", sq_shape, 1 / 256, -128)
    m.op("LOGISTIC", [g[0]], [gate[0]])
    excited = net.tensor("excited", shape, d[1] * 0.6, -128)
    m.op("MUL", [d[0], gate[0]], [excited[0]])
    p, pshape = net.conv(excited, shape, 8, zp=2)
    res = net.tensor("residual", pshape, float(np.float32(max(p[1], x[1]) * 1.5)), 0)
    m.op("ADD", [p[0], graph_input], [res[0]])
    out = _hard_swish_chain(net, res, pshape)
    pooled, _ = net.mean_hw(out, pshape, keep_dims=False)
    logits = net.fc(pooled, 8, 5)
    return m.finish([graph_input], [logits[0]], description="rvfw family model: MCUNet block with SE (seeded)")


def detector() -> bytes:
    net = Net(303)
    m = net.m
    x = net.tensor("image", (1, 20, 20, 3), 0.02, -1)
    c1, s1 = net.conv(x, (1, 20, 20, 3), 8, k=3, stride=2, activation="RELU")
    c2, s2 = net.conv(c1, s1, 16, k=3, stride=2, activation="RELU")
    # The upsampled map joins the skip connection: both in the skip's quantisation.
    c2 = (c2[0], c1[1], c1[2])
    m.tensors[c2[0]].scale, m.tensors[c2[0]].zero_point = (c1[1],), (c1[2],)
    size = m.tensor("size", (2,), np.int32, data=np.array([s1[1], s1[2]], np.int32))
    up = net.tensor("upsampled", (1, s1[1], s1[2], 16), c1[1], c1[2])
    m.op("RESIZE_NEAREST_NEIGHBOR", [c2[0], size], [up[0]])
    joined_shape = (1, s1[1], s1[2], 24)
    joined = net.tensor("concat", joined_shape, c1[1], c1[2])
    m.op("CONCATENATION", [c1[0], up[0]], [joined[0]], axis=3)
    head, hshape = net.conv(joined, joined_shape, 6, zp=0)
    scores = net.tensor("scores", hshape, 1 / 256, -128)
    m.op("LOGISTIC", [head[0]], [scores[0]])
    return m.finish([x[0]], [scores[0]], description="rvfw family model: detector head (seeded)")


FAMILY_MODELS = {"mobilenetv2_torch": mobilenetv2_torch, "mcunet_se": mcunet_se, "detector": detector}


def main(argv: list[str]) -> int:
    out = Path(argv[1] if len(argv) > 1 else "build/family_models")
    out.mkdir(parents=True, exist_ok=True)
    for name, build in FAMILY_MODELS.items():
        (out / f"{name}.tflite").write_bytes(build())
        print(f"wrote {out / name}.tflite")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
