"""Reductions over any set of axes, int8: MEAN, SUM (a requantised int32 sum, TFLite Micro's
QuantizedMeanOrSum with the 1/count folded into MEAN's multiplier; int16 too) and REDUCE_MAX / REDUCE_MIN
(raw bytes; input and output share quantisation); all four in float32; REDUCE_ALL and REDUCE_MIN of
bool (the smallest byte: bools are 0 or 1), REDUCE_ANY and REDUCE_MAX of bool (the largest); SUM
(wrapping), MEAN (a 64-bit sum divided, truncating), REDUCE_MAX and REDUCE_MIN of int32 and
REDUCE_MAX / REDUCE_MIN of int16 (raw values) as LiteRT's reference computes them; REDUCE_PROD of
int32 and int64 (wrapping) and float32, which TFLite Micro lacks, as LiteRT's reference computes it: from 1,
each element multiplied in in row-major order (what the converter writes for Keras
LayerNormalization's element count: a constant, folded); LiteRT's SUM and REDUCE_PROD of bool, a
REDUCE_ANY and a REDUCE_ALL; LiteRT's quantised REDUCE_PROD of int8 and int16 (the product rescaled by
s_in / s_out^(1/n) at every step, in 64 bits). keep_dims either way: the output's
element order is the same."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_constant,
    expect_dtype,
    expect_float,
    expect_quant,
    expect_same_quant,
    fail,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import Need, family, lanes
from codegen.ops.tflm_set import litert_semantics
from codegen.quant import quantize_multiplier

# The XTheadVector kernel puts the innermost kept axis in lanes only where it is contiguous; the
# RVV one loads it with its stride.
SUM = family("MEAN/SUM", "rvfw_reduce_params", "mean_s8", ("ref", "scalar", "rvv", "xthead"), ("MEAN", "SUM"),
             needs={"xthead": Need("innermost_contiguous", (True,), "innermost kept axis not contiguous")})  # fmt: skip
MAX = family("REDUCE_MAX", "rvfw_reduce_params", "reduce_max_s8", ("ref",), ("REDUCE_MAX",))
MIN = family("REDUCE_MIN (REDUCE_ALL of bool)", "rvfw_reduce_params", "reduce_min_s8", ("ref",),
             ("REDUCE_MIN", "REDUCE_ALL"))  # fmt: skip
SUM16 = family("MEAN/SUM int16", "rvfw_reduce_params", "mean_s16", ("ref", "scalar", "rvv"), ("MEAN", "SUM"))
# SUM in a model only LiteRT runs: LiteRT's float formula (rvfw_sum_litert)
SUM_LITERT = {
    dtype: family(
        f"SUM {dtype.name.lower()} (LiteRT's)", "rvfw_reduce_params", f"sum_litert_{suffix}", ("ref",), ("SUM",)
    )
    for dtype, suffix in ((DType.INT8, "s8"), (DType.INT16, "s16"))
}
FAMILY = {OpKind.MEAN: SUM, OpKind.SUM: SUM, OpKind.REDUCE_MAX: MAX, OpKind.REDUCE_MIN: MIN}
SUM_F32 = family("MEAN/SUM float32", "rvfw_reduce_params", "mean_f32", ("ref", "rvv", "xthead"), ("MEAN", "SUM"),
                 needs={"rvv": lanes("f32")})  # fmt: skip
# Without an FPU each add is a libgcc call: the fast scalar sum adds the bits (rvfw_softfloat.h).
SUM_F32_SOFT = SUM_F32.variant("MEAN/SUM float32 (integer adds)", {"scalar": "mean_f32_scalar"})
EXTREME_F32 = family("REDUCE_MAX/MIN float32", "rvfw_reduce_params", "reduce_max_f32", ("ref",),
                     ("REDUCE_MAX", "REDUCE_MIN"))  # fmt: skip
PROD = {DType.INT32: family("REDUCE_PROD int32", "rvfw_reduce_params", "reduce_prod_s32", ("ref",), ("REDUCE_PROD",)),
        DType.INT64: family("REDUCE_PROD int64", "rvfw_reduce_params", "reduce_prod_s64", ("ref",), ("REDUCE_PROD",)),
        # quantised: LiteRT's product rescaled at every step by s_in / s_out^(1/n)
        DType.INT8: family("REDUCE_PROD int8", "rvfw_reduce_params", "reduce_prod_s8", ("ref",), ("REDUCE_PROD",)),
        DType.INT16: family("REDUCE_PROD int16", "rvfw_reduce_params", "reduce_prod_s16", ("ref",), ("REDUCE_PROD",)),
        DType.FLOAT32: family("REDUCE_PROD float32", "rvfw_reduce_params", "reduce_prod_f32", ("ref",),
                              ("REDUCE_PROD",))}  # fmt: skip
# int32 SUM (wrapping), REDUCE_MAX and REDUCE_MIN: LiteRT's (TFLite Micro reduces int8, int16 and
# float32); `multiplier` names the op (RVFW_REDUCE_S32_* in rvfw_kernels.h)
S32 = family("SUM/MEAN/REDUCE_MAX/REDUCE_MIN int32", "rvfw_reduce_params", "reduce_s32", ("ref",),
             ("SUM", "MEAN", "REDUCE_MAX", "REDUCE_MIN"))  # fmt: skip
S64 = family("SUM/MEAN/REDUCE_MAX/REDUCE_MIN int64", "rvfw_reduce_params", "reduce_s64", ("ref",),
             ("SUM", "MEAN", "REDUCE_MAX", "REDUCE_MIN"))  # fmt: skip
S32_OP = {OpKind.SUM: 0, OpKind.REDUCE_MAX: 1, OpKind.REDUCE_MIN: 2, OpKind.MEAN: 3}
# int16 REDUCE_MAX and REDUCE_MIN: LiteRT's, raw values (input and output share quantisation)
EXTREME_S16 = family("REDUCE_MAX/REDUCE_MIN int16", "rvfw_reduce_params", "reduce_extreme_s16", ("ref",),
                     ("REDUCE_MAX", "REDUCE_MIN"))  # fmt: skip
EXTREME_U8 = family("REDUCE_MAX/REDUCE_MIN uint8", "rvfw_reduce_params", "reduce_extreme_u8", ("ref",),
                    ("REDUCE_MAX", "REDUCE_MIN"))  # fmt: skip
EXTREMES = {DType.INT16: EXTREME_S16, DType.UINT8: EXTREME_U8}
GROUPS = 4  # kept and reduced dimension groups the kernels loop over


def axes(graph: Graph, op: Op) -> set[int]:
    rank = len(graph.tensors[op.inputs[0]].shape)
    return {int(a) % rank for a in graph.tensors[op.inputs[1]].data.reshape(-1)}


def layout(shape: tuple[int, ...], reduced: set[int]) -> tuple[list[int], list[int], list[int], list[int]]:
    """(kept dims, kept strides, reduced dims, reduced strides) in elements, neighbouring
    dimensions of the same kind merged; raises ValueError past GROUPS of either."""
    strides = [int(np.prod(shape[k + 1 :], dtype=np.int64)) for k in range(len(shape))]
    groups: list[list] = []  # [is_reduced, dim, stride]
    for k, (d, s) in enumerate(zip(shape, strides)):
        if d == 1:
            continue
        if groups and groups[-1][0] == (k in reduced) and groups[-1][2] == s * d:
            groups[-1][1] *= d
            groups[-1][2] = s
        else:
            groups.append([k in reduced, d, s])
    kept = [(d, s) for r, d, s in groups if not r]
    red = [(d, s) for r, d, s in groups if r]
    if len(kept) > GROUPS or len(red) > GROUPS:
        raise ValueError("too many separate groups of axes")
    pad = lambda g: [(1, 0)] * (GROUPS - len(g)) + g  # noqa: E731
    kept, red = pad(kept), pad(red)
    return [d for d, _ in kept], [s for _, s in kept], [d for d, _ in red], [s for _, s in red]


def check(graph: Graph, op: Op) -> None:
    dtype = graph.tensors[op.inputs[0]].dtype.name.lower()
    if op.kind is OpKind.REDUCE_ALL:  # (its bool form is check_bool)
        raise fail(graph, op, f"{dtype} not supported (TFLite Micro's REDUCE_ALL takes bool)")
    if op.kind is OpKind.REDUCE_PROD:  # (its int32 and float32 forms are check_s32 and check_f32)
        inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8, DType.INT16)
        out = expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
        expect_quant(graph, op, inp, "input")  # LiteRT leaves an unquantised one's multiplier unset
        expect_quant(graph, op, out, "output")
        if inp.dtype is DType.INT16 and (inp.quant.zero_point[0] or out.quant.zero_point[0]):
            raise fail(graph, op, "int16 zero points must be 0 (LiteRT's)")
        check_axes(graph, op)
        return
    if op.kind not in FAMILY:  # REDUCE_ANY: bool only
        raise fail(graph, op, f"{dtype} not supported (bool only)")
    if dtype == "uint8" and op.kind not in (OpKind.REDUCE_MAX, OpKind.REDUCE_MIN):
        raise fail(graph, op, "uint8 not supported (rvfw has uint8 REDUCE_MAX and REDUCE_MIN)")
    # int16 and uint8 extremes: LiteRT's
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8, DType.INT16, DType.UINT8)
    sums = op.kind in (OpKind.MEAN, OpKind.SUM)
    out = expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
    if sums and inp.quant is None and out.quant is None:
        # Measured: TFLite Micro makes its multiplier from 0 / 0 here (a NaN): all zeros on the host,
        # its QuantizeMultiplier check aborts where a NaN converts to INT64_MAX (RISC-V).
        raise fail(graph, op, "int8 input and output without quantisation parameters: TFLite Micro's "
                   "requantisation is then 0 / 0 (undefined)")  # fmt: skip
    expect_quant(graph, op, inp, "input")
    expect_quant(graph, op, out, "output")
    if op.kind in (OpKind.REDUCE_MAX, OpKind.REDUCE_MIN):
        expect_same_quant(graph, op, inp, out)
    check_axes(graph, op)


def check_axes(graph: Graph, op: Op) -> None:
    """The axes input and the output shape of any reduction (int8, int16 or float32)."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    expect_dtype(graph, op, op.inputs[1], "axes", DType.INT32)
    expect_constant(graph, op, op.inputs[1], "axes")
    if inp.is_constant:
        raise fail(graph, op, "a constant input not supported")
    rank = len(inp.shape)
    values = [int(a) for a in graph.tensors[op.inputs[1]].data.reshape(-1)]
    if any(not -rank <= a < rank for a in values):
        raise fail(graph, op, f"axes {values} outside a rank-{rank} input")
    reduced = axes(graph, op)
    kept_shape = tuple(d for k, d in enumerate(inp.shape) if k not in reduced)
    keep_dims = tuple(1 if k in reduced else d for k, d in enumerate(inp.shape))
    if tuple(out.shape) not in (kept_shape, keep_dims) and int(np.prod(out.shape)) != int(np.prod(kept_shape)):
        raise fail(graph, op, f"output {list(out.shape)} is not the reduced input {list(keep_dims)}")
    try:
        layout(inp.shape, reduced)
    except ValueError:
        reason = f"axes {values} of {list(inp.shape)} interleave too often (at most {GROUPS} groups)"
        raise fail(graph, op, reason) from None


