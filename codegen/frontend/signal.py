"""TFLite Micro's Signal library: the custom ops of its audio front end (micro_speech's
audio_preprocessor), read as rvfw op kinds.

A custom op carries its options as a FlexBuffers map (TFLite Micro's kernels read them by their
alphabetical position, which is the map's key order). The values are a stranger's numbers: they
are read here as plain ints and bools, and each op's check (ops.signal) bounds them before any
reaches generated code.

Two of these ops keep state between invocations in TFLite Micro's persistent buffers, outside any
tensor: SignalFilterBankSpectralSubtraction's noise estimate (reset to 0). rvfw gives it a
variable tensor of its own (the state area, reset like an LSTM's), as the op's last input.
"""

from __future__ import annotations

import dataclasses

import flatbuffers.flexbuffers as flexbuffers

from codegen.errors import ModelError
from codegen.ir import DType, Op, OpKind, Tensor

# custom code -> op kind
CUSTOM_KINDS = {
    "SignalWindow": OpKind.SIGNAL_WINDOW,
    "SignalFftAutoScale": OpKind.SIGNAL_FFT_AUTO_SCALE,
    "SignalRfft": OpKind.SIGNAL_RFFT,
    "SignalEnergy": OpKind.SIGNAL_ENERGY,
    "SignalFilterBank": OpKind.SIGNAL_FILTER_BANK,
    "SignalFilterBankSquareRoot": OpKind.SIGNAL_FILTER_BANK_SQUARE_ROOT,
    "SignalFilterBankSpectralSubtraction": OpKind.SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION,
    "SignalPCAN": OpKind.SIGNAL_PCAN,
    "SignalFilterBankLog": OpKind.SIGNAL_FILTER_BANK_LOG,
}
MAX_OPTIONS_BYTES = 4096  # a handful of ints; anything larger is not a Signal op's options
INT32 = (-(2**31), 2**31 - 1)


def read_options(label: str, index: int, custom: str, raw: bytes) -> dict:
    """The op's FlexBuffers map as {name: int or bool}; an empty buffer is an empty map."""
    if not raw:
        return {}
    if len(raw) > MAX_OPTIONS_BYTES:
        raise ModelError(label, f"custom options of {len(raw):,} bytes", index, custom)
    try:
        value = flexbuffers.Loads(raw)
    except Exception:  # a cut or hostile buffer fails in many ways inside the decoder
        raise ModelError(label, "custom options are not a valid FlexBuffers map", index, custom) from None
    if not isinstance(value, dict):
        raise ModelError(label, "custom options are not a FlexBuffers map", index, custom)
    options = {}
    for key, item in value.items():
        if isinstance(item, bool) or isinstance(item, int) and INT32[0] <= item <= INT32[1]:
            options[str(key)] = item
        else:  # TFLite Micro reads every Signal option as an int32 or a bool
            raise ModelError(label, f"custom option '{str(key)[:40]}' is not an int32 or a bool", index, custom)
    return options


def add_state(tensors: list[Tensor], ops: list[Op]) -> tuple[list[Tensor], list[Op]]:
    """Give each spectral subtraction its noise estimate: a uint32 variable tensor of its output's
    shape, appended to the tensors and to the op's inputs."""
    out_tensors, out_ops = list(tensors), []
    for op in ops:
        if (
            op.kind is OpKind.SIGNAL_FILTER_BANK_SPECTRAL_SUBTRACTION
            and op.outputs
            and 0 <= op.outputs[0] < len(tensors)
        ):
            shape = tensors[op.outputs[0]].shape
            state = Tensor(index=len(out_tensors), name=f"op{op.index}_noise_estimate", shape=shape,
                           dtype=DType.UINT32, is_variable=True)  # fmt: skip
            out_tensors.append(state)
            op = dataclasses.replace(op, inputs=(*op.inputs, state.index))
        out_ops.append(op)
    return out_tensors, out_ops
