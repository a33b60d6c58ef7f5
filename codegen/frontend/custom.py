"""Custom ops rvfw compiles: TFLite Micro's Signal library (its audio front end) and
TFLite_Detection_PostProcess (SSD detectors' box decoding and non-max suppression), read as rvfw
op kinds.

A custom op carries its options as a FlexBuffers map (TFLite Micro's kernels read them by name, or
the Signal kernels by alphabetical position, which is the map's key order). The values are a
stranger's numbers: they are read here as plain ints, bools and float32s, and each op's check
bounds them before any reaches generated code.
"""

from __future__ import annotations

import flatbuffers.flexbuffers as flexbuffers
import numpy as np

from codegen.errors import ModelError
from codegen.ir import OpKind

# custom code -> op kind
CUSTOM_KINDS = {
    "SignalWindow": OpKind.SIGNAL_WINDOW,
    "SignalFftAutoScale": OpKind.SIGNAL_FFT_AUTO_SCALE,
    "SignalRfft": OpKind.SIGNAL_RFFT,
    "SignalIrfft": OpKind.SIGNAL_IRFFT,
    "SignalEnergy": OpKind.SIGNAL_ENERGY,
    "SignalFilterBank": OpKind.SIGNAL_FILTER_BANK,
    "SignalFilterBankSquareRoot": OpKind.SIGNAL_FILTER_BANK_SQRT,
    "SignalFilterBankSpectralSubtraction": OpKind.SIGNAL_SPECTRAL_SUBTRACTION,
    "SignalPCAN": OpKind.SIGNAL_PCAN,
    "SignalFilterBankLog": OpKind.SIGNAL_FILTER_BANK_LOG,
    "SignalFramer": OpKind.SIGNAL_FRAMER,
    "SignalStacker": OpKind.SIGNAL_STACKER,
    "SignalDelay": OpKind.SIGNAL_DELAY,
    "SignalOverlapAdd": OpKind.SIGNAL_OVERLAP_ADD,
    "TFLite_Detection_PostProcess": OpKind.DETECTION_POSTPROCESS,
    "CIRCULAR_BUFFER": OpKind.CIRCULAR_BUFFER,
}
MAX_OPTIONS_BYTES = 4096  # a handful of numbers; anything larger is not these ops' options
INT32 = (-(2**31), 2**31 - 1)


def read_options(label: str, index: int, custom: str, raw: bytes) -> dict:
    """The op's FlexBuffers map as {name: int, bool or float (as float32)}; an empty buffer is an
    empty map."""
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
        elif isinstance(item, float):  # TFLite Micro reads these with AsFloat()
            options[str(key)] = float(np.float32(item))
        else:
            raise ModelError(label, f"custom option '{str(key)[:40]}' is not an int32, a bool or a float", index,
                             custom)  # fmt: skip
    return options
