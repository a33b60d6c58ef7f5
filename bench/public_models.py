"""The public models users bring (../shared/models/public): the arena of every memory option, as
the model is and with --io int8, against issue 31's targets and TFLite Micro's minimum arena; the
tiled plan's instructions against the fast plan's (spike-rv64gcv); and, for them and the MLPerf
Tiny models (../shared/models), the share of one inference's instructions spent in reference
kernels (issue 32), per layer from the harness's profile, on every Spike board and the C906
(xuantie-qemu, user mode: counts from a trace).

    make bench-public     (or: .venv/bin/python bench/public_models.py)

Every run is checked bit for bit against TFLite Micro.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.boards import load_board  # noqa: E402
from codegen.errors import RvfwError  # noqa: E402
from codegen.report.tables import table  # noqa: E402

PUBLIC = ROOT.parent / "shared" / "models" / "public"
MLPERF = ROOT.parent / "shared" / "models"  # MLPerf Tiny: KWS, VWW, IC, AD, int8 and float
BOARD = "spike-rv64gcv"
SHARE_BOARDS = ("spike-rv64gcv", "spike-rv32zve32x", "spike-rv32imc", "c906")
# Issue 31: (the arena target of the smallest plan, the largest tiled/fast instruction ratio,
# TFLite Micro's minimum arena: its Python interpreter, bisected); the targets hold with --io int8
# where the model has float I/O.
CNNS = {
    "tflm_xtensa_mobilenet_v2_224_int8": ("MobileNetV2-224", 302_400, 1.25, 2_607_320),
    "mcunetv2_large_int8": ("mcunetv2_large", 302_400, 1.25, 2_614_232),
    "mcunet_vww_int8": ("mcunet_vww", None, None, 225_020),
    "mcunet_detection_int8": ("mcunet_detection", None, None, 386_298),
    "tflm_person_detect_int8": ("person_detect", 21_888, None, 85_264),
}
# Issue 32: no reference kernel above this share of an inference on a vector board.
REF_SHARE_TARGET = 0.02


def quiet(_msg: str) -> None:
    pass


def _run(model: Path, out: Path, io: str, memory: str, board: str = BOARD) -> tuple[pipeline.Build, list[int], int]:
    b = pipeline.build(
        model, board, out, options=pipeline.BuildOptions(io=io, memory=memory, seed=1, for_simulator=True), log=quiet
    )
    r = pipeline.run(b, timeout=3600, log=quiet)
    if not pipeline.check(r, log=quiet).bit_exact:
        raise SystemExit(f"NOT BIT-EXACT: {model.name} {io} {memory}")
    return b, r.harness.layer_instret, r.harness.total_instret


def _ref_share(b: pipeline.Build, per_layer: list[int], total: int) -> tuple[float, str]:
    """The share of the inference in layers whose kernel is a reference one, and which ops they are."""
    ref = [(layer, n) for layer, n in zip(b.layers, per_layer) if any(k.endswith("_ref") for k in layer.kernels)]
    share = sum(n for _, n in ref) / total if total else 0.0
    heavy = sorted({layer.op for layer, n in ref if n >= 0.002 * total})
    return share, ", ".join(heavy) or "-"


def _share_rows(model: Path, out: Path) -> list[list[str]]:
    """The ref-share row of one model on every board (refused or unbuildable ones say why)."""
    try:
        pipeline.load(model, load_board(BOARD))
    except RvfwError as exc:
        return [[model.stem, "-", "-", "-", f"refused: {exc}"[:90]]]
    rows = []
    for share_board in SHARE_BOARDS:
        try:
            b, per_layer, total = _run(model, out / share_board, "model", "auto", share_board)
        except RvfwError as exc:  # e.g. a model too large for the board's memory
            rows.append([model.stem, share_board, "-", "-", f"not built: {exc}"[:70]])
            continue
        share, ops = _ref_share(b, per_layer, total)
        ok = "ok" if share <= REF_SHARE_TARGET else "MISS"
        rows.append([model.stem, share_board, f"{total:,}", f"{share:.1%} {ok}", ops])
    return rows


def main() -> int:
    board = load_board(BOARD)
    arena_rows, share_rows = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for model in sorted(MLPERF.glob("*.tflite")):
            share_rows += _share_rows(model, Path(tmp) / model.stem)
        for stem in sorted(p.stem for p in PUBLIC.glob("*.tflite")):
            model = PUBLIC / f"{stem}.tflite"
            share_rows += _share_rows(model, Path(tmp) / stem)
            if share_rows[-1][1] == "-":  # refused
                continue
            graph = pipeline.load(model, board)
            if stem not in CNNS:
                continue
            label, target, ratio_target, tflm = CNNS[stem]
            io = "int8" if graph.float_inputs or any(
                graph.tensors[t].dtype.name == "FLOAT32" for t in graph.inputs) else "model"  # fmt: skip
            g = pipeline.load(model, board, io=io)
            plans = {m: pipeline.plan_option(g, board, "best", m) for m in ("fast", "small", "tiled")}
            sizes = {m: p.plan.arena_size for m, p in plans.items()}
            best = min(sizes.values())
            _b, _pl, fast_total = _run(model, Path(tmp) / stem / "io-fast", io, "fast")
            ratio = "-"
            if sizes["tiled"] < sizes["small"]:
                _b, _pl, tiled_total = _run(model, Path(tmp) / stem / "io-tiled", io, "tiled")
                r = tiled_total / fast_total
                ratio = f"{r:.2f}x" + ("" if ratio_target is None else " ok" if r <= ratio_target else " MISS")
            met = "-" if target is None else "ok" if best <= target else "MISS"
            arena_rows.append([label, io, *(f"{sizes[m]:,}" for m in ("fast", "small", "tiled")),
                               f"<= {target:,}" if target else "-", met, ratio,
                               f"{tflm:,}" if tflm else "-", plans["tiled"].note[:60] or "-"])  # fmt: skip
    print(f"Arena bytes of the public CNNs on {BOARD} (issue 31), --io int8 where the model has float I/O")
    print(table(["model", "io", "fast", "small", "tiled", "target", "met", "tiled/fast instr", "TFLM min arena",
                 "why not tiled"], arena_rows))  # fmt: skip
    print()
    print(f"Share of one inference in reference kernels (issue 32: at most {REF_SHARE_TARGET:.0%} on any board)")
    print(table(["model", "board", "instructions", "ref share", "ops on reference kernels (>= 0.2% each)"],
                share_rows))  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
