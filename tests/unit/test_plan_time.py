"""Build time scales with the graph (issue 45): a stranger's long model is no denial of service.
The bounds are generous (bench/plan_time.py measures: about 3 s and 1 s on this machine)."""

from __future__ import annotations

import time

import pytest

from codegen.long_graphs import add_chain, add_dag
from codegen.pipeline import prepare


@pytest.mark.parametrize(("name", "make", "bound"), [("chain5000", lambda: add_chain(5000), 30.0),
                                                      ("dag1000", lambda: add_dag(1000), 10.0)])  # fmt: skip
def test_long_graphs_plan_within_bounds(tmp_path, name, make, bound):
    path = tmp_path / f"{name}.tflite"
    path.write_bytes(make())
    start = time.monotonic()
    graph, _board, plan = prepare(path, "spike-rv64gcv", memory="small")
    took = time.monotonic() - start
    assert len(graph.ops) >= 1000 and plan.arena_size > 0
    assert took < bound, f"{name}: planned in {took:.1f} s (bound {bound:g} s)"
