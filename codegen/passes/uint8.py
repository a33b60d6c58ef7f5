"""uint8_as_int8 (a "load" pass): a legacy uint8-quantised model (TF1's quantisation-aware training,
the converter's `inference_type=tf.uint8`) runs on the int8 kernels.

LiteRT's uint8 kernels compute on q - zero_point, never on q alone, and add the output's zero point
last, clamped to [0, 255]; its int8 kernels do the same on [-128, 127]. Every uint8 tensor becomes
an int8 one with the same scale and zero point - 128, its bytes (constants) moved by -128: each
real value is the same, each q - zero_point is the same, and every op below computes the same
int8 bytes as its uint8 bytes minus 128. Ops that only move bytes (SHIFT_FREE) commute with the
shift. The graph's own uint8 inputs and outputs stay uint8 (the caller's bytes): a QUANTIZE to
int8 after each input and one back before each output, each exact (equal scales: LiteRT's
requantisation by a multiplier of one is the identity, plus -128 or +128).

SHIFTED names the ops whose uint8 result is, measured on LiteRT's reference kernels over the
kernel tier's uint8 cases, its int8 result plus 128 (tests/kernels/cases/legacy_uint8.py checks
each against LiteRT). Two need more than the shift:
- CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED and TRANSPOSE_CONV: uint8 weights whose w - z all fit
  int8 (zero point 128; TF1's narrow-range ones at 129) become symmetric int8 ones, run by every
  kernel; elsewhere (TF1's sit at 98..140) w - z spans 9 bits, so the weights keep an offset that
  only the reference kernels add (common.offset_weights).
- AVERAGE_POOL_2D: LiteRT's uint8 average rounds half up, the int8 one half away from zero: its
  own reference kernel (avgpool2d_u8_ref).
- RESIZE_BILINEAR: LiteRT's uint8 resize is its float blend plus 0.5, truncated
  (resize_bilinear_u8_ref), not the int8 fixed point.
- L2_NORMALIZATION: its output at 1/128 and zero point 128 (0 once moved); LiteRT rescales 128 x by
  the inverse square root (ops.l2_normalization), TFLite Micro x with the shift + 7.
- DIV: LiteRT forms its multiplier sa / (sb so) in single precision (ops.binary, in a model only
  LiteRT runs).
An op not named here (CAST reads raw uint8 values; WHILE and IF) gets the model's uint8 bytes back
through a QUANTIZE each way and runs as the uint8 op it is, or its own check refuses it; a uint8
tensor without quantisation or quantised per channel stays uint8, and the arithmetic above refuses
it in one line. Pure: the graph given is left alone."""

from __future__ import annotations

import dataclasses

import numpy as np

from codegen.errors import ModelError
from codegen.ir import DType, Graph, Op, OpKind, Quant, Tensor

