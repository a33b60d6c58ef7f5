"""Data movement: TRANSPOSE, SLICE, STRIDED_SLICE, SPLIT, SPLIT_V, UNPACK, BROADCAST_TO,
DEPTH_TO_SPACE, SPACE_TO_DEPTH, BATCH_TO_SPACE_ND, SPACE_TO_BATCH_ND (its paddings a PAD before
it: passes.space_to_batch), GATHER,
GATHER_ND, REVERSE_V2, MIRROR_PAD, RESIZE_NEAREST_NEIGHBOR and TILE (LiteRT's: TFLite Micro has
none), for any dtype.

Each op's meaning is written once, as numpy on an array of input element numbers: applying the op
to `arange(n)` gives, for every output element, the input element it copies. Lowering then finds
the cheapest kernel that reproduces that map: a strided copy (up to six merged dimensions, any
strides, 0 for broadcasting), else rows gathered by a table. Bytes move unchanged (TFLite Micro
does not rescale these ops either), so no quantisation is involved; their parameters (perm,
begin/end/strides, axes, indices, sizes) must be constants.
"""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.memplan import View
from codegen.ops.common import Layer, LowerContext, expect_constant, fail
from codegen.ops.contract import Form, Kind, OpContract, Rows
from codegen.ops.kernels import Need, family

# The fast scalar and RVV kernels take 1-, 2- and 4-byte elements, XTheadVector's bytes.
COPY = family("data movement (strided copy)", "rvfw_copy_strided_params", "copy_strided",
              ("ref", "scalar", "rvv", "xthead"),
              needs={"scalar": Need("element_size", (1, 2, 4), "{value}-byte elements"),
                     "rvv": Need("element_size", (1, 2, 4), "{value}-byte elements"),
                     "xthead": Need("element_size", (1,), "{value}-byte elements")})  # fmt: skip
GATHER_ROWS = family("data movement (rows by table)", "rvfw_gather_rows_params", "gather_rows", ("ref",))
# GATHER by indices computed on the device (a WHILE loop's step reading its time step): rows of
# the input chosen at run time; an index outside the axis gives a row of zeros (TFLite Micro fails).
GATHER_DYNAMIC = family("GATHER (indices computed on the device)", "rvfw_gather_params", "gather",
                        ("ref", "scalar", "rvv"), (OpKind.GATHER.value,))  # fmt: skip
MAX_DIMS = 6
DTYPES = (DType.INT8, DType.UINT8, DType.INT16, DType.INT32, DType.UINT32, DType.INT64, DType.FLOAT32, DType.BOOL)
# The operand that carries the data; the others are constant parameters.
DATA_INPUT = {OpKind.SPLIT: 1}


class Refused(ValueError):
    """An op's parameters outside what this module implements (the message says which)."""


def _const(graph: Graph, op: Op, position: int, role: str) -> np.ndarray:
    return expect_constant(graph, op, op.inputs[position], role).data.astype(np.int64).reshape(-1)


def _axis(value: int, rank: int) -> int:
    if not -rank <= value < rank:
        raise Refused(f"axis {value} outside a rank-{rank} tensor")
    return value % rank


def _strided_slice(graph: Graph, op: Op, idx: np.ndarray) -> np.ndarray:
    o = op.options
    if o.get("ellipsis_mask", 0) or o.get("new_axis_mask", 0):
        raise Refused("ellipsis_mask and new_axis_mask not supported")
    begin, end, strides = (_const(graph, op, k, name) for k, name in ((1, "begin"), (2, "end"), (3, "strides")))
    if not len(begin) == len(end) == len(strides) <= idx.ndim:
        raise Refused("begin, end and strides must have one value per sliced dimension")
    keep = []
    for k in range(idx.ndim):
        dim = idx.shape[k]
        if k >= len(begin):
            keep.append(True)
            continue
        b, e, s = int(begin[k]), int(end[k]), int(strides[k])
        if s == 0:
            raise Refused("a stride of 0")
        if o.get("offset", False):
            e = b + e
        if o.get("shrink_axis_mask", 0) >> k & 1:
            i = b + dim if b < 0 else b
            if not 0 <= i < dim:
                raise Refused(f"index {b} outside dimension {k} of size {dim}")
            idx = np.take(idx, [i], axis=k)
            keep.append(False)
            continue
        lo, hi = (0, dim) if s > 0 else (-1, dim - 1)  # TFLite clamps to these
        start = min(max(b + dim if b < 0 else b, lo), hi)
        stop = min(max(e + dim if e < 0 else e, lo), hi)
        if o.get("begin_mask", 0) >> k & 1:
            start = 0 if s > 0 else dim - 1
        if o.get("end_mask", 0) >> k & 1:
            stop = dim if s > 0 else -1
        idx = np.take(idx, np.arange(start, stop, s, dtype=np.int64), axis=k)
        keep.append(True)
    return idx.reshape([d for d, k in zip(idx.shape, keep) if k])


