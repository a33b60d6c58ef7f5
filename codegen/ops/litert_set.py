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
    "SQRT": ("int8", "int16", "float32"),
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
# Ops whose quantised (int8, int16) form LiteRT's reference kernel computes wrongly: a model only
# LiteRT runs that holds one is checked against LiteRT's optimised kernels. Measured, SUM: the
# reference reads a sum buffer it never wrote (89 of 90 seeded outputs differ from TFLite Micro's,
# and change from run to run); the optimised kernel agrees with TFLite Micro on int8 and rounds
# int16 as LiteRT's float formula does (600 of 600).
REFERENCE_WRONG_QUANTIZED = frozenset({"SUM"})

# Pairs LiteRT runs that rvfw does not (no bit-exact model in the kernel tier or the corpora holds
# them). This list only shrinks: tests/unit/test_litert_set.py fails when a pair here is run.
_MISSING_BY_OP: dict[str, tuple[str, ...]] = {}
MISSING: frozenset[tuple[str, str]] = frozenset((op, d) for op, ds in _MISSING_BY_OP.items() for d in ds)


# op -> the highest version LiteRT registers it at (tests/fuzz/litert_probe.py --versions: the op's
# probe form stamped with each version, kept where LiteRT's InterpreterBuilder finds a kernel; its
# reference resolver, OPTIMISED_ONLY its default one). A model carries the version its converter
# computes from the form (LiteRT's op_version: the dtypes, options and ranks it uses); rvfw refuses a
# version above its own in one line (frontend.tflite.MAX_VERSION).
LITERT_VERSIONS: dict[str, int] = {
    "ABS": 3, "ADD": 5, "ARG_MAX": 2, "ARG_MIN": 2, "AVERAGE_POOL_2D": 3, "BATCH_MATMUL": 4, "BATCH_TO_SPACE_ND": 4,
    "BROADCAST_TO": 4, "CEIL": 1, "CONCATENATION": 7, "CONV_2D": 8, "COS": 1, "CUMSUM": 1, "DEPTHWISE_CONV_2D": 6,
    "DEPTH_TO_SPACE": 2, "DEQUANTIZE": 9, "DIV": 2, "ELU": 1, "EQUAL": 5, "EXP": 2, "EXPAND_DIMS": 1, "FILL": 5,
    "FLOOR": 1, "FLOOR_DIV": 3, "FLOOR_MOD": 2, "FULLY_CONNECTED": 14, "GATHER": 8, "GATHER_ND": 6, "GELU": 2,
    "GREATER": 2, "GREATER_EQUAL": 3, "HARD_SWISH": 1, "L2_NORMALIZATION": 2, "L2_POOL_2D": 1, "LEAKY_RELU": 2,
    "LESS": 3, "LESS_EQUAL": 2, "LOG": 2, "LOGICAL_AND": 1, "LOGICAL_NOT": 1, "LOGICAL_OR": 1, "LOGISTIC": 3,
    "LOG_SOFTMAX": 2, "MAXIMUM": 4, "MAX_POOL_2D": 3, "MEAN": 3, "MINIMUM": 4, "MIRROR_PAD": 3, "MUL": 7, "NEG": 1,
    "NOT_EQUAL": 4, "PACK": 5, "PAD": 6, "POW": 1, "PRELU": 1, "QUANTIZE": 6, "REDUCE_ALL": 1, "REDUCE_ANY": 1,
    "REDUCE_MAX": 3, "REDUCE_MIN": 3, "REDUCE_PROD": 2, "RELU": 3, "RELU6": 3, "RELU_0_TO_1": 1, "RELU_N1_TO_1": 1,
    "RESHAPE": 1, "RESIZE_BILINEAR": 4, "RESIZE_NEAREST_NEIGHBOR": 4, "REVERSE_V2": 4, "ROUND": 1, "RSQRT": 3,
    "SELECT_V2": 2, "SHAPE": 1, "SIGN": 2, "SIN": 1, "SLICE": 8, "SOFTMAX": 3, "SPACE_TO_BATCH_ND": 4,
    "SPACE_TO_DEPTH": 2, "SPLIT": 5, "SQRT": 2, "SQUARE": 1, "SQUARED_DIFFERENCE": 2, "STRIDED_SLICE": 4, "SUB": 5,
    "SUM": 2, "TANH": 3, "TILE": 2, "TOPK_V2": 3, "TRANSPOSE": 8, "TRANSPOSE_CONV": 5, "UNPACK": 6, "ZEROS_LIKE": 1,
}  # fmt: skip

# Versions LiteRT registers above rvfw's highest, with what they add where LiteRT's op_version says
# ("newer" where the rules rvfw read stop short of LiteRT's): op -> (rvfw's highest, what the versions
# above it carry). Each is a form rvfw does not run, refused in one line. This list only shrinks:
# tests/unit/test_litert_set.py fails when rvfw takes a version listed here, or drops one it takes.
VERSION_GAPS: dict[str, tuple[int, str]] = {
    "ADD": (4, "5: int16 without quantisation"),
    "BROADCAST_TO": (3, "4: newer"),
    "CONCATENATION": (3, "4: uint32; 5-7: newer"),
    "DEQUANTIZE": (4, "5: int8 per channel; 6: int4; 7-9: newer"),
    "EQUAL": (4, "5: newer"),
    "FILL": (3, "4: a float16 value; 5: newer"),
    "FULLY_CONNECTED": (12, "13, 14: newer"),
    "GATHER": (5, "6: int16 indices; 7: int4; 8: newer"),
    "GATHER_ND": (4, "5: bool; 6: newer"),
    "MUL": (5, "6: complex64; 7: int16 without quantisation, uint32"),
    "PACK": (3, "4: uint32; 5: newer"),
    "PAD": (4, "5, 6: newer"),
    "QUANTIZE": (2, "3: per channel; 4: int4; 5, 6: newer"),
    "SLICE": (5, "6: uint32; 7, 8: newer"),
    "SPLIT": (4, "5: newer"),
    "TRANSPOSE": (5, "6: more than 5 dimensions; 7, 8: newer"),
    "UNPACK": (4, "5, 6: newer"),
}


@dataclass(frozen=True)
class Pair:
    op: str
    dtype: str
    status: str  # "rvfw" or "missing"


def pairs() -> list[Pair]:
    """Every pair LiteRT runs, with rvfw's status."""
    return [Pair(op, d, "missing" if (op, d) in MISSING else "rvfw") for op, ds in sorted(LITERT.items()) for d in ds]
