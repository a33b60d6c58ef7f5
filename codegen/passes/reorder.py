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
    produced = {t for op in graph.ops for t in op.outputs}
    available = {t.index for t in graph.tensors if t.index not in produced} | {t for op in done for t in op.outputs}
    return [op for op in graph.ops if op not in done and all(i < 0 or i in available for i in op.inputs)]


def _complete(graph: Graph, start: list[Op]) -> list[Op]:
    """Finish an order greedily: next, the ready op that frees the most bytes net of its outputs."""
    order = list(start)
    while len(order) < len(graph.ops):
        pending = [op for op in graph.ops if op not in order]

        def net_freed(op: Op, pending: list[Op] = pending) -> int:
            last_reads = {
                i for i in set(op.inputs)
                if i >= 0 and not graph.tensors[i].is_constant and i not in graph.outputs
                and not any(i in other.inputs for other in pending if other is not op)
            }  # fmt: skip
            return sum(graph.tensors[i].nbytes for i in last_reads) - sum(graph.tensors[o].nbytes for o in op.outputs)

        order.append(max(_ready(graph, order), key=lambda op: (net_freed(op), -graph.ops.index(op))))
    return order
