"""The public models of ../shared/models/public (TFLM's examples, three LSTMs, the SVDF keyword
model, MobileNetV2-224 from PyTorch, the MCUNet/TinyEngine models) on the vector and the scalar
board, bit for bit against TFLite Micro (issue 29); the audio front end (the Signal library's
custom ops, issue 30) also step by step over a stream of audio frames."""

from __future__ import annotations

import importlib.util
import shutil

import numpy as np
import pytest

from codegen import pipeline
from codegen.errors import RvfwError
from tests.conftest import ROOT, SHARED_MODELS, quiet

# examples/audio_kws/run.py: the example's synthetic audio and its TFLite Micro reference
_spec = importlib.util.spec_from_file_location("audio_kws", ROOT / "examples" / "audio_kws" / "run.py")
audio_kws = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(audio_kws)

PUBLIC = SHARED_MODELS / "public"
MODELS = sorted(p.stem for p in PUBLIC.glob("*.tflite")) if PUBLIC.is_dir() else []
REFUSED: dict[str, str] = {}  # model -> the one line it is refused with (none now)


# The CNNs whose first stage --memory tiled streams (issue 31): on the vector board they run tiled,
# so the stage is checked on real models at no extra simulation time (the same kernels as fast).
TILED = {"tflm_xtensa_mobilenet_v2_224_int8", "mcunetv2_large_int8", "tflm_person_detect_int8", "mcunet_vww_int8"}


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
@pytest.mark.parametrize("name", MODELS)
def test_public_model_bit_exact(tmp_path, sim_tools, name, board):
    model = PUBLIC / f"{name}.tflite"
    if name in REFUSED:
        with pytest.raises(RvfwError, match=REFUSED[name]):
            pipeline.build(model, board, tmp_path / "out", log=quiet)
        return
    memory = "tiled" if name in TILED and board == "spike-rv64gcv" else "auto"
    b = pipeline.build(model, board, tmp_path / "out", options=pipeline.BuildOptions(seed=11, memory=memory), log=quiet)
    if memory == "tiled":
        assert any(layer.op.startswith("TILED(") for layer in b.layers[:2])
    result = pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet)
    assert result.bit_exact, f"{name} on {board}: {result.total - result.matched} outputs differ"


# The public models with float32 I/O around int8 work (MCUNet's): --io int8 (issue 31).
FLOAT_IO = ["mcunet_mnist_lenet_int8", "mcunet_vww_int8", "mcunet_detection_int8"]


@pytest.mark.parametrize("name", [m for m in FLOAT_IO if m in MODELS])
def test_public_model_with_int8_io_bit_exact(tmp_path, sim_tools, name):
    """The int8 tensors around the model's QUANTIZE and DEQUANTIZE as its I/O, bit for bit with
    TFLite Micro running the model as it is; the arena never grows for it."""
    model = PUBLIC / f"{name}.tflite"
    b = pipeline.build(
        model, "spike-rv64gcv", tmp_path / "out", options=pipeline.BuildOptions(seed=11, io="int8"), log=quiet
    )
    _graph, _board, float_plan = pipeline.prepare(model, "spike-rv64gcv", memory=b.memory)
    assert b.graph.float_inputs and b.plan.arena_size <= float_plan.arena_size
    result = pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet)
    assert result.bit_exact, f"{name}: {result.total - result.matched} outputs differ"


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_person_detect_with_float32_io_bit_exact(tmp_path, sim_tools, board):
    """Issue 31: --io float32 wraps person_detect's int8 I/O in a QUANTIZE and a DEQUANTIZE the image
    runs, bit for bit with TFLite Micro's own QUANTIZE, the model and its DEQUANTIZE; tiled, the
    QUANTIZE runs in place over the float input and a stage streams past it (the float input is
    the floor: the stage that reaches it in the fewest steps)."""
    model = PUBLIC / "tflm_person_detect_int8.tflite"
    if not model.is_file():
        pytest.skip("needs ../shared/models/public")
    b = pipeline.build(
        model, board, tmp_path / "out", options=pipeline.BuildOptions(seed=4, io="float32", memory="tiled"), log=quiet
    )
    assert [b.graph.tensors[t].dtype.name for t in (*b.graph.inputs, *b.graph.outputs)] == ["FLOAT32"] * 2
    assert b.layers[0].op == "QUANTIZE" and b.layers[-1].op == "DEQUANTIZE"
    assert any(layer.op.startswith("TILED(") for layer in b.layers)
    assert b.plan.arena_size == 96 * 96 * 4  # the float input; the stage and the rest fit beside it
    assert pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet).bit_exact


