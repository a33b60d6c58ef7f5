"""Cases of the pools and reductions: AVERAGE/MAX_POOL_2D, MEAN/SUM/REDUCE_*, SOFTMAX, CUMSUM, ARG_MIN/MAX,
TOPK_V2."""

from __future__ import annotations

import numpy as np

from codegen.modelgen import ModelBuilder
from tests.kernels.cases.common import FAST, S16_FAST, Case
from tests.kernels.cases.data_movement import litert_form


def pool(kind, h, w, c, k, stride, padding, activation="NONE") -> bytes:
    m = ModelBuilder()
    out_h = -(-h // stride[0]) if padding == "SAME" else (h - k[0]) // stride[0] + 1
    out_w = -(-w // stride[1]) if padding == "SAME" else (w - k[1]) // stride[1] + 1
    x = m.tensor("x", (1, h, w, c), scale=0.03, zero_point=-9)
    y = m.tensor("y", (1, out_h, out_w, c), scale=0.03, zero_point=-9)
    m.op(kind, [x], [y], padding=padding, stride=stride, filter=k, activation=activation)
    return m.finish([x], [y])


def softmax(rows, depth, in_scale, beta=1.0, out16=False) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (rows, depth), scale=in_scale, zero_point=4)
    y = (
        m.tensor("y", (rows, depth), np.int16, scale=1 / 65536, zero_point=-32768)
        if out16
        else m.tensor("y", (rows, depth), scale=1 / 256, zero_point=-128)
    )
    m.op("SOFTMAX", [x], [y], beta=beta)
    return m.finish([x], [y])


def cumsum(shape, axis, dtype=np.float32, **options) -> bytes:
    """CUMSUM of float32 (issue 46) or int32 and int64 (LiteRT's) along a constant axis."""
    m = ModelBuilder()
    x = m.tensor("x", shape, dtype)
    a = m.tensor("axis", (), np.int32, data=np.array(axis, np.int32))
    y = m.tensor("y", shape, dtype)
    m.op("CUMSUM", [x, a], [y], **options)
    return m.finish([x], [y])


def reduce(kind, in_shape, axes, keep_dims, same_quant=False, dtype=np.int8, gelu=False) -> bytes:
    m = ModelBuilder()
    wide = dtype is np.int16  # 16x8: zero points 0, finer scales
    x = m.tensor("x", in_shape, dtype, scale=0.0004 if wide else 0.06, zero_point=0 if wide else -7)
    a = m.tensor("axes", (len(axes),), np.int32, data=np.array(axes, dtype=np.int32))
    rank = len(in_shape)
    reduced = {v % rank for v in axes}
    out_shape = (
        tuple(1 if k in reduced else d for k, d in enumerate(in_shape))
        if keep_dims
        else tuple(d for k, d in enumerate(in_shape) if k not in reduced)
    )
    scale, zp = (0.06, -7) if same_quant or kind in ("REDUCE_MAX", "REDUCE_MIN") else (0.045, 5)
    if kind == "SUM":
        scale = 0.5
    if wide:
        scale, zp = (0.0003 if kind == "MEAN" else 0.004), 0
    y = m.tensor("y", out_shape or (1,), dtype, scale=scale, zero_point=zp)
    m.op(kind, [x, a], [y], keep_dims=keep_dims)
    if not gelu:
        return m.finish([x], [y])
    # a GELU after it: the model is LiteRT's alone (its reference SUM is wrong: LiteRT's optimised
    # kernels are the golden; int16 SUM then rounds as LiteRT's float formula)
    g = m.tensor("g", out_shape or (1,), dtype, scale=scale, zero_point=zp)
    m.op("GELU", [y], [g])
    return m.finish([x], [y, g])


def arg_minmax(kind, in_shape, axis, out_dtype=np.int32, dtype=np.int8) -> bytes:
    """int32 indices: TFLite Micro refuses int64 ones (and so does rvfw)."""
    m = ModelBuilder()
    quant = {} if dtype in (np.float32, np.int32, np.bool_) else {"scale": 0.05, "zero_point": 3}
    x = m.tensor("x", in_shape, dtype, **quant)
    a = m.tensor("axis", (1,), np.int32, data=np.array([axis], dtype=np.int32))
    k = axis % len(in_shape)
    y = m.tensor("y", in_shape[:k] + in_shape[k + 1 :], out_dtype)
    m.op(kind, [x, a], [y], output_type=4 if out_dtype is np.int64 else 2)
    return m.finish([x], [y])


def float_mean(kind, in_shape, axes, keep_dims) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", in_shape, np.float32)
    a = m.tensor("axes", (len(axes),), np.int32, data=np.array(axes, dtype=np.int32))
    reduced = {v % len(in_shape) for v in axes}
    out_shape = tuple(1 if k in reduced else d for k, d in enumerate(in_shape)) if keep_dims else tuple(
        d for k, d in enumerate(in_shape) if k not in reduced)  # fmt: skip
    y = m.tensor("y", out_shape, np.float32)
    m.op(kind, [x, a], [y], keep_dims=keep_dims)
    return m.finish([x], [y])


def cumsum_s8(shape, axis, **options) -> bytes:
    """int8 CUMSUM along a constant axis into a coarser output scale."""
    m = ModelBuilder()
    x = m.tensor("x", shape, scale=0.02, zero_point=9)
    a = m.tensor("axis", (), np.int32, data=np.array(axis, np.int32))
    y = m.tensor("y", shape, scale=0.09, zero_point=-20)
    m.op("CUMSUM", [x, a], [y], **options)
    return m.finish([x], [y])


def topk(dtype, shape, k, index_dtype=np.int32, narrow=False) -> bytes:
    """TOPK_V2 (LiteRT's: largest first, ties by the lower index). narrow: int8 values in [-3, 3]
    (a calibrated range the harness draws from), so most rows hold ties."""
    m = ModelBuilder()
    q = {"scale": 0.1, "zero_point": 0} if dtype in (np.int8, np.int16) else {}
    x = m.tensor("x", shape, dtype, calibrated=(-0.3, 0.3) if narrow else None, **q)
    kt = m.tensor("k", (), index_dtype, data=np.array(k, dtype=index_dtype))
    values = m.tensor("values", (*shape[:-1], k), dtype, **q)
    indices = m.tensor("indices", (*shape[:-1], k), index_dtype)
    m.op("TOPK_V2", [x, kt], [values, indices], 3 if index_dtype is np.int16 else 2)
    return m.finish([x], [values, indices])


def reduce_all() -> bytes:
    """REDUCE_ALL of bools over two axes (kept dims), and over the last axis; the seeded input ORed
    with a constant that is mostly true, so some groups are all true and some not."""
    m = ModelBuilder()
    a = m.tensor("a", (3, 4, 5), np.bool_)
    mostly = np.random.default_rng(46).random((3, 4, 5)) < 0.9
    x = m.tensor("x", (3, 4, 5), np.bool_)
    m.op("LOGICAL_OR", [a, m.tensor("mostly", (3, 4, 5), np.bool_, data=mostly)], [x])
    y = m.tensor("y", (1, 4, 1), np.bool_)
    m.op("REDUCE_ALL", [x, m.tensor("axes", (2,), np.int32, data=np.array([0, 2], np.int32))], [y], keep_dims=True)
    z = m.tensor("z", (3, 4), np.bool_)
    m.op("REDUCE_ALL", [x, m.tensor("last", (1,), np.int32, data=np.array([-1], np.int32))], [z])
    return m.finish([a], [y, z])


def reduce_bool(kind) -> bytes:
    """REDUCE_ANY, REDUCE_MAX or REDUCE_MIN of bools (LiteRT's) over two axes (kept dims) and over the
    last; the seeded input ANDed with a mostly-false constant so groups of each answer occur."""
    m = ModelBuilder()
    a = m.tensor("a", (3, 4, 5), np.bool_)
    rarely = np.random.default_rng(47).random((3, 4, 5)) < 0.15
    x = m.tensor("x", (3, 4, 5), np.bool_)
    op = "LOGICAL_AND" if kind in ("REDUCE_ANY", "REDUCE_MAX") else "LOGICAL_OR"
    m.op(op, [a, m.tensor("rarely", (3, 4, 5), np.bool_, data=rarely if op == "LOGICAL_AND" else ~rarely)], [x])
    y = m.tensor("y", (1, 4, 1), np.bool_)
    m.op(kind, [x, m.tensor("axes", (2,), np.int32, data=np.array([0, 2], np.int32))], [y], keep_dims=True)
    z = m.tensor("z", (3, 4), np.bool_)
    m.op(kind, [x, m.tensor("last", (1,), np.int32, data=np.array([-1], np.int32))], [z])
    return m.finish([a], [y, z])


def softmax16(shape, scale, beta=1.0) -> bytes:
    """int16 SOFTMAX (zero points 0, output scale 1/32768) over the last axis."""
    m = ModelBuilder()
    x = m.tensor("x", shape, np.int16, scale=scale, zero_point=0)
    y = m.tensor("y", shape, np.int16, scale=1 / 32768, zero_point=0)
    m.op("SOFTMAX", [x], [y], beta=beta)
    return m.finish([x], [y])


def reduce_prod_q(dtype, shape, axes_, s_in, z_in, s_out, z_out) -> bytes:
    """LiteRT's quantised REDUCE_PROD over `axes_` (kept dims dropped)."""
    m = ModelBuilder()
    x = m.tensor("x", shape, dtype, scale=s_in, zero_point=z_in)
    out_shape = tuple(d for k, d in enumerate(shape) if k not in axes_)
    y = m.tensor("y", out_shape, dtype, scale=s_out, zero_point=z_out)
    m.op("REDUCE_PROD", [x, m.tensor("axes", (len(axes_),), np.int32, data=np.array(axes_, np.int32))], [y])
    return m.finish([x], [y])


CASES: dict[str, Case] = {
    # LiteRT's REDUCE_PROD of int64 (wrapping) and bool (all), SUM of bool (any)
    "int64_reduce_prod_form": Case(lambda r: litert_form("REDUCE_PROD", "int64")),
    "bool_reduce_prod_form": Case(lambda r: litert_form("REDUCE_PROD", "bool")),
    "bool_sum_form": Case(lambda r: litert_form("SUM", "bool")),
    # LiteRT's quantised REDUCE_PROD (int8 at zero points off 0, int16 at 0), one axis and two
    "s8_reduce_prod_form": Case(lambda r: litert_form("REDUCE_PROD", "int8")),
    "s16_reduce_prod_form": Case(lambda r: litert_form("REDUCE_PROD", "int16")),
    "s8_reduce_prod_axes": Case(lambda r: reduce_prod_q(np.int8, (2, 3, 4, 5), [1, 3], 0.04, 5, 0.02, -9)),
    "s16_reduce_prod_axis": Case(lambda r: reduce_prod_q(np.int16, (3, 7), [1], 0.0009, 0, 0.0003, 0)),
    "mean_global_pool_keepdims": Case(lambda r: reduce("MEAN", (1, 7, 6, 10), [1, 2], True), vector=FAST),
    "mean_same_quant_no_keepdims": Case(
        lambda r: reduce("MEAN", (2, 5, 5, 4), [1, 2], False, same_quant=True), vector=FAST
    ),
    "mean_last_axis": Case(lambda r: reduce("MEAN", (3, 4, 17), [-1], False), vector=FAST),
    "s16_mean_global_pool": Case(
        lambda r: reduce("MEAN", (1, 7, 6, 10), [1, 2], True, dtype=np.int16), vector=S16_FAST
    ),
    "s16_sum_last_axis": Case(lambda r: reduce("SUM", (3, 4, 17), [-1], False, dtype=np.int16), vector=S16_FAST),
    "mean_interleaved_axes": Case(lambda r: reduce("MEAN", (2, 3, 4, 5), [0, 2], True), vector=FAST),
    "sum_channels": Case(lambda r: reduce("SUM", (1, 4, 6, 3), [3], True)),
    "sum_channels_then_gelu_litert": Case(lambda r: reduce("SUM", (1, 4, 6, 3), [3], True, gelu=True)),
    "s16_sum_last_axis_then_gelu_litert": Case(
        lambda r: reduce("SUM", (3, 4, 17), [-1], False, dtype=np.int16, gelu=True)
    ),
    # more kept channels than the fast scalar kernel's chunk of 64 sums
    "mean_wide_channels": Case(lambda r: reduce("MEAN", (1, 3, 4, 70), [1, 2], True), vector=FAST),
    "reduce_max_hw": Case(lambda r: reduce("REDUCE_MAX", (1, 5, 6, 7), [1, 2], False)),
    "reduce_min_rows": Case(lambda r: reduce("REDUCE_MIN", (6, 9), [0], True)),
    "arg_max_channels": Case(lambda r: arg_minmax("ARG_MAX", (1, 4, 5, 10), -1)),
    "f32_arg_min_middle": Case(lambda r: arg_minmax("ARG_MIN", (3, 9, 4), 1, dtype=np.float32)),
    "arg_min_rows": Case(lambda r: arg_minmax("ARG_MIN", (7, 3, 2), 0)),
    # int32 and bool inputs: LiteRT's (TFLite Micro takes int8 and float32); ties take the first
    "arg_max_s32_litert": Case(lambda r: arg_minmax("ARG_MAX", (3, 6, 5), 1, dtype=np.int32)),
    "arg_min_s32_litert": Case(lambda r: arg_minmax("ARG_MIN", (4, 9), -1, dtype=np.int32)),
    "arg_max_bool_litert": Case(lambda r: arg_minmax("ARG_MAX", (5, 8), -1, dtype=np.bool_)),
    "arg_min_bool_litert": Case(lambda r: arg_minmax("ARG_MIN", (6, 4, 3), 1, dtype=np.bool_)),
    "s16_softmax": Case(lambda r: softmax16((6, 37), 0.0004), vector=S16_FAST),
    "s16_softmax_wide_beta": Case(lambda r: softmax16((2, 3, 300), 0.00011, beta=0.7), vector=S16_FAST),
    # a scale under 10/65535: the difference's requantisation shifts right
    "s16_softmax_fine_scale": Case(lambda r: softmax16((5, 19), 0.00002), vector=S16_FAST),
    # a coarse scale: the difference's left shift wraps in 32 bits, as TFLite Micro's does
    "s16_softmax_coarse_scale": Case(lambda r: softmax16((3, 20), 9.0), vector=S16_FAST),
    "f32_cumsum": Case(lambda r: cumsum((3, 7, 4), 1)),
    "reduce_any_bool_litert": Case(lambda r: reduce_bool("REDUCE_ANY")),
    "reduce_max_bool_litert": Case(lambda r: reduce_bool("REDUCE_MAX")),
    "reduce_min_bool_litert": Case(lambda r: reduce_bool("REDUCE_MIN")),
    "s32_cumsum_litert": Case(lambda r: cumsum((3, 7, 4), 1, np.int32)),
    "s32_cumsum_exclusive_reverse_litert": Case(lambda r: cumsum((5, 6), -1, np.int32, exclusive=True, reverse=True)),
    "s64_cumsum_litert": Case(lambda r: cumsum((3, 7, 4), 1, np.int64)),
    "s64_cumsum_exclusive_reverse_litert": Case(lambda r: cumsum((5, 6), -1, np.int64, exclusive=True, reverse=True)),
    "f32_cumsum_exclusive_reverse": Case(lambda r: cumsum((5, 6), -1, exclusive=True, reverse=True)),
    "reduce_all_bool": Case(lambda r: reduce_all()),
    "s8_topk_ties_litert": Case(lambda r: topk(np.int8, (3, 17), 5, narrow=True)),
    "s16_topk_int16_indices_litert": Case(lambda r: topk(np.int16, (4, 10), 3, index_dtype=np.int16)),
    "s32_topk_whole_row_litert": Case(lambda r: topk(np.int32, (2, 3, 12), 12)),
    "f32_topk_one_litert": Case(lambda r: topk(np.float32, (4, 9), 1)),
    "cumsum_s8_middle": Case(lambda r: cumsum_s8((3, 7, 5), 1)),
    "cumsum_s8_exclusive_reverse": Case(lambda r: cumsum_s8((4, 9), -1, exclusive=True, reverse=True)),
    "f32_mean_global_pool": Case(lambda r: float_mean("MEAN", (1, 6, 5, 8), [1, 2], True), vector=FAST),
    "f32_mean_last_axis": Case(lambda r: float_mean("MEAN", (3, 4, 11), [-1], False), vector=FAST),
    "f32_sum_two_axes": Case(lambda r: float_mean("SUM", (2, 3, 4, 5), [0, 2], False), vector=FAST),
    # one output per row (the innermost kept axis is 1): ordered sums along the reduced elements
    "f32_sum_all_axes": Case(lambda r: float_mean("SUM", (2, 3, 45), [0, 1, 2], True), vector=FAST),
    "f32_mean_rows": Case(lambda r: float_mean("MEAN", (4, 1, 70), [2], True), vector=FAST),
    "f32_reduce_max": Case(lambda r: float_mean("REDUCE_MAX", (2, 3, 4, 5), [1, 3], True)),
    "f32_reduce_min": Case(lambda r: float_mean("REDUCE_MIN", (3, 17), [-1], False)),
    "avgpool3x3_same_stride2": Case(lambda r: pool("AVERAGE_POOL_2D", 9, 8, 5, (3, 3), (2, 2), "SAME"), vector=FAST),
    "avgpool_global_valid": Case(lambda r: pool("AVERAGE_POOL_2D", 6, 4, 3, (6, 4), (6, 4), "VALID"), vector=FAST),
    "maxpool2x3_valid_relu6": Case(
        lambda r: pool("MAX_POOL_2D", 8, 9, 6, (2, 3), (1, 2), "VALID", "RELU6"), vector=FAST
    ),
    "maxpool3x3_same_stride2": Case(lambda r: pool("MAX_POOL_2D", 7, 7, 3, (3, 3), (2, 2), "SAME"), vector=FAST),
    # more channels than the fast scalar kernels' chunk of 64 accumulators
    "maxpool_wide_channels": Case(lambda r: pool("MAX_POOL_2D", 5, 4, 70, (2, 2), (2, 2), "SAME"), vector=FAST),
    "avgpool_wide_channels": Case(lambda r: pool("AVERAGE_POOL_2D", 5, 4, 70, (3, 3), (2, 2), "SAME"), vector=FAST),
    "softmax_fine_scale": Case(lambda r: softmax(3, 10, 0.05), vector=FAST),
    # int8 -> int16, as the SVDF keyword model ends (issue 29)
    "softmax_to_int16": Case(lambda r: softmax(3, 12, 0.1, out16=True), vector=FAST),
    "softmax_to_int16_wide_rows": Case(lambda r: softmax(2, 70, 0.7, beta=0.5, out16=True), vector=FAST),
    "softmax_coarse_scale_beta": Case(lambda r: softmax(2, 33, 0.3, beta=0.7), vector=FAST),
    # Rows over several vectors; a scale so coarse that most values fall below diff_min.
    "softmax_wide_rows": Case(lambda r: softmax(3, 100, 0.08), vector=FAST),
    "softmax_beyond_diff_min": Case(lambda r: softmax(4, 21, 1.5), vector=FAST),
}
