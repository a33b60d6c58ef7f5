"""TFLite Micro's Signal library, the ops that carry audio from one invocation to the next
(frontend.signal gives each its state tensors), computed as its kernels compute them:

- SIGNAL_FRAMER: each row's samples cut into frames of frame_size every frame_step (n_frames =
  samples / frame_step per invocation), the samples not yet framed kept; `prefill` starts with
  frame_size - frame_step zeros. Its second output (bool) is false while a frame lacks samples
  (that frame is not written, as TFLite Micro leaves it).
- SIGNAL_STACKER: each invocation's num_channels samples stacked with stacker_left_context frames
  before and stacker_right_context after (the first frame replicated into the left context), one
  stack every stacker_step frames; its second output (bool) says whether this invocation made one.
- SIGNAL_DELAY: each row delayed by delay_length samples (zeros first).
- SIGNAL_OVERLAP_ADD: frames of frame_size added frame_step apart (int16 saturating, or float32),
  frame_step samples out per frame.

TFLite Micro keeps these in circular buffers; rvfw keeps the same samples in order from the start
of the state (the same values in, the same values out). Every size comes from the options and is
bounded here: TFLite Micro reads them unchecked."""

from __future__ import annotations

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_dtype, expect_state, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family

MAX_STATE = 1 << 20  # samples (frontend.signal bounds its state tensors by the same)
FRAMER = family("SignalFramer", "rvfw_signal_framer_params", "signal_framer_s16", ("ref",), ("SIGNAL_FRAMER",))
STACKER = family("SignalStacker", "rvfw_signal_stacker_params", "signal_stacker_s16", ("ref",), ("SIGNAL_STACKER",))
DELAY = family("SignalDelay", "rvfw_signal_delay_params", "signal_delay_s16", ("ref",), ("SIGNAL_DELAY",))
OVERLAP_ADD = family("SignalOverlapAdd int16", "rvfw_signal_overlap_params", "signal_overlap_add_s16", ("ref",),
                     ("SIGNAL_OVERLAP_ADD",))  # fmt: skip
OVERLAP_ADD_F32 = family("SignalOverlapAdd float32", "rvfw_signal_overlap_params", "signal_overlap_add_f32", ("ref",),
                         ("SIGNAL_OVERLAP_ADD",))  # fmt: skip


def _option(graph: Graph, op: Op, name: str, lo: int, hi: int) -> int:
    value = op.options.get(name)
    if value is None or isinstance(value, float):
        raise fail(graph, op, f"option '{name}' missing or not an integer")
    if not lo <= int(value) <= hi:
        raise fail(graph, op, f"{name} {int(value)} outside [{lo}, {hi}]")
    return int(value)


def _rows(shape: tuple[int, ...], inner_dims: int = 1) -> int:
    rows = 1
    for d in shape[: len(shape) - inner_dims]:
        rows *= d
    return rows


def _valid_output(graph: Graph, op: Op) -> None:
    flag = expect_dtype(graph, op, op.outputs[1], "valid output", DType.BOOL)
    if flag.shape:
        raise fail(graph, op, f"valid output {list(flag.shape)} is not a scalar")


