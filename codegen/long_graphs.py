"""Long graphs for measuring build time (issue 45): a chain of ADDs and a random DAG of ADDs, the
shapes a stranger's model can take to make planning slow. Made with the flatbuffer writer
(modelgen), so tests and bench/plan_time.py need no converter."""

from __future__ import annotations

import numpy as np

from codegen.modelgen import ModelBuilder


def add_chain(n: int) -> bytes:
    """n ADDs in a row, each adding a constant to the one before."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 8), scale=0.05, zero_point=0)
    c = m.tensor("c", (1, 8), scale=0.05, zero_point=0, data=np.ones((1, 8), np.int8))
    t = x
    for k in range(n):
        y = m.tensor(f"t{k}", (1, 8), scale=0.05, zero_point=0)
        m.op("ADD", [t, c], [y])
        t = y
    return m.finish([x], [t])


def add_dag(n: int, seed: int = 0, reach: int = 6) -> bytes:
    """n ADDs, each of two tensors drawn among the last `reach` made: branches and joins everywhere."""
    rng = np.random.default_rng(seed)
    m = ModelBuilder()
    made = [m.tensor("x", (1, 8), scale=0.05, zero_point=0)]
    for k in range(n):
        a, b = (made[int(rng.integers(max(0, len(made) - reach), len(made)))] for _ in range(2))
        y = m.tensor(f"t{k}", (1, 8), scale=0.05, zero_point=0)
        m.op("ADD", [a, b], [y])
        made.append(y)
    return m.finish([made[0]], [made[-1]])
