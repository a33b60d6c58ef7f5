"""The converter corpus: small models made by the converters users use, with TFLite Micro's
outputs for them (issue 29, must-have 5; issue 36).

Run in a venv of its own (requirements.txt here; not a dependency of rvfw or of CI):

    python -m venv /tmp/conv && /tmp/conv/bin/pip install -r tests/data/converters/requirements.txt
    /tmp/conv/bin/python tests/data/converters/generate.py [NAME ...]

PyTorch models come from generate_torch.py (a venv with torch and litert-torch: PyTorch and
TensorFlow's pins do not meet in one venv) as float .tflite files; this script quantises them with
AI Edge Quantizer and computes their outputs (`generate.py torch`).

For each model it writes NAME.tflite and NAME.npz here: `input_K` (a seeded input per graph
input) and `output_K` (what TFLite Micro's interpreter computes for it). The corpus tier
(tests/corpus) compiles every model here and wants those outputs bit for bit. Weights are
seeded and the representative data is seeded, so a run makes the same models again (within
the converter's version).

What each model covers is in its docstring; the set was chosen from what broke in issue 36
(PAD + VALID convs in float32 and 16x8, residual ADDs in 16x8 and float32, 16x8 Dense stacks
with int32 biases) and what issue 29 lists (LSTM/GRU/SimpleRNN, Conv1D, separable convs,
BatchNorm, attention-like matmuls, upsampling).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")  # tf-keras: the Keras 2 that TFLiteConverter knows best

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras as keras  # noqa: E402

HERE = Path(__file__).resolve().parent
L = keras.layers
# Trained layers have biases; Keras starts them at zero, and the converter drops an all-zero bias.
BIAS = keras.initializers.RandomNormal(stddev=0.1)


def _seed(k: int) -> None:
    np.random.seed(k)
    tf.random.set_seed(k)
    keras.utils.set_random_seed(k)


def convert(model: keras.Model, mode: str, shapes: list[tuple[int, ...]], seed: int = 0) -> bytes:
    """mode: float, int8 (int8 I/O), int8f (float I/O around int8), uint8 (uint8 I/O around int8), 16x8,
    float16 (the size option: float16 weights, float compute), dynamic (the default optimisation
    without a data set: int8 weights, float activations)."""
    converter = tf.lite.TFLiteConverter.from_keras_model(model)
    if mode in ("float16", "dynamic"):
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
        if mode == "float16":
            converter.target_spec.supported_types = [tf.float16]
        return converter.convert()
    if mode != "float":
        rng = np.random.default_rng(seed)

        ints = ["int32" in str(t.dtype) for t in model.inputs]

        def data():  # token ids (int32 inputs) within every corpus table's rows
            for _ in range(32):
                yield [rng.integers(0, 64, (1, *s[1:])).astype(np.int32) if i else
                       rng.uniform(-1, 1, (1, *s[1:])).astype(np.float32) for s, i in zip(shapes, ints)]  # fmt: skip

        converter.optimizations = [tf.lite.Optimize.DEFAULT]
        converter.representative_dataset = data
        if mode == "16x8":
            converter.target_spec.supported_ops = [
                tf.lite.OpsSet.EXPERIMENTAL_TFLITE_BUILTINS_ACTIVATIONS_INT16_WEIGHTS_INT8
            ]
        else:
            converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        if mode in ("int8", "16x8", "uint8"):
            io = {"int8": tf.int8, "16x8": tf.int16, "uint8": tf.uint8}[mode]
            converter.inference_input_type = io
            converter.inference_output_type = io
    return converter.convert()


# --- the models --------------------------------------------------------------------------------


def dense_autoencoder() -> tuple[keras.Model, list]:
    """Keras Dense stack 64-64-24-8-24-64-64 (issue 36: 16x8 FC with int32 biases)."""
    x = inp = keras.Input((64,), batch_size=1)
    for n in (64, 24, 8, 24, 64):
        x = L.Dense(n, activation="relu", bias_initializer=BIAS)(x)
    return keras.Model(inp, L.Dense(64, bias_initializer=BIAS)(x)), [(1, 64)]


def dense_no_bias() -> tuple[keras.Model, list]:
    """The Dense autoencoder without biases, 16x8 (issue 36: TFLite Micro's 16x8 FC accumulates in
    64 bits when there is no bias tensor, in 32 with an int32 one)."""
    x = inp = keras.Input((64,), batch_size=1)
    for n in (64, 24, 8, 24, 64):
        x = L.Dense(n, activation="relu", use_bias=False)(x)
    return keras.Model(inp, L.Dense(64, use_bias=False)(x)), [(1, 64)]


def padded_conv1d() -> tuple[keras.Model, list]:
    """What PyTorch's nn.Conv1d(padding=2, stride=2) exports to: ZeroPadding then a VALID conv,
    then TANH, a MEAN and a Dense (issue 36: fold_pad_into_conv on float32 and 16x8)."""
    x = inp = keras.Input((64, 4), batch_size=1)
    x = L.ZeroPadding1D(2)(x)
    x = L.Conv1D(8, 5, strides=2, padding="valid", activation="tanh")(x)
    x = L.ZeroPadding1D(1)(x)
    x = L.Conv1D(8, 3, strides=1, padding="valid")(x)
    x = L.GlobalAveragePooling1D()(x)
    return keras.Model(inp, L.Dense(5)(x)), [(1, 64, 4)]


def padded_conv2d() -> tuple[keras.Model, list]:
    """ZeroPadding2D before VALID Conv2D and DepthwiseConv2D of stride 2 (PyTorch's padding=...)."""
    x = inp = keras.Input((16, 16, 3), batch_size=1)
    x = L.ZeroPadding2D(((1, 2), (2, 1)))(x)
    x = L.Conv2D(8, 3, strides=2, padding="valid", activation="relu")(x)
    x = L.ZeroPadding2D(1)(x)
    x = L.DepthwiseConv2D(3, strides=2, padding="valid")(x)
    x = L.Conv2D(4, 1)(x)
    return keras.Model(inp, L.Flatten()(x)), [(1, 16, 16, 3)]


def residual_se() -> tuple[keras.Model, list]:
    """A residual block with squeeze-excite (issue 36: fuse_residual_adds in 16x8 and float32)."""
    x = inp = keras.Input((12, 12, 8), batch_size=1)
    y = L.Conv2D(8, 3, padding="same", activation="relu")(x)
    y = L.Conv2D(8, 3, padding="same")(y)
    s = L.GlobalAveragePooling2D(keepdims=True)(y)
    s = L.Conv2D(4, 1, activation="relu")(s)
    s = L.Conv2D(8, 1, activation="sigmoid")(s)
    y = L.Multiply()([y, s])
    x = L.Add()([x, y])
    x = L.Conv2D(8, 1)(x)
    x = L.Add()([x, L.Conv2D(8, 1)(x)])
    return keras.Model(inp, L.GlobalAveragePooling2D()(x)), [(1, 12, 12, 8)]


def inverted_residual() -> tuple[keras.Model, list]:
    """MobileNetV2 inverted-residual blocks (expand, depthwise, project, ADD)."""
    x = inp = keras.Input((16, 16, 3), batch_size=1)
    x = L.Conv2D(8, 3, strides=2, padding="same", activation="relu6")(x)
    for _ in range(2):
        y = L.Conv2D(24, 1, activation="relu6")(x)
        y = L.DepthwiseConv2D(3, padding="same", activation="relu6")(y)
        y = L.Conv2D(8, 1)(y)
        x = L.Add()([x, y])
    x = L.GlobalAveragePooling2D()(x)
    return keras.Model(inp, L.Dense(4)(x)), [(1, 16, 16, 3)]


def mobilenet() -> tuple[keras.Model, list]:
    """A MobileNetV2-class network (issue 49: one architecture in int8, 16x8 and float32, for the
    dtypes' speed and arena side by side): a stride-2 stem, seven inverted-residual blocks with
    expansion 1 and 4, three strides of 2 and residual ADDs, a 1x1 head, global pooling, Dense.
    He-initialised, as a trained network's activations keep their range through the depth (with
    Glorot's the deep blocks' ranges collapse and TFLite Micro refuses the 16x8 twin's scales)."""
    he = {"kernel_initializer": "he_normal"}
    x = inp = keras.Input((48, 48, 3), batch_size=1)
    x = L.Conv2D(16, 3, strides=2, padding="same", activation="relu6", **he)(x)
    for expand, out, stride in ((1, 8, 1), (4, 12, 2), (4, 12, 1), (4, 16, 2), (4, 16, 1), (4, 24, 2), (4, 24, 1)):
        y = x
        if expand > 1:
            y = L.Conv2D(x.shape[-1] * expand, 1, activation="relu6", **he)(y)
        y = L.DepthwiseConv2D(3, strides=stride, padding="same", activation="relu6",
                              depthwise_initializer="he_normal")(y)  # fmt: skip
        y = L.Conv2D(out, 1, **he)(y)
        x = L.Add()([x, y]) if stride == 1 and x.shape[-1] == out else y
    x = L.Conv2D(64, 1, activation="relu6", **he)(x)
    x = L.GlobalAveragePooling2D()(x)
    return keras.Model(inp, L.Dense(4)(x)), [(1, 48, 48, 3)]


def hard_swish_se() -> tuple[keras.Model, list]:
    """MobileNetV3-like: hard-swish, squeeze-excite with hard-sigmoid, residual ADD."""
    x = inp = keras.Input((12, 12, 3), batch_size=1)
    x = L.Conv2D(8, 3, padding="same")(x)
    x = L.Activation("hard_swish")(x) if hasattr(keras.activations, "hard_swish") else x * tf.nn.relu6(x + 3) / 6
    y = L.Conv2D(16, 1)(x)
    y = y * tf.nn.relu6(y + 3.0) / 6.0
    y = L.DepthwiseConv2D(3, padding="same")(y)
    s = L.GlobalAveragePooling2D(keepdims=True)(y)
    s = L.Conv2D(16, 1)(s)
    s = tf.nn.relu6(s + 3.0) / 6.0
    y = y * s
    y = L.Conv2D(8, 1)(y)
    x = L.Add()([x, y])
    return keras.Model(inp, L.GlobalAveragePooling2D()(x)), [(1, 12, 12, 3)]


def upsample_net() -> tuple[keras.Model, list]:
    """Upsampling: Conv2DTranspose, UpSampling2D (nearest), a crop (SLICE) and a concatenation."""
    x = inp = keras.Input((8, 8, 4), batch_size=1)
    a = L.Conv2D(8, 3, strides=2, padding="same", activation="relu")(x)
    b = L.Conv2DTranspose(4, 3, strides=2, padding="same")(a)
    c = L.UpSampling2D(2)(a)
    c = L.Conv2D(4, 1)(c)
    y = L.Concatenate()([b, c, x])
    y = L.Cropping2D(((1, 1), (1, 1)))(y)
    return keras.Model(inp, L.Conv2D(3, 3, padding="same")(y)), [(1, 8, 8, 4)]


def wide_depthwise() -> tuple[keras.Model, list]:
    """Depthwise layers wide enough (>= 1,024 weights) that the converter's dynamic-range option
    quantises them too: hybrid DEPTHWISE_CONV_2D at stride 1 and 2 and with a multiplier, between
    hybrid pointwise convolutions (issue 56)."""
    x = inp = keras.Input((10, 10, 16), batch_size=1)
    x = L.Conv2D(128, 1, activation="relu")(x)
    x = L.DepthwiseConv2D(3, padding="same", activation="relu6")(x)
    x = L.DepthwiseConv2D(3, strides=2, padding="same", depth_multiplier=2)(x)
    x = L.Conv2D(24, 1)(x)
    return keras.Model(inp, x), [(1, 10, 10, 16)]


def separable_bn() -> tuple[keras.Model, list]:
    """SeparableConv2D with BatchNorm (folded by the converter) and a max pool."""
    x = inp = keras.Input((16, 16, 3), batch_size=1)
    x = L.SeparableConv2D(8, 3, padding="same")(x)
    x = L.BatchNormalization()(x)
    x = L.ReLU()(x)
    x = L.MaxPooling2D()(x)
    x = L.SeparableConv2D(16, 3, strides=2, padding="same", activation="relu")(x)
    return keras.Model(inp, L.Dense(3)(L.Flatten()(x))), [(1, 16, 16, 3)]


def attention() -> tuple[keras.Model, list]:
    """An attention-like block: projections, a batched matmul, softmax, another matmul."""
    x = inp = keras.Input((8, 16), batch_size=1)
    q, k, v = L.Dense(16)(x), L.Dense(16)(x), L.Dense(16)(x)
    w = tf.nn.softmax(tf.matmul(q, k, transpose_b=True) / 4.0)
    y = L.Add()([x, tf.matmul(w, v)])
    return keras.Model(inp, L.Dense(4)(L.Flatten()(y))), [(1, 8, 16)]


def gru_unrolled() -> tuple[keras.Model, list]:
    """A Keras GRU unrolled over its 6 steps (the converter's static graph: FULLY_CONNECTED, gate
    arithmetic, no WHILE; the rolled form is issue 30's control flow)."""
    x = inp = keras.Input((6, 8), batch_size=1)
    x = L.GRU(10, unroll=True)(x)
    return keras.Model(inp, L.Dense(3)(x)), [(1, 6, 8)]


def simple_rnn_unrolled() -> tuple[keras.Model, list]:
    x = inp = keras.Input((5, 6), batch_size=1)
    x = L.SimpleRNN(12, unroll=True, return_sequences=True)(x)
    x = L.SimpleRNN(8, unroll=True)(x)
    return keras.Model(inp, L.Dense(4)(x)), [(1, 5, 6)]


def gru_rolled() -> tuple[keras.Model, list]:
    """A Keras GRU as Keras leaves it (not unrolled): the converter writes a WHILE loop whose cond
    and body subgraphs step through the sequence (issue 30's control flow)."""
    x = inp = keras.Input((6, 8), batch_size=1)
    x = L.GRU(10)(x)
    return keras.Model(inp, L.Dense(3)(x)), [(1, 6, 8)]


def simple_rnn_rolled() -> tuple[keras.Model, list]:
    """A Keras SimpleRNN, not unrolled: a WHILE loop. (With return_sequences the converter writes
    the sequence with SLICEs whose sizes are computed at run time, which TFLite Micro, having no
    dynamic shapes, gets wrong: it differs from TensorFlow Lite there.)"""
    x = inp = keras.Input((5, 6), batch_size=1)
    x = L.SimpleRNN(12)(x)
    return keras.Model(inp, L.Dense(4)(x)), [(1, 5, 6)]


def lstm_cell_rolled() -> tuple[keras.Model, list]:
    """An LSTM the converter does not fuse: keras.layers.RNN over an LSTMCell is a WHILE loop."""
    x = inp = keras.Input((4, 5), batch_size=1)
    x = L.RNN(L.LSTMCell(6))(x)
    return keras.Model(inp, L.Dense(2)(x)), [(1, 4, 5)]


def resize_bilinear() -> tuple[keras.Model, list]:
    """Bilinear resizing (UpSampling2D bilinear, tf.image.resize) between convolutions."""
    x = inp = keras.Input((6, 6, 3), batch_size=1)
    x = L.Conv2D(6, 3, padding="same", activation="relu")(x)
    x = L.UpSampling2D(2, interpolation="bilinear")(x)
    x = L.Lambda(lambda v: tf.image.resize(v, (9, 9), method="bilinear"))(x)
    return keras.Model(inp, L.Conv2D(2, 3)(x)), [(1, 6, 6, 3)]


def tt_einsum() -> tuple[keras.Model, list]:
    """A two-core Tensor-Train FC layer (128 -> 128) written with tf.einsum, as TT-trained layers
    are exported: the converter's FULLY_CONNECTED / RESHAPE / TRANSPOSE chain (passes.einsum)."""
    rng = np.random.default_rng(3)
    g1 = tf.constant(rng.normal(0, 0.3, (8, 16, 4)).astype(np.float32))  # (m1, n1, rank)
    g2 = tf.constant(rng.normal(0, 0.3, (4, 16, 8)).astype(np.float32))  # (rank, m2, n2)
    x = inp = keras.Input((128,), batch_size=1)
    t = L.Reshape((8, 16))(x)
    t = L.Lambda(lambda v: tf.einsum("bij,ikr->bjkr", v, g1))(t)  # (b, m2, n1, r)
    t = L.Lambda(lambda v: tf.einsum("bjkr,rjn->bkn", v, g2))(t)  # (b, n1, n2)
    return keras.Model(inp, L.Dense(10)(L.Flatten()(t))), [(1, 128)]


def branches() -> tuple[keras.Model, list]:
    """Inception-like parallel branches joined by a concatenation (passes.reorder_for_memory)."""
    x = inp = keras.Input((16, 16, 4), batch_size=1)
    a = L.Conv2D(16, 1, activation="relu")(x)
    a = L.Conv2D(4, 3, padding="same")(a)
    b = L.Conv2D(2, 1, activation="relu")(x)
    c = L.MaxPooling2D(3, strides=1, padding="same")(x)
    c = L.Conv2D(24, 1)(c)
    c = L.Conv2D(2, 1)(c)
    y = L.Concatenate()([a, b, c])
    return keras.Model(inp, L.Dense(3)(L.GlobalAveragePooling2D()(y))), [(1, 16, 16, 4)]


def lstm() -> tuple[keras.Model, list]:
    """A fused Keras LSTM (UNIDIRECTIONAL_SEQUENCE_LSTM)."""
    x = inp = keras.Input((10, 8), batch_size=1)
    x = L.LSTM(12)(x)
    return keras.Model(inp, L.Dense(3)(x)), [(1, 10, 8)]


def lstm_wide() -> tuple[keras.Model, list]:
    """A fused Keras LSTM whose gate matrices hold 1,024 weights or more: the dynamic-range option
    makes it a hybrid UNIDIRECTIONAL_SEQUENCE_LSTM (int8 weights, float activations)."""
    x = inp = keras.Input((6, 40), batch_size=1)
    x = L.LSTM(48)(x)
    return keras.Model(inp, L.Dense(3)(x)), [(1, 6, 40)]


def lstm_gelu() -> tuple[keras.Model, list]:
    """A fused LSTM with GELU after it (a model only LiteRT runs: its float LSTM is LiteRT's)."""
    x = inp = keras.Input((5, 7), batch_size=1)
    x = L.LSTM(10, return_sequences=True)(x)
    x = L.Dense(6, activation="gelu")(x)
    return keras.Model(inp, L.Dense(2)(L.Flatten()(x))), [(1, 5, 7)]


def densenet() -> tuple[keras.Model, list]:
    """DenseNet-style (issue 50): dense blocks whose every layer concatenates the running feature
    map with its own output (views of views), pre-activation BatchNorm (MUL/ADD after conversion),
    transition layers down to 1x1, and concatenations at 1x1 before a MUL."""
    x = inp = keras.Input((8, 8, 3), batch_size=1)
    x = L.Conv2D(8, 3, padding="same", bias_initializer=BIAS)(x)
    for block, size in enumerate((8, 4, 2, 1)):  # the blocks' height and width
        for _ in range(3):
            y = L.BatchNormalization(beta_initializer=BIAS, gamma_initializer="ones")(x)
            y = L.ReLU()(y)
            y = L.Conv2D(6, 3 if size > 1 else 1, padding="same", bias_initializer=BIAS)(y)
            x = L.Concatenate()([x, y])
        if block < 3:
            x = L.BatchNormalization(beta_initializer=BIAS)(x)
            x = L.Conv2D(x.shape[-1] // 2, 1, bias_initializer=BIAS)(x)
            x = L.AveragePooling2D(2)(x)
    gate = L.Dense(x.shape[-1], activation="sigmoid", bias_initializer=BIAS)(L.GlobalAveragePooling2D(keepdims=True)(x))
    x = L.Multiply()([x, gate])
    return keras.Model(inp, L.Dense(10, bias_initializer=BIAS)(L.Flatten()(x))), [(1, 8, 8, 3)]


def nchw_concat() -> tuple[keras.Model, list]:
    """What a PyTorch export does around every conv (RetinaFace): NCHW activations, TRANSPOSEs to
    and from NHWC, and channel concatenations (axis 1) whose output feeds the next op directly."""
    x = inp = keras.Input((8, 12, 12), batch_size=1)

    def conv(t, filters):
        t = L.Permute((2, 3, 1))(t)
        t = L.Conv2D(filters, 3, padding="same", bias_initializer=BIAS)(t)
        return L.Permute((3, 1, 2))(t)

    a, b, c, d = conv(x, 4), conv(x, 4), conv(x, 8), conv(x, 2)
    y = L.ReLU()(L.Concatenate(axis=1)([a, b, c, d]))
    z = L.Concatenate(axis=1)([conv(y, 6), y])
    return keras.Model(inp, L.Dense(5, bias_initializer=BIAS)(L.Flatten()(z))), [(1, 8, 12, 12)]


def nested_concat() -> tuple[keras.Model, list]:
    """Vector concatenations of concatenations: concat(dense(x), x), then concat(that, dense(that))."""
    x = inp = keras.Input((12,), batch_size=1)
    a = L.Concatenate()([L.Dense(8, bias_initializer=BIAS)(x), x])
    b = L.Concatenate()([a, L.Dense(6, activation="relu", bias_initializer=BIAS)(a)])
    return keras.Model(inp, L.Dense(4, bias_initializer=BIAS)(b)), [(1, 12)]


def slice_join() -> tuple[keras.Model, list]:
    """A slice that feeds a conv and a concatenation: Cropping2D -> Conv2D and
    Concatenate(axis=1)([crop, MaxPool(x)])."""
    x = inp = keras.Input((8, 8, 4), batch_size=1)
    x = L.Conv2D(4, 1, bias_initializer=BIAS)(x)
    c = L.Cropping2D(((2, 2), (0, 0)))(x)
    y = L.Conv2D(3, 3, padding="same", bias_initializer=BIAS)(c)
    z = L.Concatenate(axis=1)([c, L.MaxPooling2D((2, 1))(x)])
    return keras.Model(inp, [y, z]), [(1, 8, 8, 4)]


def split_join() -> tuple[keras.Model, list]:
    """A SPLIT part inside a four-input channel concatenation with three ops of that part; at 1x1,
    where the split's parts and the join's inputs are contiguous (views)."""
    x = inp = keras.Input((6, 6, 8), batch_size=1)
    x = L.GlobalAveragePooling2D(keepdims=True)(L.Conv2D(8, 1, bias_initializer=BIAS)(x))
    t, u = L.Lambda(lambda v: tf.split(v, 2, axis=3))(x)
    y = L.Concatenate(axis=3)([L.Activation("sigmoid")(t), t, L.Conv2D(4, 1, bias_initializer=BIAS)(t),
                               L.LeakyReLU(0.2)(t)])  # fmt: skip
    return keras.Model(inp, [L.Dense(6, bias_initializer=BIAS)(y), L.Conv2D(2, 1, bias_initializer=BIAS)(u)]), [
        (1, 6, 6, 8)
    ]


def transformer() -> tuple[keras.Model, list]:
    """A small transformer encoder block (issue 46): causal multi-head self-attention (its mask a
    SELECT_V2 or ADD), residuals, LayerNormalization (MEAN, SQUARED_DIFFERENCE, RSQRT, SUB, MUL) and
    a ReLU feed-forward (TFLite Micro has no GELU), pooled into a classifier."""
    x = inp = keras.Input((12, 32), batch_size=1)
    a = L.MultiHeadAttention(num_heads=2, key_dim=16, bias_initializer=BIAS)(x, x, use_causal_mask=True)
    x = L.LayerNormalization(epsilon=1e-5)(L.Add()([x, a]))
    f = L.Dense(64, activation="relu", bias_initializer=BIAS)(x)
    f = L.Dense(32, bias_initializer=BIAS)(f)
    x = L.LayerNormalization(epsilon=1e-5)(L.Add()([x, f]))
    return keras.Model(inp, L.Dense(4)(L.GlobalAveragePooling1D()(x))), [(1, 12, 32)]


def convnext() -> tuple[keras.Model, list]:
    """A ConvNeXt-tiny-class network as keras.applications builds it, at MCU size (issue 56): a
    patchify stem (4x4 stride 4) with LayerNormalization, two blocks of a 7x7 depthwise conv,
    LayerNormalization, an inverted bottleneck of Dense layers with exact GELU (which TFLite Micro
    lacks) and a layer-scale multiply into the residual, a downsampling stage, pooled into a head."""

    def block(x, dim: int):
        y = L.DepthwiseConv2D(7, padding="same", bias_initializer=BIAS)(x)
        y = L.LayerNormalization(epsilon=1e-6)(y)
        y = L.Dense(4 * dim, activation="gelu", bias_initializer=BIAS)(y)
        y = L.Dense(dim, bias_initializer=BIAS)(y)
        scale = tf.constant(np.random.uniform(0.5, 1.0, dim).astype(np.float32))
        return L.Add()([x, L.Lambda(lambda t: t * scale)(y)])

    inp = keras.Input((32, 32, 3), batch_size=1)
    x = L.LayerNormalization(epsilon=1e-6)(L.Conv2D(16, 4, strides=4, bias_initializer=BIAS)(inp))
    x = block(x, 16)
    x = L.Conv2D(32, 2, strides=2, bias_initializer=BIAS)(L.LayerNormalization(epsilon=1e-6)(x))
    x = block(x, 32)
    x = L.LayerNormalization(epsilon=1e-6)(L.GlobalAveragePooling2D()(x))
    return keras.Model(inp, L.Dense(10, bias_initializer=BIAS)(x)), [(1, 32, 32, 3)]


def bilstm() -> tuple[keras.Model, list]:
    """A bidirectional LSTM (issue 46): the backward direction reads the sequence through
    REVERSE_V2, both directions' outputs concatenated per step."""
    x = inp = keras.Input((8, 6), batch_size=1)
    x = L.Bidirectional(L.LSTM(10, return_sequences=True))(x)
    return keras.Model(inp, L.Dense(3)(L.Flatten()(x))), [(1, 8, 6)]


def bilstm_gelu() -> tuple[keras.Model, list]:
    """A bidirectional LSTM with GELU after it (issue 56): a model only LiteRT runs, so both
    directions' float LSTMs are LiteRT's, the backward one reading the sequence through REVERSE_V2."""
    x = inp = keras.Input((6, 5), batch_size=1)
    x = L.Bidirectional(L.LSTM(7, return_sequences=True))(x)
    x = L.Dense(4, activation="gelu")(x)
    return keras.Model(inp, L.Dense(2)(L.Flatten()(x))), [(1, 6, 5)]


def float_math() -> tuple[keras.Model, list]:
    """TFLite Micro's float math ops in one model (issue 46): SIN, COS, EXP, LOG, FLOOR, FLOOR_MOD,
    CUMSUM, SQUARE, RSQRT, NEG."""
    x = inp = keras.Input((4, 10), batch_size=1)
    s = tf.sin(3.0 * x) + tf.cos(x * 40.0)
    e = tf.math.log(tf.exp(x) + 1.0)
    m = tf.math.floormod(x * 7.0, 1.5) + tf.floor(x * 3.0)
    c = tf.math.cumsum(tf.square(x) - tf.math.rsqrt(tf.abs(x) + 0.5), axis=2)
    return keras.Model(inp, tf.concat([s, -e, m, c], axis=1)), [(1, 4, 10)]


def compare_select() -> tuple[keras.Model, list]:
    """int8 comparisons choosing between tensors (issue 46): GREATER, LESS_EQUAL into SELECT_V2s
    with broadcast conditions (the converter writes SELECT, which TFLite Micro lacks, for
    same-shape ones) and a LOGICAL_AND."""
    a, b = keras.Input((6, 8), batch_size=1), keras.Input((6, 8), batch_size=1)
    row_a, row_b = tf.reduce_mean(a, axis=2, keepdims=True), tf.reduce_max(b, axis=2, keepdims=True)
    bigger = tf.where(tf.greater(row_a, row_b), a, b * 0.5)
    both = tf.logical_and(tf.less_equal(row_a, 0.25), tf.greater(row_b, -0.5))
    y = tf.where(both, bigger, a - b)
    return keras.Model([a, b], L.Dense(5)(L.Flatten()(y))), [(1, 6, 8), (1, 6, 8)]


def embedding() -> tuple[keras.Model, list]:
    """A Keras Embedding classifier (issue 56): GATHER over a constant [500, 16] table, token ids
    from the input (crashed with an internal KeyError: a constant operand not in the arena)."""
    x = keras.Input((8,), batch_size=1, dtype="int32")
    y = L.GlobalAveragePooling1D()(L.Embedding(500, 16)(x))
    return keras.Model(x, L.Dense(4)(y)), [(1, 8)]


def gelu_mlp():
    """GELU, exact and tanh-approximate, after a pointwise conv and a Dense layer, as ViT and BERT
    MLP blocks use it (issue 56): TFLite Micro has no GELU, LiteRT's reference kernels are the golden."""
    x = keras.Input((4, 4, 8), batch_size=1)
    y = L.Activation("gelu")(L.Conv2D(16, 1, bias_initializer=BIAS)(x))
    y = L.Lambda(lambda t: tf.nn.gelu(t, approximate=True))(L.Dense(16, bias_initializer=BIAS)(y))
    return keras.Model(x, L.Dense(4, bias_initializer=BIAS)(y)), [(1, 4, 4, 8)]


def layer_norm():
    """Keras 3 (TensorFlow's default Keras) LayerNormalization after a Dense layer, with a dynamic
    batch as Keras exports it (issue 56): the converter flattens through SHAPE, GATHER and
    REDUCE_PROD (which TFLite Micro lacks) and stores the flattened shapes as [1, 1]; LiteRT
    computes them. (tf-keras's LayerNormalization derives FILL shapes from such stored shapes: not
    yet.)"""
    import keras as keras3  # Keras 3 itself: TF_USE_LEGACY_KERAS only reroutes tf.keras

    bias = keras3.initializers.RandomNormal(stddev=0.1)
    keras3.utils.set_random_seed(5)
    x = keras3.Input((8, 16))
    y = keras3.layers.LayerNormalization(beta_initializer=bias, gamma_initializer=bias)(
        keras3.layers.Dense(16, bias_initializer=bias)(x)
    )
    return keras3.Model(x, y), [(1, 8, 16)]


def tcn():
    """A temporal convolutional network as Keras exports it by default, with a dynamic batch
    (issue 56): dilated causal Conv1D layers become SPACE_TO_BATCH_ND, CONV_2D and
    BATCH_TO_SPACE_ND, and the converter stores the batched tensors with batch 1 although the
    ops make 2 and 4. LiteRT resizes them (and agrees with Keras); TFLite Micro keeps the stored
    shapes and computes something else: the golden is LiteRT's reference kernels."""
    x = keras.Input((64, 4))
    y = L.Conv1D(16, 3, dilation_rate=2, padding="causal", activation="relu", bias_initializer=BIAS)(x)
    y = L.Conv1D(16, 3, dilation_rate=4, padding="causal", bias_initializer=BIAS)(y)
    y = L.Add()([y, L.Conv1D(16, 1, bias_initializer=BIAS)(x)])
    return keras.Model(x, L.Dense(4, bias_initializer=BIAS)(L.GlobalAveragePooling1D()(y))), [(1, 64, 4)]


def espcn():
    """ESPCN super-resolution (issue 59): three convolutions at the input's full resolution, then
    DEPTH_TO_SPACE (x2). Dense prediction: the resolution never drops, the arena's peak is late."""
    x = keras.Input((48, 48, 1), batch_size=1)
    y = L.Conv2D(16, 5, padding="same", activation="tanh", bias_initializer=BIAS)(x)
    y = L.Conv2D(8, 3, padding="same", activation="tanh", bias_initializer=BIAS)(y)
    y = L.Conv2D(4, 3, padding="same", bias_initializer=BIAS)(y)
    return keras.Model(x, L.Lambda(lambda t: tf.nn.depth_to_space(t, 2))(y)), [(1, 48, 48, 1)]


def unet():
    """A two-level U-Net (issue 59): an encoder whose skip tensors the decoder joins after
    upsampling (CONCATENATION), at 48x48."""
    x = keras.Input((48, 48, 3), batch_size=1)
    s1 = L.Conv2D(8, 3, padding="same", activation="relu", bias_initializer=BIAS)(x)
    s1 = L.Conv2D(8, 3, padding="same", activation="relu", bias_initializer=BIAS)(s1)
    s2 = L.Conv2D(16, 3, padding="same", activation="relu", bias_initializer=BIAS)(L.MaxPooling2D()(s1))
    b = L.Conv2D(24, 3, padding="same", activation="relu", bias_initializer=BIAS)(L.MaxPooling2D()(s2))
    u2 = L.Concatenate()([L.UpSampling2D()(b), s2])
    u2 = L.Conv2D(16, 3, padding="same", activation="relu", bias_initializer=BIAS)(u2)
    u1 = L.Concatenate()([L.UpSampling2D()(u2), s1])
    u1 = L.Conv2D(8, 3, padding="same", activation="relu", bias_initializer=BIAS)(u1)
    return keras.Model(x, L.Conv2D(2, 1, bias_initializer=BIAS)(u1)), [(1, 48, 48, 3)]


def bilinear_autoencoder():
    """A convolutional autoencoder whose decoder upsamples bilinearly (issue 59), at 48x48."""
    x = keras.Input((48, 48, 1), batch_size=1)
    y = L.Conv2D(8, 3, strides=2, padding="same", activation="relu", bias_initializer=BIAS)(x)
    y = L.Conv2D(16, 3, strides=2, padding="same", activation="relu", bias_initializer=BIAS)(y)
    y = L.UpSampling2D(interpolation="bilinear")(y)
    y = L.Conv2D(8, 3, padding="same", activation="relu", bias_initializer=BIAS)(y)
    y = L.UpSampling2D(interpolation="bilinear")(y)
    return keras.Model(x, L.Conv2D(1, 3, padding="same", bias_initializer=BIAS)(y)), [(1, 48, 48, 1)]


def int_math():
    """Integer arithmetic inside a float model (issue 56, the versions models carry): the converter
    writes int64 SUB at version 4, MUL at 5 and ADD at 4 between its CASTs."""
    x = keras.Input((16,), batch_size=1)

    def f(t):
        i = tf.cast(t * 100.0, tf.int64)
        return tf.cast((i - 3) * (i + 2), tf.float32)

    return keras.Model(x, L.Lambda(f)(x)), [(1, 16)]


def sqrt_abs():
    """int8 SQRT, LiteRT's (the converter writes it at version 2), of |x| + 0.1."""
    x = keras.Input((32,), batch_size=1)
    return keras.Model(x, L.Lambda(lambda t: tf.sqrt(tf.abs(t) + 0.1))(x)), [(1, 32)]


# The models whose golden is LiteRT's reference kernels although TFLite Micro runs them: where it
# is known wrong (docs/tflm-differences.md). TFLite Micro runs a hybrid LSTM's int8 weights as if
# they were floats: NaN outputs.
TFLM_WRONG = {"keras_tcn_int8", "keras_tcn_float", "keras_lstm_wide_dynamic"}

# name -> (builder, converter modes)
MODELS: dict[str, tuple[Callable, tuple[str, ...]]] = {
    "dense_ae": (dense_autoencoder, ("16x8", "int8", "float", "uint8", "dynamic")),
    "dense_nobias": (dense_no_bias, ("16x8",)),
    "padded_conv1d": (padded_conv1d, ("float", "16x8", "int8")),
    "padded_conv2d": (padded_conv2d, ("float", "16x8", "int8")),
    "residual_se": (residual_se, ("float", "16x8", "int8", "uint8")),
    "inverted_residual": (inverted_residual, ("16x8", "int8", "float")),
    "mobilenet": (mobilenet, ("int8", "16x8", "float", "float16", "dynamic")),
    "wide_depthwise": (wide_depthwise, ("dynamic",)),
    "hard_swish_se": (hard_swish_se, ("float", "int8")),
    "upsample": (upsample_net, ("float", "int8")),
    "separable_bn": (separable_bn, ("int8", "float")),
    "attention": (attention, ("int8", "float")),
    "lstm": (lstm, ("int8", "float")),  # the converter has no 16x8 UNIDIRECTIONAL_SEQUENCE_LSTM
    "lstm_wide": (lstm_wide, ("dynamic",)),
    "lstm_gelu": (lstm_gelu, ("float",)),
    "bilstm_gelu": (bilstm_gelu, ("float",)),
    "gru_unrolled": (gru_unrolled, ("int8", "float")),
    "simple_rnn_unrolled": (simple_rnn_unrolled, ("int8", "float")),
    # int8 and 16x8: TensorFlow 2.21's converter (and AI Edge Quantizer) crash quantizing WHILE loops
    "gru_rolled": (gru_rolled, ("float",)),
    "simple_rnn_rolled": (simple_rnn_rolled, ("float",)),
    "lstm_cell_rolled": (lstm_cell_rolled, ("float",)),
    "resize_bilinear": (resize_bilinear, ("int8", "float")),
    "tt_einsum": (tt_einsum, ("int8",)),
    "branches": (branches, ("int8", "float")),
    # issue 50: joins and splits planned as views
    "densenet": (densenet, ("int8", "16x8", "float")),
    "nchw_concat": (nchw_concat, ("int8", "float")),
    "nested_concat": (nested_concat, ("int8", "float", "16x8")),
    "slice_join": (slice_join, ("int8", "float")),
    "split_join": (split_join, ("float", "int8")),
    # issue 46: every op and dtype TFLite Micro runs
    "transformer": (transformer, ("int8", "float")),
    "bilstm": (bilstm, ("int8", "float")),
    "float_math": (float_math, ("float",)),
    "compare_select": (compare_select, ("int8", "float")),
    "embedding": (embedding, ("int8", "float")),
    # issue 56: beyond TFLite Micro (its float32 form holds the tanh GELU, which rvfw refuses)
    "gelu_mlp": (gelu_mlp, ("int8",)),
    # issue 56: GELU int8 and exact float32 (LiteRT itself aborts on the converter's 16x8 form)
    "convnext": (convnext, ("int8", "float")),  # float: exact GELU float32 (LiteRT's Eigen erfc)
    "layer_norm": (layer_norm, ("int8", "float")),
    "tcn": (tcn, ("int8", "float")),
    # issue 59: dense prediction, where tiling must reach past the first stage
    "espcn": (espcn, ("int8", "float")),
    "unet": (unet, ("int8", "float")),
    "bilinear_ae": (bilinear_autoencoder, ("int8", "float")),
    # issue 56: op versions the converter writes for forms rvfw runs (int64 SUB 4, MUL 5; int8 SQRT 2)
    "int_math": (int_math, ("float",)),
    "sqrt_abs": (sqrt_abs, ("int8",)),
}


def detection_postprocess(max_detections: int, classes: int, regular: bool, per_class: int = 100):
    """TFLite's TFLite_Detection_PostProcess as the Object Detection API's TF2 exporter writes it: a
    composite function that the converter replaces by the custom op. Its placeholder outputs give
    the op its static output shapes (TFLite Micro needs them)."""
    signature = [
        'name: "TFLite_Detection_PostProcess"',
        f'attr {{ key: "max_detections" value {{ i: {max_detections} }} }}',
        'attr { key: "max_classes_per_detection" value { i: 1 } }',
        f'attr {{ key: "detections_per_class" value {{ i: {per_class} }} }}',
        f'attr {{ key: "use_regular_nms" value {{ b: {str(regular).lower()} }} }}',
        'attr { key: "nms_score_threshold" value { f: 0.3 } }',
        'attr { key: "nms_iou_threshold" value { f: 0.5 } }',
        'attr { key: "y_scale" value { f: 10.0 } }',
        'attr { key: "x_scale" value { f: 10.0 } }',
        'attr { key: "h_scale" value { f: 5.0 } }',
        'attr { key: "w_scale" value { f: 5.0 } }',
        f'attr {{ key: "num_classes" value {{ i: {classes} }} }}',
    ]

    @tf.function(experimental_implements=" ".join(signature))
    def post(box_encodings, class_predictions, anchors):
        return (tf.zeros([1, max_detections, 4], tf.float32, name="boxes"),
                tf.zeros([1, max_detections], tf.float32, name="classes"),
                tf.zeros([1, max_detections], tf.float32, name="scores"),
                tf.zeros([1], tf.float32, name="num_detections"))  # fmt: skip

    return post


def ssd_detector(mode: str, regular: bool, seed: int) -> bytes:
    """An SSD-style detector (issue 30): a small conv backbone, box and class heads over a 4x4 grid
    of 3 anchors each (48), sigmoid class scores with a background column, and
    TFLite_Detection_PostProcess (fast or regular NMS) with its anchors as a constant. mode: float,
    or int8f (an int8 backbone with float I/O: the converter dequantizes the heads for the op)."""
    _seed(seed)
    anchors_per_cell, grid, classes = 3, 4, 3
    boxes = grid * grid * anchors_per_cell
    centres = (np.arange(grid) + 0.5) / grid
    cy, cx = np.meshgrid(centres, centres, indexing="ij")
    sizes = np.array([0.15, 0.3, 0.5])
    anchors = np.array([[y, x, s, s] for y, x in zip(cy.reshape(-1), cx.reshape(-1)) for s in sizes], np.float32)
    backbone = keras.Sequential([
        L.Conv2D(8, 3, strides=2, padding="same", activation="relu", bias_initializer=BIAS),
        L.Conv2D(16, 3, strides=2, padding="same", activation="relu", bias_initializer=BIAS),
    ])  # fmt: skip
    box_head = L.Conv2D(anchors_per_cell * 4, 1, bias_initializer=BIAS)
    class_head = L.Conv2D(anchors_per_cell * (classes + 1), 1, bias_initializer=BIAS)
    post = detection_postprocess(10, classes, regular)

    class Detector(tf.Module):
        def __init__(self):
            super().__init__()
            self.backbone, self.box_head, self.class_head = backbone, box_head, class_head  # tracked: frozen

        @tf.function(input_signature=[tf.TensorSpec([1, 16, 16, 3], tf.float32)])
        def __call__(self, x):
            features = self.backbone(x)
            box = tf.reshape(self.box_head(features), [1, boxes, 4])
            scores = tf.math.sigmoid(tf.reshape(self.class_head(features), [1, boxes, classes + 1]))
            return post(box, scores, tf.constant(anchors))

    detector = Detector()
    detector(tf.zeros([1, 16, 16, 3]))
    converter = tf.lite.TFLiteConverter.from_concrete_functions([detector.__call__.get_concrete_function()], detector)
    converter.allow_custom_ops = True
    if mode == "int8f":
        rng = np.random.default_rng(seed)
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
        converter.representative_dataset = lambda: ([rng.uniform(-1, 1, (1, 16, 16, 3)).astype(np.float32)]
                                                    for _ in range(32))  # fmt: skip
    return converter.convert()


def tf_function(fn: Callable, shape: tuple[int, ...], mode: str, seed: int) -> bytes:
    """A tf.function of one float input (issue 56's forms the Keras layers do not make), converted
    as float or int8 (int8 I/O, a seeded calibration set)."""
    rng = np.random.default_rng(seed)
    module = tf.Module()
    module.f = tf.function(fn, input_signature=[tf.TensorSpec(shape, tf.float32)])
    converter = tf.lite.TFLiteConverter.from_concrete_functions([module.f.get_concrete_function()], module)
    if mode == "int8":
        converter.optimizations = [tf.lite.Optimize.DEFAULT]
        converter.representative_dataset = lambda: ([rng.uniform(-1, 1, shape).astype(np.float32)] for _ in range(20))
        converter.target_spec.supported_ops = [tf.lite.OpsSet.TFLITE_BUILTINS_INT8]
        converter.inference_input_type = converter.inference_output_type = tf.int8
    return converter.convert()


# name -> (function, input shape): tf_<name>_<mode>, int8 and float
TF_FUNCTIONS: dict[str, tuple[Callable, tuple[int, ...]]] = {
    # SPACE_TO_BATCH_ND with paddings (refused before; TFLite pads with the zero point)
    "space_to_batch_padded": (
        lambda x: tf.nn.relu(tf.space_to_batch_nd(x, [2, 2], [[1, 0], [2, 1]])) * 1.5,
        (1, 7, 5, 3),
    ),
    # FILL of a value computed on the device (int8: FILL version 3), times the input
    "fill_computed": (lambda x: tf.fill([3, 4], x[0, 0]) * x, (1, 4)),
}


def branches_if() -> bytes:
    """tf.cond on the data (issue 30): the converter writes an IF with a then and an else subgraph
    (a ReLU Dense or a scaled tanh Dense, by the sign of the input's sum)."""
    _seed(47)
    rng = np.random.default_rng(47)

    class Branches(tf.Module):
        def __init__(self):
            super().__init__()
            self.w1 = tf.Variable(rng.normal(0, 0.5, (8, 4)).astype(np.float32))
            self.w2 = tf.Variable(rng.normal(0, 0.5, (8, 4)).astype(np.float32))

        @tf.function(input_signature=[tf.TensorSpec([1, 8], tf.float32)])
        def __call__(self, x):
            return tf.cond(tf.reduce_sum(x) > 0.0, lambda: tf.nn.relu(tf.matmul(x, self.w1)),
                           lambda: tf.tanh(tf.matmul(x, self.w2)) * 2.0)  # fmt: skip

    module = Branches()
    return tf.lite.TFLiteConverter.from_concrete_functions([module.__call__.get_concrete_function()], module).convert()


DETECTORS = {"ssd_fast_float": ("float", False), "ssd_regular_float": ("float", True),
             "ssd_fast_int8f": ("int8f", False)}  # fmt: skip


def tf1_qat_cnn() -> bytes:
    """A legacy uint8 model as TF1's quantisation-aware training wrote them (issue 56): a graph
    with fake-quant nodes (narrow-range weights, so their zero points sit off 128) converted by the
    TF1 converter with `inference_type=tf.uint8`: a MobileNet-v1-like body (3x3 stride-2 conv,
    depthwise and pointwise with RELU6), a residual ADD, average and max pooling concatenated, a
    1x1 conv as the classifier and SOFTMAX; uint8 I/O. TFLite Micro has none of these in uint8."""
    tf1 = tf.compat.v1
    rng = np.random.default_rng(71)

    def fq(t, lo, hi, narrow=False):
        return tf1.quantization.fake_quant_with_min_max_vars(t, lo, hi, narrow_range=narrow)

    def weights(shape, sd):
        w = rng.normal(0, sd, shape).astype(np.float32)
        return fq(tf.constant(w), float(w.min()), float(w.max()), True)

    def bias(n):
        return tf.constant(rng.normal(0, 0.1, n).astype(np.float32))

    g = tf1.Graph()
    with g.as_default():
        x = tf1.placeholder(tf.float32, [1, 16, 16, 3], name="x")
        h = fq(x, -1.0, 1.0)
        h = fq(tf.nn.relu6(tf.nn.conv2d(h, weights((3, 3, 3, 8), 0.3), 2, "SAME") + bias(8)), 0.0, 6.0)
        d = tf.nn.depthwise_conv2d(h, weights((3, 3, 8, 1), 0.3), [1, 1, 1, 1], "SAME")
        d = fq(tf.nn.relu6(d + bias(8)), 0.0, 6.0)
        p = fq(tf.nn.relu6(tf.nn.conv2d(d, weights((1, 1, 8, 16), 0.25), 1, "SAME") + bias(16)), 0.0, 6.0)
        q = fq(tf.nn.relu6(tf.nn.conv2d(h, weights((1, 1, 8, 16), 0.25), 1, "SAME") + bias(16)), 0.0, 6.0)
        r = fq(p + q, 0.0, 12.0)
        avg = fq(tf.nn.avg_pool2d(r, 3, 2, "SAME"), 0.0, 12.0)
        top = fq(tf.nn.max_pool2d(r, 3, 2, "SAME"), 0.0, 12.0)
        c = fq(tf.concat([avg, top], -1), 0.0, 12.0)
        gap = fq(tf.nn.avg_pool2d(c, 4, 4, "VALID"), 0.0, 12.0)
        logits = fq(tf.nn.conv2d(gap, weights((1, 1, 32, 10), 0.2), 1, "VALID") + bias(10), -10.0, 10.0)
        out = tf.identity(fq(tf.nn.softmax(tf.reshape(logits, [1, 10])), 0.0, 1.0), name="y")
        with tf1.Session(graph=g) as sess:
            converter = tf1.lite.TFLiteConverter.from_session(sess, [x], [out])
            converter.inference_type = tf.uint8
            converter.quantized_input_stats = {"x": (127.5, 127.5)}
            return converter.convert()


def _details(model: bytes) -> tuple[list[dict], int]:
    interp = tf.lite.Interpreter(model_content=model)
    return interp.get_input_details(), len(interp.get_output_details())


def seeded_input(detail: dict, rng: np.random.Generator) -> np.ndarray:
    shape, dtype = tuple(detail["shape"]), detail["dtype"]
    if dtype == np.int32:  # token ids: within every corpus table's rows
        return rng.integers(0, 64, shape).astype(np.int32)
    if dtype == np.float32:
        return rng.uniform(-1, 1, shape).astype(np.float32)
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max + 1, shape).astype(dtype)


def reference(model: bytes, seed: int = 1, litert: bool = False) -> dict[str, np.ndarray]:
    """TFLite Micro's outputs for the seeded inputs; where TFLite Micro refuses the model (float16
    weights), stops in it or is known wrong on it (litert), LiteRT's reference kernels' (what
    `rvfw check` then compares with)."""
    from tflite_micro.python.tflite_micro import runtime

    ins, n_out = _details(model)
    rng = np.random.default_rng(seed)
    arrays = {f"input_{k}": seeded_input(d, rng) for k, d in enumerate(ins)}
    try:
        if litert:
            raise RuntimeError("TFLite Micro is known wrong on this model")
        interp = runtime.Interpreter.from_bytes(model, arena_size=16 << 20)
        for k in range(len(ins)):
            interp.set_input(arrays[f"input_{k}"], k)
        interp.invoke()  # TFLite Micro prepares some ops it then stops at (int64 SUB and MUL)
    except RuntimeError:
        from ai_edge_litert.interpreter import Interpreter, OpResolverType

        lite = Interpreter(model_content=model, experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
        lite.allocate_tensors()
        for k, d in enumerate(lite.get_input_details()):
            lite.set_tensor(d["index"], arrays[f"input_{k}"])
        lite.invoke()
        for k, d in enumerate(lite.get_output_details()[:n_out]):
            arrays[f"output_{k}"] = np.array(lite.get_tensor(d["index"]))
        print("  (TFLite Micro refuses it or is known wrong: LiteRT's reference kernels)", flush=True)
        return arrays
    for k in range(n_out):
        arrays[f"output_{k}"] = interp.get_output(k)
    return arrays


# AI Edge Quantizer: the float model of a Keras builder, quantised by its static recipes (it inserts
# QUANTIZE/DEQUANTIZE and writes operator codes only in the int32 builtin_code field: issue 36).
AEQ_MODELS: dict[str, tuple[Callable, tuple[str, ...]]] = {
    "residual_se": (residual_se, ("16x8", "int8", "int4w")),
    "dense_ae": (dense_autoencoder, ("16x8", "int4w")),
    "inverted_residual": (inverted_residual, ("16x8", "int4w")),
    # issue 56: a 16x8 encoder and its int8 twin (their instruction ratio: bench/converter_corpus.py)
    "transformer": (transformer, ("16x8", "int8")),
}


def aeq(model: keras.Model | bytes, mode: str, shapes: list[tuple[int, ...]] | None = None, seed: int = 0) -> bytes:
    """AI Edge Quantizer's static recipe (mode 16x8, int8, or int4w: int8 with int4 weights) over a
    float model: a Keras model, or the
    bytes of a float .tflite (the PyTorch ones of generate_torch.py)."""
    import copy
    import tempfile

    from ai_edge_quantizer import quantizer, recipe

    with tempfile.TemporaryDirectory() as tmp:
        float_path = Path(tmp) / "float.tflite"
        float_path.write_bytes(model if isinstance(model, bytes) else convert(model, "float", shapes))
        if shapes is None:
            shapes = [tuple(d["shape"]) for d in tf.lite.Interpreter(model_path=str(float_path)).get_input_details()]
        qt = quantizer.Quantizer(str(float_path))
        if mode == "int4w":  # int8 activations, int4 weights (two a byte), as TFLite Micro runs them
            int4 = recipe.static_wi8_ai8()
            for entry in int4:
                entry["op_config"]["weight_tensor_config"]["num_bits"] = 4
            # TFLite Micro's int4 FULLY_CONNECTED takes per-tensor weights only
            dense = copy.deepcopy(int4[0])
            dense["operation"] = "FULLY_CONNECTED"
            dense["op_config"]["weight_tensor_config"]["granularity"] = "TENSORWISE"
            qt.load_quantization_recipe([*int4, dense])
        else:
            qt.load_quantization_recipe(recipe.static_wi8_ai16() if mode == "16x8" else recipe.static_wi8_ai8())
        signature = tf.lite.Interpreter(model_path=str(float_path)).get_signature_list()
        key = next(iter(signature))
        inputs = signature[key]["inputs"]
        rng = np.random.default_rng(seed)
        samples = [{name: rng.uniform(-1, 1, (1, *s[1:])).astype(np.float32) for name, s in zip(inputs, shapes)}
                   for _ in range(32)]  # fmt: skip
        calibration = qt.calibrate({key: samples})
        out = Path(tmp) / "q.tflite"
        qt.quantize(calibration).export_model(str(out))
        return out.read_bytes()


def torch_models(names: list[str]) -> None:
    """The float models of generate_torch.py (litert-torch) and generate_onnx.py (onnx2tf): their
    TFLite Micro outputs, and int8 and 16x8 versions made by AI Edge Quantizer."""
    for float_path in sorted([*HERE.glob("torch_*_float.tflite"), *HERE.glob("onnx_*_float.tflite")]):
        base = float_path.stem.removesuffix("_float")
        if names and base.split("_")[0] not in names and base not in names:
            continue
        data = float_path.read_bytes()
        np.savez(HERE / f"{base}_float.npz", **reference(data))
        for k, mode in enumerate(("int8", "16x8")):
            write(f"{base}_{mode}", aeq(data, mode, seed=k))


def write(name: str, data: bytes) -> None:
    """The model, and its seeded input with TFLite Micro's outputs for it, beside this script."""
    (HERE / f"{name}.tflite").write_bytes(data)
    np.savez(HERE / f"{name}.npz", **reference(data, litert=name in TFLM_WRONG))
    print(f"{name}: {len(data):,} bytes", flush=True)


def main(names: list[str]) -> None:
    # (prefix, models, first seed, how a float Keras model becomes the .tflite)
    for prefix, models, seed, make in (("keras", MODELS, 17, convert), ("aeq", AEQ_MODELS, 31, aeq)):
        for base, (builder, modes) in models.items():
            for k, mode in enumerate(modes):
                name = f"{prefix}_{base}_{mode}"
                if names and name not in names and base not in names and prefix not in names:
                    continue
                _seed(seed + k)
                model, shapes = builder()
                write(name, make(model, mode, shapes, seed=k))
    if not names or "tf1_qat_cnn_uint8" in names:
        write("tf1_qat_cnn_uint8", tf1_qat_cnn())
    if not names or "cond_if_float" in names or "keras_cond_if_float" in names:
        write("keras_cond_if_float", branches_if())
    for j, (base, (fn, shape)) in enumerate(TF_FUNCTIONS.items()):
        for k, mode in enumerate(("int8", "float")):
            if not names or f"tf_{base}_{mode}" in names:
                write(f"tf_{base}_{mode}", tf_function(fn, shape, mode, seed=61 + 2 * j + k))
    for k, (base, (mode, regular)) in enumerate(DETECTORS.items()):
        if not names or f"keras_{base}" in names or base in names or "ssd" in names:
            write(f"keras_{base}", ssd_detector(mode, regular, seed=43 + k))


if __name__ == "__main__":
    # No names: everything. Names: those models; "torch" or "onnx" (or such a model's name): the
    # float models generate_torch.py and generate_onnx.py made.
    wanted = sys.argv[1:]
    keras_names = [n for n in wanted if n not in ("torch", "onnx") and not n.startswith(("torch_", "onnx_"))]
    if not wanted or keras_names:
        main(keras_names)
    if not wanted or len(keras_names) < len(wanted):
        torch_models(wanted)
