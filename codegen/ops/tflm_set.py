"""TFLite Micro's operator set: every (op, dtype) pair its kernels accept, the yardstick of the
rule "if TFLite Micro runs a model, rvfw compiles it bit-exact, or names the op and dtype it lacks".

Derived from TFLite Micro's sources (the builtins its Python interpreter registers, as listed by
`micro_mutable_op_resolver.h` and `python_ops_resolver.cc`, and each kernel's type switch in
`tensorflow/lite/micro/kernels/<file>`), then confirmed pair by pair against the interpreter rvfw
checks with (tflite-micro 0.dev20261023): a single-op model of each op in int8, int16, int32,
float32 and bool, kept where Prepare and Invoke succeed.

The dtype of a pair is its activation's: the first input's, except where the first input is a
shape or a condition (ACTIVATION_INPUT). "any": a kernel that moves bytes of whatever type, or a
resource/control op with no data dtype of its own.

tests/unit/test_tflm_set.py holds rvfw to this table: every pair is either run by rvfw (and some
kernel-tier or corpus model that holds it runs bit-exact on the simulators) or listed in MISSING,
and a MISSING pair that rvfw runs fails the test until it is struck off, so MISSING only shrinks.
"""

from __future__ import annotations

from dataclasses import dataclass

_Q = ("int8", "int16", "float32")  # the quantized activations and float: most compute kernels
_ARITH = ("int8", "int16", "int32", "float32")
_MOVE = ("int8", "int16", "int32", "float32", "bool")  # byte movers that take every dtype

