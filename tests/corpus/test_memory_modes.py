"""Every memory option is at most the fast arena (issue 59): `small` and `tiled` plans whose arena
came out larger (in-place runs that gave nothing back, a fused residual's scratch: five corpus
models did) give way to the fast plan and say so; and the tiled planner never lowers a stage
without its line buffers (a stage whose output is split into views lost them: KeyError)."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen import pipeline
from codegen.boards import load_board
from codegen.errors import RvfwError
from codegen.pipeline.memory import MemoryOptions, plan_option
from tests.conftest import ROOT, quiet

MODELS = sorted((ROOT / "tests" / "data" / "converters").glob("*.tflite")) + sorted(
    (ROOT / "tests" / "data" / "graphs").glob("*.tflite")
)


def test_small_and_tiled_arenas_never_above_fast():
    board = load_board("spike-rv64gcv")
    checked, fell_back = 0, []
    for model in MODELS:
        try:
            graph = pipeline.load(model, board)
        except RvfwError:  # refused at load: nothing to plan
            continue
        options = MemoryOptions(graph, board)
        fast = options.get("fast").plan.arena_size
        for mode in ("small", "tiled"):
            planned = options.get(mode)
            assert planned.plan.arena_size <= fast, (model.stem, mode)
            if plan_option(graph, board, "best", mode).plan.arena_size > fast:
                fell_back.append((model.stem, mode))
                assert "the fast plan is kept" in planned.note
        checked += 1
    assert checked > 100
    assert ("keras_branches_int8", "small") in fell_back  # 10,752 bytes in place against 8,192 fast


@pytest.mark.parametrize("name", ["regress_tiled_split_f32", "regress_tiled_split_int8_64"])
def test_a_tiled_stage_split_into_views_keeps_its_line_buffers(tmp_path: Path, name):
    model = ROOT / "tests" / "data" / "graphs" / f"{name}.tflite"
    b = pipeline.build(model, "spike-rv32imc", tmp_path / "out", pipeline.BuildOptions(memory="tiled"), quiet)
    assert b.layers[0].op.startswith("TILED(")
    assert b.plan.arena_size < MemoryOptions(pipeline.load(model, b.board), b.board).get("fast").plan.arena_size


def test_auto_on_a_small_board_says_what_it_needs_instead_of_crashing(tmp_path: Path):
    """A 64x64x3 int8 CONV -> CONV -> SPLIT on the HiFive1 (16 KiB): auto falls back to tiling,
    which crashed; now the build stops in one line with what each option needs."""
    model = ROOT / "tests" / "data" / "graphs" / "regress_tiled_split_int8_64.tflite"
    with pytest.raises(RvfwError, match="does not fit board hifive1-revb"):
        pipeline.build(model, "hifive1-revb", tmp_path / "out", log=quiet)
