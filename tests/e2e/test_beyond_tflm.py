"""Issue 56: models LiteRT runs and TFLite Micro refuses. The converter's float16-weight option
(each weight a float16 constant read by a DEQUANTIZE): TFLite Micro will not prepare it; rvfw
widens the weights to float32 at build time (exact) and checks against LiteRT's reference kernels,
saying so in the verdict."""

from __future__ import annotations

import pytest

from codegen import pipeline
from codegen.boards import load_board
from codegen.check import reference
from tests.conftest import ROOT, quiet

CORPUS = ROOT / "tests" / "data" / "converters"


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_float16_weights_checked_against_litert_and_named(tmp_path, sim_tools, board):
    model = CORPUS / "keras_mobilenet_float16.tflite"
    b = pipeline.build(model, board, tmp_path / "out", log=quiet)
    assert not any(layer.op == "DEQUANTIZE" for layer in b.layers)  # folded: the weights are float32 tables
    lines: list[str] = []
    assert pipeline.check(pipeline.run(b, log=quiet), log=lines.append).bit_exact
    assert lines[-1].startswith("bit-exact: 4/4 outputs match LiteRT's reference kernels (TFLite Micro refuses")


def test_a_model_tflm_runs_is_still_checked_against_tflm(tmp_path):
    graph = pipeline.load(CORPUS / "keras_mobilenet_float.tflite", load_board("spike-rv64gcv"))
    inputs = pipeline.step_inputs(graph, 0, None, 1)
    _outputs, whose = reference.golden_outputs(graph, inputs)
    assert whose == "TFLite Micro"
