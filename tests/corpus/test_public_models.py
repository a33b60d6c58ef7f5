"""The public models of ../shared/models/public (TFLM's examples, three LSTMs, the SVDF keyword
model, MobileNetV2-224 from PyTorch, the MCUNet/TinyEngine models) on the vector and the scalar
board, bit for bit against TFLite Micro (issue 29); the audio front end (the Signal library's
custom ops, issue 30) also step by step over a stream of audio frames."""

from __future__ import annotations

import pytest

import numpy as np

from codegen import pipeline
from codegen.errors import RvfwError
from tests.conftest import SHARED_MODELS, quiet

PUBLIC = SHARED_MODELS / "public"
MODELS = sorted(p.stem for p in PUBLIC.glob("*.tflite")) if PUBLIC.is_dir() else []
REFUSED: dict[str, str] = {}  # model -> the one line it is refused with (none now)


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


# The public models with float32 I/O around int8 work (MCUNet's): --io int8 (issue 31).
FLOAT_IO = ["mcunet_mnist_lenet_int8", "mcunet_vww_int8", "mcunet_detection_int8"]


@pytest.mark.parametrize("name", [m for m in FLOAT_IO if m in MODELS])
def test_public_model_with_int8_io_bit_exact(tmp_path, sim_tools, name):
    """The int8 tensors around the model's QUANTIZE and DEQUANTIZE as its I/O, bit for bit with
    TFLite Micro running the model as it is; the arena never grows for it."""
    model = PUBLIC / f"{name}.tflite"
    b = pipeline.build(model, "spike-rv64gcv", tmp_path / "out", log=quiet, seed=11, io="int8")
    _graph, _board, float_plan = pipeline.prepare(model, "spike-rv64gcv", memory=b.memory)
    assert b.graph.float_inputs and b.plan.arena_size <= float_plan.arena_size
    result = pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet)
    assert result.bit_exact, f"{name}: {result.total - result.matched} outputs differ"


def test_mcunet_vww_with_int8_io_tiles_its_first_stage(tmp_path, sim_tools):
    """Issue 31: with the float input left out (--io int8) MCUNet's VWW model starts with a chain of
    int8 convolutions from its input, which --memory tiled runs band by band: 34,560 B of arena
    against 77,760 B in place and 96,000 B as the model is, bit-exact. Without --io int8, tiling
    says in one line why it tiles nothing."""
    model = PUBLIC / "mcunet_vww_int8.tflite"
    if not model.is_file():
        pytest.skip("needs ../shared/models/public")
    b = pipeline.build(model, "spike-rv64gcv", tmp_path / "out", log=quiet, seed=2, io="int8", memory="tiled")
    assert b.layers[0].op.startswith("TILED(") and b.plan.arena_size <= 34_560
    assert pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet).bit_exact
    messages: list[str] = []
    pipeline.build(model, "spike-rv64gcv", tmp_path / "float", log=messages.append, memory="tiled")
    assert any(m.startswith("nothing tiled: the graph starts with a quantize of its float input") for m in messages)


def audio_stream(frames: int, seed: int = 7) -> np.ndarray:
    """16 kHz int16 audio cut as micro_speech's front end reads it (30 ms windows every 20 ms):
    silence, then low noise, then a loud chirp with a clipped burst and a -32768 sample. Shape
    (frames, 1, 480): one window per step."""
    rng = np.random.default_rng(seed)
    n = 320 * (frames - 1) + 480
    t = np.arange(n) / 16000
    audio = np.zeros(n)
    audio[960:] += rng.normal(0, 30, n - 960)
    audio[1920:] += 9000 * np.sin(2 * np.pi * (300 + 2000 * t[1920:]) * t[1920:]) * np.hanning(n - 1920)
    audio[3520:3570] = 40000
    samples = np.clip(np.round(audio), -32768, 32767).astype(np.int16)
    samples[3580] = -32768
    return np.stack([samples[k * 320 : k * 320 + 480] for k in range(frames)]).reshape(frames, 1, 480)


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_audio_front_end_stream_bit_exact(tmp_path, sim_tools, board):
    """Issue 30: TFLite Micro's micro_speech front end (window, FFT, filter bank, noise reduction
    with its state, PCAN, log; the int32 feature scaling) over 14 consecutive frames of audio,
    one step each (--input with a leading steps axis), bit for bit with TFLite Micro."""
    model = PUBLIC / "tflm_audio_preprocessor_int8.tflite"
    if not model.is_file():
        pytest.skip("needs ../shared/models/public")
    np.save(tmp_path / "stream.npy", audio_stream(14))
    b = pipeline.build(model, board, tmp_path / "out", log=quiet, input_npy=tmp_path / "stream.npy")
    assert b.steps == 14 and b.plan.state_size >= 160  # the noise estimate: 40 uint32
    result = pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet)
    assert result.bit_exact and result.total == 14 * 40, f"{result.total - result.matched} outputs differ"
