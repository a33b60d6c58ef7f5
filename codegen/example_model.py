"""The bundled example: a small keyword-spotting-shaped int8 network that rvfw makes itself.

Float input (49x10 MFCC-like features) -> QUANTIZE -> PAD -> CONV_2D -> DEPTHWISE_CONV_2D (x2)
-> CONV_2D 1x1 -> residual ADD -> QUANTIZE (rescale) -> MAX_POOL_2D -> AVERAGE_POOL_2D
-> RESHAPE -> FULLY_CONNECTED -> SOFTMAX -> DEQUANTIZE: every op of rvfw's first release, and PAD.
Weights are seeded random; activation scales follow from the weight statistics so that
activations use the int8 range instead of saturating.

    python -m codegen.example_model examples/tiny_kws.tflite
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import numpy as np

from codegen.modelgen import ModelBuilder

SEED = 2026
TARGET_STD = 32.0  # aimed spread of activations, in int8 steps


def _weights(rng, shape, per_channel_axis=None):
    """Random int8 weights and per-channel (or per-tensor) scales."""
    q = rng.integers(-127, 128, size=shape, dtype=np.int8)
    channels = shape[per_channel_axis] if per_channel_axis is not None else 1
    scales = rng.uniform(0.002, 0.02, size=channels).astype(np.float32)
    return q, scales


def _output_scale(in_scale, w_scales, fan_in, in_std=40.0, w_std=73.0):
    """Pick an output scale so that outputs spread about TARGET_STD steps."""
    acc_std = np.sqrt(fan_in) * in_std * w_std * float(np.mean(w_scales)) * in_scale
    return float(np.float32(acc_std / TARGET_STD))


def build_tiny_kws(rename: Callable[[str], str | bytes] | None = None) -> bytes:
    """rename: each tensor's name becomes rename(name) (the crafted models of tests/data/crafted:
    the same network under names a hostile file could carry)."""
    rng = np.random.default_rng(SEED)
    m = ModelBuilder()
    x_f = m.tensor("input", (1, 49, 10, 1), np.float32)
    s_in = 0.05
    x = m.tensor("input_int8", (1, 49, 10, 1), scale=s_in, zero_point=-3)
    m.op("QUANTIZE", [x_f], [x])

    w0, ws0 = _weights(rng, (8, 3, 3, 1), 0)
    s0 = _output_scale(s_in, ws0, 9)
    w0_t = m.tensor("conv0/weights", w0.shape, scale=ws0, zero_point=0, data=w0, axis=0)
    b0_t = m.tensor("conv0/bias", (8,), np.int32, scale=ws0 * s_in, data=rng.integers(-500, 500, 8, dtype=np.int32))
    c0 = m.tensor("conv0", (1, 25, 5, 8), scale=s0, zero_point=-128)
    # PAD then a VALID strided conv, as PyTorch exports SAME convs (rvfw folds the PAD back).
    pads = m.tensor("conv0/paddings", (4, 2), np.int32, data=np.array([[0, 0], [1, 1], [0, 1], [0, 0]], np.int32))
    x_pad = m.tensor("input_padded", (1, 51, 11, 1), scale=s_in, zero_point=-3)
    m.op("PAD", [x, pads], [x_pad])
    m.op("CONV_2D", [x_pad, w0_t, b0_t], [c0], padding="VALID", stride=(2, 2), activation="RELU")

    w1, ws1 = _weights(rng, (1, 3, 3, 16), 3)
    s1 = _output_scale(s0, ws1, 9)
    w1_t = m.tensor("dw1/weights", w1.shape, scale=ws1, zero_point=0, data=w1, axis=3)
    b1_t = m.tensor("dw1/bias", (16,), np.int32, scale=ws1 * s0, data=rng.integers(-300, 300, 16, dtype=np.int32))
    c1 = m.tensor("dw1", (1, 25, 5, 16), scale=s1, zero_point=-128)
    m.op(
        "DEPTHWISE_CONV_2D",
        [c0, w1_t, b1_t],
        [c1],
        padding="SAME",
        stride=(1, 1),
        depth_multiplier=2,
        activation="RELU6",
    )

    w2, ws2 = _weights(rng, (8, 1, 1, 16), 0)
    s2 = _output_scale(s1, ws2, 16)
    w2_t = m.tensor("pw2/weights", w2.shape, scale=ws2, zero_point=0, data=w2, axis=0)
    b2_t = m.tensor("pw2/bias", (8,), np.int32, scale=ws2 * s1, data=rng.integers(-300, 300, 8, dtype=np.int32))
    c2 = m.tensor("pw2", (1, 25, 5, 8), scale=s2, zero_point=5)
    m.op("CONV_2D", [c1, w2_t, b2_t], [c2], padding="VALID", stride=(1, 1))

    s3 = float(np.float32(max(s0, s2) * 1.5))
    c3 = m.tensor("residual", (1, 25, 5, 8), scale=s3, zero_point=-128)
    m.op("ADD", [c0, c2], [c3], activation="RELU")

    s4 = float(np.float32(s3 * 0.75))
    c4 = m.tensor("rescaled", (1, 25, 5, 8), scale=s4, zero_point=-100)
    m.op("QUANTIZE", [c3], [c4])

    c5 = m.tensor("maxpool", (1, 12, 2, 8), scale=s4, zero_point=-100)
    m.op("MAX_POOL_2D", [c4], [c5], padding="VALID", stride=(2, 2), filter=(2, 2))
    c6 = m.tensor("avgpool", (1, 1, 1, 8), scale=s4, zero_point=-100)
    m.op("AVERAGE_POOL_2D", [c5], [c6], padding="VALID", stride=(12, 2), filter=(12, 2))
    c7 = m.tensor("flatten", (1, 8), scale=s4, zero_point=-100)
    m.op("RESHAPE", [c6], [c7])

    w8, ws8 = _weights(rng, (4, 8))
    ws8 = ws8 / 100.0  # pooled features are large in real units; keep the logits to a few units
    s8 = 0.05
    w8_t = m.tensor("fc/weights", w8.shape, scale=ws8, zero_point=0, data=w8)
    b8_t = m.tensor("fc/bias", (4,), np.int32, scale=ws8 * s4, data=rng.integers(-200, 200, 4, dtype=np.int32))
    c8 = m.tensor("logits", (1, 4), scale=s8, zero_point=0)
    m.op("FULLY_CONNECTED", [c7, w8_t, b8_t], [c8])

    c9 = m.tensor("probabilities_int8", (1, 4), scale=1.0 / 256, zero_point=-128)
    m.op("SOFTMAX", [c8], [c9], beta=1.0)
    y = m.tensor("probabilities", (1, 4), np.float32)
    m.op("DEQUANTIZE", [c9], [y])
    if rename is not None:
        for t in m.tensors:
            t.name = rename(t.name)
    return m.finish([x_f], [y], description="rvfw example: tiny_kws (seeded random weights)")


def main(argv: list[str]) -> int:
    out = Path(argv[1] if len(argv) > 1 else "examples/tiny_kws.tflite")
    out.write_bytes(build_tiny_kws())
    print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
