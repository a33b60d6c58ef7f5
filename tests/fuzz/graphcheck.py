"""rvfw's side of the random-architecture campaign (tests/fuzz/graphgen.py makes the models with the
real converter and TFLite Micro's outputs for them): every model compiled and run under every
configuration, compared bit for bit.

    .venv/bin/python -m tests.fuzz.graphcheck DIR [--configs spike-rv64gcv:fast,...] [--jobs 2]

Outcomes per (model, configuration): exact, refused (rvfw's one line: recorded, grouped by what it
names), mismatch, or error (a traceback, a hang). Mismatches and errors are failures; the summary
is written to DIR/summary.json and the failing names, one per line, to DIR/failures.txt.
"""

from __future__ import annotations

import argparse
import collections
import json
import re
import sys
import tempfile
import traceback
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from codegen import pipeline  # noqa: E402
from codegen.check import golden  # noqa: E402
from codegen.errors import RvfwError  # noqa: E402

CONFIGS = ("spike-rv64gcv:fast", "spike-rv64gcv:small", "spike-rv64gcv:tiled", "spike-rv32imc:fast")


def committed(npz: Path, tmp: Path) -> tuple[list[Path], list[np.ndarray]]:
    with np.load(npz) as data:
        order = lambda k: int(k.rsplit("_", 1)[1])  # noqa: E731
        ins = [data[k] for k in sorted((k for k in data.files if k.startswith("input_")), key=order)]
        outs = [data[k] for k in sorted((k for k in data.files if k.startswith("output_")), key=order)]
    files = []
    for k, a in enumerate(ins):
        files.append(tmp / f"input_{k}.npy")
        np.save(files[-1], a)
    return files, outs


def check_one(model: Path, config: str) -> tuple[str, str]:
    """(outcome, detail) for one model under one configuration."""
    board, memory = config.split(":")
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        files, expected = committed(model.with_suffix(".npz"), tmp)
        try:
            b = pipeline.build(
                model,
                board,
                tmp / "out",
                options=pipeline.BuildOptions(inputs=files, memory=memory, steps=1, for_simulator=True),
                log=lambda *_: None,
            )
            r = pipeline.run(b, timeout=300, log=lambda *_: None)
        except RvfwError as exc:
            return "refused", str(exc)
        except Exception:  # noqa: BLE001 - any other exception is a failure to report
            return "error", traceback.format_exc(limit=3).splitlines()[-1]
        result = golden.compare(r.harness.outputs, expected)
        if result.bit_exact:
            return "exact", ""
        return "mismatch", f"{result.total - result.matched}/{result.total} differ"


def _work(args: tuple[Path, tuple[str, ...]]) -> tuple[str, dict[str, tuple[str, str]]]:
    model, configs = args
    return model.stem, {c: check_one(model, c) for c in configs}


def refusal_key(message: str) -> str:
    """What a refusal names, without the model's own names and numbers: groups alike refusals."""
    m = re.search(r"not supported: (.*)", message)
    text = m.group(1) if m else message
    text = re.sub(r"'[^']*'", "'…'", text)
    return re.sub(r"\d+", "N", text)[:160]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("dir", type=Path)
    ap.add_argument("--configs", default=",".join(CONFIGS))
    ap.add_argument("--jobs", type=int, default=2)
    args = ap.parse_args(argv)
    configs = tuple(args.configs.split(","))
    models = sorted(args.dir.glob("*.tflite"))
    outcomes: dict[str, dict[str, tuple[str, str]]] = {}
    with ProcessPoolExecutor(args.jobs) as pool:
        for name, result in pool.map(_work, [(m, configs) for m in models]):
            outcomes[name] = result
            print(name, " ".join(f"{c}={o}" for c, (o, _) in result.items()), flush=True)
    counts = collections.Counter(o for r in outcomes.values() for o, _ in r.values())
    refusals = collections.Counter(refusal_key(d) for r in outcomes.values() for o, d in r.values() if o == "refused")
    failures = sorted(n for n, r in outcomes.items() if any(o in ("mismatch", "error") for o, _ in r.values()))
    models_refused = sum(1 for r in outcomes.values() if all(o == "refused" for o, _ in r.values()))
    summary = {"models": len(models), "runs": dict(counts), "models_refused_everywhere": models_refused,
               "refusals": refusals.most_common(), "failures": {n: outcomes[n] for n in failures}}  # fmt: skip
    (args.dir / "summary.json").write_text(json.dumps(summary, indent=1))
    (args.dir / "failures.txt").write_text("".join(f"{n}\n" for n in failures))
    print(f"{len(models)} models, runs: {dict(counts)}; refused everywhere: {models_refused}; failing: {len(failures)}")
    for key, n in refusals.most_common(12):
        print(f"  refused {n}x: {key}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
