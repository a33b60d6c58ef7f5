"""rvfw's own graph IR: what the frontend produces and every pass consumes.

Tensors carry shape, dtype, quantisation and (for constants) data; ops carry a
kind from one enum, their options as plain values, and tensor indices.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from typing import Any

import numpy as np


class DType(enum.Enum):
    INT8 = ("int8_t", 1, np.int8)
    INT16 = ("int16_t", 2, np.int16)
    INT32 = ("int32_t", 4, np.int32)
    INT64 = ("int64_t", 8, np.int64)
    UINT8 = ("uint8_t", 1, np.uint8)
    UINT32 = ("uint32_t", 4, np.uint32)  # the Signal library's energies and filter bank channels
    UINT64 = ("uint64_t", 8, np.uint64)
    FLOAT32 = ("float", 4, np.float32)
    BOOL = ("bool", 1, np.bool_)

    def __init__(self, c_type: str, size: int, np_type: type):
        self.c_type = c_type
        self.size = size
        self.np_type = np_type


class OpKind(enum.Enum):
    ABS = "ABS"
    CEIL = "CEIL"
    FILL = "FILL"
    FLOOR = "FLOOR"
    NEG = "NEG"
    ROUND = "ROUND"
    RSQRT = "RSQRT"
    SQRT = "SQRT"
    SQUARE = "SQUARE"
    EXP = "EXP"
    LOG = "LOG"
    SIN = "SIN"
    SIGN = "SIGN"
    COS = "COS"
    ADD = "ADD"
    ADD_N = "ADD_N"
    ASSIGN_VARIABLE = "ASSIGN_VARIABLE"  # after the frontend: (value,) -> (the variable tensor,)
    ARG_MAX = "ARG_MAX"
    ARG_MIN = "ARG_MIN"
    AVERAGE_POOL_2D = "AVERAGE_POOL_2D"
    BATCH_MATMUL = "BATCH_MATMUL"
    BATCH_TO_SPACE_ND = "BATCH_TO_SPACE_ND"
    BROADCAST_TO = "BROADCAST_TO"
    CAST = "CAST"
    CALL_ONCE = "CALL_ONCE"  # read by the frontend only (resource variable initialisers)
    CONCATENATION = "CONCATENATION"
    CONV_2D = "CONV_2D"
    CUMSUM = "CUMSUM"
    TOPK_V2 = "TOPK_V2"
    DEPTHWISE_CONV_2D = "DEPTHWISE_CONV_2D"
    DEPTH_TO_SPACE = "DEPTH_TO_SPACE"
    DEQUANTIZE = "DEQUANTIZE"
    DETECTION_POSTPROCESS = "DETECTION_POSTPROCESS"  # the custom op TFLite_Detection_PostProcess
    DIV = "DIV"
    ELU = "ELU"
    GELU = "GELU"  # int8 (a table); TFLite Micro lacks it, LiteRT's reference kernels define it
    EXPAND_DIMS = "EXPAND_DIMS"
    FLOOR_DIV = "FLOOR_DIV"
    FLOOR_MOD = "FLOOR_MOD"
    POW = "POW"  # int32 and float32: LiteRT's (TFLite Micro has none)
    FULLY_CONNECTED = "FULLY_CONNECTED"
    GATHER = "GATHER"
    GATHER_ND = "GATHER_ND"
    HARD_SWISH = "HARD_SWISH"
    L2_NORMALIZATION = "L2_NORMALIZATION"
    L2_POOL_2D = "L2_POOL_2D"
    LEAKY_RELU = "LEAKY_RELU"
    LOGICAL_AND = "LOGICAL_AND"
    LOGICAL_NOT = "LOGICAL_NOT"
    LOGICAL_OR = "LOGICAL_OR"
    LOG_SOFTMAX = "LOG_SOFTMAX"
    LOGISTIC = "LOGISTIC"
    MAXIMUM = "MAXIMUM"
    MIRROR_PAD = "MIRROR_PAD"
    MAX_POOL_2D = "MAX_POOL_2D"
    MEAN = "MEAN"
    MINIMUM = "MINIMUM"
    MUL = "MUL"
    PACK = "PACK"
    PAD = "PAD"
    PRELU = "PRELU"
    READ_VARIABLE = "READ_VARIABLE"  # after the frontend: (the variable tensor,) -> (a copy,)
    PADV2 = "PADV2"
    QUANTIZE = "QUANTIZE"
    REDUCE_MAX = "REDUCE_MAX"
    REDUCE_MIN = "REDUCE_MIN"
    REDUCE_ALL = "REDUCE_ALL"
    REDUCE_ANY = "REDUCE_ANY"
    REDUCE_PROD = "REDUCE_PROD"  # int32 and float32; TFLite Micro lacks it, LiteRT's reference defines it
    DYNAMIC_UPDATE_SLICE = "DYNAMIC_UPDATE_SLICE"
    EMBEDDING_LOOKUP = "EMBEDDING_LOOKUP"
    BROADCAST_ARGS = "BROADCAST_ARGS"
    RELU = "RELU"
    RELU6 = "RELU6"
    RELU_N1_TO_1 = "RELU_N1_TO_1"
    RELU_0_TO_1 = "RELU_0_TO_1"
    RESHAPE = "RESHAPE"
    RESIZE_BILINEAR = "RESIZE_BILINEAR"
    RESIZE_NEAREST_NEIGHBOR = "RESIZE_NEAREST_NEIGHBOR"
    REVERSE_V2 = "REVERSE_V2"
    TILE = "TILE"
    SLICE = "SLICE"
    SOFTMAX = "SOFTMAX"
    SPACE_TO_BATCH_ND = "SPACE_TO_BATCH_ND"
    SPACE_TO_DEPTH = "SPACE_TO_DEPTH"
    SELECT_V2 = "SELECT_V2"
    SPLIT = "SPLIT"
    SPLIT_V = "SPLIT_V"
    SQUARED_DIFFERENCE = "SQUARED_DIFFERENCE"
    # TFLite Micro's Signal library (custom ops of the audio front end; frontend.custom names them)
    SIGNAL_ENERGY = "SIGNAL_ENERGY"
    SIGNAL_FFT_AUTO_SCALE = "SIGNAL_FFT_AUTO_SCALE"
    SIGNAL_FILTER_BANK = "SIGNAL_FILTER_BANK"
    SIGNAL_FILTER_BANK_LOG = "SIGNAL_FILTER_BANK_LOG"
    SIGNAL_SPECTRAL_SUBTRACTION = "SIGNAL_SPECTRAL_SUBTRACTION"
    SIGNAL_FILTER_BANK_SQRT = "SIGNAL_FILTER_BANK_SQRT"
    SIGNAL_PCAN = "SIGNAL_PCAN"
    SIGNAL_RFFT = "SIGNAL_RFFT"
    SIGNAL_IRFFT = "SIGNAL_IRFFT"
    SIGNAL_WINDOW = "SIGNAL_WINDOW"
    SIGNAL_FRAMER = "SIGNAL_FRAMER"
    CIRCULAR_BUFFER = "CIRCULAR_BUFFER"
    SIGNAL_STACKER = "SIGNAL_STACKER"
    SIGNAL_DELAY = "SIGNAL_DELAY"
    SIGNAL_OVERLAP_ADD = "SIGNAL_OVERLAP_ADD"
    SHAPE = "SHAPE"  # folded to a constant at load time (passes.simplify): shapes are static
    SQUEEZE = "SQUEEZE"
    STRIDED_SLICE = "STRIDED_SLICE"
    SUB = "SUB"
    SUM = "SUM"
    SVDF = "SVDF"
    TANH = "TANH"
    TRANSPOSE = "TRANSPOSE"
    TRANSPOSE_CONV = "TRANSPOSE_CONV"
    UNIDIRECTIONAL_SEQUENCE_LSTM = "UNIDIRECTIONAL_SEQUENCE_LSTM"
    VAR_HANDLE = "VAR_HANDLE"  # read by the frontend only
    UNPACK = "UNPACK"
    ZEROS_LIKE = "ZEROS_LIKE"
    WHILE = "WHILE"  # cond and body subgraphs (Op.subgraphs), lowered into a C loop
    IF = "IF"  # then and else subgraphs (Op.subgraphs), lowered into a C if
    # comparisons (int32 and float32 operands, bool output)
    EQUAL = "EQUAL"
    NOT_EQUAL = "NOT_EQUAL"
    LESS = "LESS"
    LESS_EQUAL = "LESS_EQUAL"
    GREATER = "GREATER"
    GREATER_EQUAL = "GREATER_EQUAL"
    # Internal: the first stage streamed through line buffers (planner.tiling); never read from a file.
    TILED_STAGE = "TILED_STAGE"
    # Internal: one einsum of a Tensor-Train-compressed FULLY_CONNECTED (codegen.tt).
    TT_EINSUM = "TT_EINSUM"


@dataclass(frozen=True)
class Quant:
    """Affine quantisation: real = scale * (q - zero_point), per tensor or per channel along axis."""

    scale: tuple[float, ...]
    zero_point: tuple[int, ...]
    axis: int = 0
    calibrated: tuple[float, float] | None = None  # the (min, max) the converter recorded, if any

    @property
    def per_channel(self) -> bool:
        return len(self.scale) > 1


@dataclass
class Tensor:
    index: int
    name: str
    shape: tuple[int, ...]
    dtype: DType
    quant: Quant | None = None
    data: np.ndarray | None = None  # constants only
    # State that persists from one inference to the next (SVDF's activation state, an LSTM's cell,
    # a resource variable): kept outside the arena, written by the ops that read it, reset to its
    # zero point, or to `initial` (a resource variable's CALL_ONCE initialiser).
    is_variable: bool = False
    initial: np.ndarray | None = None
    # int4 weights (a CONV_2D, DEPTHWISE_CONV_2D or FULLY_CONNECTED filter stored two values a
    # byte): `data` holds them as int8 for the build's arithmetic; flash keeps them packed and the
    # layer unpacks them into its scratch (ops.int4)
    packed4: bool = False

    @property
    def is_constant(self) -> bool:
        return self.data is not None

    @property
    def num_elements(self) -> int:
        return int(np.prod(self.shape, dtype=np.int64)) if self.shape else 1

    @property
    def nbytes(self) -> int:
        return self.num_elements * self.dtype.size


@dataclass(frozen=True)
class FusedAdd:
    """A residual ADD run in a CONV_2D's epilogue (passes.fuse_residual_adds)."""

    conv_output: int  # the conv's own output, never stored: the ADD's other input
    residual_first: bool  # the residual was the ADD's first input
    activation: str  # the ADD's fused activation


