"""GELU (issue 56): TFLite Micro has no GELU; LiteRT's reference kernels define it, and a model
that holds it is LiteRT's alone, so its other ops round as LiteRT's too (FULLY_CONNECTED int8
rounds once). The int8 table equals LiteRT's for every input byte; the model is bit-exact against
LiteRT's reference; float32 GELU, exact (erfc as LiteRT's Eigen computes it) and in
its tanh form (Eigen's fast-math tanh), is bit for bit LiteRT's x86-64 build."""

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


def float_sweep() -> np.ndarray:
    """[-12, 12] finely (both of erfc's branches, tanh's clamp), a normal spread, signed zeros,
    denormals, +-1 and the largest floats."""
    rng = np.random.default_rng(560)
    specials = [0.0, -0.0, 1e-40, -1e-40, 1.0, -1.0, 3.4e38, -3.4e38, 7.9073896, -7.9073896]
    return np.concatenate([np.linspace(-12, 12, 12000), rng.standard_normal(8000) * 3, specials]).astype(np.float32)


@pytest.mark.parametrize("approximate", [False, True])
def test_float_gelu_is_litert_bit_for_bit(tmp_path, request, sim_tools, approximate):
    """float32 GELU, exact (Eigen's erfc) and tanh form (Eigen's fast-math tanh), as LiteRT's x86-64
    build computes them: the same bits on 20,010 inputs on RVV, XTheadVector (the C906) and integer
    soft float (rv32imc's fast scalar kernels, which hand what they do not take to the reference's
    code); EXP and NEG of them
    bring +-inf in as well (-inf * 0 gives x86's default NaN)."""
    x_in = float_sweep()
    m = ModelBuilder()
    a = m.tensor("a", [x_in.size], np.float32)
    ten = m.tensor("ten", [1], np.float32, data=np.array([10.0], np.float32))
    scaled, e, minus_e = (m.tensor(name, [x_in.size], np.float32) for name in ("scaled", "e", "minus_e"))
    y, y_e, y_minus_e = (m.tensor(name, [x_in.size], np.float32) for name in ("y", "y_e", "y_minus_e"))
    m.op("GELU", [a], [y], approximate=approximate)
    m.op("MUL", [a, ten], [scaled])  # MUL clamps to the largest float: EXP makes the infinities
    m.op("EXP", [scaled], [e])
    m.op("NEG", [e], [minus_e])
    m.op("GELU", [e], [y_e], approximate=approximate)
    m.op("GELU", [minus_e], [y_minus_e], approximate=approximate)
    model = m.finish([a], [y, y_e, y_minus_e])
    (tmp_path / "m.tflite").write_bytes(model)
    np.save(tmp_path / "x.npy", x_in)
    from ai_edge_litert.interpreter import Interpreter, OpResolverType

    it = Interpreter(model_content=model, experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    it.allocate_tensors()
    it.set_tensor(it.get_input_details()[0]["index"], x_in)
    it.invoke()
    expected = [it.get_tensor(d["index"]) for d in it.get_output_details()]
    assert np.isinf(expected[1]).any() and np.isnan(expected[2]).any()
    request.getfixturevalue("xuantie_sim")
    for board, kernel_set in (("spike-rv32imc", "scalar"), ("spike-rv64gcv", "rvv"), ("c906", "xthead")):
        options = pipeline.BuildOptions(inputs=[tmp_path / "x.npy"], for_simulator=True)
        b = pipeline.build(tmp_path / "m.tflite", board, tmp_path / board, options, log=quiet)
        kernels = {layer.kernel for layer in b.layers}
        assert f"{'gelu_tanh_f32' if approximate else 'gelu_f32'}_{kernel_set}" in kernels, kernels
        r = pipeline.run(b, log=quiet)
        assert golden.compare(r.harness.outputs, expected).bit_exact, board


def test_a_16x8_dense_with_an_int32_bias_before_a_gelu_is_refused_in_one_line(tmp_path):
    """LiteRT's reference reads a 16x8 FULLY_CONNECTED's int32 bias as int64 (every output of a
    seeded case came out -32768 or -344): the model has no defined result, and rvfw says so."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 8), np.int16, scale=9e-5)
    w = m.tensor("w", (4, 8), scale=0.001, data=np.ones((4, 8), np.int8))
    b = m.tensor("b", (4,), np.int32, scale=9e-8, data=np.arange(4, dtype=np.int32))
    y = m.tensor("y", (2, 4), np.int16, scale=6e-5)
    g = m.tensor("g", (2, 4), np.int16, scale=5e-5)
    m.op("FULLY_CONNECTED", [x, w, b], [y])
    m.op("GELU", [y], [g])
    (tmp_path / "f.tflite").write_bytes(m.finish([x], [g]))
    proc = rvfw("build", "--model", str(tmp_path / "f.tflite"), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "16x8 with an int32 bias in a model only LiteRT runs")


def test_a_16x8_conv_with_an_int32_bias_before_a_gelu_is_refused_in_one_line(tmp_path):
    """The same for CONV_2D: LiteRT's reference reads the int32 bias as int64 (measured: every output
    of a seeded case saturated to 32767)."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 4, 2), np.int16, scale=9e-5)
    w = m.tensor("w", (3, 1, 1, 2), scale=0.001, data=np.ones((3, 1, 1, 2), np.int8))
    b = m.tensor("b", (3,), np.int32, scale=9e-8, data=np.arange(3, dtype=np.int32))
    y = m.tensor("y", (1, 4, 4, 3), np.int16, scale=6e-5)
    g = m.tensor("g", (1, 4, 4, 3), np.int16, scale=5e-5)
    m.op("CONV_2D", [x, w, b], [y], padding="VALID")
    m.op("GELU", [y], [g])
    (tmp_path / "c.tflite").write_bytes(m.finish([x], [g]))
    proc = rvfw("build", "--model", str(tmp_path / "c.tflite"), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "16x8 with an int32 bias in a model only LiteRT runs")