def _split(graph: Graph, op: Op, idx: np.ndarray) -> list[np.ndarray]:
    if op.kind is OpKind.SPLIT:
        axis = _axis(int(_const(graph, op, 0, "axis")[0]), idx.ndim)
        count = len(op.outputs)
        if idx.shape[axis] % count:
            raise Refused(f"dimension {idx.shape[axis]} does not split into {count}")
        return np.split(idx, count, axis=axis)
    sizes = [int(v) for v in _const(graph, op, 1, "size_splits")]
    axis = _axis(int(_const(graph, op, 2, "axis")[0]), idx.ndim)
    if sizes.count(-1) == 1:
        sizes[sizes.index(-1)] = idx.shape[axis] - (sum(sizes) + 1)
    if len(sizes) != len(op.outputs) or sum(sizes) != idx.shape[axis] or min(sizes) < 0:
        raise Refused(f"size_splits {sizes} do not split dimension {idx.shape[axis]} into {len(op.outputs)}")
    return np.split(idx, np.cumsum(sizes)[:-1], axis=axis)


def _nearest(out_size: int, in_size: int, align_corners: bool, half_pixel_centers: bool) -> np.ndarray:
    """TFLite Micro's nearest-neighbour source index per output index, in its float32 arithmetic."""
    f = np.float32
    scale = f(in_size - 1) / f(out_size - 1) if align_corners and out_size > 1 else f(in_size) / f(out_size)
    offset = f(0.5) if half_pixel_centers else f(0.0)
    result = []
    for i in range(out_size):
        v = (f(i) + offset) * scale
        index = int(math.copysign(math.floor(abs(v) + 0.5), v)) if align_corners else int(math.floor(v))
        index = min(index, in_size - 1)
        result.append(max(0, index) if half_pixel_centers else index)
    return np.array(result, dtype=np.int64)


def _resize(graph: Graph, op: Op, idx: np.ndarray) -> np.ndarray:
    if idx.ndim != 4:
        raise Refused("input must be 4-D (NHWC)")
    size = _const(graph, op, 1, "size")
    if len(size) != 2 or min(size) < 1:
        raise Refused("size must be two positive values")
    a, h = op.options.get("align_corners", False), op.options.get("half_pixel_centers", False)
    ys = _nearest(int(size[0]), idx.shape[1], a, h)
    xs = _nearest(int(size[1]), idx.shape[2], a, h)
    return idx[:, ys][:, :, xs]