def check(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT16, DType.FLOAT32)
    out = expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
    if inp.dtype is DType.FLOAT32 and op.kind is not OpKind.SIGNAL_OVERLAP_ADD:
        raise fail(graph, op, "float32 not supported (TFLite Micro's kernel takes int16)")
    if not inp.shape:
        raise fail(graph, op, "a scalar input")
    inner = inp.shape[-1]
    if op.kind is OpKind.SIGNAL_FRAMER:
        _valid_output(graph, op)
        size = _option(graph, op, "frame_size", 1, MAX_STATE)
        step = _option(graph, op, "frame_step", 1, size)
        if inner < step or inner % step:
            raise fail(graph, op, f"{inner} samples a row is not a multiple of frame_step {step}")
        if tuple(out.shape) != (*inp.shape[:-1], inner // step, size):
            raise fail(graph, op, f"output {list(out.shape)} is not {[*inp.shape[:-1], inner // step, size]}")
        expect_state(graph, op, 0, (_rows(inp.shape), -(-size // step) * step))
    elif op.kind is OpKind.SIGNAL_STACKER:
        _valid_output(graph, op)
        channels = _option(graph, op, "num_channels", 1, MAX_STATE)
        left = _option(graph, op, "stacker_left_context", 0, MAX_STATE)
        right = _option(graph, op, "stacker_right_context", 0, MAX_STATE)
        _option(graph, op, "stacker_step", 1, left + right + 1)
        if len(inp.shape) != 1 or inp.shape[0] != channels or len(out.shape) != 1:
            raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)}: 1-D, num_channels in")
        if out.shape[0] != channels * (left + right + 1) or out.shape[0] > MAX_STATE:
            raise fail(graph, op, f"output of {out.shape[0]} for {left + right + 1} frames of {channels}")
        expect_state(graph, op, 0, (out.shape[0],))
    elif op.kind is OpKind.SIGNAL_DELAY:
        delay = _option(graph, op, "delay_length", 0, MAX_STATE)
        if tuple(out.shape) != tuple(inp.shape):
            raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")
        expect_state(graph, op, 0, (_rows(inp.shape), max(delay, 1)))
    else:
        step = _option(graph, op, "frame_step", 1, max(inner, 1))
        if len(inp.shape) < 2 or tuple(out.shape) != (*inp.shape[:-2], inp.shape[-2] * step):
            want = [*inp.shape[:-2], inp.shape[-2] * step] if len(inp.shape) >= 2 else "frames x frame_step a row"
            raise fail(graph, op, f"output {list(out.shape)} is not {want}")
        expect_state(graph, op, 0, (_rows(inp.shape, 2), inner))


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp = ctx.tensor(op.inputs[0])
    state = [ctx.arena(t) for t in op.inputs[1:]]
    if op.kind is OpKind.SIGNAL_FRAMER:
        size, step = int(op.options["frame_size"]), int(op.options["frame_step"])
        rows, capacity = ctx.tensor(op.inputs[1]).shape  # the state the plan allots (checked: expect_state)
        params = [("rows", rows), ("frame_size", size), ("frame_step", step),
                  ("frames", inp.shape[-1] // step), ("capacity", capacity)]  # fmt: skip
        args = [ctx.input(op), *state, ctx.output(op), ctx.output(op, 1)]
        return ctx.layer(op, ctx.pick(FRAMER), FRAMER, params, args)
    if op.kind is OpKind.SIGNAL_STACKER:
        channels = int(op.options["num_channels"])
        step = channels * int(op.options["stacker_step"])
        params = [("channels", channels), ("left", int(op.options["stacker_left_context"])),
                  ("size", ctx.tensor(op.outputs[0]).shape[0]), ("step", step)]  # fmt: skip
        args = [ctx.input(op), *state, ctx.output(op), ctx.output(op, 1)]
        return ctx.layer(op, ctx.pick(STACKER), STACKER, params, args)
    if op.kind is OpKind.SIGNAL_DELAY:
        params = [("rows", _rows(inp.shape)), ("frame_size", inp.shape[-1]), ("delay", int(op.options["delay_length"]))]
        return ctx.layer(op, ctx.pick(DELAY), DELAY, params, [ctx.input(op), *state, ctx.output(op)])
    fam = OVERLAP_ADD_F32 if inp.dtype is DType.FLOAT32 else OVERLAP_ADD
    params = [("rows", _rows(inp.shape, 2)), ("frames", inp.shape[-2]), ("frame_size", inp.shape[-1]),
              ("frame_step", int(op.options["frame_step"]))]  # fmt: skip
    return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), *state, ctx.output(op)])


CONTRACT = OpContract(
    kinds={  # inputs: the file's one, then the state tensors frontend.signal appends
        OpKind.SIGNAL_FRAMER: Kind(1, (3, 3), (2, 2), options=("frame_size", "frame_step")),
        OpKind.SIGNAL_STACKER: Kind(1, (3, 3), (2, 2), options=("num_channels", "stacker_step")),
        OpKind.SIGNAL_DELAY: Kind(1, (2, 2), options=("delay_length",)),
        OpKind.SIGNAL_OVERLAP_ADD: Kind(1, (2, 2), options=("frame_step",)),
    },
    forms={None: Form(check, lower, (FRAMER, STACKER, DELAY, OVERLAP_ADD, OVERLAP_ADD_F32))},
)
