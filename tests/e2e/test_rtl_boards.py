"""Issue 60: the RTL boards. The exact image runs on the Verilated core (Ibex in its simple system,
CV32E40P in its example test bench), bit-exact with TFLite Micro, timed by the core's own mcycle per
layer and per inference. The simulators are built once per configuration and cached
(codegen/run/rtl.py); KWS and AD run here, the other MLPerf models in `make bench-cycles`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from codegen import pipeline
from codegen.boards.board import load_board
from codegen.errors import BoardError, ToolError
from codegen.paths import BOARDS_DIR, DEFAULT_MODEL
from codegen.run import rtl
from tests.conftest import ROOT, mlperf_model, quiet

RTL_BOARDS = ["ibex-small", "ibex-maxperf", "cv32e40p"]


def _run(model: Path, board: str, out: Path, timeout: float = 600):
    lines: list[str] = []
    b = pipeline.build(model, board, out, log=quiet)
    r = pipeline.run(b, timeout=timeout, log=lines.append)
    return b, r, lines


@pytest.mark.parametrize("board", RTL_BOARDS)
def test_example_runs_bit_exact_on_the_rtl_with_cycles_per_layer(tmp_path, rtl_tools, board):
    b, r, lines = _run(DEFAULT_MODEL, board, tmp_path / "out")
    assert pipeline.check(r, log=quiet).bit_exact
    h = r.harness
    assert r.sim.runner.endswith("RTL (Verilator)")
    assert len(h.layer_cycles) == len(b.layers) == len(h.layer_instret)
    # An in-order core retires at most one instruction a cycle; a layer costs at least its instructions.
    assert all(c >= i > 0 for c, i in zip(h.layer_cycles, h.layer_instret))
    assert h.total_cycles >= sum(h.layer_cycles)
    assert any(f"{h.total_cycles:,} cycles for one inference" in line and "ms at 100 MHz" in line for line in lines)
    assert r.cycles is not None and r.cycles.measured


@pytest.mark.parametrize(("model", "board"), [
    ("kws_dscnn", "ibex-small"), ("kws_dscnn", "cv32e40p"),
    ("ad_autoencoder", "ibex-small"), ("ad_autoencoder", "ibex-maxperf"), ("ad_autoencoder", "cv32e40p"),
])  # fmt: skip
def test_mlperf_models_run_bit_exact_on_the_rtl(tmp_path, rtl_tools, model, board):
    b, r, _lines = _run(mlperf_model(model), board, tmp_path / "out")
    assert pipeline.check(r, log=quiet).bit_exact
    assert len(r.harness.layer_cycles) == len(b.layers)
    macs = sum(layer.macs for layer in b.layers)
    assert r.harness.total_cycles / macs < 40  # a sanity bound: scalar TFLM takes 33-41 cycles per MAC
    figure = README_FIGURES.get((model, board))
    if figure:  # the README's figure is this run's
        match = re.search(figure, README)
        assert match, f"the README's sentence for {model} on {board} moved"
        assert match.group(1) == f"{r.harness.total_cycles / macs:.2f}"
    if model == "kws_dscnn":  # the figure `rvfw analyze` estimates time with is this run's
        assert f"{b.board.performance['cycles_per_mac']:.2f}" == f"{r.harness.total_cycles / macs:.2f}"


README = (ROOT / "README.md").read_text()
README_FIGURES = {  # (model, board) -> the README's words around its cycles per MAC
    ("kws_dscnn", "ibex-small"): r"Ibex\s+small 8\.16 -> ([0-9.]+)",
    ("kws_dscnn", "cv32e40p"): r"CV32E40P 4\.97 -> ([0-9.]+)",
    ("ad_autoencoder", "ibex-small"): r"AD\s+9\.61 -> ([0-9.]+) on Ibex\s+small",
    ("ad_autoencoder", "cv32e40p"): r"6\.03 -> ([0-9.]+) on CV32E40P",
}


def test_the_simulator_is_built_once_and_cached(rtl_tools):
    board = load_board("ibex-small")
    first = rtl.simulator(board)
    mtime = first.stat().st_mtime_ns
    assert rtl.simulator(board) == first and first.stat().st_mtime_ns == mtime
    core, key = rtl.build_key(board)
    assert first.parent.name == f"{core.name}-{key}"
    # Another configuration of the same core is another build.
    assert rtl.build_key(load_board("ibex-maxperf"))[1] != key


def test_a_missing_verilator_is_one_line(monkeypatch, tmp_path):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(ToolError, match=r"^verilator not found: run `make setup`"):
        rtl.simulator(load_board("ibex-small"))


def _board_file(tmp_path: Path, name: str, edit) -> Path:
    data = yaml.safe_load((BOARDS_DIR / "ibex-small.yaml").read_text())
    data["name"] = name
    edit(data)
    path = tmp_path / f"{name}.yaml"
    path.write_text(yaml.safe_dump(data))
    return path


def test_board_files_of_rtl_boards_are_checked(tmp_path):
    outside = _board_file(tmp_path, "reset-outside", lambda d: d["core"].update(reset_pc=0x300000))
    with pytest.raises(BoardError, match="reset_pc 0x300000 is not a word in the code region"):
        load_board(str(outside))
    uart = _board_file(tmp_path, "no-mmio", lambda d: d.update(console="none"))
    with pytest.raises(BoardError, match="an RTL test bench needs console: mmio"):
        load_board(str(uart))
    inside = _board_file(tmp_path, "port-in-ram", lambda d: d["mmio"].update(putc=0x100100))
    with pytest.raises(BoardError, match="mmio putc: base 0x100100 lies inside memory region 'ram'"):
        load_board(str(inside))


def test_the_image_starts_at_the_cores_reset_address_and_traps_into_an_aligned_entry(tmp_path, sim_tools):
    """Ibex starts at boot address + 0x80 and takes exceptions at its 256-byte aligned mtvec base."""
    from codegen.build.elfinfo import symbol_address

    b = pipeline.build(DEFAULT_MODEL, "ibex-small", tmp_path / "out", log=quiet)
    assert symbol_address(b.elf, "_start") == b.board.core["reset_pc"] == 0x100080
    assert symbol_address(b.elf, "rvfw_trap_entry") % 256 == 0


@pytest.mark.parametrize("board", ["ibex-small", "ibex-maxperf"])
@pytest.mark.parametrize("model", ["example", "ad_autoencoder"])
def test_cycle_estimate_is_within_ten_percent_of_the_rtl(tmp_path, rtl_tools, board, model):
    """Issue 60: the estimate from the board's documented timings (Spike's commit log) against the
    core's own count; the converter corpus is measured by `make bench-cycles` (--corpus)."""
    from codegen.run.trace import estimate_cycles

    path = DEFAULT_MODEL if model == "example" else mlperf_model(model)
    b, r, _lines = _run(path, board, tmp_path / "out")
    estimate = estimate_cycles(b.elf, b.board, b.graph.name, None, b.steps)
    assert abs(estimate.total - r.harness.total_cycles) <= 0.10 * r.harness.total_cycles
    assert len(estimate.layers) == len(b.layers)


def test_cycles_on_a_core_spike_cannot_run_keeps_the_rtls_count(tmp_path, rtl_tools):
    """--cycles on CV32E40P (CORE-V instructions Spike does not know): the RTL's own count per layer,
    and one line on why there is no estimate beside it, not a failed Spike run."""
    lines: list[str] = []
    b = pipeline.build(DEFAULT_MODEL, "cv32e40p", tmp_path / "out", log=quiet)
    r = pipeline.run(b, timeout=600, log=lines.append, cycles=True)
    assert r.cycles is not None and r.cycles.measured and r.cycles.total == r.harness.total_cycles
    assert any(line.startswith("no cycle estimate beside the RTL's count") and "xcvsimd" in line for line in lines)
