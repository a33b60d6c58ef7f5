"""The public models of ../shared/models/public (TFLM's examples, three LSTMs, the SVDF keyword
model, MobileNetV2-224 from PyTorch, the MCUNet/TinyEngine models) on the vector and the scalar
board, bit for bit against TFLite Micro (issue 29). The audio front end (the Signal library's
custom ops, issue 30) is refused in one line naming what it lacks."""

from __future__ import annotations

import pytest

from codegen import pipeline
from codegen.errors import RvfwError
from tests.conftest import SHARED_MODELS, quiet

PUBLIC = SHARED_MODELS / "public"
MODELS = sorted(p.stem for p in PUBLIC.glob("*.tflite")) if PUBLIC.is_dir() else []
REFUSED = {"tflm_audio_preprocessor_int8": "type UINT32 not supported"}  # issue 30: the Signal library ops


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
@pytest.mark.parametrize("name", MODELS)
def test_public_model_bit_exact(tmp_path, sim_tools, name, board):
    model = PUBLIC / f"{name}.tflite"
    if name in REFUSED:
        with pytest.raises(RvfwError, match=REFUSED[name]):
            pipeline.build(model, board, tmp_path / "out", log=quiet)
        return
    b = pipeline.build(model, board, tmp_path / "out", log=quiet, seed=11)
    result = pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet)
    assert result.bit_exact, f"{name} on {board}: {result.total - result.matched} outputs differ"
