"""READ_VARIABLE and ASSIGN_VARIABLE of resource variables, as frontend.resources leaves them: a
read copies the variable (a tensor of the state area) into an activation, an assignment copies a
value into the variable, both in the model's order (passes.reorder keeps it)."""

from __future__ import annotations

from codegen.ir import Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family
from codegen.ops.movement import MAX_DIMS

# The strided-copy kernels of the data movement ops, as one contiguous run of bytes.
COPY = family("variable copy (strided copy)", "rvfw_copy_strided_params", "copy_strided",
              ("ref", "scalar", "rvv", "xthead"), ("READ_VARIABLE", "ASSIGN_VARIABLE"))  # fmt: skip


def check(graph: Graph, op: Op) -> None:
    src, dst = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    variable = src if op.kind is OpKind.READ_VARIABLE else dst
    if not variable.is_variable:
        raise fail(graph, op, "its variable is not a resource variable")
    if src.dtype is not dst.dtype or src.num_elements != dst.num_elements:
        raise fail(graph, op, f"{src.dtype.name.lower()} {list(src.shape)} into {dst.dtype.name.lower()} "
                   f"{list(dst.shape)}: a variable keeps its type and size")  # fmt: skip
    if src.quant != dst.quant:
        raise fail(graph, op, "the value and the variable are quantised differently")


def lower(ctx: LowerContext, op: Op) -> Layer:
    """One contiguous copy of the bytes, on the strided-copy kernels (byte elements, so the vector
    ones take it)."""
    nbytes = ctx.tensor(op.inputs[0]).nbytes
    params = [("dims", [1] * (MAX_DIMS - 1) + [nbytes]), ("strides", [0] * (MAX_DIMS - 1) + [1]), ("offset", 0),
              ("elem_size", 1)]  # fmt: skip
    picked = ctx.pick(COPY, {"element_size": 1})
    return ctx.layer(op, picked, COPY, params, [ctx.arena(op.inputs[0], "input"), ctx.output(op)])


CONTRACT = OpContract(
    kinds={
        OpKind.READ_VARIABLE: Kind(1, (1, 1)),  # as frontend.resources rewrites them
        OpKind.ASSIGN_VARIABLE: Kind(1, (1, 1)),
    },
    forms={None: Form(check, lower, (COPY,))},
)
