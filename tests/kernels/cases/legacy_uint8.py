"""Legacy uint8 models (passes.uint8_as_int8: uint8 tensors run as int8 ones, zero points and bytes
moved by 128), checked against LiteRT's reference kernels, which TFLite Micro lacks for uint8: each
op the pass names in the probe's form (tests/fuzz/litert_probe.py, activations at zero point 128),
then the same ops at zero points far from 128 and a small uint8 network whose own inputs and
outputs stay uint8."""

from __future__ import annotations

import numpy as np

from codegen.modelgen import ModelBuilder
from tests.kernels.cases.common import Case
from tests.kernels.cases.data_movement import litert_form

SCALAR_PAIR = ("rv64-ref", "rv32-scalar")
SHIFTED_FORMS = ("ADD", "SUB", "MUL", "MAXIMUM", "MINIMUM", "EQUAL", "NOT_EQUAL", "LESS", "LESS_EQUAL", "GREATER",
                 "GREATER_EQUAL", "ARG_MAX", "ARG_MIN", "MAX_POOL_2D", "RELU", "RELU6", "RELU_N1_TO_1", "RELU_0_TO_1",
                 "LEAKY_RELU", "HARD_SWISH", "LOGISTIC", "TANH", "SOFTMAX", "LOG_SOFTMAX", "PRELU", "GELU", "CONV_2D",
                 "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "AVERAGE_POOL_2D", "MEAN", "SUM",
                 "TRANSPOSE_CONV", "RESIZE_BILINEAR", "L2_NORMALIZATION")  # fmt: skip


def binary_zps(rng, kind: str, activation: str = "NONE") -> bytes:
    """A binary op whose inputs and output sit at zero points far from 128 and from each other
    (MUL, SUB, MAXIMUM rescale nothing or everything), the second input broadcast."""
    m = ModelBuilder()
    a = m.tensor("a", (2, 5, 7), np.uint8, scale=0.031, zero_point=77)
    b = m.tensor("b", (1, 5, 7), np.uint8, scale=0.047, zero_point=201)
    compare = kind in ("LESS", "GREATER_EQUAL", "EQUAL")
    out = {"scale": 0.043, "zero_point": 140} if not compare else {}
    y = m.tensor("y", (2, 5, 7), np.bool_ if compare else np.uint8, **out)
    options = {"activation": activation} if kind in ("ADD", "SUB", "MUL") else {}
    m.op(kind, [a, b], [y], **options)
    return m.finish([a, b], [y])


def unary_zps(kind: str) -> bytes:
    """A unary op at zero points 93 in and 170 out (the fixed-point ones at the output LiteRT requires)."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 41), np.uint8, scale=0.063, zero_point=93)
    fixed = {"LOGISTIC": (1 / 256, 0), "SOFTMAX": (1 / 256, 0), "TANH": (1 / 128, 128), "LOG_SOFTMAX": (16 / 256, 255),
             "L2_NORMALIZATION": (1 / 128, 128)}  # fmt: skip
    scale, zp = fixed.get(kind, (0.029, 170))
    y = m.tensor("y", (3, 41), np.uint8, scale=scale, zero_point=zp)
    options = {"alpha": 0.17} if kind == "LEAKY_RELU" else {"beta": 1.0} if kind == "SOFTMAX" else {}
    m.op(kind, [x], [y], **options)
    return m.finish([x], [y])


def legacy_net(rng) -> bytes:
    """What TF1's quantisation-aware training wrote: uint8 everywhere, weights at zero point 128 with
    per-tensor scales, int32 biases; a CONV_2D with RELU6, a DEPTHWISE_CONV_2D, a residual ADD,
    MAX_POOL_2D, a FULLY_CONNECTED and SOFTMAX; the graph's input and output uint8."""
    m = ModelBuilder()
    s_in = 0.0078
    x = m.tensor("x", (1, 8, 8, 3), np.uint8, scale=s_in, zero_point=119)

    def weights(name, shape, scale):
        return m.tensor(name, shape, np.uint8, scale=scale, zero_point=128, data=rng.integers(1, 256, shape))

    def bias(name, n, scale):
        return m.tensor(name, (n,), np.int32, scale=scale, data=rng.integers(-3000, 3000, n))

    w1, s1 = weights("w1", (8, 3, 3, 3), 0.011), 6 / 255
    c1 = m.tensor("c1", (1, 8, 8, 8), np.uint8, scale=s1, zero_point=0)
    m.op("CONV_2D", [x, w1, bias("b1", 8, s_in * 0.011)], [c1], padding="SAME", stride=(1, 1), activation="RELU6")
    w2 = weights("w2", (1, 3, 3, 8), 0.017)
    d2 = m.tensor("d2", (1, 8, 8, 8), np.uint8, scale=0.061, zero_point=131)
    m.op("DEPTHWISE_CONV_2D", [c1, w2, bias("b2", 8, s1 * 0.017)], [d2], padding="SAME", stride=(1, 1),
         depth_multiplier=1)  # fmt: skip
    r = m.tensor("r", (1, 8, 8, 8), np.uint8, scale=0.071, zero_point=98)
    m.op("ADD", [c1, d2], [r])
    p = m.tensor("p", (1, 4, 4, 8), np.uint8, scale=0.071, zero_point=98)
    m.op("MAX_POOL_2D", [r], [p], filter=(2, 2), stride=(2, 2))
    flat = m.tensor("flat", (1, 128), np.uint8, scale=0.071, zero_point=98)
    m.op("RESHAPE", [p, m.tensor("shape", (2,), np.int32, data=np.array([1, 128]))], [flat])
    w3 = weights("w3", (10, 128), 0.004)
    logits = m.tensor("logits", (1, 10), np.uint8, scale=0.13, zero_point=141)
    m.op("FULLY_CONNECTED", [flat, w3, bias("b3", 10, 0.071 * 0.004)], [logits])
    y = m.tensor("y", (1, 10), np.uint8, scale=1 / 256, zero_point=0)
    m.op("SOFTMAX", [logits], [y], beta=1.0)
    return m.finish([x], [y])