def requantization(graph: Graph, op: Op, count: int) -> tuple[int, int]:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    multiplier, shift = quantize_multiplier(float(inp.quant.scale[0]) / float(out.quant.scale[0]))
    if op.kind is OpKind.MEAN:  # TFLM folds 1/count into the multiplier, keeping what precision it can
        extra = min(count.bit_length() - 1, 32, 31 + shift)
        multiplier = (multiplier << extra) // count
        shift -= extra
    return multiplier, shift


def reduce_params(
    ctx: LowerContext, op: Op, multiplier: int = 0, shift: int = 0, zero_points: tuple[int, int] = (0, 0)
) -> list[tuple[str, object]]:
    """rvfw_reduce_params for the op's input and axes: the layout, the count, and the requantisation
    (or, for the kernels that take no requantisation, `multiplier` naming the op)."""
    kept_dims, kept_strides, red_dims, red_strides = layout(ctx.tensor(op.inputs[0]).shape, axes(ctx.graph, op))
    return [("kept_dims", kept_dims), ("kept_strides", kept_strides), ("red_dims", red_dims),
            ("red_strides", red_strides), ("count", int(np.prod(red_dims))), ("input_zero_point", zero_points[0]),
            ("multiplier", multiplier), ("shift", shift), ("output_zero_point", zero_points[1])]  # fmt: skip


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    sums = op.kind in (OpKind.MEAN, OpKind.SUM)
    if op.kind is OpKind.REDUCE_PROD:  # LiteRT's quantised product: s_in / s_out^(1/n) at every step
        n = int(np.prod(layout(inp.shape, axes(ctx.graph, op))[2]))
        m, s = quantize_multiplier(float(inp.quant.scale[0]) / math.pow(float(out.quant.scale[0]), 1.0 / n))
        params = reduce_params(ctx, op, m, s, (inp.quant.zero_point[0], out.quant.zero_point[0]))
        return ctx.layer(op, ctx.pick(PROD[inp.dtype]), PROD[inp.dtype], params, [ctx.input(op), ctx.output(op)])
    if inp.dtype in EXTREMES and not sums:  # LiteRT's raw extremes: `multiplier` 1 the max
        params = reduce_params(ctx, op, int(op.kind is OpKind.REDUCE_MAX))
        fam = EXTREMES[inp.dtype]
        return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op)])
    _kept, kept_strides, red_dims, _red = layout(inp.shape, axes(ctx.graph, op))
    # (a legacy uint8 SUM keeps its own: LiteRT's reference computes that one, measured, as TFLM does)
    if op.kind is OpKind.SUM and litert_semantics(ctx.graph) and not op.from_uint8:
        f32 = np.float32
        scale = f32(inp.quant.scale[0]) / f32(out.quant.scale[0])
        bias = f32(-int(inp.quant.zero_point[0])) * scale * f32(int(np.prod(red_dims)))
        params = reduce_params(ctx, op, 0, 0, (inp.quant.zero_point[0], out.quant.zero_point[0]))
        scales = ctx.derived(op, "scales", "float", np.array([scale, bias], np.float32))
        fam = SUM_LITERT[inp.dtype]
        return ctx.layer(op, ctx.pick(fam), fam, params, [scales, ctx.input(op), ctx.output(op)])
    multiplier, shift = requantization(ctx.graph, op, int(np.prod(red_dims))) if sums else (0, 0)
    params = reduce_params(ctx, op, multiplier, shift, (inp.quant.zero_point[0], out.quant.zero_point[0]))
    chosen = SUM16 if inp.dtype is DType.INT16 else FAMILY[op.kind]
    picked = ctx.pick(chosen, {"innermost_contiguous": kept_strides[3] == 1})
    return ctx.layer(op, picked, chosen, params, [ctx.input(op), ctx.output(op)])


