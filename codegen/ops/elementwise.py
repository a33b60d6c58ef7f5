"""Float32 elementwise math, one output element from one input element: NEG, FLOOR, CEIL, ROUND,
SQRT, RSQRT, SQUARE, EXP and LOG, each as TFLite Micro's reference computes it in single precision:
-x; floorf; ceilf; rounding half to even (TFLite's RoundToNearest); sqrtf (IEEE, correctly
rounded); 1.0f / sqrtf(x) (two roundings, as TFLite Micro divides); x * x; expf and logf as the
host C library TFLite Micro runs with computes them (rvfw_expf.h, rvfw_logf.h: glibc's algorithms,
to the bit, over the whole float range). Other dtypes are refused in one line naming the dtype."""

from __future__ import annotations

import ctypes
import ctypes.util
from functools import cache

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_float, expect_same_shape
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

KINDS = (OpKind.NEG, OpKind.FLOOR, OpKind.CEIL, OpKind.ROUND, OpKind.SQRT, OpKind.RSQRT, OpKind.SQUARE, OpKind.EXP,
         OpKind.LOG)  # fmt: skip
FAMILY = {kind: family(f"{kind.value} float32", "rvfw_lut_params", f"{kind.value.lower()}_f32", ("ref",), (kind.value,))
          for kind in KINDS}  # fmt: skip


@cache
def _libm(name: str):
    """The host C library's expf or logf: what TFLite Micro's EXP and LOG call on this host."""
    function = getattr(ctypes.CDLL(ctypes.util.find_library("m")), name)
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    return function


def _values(kind: OpKind, x: np.ndarray) -> np.ndarray:
    """The op on float32 values, as the kernels compute it (passes.simplify folds constants so)."""
    x = x.astype(np.float32)
    if kind in (OpKind.EXP, OpKind.LOG):
        f = _libm("expf" if kind is OpKind.EXP else "logf")
        return np.array([f(float(v)) for v in x.reshape(-1)], dtype=np.float32).reshape(x.shape)
    with np.errstate(all="ignore"):
        if kind is OpKind.NEG:
            return -x
        if kind is OpKind.FLOOR:
            return np.floor(x)
        if kind is OpKind.CEIL:
            return np.ceil(x)
        if kind is OpKind.ROUND:
            return np.rint(x)  # half to even, as RoundToNearest
        if kind is OpKind.SQRT:
            return np.sqrt(x)
        if kind is OpKind.RSQRT:
            return np.float32(1.0) / np.sqrt(x)
        return x * x


def check(graph: Graph, op: Op) -> None:
    expect_same_shape(graph, op, *expect_float(graph, op))


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    data = graph.tensors[op.inputs[0]].data
    if graph.tensors[op.inputs[0]].dtype is not DType.FLOAT32:
        return None
    return [_values(op.kind, data)]


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """Each output element depends on its own input element only: over the input, no scratch."""
    return [(op.inputs[0], 0)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    fam = FAMILY[op.kind]
    size = [("size", ctx.tensor(op.inputs[0]).num_elements)]
    return ctx.layer(op, ctx.pick(fam), fam, size, [ctx.input(op), ctx.output(op)])


CONTRACT = OpContract(
    kinds={kind: Kind(1, (1, 1)) for kind in KINDS},
    forms={
        DType.FLOAT32: Form(check, lower, tuple(FAMILY.values()), inplace=inplace),
    },
    fold=fold,
)
