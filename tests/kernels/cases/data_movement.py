"""Cases of the data movement ops: RESHAPE and the views, TRANSPOSE, SLICE, SPLIT, CONCATENATION, PACK,
PAD, GATHER, BATCH_TO_SPACE_ND and kin, FILL, and the probe's forms of every dtype (litert_form)."""

from __future__ import annotations

import numpy as np

from codegen.modelgen import ModelBuilder
from codegen.ops.tflm_set import TFLM
from tests.kernels.cases.common import FAST, VECTOR, Case


def movement_const(kind, shape, const, dtype=np.int8, out_shape=None, **options) -> bytes:
    """A data-movement op whose second input is a constant (REVERSE_V2's axes, MIRROR_PAD's
    paddings, GATHER_ND's indices), on int8 (one shared quantisation) or another dtype."""
    m = ModelBuilder()
    quant = {"scale": 0.05, "zero_point": 3 if dtype == np.int8 else 0} if dtype in (np.int8, np.int16) else {}
    x = m.tensor("x", shape, dtype, **quant)
    c = m.tensor("c", np.asarray(const).shape, np.int32, data=np.asarray(const, np.int32))
    y = m.tensor("y", out_shape or shape, dtype, **quant)
    m.op(kind, [x, c], [y], **options)
    return m.finish([x], [y])


def batch_space(kind, in_shape, block, edges, out_shape, dtype=np.int8) -> bytes:
    """BATCH_TO_SPACE_ND (crops) or SPACE_TO_BATCH_ND (zero paddings) as data movement (issue 46)."""
    m = ModelBuilder()
    quant = {"scale": 0.05, "zero_point": 3} if dtype == np.int8 else {}
    x = m.tensor("x", in_shape, dtype, **quant)
    b = m.tensor("block", (len(block),), np.int32, data=np.array(block, np.int32))
    e = m.tensor("edges", (len(block), 2), np.int32, data=np.array(edges, np.int32))
    y = m.tensor("y", out_shape, dtype, **quant)
    # the converter's versions: 4 for int16, 3 for other than 4-D, 2 for int8
    m.op(kind, [x, b, e], [y], 4 if dtype == np.int16 else 3 if len(in_shape) != 4 else 2 if dtype == np.int8 else 1)
    return m.finish([x], [y])


def fill_computed(dtype) -> bytes:
    """FILL of a value the device computes (a one-element input through a NEG or LOGICAL_NOT, then
    a SQUEEZE to a scalar: rvfw takes no rank-0 graph input) into a constant shape: int16 or bool,
    which LiteRT runs and TFLite Micro does not."""
    m = ModelBuilder()
    quant = {"scale": 0.01, "zero_point": 0} if dtype == np.int16 else {}
    x = m.tensor("x", (1,), dtype, **quant)
    t = m.tensor("t", (1,), dtype, **quant)
    m.op("NEG" if dtype == np.int16 else "LOGICAL_NOT", [x], [t])
    v = m.tensor("v", (), dtype, **quant)
    m.op("SQUEEZE", [t], [v], squeeze_dims=[0])
    dims = m.tensor("dims", (2,), np.int32, data=np.array([3, 5], np.int32))
    y = m.tensor("y", (3, 5), dtype, **quant)
    m.op("FILL", [dims, v], [y])
    return m.finish([x], [y])


def zeros_and_fill() -> bytes:
    """ZEROS_LIKE of an activation and a FILL of constants, folded at build time (issue 46)."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 3), np.float32)
    zeros = m.tensor("zeros", (2, 3), np.float32)
    m.op("ZEROS_LIKE", [x], [zeros])
    y = m.tensor("y", (2, 3), np.float32)
    m.op("ADD", [x, zeros], [y])
    dims = m.tensor("dims", (2,), np.int32, data=np.array([2, 3], np.int32))
    value = m.tensor("value", (), np.float32, data=np.array(1.5, np.float32))
    filled = m.tensor("filled", (2, 3), np.float32)
    m.op("FILL", [dims, value], [filled])
    z = m.tensor("z", (2, 3), np.float32)
    m.op("MUL", [y, filled], [z])
    return m.finish([x], [z])


def pad(in_shape, amounts) -> bytes:
    m = ModelBuilder()
    out_shape = tuple(d + a + b for d, (a, b) in zip(in_shape, amounts))
    x = m.tensor("x", in_shape, scale=0.04, zero_point=-17)
    p = m.tensor("paddings", (len(in_shape), 2), np.int32, data=np.array(amounts, dtype=np.int32))
    y = m.tensor("y", out_shape, scale=0.04, zero_point=-17)
    m.op("PAD", [x, p], [y])
    return m.finish([x], [y])


def pad_s32(in_shape, amounts, value=None) -> bytes:
    """int32 PAD (0) or PADV2 (its constant value): TFLite Micro's int32 padding reads no zero point."""
    m = ModelBuilder()
    out_shape = tuple(d + a + b for d, (a, b) in zip(in_shape, amounts))
    x = m.tensor("x", in_shape, np.int32)
    p = m.tensor("paddings", (len(in_shape), 2), np.int32, data=np.array(amounts, dtype=np.int32))
    y = m.tensor("y", out_shape, np.int32)
    if value is None:
        m.op("PAD", [x, p], [y])
    else:
        v = m.tensor("value", (1,), np.int32, data=np.array([value], np.int32))
        m.op("PADV2", [x, p, v], [y])
    return m.finish([x], [y])


