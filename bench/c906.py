"""XuanTie C906 (XTheadVector): instructions per layer, scalar kernels against vector kernels,
under xuantie-qemu -cpu c906fdv (user mode; counts from a one-instruction-per-block trace).

    make bench-c906       (or: .venv/bin/python bench/c906.py [model names...])

Models: the MLPerf Tiny ones in ../shared/models by name, and the family models of
codegen/family_models.py (micro_speech and person_detect are TFLite Micro's two examples in shape:
their first layers, depthwise with depth multiplier 8, carry issue 19's target of at most 1.0
XTheadVector instructions per MAC).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.family_models import FAMILY_MODELS  # noqa: E402
from codegen.report.tables import table  # noqa: E402

MODELS = ROOT.parent / "shared" / "models"
# Anchors (../shared/ANCHORS.md): TFLite Micro reference kernels, rv64gc, instructions per inference;
# and the XuanTie vendor library (FP16) on C906 hardware: 0.25-0.79 cycles per MAC.
TFLM_RV64GC = {"kws_dscnn": 48_506_904, "vww_mobilenet": 118_775_371, "ic_resnet8": 128_766_578,
               "ad_autoencoder": 2_471_017}  # fmt: skip
DEFAULT = ["kws_dscnn", "ad_autoencoder", "micro_speech", "person_detect"]
FIRST_LAYER_TARGET = {"micro_speech": 1.0, "person_detect": 1.0}  # XTheadVector instructions/MAC


def quiet(_msg: str) -> None:
    pass


def main() -> int:
    names = sys.argv[1:] or DEFAULT
    ok = True
    for name in names:
        runs = {}
        with tempfile.TemporaryDirectory() as tmp:
            model = MODELS / f"{name}_int8.tflite"
            if name in FAMILY_MODELS:
                model = Path(tmp) / f"{name}.tflite"
                model.write_bytes(FAMILY_MODELS[name]())
            for kernels in ("scalar", "xthead"):
                b = pipeline.build(
                    model,
                    "c906",
                    Path(tmp) / kernels,
                    options=pipeline.BuildOptions(kernels=kernels, for_simulator=True),
                    log=quiet,
                )
                r = pipeline.run(b, timeout=1800, log=quiet)
                ok &= pipeline.check(r, log=quiet).bit_exact
                runs[kernels] = (b, r)
        (b_s, r_s), (b_v, r_v) = runs["scalar"], runs["xthead"]
        rows = []
        for i, (ls, lv, s, v) in enumerate(zip(b_s.layers, b_v.layers, r_s.harness.layer_instret,
                                               r_v.harness.layer_instret)):  # fmt: skip
            rows.append([i, ls.op, lv.kernel, f"{ls.macs:,}", f"{s:,}", f"{v:,}", f"{s / v:.1f}x" if v else "-"])
        total_s, total_v = r_s.harness.total_instret, r_v.harness.total_instret
        rows.append(["", "total", "", f"{sum(x.macs for x in b_s.layers):,}", f"{total_s:,}", f"{total_v:,}",
                     f"{total_s / total_v:.1f}x"])  # fmt: skip
        print(f"\n{name} on c906 (xuantie-qemu -cpu c906fdv), both bit-exact with TFLite Micro: {ok}")
        print(
            table(
                ["layer", "op", "vector kernel", "MACs", "scalar", "XTheadVector", "ratio"], rows, right={0, 3, 4, 5, 6}
            )
        )
        macs = sum(x.macs for x in b_v.layers)
        anchor = (f"; TFLite Micro reference kernels on rv64gc {TFLM_RV64GC[name]:,} instructions "
                  f"({TFLM_RV64GC[name] / total_v:.0f}x more)" if name in TFLM_RV64GC else "")  # fmt: skip
        print(f"XTheadVector {total_v / macs:.2f} instructions/MAC{anchor}; the vendor library on C906 hardware: "
              "0.25-0.79 cycles/MAC (FP16)")  # fmt: skip
        if name in FIRST_LAYER_TARGET:
            first = r_v.harness.layer_instret[0] / b_v.layers[0].macs
            target = FIRST_LAYER_TARGET[name]
            print(f"first layer ({b_v.layers[0].kernel}): {first:.2f} instructions/MAC, target <= {target}: "
                  f"{'ok' if first <= target else 'MISS'}")  # fmt: skip
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