def offset_weights(rng, kind: str, zero_point: int | None = None) -> bytes:
    """A layer whose uint8 weights sit off 128 (TF1's narrow-range fake quantisation: zero points
    98 to 140): run on the reference kernels with a filter offset. Weights 1..255, both ends
    reached, so w - z spans more than int8."""
    m = ModelBuilder()
    s_in = 0.021
    x = m.tensor("x", (1, 7, 6, 5), np.uint8, scale=s_in, zero_point=61)
    zp = zero_point or {"CONV_2D": 98, "DEPTHWISE_CONV_2D": 140, "FULLY_CONNECTED": 117}[kind]
    shape = {"CONV_2D": (4, 3, 3, 5), "DEPTHWISE_CONV_2D": (1, 3, 3, 10), "FULLY_CONNECTED": (6, 210)}[kind]
    data = rng.integers(1, 256, shape)
    data.flat[0], data.flat[1] = 1, 255
    w = m.tensor("w", shape, np.uint8, scale=0.013, zero_point=zp, data=data)
    b = m.tensor("b", (shape[0] if kind != "DEPTHWISE_CONV_2D" else 10,), np.int32, scale=s_in * 0.013,
                 data=rng.integers(-5000, 5000, shape[0] if kind != "DEPTHWISE_CONV_2D" else 10))  # fmt: skip
    if kind == "FULLY_CONNECTED":
        y = m.tensor("y", (1, 6), np.uint8, scale=0.4, zero_point=133)
        m.op(kind, [x, w, b], [y], activation="RELU")
    elif kind == "CONV_2D":
        y = m.tensor("y", (1, 4, 3, 4), np.uint8, scale=0.09, zero_point=120)
        m.op(kind, [x, w, b], [y], padding="SAME", stride=(2, 2), activation="RELU6")
    else:
        y = m.tensor("y", (1, 7, 6, 10), np.uint8, scale=0.07, zero_point=125)
        m.op(kind, [x, w, b], [y], padding="SAME", stride=(1, 1), depth_multiplier=2)
    return m.finish([x], [y])