# op -> (TFLM kernel file under tensorflow/lite/micro/kernels/, dtypes TFLite Micro runs)
TFLM: dict[str, tuple[str, tuple[str, ...]]] = {
    "ABS": ("elementwise.cc", _Q),
    "ADD": ("add.cc", _ARITH),
    "ADD_N": ("add_n.cc", ("int8", "float32")),
    "ARG_MAX": ("arg_min_max.cc", ("int8", "float32")),
    "ARG_MIN": ("arg_min_max.cc", ("int8", "float32")),
    "ASSIGN_VARIABLE": ("assign_variable.cc", ("any",)),
    "AVERAGE_POOL_2D": ("pooling.cc", _Q),
    "BATCH_MATMUL": ("batch_matmul.cc", _Q),
    "BATCH_TO_SPACE_ND": ("batch_to_space_nd.cc", ("int8", "float32")),
    "BROADCAST_ARGS": ("broadcast_args.cc", ("int32",)),
    "BROADCAST_TO": ("broadcast_to.cc", _MOVE),
    "CALL_ONCE": ("call_once.cc", ("any",)),
    "CAST": ("cast.cc", ("int8", "int16", "int32", "float32", "bool")),
    "CEIL": ("ceil.cc", ("float32",)),
    "CONCATENATION": ("concatenation.cc", _MOVE),
    "CONV_2D": ("conv.cc", _Q),
    "COS": ("elementwise.cc", ("float32",)),
    "CUMSUM": ("cumsum.cc", ("int8", "float32")),
    "DEPTH_TO_SPACE": ("depth_to_space.cc", ("int8", "float32")),
    "DEPTHWISE_CONV_2D": ("depthwise_conv.cc", _Q),
    "DEQUANTIZE": ("dequantize.cc", ("int8", "int16", "uint8")),
    "DIV": ("div.cc", ("int8", "int32", "float32")),
    "DYNAMIC_UPDATE_SLICE": ("dynamic_update_slice.cc", _ARITH),
    "ELU": ("elu.cc", ("int8", "float32")),
    "EMBEDDING_LOOKUP": ("embedding_lookup.cc", ("int8", "float32")),
    "EQUAL": ("comparisons.cc", ("int8", "int32", "float32", "bool")),
    "EXP": ("exp.cc", ("float32",)),
    "EXPAND_DIMS": ("expand_dims.cc", _Q),
    "FILL": ("fill.cc", ("int8", "int32", "float32")),
    "FLOOR": ("floor.cc", ("float32",)),
    "FLOOR_DIV": ("floor_div.cc", ("float32",)),
    "FLOOR_MOD": ("floor_mod.cc", ("float32",)),
    "FULLY_CONNECTED": ("fully_connected.cc", _Q),
    "GATHER": ("gather.cc", ("int8", "float32")),
    "GATHER_ND": ("gather_nd.cc", ("int8", "float32")),
    "GREATER": ("comparisons.cc", _ARITH),
    "GREATER_EQUAL": ("comparisons.cc", ("int8", "int32", "float32")),
    "HARD_SWISH": ("hard_swish.cc", ("int8", "float32")),
    "IF": ("if.cc", ("any",)),
    "L2_NORMALIZATION": ("l2norm.cc", ("int8", "float32")),
    "L2_POOL_2D": ("l2_pool_2d.cc", ("float32",)),
    "LEAKY_RELU": ("leaky_relu.cc", _Q),
    "LESS": ("comparisons.cc", ("int8", "int32", "float32")),
    "LESS_EQUAL": ("comparisons.cc", ("int8", "int32", "float32")),
    "LOG": ("elementwise.cc", ("float32",)),
    "LOG_SOFTMAX": ("log_softmax.cc", ("int8", "float32")),
    "LOGICAL_AND": ("logical.cc", ("bool",)),
    "LOGICAL_NOT": ("elementwise.cc", ("bool",)),
    "LOGICAL_OR": ("logical.cc", ("bool",)),
    "LOGISTIC": ("logistic.cc", _Q),
    "MAX_POOL_2D": ("pooling.cc", _Q),
    "MAXIMUM": ("maximum_minimum.cc", _ARITH),
    "MEAN": ("reduce.cc", _Q),
    "MINIMUM": ("maximum_minimum.cc", _ARITH),
    "MIRROR_PAD": ("mirror_pad.cc", ("int8", "float32")),
    "MUL": ("mul.cc", _ARITH),
    "NEG": ("neg.cc", ("float32",)),
    "NOT_EQUAL": ("comparisons.cc", ("int8", "int32", "float32", "bool")),
    "PACK": ("pack.cc", _ARITH),
    "PAD": ("pad.cc", _ARITH),
    "PADV2": ("pad.cc", _ARITH),
    "PRELU": ("prelu.cc", ("int8", "float32", "int16")),  # int16: with an int8 alpha
    "QUANTIZE": ("quantize.cc", ("int8", "int16", "int32", "float32", "uint8")),
    "READ_VARIABLE": ("read_variable.cc", ("any",)),
    "REDUCE_ALL": ("reduce.cc", ("bool",)),
    "REDUCE_MAX": ("reduce.cc", ("int8", "float32")),
    "REDUCE_MIN": ("reduce.cc", ("int8", "float32")),
    "RELU": ("activations.cc", _Q),
    "RELU6": ("activations.cc", _Q),
    "RESHAPE": ("reshape.cc", _MOVE),
    "RESIZE_BILINEAR": ("resize_bilinear.cc", ("int8", "float32")),
    "RESIZE_NEAREST_NEIGHBOR": ("resize_nearest_neighbor.cc", _Q),
    "REVERSE_V2": ("reverse.cc", _MOVE),
    "ROUND": ("round.cc", ("float32",)),
    "RSQRT": ("elementwise.cc", _Q),
    "SELECT_V2": ("select.cc", _Q),
    "SHAPE": ("shape.cc", _MOVE),
    "SIN": ("elementwise.cc", ("float32",)),
    "SLICE": ("slice.cc", _MOVE),
    "SOFTMAX": ("softmax.cc", _Q),
    "SPACE_TO_BATCH_ND": ("space_to_batch_nd.cc", ("int8", "float32")),
    "SPACE_TO_DEPTH": ("space_to_depth.cc", ("int8", "float32")),
    "SPLIT": ("split.cc", _ARITH),
    "SPLIT_V": ("split_v.cc", _ARITH),
    "SQRT": ("elementwise.cc", ("float32",)),
    "SQUARE": ("elementwise.cc", ("float32",)),
    "SQUARED_DIFFERENCE": ("squared_difference.cc", _ARITH),
    "SQUEEZE": ("squeeze.cc", _MOVE),
    "STRIDED_SLICE": ("strided_slice.cc", _MOVE),
    "SUB": ("sub.cc", _ARITH),
    "SUM": ("reduce.cc", _Q),
    "SVDF": ("svdf.cc", ("int8", "float32")),
    "TANH": ("tanh.cc", _Q),
    "TRANSPOSE": ("transpose.cc", _Q),
    "TRANSPOSE_CONV": ("transpose_conv.cc", _Q),
    "UNIDIRECTIONAL_SEQUENCE_LSTM": ("unidirectional_sequence_lstm.cc", _Q),
    "UNPACK": ("unpack.cc", _ARITH),
    "VAR_HANDLE": ("var_handle.cc", ("any",)),
    "WHILE": ("while.cc", ("any",)),
    "ZEROS_LIKE": ("zeros_like.cc", ("int8", "int32", "float32")),
    # Custom ops TFLite Micro registers (AddCustom): the post-processing, the circular buffer and
    # the Signal library's audio front end (signal/micro/kernels/), by rvfw's kind names.
    "DETECTION_POSTPROCESS": ("detection_postprocess.cc", ("float32",)),
    "CIRCULAR_BUFFER": ("circular_buffer.cc", ("int8",)),
    "SIGNAL_WINDOW": ("signal window.cc", ("int16",)),
    "SIGNAL_FFT_AUTO_SCALE": ("signal fft_auto_scale_kernel.cc", ("int16",)),
    "SIGNAL_RFFT": ("signal rfft.cc", ("int16", "int32", "float32")),
    "SIGNAL_IRFFT": ("signal irfft.cc", ("int16", "int32", "float32")),
    "SIGNAL_ENERGY": ("signal energy.cc", ("int16",)),
    "SIGNAL_FILTER_BANK": ("signal filter_bank.cc", ("uint32",)),
    "SIGNAL_FILTER_BANK_SQRT": ("signal filter_bank_square_root.cc", ("uint64",)),
    "SIGNAL_SPECTRAL_SUBTRACTION": ("signal filter_bank_spectral_subtraction.cc", ("uint32",)),
    "SIGNAL_FILTER_BANK_LOG": ("signal filter_bank_log.cc", ("uint32",)),
    "SIGNAL_PCAN": ("signal pcan.cc", ("uint32",)),
    "SIGNAL_FRAMER": ("signal framer.cc", ("int16",)),
    "SIGNAL_STACKER": ("signal stacker.cc", ("int16",)),
    "SIGNAL_DELAY": ("signal delay.cc", ("int16",)),
    "SIGNAL_OVERLAP_ADD": ("signal overlap_add.cc", ("int16", "float32")),
}