def check_f32(graph: Graph, op: Op) -> None:
    expect_float(graph, op, skip=(1,))  # input 1: the axes
    check_axes(graph, op)


def _prod_layer(ctx: LowerContext, op: Op) -> Layer:
    fam = PROD[ctx.tensor(op.inputs[0]).dtype]
    return ctx.layer(op, ctx.pick(fam), fam, reduce_params(ctx, op), [ctx.input(op), ctx.output(op)])


def check_s32(graph: Graph, op: Op) -> None:
    """int32 and int64 (their input's dtype out)."""
    expect_dtype(graph, op, op.outputs[0], "output", graph.tensors[op.inputs[0]].dtype)
    check_axes(graph, op)


def lower_s32(ctx: LowerContext, op: Op) -> Layer:
    if op.kind is OpKind.REDUCE_PROD:
        return _prod_layer(ctx, op)
    fam = S64 if ctx.tensor(op.inputs[0]).dtype is DType.INT64 else S32
    return ctx.layer(op, ctx.pick(fam), fam, reduce_params(ctx, op, S32_OP[op.kind]), [ctx.input(op), ctx.output(op)])


def lower_f32(ctx: LowerContext, op: Op) -> Layer:
    if op.kind is OpKind.REDUCE_PROD:
        return _prod_layer(ctx, op)
    params = reduce_params(ctx, op, int(op.kind in (OpKind.MEAN, OpKind.REDUCE_MAX)))
    fam = SUM_F32 if op.kind in (OpKind.MEAN, OpKind.SUM) else EXTREME_F32
    if fam is SUM_F32 and "fpu" not in ctx.caps:
        fam = SUM_F32_SOFT
    return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op)])


