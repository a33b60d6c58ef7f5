"""Lowering picks kernels by the board's ISA and prepares their constants."""

import numpy as np

from codegen.frontend.tflite import load_tflite
from codegen.ops import lower_graph
from codegen.ops.common import folded_bias
from codegen.planner import plan_memory
from tests.conftest import mlperf_model


def lower(path, kernel_set):
    g = load_tflite(path)
    return g, *lower_graph(g, plan_memory(g), kernel_set)


def test_folded_bias_is_the_input_independent_part():
    rng = np.random.default_rng(0)
    w = rng.integers(-127, 128, (5, 3, 3, 4)).astype(np.int8)
    bias = rng.integers(-1000, 1000, 5).astype(np.int32)
    x = rng.integers(-128, 128, (3, 3, 4))
    offset = 17
    exact = np.einsum("ohwi,hwi->o", w.astype(np.int64), x + offset) + bias
    assert np.array_equal(np.einsum("ohwi,hwi->o", w.astype(np.int64), x) + folded_bias(w, bias, offset), exact)


def test_vector_board_lowers_every_kws_layer_to_rvv_kernels():
    g, layers, constants = lower(mlperf_model("kws_dscnn"), "rvv")
    kernels = [layer.kernel for layer in layers]
    assert kernels[0] == "conv2d_s8_rvv" and "depthwise_conv2d_s8_rvv" in kernels
    assert kernels[-1] == "softmax_s8_rvv" and all(k.endswith("_rvv") for k in kernels)
    assert not any(layer.note for layer in layers)
    names = {c.name: c for c in constants}
    w = g.tensors[g.ops[0].inputs[1]].data
    hwio = names[f"{g.name}_op0_filter_hwio"].values.reshape(w.shape[1], w.shape[2], w.shape[3], w.shape[0])
    assert np.array_equal(hwio, w.transpose(1, 2, 3, 0))


def test_scalar_board_lowers_to_scalar_kernels_and_notes_the_references():
    _, layers, _ = lower(mlperf_model("ic_resnet8"), "scalar")
    kernels = {layer.kernel for layer in layers}
    assert {"conv2d_s8_scalar", "fully_connected_s8_scalar"} <= kernels
    for layer in layers:
        if layer.kernel.endswith("_ref"):
            assert layer.note.startswith(f"no fast scalar kernel for {layer.op}"), layer.note


def test_ref_set_lowers_to_references_without_notes():
    _, layers, _ = lower(mlperf_model("ic_resnet8"), "ref")
    assert all(layer.kernel.endswith("_ref") and not layer.note for layer in layers)