# uint8 in LiteRT's reference = int8 + 128 (see the module's docstring)
SHIFTED = frozenset({
    OpKind.ADD, OpKind.SUB, OpKind.MUL, OpKind.MAXIMUM, OpKind.MINIMUM,
    OpKind.EQUAL, OpKind.NOT_EQUAL, OpKind.LESS, OpKind.LESS_EQUAL, OpKind.GREATER, OpKind.GREATER_EQUAL,
    OpKind.ARG_MAX, OpKind.ARG_MIN, OpKind.MAX_POOL_2D, OpKind.AVERAGE_POOL_2D, OpKind.MEAN, OpKind.SUM, OpKind.DIV,
    OpKind.RELU, OpKind.RELU6, OpKind.RELU_N1_TO_1, OpKind.RELU_0_TO_1, OpKind.LEAKY_RELU, OpKind.HARD_SWISH,
    OpKind.LOGISTIC, OpKind.TANH, OpKind.SOFTMAX, OpKind.LOG_SOFTMAX, OpKind.PRELU, OpKind.GELU,
    OpKind.RESIZE_BILINEAR, OpKind.L2_NORMALIZATION, OpKind.TRANSPOSE_CONV, OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D,
    OpKind.FULLY_CONNECTED,
    OpKind.QUANTIZE, OpKind.DEQUANTIZE,
})  # fmt: skip
# Ops that only move, pick or compare bytes of one quantisation: they commute with the shift.
SHIFT_FREE = frozenset({
    OpKind.RESHAPE, OpKind.SQUEEZE, OpKind.EXPAND_DIMS, OpKind.TRANSPOSE, OpKind.SLICE, OpKind.STRIDED_SLICE,
    OpKind.SPLIT, OpKind.SPLIT_V, OpKind.PACK, OpKind.UNPACK, OpKind.CONCATENATION, OpKind.GATHER,
    OpKind.GATHER_ND, OpKind.TILE, OpKind.BROADCAST_TO, OpKind.PAD, OpKind.PADV2, OpKind.MIRROR_PAD,
    OpKind.REVERSE_V2, OpKind.SPACE_TO_DEPTH, OpKind.DEPTH_TO_SPACE, OpKind.SPACE_TO_BATCH_ND,
    OpKind.BATCH_TO_SPACE_ND, OpKind.SELECT_V2, OpKind.FILL, OpKind.SHAPE, OpKind.RESIZE_NEAREST_NEIGHBOR,
    OpKind.TOPK_V2, OpKind.REDUCE_MAX, OpKind.REDUCE_MIN,
})  # fmt: skip


def uint8_as_int8(graph: Graph) -> Graph:
    touched = {t for op in graph.ops for t in (*op.inputs, *op.outputs) if t >= 0}
    uint8 = {t for t in touched if graph.tensors[t].dtype is DType.UINT8}
    arithmetic = [op for op in graph.ops if op.kind in SHIFTED - {OpKind.QUANTIZE, OpKind.DEQUANTIZE}]
    if not any(t in uint8 for op in arithmetic for t in op.inputs):
        return graph  # no uint8 arithmetic: QUANTIZE/DEQUANTIZE and byte moves run uint8 as they are
    # the uint8 tensors quantised per tensor move; any other stays uint8 (an op that computes on it
    # must then read raw uint8, or its own check refuses it)
    moved = {t for t in uint8 if _per_tensor(graph.tensors[t])}
    why = _why_not(graph, uint8 - moved)
    if why:
        raise ModelError(graph.source.rsplit("/", 1)[-1], f"uint8 model: {why}")
    tensors = list(graph.tensors)
    weights = {op.inputs[1] for op in graph.ops if op.kind in WEIGHTS and len(op.inputs) > 1}
    for t in moved:
        tensors[t] = (_centred(tensors[t]) if t in weights else None) or _as_int8(tensors[t], t)
    index = max((op.index for op in graph.ops), default=-1) + 1

    def added(tensor: Tensor, suffix: str) -> int:
        """A new tensor like `tensor` (the moved int8 one, or the model's uint8 one), named for its role."""
        tensors.append(dataclasses.replace(tensor, index=len(tensors), name=f"{tensor.name}/{suffix}"))
        return len(tensors) - 1

    def quantize(source: int, target: int) -> Op:
        """Same scale, zero points 128 apart: exact (LiteRT's requantisation by one, plus or minus 128)."""
        nonlocal index
        index += 1
        return Op(index - 1, OpKind.QUANTIZE, 1, (source,), (target,))

    ops: list[Op] = []
    renamed: dict[int, int] = {}
    for t in graph.inputs:  # the caller's uint8 bytes, then one QUANTIZE to int8
        if t in moved:
            renamed[t] = inner = added(tensors[t], "int8")
            tensors[t] = graph.tensors[t]
            ops.append(quantize(t, inner))
    tail: list[Op] = []
    for t in graph.outputs:  # one QUANTIZE back to the caller's uint8 bytes
        if t in moved and t not in graph.inputs:
            renamed[t] = inner = added(tensors[t], "int8")
            tensors[t] = graph.tensors[t]
            tail.append(quantize(inner, t))
    for op in graph.ops:
        inputs = [renamed.get(t, t) for t in op.inputs]
        outputs = [renamed.get(t, t) for t in op.outputs]
        if _reads_raw(op, uint8, moved):  # it runs on the model's uint8 bytes: QUANTIZEs around it
            after = []
            for k, t in enumerate(op.inputs):
                if t in moved:
                    twin = added(graph.tensors[t], "uint8")
                    ops.append(quantize(inputs[k], twin))
                    inputs[k] = twin
            for k, t in enumerate(op.outputs):
                if t in moved:
                    twin = added(graph.tensors[t], "uint8")
                    after.append(quantize(twin, outputs[k]))
                    outputs[k] = twin
            ops += [dataclasses.replace(op, inputs=tuple(inputs), outputs=tuple(outputs)), *after]
            continue
        moved_op = any(t in moved for t in (*op.inputs, *op.outputs))
        ops.append(dataclasses.replace(op, inputs=tuple(inputs), outputs=tuple(outputs), from_uint8=moved_op))
    return dataclasses.replace(graph, tensors=tensors, ops=[*ops, *tail])


