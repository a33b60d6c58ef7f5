"""CIRCULAR_BUFFER (TFLite Micro's custom op for strided streaming models): each invocation shifts
the output's num_slots slots by one and writes the input into the last, so the output holds the
last num_slots inputs. TFLite Micro keeps them in the output tensor itself, relying on its arena
not reusing that memory between invocations, and its output holds whatever the arena held until
every slot has been written; rvfw keeps them in a state tensor (frontend.signal), zeros at first,
and copies them to the output.

Input [1, 1, W, D], output [1, num_slots, W, D], int8, one quantisation. TFLite Micro runs the rest
of the graph only every cycles_max-th invocation (returning kTfLiteAbort in between), a period it
guesses from the output's shape and a process-wide count of the circular buffers it prepared when
the option is absent; rvfw takes the form that runs every invocation (cycles_max 1, or absent with
5, 13 or 25 slots, TFLite Micro's own guess of 1) and refuses the others in one line."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_dtype, expect_quant, expect_state, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

CIRCULAR = family("CIRCULAR_BUFFER", "rvfw_circular_buffer_params", "circular_buffer_s8", ("ref",),
                  ("CIRCULAR_BUFFER",))  # fmt: skip
EVERY_INVOCATION_SLOTS = (5, 13, 25)  # TFLite Micro's guess of cycles_max 1 when the option is absent


def check(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    expect_quant(graph, op, inp, "input")
    expect_quant(graph, op, out, "output")
    if (inp.quant.scale, inp.quant.zero_point) != (out.quant.scale, out.quant.zero_point):
        raise fail(graph, op, "input and output quantisation differ (TFLite Micro copies the bytes)")
    if len(inp.shape) != 4 or len(out.shape) != 4 or inp.shape[1] != 1 or inp.shape[0] != out.shape[0] or (
            inp.shape[2:] != out.shape[2:]) or inp.shape[0] != 1:  # fmt: skip
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)}: [1, 1, W, D] into "
                   "[1, slots, W, D] expected")  # fmt: skip
    expect_state(graph, op, 0, (int(np.prod(out.shape, dtype=np.int64)),))
    cycles = op.options.get("cycles_max")
    if cycles is None or isinstance(cycles, float) or int(cycles) <= 0:
        cycles = 1 if out.shape[1] in EVERY_INVOCATION_SLOTS else 2
    if int(cycles) != 1:
        raise fail(graph, op, f"cycles_max {int(cycles)}: a graph that runs every {int(cycles)}th invocation "
                   "(TFLite Micro aborts it in between) not supported")  # fmt: skip


def lower(ctx: LowerContext, op: Op) -> Layer:
    out = ctx.tensor(op.outputs[0])
    slots, depth = out.shape[1], out.shape[2] * out.shape[3]
    assert slots * depth == ctx.tensor(op.inputs[1]).shape[0], "check() proved the state holds every slot"
    params = [("slots", slots), ("depth", depth)]
    args = [ctx.input(op), ctx.arena(op.inputs[1]), ctx.output(op)]
    return ctx.layer(op, ctx.pick(CIRCULAR), CIRCULAR, params, args)


CONTRACT = OpContract(
    kinds={OpKind.CIRCULAR_BUFFER: Kind(1, (2, 2))},  # its input, then frontend.signal's state tensor
    forms={None: Form(check, lower, (CIRCULAR,))},
)
