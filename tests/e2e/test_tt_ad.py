"""Tensor-Train compression of the MLPerf Tiny AD autoencoder, end to end on the simulator."""

from __future__ import annotations

from codegen import pipeline
from codegen.check import golden
from codegen.check import tt_reference as reference
from codegen.frontend.tflite import load_tflite
from codegen.ir import OpKind
from tests.conftest import mlperf_model, quiet
from tests.e2e.test_cli import assert_one_line_error, rvfw


def test_tt_reference_is_tflm_on_the_uncompressed_model():
    # The golden of a compressed graph is this numpy reference: on the original AD it is TFLM, bit for bit.
    model = mlperf_model("ad_autoencoder")
    graph = load_tflite(model)
    for seed in range(3):
        inputs = golden.make_inputs(graph, seed)
        assert golden.compare(reference.run_graph(graph, inputs), golden.reference_outputs(model, inputs, 1)).bit_exact


def test_ad_compressed_bit_exact_and_smaller(tmp_path, sim_tools):
    model = mlperf_model("ad_autoencoder")
    lines: list[str] = []
    compress = pipeline.Compression(error_budget=1.0)  # AD's trained weights are far from low rank
    b = pipeline.build(
        model, "spike-rv64gcv", tmp_path / "tt", options=pipeline.BuildOptions(compress=compress), log=lines.append
    )
    tt_ops = [op for op in b.graph.ops if op.kind is OpKind.TT_EINSUM]
    assert len({op.options["from_op"] for op in tt_ops}) == 8  # every layer of >= 16,384 weights
    assert any(line.startswith("TT design space of 640x128:") for line in lines)
    assert any(line.startswith("TT compression:") for line in lines)
    result = pipeline.check(pipeline.run(b, log=quiet), log=lines.append)
    assert result.bit_exact and result.total == 640
    assert lines[-1].startswith("accuracy cost of TT compression over 20 seeded inputs")
    dense = pipeline.build(model, "spike-rv64gcv", tmp_path / "dense", log=quiet)
    assert b.size.by_category("weights") * 5 < dense.size.by_category("weights")


def test_default_budget_keeps_ad_dense_and_says_why(tmp_path):
    proc = rvfw("plan", "--model", str(mlperf_model("ad_autoencoder")), "--compress", "tt")
    assert proc.returncode == 0, proc.stderr
    assert "op #0 FULLY_CONNECTED stays dense: the most accurate configuration has error" in proc.stdout
    assert "> budget 0.100" in proc.stdout


def test_tt_options_need_compress():
    proc = rvfw("build", "--tt-error", "0.5")
    assert proc.returncode == 2 and "--tt-error and --tt-min-params need --compress tt" in proc.stderr


def test_nothing_to_compress_leaves_the_model_alone():
    proc = rvfw("plan", "--model", str(mlperf_model("kws_dscnn")), "--compress", "tt")
    assert proc.returncode == 0, proc.stderr
    assert "TT compression: no FULLY_CONNECTED layer with 16,384 or more int8 weights: nothing to do" in proc.stdout


def test_graphs_the_reference_cannot_run_are_refused_in_one_line():
    proc = rvfw("plan", "--model", str(mlperf_model("ic_resnet8")), "--compress", "tt", "--tt-min-params", "0")
    assert_one_line_error(proc, "ic_resnet8_int8.tflite: op #0 CONV_2D: --compress tt needs a graph of FULLY_CONNECTED")
