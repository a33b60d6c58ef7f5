"""`import rvfw` (issue 48): the example in docs/api.md runs as written, and the API's results are
typed objects."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from tests.conftest import ROOT


def test_the_api_example_in_the_docs_runs(sim_tools):
    text = (ROOT / "docs" / "api.md").read_text()
    code = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    proc = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert re.search(r"bit-exact with TFLite Micro: 4/4 values, [0-9,]+ instructions", proc.stdout), proc.stdout
    assert "exported to" in proc.stdout


def test_a_wrong_option_is_one_line_before_any_work(tmp_path):
    import rvfw

    with pytest.raises(rvfw.RvfwError, match=r"unknown memory mode 'tiny' \(choose from: auto, fast, small, tiled\)"):
        rvfw.compile("examples/tiny_kws.tflite", memory="tiny", out_dir=tmp_path / "out")
    assert not (tmp_path / "out").exists()


def test_api_results_are_typed(tmp_path, sim_tools):
    import rvfw

    m = rvfw.compile(ROOT / "examples" / "tiny_kws.tflite", "spike-rv64gcv", out_dir=tmp_path / "out")
    assert m.sizes.fits and m.sizes.category("weights") > 0 and m.arena_bytes > 0
    run = m.run()
    assert run.instructions >= sum(layer.instructions for layer in run.layers) > 0  # the calls between layers too
    assert [layer.kernel for layer in run.layers] == [layer.kernel for layer in m.layers]
    assert run.outputs[0].shape == (1, 4)