# The input whose dtype names a pair, where it is not the first: the first is a shape (FILL's dims,
# TRANSPOSE_CONV's output shape), an axis (SPLIT), a condition (SELECT_V2) or indices (EMBEDDING_LOOKUP).
ACTIVATION_INPUT = {"TRANSPOSE_CONV": 2, "FILL": 1, "SPLIT": 1, "SELECT_V2": 1, "EMBEDDING_LOOKUP": 1}

# Pairs TFLite Micro runs that rvfw refuses today, each refused in one line naming the op and dtype.
# This list only shrinks: tests/unit/test_tflm_set.py fails when a pair here is run by rvfw.
MISSING: frozenset[tuple[str, str]] = frozenset()

# Pairs where TFLite Micro is provably wrong: it disagrees with TFLite's reference kernel and the
# op's definition. rvfw computes the op's definition (TFLite's reference) and `rvfw check` says so
# in one line and compares with TFLite's reference instead (docs/tflm-differences.md).
TFLM_WRONG: dict[tuple[str, str], str] = {
    ("GREATER", "int16"): "its comparisons set the inputs' rescaling for int8 only, so every int16 GREATER is false",
}
# ... and pairs TFLite Micro gets wrong only with a fused activation: it ignores the activation.
TFLM_WRONG_ACTIVATION: dict[tuple[str, str], str] = {
    ("ADD", "int32"): "its int32 ADD ignores the fused activation (measured: ADD with RELU returns negative sums)",
}


# Ops TFLite Micro lacks that rvfw compiles as LiteRT's reference kernels define them. A model with
# one is LiteRT's alone: its golden is LiteRT's reference (check.reference), and every op of it
# follows LiteRT where the two differ (FULLY_CONNECTED int8 rounds once: TFLITE_SINGLE_ROUNDING).
LITERT_ONLY = frozenset({"GELU", "REDUCE_PROD", "TILE", "RELU_N1_TO_1", "RELU_0_TO_1", "SIGN", "REDUCE_ANY", "TOPK_V2",
                         "POW"})  # fmt: skip
