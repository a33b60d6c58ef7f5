"""Write small int8 .tflite models with the flatbuffers builder.

Used for the bundled example model and for single-op test models: no
TensorFlow needed, and every byte is deterministic.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import flatbuffers
import numpy as np
import tflite
from tflite.BuiltinOperator import BuiltinOperator
from tflite.BuiltinOptions import BuiltinOptions
from tflite.TensorType import TensorType

_DTYPES = {
    np.int8: TensorType.INT8,
    np.int32: TensorType.INT32,
    np.float32: TensorType.FLOAT32,
    np.int16: TensorType.INT16,
}
_PADDING = {"SAME": 0, "VALID": 1}
_ACTIVATION = {"NONE": 0, "RELU": 1, "RELU_N1_TO_1": 2, "RELU6": 3}
_VERSIONS = {"CONV_2D": 3, "DEPTHWISE_CONV_2D": 3, "FULLY_CONNECTED": 4, "AVERAGE_POOL_2D": 2, "MAX_POOL_2D": 2,
             "ADD": 2, "SOFTMAX": 2, "RESHAPE": 1, "QUANTIZE": 2, "DEQUANTIZE": 2, "PAD": 2,
             "CONCATENATION": 2}  # fmt: skip


@dataclass
class _Tensor:
    name: str
    shape: tuple[int, ...]
    dtype: type
    scale: tuple[float, ...] | None
    zero_point: tuple[int, ...] | None
    axis: int
    data: np.ndarray | None
    signature: tuple[int, ...] | None = None


@dataclass
class _Op:
    kind: str
    inputs: list[int]
    outputs: list[int]
    options: dict
    version: int | None = None


@dataclass
class ModelBuilder:
    tensors: list[_Tensor] = field(default_factory=list)
    ops: list[_Op] = field(default_factory=list)

    def tensor(self, name, shape, dtype=np.int8, scale=None, zero_point=0, data=None, axis=0, signature=None) -> int:
        scales = None if scale is None else tuple(float(s) for s in np.atleast_1d(scale))
        zps = (
            None
            if scales is None
            else tuple(int(z) for z in np.broadcast_to(np.atleast_1d(zero_point), (len(scales),)))
        )
        arr = None if data is None else np.ascontiguousarray(data, dtype=dtype).reshape(shape)
        sig = None if signature is None else tuple(signature)
        self.tensors.append(_Tensor(name, tuple(shape), dtype, scales, zps, axis, arr, sig))
        return len(self.tensors) - 1

    def op(self, kind: str, inputs: list[int], outputs: list[int], version: int | None = None, **options) -> None:
        self.ops.append(_Op(kind, list(inputs), list(outputs), options, version))

    def finish(
        self, inputs: list[int], outputs: list[int], description: str = "rvfw modelgen", subgraphs: int = 1
    ) -> bytes:
        """Serialise; subgraphs > 1 repeats the graph (only to test that such models are rejected)."""
        b = flatbuffers.Builder(1024)
        # Buffer 0 is the empty sentinel; each constant gets its own buffer.
        buffer_data = [None] + [t.data for t in self.tensors if t.data is not None]
        buffers = []
        for data in buffer_data:
            vec = b.CreateNumpyVector(np.frombuffer(data.tobytes(), dtype=np.uint8)) if data is not None else None
            tflite.BufferStart(b)
            if vec is not None:
                tflite.BufferAddData(b, vec)
            buffers.append(tflite.BufferEnd(b))
        tensor_offsets, next_buffer = [], 1
        for t in self.tensors:
            name = b.CreateString(t.name)
            shape = b.CreateNumpyVector(np.array(t.shape, dtype=np.int32))
            sig = None if t.signature is None else b.CreateNumpyVector(np.array(t.signature, dtype=np.int32))
            quant = None
            if t.scale is not None:
                scale = b.CreateNumpyVector(np.array(t.scale, dtype=np.float32))
                zp = b.CreateNumpyVector(np.array(t.zero_point, dtype=np.int64))
                tflite.QuantizationParametersStart(b)
                tflite.QuantizationParametersAddScale(b, scale)
                tflite.QuantizationParametersAddZeroPoint(b, zp)
                tflite.QuantizationParametersAddQuantizedDimension(b, t.axis)
                quant = tflite.QuantizationParametersEnd(b)
            tflite.TensorStart(b)
            tflite.TensorAddShape(b, shape)
            if sig is not None:
                tflite.TensorAddShapeSignature(b, sig)
            tflite.TensorAddType(b, _DTYPES[t.dtype])
            tflite.TensorAddName(b, name)
            if t.data is not None:
                tflite.TensorAddBuffer(b, next_buffer)
                next_buffer += 1
            else:
                tflite.TensorAddBuffer(b, 0)
            if quant is not None:
                tflite.TensorAddQuantization(b, quant)
            tensor_offsets.append(tflite.TensorEnd(b))
        kinds = sorted({(op.kind, op.version or _VERSIONS.get(op.kind, 1)) for op in self.ops})
        codes = []
        for kind, version in kinds:
            builtin = getattr(BuiltinOperator, kind)
            tflite.OperatorCodeStart(b)
            tflite.OperatorCodeAddDeprecatedBuiltinCode(b, min(builtin, 127))
            tflite.OperatorCodeAddBuiltinCode(b, builtin)
            tflite.OperatorCodeAddVersion(b, version)
            codes.append(tflite.OperatorCodeEnd(b))
        op_offsets = []
        for op in self.ops:
            ins = b.CreateNumpyVector(np.array(op.inputs, dtype=np.int32))
            outs = b.CreateNumpyVector(np.array(op.outputs, dtype=np.int32))
            opt_type, opt = _options(b, op)
            tflite.OperatorStart(b)
            tflite.OperatorAddOpcodeIndex(b, kinds.index((op.kind, op.version or _VERSIONS.get(op.kind, 1))))
            tflite.OperatorAddInputs(b, ins)
            tflite.OperatorAddOutputs(b, outs)
            if opt is not None:
                tflite.OperatorAddBuiltinOptionsType(b, opt_type)
                tflite.OperatorAddBuiltinOptions(b, opt)
            op_offsets.append(tflite.OperatorEnd(b))
        tensors_vec = _table_vector(b, tflite.SubGraphStartTensorsVector, tensor_offsets)
        ops_vec = _table_vector(b, tflite.SubGraphStartOperatorsVector, op_offsets)
        in_vec = b.CreateNumpyVector(np.array(inputs, dtype=np.int32))
        out_vec = b.CreateNumpyVector(np.array(outputs, dtype=np.int32))
        sg_name = b.CreateString("main")
        tflite.SubGraphStart(b)
        tflite.SubGraphAddTensors(b, tensors_vec)
        tflite.SubGraphAddOperators(b, ops_vec)
        tflite.SubGraphAddInputs(b, in_vec)
        tflite.SubGraphAddOutputs(b, out_vec)
        tflite.SubGraphAddName(b, sg_name)
        subgraph = tflite.SubGraphEnd(b)
        subgraphs_vec = _table_vector(b, tflite.ModelStartSubgraphsVector, [subgraph] * subgraphs)
        codes_vec = _table_vector(b, tflite.ModelStartOperatorCodesVector, codes)
        buffers_vec = _table_vector(b, tflite.ModelStartBuffersVector, buffers)
        desc = b.CreateString(description)
        tflite.ModelStart(b)
        tflite.ModelAddVersion(b, 3)
        tflite.ModelAddOperatorCodes(b, codes_vec)
        tflite.ModelAddSubgraphs(b, subgraphs_vec)
        tflite.ModelAddDescription(b, desc)
        tflite.ModelAddBuffers(b, buffers_vec)
        b.Finish(tflite.ModelEnd(b), file_identifier=b"TFL3")
        return bytes(b.Output())


def _table_vector(b: flatbuffers.Builder, start, offsets: list[int]) -> int:
    start(b, len(offsets))
    for off in reversed(offsets):
        b.PrependUOffsetTRelative(off)
    return b.EndVector()


def _options(b: flatbuffers.Builder, op: _Op) -> tuple[int, int | None]:
    o = op.options
    act = _ACTIVATION[o.get("activation", "NONE")]
    if op.kind == "CONV_2D":
        tflite.Conv2DOptionsStart(b)
        tflite.Conv2DOptionsAddPadding(b, _PADDING[o.get("padding", "SAME")])
        tflite.Conv2DOptionsAddStrideH(b, o.get("stride", (1, 1))[0])
        tflite.Conv2DOptionsAddStrideW(b, o.get("stride", (1, 1))[1])
        tflite.Conv2DOptionsAddDilationHFactor(b, o.get("dilation", (1, 1))[0])
        tflite.Conv2DOptionsAddDilationWFactor(b, o.get("dilation", (1, 1))[1])
        tflite.Conv2DOptionsAddFusedActivationFunction(b, act)
        return BuiltinOptions.Conv2DOptions, tflite.Conv2DOptionsEnd(b)
    if op.kind == "DEPTHWISE_CONV_2D":
        tflite.DepthwiseConv2DOptionsStart(b)
        tflite.DepthwiseConv2DOptionsAddPadding(b, _PADDING[o.get("padding", "SAME")])
        tflite.DepthwiseConv2DOptionsAddStrideH(b, o.get("stride", (1, 1))[0])
        tflite.DepthwiseConv2DOptionsAddStrideW(b, o.get("stride", (1, 1))[1])
        tflite.DepthwiseConv2DOptionsAddDilationHFactor(b, o.get("dilation", (1, 1))[0])
        tflite.DepthwiseConv2DOptionsAddDilationWFactor(b, o.get("dilation", (1, 1))[1])
        tflite.DepthwiseConv2DOptionsAddDepthMultiplier(b, o.get("depth_multiplier", 1))
        tflite.DepthwiseConv2DOptionsAddFusedActivationFunction(b, act)
        return BuiltinOptions.DepthwiseConv2DOptions, tflite.DepthwiseConv2DOptionsEnd(b)
    if op.kind == "FULLY_CONNECTED":
        tflite.FullyConnectedOptionsStart(b)
        tflite.FullyConnectedOptionsAddFusedActivationFunction(b, act)
        return BuiltinOptions.FullyConnectedOptions, tflite.FullyConnectedOptionsEnd(b)
    if op.kind in ("AVERAGE_POOL_2D", "MAX_POOL_2D"):
        tflite.Pool2DOptionsStart(b)
        tflite.Pool2DOptionsAddPadding(b, _PADDING[o.get("padding", "VALID")])
        tflite.Pool2DOptionsAddStrideH(b, o["stride"][0])
        tflite.Pool2DOptionsAddStrideW(b, o["stride"][1])
        tflite.Pool2DOptionsAddFilterHeight(b, o["filter"][0])
        tflite.Pool2DOptionsAddFilterWidth(b, o["filter"][1])
        tflite.Pool2DOptionsAddFusedActivationFunction(b, act)
        return BuiltinOptions.Pool2DOptions, tflite.Pool2DOptionsEnd(b)
    if op.kind == "ADD":
        tflite.AddOptionsStart(b)
        tflite.AddOptionsAddFusedActivationFunction(b, act)
        return BuiltinOptions.AddOptions, tflite.AddOptionsEnd(b)
    if op.kind == "CONCATENATION":
        tflite.ConcatenationOptionsStart(b)
        tflite.ConcatenationOptionsAddAxis(b, o.get("axis", -1))
        tflite.ConcatenationOptionsAddFusedActivationFunction(b, act)
        return BuiltinOptions.ConcatenationOptions, tflite.ConcatenationOptionsEnd(b)
    if op.kind == "SOFTMAX":
        tflite.SoftmaxOptionsStart(b)
        tflite.SoftmaxOptionsAddBeta(b, o.get("beta", 1.0))
        return BuiltinOptions.SoftmaxOptions, tflite.SoftmaxOptionsEnd(b)
    return BuiltinOptions.NONE, None
