"""Raw audio to keyword in one image (examples/audio_kws): export TFLite Micro's micro_speech
front end and keyword model together, build main.c with the exported CMake target for a Spike
board, run it on a second of synthetic audio, and compare every keyword score with TFLite Micro
running the same two models the same way (the front end step by step, its state carried over).

    make example-audio-kws [BOARD=spike-rv32imc]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
PUBLIC = ROOT.parent / "shared" / "models" / "public"
FRONTEND = PUBLIC / "tflm_audio_preprocessor_int8.tflite"
KWS = PUBLIC / "tflm_micro_speech_int8.tflite"
WINDOW, HOP, FEATURES, HISTORY = 480, 320, 40, 49  # 30 ms windows every 20 ms at 16 kHz; 49 frames
LABELS = ("silence", "unknown", "yes", "no")


def synthetic_audio(frames: int, seed: int = 7) -> np.ndarray:
    """int16 samples for `frames` windows: silence, then low noise, then a loud chirp with a
    clipped burst and a -32768 sample (the front end's corner cases)."""
    rng = np.random.default_rng(seed)
    n = HOP * (frames - 1) + WINDOW
    t = np.arange(n) / 16000
    audio = np.zeros(n)
    audio[3 * HOP :] += rng.normal(0, 30, n - 3 * HOP)
    chirp = slice(6 * HOP, n)
    audio[chirp] += 9000 * np.sin(2 * np.pi * (300 + 2000 * t[chirp]) * t[chirp]) * np.hanning(n - 6 * HOP)
    audio[11 * HOP : 11 * HOP + 50] = 40000
    samples = np.clip(np.round(audio), -32768, 32767).astype(np.int16)
    samples[11 * HOP + 60] = -32768
    return samples


def float_front_end(int8_model: Path = FRONTEND, scale: float = 25.6) -> bytes:
    """The front end with float32 features: what TFLite Micro's audio_preprocessor.py makes with
    use_float_output (the log features cast to float32 and divided by 25.6) instead of the int8
    scaling, rebuilt with rvfw's flatbuffer writer from the int8 model's own tensors, ops and
    Signal options up to its SignalFilterBankLog. (The generator needs TFLite Micro's Signal
    TensorFlow ops, which no PyPI package ships.)"""
    import tflite
    from tflite.BuiltinOperator import BuiltinOperator
    from tflite.TensorType import TensorType

    from codegen.frontend.tflite import builtin_code
    from codegen.modelgen import ModelBuilder

    types = {TensorType.INT16: np.int16, TensorType.INT32: np.int32, TensorType.UINT32: np.uint32,
             TensorType.UINT64: np.uint64, TensorType.INT8: np.int8, TensorType.FLOAT32: np.float32}  # fmt: skip
    names = {v: k for k, v in BuiltinOperator.__dict__.items() if not k.startswith("_")}
    data = int8_model.read_bytes()
    model = tflite.Model.GetRootAsModel(data, 0)
    graph = model.Subgraphs(0)
    net, index = ModelBuilder(), {}

    def tensor(t: int) -> int:
        if t not in index:
            src = graph.Tensors(t)
            buffer = model.Buffers(src.Buffer())
            dtype = types[src.Type()]
            values = buffer.DataAsNumpy().view(dtype) if buffer.DataLength() else None
            index[t] = net.tensor(src.Name().decode(), tuple(src.ShapeAsNumpy()) if src.ShapeLength() else (),
                                  dtype, data=values)  # fmt: skip
        return index[t]

    log_output = None
    for k in range(graph.OperatorsLength()):
        op = graph.Operators(k)
        code = model.OperatorCodes(op.OpcodeIndex())
        custom = code.CustomCode().decode() if code.CustomCode() else None
        inputs = [tensor(int(t)) for t in op.InputsAsNumpy()]
        outputs = [tensor(int(t)) for t in op.OutputsAsNumpy()]
        if custom:
            net.op(
                f"CUSTOM:{custom}",
                inputs,
                outputs,
                code.Version(),
                custom_options=op.CustomOptionsAsNumpy().tobytes() if op.CustomOptionsLength() else b"",
            )
        else:
            kind = names[builtin_code(code)]
            net.op(kind, inputs, outputs, code.Version(), **({"axis": 0} if kind == "CONCATENATION" else {}))
        if custom == "SignalFilterBankLog":
            log_output = outputs[0]
            break
    features = net.tensor("Cast_2", (40,), np.float32)
    divisor = net.tensor("truediv/y", (), np.float32, data=np.float32(scale))
    out = net.tensor("PartitionedCall:0", (40,), np.float32)
    net.op("CAST", [log_output], [features], 1)
    net.op("DIV", [features, divisor], [out], 1)
    return net.finish([index[int(graph.InputsAsNumpy()[0])]], [out], "rvfw: micro_speech front end, float output")


def windows(samples: np.ndarray, frames: int) -> np.ndarray:
    """(frames, 1, 480): the front end's input, one window per step."""
    return np.stack([samples[k * HOP : k * HOP + WINDOW] for k in range(frames)]).reshape(frames, 1, WINDOW)


def reference_scores(samples: np.ndarray, frames: int) -> dict[int, bytes]:
    """TFLite Micro: the front end once per window (one interpreter, so its state carries over),
    the newest 49 feature frames into the keyword model after every window from the 49th on."""
    from tflite_micro.python.tflite_micro import runtime

    from codegen.check.golden import REFERENCE_ARENA_BYTES

    frontend = runtime.Interpreter.from_file(str(FRONTEND), arena_size=REFERENCE_ARENA_BYTES)
    kws = runtime.Interpreter.from_file(str(KWS), arena_size=REFERENCE_ARENA_BYTES)
    features = np.zeros((HISTORY, FEATURES), np.int8)
    scores = {}
    for frame, window in enumerate(windows(samples, frames)):
        frontend.set_input(window, 0)
        frontend.invoke()
        features = np.concatenate([features[1:], frontend.get_output(0).reshape(1, FEATURES)])
        if frame + 1 >= HISTORY:
            kws.set_input(features.reshape(kws.get_input_details(0)["shape"]), 0)
            kws.invoke()
            scores[frame] = np.ascontiguousarray(kws.get_output(0)).tobytes()
    return scores


def _audio_header(samples: np.ndarray, frames: int, out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    values = ",".join(str(int(v)) for v in samples)
    (out / "audio.h").write_text(
        "#include <stdint.h>\n"
        f"#define AUDIO_FRAMES {frames}\n#define AUDIO_HOP {HOP}\n#define AUDIO_WINDOW {WINDOW}\n"
        f"static const int16_t audio_samples[{len(samples)}] = {{{values}}};\n"
    )


def build_and_run(board: str, work: Path, frames: int = HISTORY + 10, log=print) -> tuple[dict, dict, object]:
    """(our scores by frame, TFLite Micro's, the run result). Needs cmake and the RISC-V toolchain."""
    from codegen.boards import load_board
    from codegen.export import export_models
    from codegen.pipeline import BuildOptions
    from codegen.run.sim import run_elf

    samples = synthetic_audio(frames)
    options = BuildOptions(format="cmake", names=("frontend", "kws"))
    export_models([FRONTEND, KWS], board, work / "rvfw", options, log=lambda *_: None)
    _audio_header(samples, frames, work / "generated")
    cmake = shutil.which("cmake")
    if cmake is None:
        raise SystemExit("needs cmake (make setup installs it)")
    configure = [cmake, "-S", str(HERE), "-B", str(work / "build"),
                 f"-DCMAKE_TOOLCHAIN_FILE={work / 'rvfw' / 'cmake' / f'riscv-{board}.cmake'}",
                 f"-DRVFW_EXPORT={work / 'rvfw'}", f"-DGENERATED_DIR={work / 'generated'}"]  # fmt: skip
    for cmd in (configure, [cmake, "--build", str(work / "build")]):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if proc.returncode:
            raise SystemExit(proc.stdout[-3000:] + proc.stderr[-3000:])
    result = run_elf(work / "build" / "audio_kws.elf", load_board(board), timeout=600)
    ours = {}
    for line in result.console.splitlines():
        if line.startswith("kws "):
            _word, frame, hexbytes = line.split()
            ours[int(frame)] = bytes.fromhex(hexbytes)
    return ours, reference_scores(samples, frames), result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--board", default="spike-rv64gcv")
    parser.add_argument("--out", type=Path, default=ROOT / "build" / "audio_kws")
    args = parser.parse_args()
    for model in (FRONTEND, KWS):
        if not model.is_file():
            print(f"audio_kws: {model} not found (the public models live in ../shared/models/public)")
            return 2
    ours, reference, result = build_and_run(args.board, args.out)
    for frame, scores in sorted(ours.items()):
        values = np.frombuffer(scores, np.int8)
        print(f"frame {frame:3d}: {' '.join(f'{v:4d}' for v in values)}  {LABELS[int(values.argmax())]}")
    same = sum(ours.get(f) == s for f, s in reference.items())
    print(f"bit-exact: {same}/{len(reference)} keyword runs match TFLite Micro")
    return 0 if same == len(reference) == len(ours) and result.exit_code == 0 else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
