"""rvfw analyze (issue 58): a model's costs on a board with no build: per-layer MACs, weights and
activations, each memory mode's arena (the plans a build would make) and the time at the board's
clock from the cycles per MAC measured on it; nothing is written."""

from __future__ import annotations

import json
import os

import pytest

from codegen.boards import load_board
from codegen.pipeline import load
from codegen.pipeline.memory import MemoryOptions
from tests.conftest import mlperf_model
from tests.e2e.test_cli import assert_one_line_error, rvfw


def test_analyze_says_what_a_build_would_plan_without_building(tmp_path):
    model = mlperf_model("kws_dscnn")
    before = set(os.listdir(tmp_path))
    proc = rvfw("analyze", "--model", str(model), "--board", "ibex-small", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert set(os.listdir(tmp_path)) == before  # no build, no cache, nothing written
    a = json.loads(proc.stdout)
    board = load_board("ibex-small")
    options = MemoryOptions(load(model, board), board)
    assert a["arena_bytes"] == {m: options.get(m).plan.arena_size for m in ("fast", "small", "tiled")}
    assert a["macs"] == 2_656_768 == sum(layer["macs"] for layer in a["layers"])
    assert a["weights_bytes"] >= 22_000  # KWS's int8 weights and int32 biases
    per_mac = board.performance["cycles_per_mac"]
    assert a["estimated_ms"] == pytest.approx(1000 * a["macs"] * per_mac / board.cpu_hz)
    text = rvfw("analyze", "--model", str(model), "--board", "ibex-small")
    assert "arena, --memory small: 8,640 bytes, fits" in text.stdout
    assert f"at {per_mac:g} cycles per MAC" in text.stdout and "ms at 100 MHz" in text.stdout


def test_analyze_of_a_bad_model_is_one_line(tmp_path):
    (tmp_path / "junk.tflite").write_bytes(b"\0" * 64)
    assert_one_line_error(rvfw("analyze", "--model", str(tmp_path / "junk.tflite")), "junk.tflite")


SIMULATED = ["spike-rv32imc", "spike-rv32zve32x", "spike-rv64gcv", "c906", "esp32c3", "gd32vf103", "hifive1-revb"]


@pytest.mark.parametrize("board", SIMULATED)
def test_each_boards_cycles_per_mac_is_its_kws_run(tmp_path, sim_tools, board):
    """The figure each board file gives `analyze` is what KWS runs at on that board today (the RTL
    boards' figures are checked against the RTL in test_rtl_boards)."""
    from codegen import pipeline
    from codegen.pipeline.options import BuildOptions

    options = BuildOptions(for_simulator=True)
    b = pipeline.build(mlperf_model("kws_dscnn"), board, tmp_path / "out", options, log=lambda _m: None)
    r = pipeline.run(b, log=lambda _m: None)
    macs = sum(layer.macs for layer in b.layers)
    assert f"{b.board.performance['cycles_per_mac']:.2f}" == f"{r.harness.total_instret / macs:.2f}"
    assert f"{r.harness.total_instret:,} " in b.board.performance["source"]
