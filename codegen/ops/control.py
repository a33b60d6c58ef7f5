"""WHILE and IF, whose parts are subgraphs (Op.subgraphs), as TFLite Micro runs them.

WHILE (cond, body) is a loop: the inputs become the loop's carried values; while the cond
subgraph, given the carried values, yields true, the body subgraph maps them to new carried
values; the last ones are the outputs. Converters write Keras GRU, SimpleRNN and unfused LSTM
layers this way. The generated code copies the inputs in, then per iteration copies the carried
values to the cond's inputs, runs the cond's layers, tests its bool, runs the body's layers and
copies its outputs back; after the loop, the carried values out.

IF (then, else) runs one branch: its first input, a bool, chooses; the other inputs are copied into
the branch's inputs, and its outputs out.

Both subgraphs are lowered like the main graph (ops.lower_ops), each in its own arena inside the
op's scratch (planner.plan.ControlPlan: a loop's body with its carried values live through every
iteration and its cond after it; an IF's branches both from the start).
"""

from __future__ import annotations

import dataclasses

from codegen.errors import ModelError
from codegen.ir import DType, Graph, Op, OpKind, Tensor
from codegen.ops.common import Arg, Branch, Copy, Layer, Loop, LowerContext, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

# A loop or an IF calls no kernel of its own (its layers call theirs); the families name them in
# `rvfw ops`.
LOOP = family("WHILE (a C loop)", "", "copy_rows_s8", ("ref",),
              (OpKind.WHILE.value,))  # fmt: skip
BRANCH = family("IF (a C if)", "", "copy_rows_s8", ("ref",), (OpKind.IF.value,))
MAX_VALUES = 1 << 10


def _same(a: Tensor, b: Tensor) -> bool:
    return a.dtype is b.dtype and tuple(a.shape) == tuple(b.shape)


def _mismatch(t: Tensor, u: Tensor) -> str:
    return (f"{u.dtype.name.lower()} {list(u.shape)} is not {t.dtype.name.lower()} {list(t.shape)} (TFLite Micro has "
            "no dynamic shapes)")  # fmt: skip


def _check_subgraphs(graph: Graph, op: Op, roles: tuple[str, str]) -> None:
    from codegen.ops import check_graph  # the package's, which imports this module

    for role, sub in zip(roles, op.subgraphs):
        if any(t.is_variable for t in sub.tensors):
            raise fail(graph, op, f"variable tensors inside its {role} not supported")
        try:
            check_graph(dataclasses.replace(sub, source=graph.source))
        except ModelError as exc:  # said as this op's, naming the subgraph
            raise fail(graph, op, f"its {role} ({sub.name}): {exc.reason.removeprefix('not supported: ')}") from None


def check_while(graph: Graph, op: Op) -> None:
    if len(op.subgraphs) != 2:
        raise fail(graph, op, "no cond and body subgraphs")
    cond, body = op.subgraphs
    n = len(op.inputs)
    if not (len(op.outputs) == len(cond.inputs) == len(body.inputs) == len(body.outputs) == n):
        raise fail(graph, op, f"{n} inputs, {len(op.outputs)} outputs, a cond of {len(cond.inputs)} inputs and a body "
                   f"of {len(body.inputs)} inputs and {len(body.outputs)} outputs: all must be equal")  # fmt: skip
    for k in range(n):
        carried = graph.tensors[op.inputs[k]]
        others = (
            ("output", graph.tensors[op.outputs[k]]),
            ("cond input", cond.tensors[cond.inputs[k]]),
            ("body input", body.tensors[body.inputs[k]]),
            ("body output", body.tensors[body.outputs[k]]),
        )
        for what, t in others:
            if not _same(carried, t):
                raise fail(graph, op, f"loop value {k}: its {what}'s {_mismatch(carried, t)}")
    for k, t in enumerate(body.outputs):
        if t in body.inputs and body.inputs.index(t) != k:  # copied back in order, it would overwrite itself
            raise fail(graph, op, f"body output {k} is carried value {body.inputs.index(t)}: loops that swap "
                       "carried values not supported")  # fmt: skip
    flag = cond.tensors[cond.outputs[0]] if len(cond.outputs) == 1 else None
    if flag is None or flag.dtype is not DType.BOOL or flag.num_elements != 1:
        raise fail(graph, op, "the cond subgraph must give one bool")
    _check_subgraphs(graph, op, ("cond", "body"))


