"""CAST between integer and float32 dtypes, as TFLite Micro's kernel: integers wrap to the
narrower type (a C conversion), float32 to an integer truncates toward zero and saturates to its
range (NaN to 0, measured on TFLite Micro's interpreter). The
Signal library's front end casts between uint32 and int32, and int16 and int8 to int32."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import Need, family

# The RVV and fast scalar kernels take int8, int16, int32 and uint32 (the lowering picks the
# reference for the others).
# The fast kernels convert between the integer types up to 32 bits; the rest, the reference.
NARROW = Need("narrow", (True,), "{conversion}")
CAST = family("CAST", "rvfw_cast_params", "cast", ("ref", "scalar", "rvv"), needs={"scalar": NARROW, "rvv": NARROW})
# The kernel's dtype codes (rvfw_kernels.h RVFW_CAST_*)
CODES = {DType.INT8: 1, DType.INT16: 2, DType.INT32: 3, DType.INT64: 4, DType.UINT8: 5, DType.FLOAT32: 6,
         DType.BOOL: 7, DType.UINT32: 8, DType.UINT64: 9}  # fmt: skip


def check(graph: Graph, op: Op) -> None:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    for t, role in ((inp, "input"), (out, "output")):
        if t.dtype not in CODES:
            raise fail(graph, op, f"{t.dtype.name.lower()} {role} not supported")
    if inp.num_elements != out.num_elements:
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    """A constant input: converted at build time (numpy's astype is C's conversion for these)."""
    data, out = graph.tensors[op.inputs[0]].data, graph.tensors[op.outputs[0]]
    if data.dtype.kind == "f" and out.dtype is not DType.FLOAT32:
        return None  # out-of-range floats: leave the device's conversion to say what it does
    return [data.astype(out.dtype.np_type).reshape(out.shape)]


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    params = [("count", out.num_elements), ("from", CODES[inp.dtype]), ("to", CODES[out.dtype])]
    # Any dtype; a constant input fold() left (floats to integers) is converted from flash.
    source = ctx.weights(op.inputs[0]) if inp.is_constant else ctx.input(op)
    args = [replace(source, c_type="void"), replace(ctx.output(op), c_type="void")]
    narrow = {DType.INT8, DType.INT16, DType.INT32, DType.UINT32}
    lanes = inp.dtype in narrow and out.dtype in narrow
    what = f"{inp.dtype.name.lower()} -> {out.dtype.name.lower()}"
    return ctx.layer(op, ctx.pick(CAST, {"narrow": lanes, "conversion": what}), CAST, params, args)


CONTRACT = OpContract(
    kinds={OpKind.CAST: Kind(6, (1, 1))},  # versions add dtypes; the check names those it lacks
    forms={None: Form(check, lower, (CAST,))},
    fold=fold,
)
