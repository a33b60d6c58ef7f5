"""Build time against graph length (issue 45): `rvfw plan` of long ADD chains and random ADD DAGs
under every memory option, wall seconds, beside the issue's targets (5,000-op chain < 30 s, 1,000-op
DAG < 10 s).

    .venv/bin/python bench/plan_time.py
"""

from __future__ import annotations

import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen.long_graphs import add_chain, add_dag  # noqa: E402
from codegen.pipeline import prepare  # noqa: E402
from codegen.report.tables import table  # noqa: E402

CASES = [("chain", 500, add_chain, None), ("chain", 1000, add_chain, None), ("chain", 5000, add_chain, 30.0),
         ("dag", 1000, add_dag, 10.0), ("dag", 5000, add_dag, None)]  # fmt: skip


def main() -> None:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind, n, make, target in CASES:
            path = Path(tmp) / f"{kind}{n}.tflite"
            path.write_bytes(make(n))
            times = []
            for memory in ("fast", "small", "tiled"):
                start = time.monotonic()
                prepare(path, "spike-rv64gcv", memory=memory)
                times.append(time.monotonic() - start)
            verdict = "" if target is None else ("ok" if max(times) < target else "MISS")
            rows.append([f"{kind} of {n:,} ADDs", *(f"{t:.1f}" for t in times),
                         "" if target is None else f"< {target:g}", verdict])  # fmt: skip
    print(table(["graph", "fast s", "small s", "tiled s", "target", ""], rows))


if __name__ == "__main__":
    main()
