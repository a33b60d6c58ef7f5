"""rvfw validate (issue 48): a data set through one image, over simulator sessions, each sample
compared bit for bit with TFLite Micro, the top-1 accuracy against the labels; a bad data set is
one line."""

from __future__ import annotations

import importlib.util
import json
import re

import numpy as np
import pytest

from tests.conftest import mlperf_model
from tests.e2e.test_cli import assert_one_line_error, rvfw


def test_a_hundred_kws_samples_in_one_run(tmp_path, sim_tools):
    model = mlperf_model("kws_dscnn")
    rng = np.random.default_rng(48)
    x = rng.integers(-128, 128, (100, 1, 49, 10, 1)).astype(np.int8)
    labels = rng.integers(0, 12, 100)
    np.savez(tmp_path / "kws.npz", x=x, y=labels)
    proc = rvfw("validate", "--model", str(model), "--data", str(tmp_path / "kws.npz"), "--board", "spike-rv64gcv",
                "--out", str(tmp_path / "out"), "--json")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    result = json.loads(proc.stdout)
    assert result["samples"] == 100 and result["bit_exact"] == 100 and result["runner"] == "spike"
    # the reference's own argmax against the labels: the same hits (every sample bit-exact)
    assert result["top1_correct"] == result["reference_top1_correct"]
    assert 0 <= result["top1_correct"] <= 100
    assert result["ms_per_sample_at_board_clock"] > 0 and result["simulator_seconds_per_sample"] > 0


def test_error_metrics_against_the_float_model(tmp_path, sim_tools):
    """X-CUBE-AI's metrics: the int8 image's outputs against the float model's on the same samples."""
    model = mlperf_model("kws_dscnn")
    float_model = model.with_name("kws_dscnn_float.tflite")
    rng = np.random.default_rng(7)
    np.savez(tmp_path / "kws.npz", x=rng.integers(-128, 128, (8, 1, 49, 10, 1)).astype(np.int8),
             y=rng.integers(0, 12, 8))  # fmt: skip
    proc = rvfw("validate", "--model", str(model), "--data", str(tmp_path / "kws.npz"), "--float-model",
                str(float_model), "--out", str(tmp_path / "out"))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    line = next(x for x in proc.stdout.splitlines() if x.startswith("against the float model"))
    rmse, l2 = (float(v) for v in re.search(r"RMSE ([0-9.e-]+), L2 relative error ([0-9.e-]+)", line).groups())
    # scores in [0, 1] both (random features: the two models need not agree; real data would)
    assert 0 < rmse < 1 and 0 < l2 < 2
    assert re.search(r"its top-1 accuracy [0-9.]+% \(\d/8\)", line)
    bad = rvfw("validate", "--model", str(model), "--data", str(tmp_path / "kws.npz"), "--float-model",
               str(tmp_path / "nope.tflite"), "--out", str(tmp_path / "o2"))  # fmt: skip
    assert_one_line_error(bad, "--float-model nope.tflite: no such file")


def test_a_bad_data_set_is_one_line(tmp_path):
    model = mlperf_model("kws_dscnn")
    cases = {
        "shape.npz": ({"x": np.zeros((3, 1, 49, 11, 1), np.int8)}, "the input takes [N, 1, 49, 10, 1]"),
        "dtype.npz": ({"x": np.zeros((3, 1, 49, 10, 1), np.int16)}, "the input is int8"),
        "nan.npz": ({"x": np.full((3, 1, 49, 10, 1), np.nan, np.float32)}, "NaN or infinity"),
        "negative.npz": ({"x": np.zeros((3, 1, 49, 10, 1), np.int8), "y": np.array([0, -1, 2])}, "a negative class"),
        "none.npz": ({"z": np.zeros(3)}, "no samples"),
        "labels.npz": ({"x": np.zeros((3, 1, 49, 10, 1), np.int8), "y": np.zeros(4, np.int64)}, "integer class"),
        "many.npz": ({"x": np.zeros((1025, 1, 49, 10, 1), np.int8)}, "1025 samples; give 1 to 1024"),
    }
    for name, (arrays, expected) in cases.items():
        np.savez(tmp_path / name, **arrays)
        proc = rvfw("validate", "--model", str(model), "--data", str(tmp_path / name), "--out", str(tmp_path / "o"))
        assert_one_line_error(proc, expected)
    (tmp_path / "junk.npz").write_bytes(b"PK\x03\x04not a zip at all")
    assert_one_line_error(rvfw("validate", "--model", str(model), "--data", str(tmp_path / "junk.npz")),
                          "not a readable .npz")  # fmt: skip
    assert not (tmp_path / "o").exists()


def test_float_samples_one_hot_labels_per_class_and_confusion(tmp_path, sim_tools):
    """Issue 58: float samples for an int8-input model are quantised with the input's scale and
    zero point (the same outputs as the int8 samples they round to); one-hot labels; top-5,
    per-class accuracy and the confusion matrix, in text and JSON."""
    from codegen.boards import load_board
    from codegen.pipeline import load
    from codegen.pipeline.validate import quantize_samples

    model = mlperf_model("kws_dscnn")
    rng = np.random.default_rng(58)
    real = rng.uniform(-20, 20, (12, 1, 49, 10, 1)).astype(np.float32)
    labels = rng.integers(0, 12, 12)
    np.savez(tmp_path / "float.npz", x=real, y=np.eye(12, dtype=np.float32)[labels])
    tensor = (graph := load(model, load_board("spike-rv64gcv"))).tensors[graph.inputs[0]]
    np.savez(tmp_path / "int8.npz", x=quantize_samples(real, tensor, "float.npz"), y=labels)
    runs = {}
    for name in ("float", "int8"):
        proc = rvfw("validate", "--model", str(model), "--data", str(tmp_path / f"{name}.npz"), "--out",
                    str(tmp_path / name), "--json")  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        runs[name] = json.loads(proc.stdout)
    f, q = runs["float"], runs["int8"]
    assert f["samples_quantized_from_float"] and not q["samples_quantized_from_float"]
    assert f["bit_exact"] == 12 and f["confusion"] == q["confusion"] and f["top1_correct"] == q["top1_correct"]
    assert sum(map(sum, f["confusion"])) == 12 and len(f["confusion"]) == 12
    assert f["top1_correct"] <= f["top5_correct"] <= 12
    assert sum(c["correct"] for c in f["per_class"]) == f["top1_correct"]
    text = rvfw("validate", "--model", str(model), "--data", str(tmp_path / "float.npz"), "--out", str(tmp_path / "t"))
    assert "samples: float32 real values, quantised with the input's scale and zero point" in text.stdout
    assert "per class (rows: the label" in text.stdout and "top-5:" in text.stdout


