"""Models of the public families (codegen.family_models: MobileNetV2 from PyTorch, an MCUNet block
with squeeze-excite and hard-swish, a detector head with upsampling and CONCATENATION) compile and
run bit for bit against TFLite Micro on a 64-bit RVV board, a 32-bit scalar board and the C906,
and `--memory small` still lowers their arena."""

from __future__ import annotations

import numpy as np
import pytest

from codegen import pipeline
from codegen.family_models import FAMILY_MODELS, STREAMING_MODELS
from tests.conftest import quiet

BOARDS = ("spike-rv64gcv", "spike-rv32imc", "c906")


def build(tmp_path, name, board, memory="fast"):
    tmp_path.mkdir(parents=True, exist_ok=True)
    model = tmp_path / f"{name}.tflite"
    model.write_bytes(FAMILY_MODELS[name]())
    return pipeline.build(
        model,
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(seed=11, memory=memory, for_simulator=True),
        log=quiet,
    )


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", sorted(FAMILY_MODELS))
def test_family_model_bit_exact(tmp_path, request, sim_tools, name, board):
    if board == "c906":
        request.getfixturevalue("xuantie_sim")
    b = build(tmp_path, name, board)
    r = pipeline.run(b, timeout=300, log=quiet, count=False)
    result = pipeline.check(r, log=quiet)
    assert result.bit_exact, result.mismatches
    # The model computes something: its outputs are not one saturated value.
    values = np.concatenate([o.reshape(-1) for o in r.harness.outputs])
    assert len(np.unique(values)) >= min(3, values.size)


@pytest.mark.parametrize("name", ["mobilenetv2_torch", "mcunet_se"])
def test_small_memory_lowers_the_arena_of_family_models(tmp_path, sim_tools, name):
    fast = build(tmp_path / "fast", name, "spike-rv64gcv")
    small = build(tmp_path / "small", name, "spike-rv64gcv", memory="small")
    assert small.plan.arena_size < 0.7 * fast.plan.arena_size
    assert pipeline.check(pipeline.run(small, timeout=300, log=quiet, count=False), log=quiet).bit_exact


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("name", sorted(STREAMING_MODELS))
def test_streaming_model_bit_exact_over_steps(tmp_path, request, sim_tools, name, board):
    """Each step's outputs against TFLite Micro's interpreter invoked as many times in a row."""
    if board == "c906":
        request.getfixturevalue("xuantie_sim")
    model = tmp_path / f"{name}.tflite"
    model.write_bytes(STREAMING_MODELS[name]())
    b = pipeline.build(
        model, board, tmp_path / "out", options=pipeline.BuildOptions(seed=5, for_simulator=True, steps=6), log=quiet
    )
    assert b.steps == 6 and b.plan.state_size > 0
    r = pipeline.run(b, timeout=300, log=quiet, count=False)
    assert len(r.harness.outputs) == 6
    result = pipeline.check(r, log=quiet)
    assert result.bit_exact, result.mismatches
    assert not all(np.array_equal(r.harness.outputs[0], o) for o in r.harness.outputs[1:])
