"""Lowering picks kernels by the board's ISA and prepares their constants."""

import numpy as np
import pytest

from codegen.frontend.tflite import load_tflite
from codegen.modelgen import ModelBuilder
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


def _depthwise_graph(tmp_path, k: int, weight: int, c: int = 64):
    """Enough channels for the RVV channel kernel (the row kernel serves few channels, folded bias only)."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 20, 20, c), scale=0.05, zero_point=-3)
    w = m.tensor("w", (1, k, k, c), scale=np.full(c, 0.01, np.float32), data=np.full((1, k, k, c), weight), axis=3)
    b = m.tensor("b", (c,), np.int32, scale=np.full(c, 0.0005, np.float32), data=np.arange(c) * 100)
    y = m.tensor("y", (1, 20, 20, c), scale=0.5, zero_point=1)
    m.op("DEPTHWISE_CONV_2D", [x, w, b], [y], padding="SAME", depth_multiplier=1)
    path = tmp_path / f"dw{k}.tflite"
    path.write_bytes(m.finish([x], [y]))
    return path


@pytest.mark.parametrize("kernel_set", ["scalar", "rvv"])
def test_depthwise_border_pixels_take_the_raw_bias_from_int16_tap_sums(tmp_path, kernel_set):
    """The raw bias is bias_folded - input_offset * tap sum; the table is int16, half its size."""
    g, layers, constants = lower(_depthwise_graph(tmp_path, 3, -5), kernel_set)
    names = {c.name: c for c in constants}
    sums = names[f"{g.name}_op0_tap_sums"].values
    assert sums.dtype == np.int16 and list(sums) == [-45] * 64
    folded = names[f"{g.name}_op0_bias_folded"].values
    assert list(folded - 3 * sums.astype(np.int32)) == [100 * c for c in range(64)]  # input_offset 3: the raw bias
    assert not any(c.name == f"{g.name}_w2" for c in constants)  # the raw bias itself is not in the image
    # 17x17 taps of 127 sum past int16: the reference kernel, and the note says why.
    _, layers, _ = lower(_depthwise_graph(tmp_path, 17, 127), kernel_set)
    assert layers[0].kernel == "depthwise_conv2d_s8_ref" and "tap sums beyond int16" in layers[0].note


@pytest.mark.parametrize("kind", ["CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED"])
@pytest.mark.parametrize("kernel_set", ["scalar", "rvv", "xthead"])
def test_a_folded_bias_past_int32_keeps_the_raw_bias(tmp_path, kind, kernel_set):
    """TFLite Micro never folds the input offset into the bias, so it runs a layer whose folded bias
    would pass int32; rvfw runs that layer's reference kernel (raw bias) instead of failing (issue 28)."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 2, 2, 4) if kind != "FULLY_CONNECTED" else (1, 4), scale=0.1, zero_point=-128)
    wshape = {"CONV_2D": (3, 1, 1, 4), "DEPTHWISE_CONV_2D": (1, 1, 1, 4), "FULLY_CONNECTED": (3, 4)}[kind]
    channels = wshape[3] if kind == "DEPTHWISE_CONV_2D" else wshape[0]
    w = m.tensor("w", wshape, scale=0.01, data=np.full(wshape, -100, np.int8))
    b = m.tensor("b", (channels,), np.int32, scale=0.001, data=np.full(channels, -(2**31) + 10, np.int32))
    y = m.tensor("y", (1, 2, 2, channels) if kind != "FULLY_CONNECTED" else (1, 3), scale=1.0)
    options = {"padding": "VALID", "stride": (1, 1), "dilation": (1, 1)} if kind != "FULLY_CONNECTED" else {}
    if kind == "DEPTHWISE_CONV_2D":
        options["depth_multiplier"] = 1
    m.op(kind, [x, w, b], [y], **options)
    (tmp_path / "m.tflite").write_bytes(m.finish([x], [y]))
    _, layers, _ = lower(tmp_path / "m.tflite", kernel_set)
    assert layers[0].kernel.endswith("_ref") and "folded bias past int32" in layers[0].note


def test_depthwise_pairs_taps_run_along_the_longer_side():
    """depthwise_conv2d_pairs_s8_scalar's assembly holds a channel's taps kernel line by kernel line
    along the output's longer side: rows for a wide output, columns for a tall one (KWS's 25x5)."""
    from codegen.ops.depthwise_conv2d import pairs_taps

    flt = np.arange(2 * 9, dtype=np.int8).reshape(1, 3, 3, 2)  # [1][ky][kx][channel]
    wide, tall = pairs_taps(flt, 4, 9).reshape(2, 3, 3), pairs_taps(flt, 9, 4).reshape(2, 3, 3)
    for c in range(2):
        assert (wide[c] == flt[0, :, :, c]).all()
        assert (tall[c] == flt[0, :, :, c].T).all()
