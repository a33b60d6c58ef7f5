"""TFLite Micro's Signal library: the state its audio front end's custom ops keep (frontend.custom
reads the ops themselves).

One of these ops keeps state between invocations in TFLite Micro's persistent buffers, outside any
tensor: SignalFilterBankSpectralSubtraction's noise estimate (reset to 0). rvfw gives it a
variable tensor of its own (the state area, reset like an LSTM's), as the op's last input.
"""

from __future__ import annotations

import dataclasses

from codegen.ir import DType, Op, OpKind, Tensor


def add_state(tensors: list[Tensor], ops: list[Op]) -> tuple[list[Tensor], list[Op]]:
    """Give each spectral subtraction its noise estimate: a uint32 variable tensor of its output's
    shape, appended to the tensors and to the op's inputs."""
    out_tensors, out_ops = list(tensors), []
    for op in ops:
        if op.kind is OpKind.SIGNAL_SPECTRAL_SUBTRACTION and op.outputs and 0 <= op.outputs[0] < len(tensors):
            shape = tensors[op.outputs[0]].shape
            state = Tensor(index=len(out_tensors), name=f"op{op.index}_noise_estimate", shape=shape,
                           dtype=DType.UINT32, is_variable=True)  # fmt: skip
            out_tensors.append(state)
            op = dataclasses.replace(op, inputs=(*op.inputs, state.index))
        out_ops.append(op)
    return out_tensors, out_ops
