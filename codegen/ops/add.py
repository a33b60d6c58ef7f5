"""ADD of two int8 tensors: the same-shape form (vector kernels; the residual ADD the conv
lowering fuses) and, for broadcasting or a constant operand, the broadcasting reference kernel
ops.binary shares with SUB; its int16 and float32 forms are ops.binary's."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen import fixedpoint as fp
from codegen.ir import DType, Graph, Op, OpKind, Tensor
from codegen.ops import binary
from codegen.ops.broadcast import broadcast_layout
from codegen.ops.common import Layer, LowerContext, Operands, expect_activation
from codegen.ops.contract import STREAMED_DTYPES, Form, Kind, OpContract, Rows
from codegen.ops.kernels import Need, family

ADD = family("ADD fused into a conv (row by row)", "rvfw_add_params", "add_s8", ("ref", "rvv", "xthead"), ("ADD",))
# A layer's own ADD (not the residual ADD a conv's band runs, which takes ADD): the fast scalar
# kernel looks each input's rescaled term up in tables it fills in spare scratch.
TABLE_BYTES = 2 * 256 * 4
IO = ("input1", "input2", "output")
ADD_LAYER = family("ADD", "rvfw_add_params", "add_s8", ("ref", "scalar", "rvv", "xthead"), ("ADD",),
                   args={"ref": IO, "scalar": (*IO, "tables"), "rvv": IO, "xthead": IO})  # fmt: skip
# With flash to spend (not `--optimize size`) and elements enough to earn it, the fast scalar kernel
# reads the two tables from flash, made here (term_tables), where the plan had no spare scratch
# (IC's residual ADDs on CV32E40P: 60 cycles an element, three high multiplies of 5 cycles each).
TABLE_MIN = 1024
ADD_TABLES = replace(
    ADD_LAYER.variant("ADD, rescaled terms from flash tables", {"scalar": "add_table_s8_scalar"},
                      {"scalar": ("input1", "input2", "terms", "output")}),
    tables=frozenset({"scalar"}),  # a speed table: `--optimize size` passes it over
).requiring({"scalar": Need("elements", minimum=TABLE_MIN, why="{value} elements")})  # fmt: skip
ADD_BROADCAST = family(
    "ADD with broadcasting", "rvfw_binary_params", "add_broadcast_s8", ("ref", "scalar", "rvv", "xthead"), ("ADD",)
)


def check(graph: Graph, op: Op) -> None:
    binary.check_operands(graph, op)
    expect_activation(graph, op)


def same_shape(graph: Graph, op: Op) -> bool:
    a, b, out = (graph.tensors[t] for t in (*op.inputs[:2], op.outputs[0]))
    return a.shape == b.shape == out.shape and not a.is_constant and not b.is_constant


def add_params(a: Tensor, b: Tensor, out: Tensor, activation: str, size: int) -> list[tuple[str, int]]:
    """The rvfw_add_params fields for out = a + b over `size` elements; fast_requant where the
    inputs' shifts are right shifts of 0 to 29 bits and the output's of 1 to 29 (an input term,
    (x - z) << 20 with |x - z| <= 255, and a sum of two terms each at most half that stay below
    2^29: rvfw_requantize_right0 and rvfw_requantize_right are exact)."""
    fields = binary.rescaled_sum_params(a, b, out, activation)
    f = dict(fields)
    fast = (f["left_shift"] == binary.LEFT_SHIFT and all(-29 <= f[k] <= 0 for k in ("input1_shift", "input2_shift"))
            and -29 <= f["output_shift"] <= -1)  # fmt: skip
    return [("size", size), *fields, ("fast_requant", int(fast))]


def spare_scratch(graph: Graph, op: Op) -> int:
    """The fast scalar kernel's rescaling tables, where the plan has the room for free."""
    return TABLE_BYTES if same_shape(graph, op) else 0


def lower(ctx: LowerContext, op: Op) -> Layer:
    a, b, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    activation = expect_activation(ctx.graph, op)
    if same_shape(ctx.graph, op):
        params = add_params(a, b, out, activation, out.num_elements)
        operands: Operands = {
            "input1": lambda: ctx.input(op, 0),
            "input2": lambda: ctx.input(op, 1),
            "output": lambda: ctx.output(op),
            "tables": lambda: replace(ctx.spare_scratch(op), c_type="int32_t"),
            "terms": lambda: ctx.derived(op, "terms", "int32_t", term_tables(dict(params))),
        }
        # Where the plan found free RAM for them, add_s8_scalar fills its tables there: no flash spent.
        facts = {"elements": 0 if op.index in ctx.plan.spare_offsets else out.num_elements}
        fam, chosen = ctx.pick_tuned((ADD_TABLES,), ADD_LAYER, facts)
        return ctx.layer(op, chosen, fam, params, operands)
    params = broadcast_layout(a.shape, b.shape, out.shape) + binary.quant_params(ctx.graph, op)
    args = [binary.operand(ctx, op, 0), binary.operand(ctx, op, 1), ctx.output(op)]
    return ctx.layer(op, ctx.pick(ADD_BROADCAST), ADD_BROADCAST, params, args)


def term_tables(f: dict[str, int]) -> np.ndarray:
    """add_table_s8_scalar's tables: for each input and every int8 x (index x + 128), its rescaled
    term as the reference computes it: MultiplyByQuantizedMultiplierSmallerThanOneExp((x + offset)
    << left_shift, multiplier, shift)."""
    rows = []
    for which in ("input1", "input2"):
        off, m, sh = f[f"{which}_offset"], f[f"{which}_multiplier"], f[f"{which}_shift"]
        rows.append([fp.multiply_by_quantized_multiplier((x + off) * (1 << f["left_shift"]), m, sh)
                     for x in range(-128, 128)])  # fmt: skip
    return np.array(rows, dtype=np.int32).reshape(-1)


def rows(graph: Graph, op: Op) -> Rows | None:
    """An ADD of two activations of the output's shape streams row by row (the tiled stage)."""
    out = graph.tensors[op.outputs[0]]
    ins = [graph.tensors[t] for t in op.inputs[:2]]
    if any(t.is_constant or tuple(t.shape) != tuple(out.shape) for t in ins) or ins[0].dtype not in STREAMED_DTYPES:
        return None
    return Rows("rows")


CONTRACT = OpContract(
    kinds={OpKind.ADD: Kind(4, (2, 2))},
    forms={
        DType.INT16: Form(
            binary.check_s16, binary.lower_s16, (binary.S16[OpKind.ADD],), inplace=binary.inplace, rows=rows
        ),
        DType.FLOAT32: Form(
            binary.check_f32, binary.lower_f32, (binary.F32[OpKind.ADD],), inplace=binary.inplace, rows=rows
        ),
        DType.INT32: Form(binary.check_s32, binary.lower_s32, (binary.S32[OpKind.ADD],)),
        DType.INT64: Form(binary.check_s32, binary.lower_s32, (binary.S64[OpKind.ADD],)),
        None: Form(
            check,
            lower,
            (ADD, ADD_LAYER, ADD_TABLES, ADD_BROADCAST),
            inplace=binary.inplace,
            spare_scratch=spare_scratch,
            rows=rows,
        ),
    },
    fold=binary.fold,
)
