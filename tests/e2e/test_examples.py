"""examples/pytorch (issue 58): the PyTorch path's committed models, checked and validated as its
README says, with the accuracies it states."""

from __future__ import annotations

import json

import pytest

from tests.conftest import ROOT
from tests.e2e.test_cli import rvfw

PYTORCH = ROOT / "examples" / "pytorch"


@pytest.mark.parametrize(("model", "correct"), [("cnn_float", 200), ("cnn_int8_pt2e", 200), ("cnn_int8_aeq", 182)])
def test_the_pytorch_example_validates_as_its_readme_says(tmp_path, sim_tools, model, correct):
    proc = rvfw("validate", "--model", str(PYTORCH / f"{model}.tflite"), "--board", "spike-rv32imc", "--data",
                str(PYTORCH / "data.npz"), "--float-model", str(PYTORCH / "cnn_float.tflite"), "--out",
                str(tmp_path / "out"), "--json")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    v = json.loads(proc.stdout)
    assert v["samples"] == v["bit_exact"] == 200 and v["top1_correct"] == correct
    assert v["samples_quantized_from_float"] == (model != "cnn_float")
    readme = (PYTORCH / "README.md").read_text()
    assert f"{100 * correct / 200:.1f}%" in readme.split(f"`{model}.tflite`")[1].split("\n")[0]
    if model != "cnn_float":
        assert f"RMSE {v['float_model']['rmse']:.2g}" in readme
