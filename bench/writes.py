"""The write checker over models nobody here tuned to (issue 55): every store of every kernel call
inside its layer's outputs, scratch, state or the stack (codegen.run.writes), for the converter
corpus, TFLite Micro's seanet tests, the random graphs' regressions and the public models small
enough to trace, on the scalar RV32 board, the RVV board and Ibex small (the cycle-tuned kernels).

    .venv/bin/python bench/writes.py [--jobs 2] [--boards b1,b2] [--log results.jsonl]

Prints per source and board the models, kernel calls and stores checked and any stray write. Each
result is appended to --log as it lands, and a run started again with the same log skips what it
holds (the whole corpus takes about an hour on two cores)."""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.errors import RvfwError  # noqa: E402
from codegen.report.tables import table  # noqa: E402

BOARDS = ["spike-rv32imc", "spike-rv64gcv", "ibex-small"]
PUBLIC_MAX_BYTES = 400_000  # public models traced (the large CNNs' commit logs run for hours)


def sources() -> dict[str, list[Path]]:
    corpus = sorted((ROOT / "tests" / "data" / "converters").glob("*.tflite"))
    seanet = sorted((ROOT.parent / "shared" / "tflm-seanet" / "models").glob("*.tflite"))
    graphs = sorted((ROOT / "tests" / "data" / "graphs").glob("*.tflite"))
    public = sorted(p for p in (ROOT.parent / "shared" / "models" / "public").glob("*.tflite")
                    if p.stat().st_size <= PUBLIC_MAX_BYTES)  # fmt: skip
    # KWS and AD (IC's and VWW's commit logs, 46 M and 36 M instructions, take most of an hour each)
    mlperf = [ROOT.parent / "shared" / "models" / f"{m}_int8.tflite" for m in ("kws_dscnn", "ad_autoencoder")]
    return {"converter corpus": corpus, "seanet": seanet, "random graphs": graphs, "public": public, "MLPerf": mlperf}


def one(source: str, model: Path, board: str) -> tuple[str, str, str, int, int, list[str], str]:
    with tempfile.TemporaryDirectory() as tmp:
        try:
            b = pipeline.build(model, board, Path(tmp) / "out", log=lambda _m: None,
                               options=pipeline.BuildOptions(for_simulator=True))  # fmt: skip
            report = pipeline.check_writes(b, lambda _m: None)
        except RvfwError as exc:  # refused or not buildable here: not a write to check
            return source, model.name, board, 0, 0, [], str(exc)[:80]
    return source, model.name, board, report.layer_calls, report.stores, [str(s) for s in report.stray[:3]], ""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--boards", default=",".join(BOARDS))
    parser.add_argument("--log", type=Path, help="append each result here; results already there are kept")
    args = parser.parse_args()
    jobs = [(source, model, board) for source, models in sources().items() for model in models
            for board in args.boards.split(",")]  # fmt: skip
    results = []
    if args.log and args.log.exists():
        results = [tuple(json.loads(line)) for line in args.log.read_text().splitlines() if line.strip()]
    done = {(r[0], r[1], r[2]) for r in results}
    todo = [j for j in jobs if (j[0], j[1].name, j[2]) not in done]
    with ProcessPoolExecutor(args.jobs) as pool:
        for n, future in enumerate(as_completed([pool.submit(one, *j) for j in todo]), 1):
            r = future.result()
            results.append(r)
            print(f"[{n}/{len(todo)}] {r[1]} on {r[2]}: {r[3]} calls, {len(r[5])} stray {r[6]}", file=sys.stderr)
            if args.log:
                with args.log.open("a") as f:
                    f.write(json.dumps(r) + "\n")
    rows, stray_total = [], 0
    for source in sources():
        for board in args.boards.split(","):
            mine = [r for r in results if r[0] == source and r[2] == board]
            checked = [r for r in mine if not r[6]]
            stray = sum(len(r[5]) for r in checked)
            stray_total += stray
            rows.append([source, board, f"{len(checked)}/{len(mine)}", f"{sum(r[3] for r in checked):,}",
                         f"{sum(r[4] for r in checked):,}", stray])  # fmt: skip
    print(table(["models", "board", "checked", "kernel calls", "stores", "stray writes"], rows, right={2, 3, 4, 5}))
    for r in results:
        if r[5]:
            print(f"STRAY: {r[1]} on {r[2]}: {r[5][0]}")
    calls = sum(r[3] for r in results)
    print(f"\n{calls:,} kernel calls checked, {sum(r[4] for r in results):,} stores, {stray_total} outside their layer")
    return 1 if stray_total else 0


if __name__ == "__main__":
    raise SystemExit(main())
