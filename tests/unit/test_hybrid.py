"""Hybrid (dynamic-range) layers: float32 activations, int8 weights (ops.hybrid). What they refuse
in one line, that they neither run in place nor stream by rows, and that LiteRT's reference is
named for them. (Bit-exactness: the kernel tier's hybrid_* cases and the converter corpus.)"""

import numpy as np
import pytest

from codegen.errors import ModelError
from codegen.frontend.tflite import load_tflite
from codegen.ops import form_of, scratch_bytes
from codegen.ops.tflm_set import litert_only_in
from tests.kernels.cases import hybrid


def _graph(tmp_path, **kwargs):
    path = tmp_path / "hybrid.tflite"
    path.write_bytes(hybrid(np.random.default_rng(3), **kwargs))
    return load_tflite(path)


def _check(graph):
    op = graph.ops[0]
    form_of(graph, op).check(graph, op)
    return op


def test_a_hybrid_conv_takes_the_whole_image_into_scratch_and_neither_streams_nor_runs_in_place(tmp_path):
    g = _graph(tmp_path, kind="CONV_2D", batches=2, shape=(6, 5, 4), units=8, k=(1, 1))
    op = _check(g)
    form = form_of(g, op)
    assert scratch_bytes(g, op) == 6 * 5 * 4  # one batch image, quantised (a 1x1 window: no column)
    assert form.inplace(g, op) == [] and form.rows(g, op) is None
    assert litert_only_in(g) == ["hybrid CONV_2D (float32 activations, int8 weights)"]


def test_a_hybrid_conv_with_a_window_takes_one_im2col_column_after_the_image(tmp_path):
    g = _graph(tmp_path, kind="CONV_2D", batches=1, shape=(6, 5, 4), units=8, k=(3, 3))
    op = _check(g)
    assert scratch_bytes(g, op) == 6 * 5 * 4 + 3 * 3 * 4  # the fast kernels' column (rvfw_hybrid_conv_run)


def test_a_hybrid_fully_connected_takes_one_row_into_scratch(tmp_path):
    g = _graph(tmp_path, kind="FULLY_CONNECTED", batches=3, shape=(40,), units=7)
    op = _check(g)
    assert scratch_bytes(g, op) == 40 and op.options["asymmetric_quantize_inputs"]


@pytest.mark.parametrize(
    "kwargs, reason",
    [
        ({"kind": "CONV_2D", "bias": False}, "a hybrid CONV_2D needs a bias (LiteRT refuses one without)"),
        ({"kind": "DEPTHWISE_CONV_2D", "per_channel": False}, "hybrid weights with 1 scales for 4 output channels"),
    ],
)
def test_what_litert_does_not_run_as_this_kernel_is_refused_in_one_line(tmp_path, kwargs, reason):
    g = _graph(tmp_path, batches=1, shape=(5, 5, 4), units=4, **kwargs)
    with pytest.raises(ModelError) as refused:
        _check(g)
    assert reason in str(refused.value) and "\n" not in str(refused.value)
