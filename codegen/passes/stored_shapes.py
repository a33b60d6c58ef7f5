"""resolve_stored_shapes (a required "load" pass): a model converted with a dynamic batch stores
some computed shapes as the converter guessed them, not as the ops make them. Keras
LayerNormalization, for one, flattens its input with a RESHAPE whose new shape comes from SHAPE,
GATHER and REDUCE_PROD of the input, and stores the RESHAPE's output (and the FULLY_CONNECTED's
after it) as [1, 1]. LiteRT computes the shapes when it prepares the model; TFLite Micro keeps the
stored ones and cannot run it. Where the new shape is known at build time (what fold_constants
computes, whether or not that pass runs), the output takes the shape the op makes: a RESHAPE's,
and a FULLY_CONNECTED's from its input and filter. Only an output whose stored element count
disagrees with its input's is changed, and only in a graph with such a RESHAPE. Pure."""

from __future__ import annotations

import dataclasses

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.passes.simplify import fold_constants


def _reshape_target(graph: Graph, op: Op, known: list) -> tuple[int, ...] | None:
    if len(op.inputs) < 2 or op.inputs[1] < 0 or not known[op.inputs[1]].is_constant:
        return None
    count = graph.tensors[op.inputs[0]].num_elements
    shape = [int(v) for v in known[op.inputs[1]].data.reshape(-1)]
    if shape.count(-1) == 1:
        known = int(np.prod([d for d in shape if d != -1]))
        if known <= 0 or count % known:
            return None
        shape[shape.index(-1)] = count // known
    if any(d < 0 for d in shape) or int(np.prod(shape)) != count:
        return None
    return tuple(shape)


def _fc_target(graph: Graph, op: Op, _known: list) -> tuple[int, ...] | None:
    inp, flt = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]]
    if len(flt.shape) != 2 or not flt.shape[1] or inp.num_elements % flt.shape[1]:
        return None
    if op.options.get("keep_num_dims") and inp.shape and inp.shape[-1] == flt.shape[1]:
        return (*inp.shape[:-1], flt.shape[0])
    return (inp.num_elements // flt.shape[1], flt.shape[0])


TARGETS = {OpKind.RESHAPE: _reshape_target, OpKind.FULLY_CONNECTED: _fc_target}


def _disagrees(graph: Graph, op: Op) -> bool:
    """A RESHAPE whose stored output holds another number of elements than its input."""
    return (
        op.kind is OpKind.RESHAPE
        and bool(op.outputs)
        and graph.tensors[op.outputs[0]].num_elements != graph.tensors[op.inputs[0]].num_elements
    )


def resolve_stored_shapes(graph: Graph) -> Graph:
    if not any(_disagrees(graph, op) for op in graph.ops):
        return graph
    tensors = list(graph.tensors)
    changed = False
    for op in graph.ops:
        target = TARGETS.get(op.kind)
        if target is None or not op.outputs:
            continue
        view = dataclasses.replace(graph, tensors=tensors)
        # The values build time can know (a new shape from SHAPE, GATHER, REDUCE_PROD ...), whether or
        # not fold_constants makes them the graph's constants.
        known = fold_constants(view).tensors if op.kind is OpKind.RESHAPE else tensors
        out = tensors[op.outputs[0]]
        want = target(view, op, known)
        if want is None or tuple(out.shape) == want or out.num_elements == int(np.prod(want)):
            continue
        if op.kind is OpKind.FULLY_CONNECTED and out.num_elements == tensors[op.inputs[0]].num_elements:
            continue
        tensors[op.outputs[0]] = dataclasses.replace(out, shape=want)
        changed = True
    return dataclasses.replace(graph, tensors=tensors) if changed else graph