def check_bool(graph: Graph, op: Op) -> None:
    expect_dtype(graph, op, op.outputs[0], "output", DType.BOOL)
    check_axes(graph, op)


# bool reductions that are true where any element is (LiteRT's SUM of bools: true + true is true); the
# others (REDUCE_ALL, REDUCE_MIN, REDUCE_PROD) where every element is
BOOL_ANY = (OpKind.REDUCE_ANY, OpKind.REDUCE_MAX, OpKind.SUM)


def lower_bool(ctx: LowerContext, op: Op) -> Layer:
    """REDUCE_ALL, REDUCE_MIN and REDUCE_PROD: the smallest byte of each reduced group (REDUCE_MIN's
    kernel on 0s and 1s); REDUCE_ANY, REDUCE_MAX and SUM (LiteRT's: a bool sum saturates to true)
    the largest."""
    params = reduce_params(ctx, op)
    args = [replace(ctx.input(op), c_type="int8_t"), replace(ctx.output(op), c_type="int8_t")]
    fam = MAX if op.kind in BOOL_ANY else MIN
    return ctx.layer(op, ctx.pick(fam), fam, params, args)


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    """REDUCE_ALL and REDUCE_PROD of a constant (the others are left to their kernels)."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if inp.dtype is DType.BOOL and op.kind in (OpKind.REDUCE_ALL, OpKind.REDUCE_MIN, OpKind.REDUCE_PROD):
        return [np.all(inp.data, axis=tuple(sorted(axes(graph, op)))).reshape(out.shape)]
    if inp.dtype is DType.BOOL and op.kind in BOOL_ANY:
        return [np.any(inp.data, axis=tuple(sorted(axes(graph, op)))).reshape(out.shape)]
    if op.kind is OpKind.REDUCE_PROD and inp.dtype in (DType.INT32, DType.INT64, DType.FLOAT32):
        return [prod(inp.data, axes(graph, op)).reshape(out.shape)]
    return None


def prod(data: np.ndarray, reduced: set[int]) -> np.ndarray:
    """REDUCE_PROD as LiteRT's reference: from 1, the elements multiplied in row-major order, in
    the data's own type (float32 products rounded each step; int32 wrapping)."""
    kept = [k for k in range(data.ndim) if k not in reduced]
    moved = np.transpose(data, kept + sorted(reduced)).reshape(int(np.prod([data.shape[k] for k in kept])), -1)
    if data.dtype in (np.int32, np.int64):
        wide = np.uint32 if data.dtype == np.int32 else np.uint64
        out = np.ones(moved.shape[0], dtype=wide)
        for column in moved.T.astype(wide):
            out = (out * column).astype(wide)  # modulo 2^32 or 2^64, as the integer kernels wrap
        return out.view(data.dtype)
    out = np.ones(moved.shape[0], dtype=np.float32)
    for column in moved.T.astype(np.float32):
        out = (out * column).astype(np.float32)
    return out