@dataclass
class Op:
    index: int
    kind: OpKind
    version: int
    inputs: tuple[int, ...]  # -1 marks an omitted optional input
    outputs: tuple[int, ...]
    options: dict = field(default_factory=dict)  # the model's own options, as the frontend read them
    # What rvfw's passes decided, typed (never in `options`):
    explicit_pad: tuple[int, int, int, int] | None = None  # a folded PAD: top, bottom, left, right (passes.fold_pad)
    fused_add: FusedAdd | None = None  # passes.fuse_residual_adds
    tiling: Any = None  # a TILED_STAGE's planner.tiling.StageTiling (a later stage's type)
    # The op computed on uint8 tensors in the model; passes.uint8_as_int8 moved them to int8 (the
    # ops where LiteRT's uint8 arithmetic is not its int8 one read it)
    from_uint8: bool = False
    # WHILE: (cond, body); IF: (then, else); each a Graph of its own (tensor indices of its own;
    # inputs and outputs in the op's order). The frontend reads them.
    subgraphs: tuple[Any, ...] = ()


@dataclass
class Graph:
    name: str  # a C identifier, used to namespace the generated code
    source: str  # the model's path as given
    sha256: str
    tensors: list[Tensor]
    ops: list[Op]
    inputs: tuple[int, ...]
    outputs: tuple[int, ...]
    # --io int8 (passes.io): the int8 inputs and outputs standing in for the model's float ones
    # (int8 tensor -> the model's float32 tensor), which TFLite Micro still reads and writes.
    float_inputs: dict[int, int] = field(default_factory=dict)
    float_outputs: dict[int, int] = field(default_factory=dict)
    # --io float32 (passes.io): the float32 inputs and outputs rvfw wraps around the model's int8
    # ones with a QUANTIZE and a DEQUANTIZE (float32 tensor -> the model's int8 tensor).
    float_wrapped: dict[int, int] = field(default_factory=dict)
    # The model file's ops that only LiteRT runs (ops.tflm_set.LITERT_ONLY), kept after passes fold
    # them: the whole model then follows LiteRT's reference kernels (check.reference).
    litert_only: tuple[str, ...] = ()
    # Why TFLite Micro is known wrong on this model file, where it runs it (passes.stored_shapes): the
    # model then follows LiteRT's reference kernels too, and is checked against them.
    tflm_wrong: tuple[str, ...] = ()

    @property
    def variables(self) -> list[int]:
        return [t.index for t in self.tensors if t.is_variable]

    def consumers(self, tensor_index: int) -> list[Op]:
        return [op for op in self.ops if tensor_index in op.inputs]

    def producer(self, tensor_index: int) -> Op | None:
        for op in self.ops:
            if tensor_index in op.outputs:
                return op
        return None
