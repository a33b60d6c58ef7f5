"""LiteRT's operator set as its reference kernels run it: every (op, dtype) pair of the op forms a
converter writes for MCU-class models, the yardstick of `rvfw ops --litert` and of the rule's second
half ("if LiteRT runs a model, rvfw compiles it bit-exact against LiteRT's reference, or names what
it lacks").

Measured, not read: tests/fuzz/litert_probe.py writes one single-op model per op form and dtype
(int8, uint8, int16, int32, int64, float32, bool; activations computed, axes, shapes and weights
constant, int16 as 16x8 with int8 weights) and keeps the pairs LiteRT's interpreter (ai-edge-litert
with its BUILTIN_REF resolver) prepares and invokes; its output is the table below. Four ops
LiteRT's reference resolver does not register ran on its optimised kernels only (OPTIMISED_ONLY).

tests/unit/test_litert_set.py holds rvfw to it as test_tflm_set does to TFLite Micro's: every pair
is run by rvfw (some bit-exact model in the kernel tier or the corpora holds it) or listed in
MISSING, and a MISSING pair that rvfw runs fails the test until it is struck off: MISSING only
shrinks.
"""

from __future__ import annotations

from dataclasses import dataclass

# op -> the dtypes LiteRT runs it in (tests/fuzz/litert_probe.py, ai-edge-litert 1.x)
LITERT: dict[str, tuple[str, ...]] = {
    "ABS": ("int8", "int16", "int32", "float32"),
    "ADD": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "ARG_MAX": ("int8", "uint8", "int32", "float32", "bool"),
    "ARG_MIN": ("int8", "uint8", "int32", "float32", "bool"),
    "AVERAGE_POOL_2D": ("int8", "uint8", "int16", "float32"),
    "BATCH_MATMUL": ("int8", "int16", "float32"),
    "BATCH_TO_SPACE_ND": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "BROADCAST_TO": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "CEIL": ("float32",),
    "CONCATENATION": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "CONV_2D": ("int8", "uint8", "int16", "float32"),
    "COS": ("float32",),
    "CUMSUM": ("int32", "int64", "float32"),
    "DEPTHWISE_CONV_2D": ("int8", "uint8", "int16", "float32"),
    "DEPTH_TO_SPACE": ("int8", "uint8", "int32", "int64", "float32"),
    "DEQUANTIZE": ("int8", "uint8", "int16"),
    "DIV": ("uint8", "int16", "int32", "float32"),
    "ELU": ("int8", "float32"),
    "EQUAL": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "EXP": ("int8", "int16", "float32"),
    "EXPAND_DIMS": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "FILL": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "FLOOR": ("float32",),
    "FLOOR_DIV": ("int8", "int16", "int32", "float32"),
    "FLOOR_MOD": ("int8", "int16", "int32", "int64", "float32"),
    "FULLY_CONNECTED": ("int8", "uint8", "int16", "float32"),
    "GATHER": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "GATHER_ND": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "GELU": ("int8", "uint8", "int16", "float32"),
    "GREATER": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "GREATER_EQUAL": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "HARD_SWISH": ("int8", "uint8", "float32"),
    "L2_NORMALIZATION": ("int8", "uint8", "float32"),
    "L2_POOL_2D": ("float32",),
    "LEAKY_RELU": ("int8", "uint8", "int16", "float32"),
    "LESS": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "LESS_EQUAL": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "LOG": ("int8", "int16", "float32"),
    "LOGICAL_AND": ("bool",),
    "LOGICAL_NOT": ("bool",),
    "LOGICAL_OR": ("bool",),
    "LOGISTIC": ("int8", "uint8", "int16", "float32"),
    "LOG_SOFTMAX": ("int8", "uint8", "float32"),
    "MAXIMUM": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "MAX_POOL_2D": ("int8", "uint8", "int16", "float32"),
    "MEAN": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "MINIMUM": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "MIRROR_PAD": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "MUL": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "NEG": ("int8", "int16", "int32", "int64", "float32"),
    "NOT_EQUAL": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "PACK": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "PAD": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "POW": ("int32", "float32"),
    "PRELU": ("int8", "uint8", "int16", "float32"),
    "QUANTIZE": ("int8", "uint8", "int16", "float32"),
    "REDUCE_ALL": ("bool",),
    "REDUCE_ANY": ("bool",),
    "REDUCE_MAX": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "REDUCE_MIN": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "REDUCE_PROD": ("int8", "int16", "int32", "int64", "float32", "bool"),
    "RELU": ("int8", "uint8", "int16", "float32"),
    "RELU6": ("int8", "uint8", "int16", "float32"),
    "RELU_0_TO_1": ("int8", "uint8", "float32"),
    "RELU_N1_TO_1": ("int8", "uint8", "float32"),
    "RESHAPE": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "RESIZE_BILINEAR": ("int8", "uint8", "int16", "float32"),
    "RESIZE_NEAREST_NEIGHBOR": ("int8", "uint8", "int16", "int32", "float32", "bool"),
    "REVERSE_V2": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "ROUND": ("float32",),
    "RSQRT": ("int16", "float32"),
    "SELECT_V2": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "SHAPE": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "SIGN": ("int32", "float32"),
    "SIN": ("float32",),
    "SLICE": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "SOFTMAX": ("int8", "uint8", "int16", "float32"),
    "SPACE_TO_BATCH_ND": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "SPACE_TO_DEPTH": ("int8", "uint8", "int32", "int64", "float32"),
    "SPLIT": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "SQRT": ("int16", "float32"),
    "SQUARE": ("float32",),
    "SQUARED_DIFFERENCE": ("int8", "int32", "float32"),
    "STRIDED_SLICE": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "SUB": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "SUM": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "TANH": ("int8", "uint8", "int16", "float32"),
    "TILE": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "TOPK_V2": ("int8", "uint8", "int16", "int32", "int64", "float32"),
    "TRANSPOSE": ("int8", "uint8", "int16", "int32", "int64", "float32", "bool"),
    "TRANSPOSE_CONV": ("int8", "uint8", "int16", "float32"),
    "UNPACK": ("int8", "uint8", "int16", "int32", "float32", "bool"),
    "ZEROS_LIKE": ("int32", "int64", "float32"),
}

# Ops LiteRT's reference resolver lacks: they ran on LiteRT's default (optimised) kernels only.
OPTIMISED_ONLY = frozenset({"CEIL", "DEPTH_TO_SPACE", "ELU", "ROUND"})

# Pairs LiteRT runs that rvfw does not (no bit-exact model in the kernel tier or the corpora holds
# them). This list only shrinks: tests/unit/test_litert_set.py fails when a pair here is run.
_MISSING_BY_OP: dict[str, tuple[str, ...]] = {
    "GELU": ("float32",), "POW": ("float32",),
}  # fmt: skip
MISSING: frozenset[tuple[str, str]] = frozenset((op, d) for op, ds in _MISSING_BY_OP.items() for d in ds)


@dataclass(frozen=True)
class Pair:
    op: str
    dtype: str
    status: str  # "rvfw" or "missing"


def pairs() -> list[Pair]:
    """Every pair LiteRT runs, with rvfw's status."""
    return [Pair(op, d, "missing" if (op, d) in MISSING else "rvfw") for op, ds in sorted(LITERT.items()) for d in ds]
