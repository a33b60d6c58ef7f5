"""Graph-to-graph passes. Each is a pure function: it returns a new Graph and leaves its argument alone."""

from __future__ import annotations

import dataclasses

from codegen.ir import Graph, Op, OpKind


def fuse_residual_adds(graph: Graph) -> Graph:
    """Fold a residual ADD into the epilogue of the CONV_2D that produces one of its inputs.

    Requires: the ADD's two inputs are the conv's output Y, read by nothing else and not a graph
    output, and another tensor X (the residual) that the conv does not read and nothing reads
    after the ADD.
    Guarantees: the fused op is a CONV_2D whose inputs gain X, whose output is the ADD's output,
    and whose options carry `fused_add` = {conv_output: Y, residual_first: X was the ADD's first
    input, activation: the ADD's}; it runs where the ADD ran, so Y is never stored and the planner
    can write the sum over X as it goes (seed 000, section 3.2: vertical fusion).
    """
    ops = list(graph.ops)
    for add in [op for op in graph.ops if op.kind is OpKind.ADD]:
        position = ops.index(add)
        best = None
        for k, y in enumerate(add.inputs[:2]):
            producer = next((op for op in ops[:position] if y in op.outputs), None)
            x = add.inputs[1 - k]
            if (
                producer is None
                or producer.kind is not OpKind.CONV_2D
                or x in producer.inputs  # the sum is written over X while the conv still reads it
                or "fused_add" in producer.options
                or y in graph.outputs
                or any(y in op.inputs for op in ops if op is not add)
                or any(x in op.inputs for op in ops[position + 1 :])
                or x in graph.outputs
                or graph.tensors[x].is_constant
            ):
                continue
            if best is None or ops.index(producer) > ops.index(best[0]):
                best = (producer, y, x, k == 1)
        if best is None:
            continue
        conv, y, x, residual_first = best
        options = {**conv.options, "fused_add": {"conv_output": y, "residual_first": residual_first,
                                                 "activation": add.options.get("activation", "NONE")}}  # fmt: skip
        bias = conv.inputs[2] if len(conv.inputs) > 2 else -1
        fused = Op(conv.index, OpKind.CONV_2D, conv.version, (*conv.inputs[:2], bias, x), add.outputs, options)
        ops[position] = fused
        ops.remove(conv)
    return dataclasses.replace(graph, ops=ops)


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

    def peak(ops: list[Op]) -> int:
        return lifetime_lower_bound(analyze_lifetimes(dataclasses.replace(graph, ops=ops)))

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
