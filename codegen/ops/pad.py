"""PAD and PADV2, any dtype: the input copied into the middle of the output, the border filled with the
output zero point (PAD: the value 0 of the real domain) or PADV2's constant value (its raw byte,
in the output's quantisation, as TFLite Micro requires). Up to 4-D; input and output share scale
and zero point, so bytes are copied unchanged."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_constant,
    expect_dtype,
    expect_same_quant,
    fail,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

PAD = family("PAD", "rvfw_pad_params", "pad_s8", ("ref", "scalar", "rvv"))
QUANTISED = (DType.INT8, DType.UINT8, DType.INT16)  # int32, int64, float32 and bool pad with 0 or PADV2's value
DTYPES = (*QUANTISED, DType.INT32, DType.INT64, DType.FLOAT32, DType.BOOL)
MAX_RANK = 4


def paddings(graph: Graph, op: Op) -> np.ndarray:
    """[rank, 2]: elements before and after, per dimension."""
    return graph.tensors[op.inputs[1]].data.astype(np.int64).reshape(-1, 2)


def pad_value(graph: Graph, op: Op) -> int | float:
    """The fill: PADV2's constant value when it has one, else the output zero point (0 for float)."""
    value = op.inputs[2] if op.kind is OpKind.PADV2 and len(op.inputs) > 2 else -1
    if value < 0:  # int32 pads with 0, as float32 (TFLite Micro reads no zero point for them)
        out = graph.tensors[op.outputs[0]]
        return out.quant.zero_point[0] if out.quant and out.dtype in QUANTISED else 0
    return graph.tensors[value].data.reshape(-1)[0].item()


def fill_bits(graph: Graph, op: Op) -> int:
    """The fill element's raw bits (little-endian, as the kernel repeats them byte by byte)."""
    dtype = graph.tensors[op.inputs[0]].dtype
    raw = np.array([pad_value(graph, op)], dtype=dtype.np_type).tobytes()
    return int.from_bytes(raw, "little", signed=True)


def check(graph: Graph, op: Op) -> None:
    if op.kind is OpKind.PADV2 and len(op.inputs) > 2 and op.inputs[2] >= 0:
        data = graph.tensors[op.inputs[0]].dtype
        value = expect_dtype(graph, op, op.inputs[2], "constant value", data)
        expect_constant(graph, op, op.inputs[2], "constant value")
        if value.num_elements != 1:
            raise fail(graph, op, "the constant value must be one element")
        if data in QUANTISED:
            expect_same_quant(graph, op, value, graph.tensors[op.outputs[0]])
    # bool: LiteRT pads it (with false, or PADV2's value); TFLite Micro stops on it
    inp = expect_dtype(graph, op, op.inputs[0], "input", *DTYPES)
    out = expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
    if inp.dtype in QUANTISED:
        expect_same_quant(graph, op, inp, out)
    expect_dtype(graph, op, op.inputs[1], "paddings", DType.INT32, DType.INT64)
    expect_constant(graph, op, op.inputs[1], "paddings")
    # the kernels repeat a fill of at most four bytes: an int64 one must be 0 or -1
    if inp.dtype is DType.INT64 and pad_value(graph, op) not in (0, -1):
        raise fail(graph, op, f"int64 fill value {pad_value(graph, op)} not supported (0 or -1)")
    if not 1 <= len(inp.shape) <= MAX_RANK:
        raise fail(graph, op, f"rank {len(inp.shape)} not supported (1 to {MAX_RANK})")
    pads = graph.tensors[op.inputs[1]]
    if pads.num_elements != 2 * len(inp.shape):
        raise fail(graph, op, f"paddings of {pads.num_elements} values for a rank-{len(inp.shape)} input")
    amounts = paddings(graph, op)
    if (amounts < 0).any():
        raise fail(graph, op, "negative paddings not supported")
    expected = tuple(int(d + a + b) for d, (a, b) in zip(inp.shape, amounts))
    if expected != out.shape:
        raise fail(graph, op, f"output {list(out.shape)} is not the padded input {list(expected)}")


def fold(graph: Graph, op: Op) -> list[np.ndarray]:
    """A constant input: padded at build time (passes.simplify)."""
    return [np.pad(graph.tensors[op.inputs[0]].data, paddings(graph, op), constant_values=pad_value(graph, op))]


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    lead = MAX_RANK - len(inp.shape)  # as 4-D: leading dimensions of 1 without padding
    in_shape = (1,) * lead + inp.shape
    out_shape = (1,) * lead + out.shape
    before = (0,) * lead + tuple(int(a) for a, _b in paddings(ctx.graph, op))
    size = inp.dtype.size  # as bytes: the innermost dimension counts bytes
    in_shape, out_shape = (*in_shape[:-1], in_shape[-1] * size), (*out_shape[:-1], out_shape[-1] * size)
    before = (*before[:-1], before[-1] * size)
    params = [
        *((f"in_d{k}", in_shape[k]) for k in range(MAX_RANK)),
        *((f"out_d{k}", out_shape[k]) for k in range(MAX_RANK)),
        *((f"before_d{k}", before[k]) for k in range(MAX_RANK)),
        ("pad_value", fill_bits(ctx.graph, op)),
        ("elem_size", size),
    ]
    args = [replace(ctx.input(op), c_type="int8_t"), replace(ctx.output(op), c_type="int8_t")]
    return ctx.layer(op, ctx.pick(PAD), PAD, params, args)


CONTRACT = OpContract(
    kinds={
        OpKind.PAD: Kind(4, (2, 2)),
        OpKind.PADV2: Kind(4, (2, 3), optional=frozenset({2})),
    },
    forms={None: Form(check, lower, (PAD,))},
    fold=fold,
)