def _per_tensor(t: Tensor) -> bool:
    return t.quant is not None and len(t.quant.scale) == 1 and len(t.quant.zero_point) == 1


def _reads_raw(op: Op, uint8: set[int], moved: set[int]) -> bool:
    """An op that touches a moved tensor but computes on raw uint8 bytes (CAST, a control-flow op,
    anything not named above), or a byte move that also touches an unmoved uint8 tensor: it gets
    the model's uint8 bytes back, and runs (or is refused) as a uint8 op of its own."""
    mine = {t for t in (*op.inputs, *op.outputs) if t in uint8}
    if not mine & moved:
        return False
    return bool(op.subgraphs) or op.kind not in SHIFTED | SHIFT_FREE or (op.kind in SHIFT_FREE and mine - moved)


# The weighted ops: input 1 their weights
WEIGHTS = frozenset({OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D, OpKind.FULLY_CONNECTED, OpKind.TRANSPOSE_CONV})


def _centred(t: Tensor) -> Tensor | None:
    """Constant uint8 weights as symmetric int8 ones, w - z at zero point 0, where every w - z fits
    int8 (every weight at zero point 128, and TF1's narrow-range ones at 129: then every kernel runs
    the layer), else None (the weights keep an offset: common.offset_weights)."""
    if t.data is None:
        return None
    centred = t.data.astype(np.int16) - t.quant.zero_point[0]
    if centred.min(initial=0) < -128 or centred.max(initial=0) > 127:
        return None
    quant = Quant(t.quant.scale, (0,), t.quant.axis, t.quant.calibrated)
    return dataclasses.replace(t, dtype=DType.INT8, quant=quant, data=centred.astype(np.int8))


def _as_int8(t: Tensor, index: int) -> Tensor:
    quant = Quant(t.quant.scale, tuple(z - 128 for z in t.quant.zero_point), t.quant.axis, t.quant.calibrated)
    data = None if t.data is None else (t.data.astype(np.int16) - 128).astype(np.int8)
    return dataclasses.replace(t, index=index, dtype=DType.INT8, quant=quant, data=data)


def _why_not(graph: Graph, unmoved: set[int]) -> str | None:
    """What keeps a uint8 op from running as an int8 one, or None: the arithmetic above computes on
    q - zero point, so each uint8 tensor it touches is quantised per tensor."""
    for op in graph.ops:
        if op.kind not in SHIFTED or op.subgraphs:
            continue
        for t in (*op.inputs, *op.outputs):
            if t in unmoved:
                q = graph.tensors[t].quant
                how = "no quantisation" if q is None else "per-channel quantisation"
                name = graph.tensors[t].name
                return (f"{op.kind.value} (op #{op.index}) computes on uint8 tensor '{name}' with {how} (rvfw runs "
                        "uint8 arithmetic quantised per tensor)")  # fmt: skip
    return None
