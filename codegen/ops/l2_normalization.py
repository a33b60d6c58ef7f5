"""L2_NORMALIZATION, int8, over the last axis: TFLite Micro's integer form (the sum of squares of
the zero-point-free inputs, its inverse square root by Newton-Raphson, an output of scale 1/128
and zero point 0, which TFLite Micro requires); float32 as its float kernel (the square root of the
sum of squares, at least 1e-6, divides each input)."""

from __future__ import annotations

import math

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_dtype, expect_int8_same_shape, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family
from codegen.ops.tflm_set import litert_semantics

L2 = family("L2_NORMALIZATION", "rvfw_l2norm_params", "l2_normalization_s8", ("ref",))
L2_F32 = family("L2_NORMALIZATION float32", "rvfw_l2norm_params", "l2_normalization_f32", ("ref",))


def uint8_output(graph: Graph, op: Op, out) -> bool:
    """A legacy uint8 model's (passes.uint8_as_int8): its output 1/128 at zero point 128, moved to 0."""
    moved = (out.quant.scale[0], out.quant.zero_point[0]) == (1 / 128, 0)
    return op.from_uint8 and moved


def check(graph: Graph, op: Op) -> None:
    if graph.tensors[op.inputs[0]].dtype is DType.FLOAT32:
        inp = graph.tensors[op.inputs[0]]
        out = expect_dtype(graph, op, op.outputs[0], "output", DType.FLOAT32)
        if inp.shape != out.shape:
            raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")
    else:
        _inp, out = expect_int8_same_shape(graph, op)
        if (out.quant.scale[0], out.quant.zero_point[0]) != (1 / 128, 0) and not uint8_output(graph, op, out):
            raise fail(graph, op, "output scale must be 1/128 and zero point 0 (as TFLite Micro requires)")
    if op.options.get("activation", "NONE") != "NONE":
        raise fail(graph, op, f"fused activation {op.options['activation']} not supported")


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp = ctx.tensor(op.inputs[0])
    depth = inp.shape[-1] if inp.shape else 1
    floating = inp.dtype is DType.FLOAT32
    zero_point = 0 if floating else inp.quant.zero_point[0]
    params = [("outer", math.prod(inp.shape[:-1])), ("depth", depth), ("input_zero_point", zero_point),
              ("times128", int(litert_semantics(ctx.graph)))]  # fmt: skip
    fam = L2_F32 if floating else L2
    return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op)])


CONTRACT = OpContract(
    kinds={
        OpKind.L2_NORMALIZATION: Kind(2, (1, 1)),
    },
    forms={None: Form(check, lower, (L2, L2_F32))},
)