# (op, dtype) pairs TFLite Micro prepares and then stops on at its first invocation, which LiteRT's
# reference kernels run (measured on TFLite Micro's interpreter).
# What a legacy uint8 model computes that TFLite Micro has no uint8 kernel for (passes.uint8_as_int8)
UINT8_LEGACY = ("ADD", "SUB", "MUL", "MAXIMUM", "MINIMUM", "EQUAL", "NOT_EQUAL", "LESS", "LESS_EQUAL", "GREATER",
                "GREATER_EQUAL", "ARG_MAX", "ARG_MIN", "MAX_POOL_2D", "AVERAGE_POOL_2D", "RELU", "RELU6", "LEAKY_RELU",
                "HARD_SWISH", "LOGISTIC", "TANH", "SOFTMAX", "LOG_SOFTMAX", "PRELU", "CONV_2D", "DEPTHWISE_CONV_2D",
                "FULLY_CONNECTED", "MEAN", "SUM", "DIV", "TRANSPOSE_CONV",
                "RESIZE_BILINEAR", "L2_NORMALIZATION")  # fmt: skip
LITERT_ONLY_PAIRS = {
    ("SELECT_V2", "int32"): "its select.cc runs int8, int16 and float32 only",
    ("RESIZE_BILINEAR", "int16"): "its resize_bilinear.cc runs int8 and float32 only",
    ("SPACE_TO_BATCH_ND", "int16"): "it stops on int16 at its first invocation",
    ("BATCH_TO_SPACE_ND", "int16"): "it stops on int16 at its first invocation",
    ("EXP", "int8"): "it refuses int8 EXP at preparation (float32 only)",
    ("EXP", "int16"): "it refuses int16 EXP at preparation (float32 only)",
    ("LOG", "int8"): "it stops on int8 at its first invocation",
    ("NEG", "int8"): "it stops on int8 at its first invocation",
    ("NEG", "int16"): "its neg.cc runs float32 only",
    ("NEG", "int32"): "its neg.cc runs float32 only",
    ("ABS", "int32"): "its elementwise.cc runs ABS on float32, int8 and int16",
    ("SUM", "int32"): "its reduce.cc sums int8, int16 and float32",
    ("CUMSUM", "int32"): "its cumsum.cc runs float32 and int8",
    ("FLOOR_DIV", "int8"): "its floor_div.cc runs float32 only",
    ("FLOOR_DIV", "int16"): "its floor_div.cc runs float32 only",
    ("FLOOR_DIV", "int32"): "its floor_div.cc runs float32 only",
    ("FLOOR_MOD", "int8"): "its floor_mod.cc runs float32 only",
    ("FLOOR_MOD", "int16"): "its floor_mod.cc runs float32 only",
    ("FLOOR_MOD", "int32"): "its floor_mod.cc runs float32 only",
    ("EQUAL", "int16"): "it stops on int16 comparisons at their first invocation",
    ("NOT_EQUAL", "int16"): "it stops on int16 comparisons at their first invocation",
    ("LESS", "int16"): "it stops on int16 comparisons at their first invocation",
    ("LESS_EQUAL", "int16"): "it stops on int16 comparisons at their first invocation",
    ("GREATER_EQUAL", "int16"): "it stops on int16 comparisons at their first invocation",
    ("FILL", "int16"): "its fill.cc fills int8, int32 and float32",
    ("FILL", "bool"): "its fill.cc fills int8, int32 and float32",
    ("ARG_MAX", "int32"): "it stops on an int32 input at its first invocation",
    ("ARG_MIN", "int32"): "it stops on an int32 input at its first invocation",
    ("ARG_MAX", "bool"): "it stops on a bool input at its first invocation",
    ("ARG_MIN", "bool"): "it stops on a bool input at its first invocation",
    ("REDUCE_MAX", "int32"): "its reduce.cc runs REDUCE_MAX on int8 and float32",
    ("REDUCE_MIN", "int32"): "its reduce.cc runs REDUCE_MIN on int8 and float32",
    ("REDUCE_MAX", "bool"): "its reduce.cc runs REDUCE_MAX on int8 and float32",
    ("REDUCE_MIN", "bool"): "its reduce.cc runs REDUCE_MIN on int8 and float32",
    ("REDUCE_MAX", "int16"): "its reduce.cc runs REDUCE_MAX on int8 and float32",
    ("REDUCE_MIN", "int16"): "its reduce.cc runs REDUCE_MIN on int8 and float32",
    ("MEAN", "int32"): "its reduce.cc means int8, int16 and float32",
    ("DIV", "int16"): "its div.cc divides int8 and float32",
    ("SUM", "bool"): "its reduce.cc sums int8, int16 and float32",
    **{("DEPTH_TO_SPACE", d): "its depth_to_space.cc moves int8 and float32" for d in ("uint8", "int32", "int64")},
    # legacy uint8 models (passes.uint8): TFLite Micro keeps uint8 for QUANTIZE, DEQUANTIZE and moves only
    **{(op, "uint8"): "it has no uint8 kernel for it (uint8 models are LiteRT's)" for op in UINT8_LEGACY},
}


