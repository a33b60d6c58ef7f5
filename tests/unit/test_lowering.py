"""Lowering picks kernels by the board's ISA and prepares their constants."""

import numpy as np

from codegen.frontend.tflite import load_tflite
from codegen.ops import lower_graph
from codegen.ops.common import folded_bias
from codegen.planner import plan_memory
from tests.conftest import mlperf_model


def lower(path, vector):
    g = load_tflite(path)
    return g, *lower_graph(g, plan_memory(g), "rvv" if vector else "ref")


def test_folded_bias_is_the_input_independent_part():
    rng = np.random.default_rng(0)
    w = rng.integers(-127, 128, (5, 3, 3, 4)).astype(np.int8)
    bias = rng.integers(-1000, 1000, 5).astype(np.int32)
    x = rng.integers(-128, 128, (3, 3, 4))
    offset = 17
    exact = np.einsum("ohwi,hwi->o", w.astype(np.int64), x + offset) + bias
    assert np.array_equal(np.einsum("ohwi,hwi->o", w.astype(np.int64), x) + folded_bias(w, bias, offset), exact)


def test_vector_board_lowers_to_rvv_kernels_and_reports_the_rest():
    g, layers, constants = lower(mlperf_model("kws_dscnn"), vector=True)
    kernels = [layer.kernel for layer in layers]
    assert kernels[0] == "conv2d_s8_rvv" and "depthwise_conv2d_s8_rvv" in kernels
    assert kernels[-1] == "softmax_s8_ref" and "no RVV kernel for SOFTMAX" in layers[-1].note
    names = {c.name: c for c in constants}
    w = g.tensors[g.ops[0].inputs[1]].data
    hwio = names[f"{g.name}_op0_filter_hwio"].values.reshape(w.shape[1], w.shape[2], w.shape[3], w.shape[0])
    assert np.array_equal(hwio, w.transpose(1, 2, 3, 0))


def test_scalar_board_lowers_to_references():
    _, layers, _ = lower(mlperf_model("ic_resnet8"), vector=False)
    assert all(layer.kernel.endswith("_ref") and not layer.note for layer in layers)
