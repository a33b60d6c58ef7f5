"""One small model per (op, dtype) TFLite Micro runs, made by the real converter (issue 46): a
Keras/TF expression of each op, converted in each quantisation flow that yields the pair (int8
with int8 I/O, float32, 16x8), kept where TFLite Micro runs it, with TFLite Micro's outputs for a
seeded input. Runs in the converter venv; tests/fuzz/graphcheck.py checks the directory with rvfw:

    .venv-gen/bin/python -m tests.fuzz.pairgen OUTDIR
    .venv/bin/python -m tests.fuzz.graphcheck OUTDIR --configs spike-rv64gcv:fast,spike-rv32imc:fast

`make tflm-pairs` runs both. A model the converter cannot make, or TFLite Micro does not run, is
skipped with its reason (pairs.txt lists what was made).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
os.environ.setdefault("TF_USE_LEGACY_KERAS", "1")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras as keras  # noqa: E402

from tests.data.converters.generate import convert, reference  # noqa: E402

L = keras.layers


def _lambda(fn):
    return L.Lambda(fn)


# name -> (input shapes, builder from Keras inputs to the output, converter modes)
UNARY = {
    "abs": tf.abs, "neg": tf.negative, "floor": tf.floor, "ceil": tf.math.ceil, "round": tf.round,
    "sqrt": lambda x: tf.sqrt(tf.abs(x) + 0.1), "rsqrt": lambda x: tf.math.rsqrt(tf.abs(x) + 0.1),
    "square": tf.square, "exp": tf.exp, "log": lambda x: tf.math.log(tf.abs(x) + 0.1), "sin": tf.sin,
    "cos": tf.cos, "relu": tf.nn.relu, "relu6": tf.nn.relu6, "elu": tf.nn.elu,
    "leaky_relu": lambda x: tf.nn.leaky_relu(x, 0.2), "logistic": tf.sigmoid, "tanh": tf.tanh,
    "hard_swish": lambda x: x * tf.nn.relu6(x + 3.0) / 6.0, "softmax": tf.nn.softmax,
    "log_softmax": tf.nn.log_softmax, "l2_norm": lambda x: tf.math.l2_normalize(x, axis=-1),
}  # fmt: skip
BINARY = {
    "add": tf.add, "sub": tf.subtract, "mul": tf.multiply, "div": lambda a, b: a / (tf.abs(b) + 0.5),
    "maximum": tf.maximum, "minimum": tf.minimum, "squared_difference": tf.math.squared_difference,
    "floor_div": lambda a, b: tf.math.floordiv(a, tf.abs(b) + 0.5),
    "floor_mod": lambda a, b: tf.math.floormod(a, tf.abs(b) + 0.5),
    "equal": lambda a, b: tf.cast(tf.equal(tf.round(a * 4), tf.round(b * 4)), tf.float32),
    "greater": lambda a, b: tf.where(tf.greater(a, b), a, b),
    "greater_equal": lambda a, b: tf.where(tf.greater_equal(a, b), a, b),
    "less": lambda a, b: tf.where(tf.less(a, b), a, b),
    "less_equal": lambda a, b: tf.where(tf.less_equal(a, b), a, b),
    "prelu": lambda a, b: L.PReLU(alpha_initializer=keras.initializers.Constant(0.3))(a) + b,
    "batch_matmul": lambda a, b: tf.matmul(a, b, transpose_b=True),
}  # fmt: skip
MOVES = {
    "transpose": lambda x: tf.transpose(x, [0, 2, 1]), "reshape": lambda x: tf.reshape(x, (1, 6, 10)),
    "slice": lambda x: tf.slice(x, [0, 1, 2], [1, 2, 5]), "strided_slice": lambda x: x[:, ::2, 1::3],
    "split": lambda x: tf.concat(tf.split(x, 2, axis=2)[::-1], axis=1),
    "pack_unpack": lambda x: tf.stack(tf.unstack(x, axis=1)[::-1], axis=2),
    "gather": lambda x: tf.gather(x, [3, 0, 2, 2], axis=2), "reverse": lambda x: tf.reverse(x, [2]),
    "pad": lambda x: tf.pad(x, [[0, 0], [1, 2], [0, 1]]),
    "mirror_pad": lambda x: tf.pad(x, [[0, 0], [1, 1], [2, 1]], mode="REFLECT"),
    "broadcast_to": lambda x: tf.broadcast_to(x[:, :1, :], (1, 3, 10)) + x,
    "cumsum": lambda x: tf.cumsum(x, axis=2), "expand_squeeze": lambda x: tf.squeeze(tf.expand_dims(x, 1), 1),
    "mean": lambda x: tf.reduce_mean(x, axis=2), "sum": lambda x: tf.reduce_sum(x, axis=1),
    "reduce_max": lambda x: tf.reduce_max(x, axis=2), "reduce_min": lambda x: tf.reduce_min(x, axis=1),
    "arg_max": lambda x: tf.cast(tf.argmax(x, axis=2), tf.float32),
    "arg_min": lambda x: tf.cast(tf.argmin(x, axis=1), tf.float32),
    "gather_nd": lambda x: tf.gather_nd(x, [[0, 1], [0, 2], [0, 0]]),
}  # fmt: skip
SPATIAL = {
    "depth_to_space": lambda x: tf.nn.depth_to_space(x, 2), "space_to_depth": lambda x: tf.nn.space_to_depth(x, 2),
    "resize_bilinear": lambda x: tf.image.resize(x, (8, 8)),
    "resize_nearest": lambda x: tf.image.resize(x, (8, 8), method="nearest"),
    "avg_pool": lambda x: tf.nn.avg_pool2d(x, 2, 2, "VALID"), "max_pool": lambda x: tf.nn.max_pool2d(x, 2, 2, "SAME"),
    "conv": lambda x: L.Conv2D(6, 3, padding="same")(x), "dwconv": lambda x: L.DepthwiseConv2D(3)(x),
    "grouped_conv": lambda x: L.Conv2D(8, 3, groups=2)(x),
    "transpose_conv": lambda x: L.Conv2DTranspose(3, 3, strides=2, padding="same")(x),
    "batch_to_space": lambda x: tf.nn.space_to_batch(x, [2, 2], [[0, 0], [0, 0]]) * 1.5,
    "fully_connected": lambda x: L.Dense(5)(L.Flatten()(x)),
}  # fmt: skip
MODES = ("int8", "float", "16x8")


def models():
    for name, fn in UNARY.items():
        yield name, [(1, 3, 10)], lambda ins, fn=fn: _lambda(fn)(ins[0])
    for name, fn in BINARY.items():
        shape_b = (1, 3, 10) if name != "prelu" else (1, 3, 10)
        yield name, [(1, 3, 10), shape_b], lambda ins, fn=fn: _lambda(lambda ab: fn(ab[0], ab[1]))(ins)
    for name, fn in MOVES.items():
        yield name, [(1, 3, 10)], lambda ins, fn=fn: _lambda(fn)(ins[0])
    for name, fn in SPATIAL.items():
        needs_layer = name in ("conv", "dwconv", "grouped_conv", "transpose_conv", "fully_connected")
        yield name, [(1, 4, 4, 4)], (lambda ins, fn=fn: fn(ins[0])) if needs_layer else (
            lambda ins, fn=fn: _lambda(fn)(ins[0]))  # fmt: skip


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    made = []
    for k, (name, shapes, build) in enumerate(models()):
        for mode in MODES:
            tf.random.set_seed(k)
            keras.utils.set_random_seed(k)
            try:
                ins = [keras.Input(s[1:], batch_size=1) for s in shapes]
                model = keras.Model(ins, build(ins))
                data = convert(model, mode, shapes, seed=k)
                arrays = reference(data)
            except Exception as exc:  # noqa: BLE001 - the converter or TFLite Micro: skipped, said why
                said = (str(exc).splitlines() or [""])[0][:80]
                print(f"{name}_{mode}: skipped ({type(exc).__name__}: {said})")
                continue
            (out / f"pair_{name}_{mode}.tflite").write_bytes(data)
            np.savez(out / f"pair_{name}_{mode}.npz", **arrays)
            made.append(f"pair_{name}_{mode}")
    (out / "pairs.txt").write_text("\n".join(made) + "\n")
    print(f"{len(made)} models in {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