# The weighted ops LiteRT runs with float32 activations and int8 weights: its dynamic-range
# ("hybrid") kernels, what the converter writes when it quantises without a data set (ops.hybrid).
# TFLite Micro has none of them.
# LiteRT's hybrid kernels (TFLite Micro has none: it refuses the first three, and runs an LSTM's
# int8 weights as if they were floats, measured giving NaN)
HYBRID_OPS = frozenset({"FULLY_CONNECTED", "CONV_2D", "DEPTHWISE_CONV_2D", "UNIDIRECTIONAL_SEQUENCE_LSTM"})


def hybrid(graph, op) -> bool:
    """Whether the op is one of HYBRID_OPS with float32 activations and int8 weights."""
    if op.kind.value not in HYBRID_OPS or len(op.inputs) < 2 or op.inputs[1] < 0:
        return False
    return graph.tensors[op.inputs[0]].dtype.name == "FLOAT32" and graph.tensors[op.inputs[1]].dtype.name == "INT8"


def litert_only_in(graph) -> list[str]:
    """The ops (or op dtypes) only LiteRT runs that the model file held (frontend:
    Graph.litert_only, kept after a pass folds them) or the graph holds."""
    found = set(graph.litert_only)
    for op in graph.ops:
        if op.kind.value in LITERT_ONLY:
            found.add(op.kind.value)
        if hybrid(graph, op):
            found.add(f"hybrid {op.kind.value} (float32 activations, int8 weights)")
        k = ACTIVATION_INPUT.get(op.kind.value, 0)
        if len(op.inputs) > k and op.inputs[k] >= 0:
            pair = (op.kind.value, graph.tensors[op.inputs[k]].dtype.name.lower())
            if pair in LITERT_ONLY_PAIRS:
                found.add(" ".join(pair))
    return sorted(found)


def litert_semantics(graph) -> bool:
    """Whether the model holds an op only LiteRT runs (LITERT_ONLY), or is one TFLite Micro is known
    to compute wrongly (Graph.tflm_wrong): its ops then round as LiteRT's."""
    return bool(litert_only_in(graph)) or bool(graph.tflm_wrong)


def tflm_wrong_in(graph) -> list[tuple[str, str, str]]:
    """(op, dtype, why) of each TFLM_WRONG pair (or TFLM_WRONG_ACTIVATION form) the graph holds, once
    each."""
    found = []
    for op in graph.ops:
        k = ACTIVATION_INPUT.get(op.kind.value, 0)
        if len(op.inputs) <= k or op.inputs[k] < 0:
            continue
        key = (op.kind.value, graph.tensors[op.inputs[k]].dtype.name.lower())
        why = TFLM_WRONG.get(key)
        if why is None and op.options.get("activation", "NONE") != "NONE":
            why = TFLM_WRONG_ACTIVATION.get(key)
        if why is not None and (*key, why) not in found:
            found.append((*key, why))
    return found


@dataclass(frozen=True)
class Pair:
    op: str
    dtype: str
    source: str  # TFLM's kernel file
    status: str  # "rvfw", "missing" or "rvfw (TFLM wrong)"


def pairs() -> list[Pair]:
    """Every pair TFLite Micro runs, with rvfw's status."""
    out = []
    for op, (source, dtypes) in sorted(TFLM.items()):
        for dtype in dtypes:
            key = (op, dtype)
            status = "missing" if key in MISSING else "rvfw (TFLM wrong)" if key in TFLM_WRONG else "rvfw"
            out.append(Pair(op, dtype, source, status))
    return out