def concat(shapes, axis) -> bytes:
    """Several graph inputs joined along `axis` (negative counts from the end)."""
    m = ModelBuilder()
    xs = [m.tensor(f"x{k}", shape, scale=0.07, zero_point=9) for k, shape in enumerate(shapes)]
    a = axis % len(shapes[0])
    out_shape = list(shapes[0])
    out_shape[a] = sum(shape[a] for shape in shapes)
    y = m.tensor("y", tuple(out_shape), scale=0.07, zero_point=9)
    m.op("CONCATENATION", xs, [y], axis=axis)
    return m.finish(xs, [y])


def movement(kind, in_shape, out_shapes, params=(), dtype=np.int8, **options) -> bytes:
    """One data-movement op; params: its constant int32 operands after the data (before it for SPLIT)."""
    m = ModelBuilder()
    plain = dtype in (np.float32, np.int32, np.bool_)  # not quantised
    quant = {} if plain else {"scale": 0.05, "zero_point": -4 if dtype is np.int8 else 0}
    x = m.tensor("x", in_shape, dtype, **quant)
    consts = [m.tensor(f"p{k}", np.shape(p), np.int32, data=np.array(p, dtype=np.int32)) for k, p in enumerate(params)]
    ys = [m.tensor(f"y{k}", shape, dtype, **quant) for k, shape in enumerate(out_shapes)]
    inputs = [consts[0], x, *consts[1:]] if kind == "SPLIT" else [x, *consts]
    m.op(kind, inputs, ys, **options)
    return m.finish([x], ys)


def views(rng) -> bytes:
    """EXPAND_DIMS and SQUEEZE around an activation: views, no copies."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 7), scale=0.05, zero_point=1)
    axis = m.tensor("axis", (1,), np.int32, data=np.array([1], dtype=np.int32))
    e = m.tensor("e", (3, 1, 7), scale=0.05, zero_point=1)
    m.op("EXPAND_DIMS", [x, axis], [e])
    r = m.tensor("r", (3, 1, 7), scale=0.04, zero_point=-128)
    m.op("RELU", [e], [r])
    y = m.tensor("y", (3, 7), scale=0.04, zero_point=-128)
    m.op("SQUEEZE", [r], [y])
    return m.finish([x], [y])


def concat_like(kind, shapes, out_shape, **options) -> bytes:
    m = ModelBuilder()
    xs = [m.tensor(f"x{k}", shape, scale=0.07, zero_point=9) for k, shape in enumerate(shapes)]
    y = m.tensor("y", out_shape, scale=0.07, zero_point=9)
    m.op(kind, xs, [y], **options)
    return m.finish(xs, [y])


def simplifiable(rng) -> bytes:
    """What passes.simplify removes: a TRANSPOSE and its inverse, a QUANTIZE to the same
    parameters, a same-shape RESHAPE, and a constant TRANSPOSEd and MULtiplied by a constant
    (folded into one weight table) before it is ADDed to the activations."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 6, 3), scale=0.05, zero_point=-2)
    p1 = m.tensor("p1", (4,), np.int32, data=np.array([0, 3, 1, 2], np.int32))
    p2 = m.tensor("p2", (4,), np.int32, data=np.array([0, 2, 3, 1], np.int32))
    t1 = m.tensor("nchw", (1, 3, 4, 6), scale=0.05, zero_point=-2)
    t2 = m.tensor("nhwc", (1, 4, 6, 3), scale=0.05, zero_point=-2)
    m.op("TRANSPOSE", [x, p1], [t1])
    m.op("TRANSPOSE", [t1, p2], [t2])
    q = m.tensor("same", (1, 4, 6, 3), scale=0.05, zero_point=-2)
    m.op("QUANTIZE", [t2], [q])
    k = m.tensor("k_chw", (3, 1, 6), scale=0.02, zero_point=1, data=rng.integers(-128, 128, (3, 1, 6)))
    kp = m.tensor("kp", (3,), np.int32, data=np.array([1, 2, 0], np.int32))
    kt = m.tensor("k_hwc", (1, 6, 3), scale=0.02, zero_point=1)
    m.op("TRANSPOSE", [k, kp], [kt])
    two = m.tensor("two", (1,), scale=0.01, zero_point=0, data=np.array([100]))
    kk = m.tensor("k_scaled", (1, 6, 3), scale=0.03, zero_point=-5)
    m.op("MUL", [kt, two], [kk])
    s = m.tensor("sum", (1, 4, 6, 3), scale=0.07, zero_point=3)
    m.op("ADD", [q, kk], [s])
    y = m.tensor("y", (1, 4, 6, 3), scale=0.07, zero_point=3)
    m.op("RESHAPE", [s], [y])
    return m.finish([x], [y])


