"""REDUCE_PROD (issue 56), which TFLite Micro lacks: int32 and float32 as LiteRT's reference
computes them, folded at build time for a constant and run by its kernel otherwise; a dynamic-batch
model's stored shapes resolved (passes.stored_shapes)."""

from __future__ import annotations

import numpy as np
import pytest

from codegen import pipeline
from codegen.check import golden
from codegen.modelgen import ModelBuilder
from codegen.ops.reduce import prod
from tests.conftest import litert_reference, quiet


@pytest.mark.parametrize("dtype", [np.int32, np.float32])
def test_the_fold_is_litert(dtype):
    rng = np.random.default_rng(7)
    x = (rng.integers(-9, 10, (3, 4, 5)) if dtype == np.int32 else rng.uniform(-2, 2, (3, 4, 5))).astype(dtype)
    for axes in ([1], [0, 2], [2], [0, 1, 2]):
        m = ModelBuilder()
        a = m.tensor("a", list(x.shape), dtype)
        k = m.tensor("k", [len(axes)], np.int32, data=np.array(axes, np.int32))
        shape = [d for i, d in enumerate(x.shape) if i not in axes]
        b = m.tensor("b", shape, dtype)
        m.op("REDUCE_PROD", [a, k], [b], keep_dims=False)
        theirs = litert_reference(m.finish([a], [b]), x)
        ours = prod(x, set(axes)).reshape(shape)
        assert ours.tobytes() == np.asarray(theirs, dtype).tobytes(), axes


def test_an_unquantised_int8_product_is_one_line(tmp_path):
    """rvfw runs LiteRT's quantised int8 REDUCE_PROD (the kernel tier checks it); an int8 product
    without quantisation, whose multiplier LiteRT leaves unset, is refused in one line."""
    from tests.e2e.test_cli import assert_one_line_error, rvfw

    m = ModelBuilder()
    a = m.tensor("a", [2, 4], np.int8)
    k = m.tensor("k", [1], np.int32, data=np.array([1], np.int32))
    b = m.tensor("b", [2], np.int8)
    m.op("REDUCE_PROD", [a, k], [b], keep_dims=False)
    (tmp_path / "p8.tflite").write_bytes(m.finish([a], [b]))
    proc = rvfw("build", "--model", str(tmp_path / "p8.tflite"), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "REDUCE_PROD: input 'a' has no quantisation parameters")


@pytest.mark.parametrize("dtype", [np.int32, np.float32])
def test_the_kernel_is_litert(tmp_path, sim_tools, dtype):
    rng = np.random.default_rng(8)
    x = (rng.integers(-200, 200, (4, 6, 5)) if dtype == np.int32 else rng.uniform(-2, 2, (4, 6, 5))).astype(dtype)
    m = ModelBuilder()
    a = m.tensor("a", list(x.shape), dtype)
    k = m.tensor("k", [2], np.int32, data=np.array([0, 2], np.int32))
    b = m.tensor("b", [1, 6, 1], dtype)
    m.op("REDUCE_PROD", [a, k], [b], keep_dims=True)
    model = m.finish([a], [b])
    (tmp_path / "p.tflite").write_bytes(model)
    np.save(tmp_path / "x.npy", x)
    for board in ("spike-rv32imc", "spike-rv64gcv"):
        built = pipeline.build(tmp_path / "p.tflite", board, tmp_path / board,
                               pipeline.BuildOptions(inputs=[tmp_path / "x.npy"]), log=quiet)  # fmt: skip
        r = pipeline.run(built, log=quiet)
        assert golden.compare(r.harness.outputs, [litert_reference(model, x)]).bit_exact, board
        assert "reduce_prod" in built.layers[0].kernel and pipeline.check(r, log=quiet).bit_exact
