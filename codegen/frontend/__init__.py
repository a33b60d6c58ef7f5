"""Stage 1: read a model file into the IR (codegen.ir), checking every field the compiler uses."""

from codegen.frontend.tflite import (
    _ACTIVATIONS,
    _OP_NAMES,
    _PADDING,
    _TENSOR_TYPE_NAMES,
    _TENSOR_TYPES,
    MAX_VERSION,
    c_identifier,
    load_tflite,
)

__all__ = [
    "_TENSOR_TYPES",
    "_TENSOR_TYPE_NAMES",
    "_OP_NAMES",
    "_PADDING",
    "_ACTIVATIONS",
    "MAX_VERSION",
    "c_identifier",
    "load_tflite",
]
