"""A model whose buffers are stored outside the flatbuffer (Buffer.offset/size, as AI Edge Quantizer
writes larger models): rvfw reads them, TFLite Micro misreads them (tflite-micro #3196), so the
golden run gives TFLite Micro a copy with the same bytes inlined and says so (issue 50)."""

from __future__ import annotations

import subprocess
import sys

import numpy as np

from codegen.check import golden
from codegen.check.inline import external_buffers, externalize_buffers, inline_buffers
from tests.conftest import ROOT

MODEL = ROOT / "tests" / "data" / "converters" / "keras_densenet_int8.tflite"


def test_inlining_gives_tflm_the_same_bytes(tmp_path):
    data = MODEL.read_bytes()
    external = externalize_buffers(data)
    assert len(external_buffers(external)) > 10
    inlined = inline_buffers(external)
    assert external_buffers(inlined) == []
    with np.load(MODEL.with_suffix(".npz")) as d:
        x, want = d["input_0"], d["output_0"]
    raw = tmp_path / "raw.tflite"
    raw.write_bytes(external)
    # golden.reference_outputs inlines by itself: the external model gives TFLite Micro's true outputs
    assert np.array_equal(golden.reference_outputs(raw, [x], 1)[0], want)


def test_check_compares_with_tflm_run_on_the_inlined_copy_and_says_so(tmp_path, sim_tools):
    model = tmp_path / "densenet_external.tflite"
    model.write_bytes(externalize_buffers(MODEL.read_bytes()))
    proc = subprocess.run([sys.executable, "-m", "codegen.cli", "check", "--model", str(model), "--out",
                           str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr
    assert "densenet_external.tflite with its 21 external buffers inlined" in proc.stdout
    assert proc.stdout.rstrip().endswith("bit-exact: 10/10 outputs match TFLite Micro")


def test_tflm_golden_run_has_a_time_limit(tmp_path, monkeypatch):
    """Issue 45: TFLite Micro's golden run is stopped after RVFW_TFLM_TIMEOUT seconds, in one line."""
    import pytest

    from codegen.check import child
    from codegen.errors import ToolError

    monkeypatch.setattr(child, "REFERENCE_SECONDS", 0.0)
    with np.load(MODEL.with_suffix(".npz")) as d:
        x = d["input_0"]
    with pytest.raises(ToolError, match="did not finish running the model within 0 s"):
        golden.reference_outputs(MODEL, [x], 1)
