"""Structured bad models, as careless tools and attackers make them: each is refused by the
frontend's validation pass (or the op's own check) in one line naming the problem, before
anything is planned or written. Cases from the fuzzing issue that compiled into wrong firmware
or raised tracebacks."""

from __future__ import annotations

import re

import numpy as np
import pytest

from codegen import pipeline
from codegen.errors import ModelError, RvfwError
from codegen.modelgen import ModelBuilder


def softmax_model(in_shape=(1, 4), out_shape=(1, 4), scale=0.1, zero_point=0, inputs=None, outputs=None, ops=True):
    m = ModelBuilder()
    x = m.tensor("x", in_shape, scale=scale, zero_point=zero_point)
    y = m.tensor("y", out_shape, scale=1 / 256, zero_point=-128)
    if ops:
        m.op("SOFTMAX", [x], [y])
    return m.finish([x] if inputs is None else inputs, [y] if outputs is None else outputs)


def _unwritten_output() -> bytes:
    """A graph output that no op writes and that is not a graph input (an input handed back as an
    output is fine: TFLite Micro returns its bytes)."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 4), scale=0.1, zero_point=0)
    y = m.tensor("y", (1, 4), scale=1 / 256, zero_point=-128)
    z = m.tensor("z", (1, 4), scale=1 / 256, zero_point=-128)
    m.op("SOFTMAX", [x], [y])
    return m.finish([x], [y, z])


def conv_model(stride=(1, 1), inputs=None, depthwise=False, depth_multiplier=1):
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 4, 2), scale=0.05, zero_point=0)
    shape = (1, 3, 3, 2) if depthwise else (2, 3, 3, 2)
    w = m.tensor("w", shape, scale=0.01, data=np.ones(shape, np.int8))
    y = m.tensor("y", (1, 4, 4, 2), scale=0.1, zero_point=0)
    kind = "DEPTHWISE_CONV_2D" if depthwise else "CONV_2D"
    extra = {"depth_multiplier": depth_multiplier} if depthwise else {}
    m.op(kind, [x, w] if inputs is None else inputs, [y], stride=stride, padding="SAME", **extra)
    return m.finish([x], [y])


def cycle_model():
    m = ModelBuilder()
    x = m.tensor("x", (1, 4), scale=0.1)
    a = m.tensor("a", (1, 4), scale=0.1)
    b = m.tensor("b", (1, 4), scale=0.1)
    m.op("ADD", [x, b], [a])
    m.op("ADD", [a, x], [b])
    return m.finish([x], [b])


CASES = [
    ("no operators", lambda: softmax_model(ops=False, outputs=[1]), "the graph has no operators"),
    ("no inputs", lambda: softmax_model(inputs=[]), "the graph has 0 inputs"),
    ("output nobody writes", lambda: _unwritten_output(), "is produced by no op"),
    ("shape disagrees", lambda: softmax_model(out_shape=(1, 5)), "input [1, 4] and output [1, 5] differ"),
    ("batch of 0", lambda: softmax_model(in_shape=(0, 4), out_shape=(0, 4)), "empty shape [0, 4]"),
    # a scalar graph input is a model's (tf.TensorSpec([])); SOFTMAX needs one dimension or more
    ("scalar softmax", lambda: softmax_model(in_shape=(), out_shape=()), "SOFTMAX: a scalar (rank 0) input"),
    ("conv arity", lambda: conv_model(inputs=[0]), "1 inputs and 1 outputs; it takes 2-3"),
    ("index out of range", lambda: conv_model(inputs=[0, 99]), "names tensor 99, which does not exist"),
    ("negative index", lambda: conv_model(inputs=[0, -5]), "names tensor -5, which does not exist"),
    ("stride 0", lambda: conv_model(stride=(0, 1)), "stride [0, 1] must be at least 1"),
    ("depth multiplier 0", lambda: conv_model(depthwise=True, depth_multiplier=0), "depth_multiplier 0 must be"),
    ("cycle", cycle_model, "is not produced by an earlier op"),
    ("NaN scale", lambda: softmax_model(scale=float("nan")), "scale must be finite and positive"),
    ("zero scale", lambda: softmax_model(scale=0.0), "scale must be finite and positive"),
    ("zero point out of range", lambda: softmax_model(zero_point=300), "zero point outside int8 range"),
    ("8 GiB tensor", lambda: softmax_model(in_shape=(1 << 16, 1 << 17), out_shape=(1 << 16, 1 << 17)), "2 GiB"),
]


@pytest.mark.parametrize("what,make,message", CASES, ids=[c[0] for c in CASES])
def test_bad_model_is_refused_in_one_line(tmp_path, what, make, message):
    path = tmp_path / "bad.tflite"
    path.write_bytes(make())
    with pytest.raises(RvfwError) as info:
        pipeline.prepare(path, "spike-rv64gcv")
    text = str(info.value)
    assert isinstance(info.value, ModelError), text
    assert message in text and "\n" not in text and text.startswith("bad.tflite: ")


def test_only_regular_files_are_read(tmp_path):
    import os

    os.mkfifo(tmp_path / "fifo.tflite")
    with pytest.raises(ModelError, match="not a regular file"):
        pipeline.prepare(tmp_path / "fifo.tflite", "spike-rv64gcv")
    with pytest.raises(ModelError, match="not a regular file"):
        pipeline.prepare("/dev/zero", "spike-rv64gcv")


UNTAKEN = [
    ("COS", np.int16, "COS: int16 not supported (rvfw has float32)"),
    ("SIN", np.int8, "SIN: int8 not supported (rvfw has float32)"),
]


@pytest.mark.parametrize("kind, dtype, message", UNTAKEN)
def test_a_kind_no_form_takes_in_its_dtype_is_refused_not_crashed(tmp_path, kind, dtype, message):
    """A kind whose dtype's form does not declare it (int16 COS, int8 SIN) falls through to a form
    that refuses it in one line, never to an internal KeyError (as int8 FLOOR_DIV once did, before
    rvfw ran it): a form's declared kinds hold for its fallback too."""
    m = ModelBuilder()
    q = {"scale": 0.05, "zero_point": 0}
    inputs = [m.tensor(n, (1, 4), dtype, **q) for n in ("a", "b")[: 1 if kind in ("SIN", "COS") else 2]]
    y = m.tensor("y", (1, 4), dtype, **q)
    m.op(kind, inputs, [y])
    path = tmp_path / f"{kind}.tflite"
    path.write_bytes(m.finish(inputs, [y]))
    with pytest.raises(ModelError, match=re.escape(message)):
        pipeline.prepare(path, "spike-rv64gcv")
