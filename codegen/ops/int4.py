"""int4 weights kept packed in flash (issue 46): a CONV_2D, DEPTHWISE_CONV_2D or FULLY_CONNECTED
whose filter the model stores two values a byte (Tensor.packed4) runs as its int8 form, but the
int8 weights array its kernel reads (the filter itself, or a kernel set's repacked copy of it: every
value still fits 4 bits) is emitted as nibbles, low one first, and one call before the layer
unpacks it into the end of the layer's scratch (planner.analysis gives the room). TFLite Micro
unpacks int4 filters once, into its arena, for good; rvfw's RAM holds one layer's at a time.

Not an op module (no CONTRACT): the conv and fully-connected forms list UNPACK4 among their
families, and ops.lower_ops calls `unpack_before`."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import Arg, Layer, LowerContext
from codegen.ops.kernels import family

UNPACK4 = family("int4 weights unpacked into the layer's scratch", "rvfw_unpack4_params", "unpack_s4",
                 ("ref", "scalar", "rvv"))  # fmt: skip
WEIGHTED = (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D, OpKind.FULLY_CONNECTED)
ALIGN = 16


def packed_filter(graph: Graph, op: Op) -> int:
    """The op's int4 filter tensor, or -1."""
    if op.kind in WEIGHTED and len(op.inputs) > 1 and op.inputs[1] >= 0 and graph.tensors[op.inputs[1]].packed4:
        return op.inputs[1]
    return -1


def unpack_bytes(graph: Graph, op: Op) -> int:
    """The scratch the op's unpacked weights take (after its own scratch), or 0."""
    index = packed_filter(graph, op)
    return 0 if index < 0 else -(-graph.tensors[index].num_elements // ALIGN) * ALIGN


def pack(values: np.ndarray) -> np.ndarray:
    """int8 values in [-8, 7] as nibbles, two a byte, low one first (TFLite's int4 layout)."""
    flat = np.asarray(values, dtype=np.int8).reshape(-1)
    assert flat.size == 0 or (flat.min() >= -8 and flat.max() <= 7), "not int4 values"
    nibbles = (flat.astype(np.int16) & 0xF).astype(np.uint8)
    if nibbles.size % 2:
        nibbles = np.append(nibbles, np.uint8(0))
    return (nibbles[0::2] | (nibbles[1::2] << 4)).astype(np.uint8)


def unpack_before(ctx: LowerContext, op: Op, layers: list[Layer]) -> list[Layer]:
    """The op's layers reading their int8 weights from the scratch, after the call that unpacks
    them there from the packed flash copy."""
    if packed_filter(ctx.graph, op) < 0 or not layers:
        return layers
    buffer = next(b for b in ctx.plan.buffers if b.scratch_of == op.index and not b.spare)
    where = ctx.plan.scratch_offsets[op.index] + buffer.size - unpack_bytes(ctx.graph, op)
    out, unpacked = [], None
    for layer in layers:
        args = list(layer.args)
        for k, arg in enumerate(args):
            if arg.kind != "const" or arg.c_type != "int8_t" or ctx.constants[arg.name].role != "weights":
                continue
            if unpacked is None:  # the first int8 weights array: the one the unpack region holds
                values = ctx.constants[arg.name].values
                packed = ctx.derived(op, "int4", "uint8_t", pack(values), role="weights")
                target = Arg("arena", "int8_t", offset=where)
                out.append(ctx.layer(op, ctx.pick(UNPACK4), UNPACK4, [("count", int(values.size))],
                                     [packed, target]))  # fmt: skip
                unpacked = (arg.name, target)
            if arg.name == unpacked[0]:
                args[k] = unpacked[1]
        out.append(replace(layer, args=args))
    return out
