"""A memory-aware operator order for branching graphs (seed 000, section 9)."""

from __future__ import annotations

import dataclasses

from codegen.ir import Graph, Op

ROLLOUT_MAX_OPS = 80


def reorder_for_memory(graph: Graph) -> Graph:
    """A topological order that keeps fewer bytes live at once (seed 000, section 9: shorten
    long-lived tensors), for graphs with branches.

    1. Greedy completion: among the ops whose inputs exist, run next the one that frees the most
       bytes net of what it allocates; ties keep the model's order.
    2. Rollout (graphs of at most ROLLOUT_MAX_OPS ops): at each step try every ready op, finish the
       order greedily, and keep the op whose finished order has the lowest peak of live bytes.
    3. Keep the new order only if it lowers that peak; otherwise return the graph unchanged.
    A heuristic, not a proof of optimality; chains have a single order anyway.
    """
    from codegen.planner.analysis import analyze_lifetimes, lifetime_lower_bound
    from codegen.planner.views import resolve

    if any(t.is_variable for op in graph.ops for t in (graph.tensors[o] for o in op.outputs)):
        return graph  # an op writes a variable (ASSIGN_VARIABLE): the reads around it keep their order

    def peak(ops: list[Op]) -> int:
        ordered = dataclasses.replace(graph, ops=ops)
        # An estimate: every consistent view taken, without the arena checker's proof of each.
        return lifetime_lower_bound(analyze_lifetimes(ordered, storage=resolve(ordered, checked=False)))

    if len(graph.ops) <= ROLLOUT_MAX_OPS:
        order: list[Op] = []
        while len(order) < len(graph.ops):
            candidates = _ready(graph, order)
            order.append(min(candidates, key=lambda op: (peak(_complete(graph, [*order, op])), graph.ops.index(op))))
    else:
        order = _complete(graph, [])
    return dataclasses.replace(graph, ops=order) if peak(order) < peak(list(graph.ops)) else graph


def _ready(graph: Graph, done: list[Op]) -> list[Op]:
    """The ops not in `done` whose inputs all exist after it, in the model's order."""
    produced = {t for op in graph.ops for t in op.outputs}
    available = {t.index for t in graph.tensors if t.index not in produced} | {t for op in done for t in op.outputs}
    taken = {id(op) for op in done}
    return [op for op in graph.ops if id(op) not in taken and all(i < 0 or i in available for i in op.inputs)]


def _complete(graph: Graph, start: list[Op]) -> list[Op]:
    """Finish an order greedily: next, the ready op that frees the most bytes net of its outputs.

    Linear in the graph's size per step picked among the ready ops (ops compared by position, never
    by value: a dataclass comparison per pair made 500 chained ADDs take minutes): each tensor's
    pending readers are counted once and counted down as its readers run."""
    ops = list(graph.ops)
    position = {id(op): k for k, op in enumerate(ops)}
    done = [False] * len(ops)
    for op in start:
        done[position[id(op)]] = True
    readers: dict[int, int] = {}  # tensor -> ops not yet run that read it (each op once)
    waiting = [0] * len(ops)  # inputs an op still waits for
    produced_by = {t: k for k, op in enumerate(ops) for t in op.outputs}
    consumers: dict[int, list[int]] = {}
    for k, op in enumerate(ops):
        for i in set(op.inputs):
            if i < 0 or done[k]:
                continue
            readers[i] = readers.get(i, 0) + 1
            producer = produced_by.get(i)
            if producer is not None and not done[producer]:
                waiting[k] += 1
                consumers.setdefault(i, []).append(k)
    ready = {k for k in range(len(ops)) if not done[k] and waiting[k] == 0}
    outputs = set(graph.outputs)

    def net_freed(k: int) -> int:
        op = ops[k]
        last = [i for i in set(op.inputs) if i >= 0 and readers.get(i) == 1 and i not in outputs]
        freed = sum(graph.tensors[i].nbytes for i in last if not graph.tensors[i].is_constant)
        return freed - sum(graph.tensors[o].nbytes for o in op.outputs)

    order = list(start)
    while ready:
        k = max(ready, key=lambda j: (net_freed(j), -j))
        ready.discard(k)
        done[k] = True
        order.append(ops[k])
        for i in set(ops[k].inputs):
            if i >= 0:
                readers[i] -= 1
        for t in ops[k].outputs:
            for c in consumers.get(t, ()):
                waiting[c] -= 1
                if waiting[c] == 0:
                    ready.add(c)
    return order
