"""TFLite Micro's Signal library: the state its custom ops keep between invocations in TFLite
Micro's persistent buffers, outside any tensor (frontend.custom reads the ops themselves). rvfw
gives each piece a variable tensor of its own (the state area, reset like an LSTM's), appended to
the op's inputs, so the planner, the reset and the multi-model partitions treat it as any state:

- SignalFilterBankSpectralSubtraction: its noise estimate (uint32 per channel, reset to 0).
- SignalFramer: the samples not yet framed (int16, per outer row) and how many are held (int32:
  frame_size - frame_step zeros when `prefill`, else none).
- SignalStacker: the frames not yet stacked (int16) and two int32 counters (samples held, and
  whether the first frame has been replicated into the left context).
- SignalDelay: the last delay_length samples of each row (int16, reset to 0).
- SignalOverlapAdd: the running sum of each row's overlapping frames (int16 or float32, reset to 0).
- CIRCULAR_BUFFER (TFLite Micro's own streaming op): the slots its output shifts (int8, reset to
  0: TFLite Micro's output holds whatever its arena held until every slot was written).

The sizes come from the options, which a stranger wrote. Each piece gets the size its kernel
needs, never less: a size that is not positive gets one sample (the op's check, ops.signal_stream,
refuses those options, naming them), and a state over MAX_STATE elements is refused here, at load,
in one line naming the op. The op's check then proves the state tensors hold what the kernel
reads and writes, and its lowering takes the kernel's sizes from those tensors: the record the
plan allots memory from is the one the kernel is sized by.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from codegen.errors import ModelError
from codegen.ir import DType, Op, OpKind, Tensor

MAX_STATE = 1 << 20  # samples: an audio front end holds a few frames; more is not these ops


def _int(op: Op, name: str) -> int:
    value = op.options.get(name, 0)
    return int(value) if isinstance(value, (bool, int)) else 0


def _rows_and_inner(tensors: list[Tensor], op: Op) -> tuple[int, int]:
    if not op.inputs or not 0 <= op.inputs[0] < len(tensors) or not tensors[op.inputs[0]].shape:
        return 1, 1
    shape = tensors[op.inputs[0]].shape
    inner = max(int(shape[-1]), 1)
    return max(int(np.prod(shape, dtype=np.int64)) // inner, 1), inner


def _positive(n: int) -> int:
    """A size from the options: itself, or 1 where it is not positive (the op's check refuses it)."""
    return n if n >= 1 else 1


def _pieces(tensors: list[Tensor], op: Op) -> list[tuple[str, tuple[int, ...], DType, np.ndarray | None]]:
    rows, inner = _rows_and_inner(tensors, op)
    if op.kind is OpKind.SIGNAL_SPECTRAL_SUBTRACTION:
        shape = tensors[op.outputs[0]].shape if op.outputs and 0 <= op.outputs[0] < len(tensors) else (1,)
        return [("noise_estimate", shape, DType.UINT32, None)]
    if op.kind is OpKind.SIGNAL_FRAMER:
        size, step = _int(op, "frame_size"), _int(op, "frame_step")
        capacity = _positive(-(-size // step) * step if step > 0 else 1)
        held = size - step if op.options.get("prefill", False) and 0 < step <= size else 0
        return [("frames", (_positive(rows), capacity), DType.INT16, None),
                ("held", (1,), DType.INT32, np.array([held], np.int32))]  # fmt: skip
    if op.kind is OpKind.SIGNAL_STACKER:
        channels = _int(op, "num_channels")
        size = channels * (_int(op, "stacker_left_context") + _int(op, "stacker_right_context") + 1)
        return [("stack", (_positive(size),), DType.INT16, None), ("counters", (2,), DType.INT32, None)]
    if op.kind is OpKind.SIGNAL_DELAY:
        return [("delayed", (_positive(rows), _positive(_int(op, "delay_length"))), DType.INT16, None)]
    if op.kind is OpKind.CIRCULAR_BUFFER:
        shape = tensors[op.outputs[0]].shape if op.outputs and 0 <= op.outputs[0] < len(tensors) else (1,)
        count = int(np.prod(shape, dtype=np.int64)) if shape else 1
        return [("slots", (_positive(count),), DType.INT8, None)]
    if op.kind is OpKind.SIGNAL_OVERLAP_ADD:
        dtype = tensors[op.inputs[0]].dtype if op.inputs and 0 <= op.inputs[0] < len(tensors) else DType.INT16
        frames = tensors[op.inputs[0]].shape[-2] if len(tensors[op.inputs[0]].shape) >= 2 else 1
        rows = max(rows // max(int(frames), 1), 1)
        return [("sum", (_positive(rows), _positive(inner)), dtype, None)]
    return []


def add_state(tensors: list[Tensor], ops: list[Op], label: str = "model") -> tuple[list[Tensor], list[Op]]:
    """Each stateful Signal op's state tensors, appended to the tensors and to the op's inputs; a
    state over MAX_STATE elements is refused (ModelError naming the op)."""
    out_tensors, out_ops = list(tensors), []
    for op in ops:
        added = []
        for name, shape, dtype, initial in _pieces(tensors, op):
            count = 1
            for d in shape:
                count *= int(d)
            if count > MAX_STATE:
                raise ModelError(label, f"its {name} state would hold {count:,} elements, over the "
                                 f"{MAX_STATE:,} these streaming ops keep", op.index, op.kind.name)  # fmt: skip
            state = Tensor(index=len(out_tensors), name=f"op{op.index}_{name}", shape=tuple(shape), dtype=dtype,
                           is_variable=True, initial=initial)  # fmt: skip
            out_tensors.append(state)
            added.append(state.index)
        if added:
            op = dataclasses.replace(op, inputs=(*op.inputs, *added))
        out_ops.append(op)
    return out_tensors, out_ops