def zero_copy_join_and_split() -> bytes:
    """x -> SPLIT (outermost axis) -> RELU / RELU6 / LEAKY_RELU on the parts -> CONCATENATION of the
    results (outermost axis): the planner keeps the split's outputs inside x and the activations'
    outputs inside y, so neither the split nor the join copies a byte."""
    m = ModelBuilder()
    x = m.tensor("x", (3, 4, 5), scale=0.05, zero_point=2)
    axis = m.tensor("axis", (1,), np.int32, data=np.array([0], np.int32))
    parts = [m.tensor(f"part{k}", (1, 4, 5), scale=0.05, zero_point=2) for k in range(3)]
    m.op("SPLIT", [axis, x], parts, num_splits=3)
    outs = []
    for k, kind in enumerate(("RELU", "RELU6", "LEAKY_RELU")):
        outs.append(m.tensor(f"act{k}", (1, 4, 5), scale=0.05, zero_point=2))
        m.op(kind, [parts[k]], [outs[k]], **({"alpha": 0.25} if kind == "LEAKY_RELU" else {}))
    y = m.tensor("y", (3, 4, 5), scale=0.05, zero_point=2)
    m.op("CONCATENATION", outs, [y], axis=0)
    return m.finish([x], [y])


def every_dtype_moves(dtype) -> bytes:
    """TFLite Micro's data-movement ops in one dtype (codegen/ops/tflm_set.py: each one TFLite Micro
    runs in it): RESHAPE, EXPAND_DIMS, SQUEEZE, TRANSPOSE, REVERSE_V2, SPLIT, SPLIT_V, CONCATENATION,
    PACK, UNPACK, SLICE, STRIDED_SLICE (negative stride), BROADCAST_TO, SELECT_V2, GATHER and SHAPE,
    one chain, some of its parts views of others; a SHAPE, a ZEROS_LIKE and a FILL as graph outputs."""
    kind = np.dtype(dtype).name
    q = {"scale": 0.05, "zero_point": -4 if dtype is np.int8 else 0} if dtype in (np.int8, np.int16) else {}
    tflm = {op: kind in dtypes for op, (_src, dtypes) in TFLM.items()}
    m = ModelBuilder()

    def const(name, values):
        return m.tensor(name, np.shape(values), np.int32, data=np.array(values, np.int32))

    def op(name, inputs, shape, **options):
        y = m.tensor(f"t{len(m.tensors)}", shape, dtype, **q)
        m.op(name, inputs, [y], **options)
        return y

    x = m.tensor("x", (2, 4, 6), dtype, **q)
    t = op("RESHAPE", [x, const("s1", [4, 2, 6])], (4, 2, 6))
    if tflm["EXPAND_DIMS"]:
        t = op("EXPAND_DIMS", [t, const("ax", [0])], (1, 4, 2, 6))
    else:
        t = op("RESHAPE", [t, const("s1b", [1, 4, 2, 6])], (1, 4, 2, 6))
    t = op("SQUEEZE", [t], (4, 2, 6))
    if tflm["TRANSPOSE"]:
        t = op("TRANSPOSE", [t, const("perm", [1, 0, 2])], (2, 4, 6))
    else:
        t = op("RESHAPE", [t, const("s2", [2, 4, 6])], (2, 4, 6))
    flipped = op("REVERSE_V2", [t, const("rev", [2])], (2, 4, 6))
    if tflm["SPLIT"]:
        halves = [m.tensor(f"half{k}", (2, 4, 3), dtype, **q) for k in range(2)]
        m.op("SPLIT", [const("split_axis", 2), flipped], halves, num_splits=2)
        parts = [m.tensor(f"part{k}", (2, 4, n), dtype, **q) for k, n in enumerate((1, 2))]
        m.op("SPLIT_V", [halves[0], const("sizes", [1, 2]), const("v_axis", 2)], parts, num_splits=2)
        joined = op("CONCATENATION", [parts[1], halves[1], parts[0]], (2, 4, 6), axis=2)
        packed = op("PACK", [joined, t], (2, 2, 4, 6), axis=1, values_count=2)
        unpacked = [m.tensor(f"un{k}", (2, 4, 6), dtype, **q) for k in range(2)]
        m.op("UNPACK", [packed], unpacked, num=2, axis=1)
        t = unpacked[0]
    else:
        t = op("CONCATENATION", [flipped, t], (2, 8, 6), axis=1)
    t = op("SLICE", [t, const("begin", [0, 1, 0]), const("size", [2, 3, 6])], (2, 3, 6))
    t = op("STRIDED_SLICE", [t, const("b", [0, 0, 5]), const("e", [2, 3, 0]), const("st", [1, 1, -2])], (2, 3, 3))
    t = op("BROADCAST_TO", [t, const("to", [2, 2, 3, 3])], (2, 2, 3, 3))
    inputs = [x]
    if tflm["SELECT_V2"]:
        cond = m.tensor("cond", (2, 2, 3, 3), np.bool_)
        t = op("SELECT_V2", [cond, t, op("REVERSE_V2", [t, const("rev2", [3])], (2, 2, 3, 3))], (2, 2, 3, 3))
        inputs.append(cond)
    if tflm["GATHER"]:
        t = op("GATHER", [t, const("idx", [2, 0, 2, 1])], (2, 2, 4, 3), axis=2)
    shape = m.tensor("shape", (3,), np.int32)
    m.op("SHAPE", [x], [shape])
    outputs = [t, shape]
    if tflm["ZEROS_LIKE"]:
        outputs.append(op("ZEROS_LIKE", [x], (2, 4, 6)))
    if tflm["CAST"]:
        cast = m.tensor("cast", (2, 4, 6), np.int32 if dtype is np.float32 else np.float32)
        m.op("CAST", [x], [cast])
        outputs.append(cast)
    if tflm["FILL"]:
        value = m.tensor("value", (), dtype, data=np.array(3, dtype), **q)
        outputs.append(op("FILL", [const("dims", [3, 2]), value], (3, 2)))
    return m.finish(inputs, outputs)