def _kws_samples(path, count: int, seed: int) -> None:
    rng = np.random.default_rng(seed)
    np.savez(path, x=rng.integers(-128, 128, (count, 1, 49, 10, 1)).astype(np.int8), y=rng.integers(0, 12, count))


def _validate_json(model, data, out, *extra) -> dict:
    proc = rvfw("validate", "--model", str(model), "--data", str(data), "--out", str(out), "--json", *extra)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


SAME = ("samples", "bit_exact", "top1_correct", "top5_correct", "confusion", "instructions_per_inference")


def test_jobs_shard_the_samples_with_the_same_results(tmp_path, sim_tools):
    """Issue 58: --jobs 2 runs one image in 2 sessions at a time, each shard's samples written into a
    copy of the ELF; every result equals the one-session run's (bit-exact, accuracy, confusion)."""
    model = mlperf_model("kws_dscnn")
    _kws_samples(tmp_path / "kws.npz", 21, 58)  # 21: shards of 3 and 2 samples (the image holds 3)
    one = _validate_json(model, tmp_path / "kws.npz", tmp_path / "one", "--jobs", "1", "--board", "spike-rv32imc")
    two = _validate_json(model, tmp_path / "kws.npz", tmp_path / "two", "--jobs", "2", "--board", "spike-rv32imc")
    assert one["shards"] == 1 and two["shards"] == 8 and two["jobs"] == 2
    assert {k: one[k] for k in SAME} == {k: two[k] for k in SAME} and two["bit_exact"] == 21


def test_jobs_on_a_board_model(tmp_path, sim_tools):
    """A board model runs the flash image: each shard's is made again from its patched ELF."""
    model = mlperf_model("kws_dscnn")
    _kws_samples(tmp_path / "kws.npz", 4, 5)
    two = _validate_json(model, tmp_path / "kws.npz", tmp_path / "two", "--jobs", "2", "--board", "gd32vf103")
    assert two["shards"] == 4 and two["bit_exact"] == 4 and two["runner"].startswith("board model")


def test_a_model_with_state_runs_one_stream(tmp_path, sim_tools):
    """An LSTM's state carries from sample to sample: its samples are never split over sessions."""
    from tests.conftest import ROOT

    model = ROOT / "tests" / "data" / "converters" / "keras_lstm_int8.tflite"
    from codegen.boards import load_board
    from codegen.pipeline import load

    graph = load(model, load_board("spike-rv64gcv"))
    t = graph.tensors[graph.inputs[0]]
    np.savez(tmp_path / "seq.npz", x=np.random.default_rng(1).integers(-128, 128, (6, *t.shape)).astype(np.int8))
    proc = rvfw("validate", "--model", str(model), "--data", str(tmp_path / "seq.npz"), "--out", str(tmp_path / "o"),
                "--jobs", "2")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert "its samples are one stream: one simulator session" in proc.stdout
    assert "bit-exact: 6/6 samples" in proc.stdout and ", one session" in proc.stdout


def test_ray_runs_the_shards_on_a_local_cluster(tmp_path, sim_tools):
    """--ray local: a Ray cluster of 2 workers on this machine runs the shards as tasks (the image
    shipped once through the object store); the results equal the one-session run's."""
    pytest.importorskip("ray", reason="Ray is the optional extra rvfw[ray] (make setup installs it)")
    model = mlperf_model("kws_dscnn")
    _kws_samples(tmp_path / "kws.npz", 10, 59)
    one = _validate_json(model, tmp_path / "kws.npz", tmp_path / "one", "--jobs", "1")
    ray = _validate_json(model, tmp_path / "kws.npz", tmp_path / "ray", "--ray", "local", "--jobs", "2")
    assert ray["shards"] == 8 and ray["jobs"] == 2
    assert {k: one[k] for k in SAME} == {k: ray[k] for k in SAME}


def test_bad_jobs_and_ray_address_are_one_line(tmp_path):
    model = mlperf_model("kws_dscnn")
    _kws_samples(tmp_path / "kws.npz", 2, 1)
    bad = rvfw("validate", "--model", str(model), "--data", str(tmp_path / "kws.npz"), "--jobs", "0")
    assert_one_line_error(bad, "--jobs 0: give 1 to 4096 simulator sessions")
    if importlib.util.find_spec("ray") is not None:
        bad = rvfw("validate", "--model", str(model), "--data", str(tmp_path / "kws.npz"), "--ray", "127.0.0.1:1")
        assert_one_line_error(bad, "--ray 127.0.0.1:1: nothing answers there")
        bad = rvfw("validate", "--model", str(model), "--data", str(tmp_path / "kws.npz"), "--ray", "nowhere")
        assert_one_line_error(bad, "--ray nowhere: give local, auto, host:port or ray://host:port")
    assert not (tmp_path / "build").exists()
