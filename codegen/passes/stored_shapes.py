"""resolve_stored_shapes (a required "load" pass): a model converted with a dynamic batch stores
some computed shapes as the converter guessed them, not as the ops make them. LiteRT computes the
shapes when it prepares the model; TFLite Micro keeps the stored ones. Two cases:

- Keras LayerNormalization flattens its input with a RESHAPE whose new shape comes from SHAPE,
  GATHER and REDUCE_PROD of the input, and stores the RESHAPE's output (and the FULLY_CONNECTED's
  after it) as [1, 1]: TFLite Micro cannot run it.
- A dilated convolution (Keras Conv1D/Conv2D with dilation_rate, a TCN) becomes SPACE_TO_BATCH_ND,
  the convolution and BATCH_TO_SPACE_ND, and the converter stores the batched tensors with batch
  1 where the ops make 2, 4 or 8. TFLite Micro runs it on the stored shapes and computes something
  else (off by up to 19 LSB); LiteRT agrees with Keras. The graph then says so
  (Graph.tflm_wrong): its golden is LiteRT's reference kernels, and its ops round as theirs.

Where the shapes are known at build time (what fold_constants computes, whether or not that pass
runs), each output takes the shape its op makes, in op order: RESHAPE, FULLY_CONNECTED, the two
batch/space moves, and the ops between them whose batch follows their input (convolutions,
pooling, EXPAND_DIMS, PAD, elementwise ops). Only an output whose stored element count disagrees
is changed, and only in a graph with such a RESHAPE or SPACE_TO_BATCH_ND. Pure."""

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
        rest = int(np.prod([d for d in shape if d != -1]))
        if rest <= 0 or count % rest:
            return None
        shape[shape.index(-1)] = count // rest
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


def _constant(known: list, op: Op, k: int) -> np.ndarray | None:
    if len(op.inputs) <= k or op.inputs[k] < 0 or not known[op.inputs[k]].is_constant:
        return None
    return np.asarray(known[op.inputs[k]].data).astype(np.int64)


def _space_to_batch_target(graph: Graph, op: Op, known: list) -> tuple[int, ...] | None:
    """[b, *spatial, *rest] -> [b * prod(block), *((spatial + paddings) / block), *rest]."""
    shape, block, pads = list(graph.tensors[op.inputs[0]].shape), _constant(known, op, 1), _constant(known, op, 2)
    if block is None or pads is None or pads.shape != (block.size, 2) or len(shape) < 1 + block.size:
        return None
    block = block.reshape(-1)
    padded = [shape[1 + i] + int(pads[i].sum()) for i in range(block.size)]
    if any(b <= 0 or p % b for p, b in zip(padded, block)):
        return None
    return (shape[0] * int(np.prod(block)), *(p // int(b) for p, b in zip(padded, block)), *shape[1 + block.size :])


def _batch_to_space_target(graph: Graph, op: Op, known: list) -> tuple[int, ...] | None:
    """[b, *spatial, *rest] -> [b / prod(block), *(spatial * block - crops), *rest]."""
    shape, block, crops = list(graph.tensors[op.inputs[0]].shape), _constant(known, op, 1), _constant(known, op, 2)
    if block is None or crops is None or crops.shape != (block.size, 2) or len(shape) < 1 + block.size:
        return None
    block = block.reshape(-1)
    n = int(np.prod(block))
    if n <= 0 or shape[0] % n:
        return None
    spatial = [shape[1 + i] * int(block[i]) - int(crops[i].sum()) for i in range(block.size)]
    return None if any(d <= 0 for d in spatial) else (shape[0] // n, *spatial, *shape[1 + block.size :])


def _batch_follows(graph: Graph, op: Op, _known: list) -> tuple[int, ...] | None:
    """A convolution's or pooling's output: the stored one with its input's batch."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    return (inp.shape[0], *out.shape[1:]) if inp.shape and out.shape else None


def _expand_dims_target(graph: Graph, op: Op, known: list) -> tuple[int, ...] | None:
    shape, axis = list(graph.tensors[op.inputs[0]].shape), _constant(known, op, 1)
    if axis is None or axis.size != 1:
        return None
    k = int(axis.reshape(-1)[0])
    k = k + len(shape) + 1 if k < 0 else k
    return (*shape[:k], 1, *shape[k:]) if 0 <= k <= len(shape) else None


def _pad_target(graph: Graph, op: Op, known: list) -> tuple[int, ...] | None:
    shape, pads = graph.tensors[op.inputs[0]].shape, _constant(known, op, 1)
    if pads is None or pads.shape != (len(shape), 2):
        return None
    return tuple(int(d + pads[i].sum()) for i, d in enumerate(shape))


def _broadcast_target(graph: Graph, op: Op, _known: list) -> tuple[int, ...] | None:
    try:
        return tuple(int(d) for d in np.broadcast_shapes(*(tuple(graph.tensors[t].shape) for t in op.inputs if t >= 0)))
    except ValueError:
        return None


MOVES = {OpKind.SPACE_TO_BATCH_ND: _space_to_batch_target, OpKind.BATCH_TO_SPACE_ND: _batch_to_space_target}
TARGETS = {
    OpKind.RESHAPE: _reshape_target,
    OpKind.FULLY_CONNECTED: _fc_target,
    **MOVES,
    **dict.fromkeys((OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D, OpKind.AVERAGE_POOL_2D, OpKind.MAX_POOL_2D),
                    _batch_follows),
    OpKind.EXPAND_DIMS: _expand_dims_target,
    OpKind.PAD: _pad_target,
    OpKind.PADV2: _pad_target,
    **dict.fromkeys((OpKind.ADD, OpKind.SUB, OpKind.MUL), _broadcast_target),
}  # fmt: skip
TFLM_KEEPS_STORED = "TFLite Micro keeps the converter's stored batch-1 shapes of SPACE_TO_BATCH_ND: known wrong"


def _disagrees(graph: Graph, op: Op) -> bool:
    """A RESHAPE whose stored output holds another number of elements than its input, or a
    SPACE_TO_BATCH_ND whose stored output is not what it makes."""
    if not op.outputs:
        return False
    out = graph.tensors[op.outputs[0]]
    if op.kind is OpKind.RESHAPE:
        return out.num_elements != graph.tensors[op.inputs[0]].num_elements
    if op.kind is OpKind.SPACE_TO_BATCH_ND:
        want = _space_to_batch_target(graph, op, graph.tensors)
        return want is not None and tuple(out.shape) != want
    return False


def resolve_stored_shapes(graph: Graph) -> Graph:
    if not any(_disagrees(graph, op) for op in graph.ops):
        return graph
    tensors = list(graph.tensors)
    changed = moved = False
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
        changed, moved = True, moved or op.kind in MOVES
    if not changed:
        return graph
    wrong = graph.tflm_wrong
    if moved and TFLM_KEEPS_STORED not in wrong:
        wrong = (*wrong, TFLM_KEEPS_STORED)
    return dataclasses.replace(graph, tensors=tensors, tflm_wrong=wrong)
