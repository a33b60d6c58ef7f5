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


def test_options_object_and_keywords_default_alike(tmp_path, sim_tools):
    """issue 57: for_simulator defaults to True whether the options come as keywords or as a
    BuildOptions (an explicit False is kept), and compress takes the word "tt"."""
    import rvfw

    model = ROOT / "examples" / "tiny_kws.tflite"
    by_object = rvfw.compile(model, "spike-rv64gcv", rvfw.BuildOptions(kernels="scalar"), tmp_path / "a")
    by_words = rvfw.compile(model, "spike-rv64gcv", out_dir=tmp_path / "b", kernels="scalar")
    assert by_object.options.for_simulator is by_words.options.for_simulator is True
    assert by_object.run().outputs[0].shape == (1, 4)
    firmware = rvfw.compile(model, "spike-rv64gcv", rvfw.BuildOptions(for_simulator=False), tmp_path / "c")
    assert firmware.options.for_simulator is False
    assert rvfw.BuildOptions(compress="tt").compress.method == "tt"
    with pytest.raises(rvfw.RvfwError, match="the one method is 'tt'"):
        rvfw.BuildOptions(compress="zip")