def update_slice(dtype, operand_shape, update_shape, starts=None, index_dtype=np.int32) -> bytes:
    """DYNAMIC_UPDATE_SLICE of one dtype: start indices a constant, or an input (clamped as TFLite
    Micro clamps them)."""
    m = ModelBuilder()
    q = {"scale": 0.05, "zero_point": 2} if dtype in (np.int8, np.int16) else {}
    x = m.tensor("x", operand_shape, dtype, **q)
    u = m.tensor("u", update_shape, dtype, **q)
    rank = len(operand_shape)
    s = m.tensor("starts", (rank,), index_dtype, data=None if starts is None else np.array(starts, index_dtype))
    y = m.tensor("y", operand_shape, dtype, **q)
    m.op("DYNAMIC_UPDATE_SLICE", [x, u, s], [y])
    return m.finish([x, u] + ([s] if starts is None else []), [y])


def embedding(dtype, hybrid=False) -> bytes:
    """EMBEDDING_LOOKUP of a constant table by ids an ARG_MAX computes on the device (in range)."""
    m = ModelBuilder()
    x = m.tensor("x", (5, 8), scale=0.05, zero_point=1)
    ids = m.tensor("ids", (5,), np.int32)
    m.op("ARG_MAX", [x, m.tensor("axis", (1,), np.int32, data=np.array([1], np.int32))], [ids])
    rng = np.random.default_rng(3)
    if dtype is np.float32:
        table = m.tensor("table", (8, 3, 2), np.float32, data=rng.normal(0, 1, (8, 3, 2)))
    else:
        table = m.tensor("table", (8, 3, 2), scale=0.0371, zero_point=0 if hybrid else 6,
                         data=rng.integers(-128, 128, (8, 3, 2)))  # fmt: skip
    out_dtype, q = (np.float32, {}) if dtype is np.float32 or hybrid else (np.int8, {"scale": 0.0371, "zero_point": 6})
    y = m.tensor("y", (5, 3, 2), out_dtype, **q)
    m.op("EMBEDDING_LOOKUP", [ids, table], [y])
    return m.finish([x], [y])


def broadcast_args() -> bytes:
    """BROADCAST_ARGS of two constant shapes: a graph output and a RESHAPE's shape (the RESHAPE
    reads a constant copy: passes.simplify.fold_constants)."""
    m = ModelBuilder()
    x = m.tensor("x", (4, 6), np.float32)
    a = m.tensor("a", (2,), np.int32, data=np.array([3, 1], np.int32))
    b = m.tensor("b", (3,), np.int32, data=np.array([2, 1, 4], np.int32))
    shape = m.tensor("shape", (3,), np.int32)
    m.op("BROADCAST_ARGS", [a, b], [shape])
    y = m.tensor("y", (2, 3, 4), np.float32)
    m.op("RESHAPE", [x, shape], [y])
    return m.finish([x], [y, shape])


def litert_form(op: str, dtype: str) -> bytes:
    """The single-op model tests/fuzz/litert_probe.py writes for (op, dtype): the form LiteRT's
    reference kernels were measured on (codegen/ops/litert_set.py)."""
    from tests.fuzz.litert_probe import DTYPES, FORMS

    m, ins, outs = FORMS[op](DTYPES[dtype])
    return m.finish(ins, outs)


# Byte-moving ops in uint8, int32 and int64 (any dtype moves as bytes: ops.movement, ops.concatenation,
# ops.reshape) and the forms that hold them, checked against LiteRT's reference where TFLite Micro
# lacks them.
MOVED_FORMS = {
    "uint8": ("BATCH_TO_SPACE_ND", "BROADCAST_TO", "CONCATENATION", "DEPTH_TO_SPACE", "EXPAND_DIMS", "FILL", "GATHER",
              "GATHER_ND",
              "MIRROR_PAD", "PACK", "PAD", "RESHAPE", "RESIZE_NEAREST_NEIGHBOR", "REVERSE_V2", "SELECT_V2", "SHAPE",
              "SLICE", "SPACE_TO_BATCH_ND", "SPACE_TO_DEPTH", "SPLIT", "STRIDED_SLICE", "TILE", "TRANSPOSE", "UNPACK"),
    "int64": ("BATCH_TO_SPACE_ND", "BROADCAST_TO", "CONCATENATION", "DEPTH_TO_SPACE", "EXPAND_DIMS", "FILL", "GATHER",
              "GATHER_ND",
              "MIRROR_PAD", "PACK", "PAD", "RESHAPE", "REVERSE_V2", "SELECT_V2", "SHAPE", "SLICE", "SPACE_TO_BATCH_ND",
              "SPACE_TO_DEPTH", "SPLIT", "STRIDED_SLICE", "TILE", "TRANSPOSE", "ZEROS_LIKE"),
    # LiteRT's reference resolver lacks DEPTH_TO_SPACE: checked against its optimised kernel
    "int32": ("DEPTH_TO_SPACE",),
}  # fmt: skip


