"""The activation tables (codegen.ops.activation) against TFLite Micro itself: every one of the 256
int8 inputs through a single-op model, over several quantisations. The tables are built with our
Python port of TFLM's integer arithmetic; TFLM is the golden reference."""

from __future__ import annotations

import numpy as np
import pytest

from codegen.check.golden import reference_outputs
from codegen.frontend import load_tflite
from codegen.ir import OpKind
from codegen.modelgen import ModelBuilder
from codegen.ops import activation

# (op, input scale, input zero point, output scale, output zero point, options)
CASES = [
    ("RELU", 0.05, -3, 0.03, -128, {}),
    ("RELU", 0.02, 10, 0.05, -20, {}),
    ("RELU6", 0.05, -7, 0.05, -7, {}),
    ("RELU6", 0.01, 100, 0.02, -128, {}),
    ("LEAKY_RELU", 0.04, 5, 0.03, -10, {"alpha": 0.1}),
    ("LEAKY_RELU", 0.1, -50, 0.08, 3, {"alpha": 0.3}),
    ("LOGISTIC", 0.06, 4, 1 / 256, -128, {}),
    ("LOGISTIC", 0.25, -20, 1 / 256, -128, {}),
    ("LOGISTIC", 0.01, 0, 1 / 256, -128, {}),
    ("TANH", 0.03, -2, 1 / 128, 0, {}),
    ("TANH", 0.2, 30, 1 / 128, 0, {}),
    ("HARD_SWISH", 0.05, -8, 0.04, -100, {}),
    ("HARD_SWISH", 0.2, 20, 0.1, -30, {}),
    ("HARD_SWISH", 0.02, 0, 0.015, -120, {}),
    ("ELU", 0.05, 10, 0.04, 20, {}),
    ("ELU", 0.15, -60, 0.1, 0, {}),
]


@pytest.mark.parametrize("kind, s_in, z_in, s_out, z_out, options", CASES)
def test_table_matches_tflite_micro(tmp_path, kind, s_in, z_in, s_out, z_out, options):
    m = ModelBuilder()
    x = m.tensor("x", (1, 256), scale=s_in, zero_point=z_in)
    y = m.tensor("y", (1, 256), scale=s_out, zero_point=z_out)
    m.op(kind, [x], [y], **options)
    path = tmp_path / "act.tflite"
    path.write_bytes(m.finish([x], [y]))
    graph = load_tflite(path)
    inputs = np.arange(-128, 128, dtype=np.int8).reshape(1, 256)
    (expected,) = reference_outputs(path, [inputs], 1)
    table = activation.table(graph, graph.ops[0])
    ours = table[inputs.view(np.uint8).astype(np.int64)]
    assert graph.ops[0].kind is OpKind(kind)
    mismatch = np.nonzero(ours.reshape(-1) != expected.reshape(-1))[0]
    assert mismatch.size == 0, (
        f"inputs {(mismatch[:8] - 128).tolist()}: ours {ours.reshape(-1)[mismatch[:8]]}, "
        f"TFLM {expected.reshape(-1)[mismatch[:8]]}"
    )


def test_div_matches_tflite_micro_on_every_pair(tmp_path):
    """DIV's integer arithmetic (codegen.fixedpoint.divide, the same as div_s8_ref.c) over every
    dividend and every divisor clear of zero, against TFLite Micro."""
    from codegen.ops import binary

    a_vals = np.repeat(np.arange(-128, 128), 201).astype(np.int8)
    b_vals = np.tile(np.arange(-78, 123), 256).astype(np.int8)
    n = a_vals.size
    m = ModelBuilder()
    a = m.tensor("a", (1, n), scale=0.05, zero_point=4)
    b = m.tensor("b", (1, n), scale=0.01, zero_point=-128)
    y = m.tensor("y", (1, n), scale=0.1, zero_point=-3)
    m.op("DIV", [a, b], [y])
    path = tmp_path / "div.tflite"
    path.write_bytes(m.finish([a, b], [y]))
    (expected,) = reference_outputs(path, [a_vals.reshape(1, n), b_vals.reshape(1, n)], 1)
    graph = load_tflite(path)
    params = dict(binary.quant_params(graph, graph.ops[0]))
    ours = [binary._element(OpKind.DIV, params, int(x), int(v)) for x, v in zip(a_vals, b_vals)]
    assert np.array_equal(np.array(ours), expected.reshape(-1))
