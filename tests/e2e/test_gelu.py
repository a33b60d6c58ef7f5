"""GELU (issue 56): TFLite Micro has no GELU; LiteRT's reference kernels define it, and a model
that holds it is LiteRT's alone, so its other ops round as LiteRT's too (FULLY_CONNECTED int8
rounds once). The int8 table equals LiteRT's for every input byte; the model is bit-exact against
LiteRT's reference; float32 GELU runs in its exact form (erfc as LiteRT's Eigen computes it:
tests/kernels f32_gelu_litert), and its tanh form is refused in one line."""

from __future__ import annotations

import numpy as np
import pytest

from codegen import pipeline
from codegen.boards import load_board
from codegen.check import golden
from codegen.modelgen import ModelBuilder
from codegen.ops.activation import INPUTS, gelu
from tests.conftest import litert_reference, quiet
from tests.e2e.test_cli import assert_one_line_error, rvfw

CASES = [(0.05, 3, 0.03, -100), (0.1, -20, 0.07, -60), (0.0123, 0, 0.0061, -128), (0.2, 10, 0.1, -110)]


@pytest.mark.parametrize("approximate", [False, True])
def test_the_int8_table_is_litert_for_every_input(tmp_path, approximate):
    for si, zi, so, zo in CASES:
        m = ModelBuilder()
        a = m.tensor("a", [256], np.int8, scale=si, zero_point=zi)
        b = m.tensor("b", [256], np.int8, scale=so, zero_point=zo)
        m.op("GELU", [a], [b], approximate=approximate)
        model = m.finish([a], [b])
        (tmp_path / "g.tflite").write_bytes(model)
        graph = pipeline.load(tmp_path / "g.tflite", load_board("spike-rv64gcv"))
        theirs = litert_reference(model, INPUTS.astype(np.int8))
        assert np.array_equal(np.array(gelu(graph, graph.ops[0])), theirs.astype(int)), (si, zi, so, zo)


def test_a_dense_gelu_model_rounds_as_litert(tmp_path, sim_tools):
    """4,096 FULLY_CONNECTED outputs into a GELU: TFLite Micro's double rounding would differ from
    LiteRT's single rounding on a few of them; the image matches LiteRT on all."""
    rng = np.random.default_rng(56)
    m = ModelBuilder()
    a = m.tensor("a", [64, 32], np.int8, scale=0.05, zero_point=-7)
    w = m.tensor("w", [64, 32], np.int8, data=rng.integers(-127, 128, (64, 32)).astype(np.int8), scale=0.011)
    bias = m.tensor("bias", [64], np.int32, data=rng.integers(-4000, 4000, 64).astype(np.int32), scale=0.05 * 0.011)
    h = m.tensor("h", [64, 64], np.int8, scale=0.37, zero_point=5)
    y = m.tensor("y", [64, 64], np.int8, scale=0.2, zero_point=-100)
    m.op("FULLY_CONNECTED", [a, w, bias], [h])
    m.op("GELU", [h], [y])
    (tmp_path / "m.tflite").write_bytes(m.finish([a], [y]))
    x = rng.integers(-128, 128, (64, 32)).astype(np.int8)
    np.save(tmp_path / "x.npy", x)
    for board in ("spike-rv32imc", "spike-rv64gcv"):
        b = pipeline.build(tmp_path / "m.tflite", board, tmp_path / board,
                           pipeline.BuildOptions(inputs=[tmp_path / "x.npy"]), log=quiet)  # fmt: skip
        r = pipeline.run(b, log=quiet)
        expected = litert_reference((tmp_path / "m.tflite").read_bytes(), x)
        assert golden.compare(r.harness.outputs, [expected]).bit_exact, board
        assert pipeline.check(r, log=quiet).bit_exact


def test_float_tanh_gelu_is_refused_in_one_line(tmp_path):
    m = ModelBuilder()
    a = m.tensor("a", [8], np.float32)
    b = m.tensor("b", [8], np.float32)
    m.op("GELU", [a], [b], approximate=True)
    (tmp_path / "f.tflite").write_bytes(m.finish([a], [b]))
    proc = rvfw("build", "--model", str(tmp_path / "f.tflite"), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "float32 GELU with approximate: LiteRT computes it with Eigen's tanh")
