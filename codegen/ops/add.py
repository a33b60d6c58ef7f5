"""ADD of two int8 tensors of the same shape."""

from __future__ import annotations

from codegen.ir import DType, Graph, Op, OpKind, Tensor
from codegen.ops.common import Layer, LowerContext, expect_activation, expect_dtype, expect_quant, fail, no_macs
from codegen.ops.kernels import family
from codegen.quant import activation_range, quantize_multiplier

KINDS = (OpKind.ADD,)
ADD = family("ADD", "rvfw_add_params", "add_s8", ("ref", "rvv", "xthead"))
FAMILIES = (ADD,)
macs = no_macs
LEFT_SHIFT = 20  # headroom bits for int8 inputs, as in TFLM


def check(graph: Graph, op: Op) -> None:
    a = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8)
    b = expect_dtype(graph, op, op.inputs[1], "input", DType.INT8)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    for t, role in ((a, "input"), (b, "input"), (out, "output")):
        expect_quant(graph, op, t, role)
    if a.shape != b.shape or a.shape != out.shape:
        raise fail(graph, op, f"broadcasting {list(a.shape)} + {list(b.shape)} not supported")
    if a.is_constant or b.is_constant:
        raise fail(graph, op, "constant inputs not supported")
    expect_activation(graph, op)


def add_params(a: Tensor, b: Tensor, out: Tensor, activation: str, size: int) -> list[tuple[str, int]]:
    """The rvfw_add_params fields for out = a + b over `size` elements."""
    sa, sb, so = a.quant.scale[0], b.quant.scale[0], out.quant.scale[0]
    twice_max_input_scale = 2 * max(sa, sb)
    m1, s1 = quantize_multiplier(sa / twice_max_input_scale)
    m2, s2 = quantize_multiplier(sb / twice_max_input_scale)
    mo, so_shift = quantize_multiplier(twice_max_input_scale / ((1 << LEFT_SHIFT) * so))
    act_min, act_max = activation_range(activation, so, out.quant.zero_point[0])
    return [
        ("size", size),
        ("left_shift", LEFT_SHIFT),
        ("input1_offset", -a.quant.zero_point[0]), ("input1_multiplier", m1), ("input1_shift", s1),
        ("input2_offset", -b.quant.zero_point[0]), ("input2_multiplier", m2), ("input2_shift", s2),
        ("output_offset", out.quant.zero_point[0]), ("output_multiplier", mo), ("output_shift", so_shift),
        ("output_activation_min", act_min),
        ("output_activation_max", act_max),
    ]  # fmt: skip


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """Elementwise: each output byte is written after its inputs are read; either input, no scratch."""
    return [(t, 0) for t in op.inputs[:2]]


def lower(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    params = add_params(a, b, out, expect_activation(ctx.graph, op), out.num_elements)
    args = [ctx.input(op, 0), ctx.input(op, 1), ctx.output(op)]
    return ctx.layer(op, ctx.pick(ADD), ADD, params, args)