def scalar_forms() -> bytes:
    """What converters write for scalars (issue 56): a rank-0 graph input (`tf.TensorSpec([])`)
    times a vector, and a RESHAPE to a scalar, whose shape is an empty constant (its buffer holds
    no bytes at all)."""
    m = ModelBuilder()
    s = m.tensor("s", (), np.float32)
    x = m.tensor("x", (1,), np.float32)
    empty = m.tensor("empty_shape", (0,), np.int32, data=np.zeros((0,), np.int32))
    r = m.tensor("r", (), np.float32)
    y = m.tensor("y", (), np.float32)
    m.op("RESHAPE", [x, empty], [r])
    m.op("MUL", [s, r], [y])
    return m.finish([s, x], [y])


def padv2(in_shape, amounts, value, dtype=np.int8) -> bytes:
    m = ModelBuilder()
    out_shape = tuple(d + a + b for d, (a, b) in zip(in_shape, amounts))
    quant = {} if dtype is np.float32 else {"scale": 0.04, "zero_point": -17 if dtype is np.int8 else 0}
    x = m.tensor("x", in_shape, dtype, **quant)
    p = m.tensor("paddings", (len(in_shape), 2), np.int32, data=np.array(amounts, dtype=np.int32))
    v = m.tensor("value", (1,), dtype, data=np.array([value]), **quant)
    y = m.tensor("y", out_shape, dtype, **quant)
    m.op("PADV2", [x, p, v], [y])
    return m.finish([x], [y])