CONTRACT = OpContract(
    kinds={
        OpKind.MEAN: Kind(3, (2, 2)),
        OpKind.SUM: Kind(2, (2, 2)),
        OpKind.REDUCE_MAX: Kind(3, (2, 2)),
        OpKind.REDUCE_MIN: Kind(3, (2, 2)),
        OpKind.REDUCE_ALL: Kind(1, (2, 2)),
        OpKind.REDUCE_ANY: Kind(1, (2, 2)),  # LiteRT's (TFLite Micro has none)
        OpKind.REDUCE_PROD: Kind(2, (2, 2)),  # 1 float32 and int32, 2 int8 (refused: int32 and float32 only)
    },
    forms={
        DType.FLOAT32: Form(
            check_f32,
            lower_f32,
            (SUM_F32, SUM_F32_SOFT, EXTREME_F32, PROD[DType.FLOAT32]),
            kinds=(OpKind.MEAN, OpKind.SUM, OpKind.REDUCE_MAX, OpKind.REDUCE_MIN, OpKind.REDUCE_PROD),
        ),
        DType.INT32: Form(
            check_s32,
            lower_s32,
            (PROD[DType.INT32], S32),
            kinds=(OpKind.REDUCE_PROD, OpKind.SUM, OpKind.MEAN, OpKind.REDUCE_MAX, OpKind.REDUCE_MIN),
        ),
        DType.INT64: Form(
            check_s32,
            lower_s32,
            (S64, PROD[DType.INT64]),
            kinds=(OpKind.SUM, OpKind.MEAN, OpKind.REDUCE_MAX, OpKind.REDUCE_MIN, OpKind.REDUCE_PROD),
        ),  # fmt: skip
        DType.BOOL: Form(
            check_bool,
            lower_bool,
            (MIN, MAX),
            kinds=(
                OpKind.REDUCE_ALL,
                OpKind.REDUCE_ANY,
                OpKind.REDUCE_MAX,
                OpKind.REDUCE_MIN,
                OpKind.SUM,
                OpKind.REDUCE_PROD,
            ),
        ),
        None: Form(
            check,
            lower,
            (SUM, MAX, MIN, SUM16, *SUM_LITERT.values(), EXTREME_S16, EXTREME_U8, PROD[DType.INT8], PROD[DType.INT16]),
        ),
    },
    fold=fold,
)