def check_if(graph: Graph, op: Op) -> None:
    if len(op.subgraphs) != 2:
        raise fail(graph, op, "no then and else subgraphs")
    flag = graph.tensors[op.inputs[0]]
    if flag.dtype is not DType.BOOL or flag.num_elements != 1:
        raise fail(graph, op, "its first input must be one bool")
    for role, branch in zip(("then", "else"), op.subgraphs):
        if len(branch.inputs) != len(op.inputs) - 1 or len(branch.outputs) != len(op.outputs):
            have = f"the op has {len(op.inputs) - 1} and {len(op.outputs)}"
            raise fail(graph, op, f"its {role} branch takes {len(branch.inputs)} inputs and gives "
                       f"{len(branch.outputs)} outputs; {have}")  # fmt: skip
        for ours, theirs in [*zip(op.inputs[1:], branch.inputs), *zip(op.outputs, branch.outputs)]:
            if not _same(graph.tensors[ours], branch.tensors[theirs]):
                raise fail(graph, op, f"its {role} branch's {_mismatch(graph.tensors[ours], branch.tensors[theirs])}")
    _check_subgraphs(graph, op, ("then", "else"))


def _contexts(ctx: LowerContext, op: Op) -> list[LowerContext]:
    """Each subgraph's lowering context: its tensors, its plan moved into the op's scratch, a name of
    its own for its constants, the model's constant tables shared."""
    control = ctx.plan.control[op.index]
    base = ctx.plan.scratch_offsets[op.index]
    subs = []
    for sub, plan, offset in zip(op.subgraphs, control.plans, control.bases):
        named = dataclasses.replace(sub, name=f"{ctx.graph.name}_{sub.name}", source=ctx.graph.source)
        subs.append(dataclasses.replace(ctx, graph=named, plan=plan.shifted(base + offset)))
    return subs


def _source(ctx: LowerContext, index: int) -> Arg:
    """A tensor as a copy's source: a constant, or its bytes in the arena."""
    return ctx.weights(index) if ctx.tensor(index).is_constant else ctx.arena(index)