CASES: dict[str, Case] = {
    "transpose_nchw_to_nhwc": Case(
        lambda r: movement("TRANSPOSE", (1, 3, 7, 5), [(1, 7, 5, 3)], [[0, 2, 3, 1]]), vector=FAST
    ),
    "transpose_5d": Case(
        lambda r: movement("TRANSPOSE", (2, 3, 1, 4, 5), [(5, 1, 2, 4, 3)], [[4, 2, 0, 3, 1]]), vector=VECTOR
    ),
    "slice_middle": Case(lambda r: movement("SLICE", (2, 9, 7, 5), [(1, 4, 7, 2)], [[1, 3, 0, 2], [1, 4, -1, 2]])),
    "strided_slice_negative_stride_masks": Case(
        lambda r: movement(
            "STRIDED_SLICE", (3, 10, 6), [(3, 4, 2)], [[0, -1, 1], [0, 1, 5], [1, -2, 2]], begin_mask=1, end_mask=1
        )
    ),
    "strided_slice_shrink": Case(
        lambda r: movement("STRIDED_SLICE", (4, 6, 5), [(3, 5)], [[1, 2, 0], [4, 3, 5], [1, 1, 1]], shrink_axis_mask=2)
    ),
    "split_channels_3": Case(lambda r: movement("SPLIT", (1, 4, 5, 9), [(1, 4, 5, 3)] * 3, [[3]], num_splits=3)),
    "split_v_rows": Case(
        lambda r: movement("SPLIT_V", (7, 6), [(2, 6), (4, 6), (1, 6)], [[2, -1, 1], [0]], num_splits=3)
    ),
    "unpack_middle_axis": Case(lambda r: movement("UNPACK", (3, 4, 5), [(3, 5)] * 4, axis=1, num=4)),
    "broadcast_to": Case(lambda r: movement("BROADCAST_TO", (1, 3, 1), [(2, 3, 4)], [[2, 3, 4]])),
    # TILE: LiteRT's (TFLite Micro has none), checked against LiteRT's reference kernels
    **{
        f"tile_{np.dtype(d).name}": Case(
            lambda r, d=d: movement("TILE", (1, 3, 5, 4), [(2, 3, 10, 8)], [[2, 1, 2, 2]], d)
        )
        for d in (np.int8, np.int16, np.int32, np.float32, np.bool_)
    },
    "depth_to_space_2": Case(lambda r: movement("DEPTH_TO_SPACE", (1, 3, 4, 12), [(1, 6, 8, 3)], block_size=2)),
    "space_to_depth_2": Case(lambda r: movement("SPACE_TO_DEPTH", (1, 6, 4, 3), [(1, 3, 2, 12)], block_size=2)),
    "gather_rows_by_index": Case(lambda r: movement("GATHER", (6, 5), [(4, 5)], [[5, 0, 0, 3]], axis=0)),
    "gather_channels": Case(lambda r: movement("GATHER", (2, 3, 7), [(2, 3, 3)], [[6, 1, 2]], axis=2)),
    "resize_nearest_x2": Case(lambda r: movement("RESIZE_NEAREST_NEIGHBOR", (1, 5, 4, 6), [(1, 10, 8, 6)], [[10, 8]])),
    "resize_nearest_align_corners": Case(
        lambda r: movement("RESIZE_NEAREST_NEIGHBOR", (1, 4, 5, 3), [(1, 7, 9, 3)], [[7, 9]], align_corners=True)
    ),
    "resize_nearest_half_pixel": Case(
        lambda r: movement("RESIZE_NEAREST_NEIGHBOR", (1, 5, 3, 2), [(1, 8, 7, 2)], [[8, 7]], half_pixel_centers=True)
    ),
    "views_expand_squeeze": Case(lambda r: views(r), vector=VECTOR),
    "pack_axis1_3_inputs": Case(lambda r: concat_like("PACK", [(4, 5)] * 3, (4, 3, 5), axis=1, values_count=3)),
    "pack_last_axis": Case(lambda r: concat_like("PACK", [(2, 3)] * 2, (2, 3, 2), axis=-1, values_count=2)),
    "simplify_identities_and_constants": Case(lambda r: simplifiable(r), vector=VECTOR),
    "resize_bilinear_x2": Case(
        lambda r: movement("RESIZE_BILINEAR", (1, 5, 4, 6), [(1, 10, 8, 6)], [[10, 8]]), vector=FAST
    ),
    "resize_bilinear_align_corners": Case(
        lambda r: movement("RESIZE_BILINEAR", (2, 4, 5, 3), [(2, 7, 9, 3)], [[7, 9]], align_corners=True), vector=FAST
    ),
    "resize_bilinear_half_pixel_down": Case(
        lambda r: movement("RESIZE_BILINEAR", (1, 9, 7, 2), [(1, 4, 5, 2)], [[4, 5]], half_pixel_centers=True),
        vector=FAST,
    ),
    # output rows of 200 elements: several vector strips, the last one partial
    "resize_bilinear_wide_rows": Case(
        lambda r: movement("RESIZE_BILINEAR", (1, 3, 20, 5), [(1, 6, 40, 5)], [[6, 40]], half_pixel_centers=True),
        vector=FAST,
    ),
    "f32_resize_bilinear_half_pixel": Case(
        lambda r: movement(
            "RESIZE_BILINEAR", (1, 5, 7, 3), [(1, 9, 4, 3)], [[9, 4]], np.float32, half_pixel_centers=True
        ),
        vector=FAST,
    ),
    "f32_resize_bilinear_align_corners": Case(
        lambda r: movement("RESIZE_BILINEAR", (2, 4, 5, 3), [(2, 7, 9, 3)], [[7, 9]], np.float32, align_corners=True),
        vector=FAST,
    ),
    "f32_resize_bilinear_wide_rows": Case(
        lambda r: movement("RESIZE_BILINEAR", (1, 4, 13, 7), [(1, 5, 29, 7)], [[5, 29]], np.float32), vector=FAST
    ),
    "zero_copy_join_and_split": Case(lambda r: zero_copy_join_and_split(), vector=VECTOR),
    "f32_zeros_like_and_fill": Case(lambda r: zeros_and_fill()),
    # int32 SUM (wrapping), REDUCE_MAX and REDUCE_MIN, and bool REDUCE_ANY / MAX / MIN: LiteRT's
    # (TFLite Micro reduces none of them)
    "s32_sum_litert": Case(
        lambda r: movement_const("SUM", (3, 4, 5), [0, 2], np.int32, out_shape=(1, 4, 1), keep_dims=True)
    ),
    "s32_reduce_max_litert": Case(lambda r: movement_const("REDUCE_MAX", (3, 4, 5), [1], np.int32, out_shape=(3, 5))),
    "s32_reduce_min_litert": Case(lambda r: movement_const("REDUCE_MIN", (3, 4, 5), [-1], np.int32, out_shape=(3, 4))),
    "s32_mean_litert": Case(lambda r: movement_const("MEAN", (4, 3, 5), [0, 2], np.int32, out_shape=(3,))),
    "s16_reduce_max_litert": Case(lambda r: movement_const("REDUCE_MAX", (3, 4, 5), [1], np.int16, out_shape=(3, 5))),
    "s16_reduce_min_litert": Case(
        lambda r: movement_const("REDUCE_MIN", (3, 4, 5), [0, 2], np.int16, out_shape=(1, 4, 1), keep_dims=True)
    ),
    # REDUCE_PROD (TFLite Micro has none): LiteRT's product, in row-major order
    "f32_reduce_prod_litert": Case(
        lambda r: movement_const("REDUCE_PROD", (3, 4, 5), [1], np.float32, out_shape=(3, 5), keep_dims=False)
    ),
    "s16_fill_computed_litert": Case(lambda r: fill_computed(np.int16)),
    "bool_fill_computed_litert": Case(lambda r: fill_computed(np.bool_)),
    "batch_to_space_cropped": Case(
        lambda r: batch_space("BATCH_TO_SPACE_ND", (8, 2, 3, 2), [2, 2], [[1, 0], [0, 2]], (2, 3, 4, 2))
    ),
    "space_to_batch_f32": Case(
        lambda r: batch_space("SPACE_TO_BATCH_ND", (2, 4, 6, 3), [2, 3], [[0, 0], [0, 0]], (12, 2, 2, 3), np.float32)
    ),
    "space_to_batch_1d": Case(lambda r: batch_space("SPACE_TO_BATCH_ND", (3, 4, 5), [2], [[0, 0]], (6, 2, 5))),
    # int16 (16x8 dilated convolutions): TFLite Micro stops on them, LiteRT's reference is the golden
    "s16_space_to_batch_litert": Case(
        lambda r: batch_space("SPACE_TO_BATCH_ND", (2, 4, 6, 3), [2, 3], [[0, 0], [0, 0]], (12, 2, 2, 3), np.int16)
    ),
    "s16_batch_to_space_litert": Case(
        lambda r: batch_space("BATCH_TO_SPACE_ND", (8, 2, 3, 2), [2, 2], [[1, 0], [0, 2]], (2, 3, 4, 2), np.int16)
    ),
    # int16 RESIZE_BILINEAR (TFLite Micro has none): LiteRT's, half-away-from-zero ties included
    "s16_resize_bilinear_litert": Case(
        lambda r: movement(
            "RESIZE_BILINEAR", (1, 5, 4, 6), [(1, 10, 8, 6)], [[10, 8]], np.int16, half_pixel_centers=True
        )
    ),
    # Byte movers in the dtypes LiteRT runs and TFLite Micro stops on (ops.litert_set): the golden is
    # LiteRT's reference kernels
    **{
        f"{name}_{np.dtype(d).name}_litert": Case(lambda r, build=build, d=d: build(d))
        for name, build, dtypes in (
            (
                "batch_to_space",
                lambda d: batch_space("BATCH_TO_SPACE_ND", (8, 2, 3, 2), [2, 2], [[1, 0], [0, 2]], (2, 3, 4, 2), d),
                (np.int32, np.bool_),
            ),
            (
                "space_to_batch",
                lambda d: batch_space("SPACE_TO_BATCH_ND", (2, 4, 6, 3), [2, 3], [[0, 0], [0, 0]], (12, 2, 2, 3), d),
                (np.int32, np.bool_),
            ),
            (
                "expand_dims",
                lambda d: movement("EXPAND_DIMS", (2, 3, 4), [(2, 1, 3, 4)], [[1]], d),
                (np.int32, np.bool_),
            ),
            ("gather", lambda d: movement("GATHER", (6, 5), [(4, 5)], [[5, 0, 0, 3]], d, axis=0), (np.int16, np.bool_)),
            (
                "gather_nd",
                lambda d: movement_const("GATHER_ND", (4, 3, 5), [[2, 1], [0, 2], [3, 0]], d, out_shape=(3, 5)),
                (np.int16, np.int32, np.bool_),
            ),
            (
                "mirror_pad",
                lambda d: movement_const("MIRROR_PAD", (3, 4), [[3, 1], [0, 4]], d, out_shape=(7, 8), mode=1),
                (np.int16, np.int32, np.bool_),
            ),
            (
                "resize_nearest",
                lambda d: movement("RESIZE_NEAREST_NEIGHBOR", (1, 5, 4, 6), [(1, 10, 8, 6)], [[10, 8]], d),
                (np.int32, np.bool_),
            ),
            (
                "space_to_depth",
                lambda d: movement("SPACE_TO_DEPTH", (1, 6, 4, 3), [(1, 3, 2, 12)], (), d, block_size=2),
                (np.int32,),
            ),
            (
                "transpose",
                lambda d: movement("TRANSPOSE", (2, 3, 4), [(4, 2, 3)], [[2, 0, 1]], d),
                (np.int32, np.bool_),
            ),
            ("unpack", lambda d: movement("UNPACK", (3, 4, 5), [(3, 5)] * 4, (), d, axis=1, num=4), (np.bool_,)),
        )
        for d in dtypes
    },  # fmt: skip
    "pad_bool_litert": Case(
        lambda r: movement_const("PAD", (2, 3, 4), [[0, 0], [1, 2], [2, 1]], np.bool_, out_shape=(2, 6, 7))
    ),
    "reverse_v2_last_axis": Case(lambda r: movement_const("REVERSE_V2", (2, 3, 5), [-1])),
    "reverse_v2_outer_axis": Case(lambda r: movement_const("REVERSE_V2", (3, 2, 4), [0])),
    "reverse_v2_f32": Case(lambda r: movement_const("REVERSE_V2", (4, 7), [1], np.float32)),
    "mirror_pad_reflect": Case(
        lambda r: movement_const(
            "MIRROR_PAD", (1, 4, 5, 3), [[0, 0], [2, 3], [1, 4], [0, 0]], out_shape=(1, 9, 10, 3), mode=0
        )
    ),
    "mirror_pad_symmetric_f32": Case(
        lambda r: movement_const("MIRROR_PAD", (3, 4), [[3, 1], [0, 4]], np.float32, out_shape=(7, 8), mode=1)
    ),
    "gather_nd_rows": Case(
        lambda r: movement_const("GATHER_ND", (4, 3, 5), [[2, 1], [0, 2], [3, 0]], out_shape=(3, 5))
    ),
    "gather_nd_f32_elements": Case(
        lambda r: movement_const("GATHER_ND", (3, 4), [[[0, 1]], [[2, 3]]], np.float32, out_shape=(2, 1))
    ),
    **{
        f"every_dtype_moves_{np.dtype(d).name}": Case(lambda r, d=d: every_dtype_moves(d))
        for d in (np.int8, np.int16, np.int32, np.float32, np.bool_)
    },
    "f32_scalar_input_and_reshape_to_scalar": Case(lambda r: scalar_forms()),
    **{
        f"{dtype}_{op.lower()}_form": Case(lambda r, op=op, dtype=dtype: litert_form(op, dtype))
        for dtype, ops in MOVED_FORMS.items()
        for op in ops
    },  # fmt: skip
    # LiteRT's raw int64 comparisons and NEG, TOPK_V2 of uint8 and int64
    **{
        f"int64_{op.lower()}_form": Case(lambda r, op=op: litert_form(op, "int64"))
        for op in (
            "EQUAL",
            "NOT_EQUAL",
            "LESS",
            "LESS_EQUAL",
            "GREATER",
            "GREATER_EQUAL",
            "NEG",
            "TOPK_V2",
            "SUM",
            "MEAN",
            "REDUCE_MAX",
            "REDUCE_MIN",
        )
    },
    **{
        f"int64_{op.lower()}_form": Case(lambda r, op=op: litert_form(op, "int64"))
        for op in ("ADD", "SUB", "MUL", "MAXIMUM", "MINIMUM")
    },
    "uint8_reduce_max_form": Case(lambda r: litert_form("REDUCE_MAX", "uint8")),
    "uint8_reduce_min_form": Case(lambda r: litert_form("REDUCE_MIN", "uint8")),
    "uint8_topk_v2_form": Case(lambda r: litert_form("TOPK_V2", "uint8")),
    "update_slice_s8_const_starts": Case(lambda r: update_slice(np.int8, (4, 5, 6), (2, 3, 6), [1, 4, -2])),
    "update_slice_f32_input_starts": Case(lambda r: update_slice(np.float32, (6, 7), (2, 3))),
    "update_slice_s16_whole": Case(lambda r: update_slice(np.int16, (3, 4), (3, 4), [1, 1])),
    "update_slice_s32_int64_starts": Case(
        lambda r: update_slice(np.int32, (2, 5, 3), (1, 2, 3), [1, 2, 0], index_dtype=np.int64)
    ),
    "embedding_lookup_f32": Case(lambda r: embedding(np.float32)),
    "embedding_lookup_s8": Case(lambda r: embedding(np.int8)),
    "embedding_lookup_s8_hybrid": Case(lambda r: embedding(np.int8, hybrid=True)),
    "broadcast_args_shape": Case(lambda r: broadcast_args()),
    "s16_transpose": Case(
        lambda r: movement("TRANSPOSE", (2, 3, 4), [(4, 2, 3)], [[2, 0, 1]], dtype=np.int16), vector=("scalar", "rvv")
    ),
    "f32_transpose_nchw_to_nhwc": Case(
        lambda r: movement("TRANSPOSE", (1, 3, 7, 5), [(1, 7, 5, 3)], [[0, 2, 3, 1]], dtype=np.float32),
        vector=("scalar", "rvv"),
    ),
    "f32_strided_slice": Case(
        lambda r: movement(
            "STRIDED_SLICE", (4, 6, 5), [(2, 3, 5)], [[0, 1, 0], [4, 6, 5], [2, 2, 1]], dtype=np.float32
        ),
        vector=("scalar", "rvv"),
    ),
    "padv2_value": Case(lambda r: padv2((1, 4, 5, 3), ((0, 0), (1, 2), (2, 0), (0, 1)), 37)),
    "f32_padv2_value": Case(lambda r: padv2((1, 4, 5, 3), ((0, 0), (1, 2), (2, 0), (0, 1)), -2.75, np.float32)),
    "s16_padv2_value": Case(lambda r: padv2((2, 3, 5), ((1, 0), (0, 2), (3, 1)), -1234, np.int16)),
    "concat_channels_3_inputs": Case(lambda r: concat([(1, 4, 5, 3), (1, 4, 5, 8), (1, 4, 5, 1)], 3)),
    "concat_height_negative_axis": Case(lambda r: concat([(1, 2, 6, 4), (1, 5, 6, 4)], -3)),
    "concat_2d_batch_axis": Case(lambda r: concat([(2, 7), (3, 7)], 0)),
    "pad_4d_hw_asymmetric": Case(
        lambda r: pad((1, 5, 7, 3), ((0, 0), (1, 2), (0, 3), (0, 0))), vector=("scalar", "rvv")
    ),
    "pad_4d_every_axis": Case(lambda r: pad((2, 3, 4, 5), ((1, 0), (2, 1), (1, 1), (3, 2))), vector=("scalar", "rvv")),
    "pad_2d": Case(lambda r: pad((3, 9), ((2, 1), (0, 4)))),
    "pad_s32": Case(lambda r: pad_s32((2, 3, 5), ((1, 0), (0, 2), (3, 1))), vector=("scalar", "rvv")),
    "padv2_s32_value": Case(lambda r: pad_s32((3, 4), ((2, 1), (1, 3)), value=-123456789)),
    # fills starting off a word boundary, rows of fill longer than a vector strip (RVV's pattern phase)
    "padv2_int16_long_fill": Case(
        lambda r: padv2((1, 3, 5, 3), ((0, 0), (2, 1), (1, 30), (1, 0)), -1234, np.int16), vector=("scalar", "rvv")
    ),
    "padv2_f32_odd": Case(
        lambda r: padv2((2, 7, 3), ((1, 0), (0, 3), (1, 2)), -2.5, np.float32), vector=("scalar", "rvv")
    ),
}