def reduce_zps(rng, kind: str, keep_dims: bool) -> bytes:
    """MEAN or SUM over the spatial axes (a global pool) or the last, at zero points 77 in and 150
    out, scales that differ (the requantising forms)."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 4, 5, 6), np.uint8, scale=0.031, zero_point=77)
    axes = [1, 2] if keep_dims else [3]
    shape = (2, 1, 1, 6) if keep_dims else (2, 4, 5)
    y = m.tensor("y", shape, np.uint8, scale=0.029 if kind == "MEAN" else 0.61, zero_point=150)
    m.op(kind, [x, m.tensor("axes", (len(axes),), np.int32, data=np.array(axes))], [y], keep_dims=keep_dims)
    return m.finish([x], [y])


def divide_zps(rng) -> bytes:
    """DIV with the divisor calibrated to [0.5, 2.5] (LiteRT refuses a divisor at its zero point)."""
    m = ModelBuilder()
    a = m.tensor("a", (2, 3, 5), np.uint8, scale=0.05, zero_point=77)
    b = m.tensor("b", (1, 3, 5), np.uint8, scale=0.01, zero_point=0, calibrated=(0.5, 2.5))
    y = m.tensor("y", (2, 3, 5), np.uint8, scale=0.1, zero_point=140)
    m.op("DIV", [a, b], [y])
    return m.finish([a, b], [y])


def transpose_conv_offset(rng) -> bytes:
    """TRANSPOSE_CONV (a TF1 decoder's upsampling) with uint8 weights at zero point 109, stride 2,
    SAME, with a bias: the reference kernel's filter offset."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 3, 4, 5), np.uint8, scale=0.03, zero_point=90)
    data = rng.integers(1, 256, (6, 3, 3, 5))
    w = m.tensor("w", (6, 3, 3, 5), np.uint8, scale=0.011, zero_point=109, data=data)
    b = m.tensor("b", (6,), np.int32, scale=0.03 * 0.011, data=rng.integers(-3000, 3000, 6))
    shape = m.tensor("shape", (4,), np.int32, data=np.array([1, 6, 8, 6], np.int32))
    y = m.tensor("y", (1, 6, 8, 6), np.uint8, scale=0.08, zero_point=131)
    m.op("TRANSPOSE_CONV", [shape, w, x, b], [y], padding="SAME", stride=(2, 2))
    return m.finish([x], [y])


def resize_u8(rng, align: bool, half: bool) -> bytes:
    """RESIZE_BILINEAR of uint8 (a TF1 segmentation head's upsampling): LiteRT's float blend."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 4, 6, 3), np.uint8, scale=0.05, zero_point=100)
    y = m.tensor("y", (2, 9, 13, 3), np.uint8, scale=0.05, zero_point=100)
    size = m.tensor("size", (2,), np.int32, data=np.array([9, 13], np.int32))
    m.op("RESIZE_BILINEAR", [x, size], [y], align_corners=align, half_pixel_centers=half)
    return m.finish([x], [y])


def add_then_cast(rng) -> bytes:
    """A uint8 ADD whose sum a CAST reads as raw uint8 values (to float32), the sum a graph output
    too: the CAST gets the model's bytes back through a QUANTIZE."""
    m = ModelBuilder()
    a = m.tensor("a", (2, 9), np.uint8, scale=0.03, zero_point=70)
    s = m.tensor("s", (2, 9), np.uint8, scale=0.05, zero_point=110)
    m.op("ADD", [a, a], [s])
    y = m.tensor("y", (2, 9), np.float32)
    m.op("CAST", [s], [y])
    return m.finish([a], [y, s])


def average_pool_ties(rng) -> bytes:
    """AVERAGE_POOL_2D at zero points off 128, windows of 2 and 4 cells at the SAME border: sums
    half way between two outputs, which LiteRT's uint8 average rounds up (the int8 one away from
    zero)."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 5, 5, 3), np.uint8, scale=0.05, zero_point=71)
    y = m.tensor("y", (2, 3, 3, 3), np.uint8, scale=0.05, zero_point=71)
    m.op("AVERAGE_POOL_2D", [x], [y], filter=(2, 2), stride=(2, 2), padding="SAME")
    return m.finish([x], [y])


CASES = {
    **{f"uint8_{k.lower()}_offset_weights": Case(lambda r, k=k: offset_weights(r, k)) for k in
       ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED")},
    # TF1's narrow-range weights at zero point 129: w - z in [-128, 126], symmetric int8 (fast kernels)
    **{f"uint8_{k.lower()}_weights_at_129": Case(lambda r, k=k: offset_weights(r, k, 129)) for k in
       ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED")},
    "uint8_average_pool_ties": Case(average_pool_ties),
    "uint8_add_then_cast": Case(add_then_cast),
    **{f"uint8_resize_bilinear_{name}": Case(lambda r, a=a, h=h: resize_u8(r, a, h)) for name, a, h in
       (("plain", False, False), ("align_corners", True, False), ("half_pixel", False, True))},
    "uint8_transpose_conv_offset_weights": Case(transpose_conv_offset),
    **{f"uint8_{k.lower()}_{'spatial' if keep else 'last'}_zps": Case(lambda r, k=k, keep=keep: reduce_zps(r, k, keep))
       for k in ("MEAN", "SUM") for keep in (True, False)},
    "uint8_div_zps": Case(divide_zps),
    # the probe's forms (activations at zero point 128): the int8 kernels every set runs elsewhere
    **{f"uint8_{op.lower()}_form": Case(lambda r, op=op: litert_form(op, "uint8"), configs=SCALAR_PAIR)
       for op in SHIFTED_FORMS},
    **{f"uint8_{k.lower()}_zps": Case(lambda r, k=k: binary_zps(r, k)) for k in
       ("MUL", "SUB", "MAXIMUM", "LESS", "GREATER_EQUAL", "EQUAL")},
    "uint8_add_relu6_zps": Case(lambda r: binary_zps(r, "ADD", "RELU6")),
    **{f"uint8_{k.lower()}_zps": Case(lambda r, k=k: unary_zps(k)) for k in
       ("LOGISTIC", "TANH", "SOFTMAX", "LOG_SOFTMAX", "LEAKY_RELU", "HARD_SWISH", "RELU6", "L2_NORMALIZATION")},
    "uint8_legacy_net": Case(legacy_net),
}  # fmt: skip