def _depth_to_space(idx: np.ndarray, b: int) -> np.ndarray:
    n, h, w, c = idx.shape
    if c % (b * b):
        raise Refused(f"depth {c} not a multiple of block_size^2 = {b * b}")
    return idx.reshape(n, h, w, b, b, c // (b * b)).transpose(0, 1, 3, 2, 4, 5).reshape(n, h * b, w * b, c // (b * b))


def _space_to_depth(idx: np.ndarray, b: int) -> np.ndarray:
    n, h, w, c = idx.shape
    if h % b or w % b:
        raise Refused(f"height {h} and width {w} must be multiples of block_size {b}")
    return idx.reshape(n, h // b, b, w // b, b, c).transpose(0, 1, 3, 2, 4, 5).reshape(n, h // b, w // b, b * b * c)


def _gather(graph: Graph, op: Op, idx: np.ndarray) -> np.ndarray:
    if op.options.get("batch_dims", 0):
        raise Refused("batch_dims not supported")
    axis = _axis(op.options.get("axis", 0), idx.ndim)
    indices = expect_constant(graph, op, op.inputs[1], "indices")
    values = indices.data.astype(np.int64)
    if values.size and (values.min() < 0 or values.max() >= idx.shape[axis]):
        raise Refused(f"an index outside dimension {axis} of size {idx.shape[axis]}")
    return np.take(idx, values, axis=axis)


def _mirror_pad(graph: Graph, op: Op, idx: np.ndarray) -> np.ndarray:
    """TFLite's MIRROR_PAD: REFLECT (mode 0) mirrors without the edge element, SYMMETRIC (1) with
    it, numpy's 'reflect' and 'symmetric'; each side at most the dimension (less one for REFLECT)."""
    pads = _const(graph, op, 1, "paddings").reshape(-1, 2) if idx.ndim else np.zeros((0, 2), np.int64)
    if len(pads) != idx.ndim:
        raise Refused(f"paddings for {len(pads)} dimensions of a rank-{idx.ndim} input")
    mode = int(op.options.get("mode", 0))
    if mode not in (0, 1):
        raise Refused(f"mode {mode} (0 REFLECT or 1 SYMMETRIC)")
    for k, (before, after) in enumerate(pads):
        limit = idx.shape[k] - (1 if mode == 0 else 0)
        if min(before, after) < 0 or max(before, after) > limit:
            raise Refused(f"padding {[int(before), int(after)]} of dimension {k} (size {idx.shape[k]}) past its mirror")
    return np.pad(idx, [(int(a), int(b)) for a, b in pads], mode="reflect" if mode == 0 else "symmetric")


def _gather_nd(graph: Graph, op: Op, idx: np.ndarray) -> np.ndarray:
    """GATHER_ND with constant indices: the last axis of the indices holds a coordinate into the
    first dimensions of the data; the rest of the data's dimensions come along whole."""
    indices = expect_constant(graph, op, op.inputs[1], "indices").data.astype(np.int64)
    if indices.ndim < 1 or not 1 <= indices.shape[-1] <= idx.ndim:
        raise Refused(f"indices of shape {list(indices.shape)} for a rank-{idx.ndim} input")
    depth = indices.shape[-1]
    bounds = np.array(idx.shape[:depth])
    if indices.size and ((indices < 0).any() or (indices >= bounds).any()):
        raise Refused("an index outside the data")
    return idx[tuple(indices[..., k] for k in range(depth))]


def _batch_space(graph: Graph, op: Op, idx: np.ndarray) -> np.ndarray:
    """BATCH_TO_SPACE_ND (crops) and SPACE_TO_BATCH_ND (paddings, all 0 here) over the M spatial
    dimensions after the batch, in TFLite's order: batch index (o_1 ... o_M, b) of the blocked
    side is b + B * (o_1 * s_2 ... + o_M), the block offsets outermost."""
    block = [int(v) for v in _const(graph, op, 1, "block_shape")]
    edges = _const(graph, op, 2, "crops" if op.kind is OpKind.BATCH_TO_SPACE_ND else "paddings").reshape(-1, 2)
    m = len(block)
    if not 1 <= m < idx.ndim or len(edges) != m or min(block) < 1:
        raise Refused(f"block_shape {block} for a rank-{idx.ndim} input")
    spatial, rest = list(idx.shape[1 : 1 + m]), list(idx.shape[1 + m :])
    if op.kind is OpKind.SPACE_TO_BATCH_ND:
        if edges.any():  # the padding's zero points are values no input element holds
            raise Refused("non-zero paddings not supported")
        if any(d % b for d, b in zip(spatial, block)):
            raise Refused(f"spatial dimensions {spatial} not multiples of block_shape {block}")
        split = [idx.shape[0]] + [v for d, b in zip(spatial, block) for v in (d // b, b)] + rest
        order = [2 + 2 * k for k in range(m)] + [0] + [1 + 2 * k for k in range(m)]
        order += list(range(1 + 2 * m, 1 + 2 * m + len(rest)))
        moved = idx.reshape(split).transpose(order)
        return moved.reshape([idx.shape[0] * int(np.prod(block))] + [d // b for d, b in zip(spatial, block)] + rest)
    batch = idx.shape[0] // int(np.prod(block))
    if batch * int(np.prod(block)) != idx.shape[0]:
        raise Refused(f"batch {idx.shape[0]} not a multiple of the block's {int(np.prod(block))} elements")
    moved = idx.reshape(block + [batch] + spatial + rest)
    order = [m] + [v for k in range(m) for v in (m + 1 + k, k)] + list(range(2 * m + 1, 2 * m + 1 + len(rest)))
    whole = moved.transpose(order).reshape([batch] + [d * b for d, b in zip(spatial, block)] + rest)
    cuts = [slice(None)]
    for k, (lo, hi) in enumerate(edges):
        if lo < 0 or hi < 0 or lo + hi > whole.shape[1 + k]:
            raise Refused(f"crops {[int(lo), int(hi)]} of dimension {1 + k}")
        cuts.append(slice(int(lo), whole.shape[1 + k] - int(hi)))
    return whole[tuple(cuts)]


def sources(graph: Graph, op: Op) -> list[np.ndarray]:
    """Per output, the input element number each of its elements copies (the op's meaning)."""
    data = graph.tensors[op.inputs[DATA_INPUT.get(op.kind, 0)]]
    idx = np.arange(data.num_elements, dtype=np.int64).reshape(data.shape)
    kind = op.kind
    if kind is OpKind.TRANSPOSE:
        perm = [int(p) for p in _const(graph, op, 1, "perm")]
        if sorted(perm) != list(range(idx.ndim)):
            raise Refused(f"perm {perm} is not a permutation of {idx.ndim} axes")
        return [np.transpose(idx, perm)]
    if kind is OpKind.SLICE:
        begin, size = _const(graph, op, 1, "begin"), _const(graph, op, 2, "size")
        if not len(begin) == len(size) == idx.ndim:
            raise Refused("begin and size must have one value per dimension")
        ends = [d if s == -1 else b + s for b, s, d in zip(begin, size, idx.shape)]
        if any(b < 0 or e > d or e < b for b, e, d in zip(begin, ends, idx.shape)):
            raise Refused(f"slice {list(begin)} + {list(size)} outside {list(idx.shape)}")
        return [idx[tuple(slice(int(b), int(e)) for b, e in zip(begin, ends))]]
    if kind is OpKind.STRIDED_SLICE:
        return [_strided_slice(graph, op, idx)]
    if kind in (OpKind.SPLIT, OpKind.SPLIT_V):
        return _split(graph, op, idx)
    if kind is OpKind.UNPACK:
        axis = _axis(op.options.get("axis", 0), idx.ndim)
        return [np.take(idx, k, axis=axis) for k in range(idx.shape[axis])]
    if kind is OpKind.BROADCAST_TO:
        shape = tuple(int(v) for v in _const(graph, op, 1, "shape"))
        try:
            return [np.broadcast_to(idx, shape)]
        except ValueError:
            raise Refused(f"{list(idx.shape)} does not broadcast to {list(shape)}") from None
    if kind in (OpKind.DEPTH_TO_SPACE, OpKind.SPACE_TO_DEPTH):
        if idx.ndim != 4:
            raise Refused("input must be 4-D (NHWC)")
        move = _depth_to_space if kind is OpKind.DEPTH_TO_SPACE else _space_to_depth
        return [move(idx, op.options["block_size"])]
    if kind is OpKind.GATHER:
        return [_gather(graph, op, idx)]
    if kind is OpKind.TILE:
        multiples = [int(v) for v in _const(graph, op, 1, "multiples")]
        if len(multiples) != idx.ndim or min(multiples, default=1) < 1:
            raise Refused(f"multiples {multiples}: one positive count per dimension of {list(idx.shape)}")
        tiled = [d * k for d, k in zip(idx.shape, multiples)]
        out = list(graph.tensors[op.outputs[0]].shape)
        if tiled != out:  # checked before the copy map is made: the multiples come from the model
            raise Refused(f"multiples {multiples} make {tiled}, the output is {out}")
        return [np.tile(idx, multiples)]
    if kind is OpKind.REVERSE_V2:
        axes = _const(graph, op, 1, "axis")
        if len(axes) != 1:  # TFLite Micro's REVERSE_V2 fails at invoke on any other count
            raise Refused(f"{len(axes)} axes (TFLite Micro reverses one)")
        return [np.flip(idx, axis=_axis(int(axes[0]), idx.ndim))]
    if kind is OpKind.MIRROR_PAD:
        return [_mirror_pad(graph, op, idx)]
    if kind is OpKind.GATHER_ND:
        return [_gather_nd(graph, op, idx)]
    if kind in (OpKind.BATCH_TO_SPACE_ND, OpKind.SPACE_TO_BATCH_ND):
        return [_batch_space(graph, op, idx)]
    return [_resize(graph, op, idx)]


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    """Constant data: each output's elements picked from it at build time (passes.simplify)."""
    data = graph.tensors[op.inputs[DATA_INPUT.get(op.kind, 0)]].data.reshape(-1)
    return [data[src] for src in sources(graph, op)]


def _dynamic_gather(graph: Graph, op: Op) -> bool:
    return op.kind is OpKind.GATHER and not graph.tensors[op.inputs[1]].is_constant


def _gather_layout(graph: Graph, op: Op) -> tuple[int, int, int, int]:
    """(outer, axis size, bytes per row after the axis, indices) of a GATHER."""
    data, indices = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]]
    axis = _axis(op.options.get("axis", 0), len(data.shape))
    inner = math.prod(data.shape[axis + 1 :]) * data.dtype.size
    return math.prod(data.shape[:axis]), data.shape[axis], inner, indices.num_elements


def _check_dynamic_gather(graph: Graph, op: Op) -> None:
    data, indices, out = (graph.tensors[t] for t in (*op.inputs[:2], op.outputs[0]))
    if op.options.get("batch_dims", 0):
        raise fail(graph, op, "batch_dims not supported")
    if indices.dtype is not DType.INT32:
        raise fail(graph, op, f"{indices.dtype.name.lower()} indices computed on the device not supported (int32)")
    if data.dtype not in DTYPES or out.dtype != data.dtype or not data.shape:
        raise fail(graph, op, f"{data.dtype.name.lower()} data not supported")
    if not -len(data.shape) <= op.options.get("axis", 0) < len(data.shape):
        raise fail(graph, op, f"axis {op.options.get('axis', 0)} outside a rank-{len(data.shape)} input")
    axis = _axis(op.options.get("axis", 0), len(data.shape))
    want = (*data.shape[:axis], *indices.shape, *data.shape[axis + 1 :])
    if tuple(out.shape) != want:
        raise fail(graph, op, f"output {list(out.shape)} is not {list(want)}")


def check(graph: Graph, op: Op) -> None:
    if _dynamic_gather(graph, op):
        return _check_dynamic_gather(graph, op)
    data = graph.tensors[op.inputs[DATA_INPUT.get(op.kind, 0)]]
    if data.dtype not in DTYPES:
        raise fail(graph, op, f"{data.dtype.name.lower()} input not supported")
    if data.is_constant:
        raise fail(graph, op, "a constant input not supported")
    if len(data.shape) > MAX_DIMS:
        raise fail(graph, op, f"rank {len(data.shape)} not supported (at most {MAX_DIMS})")
    try:
        maps = sources(graph, op)
    except Refused as exc:
        raise fail(graph, op, str(exc)) from None
    if len(maps) != len(op.outputs):
        raise fail(graph, op, f"{len(op.outputs)} outputs, the op makes {len(maps)}")
    for position, (o, m) in enumerate(zip(op.outputs, maps)):
        out = graph.tensors[o]
        if out.dtype != data.dtype:
            raise fail(graph, op, f"output {position} is {out.dtype.name.lower()}, the input {data.dtype.name.lower()}")
        if tuple(out.shape) != tuple(m.shape):
            raise fail(graph, op, f"output {position} is {list(out.shape)}, the op makes {list(m.shape)}")


def views(graph: Graph, op: Op) -> list[View]:
    """An output that copies one contiguous run of the input (a SPLIT part along an axis with
    only 1s before it, a SLICE of whole rows, an UNPACK of the outermost axis) is that run of
    the input's bytes: it can be read in place."""
    if _dynamic_gather(graph, op):
        return []
    data = graph.tensors[op.inputs[DATA_INPUT.get(op.kind, 0)]]
    try:
        maps = sources(graph, op)
    except Refused:
        return []
    found = []
    for o, src in zip(op.outputs, maps):
        flat = src.reshape(-1)
        if flat.size and np.array_equal(flat, flat[0] + np.arange(flat.size, dtype=np.int64)):
            found.append(View(o, data.index, int(flat[0]) * data.dtype.size))
    return found


def _runs(seq: np.ndarray) -> tuple[int, int]:
    """(length, stride) of the innermost level: the longest L dividing len(seq) such that seq is
    blocks of L arithmetic runs sharing one stride ((1, 0) when no L > 1 does)."""
    n = len(seq)
    if n == 1:
        return 1, 0
    stride = int(seq[1] - seq[0])
    steps = np.diff(seq) == stride
    longest = int(np.argmin(steps)) + 1 if not steps.all() else n
    offsets = np.arange(n, dtype=np.int64)
    for length in range(longest, 0, -1):
        if n % length:
            continue
        blocks = seq.reshape(-1, length)
        if np.array_equal(blocks - blocks[:, :1], np.broadcast_to(offsets[:length] * stride, blocks.shape)):
            return length, stride
    return 1, 0


def strided_form(src: np.ndarray) -> tuple[list[int], list[int], int] | None:
    """(dims, strides, offset) in elements with src (in row-major order) == offset +
    sum(i_d * strides[d]) over dims, found level by level from the innermost: each level the
    longest runs of one stride, the runs' starts the next level. Output dimensions may split
    (x2 nearest upsampling repeats each column twice: a level of stride 0). None if no form of at
    most MAX_DIMS levels exists."""
    seq = src.reshape(-1).astype(np.int64)
    dims: list[int] = []
    strides: list[int] = []
    while len(seq) > 1:
        length, stride = _runs(seq)
        if length == 1:  # not runs of one stride at any blocking: a table, not strides
            return None
        dims.insert(0, length)
        strides.insert(0, stride)
        seq = seq.reshape(-1, length)[:, 0]
        if len(dims) > MAX_DIMS:
            return None
    base = int(seq[0])
    pad = MAX_DIMS - len(dims)
    return [1] * pad + dims, [0] * pad + strides, base


def row_form(src: np.ndarray) -> tuple[int, np.ndarray]:
    """(row elements, input row per output row): the longest innermost run that copies whole rows."""
    flat = src.reshape(-1)
    inner = 1
    for d in reversed(src.shape):
        candidate = inner * d
        rows = flat.reshape(-1, candidate)
        if (rows[:, 0] % candidate).any() or not (rows == rows[:, :1] + np.arange(candidate)).all():
            break
        inner = candidate
    return inner, flat.reshape(-1, inner)[:, 0] // inner


def lower(ctx: LowerContext, op: Op) -> list[Layer]:
    if _dynamic_gather(ctx.graph, op):
        outer, axis_size, inner, count = _gather_layout(ctx.graph, op)
        params = [("outer", outer), ("axis_size", axis_size), ("row_bytes", inner), ("count", count)]
        args = [replace(ctx.input(op), c_type="void"), ctx.input(op, 1), replace(ctx.output(op), c_type="void")]
        return [ctx.layer(op, ctx.pick(GATHER_DYNAMIC), GATHER_DYNAMIC, params, args)]
    data = ctx.tensor(op.inputs[DATA_INPUT.get(op.kind, 0)])
    size = data.dtype.size
    layers = []
    for position, src in enumerate(sources(ctx.graph, op)):
        if ctx.is_view(op, op.outputs[position]):  # a slice of the input, read in place
            continue
        data_arg, out_arg = ctx.arena(data.index, "input"), ctx.output(op, position)
        form = strided_form(src) if src.size else None
        if form is not None:
            dims, strides, offset = form
            params = [("dims", dims), ("strides", [s * size for s in strides]), ("offset", offset * size),
                      ("elem_size", size)]  # fmt: skip
            picked = ctx.pick(COPY, {"element_size": size})
            layers.append(ctx.layer(op, picked, COPY, params, [data_arg, out_arg]))
            continue
        inner, table = row_form(src)
        table_arg = ctx.derived(op, f"rows{position}", "int32_t", table.astype(np.int32))
        params = [("rows", len(table)), ("row_bytes", inner * size)]
        layers.append(ctx.layer(op, ctx.pick(GATHER_ROWS), GATHER_ROWS, params, [data_arg, table_arg, out_arg]))
    return layers


def lower_known_output(ctx: LowerContext, op: Op, values: np.ndarray) -> Layer:
    """A graph output whose values are known at build time (a SHAPE, ZEROS_LIKE or FILL the model
    returns): one copy of them from flash into the output, each inference, as TFLite Micro writes
    them."""
    out = ctx.tensor(op.outputs[0])
    raw = np.ascontiguousarray(values, dtype=out.dtype.np_type).view(np.uint8).reshape(-1)
    source = ctx.derived(op, "values", "uint8_t", raw)
    dims, strides, offset = strided_form(np.arange(raw.size))  # one contiguous run
    params = [("dims", dims), ("strides", strides), ("offset", offset), ("elem_size", 1)]
    return ctx.layer(op, ctx.pick(COPY, {"element_size": 1}), COPY, params, [source, ctx.output(op)])


def _upsample(graph: Graph, op: Op) -> Rows | None:
    """A nearest-neighbour resize of an NHWC tensor by a whole factor along the rows (output row y
    copies input row y // factor: U-Net's decoder): the "upsample" form."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if inp.is_constant or len(inp.shape) != 4 or inp.shape[0] != 1 or inp.shape[1] < 1 or out.shape[1] % inp.shape[1]:
        return None
    factor = out.shape[1] // inp.shape[1]
    a, h = op.options.get("align_corners", False), op.options.get("half_pixel_centers", False)
    ys = _nearest(out.shape[1], inp.shape[1], a, h)
    if factor < 1 or not np.array_equal(ys, np.arange(out.shape[1]) // factor):
        return None
    return Rows("upsample", band=(factor, inp.nbytes // inp.shape[1], 0, 0))


def rows(graph: Graph, op: Op) -> Rows | None:
    """A TRANSPOSE whose output rows are one strided copy each streams by output rows, reading its
    input whole (row_band): the tiled stage's NCHW -> NHWC at a PyTorch model's input. A
    nearest-neighbour resize by a whole factor streams too (_upsample)."""
    if op.kind is OpKind.RESIZE_NEAREST_NEIGHBOR:
        return _upsample(graph, op)
    if op.kind is not OpKind.TRANSPOSE:
        return None
    try:
        band = row_band(graph, op)
    except Refused:
        return None
    return Rows("transpose", band=band) if band is not None else None


CONTRACT = OpContract(
    kinds={
        OpKind.TRANSPOSE: Kind(5, (2, 2)),
        OpKind.SLICE: Kind(5, (3, 3)),
        OpKind.STRIDED_SLICE: Kind(6, (4, 4)),
        OpKind.SPLIT: Kind(4, (2, 2), outputs=(1, 1 << 16)),
        OpKind.SPLIT_V: Kind(2, (3, 3), outputs=(1, 1 << 16)),
        OpKind.UNPACK: Kind(4, (1, 1), outputs=(1, 1 << 16)),  # 4: int16
        OpKind.BROADCAST_TO: Kind(3, (2, 2)),
        OpKind.DEPTH_TO_SPACE: Kind(2, (1, 1), options=("block_size",)),
        OpKind.SPACE_TO_DEPTH: Kind(2, (1, 1), options=("block_size",)),
        OpKind.GATHER: Kind(5, (2, 2)),
        OpKind.RESIZE_NEAREST_NEIGHBOR: Kind(4, (2, 2)),
        OpKind.REVERSE_V2: Kind(4, (2, 2)),
        OpKind.TILE: Kind(3, (2, 2)),
        OpKind.MIRROR_PAD: Kind(3, (2, 2), options=("mode",)),  # 3: int16
        OpKind.GATHER_ND: Kind(4, (2, 2)),
        OpKind.BATCH_TO_SPACE_ND: Kind(4, (3, 3)),  # 4: int16
        OpKind.SPACE_TO_BATCH_ND: Kind(4, (3, 3)),
    },
    forms={None: Form(check, lower, (COPY, GATHER_ROWS, GATHER_DYNAMIC), views=views, rows=rows)},
    fold=fold,
)


def row_band(graph: Graph, op: Op) -> tuple[int, int, int, int] | None:
    """A copy whose output is NHWC with one batch, by output rows (a tiled stage's TRANSPOSE): (k,
    count, bytes, first) such that output rows [a, b) are the whole copy's strided form with
    dims[k] = (b - a) * count, read from `a * bytes` further into the input, the lowest byte they
    read being first + a * bytes (first -1: some stride is negative); None where the form of one
    row is not the whole one's with that one dimension shorter."""
    maps = sources(graph, op)
    if len(maps) != 1 or maps[0].ndim != 4 or maps[0].shape[0] != 1:
        return None
    src = maps[0]
    whole, one = strided_form(src), strided_form(src[:, :1])
    if whole is None or one is None or whole[1] != one[1] or whole[2] != one[2]:
        return None
    differ = [k for k in range(MAX_DIMS) if whole[0][k] != one[0][k]]
    if src.shape[1] == 1 or len(differ) != 1 or whole[0][differ[0]] != src.shape[1] * one[0][differ[0]]:
        return None
    k = differ[0]
    size = graph.tensors[op.inputs[0]].dtype.size
    first = whole[2] * size if min(whole[1]) >= 0 else -1
    return k, one[0][k], one[0][k] * whole[1][k] * size, first
