"""MLPerf Tiny int8 models: arena, image size and instructions per inference, beside TFLite Micro.

    make bench            (or: .venv/bin/python bench/mlperf_tiny.py [--boards b1,b2])

Instruction counts are minstret deltas under QEMU -icount shift=0 (or Spike): deterministic.
The TFLite Micro figures are the anchors in ../shared/ANCHORS.md.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.planner import plan_memory  # noqa: E402
from codegen.report import table  # noqa: E402

MODELS = ROOT.parent / "shared" / "models"
NAMES = {"kws_dscnn": "KWS", "vww_mobilenet": "VWW", "ic_resnet8": "IC", "ad_autoencoder": "AD"}
TFLM = {  # min arena, activations, lifetime bound, rv32imc instructions, rv64gc instructions
    "kws_dscnn": (24_272, 16_000, 16_000, 44_312_223, 48_506_904),
    "vww_mobilenet": (103_672, 73_728, 55_296, 109_942_173, 118_775_371),
    "ic_resnet8": (55_984, 49_152, 49_152, 125_522_030, 128_766_578),
    "ad_autoencoder": (4_632, 768, 768, 2_480_535, 2_471_017),
}
TFLM_FLASH_RV32 = 90_468  # .text of TFLM's rv32imc build, plus the flatbuffer below


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--boards", default="spike-rv32imc,spike-rv64gcv")
    boards = parser.parse_args().boards.split(",")
    quiet = lambda _m: None  # noqa: E731

    arena_rows, run_rows = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for stem, label in NAMES.items():
            model = MODELS / f"{stem}_int8.tflite"
            tflm = TFLM[stem]
            graph, _board, plan = pipeline.prepare(model, boards[0])
            no_reuse = plan_memory(graph, "no_reuse").arena_size
            arena_rows.append([label, f"{no_reuse:,}", f"{plan.arena_size:,}", f"{plan.lower_bound:,}",
                               f"{tflm[1]:,}", f"{tflm[0]:,}"])  # fmt: skip
            for board in boards:
                b = pipeline.build(model, board, Path(tmp) / board / stem, log=quiet)
                r = pipeline.run(b, log=quiet)
                ok = pipeline.check(r, log=quiet).bit_exact
                macs = sum(layer.macs for layer in b.layers)
                flash = sum(r_.by_category[c] for r_ in b.size.regions for c in ("code", "rodata", "weights", "data")
                            if r_.name == b.board.region_for("code").name)  # fmt: skip
                ram = sum(r_.used for r_ in b.size.regions if r_.name == b.board.region_for("arena").name)
                anchor = tflm[3] if "rv32" in board else tflm[4]
                total = r.harness.total_instret
                speedup = f"{anchor / total:.2f}x"
                run_rows.append([label, board, f"{total:,}", f"{total / macs:.2f}", f"{anchor:,}", speedup,
                                 f"{flash:,}", f"{ram:,}", "yes" if ok else "NO"])  # fmt: skip

    print("Arena bytes (activations), rvfw planner vs TFLite Micro")
    print(
        table(["model", "no reuse", "rvfw greedy", "lifetime bound", "TFLM activations", "TFLM min arena"], arena_rows)
    )
    print()
    print("One inference: retired instructions (scalar reference kernels) vs TFLite Micro reference kernels")
    print(table(["model", "board", "instructions", "instr/MAC", "TFLM", "TFLM/rvfw", "flash B", "RAM B", "bit-exact"],
                run_rows))  # fmt: skip
    print(f"(TFLM rv32imc flash: .text {TFLM_FLASH_RV32:,} B plus the model flatbuffer)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