def test_mcunet_vww_with_int8_io_tiles_its_first_stage(tmp_path, sim_tools):
    """Issue 31: with the float input left out (--io int8) MCUNet's VWW model streams its first
    stage through line buffers, its output written over its input: 27,840 B of arena against
    77,760 B in place and 96,000 B as the model is, bit-exact. With the float input, the stage
    starts after the QUANTIZE run in place, and the arena is the float input's 76,800 B."""
    model = PUBLIC / "mcunet_vww_int8.tflite"
    if not model.is_file():
        pytest.skip("needs ../shared/models/public")
    b = pipeline.build(
        model,
        "spike-rv64gcv",
        tmp_path / "out",
        options=pipeline.BuildOptions(seed=2, io="int8", memory="tiled"),
        log=quiet,
    )
    assert b.layers[0].op.startswith("TILED(") and b.plan.arena_size <= 27_840
    assert pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet).bit_exact
    f = pipeline.build(
        model, "spike-rv64gcv", tmp_path / "float", options=pipeline.BuildOptions(seed=2, memory="tiled"), log=quiet
    )
    assert [layer.op for layer in f.layers[:1]] == ["QUANTIZE"] and f.layers[1].op.startswith("TILED(")
    assert f.plan.arena_size == 80 * 80 * 3 * 4
    assert pipeline.check(pipeline.run(f, timeout=1200, log=quiet), log=quiet).bit_exact


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32zve32x", "spike-rv32imc"])
def test_audio_front_end_stream_bit_exact(tmp_path, sim_tools, board):
    """Issue 30: TFLite Micro's micro_speech front end (window, FFT, filter bank, noise reduction
    with its state, PCAN, log; the int32 feature scaling) over 14 consecutive frames of audio,
    one step each (--input with a leading steps axis), bit for bit with TFLite Micro: the RVV
    kernels (V and Zve32x), the fast scalar FFT and the references."""
    model = PUBLIC / "tflm_audio_preprocessor_int8.tflite"
    if not model.is_file():
        pytest.skip("needs ../shared/models/public")
    np.save(tmp_path / "stream.npy", audio_kws.windows(audio_kws.synthetic_audio(14), 14))
    b = pipeline.build(
        model, board, tmp_path / "out", options=pipeline.BuildOptions(inputs=tmp_path / "stream.npy"), log=quiet
    )
    assert b.steps == 14 and b.plan.state_size >= 160  # the noise estimate: 40 uint32
    result = pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet)
    assert result.bit_exact and result.total == 14 * 40, f"{result.total - result.matched} outputs differ"


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_audio_to_keyword_example_bit_exact(tmp_path, sim_tools, board):
    """Issue 30: examples/audio_kws (make example-audio-kws): the front end and micro_speech's
    keyword model exported together, main.c built with CMake and run on Spike over 59 windows of
    audio; all 11 keyword runs score as TFLite Micro's two interpreters do, byte for byte."""
    if not (audio_kws.FRONTEND.is_file() and audio_kws.KWS.is_file()):
        pytest.skip("needs ../shared/models/public")
    if shutil.which("cmake") is None:
        pytest.skip("needs cmake (make setup)")
    ours, reference, result = audio_kws.build_and_run(board, tmp_path)
    assert result.exit_code == 0 and len(reference) == 11
    assert ours == reference


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_float_audio_front_end_stream_bit_exact(tmp_path, sim_tools, board):
    """Issue 30: the front end with float32 features (audio_preprocessor.py's use_float_output:
    the log features cast to float32 and divided by 25.6), rebuilt from TFLite Micro's int8 model,
    over the same 14 frames, bit for bit with TFLite Micro."""
    if not audio_kws.FRONTEND.is_file():
        pytest.skip("needs ../shared/models/public")
    model = tmp_path / "audio_preprocessor_float.tflite"
    model.write_bytes(audio_kws.float_front_end())
    np.save(tmp_path / "stream.npy", audio_kws.windows(audio_kws.synthetic_audio(14), 14))
    b = pipeline.build(
        model, board, tmp_path / "out", options=pipeline.BuildOptions(inputs=tmp_path / "stream.npy"), log=quiet
    )
    assert b.graph.tensors[b.graph.outputs[0]].dtype.name == "FLOAT32"
    result = pipeline.check(pipeline.run(b, timeout=1200, log=quiet), log=quiet)
    assert result.bit_exact and result.total == 14 * 40, f"{result.total - result.matched} outputs differ"
