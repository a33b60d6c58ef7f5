"""BATCH_MATMUL, int8: out[..., i, j] = sum_k (a[..., i, k] - za) * (b[..., k, j] - zb), requantised
by sa * sb / so (TFLite Micro's per-tensor int8 form), with adj_x / adj_y (an operand stored
transposed), batch dimensions broadcast as TFLite does (up to three), and a constant right-hand
side as a weight table. TFLM accumulates in another order; integer sums are the same.
16x8 (zero points 0): TFLite Micro's BatchMatMul<int16_t, int64_t>, an int64 sum requantised by
the 64-bit MultiplyByQuantizedMultiplier. float32: the plain product."""

from __future__ import annotations

import math

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.broadcast import broadcast_shape
from codegen.ops.common import Layer, LowerContext, expect_dtype, expect_quant, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import Need, family, lanes
from codegen.quant import quantize_multiplier

BATCH_MATMUL = family("BATCH_MATMUL", "rvfw_batch_matmul_params", "batch_matmul_s8", ("ref", "scalar", "rvv"))
BATCH_MATMUL_F32 = family(
    "BATCH_MATMUL float32",
    "rvfw_batch_matmul_params",
    "batch_matmul_f32",
    ("ref", "scalar", "rvv"),
    needs={"rvv": lanes("f32")},
)
# int16: int64 sums, so the vector kernel needs 64-bit elements (a transformer's attention in 16x8)
BATCH_MATMUL_S16 = family("BATCH_MATMUL int16", "rvfw_batch_matmul_params", "batch_matmul_s16",
                          ("ref", "scalar", "rvv"), needs={"rvv": Need("e64", (True,), "ELEN 32")})  # fmt: skip
BATCH_DIMS = 3


def _matrix(shape: tuple[int, ...], transposed: bool) -> tuple[int, int]:
    """(rows, columns) of the operand as the product sees it."""
    r, c = shape[-2], shape[-1]
    return (c, r) if transposed else (r, c)


def dims(graph: Graph, op: Op) -> tuple[int, int, int]:
    """(M, K, N)."""
    a, b = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]]
    m, k = _matrix(a.shape, op.options.get("adj_x", False))
    _k, n = _matrix(b.shape, op.options.get("adj_y", False))
    return m, k, n


def check(graph: Graph, op: Op) -> None:
    a = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8, DType.INT16, DType.FLOAT32)
    b = expect_dtype(graph, op, op.inputs[1], "input", a.dtype)
    out = expect_dtype(graph, op, op.outputs[0], "output", a.dtype)
    for t, role in ((a, "lhs"), (b, "rhs"), (out, "output")):
        if a.dtype is not DType.FLOAT32:
            expect_quant(graph, op, t, role)
        if a.dtype is DType.INT16 and t.quant.zero_point[0] != 0:
            raise fail(graph, op, f"int16 {role} zero point {t.quant.zero_point[0]} (16x8 quantisation has 0)")
    if a.is_constant:
        raise fail(graph, op, "a constant left-hand side not supported")
    if not 2 <= len(a.shape) <= 2 + BATCH_DIMS or not 2 <= len(b.shape) <= 2 + BATCH_DIMS:
        raise fail(graph, op, f"ranks {len(a.shape)} and {len(b.shape)} (2 to {2 + BATCH_DIMS} supported)")
    m, k, n = dims(graph, op)
    k_b = _matrix(b.shape, op.options.get("adj_y", False))[0]
    batch = broadcast_shape(a.shape[:-2], b.shape[:-2])
    if k != k_b or batch is None or tuple(out.shape) != (*batch, m, n):
        raise fail(graph, op, f"{list(a.shape)} x {list(b.shape)} does not make {list(out.shape)}")


def macs(graph: Graph, op: Op) -> int:
    m, k, n = dims(graph, op)
    return math.prod(graph.tensors[op.outputs[0]].shape[:-2]) * m * k * n


def _batch_strides(shape: tuple[int, ...], batch: tuple[int, ...]) -> list[int]:
    """Element strides of each of the BATCH_DIMS (leading ones padded) batch dimensions; 0 where broadcast."""
    shape = (1,) * (len(batch) - (len(shape) - 2)) + tuple(shape)
    matrix = shape[-1] * shape[-2]
    strides, step = [], matrix
    for d, want in zip(reversed(shape[:-2]), reversed(batch)):
        strides.insert(0, step if d == want else 0)
        step *= d
    return [0] * (BATCH_DIMS - len(strides)) + strides


def lower(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    m, k, n = dims(ctx.graph, op)
    batch = tuple(out.shape[:-2])
    adj_x, adj_y = op.options.get("adj_x", False), op.options.get("adj_y", False)
    floating = a.dtype is DType.FLOAT32
    multiplier, shift = (0, 0) if floating else quantize_multiplier(
        float(a.quant.scale[0]) * float(b.quant.scale[0]) / float(out.quant.scale[0])
    )  # fmt: skip
    zero = (lambda t: 0) if floating else (lambda t: t.quant.zero_point[0])
    params = [
        ("batch", [1] * (BATCH_DIMS - len(batch)) + list(batch)),
        ("a_batch_strides", _batch_strides(a.shape, batch)), ("b_batch_strides", _batch_strides(b.shape, batch)),
        ("rows", m), ("depth", k), ("cols", n),
        ("a_row_stride", 1 if adj_x else k), ("a_depth_stride", m if adj_x else 1),
        ("b_depth_stride", 1 if adj_y else n), ("b_col_stride", k if adj_y else 1),
        ("a_offset", -zero(a)), ("b_offset", -zero(b)),
        ("output_offset", zero(out)), ("output_multiplier", multiplier), ("output_shift", shift),
    ]  # fmt: skip
    rhs = ctx.weights(op.inputs[1]) if b.is_constant else ctx.input(op, 1)
    fam = BATCH_MATMUL_F32 if floating else BATCH_MATMUL_S16 if a.dtype is DType.INT16 else BATCH_MATMUL
    chosen = ctx.pick(fam)
    return ctx.layer(op, chosen, fam, params, [ctx.input(op, 0), rhs, ctx.output(op)], macs(ctx.graph, op))


CONTRACT = OpContract(
    kinds={
        OpKind.BATCH_MATMUL: Kind(4, (2, 2)),
    },
    forms={None: Form(check, lower, (BATCH_MATMUL, BATCH_MATMUL_S16, BATCH_MATMUL_F32), macs=macs)},
)