def static_trips(graph: Graph, op: Op) -> int | None:
    """The loop's trip count where the graph fixes it (a converter's RNN loop): the cond is LESS of
    a carried counter and a constant, the body adds a positive constant to that counter, and the
    counter starts from a constant. None where it does not."""
    cond, body = op.subgraphs
    if len(cond.ops) != 1 or cond.ops[0].kind is not OpKind.LESS or cond.ops[0].outputs[0] != cond.outputs[0]:
        return None
    counter, limit = cond.ops[0].inputs[:2]
    if counter not in cond.inputs or not cond.tensors[limit].is_constant:
        return None
    k = cond.inputs.index(counter)
    step = body.producer(body.outputs[k])
    start = graph.tensors[op.inputs[k]]
    if step is None or step.kind is not OpKind.ADD or step.inputs[0] != body.inputs[k] or not start.is_constant:
        return None
    increment = body.tensors[step.inputs[1]]
    if not increment.is_constant or increment.num_elements != 1 or int(increment.data.reshape(-1)[0]) < 1:
        return None
    first, last, by = int(start.data.reshape(-1)[0]), int(cond.tensors[limit].data.reshape(-1)[0]), int(
        increment.data.reshape(-1)[0])  # fmt: skip
    return max(0, -(-(last - first) // by))


def lower_while(ctx: LowerContext, op: Op) -> Layer:
    from codegen.ops import lower_ops  # the package's, which imports this module

    cond, body = op.subgraphs
    cctx, bctx = _contexts(ctx, op)
    carried = [bctx.arena(t) for t in body.inputs]
    nbytes = [body.tensors[t].nbytes for t in body.inputs]
    enter = [Copy(carried[k], _source(ctx, t), nbytes[k]) for k, t in enumerate(op.inputs)]
    to_cond = [Copy(cctx.arena(t), carried[k], nbytes[k]) for k, t in enumerate(cond.inputs)
               if cond.consumers(t) or t in cond.outputs]  # fmt: skip
    back = [Copy(carried[k], _source(bctx, t), nbytes[k]) for k, t in enumerate(body.outputs) if t != body.inputs[k]]
    leave = [Copy(ctx.arena(t), carried[k], nbytes[k]) for k, t in enumerate(op.outputs)]
    trips = static_trips(ctx.graph, op)
    loop = Loop(enter, to_cond, lower_ops(cctx), _source(cctx, cond.outputs[0]), lower_ops(bctx), back, leave, trips)
    layer = Layer(op.index, op.kind.value, LOOP.kernels["ref"], "", [], [], loop=loop)
    times = 1 if trips is None else trips  # a loop of unknown count: one iteration's work
    layer.macs = sum(child.macs for child in loop.body) * times
    layer.work = sum(child.work for child in layer.children) * max(times, 1)
    layer.note = _notes(layer, f"{trips} iterations (the graph fixes the count)" if trips is not None else "")
    return layer


def _notes(layer: Layer, own: str) -> str:
    """The op's own note and each distinct note of its layers (a reference-kernel fallback inside a
    loop stays visible in the layer table)."""
    notes = [own] if own else []
    for child in layer.children:
        if child.note and child.note not in notes:
            notes.append(child.note)
    return "; ".join(notes)


def lower_if(ctx: LowerContext, op: Op) -> Layer:
    from codegen.ops import lower_ops  # the package's, which imports this module

    parts = []
    for sub_ctx in _contexts(ctx, op):
        branch = sub_ctx.graph
        used = [
            (ours, t) for ours, t in zip(op.inputs[1:], branch.inputs) if branch.consumers(t) or t in branch.outputs
        ]
        enter = [Copy(sub_ctx.arena(t), _source(ctx, ours), branch.tensors[t].nbytes) for ours, t in used]
        leave = [Copy(ctx.arena(ours), _source(sub_ctx, t), branch.tensors[t].nbytes)
                 for ours, t in zip(op.outputs, branch.outputs)]  # fmt: skip
        parts.append((enter, lower_ops(sub_ctx), leave))
    (then_enter, then_layers, then_leave), (else_enter, else_layers, else_leave) = parts
    branch = Branch(_source(ctx, op.inputs[0]), then_enter, then_layers, then_leave, else_enter, else_layers,
                    else_leave)  # fmt: skip
    layer = Layer(op.index, op.kind.value, BRANCH.kernels["ref"], "", [], [], branch=branch)
    layer.macs = max(sum(c.macs for c in then_layers), sum(c.macs for c in else_layers))
    layer.work = max(sum(c.work for c in then_layers), sum(c.work for c in else_layers))
    layer.note = _notes(layer, "")
    return layer


def _check(graph: Graph, op: Op) -> None:
    (check_while if op.kind is OpKind.WHILE else check_if)(graph, op)


def _lower(ctx: LowerContext, op: Op) -> Layer:
    return (lower_while if op.kind is OpKind.WHILE else lower_if)(ctx, op)


CONTRACT = OpContract(
    kinds={
        OpKind.WHILE: Kind(1, (1, MAX_VALUES), (1, MAX_VALUES), options=("cond_subgraph_index", "body_subgraph_index")),
        OpKind.IF: Kind(1, (1, MAX_VALUES), (1, MAX_VALUES), options=("then_subgraph_index", "else_subgraph_index")),
    },
    # Forms are chosen by the first input's dtype, which for these ops says nothing: one form for all.
    forms={None: Form(_check, _lower, (LOOP, BRANCH))},
)
