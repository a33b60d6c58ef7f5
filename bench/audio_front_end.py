"""TFLite Micro's micro_speech audio front end (the Signal library ops, issue 30), per step: the
instructions of one 30 ms window (minstret, Spike) with rvfw's kernels against its reference
kernels (TFLite Micro's arithmetic, loop for loop: the same per-op code TFLite Micro's reference
build runs, without its interpreter), the arena and the state carried from step to step, beside
TFLite Micro's own minimum arena. Each run is checked bit for bit against TFLite Micro over the
14 frames of examples/audio_kws's synthetic audio.

    make bench-audio     (or: .venv/bin/python bench/audio_front_end.py)
"""

from __future__ import annotations

import importlib.util
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.report.tables import table  # noqa: E402

MODEL = ROOT.parent / "shared" / "models" / "public" / "tflm_audio_preprocessor_int8.tflite"
BOARDS = ("spike-rv64gcv", "spike-rv32zve32x", "spike-rv32imc")
TFLM_MIN_ARENA = 10_229  # TFLite Micro's Python interpreter, bisected (persistent buffers included)
_spec = importlib.util.spec_from_file_location("audio_kws", ROOT / "examples" / "audio_kws" / "run.py")
audio_kws = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(audio_kws)


def quiet(_msg: str) -> None:
    pass


def main() -> int:
    if not MODEL.is_file():
        print(f"{MODEL} not found (the public models live in ../shared/models/public)")
        return 2
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        stream = Path(tmp) / "stream.npy"
        np.save(stream, audio_kws.windows(audio_kws.synthetic_audio(14), 14))
        for board in BOARDS:
            counts = {}
            for kernels in ("auto", "ref"):
                b = pipeline.build(
                    MODEL,
                    board,
                    Path(tmp) / board / kernels,
                    options=pipeline.BuildOptions(kernels=kernels, inputs=stream),
                    log=quiet,
                )
                r = pipeline.run(b, timeout=600, log=quiet)
                if not pipeline.check(r, log=quiet).bit_exact:
                    raise SystemExit(f"NOT BIT-EXACT: {board} {kernels}")
                counts[kernels] = r.harness.total_instret
            rows.append([board, f"{counts['auto']:,}", f"{counts['ref']:,}", f"{counts['ref'] / counts['auto']:.1f}x",
                         f"{b.plan.arena_size:,}", f"{b.plan.state_size:,}", f"{TFLM_MIN_ARENA:,}"])  # fmt: skip
    print("micro_speech's audio front end, instructions per 30 ms window (issue 30)")
    print(table(["board", "rvfw", "reference kernels", "fewer", "arena B", "state B", "TFLM min arena B"], rows))
    return 0


if __name__ == "__main__":
    sys.exit(main())
