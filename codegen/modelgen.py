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
    np.uint8: TensorType.UINT8,
    np.int32: TensorType.INT32,
    np.float32: TensorType.FLOAT32,
    np.int16: TensorType.INT16,
    np.int64: TensorType.INT64,
    np.uint32: TensorType.UINT32,
    np.uint64: TensorType.UINT64,
    np.bool_: TensorType.BOOL,
    "resource": TensorType.RESOURCE,  # a resource variable's handle (VAR_HANDLE's output)
    "int4": TensorType.INT4,  # constant weights only: `data` int8 values in [-8, 7], stored two a byte
}
_PADDING = {"SAME": 0, "VALID": 1}
_ACTIVATION = {"NONE": 0, "RELU": 1, "RELU_N1_TO_1": 2, "RELU6": 3, "TANH": 4}
# Versions written by default: the lowest that has the int8 form of each op.
_VERSIONS = {"CONV_2D": 3, "DEPTHWISE_CONV_2D": 3, "FULLY_CONNECTED": 4, "AVERAGE_POOL_2D": 2, "MAX_POOL_2D": 2,
             "ADD": 2, "SOFTMAX": 2, "RESHAPE": 1, "QUANTIZE": 2, "DEQUANTIZE": 2, "PAD": 2, "PADV2": 2,
             "CONCATENATION": 2, "SUB": 2, "MUL": 2, "MAXIMUM": 2, "MINIMUM": 2, "SQUARED_DIFFERENCE": 2,
             "LEAKY_RELU": 2, "GELU": 2, "LOGISTIC": 2, "TANH": 2, "RELU": 2, "RELU6": 2, "TRANSPOSE": 2, "SLICE": 2,
             "STRIDED_SLICE": 2, "SPLIT": 2, "SPLIT_V": 2, "PACK": 2, "UNPACK": 2, "BROADCAST_TO": 2,
             "DEPTH_TO_SPACE": 2, "SPACE_TO_DEPTH": 2, "GATHER": 2, "RESIZE_NEAREST_NEIGHBOR": 2, "MEAN": 2,
             "SUM": 2, "REDUCE_MAX": 2, "REDUCE_MIN": 2, "PRELU": 1, "ARG_MAX": 2, "ARG_MIN": 2,
             "TRANSPOSE_CONV": 3, "BATCH_MATMUL": 1, "RESIZE_BILINEAR": 2,
             "L2_NORMALIZATION": 2, "DIV": 2, "LOG_SOFTMAX": 2,
             "SVDF": 3, "UNIDIRECTIONAL_SEQUENCE_LSTM": 3, "VAR_HANDLE": 1, "READ_VARIABLE": 1,
             "ASSIGN_VARIABLE": 1, "CALL_ONCE": 1}  # fmt: skip


def _act(o: dict) -> int:
    return _ACTIVATION[o.get("activation", "NONE")]


def _pair(key: str, position: int, default=(1, 1)):
    return lambda o: o.get(key, default)[position]


_CONV_FIELDS = [("Padding", lambda o: _PADDING[o.get("padding", "SAME")]), ("StrideH", _pair("stride", 0)),
                ("StrideW", _pair("stride", 1)), ("DilationHFactor", _pair("dilation", 0)),
                ("DilationWFactor", _pair("dilation", 1)), ("FusedActivationFunction", _act)]  # fmt: skip
_POOL_FIELDS = [("Padding", lambda o: _PADDING[o.get("padding", "VALID")]), ("StrideH", lambda o: o["stride"][0]),
                ("StrideW", lambda o: o["stride"][1]), ("FilterHeight", lambda o: o["filter"][0]),
                ("FilterWidth", lambda o: o["filter"][1]), ("FusedActivationFunction", _act)]  # fmt: skip
_REDUCER = ("ReducerOptions", [("KeepDims", lambda o: bool(o.get("keep_dims", False)))])
# Each op kind's options table (a class of the tflite package) and its fields from the op's options.
_OPTION_TABLES = {
    "CONV_2D": ("Conv2DOptions", _CONV_FIELDS),
    "DEPTHWISE_CONV_2D": ("DepthwiseConv2DOptions",
                          [*_CONV_FIELDS, ("DepthMultiplier", lambda o: o.get("depth_multiplier", 1))]),
    "FULLY_CONNECTED": ("FullyConnectedOptions", [("FusedActivationFunction", _act),
                                                  ("KeepNumDims", lambda o: bool(o.get("keep_num_dims", False))),
                                                  ("AsymmetricQuantizeInputs",
                                                   lambda o: bool(o.get("asymmetric_quantize_inputs", False)))]),
    "AVERAGE_POOL_2D": ("Pool2DOptions", _POOL_FIELDS),
    "MAX_POOL_2D": ("Pool2DOptions", _POOL_FIELDS),
    "L2_POOL_2D": ("Pool2DOptions", _POOL_FIELDS),
    "ADD": ("AddOptions", [("FusedActivationFunction", _act)]),
    "SUB": ("SubOptions", [("FusedActivationFunction", _act)]),
    "MUL": ("MulOptions", [("FusedActivationFunction", _act)]),
    "DIV": ("DivOptions", [("FusedActivationFunction", _act)]),
    "CONCATENATION": ("ConcatenationOptions", [("Axis", lambda o: o.get("axis", -1)),
                                               ("FusedActivationFunction", _act)]),
    "SOFTMAX": ("SoftmaxOptions", [("Beta", lambda o: o.get("beta", 1.0))]),
    "LEAKY_RELU": ("LeakyReluOptions", [("Alpha", lambda o: o.get("alpha", 0.2))]),
    "GELU": ("GeluOptions", [("Approximate", lambda o: bool(o.get("approximate", False)))]),
    "STRIDED_SLICE": ("StridedSliceOptions", [(f, lambda o, k=k: o.get(k, 0)) for f, k in (
        ("BeginMask", "begin_mask"), ("EndMask", "end_mask"), ("EllipsisMask", "ellipsis_mask"),
        ("NewAxisMask", "new_axis_mask"), ("ShrinkAxisMask", "shrink_axis_mask"))]),
    "SPLIT": ("SplitOptions", [("NumSplits", lambda o: o["num_splits"])]),
    "SPLIT_V": ("SplitVOptions", [("NumSplits", lambda o: o["num_splits"])]),
    "PACK": ("PackOptions", [("ValuesCount", lambda o: o["values_count"]), ("Axis", lambda o: o.get("axis", 0))]),
    "UNPACK": ("UnpackOptions", [("Num", lambda o: o["num"]), ("Axis", lambda o: o.get("axis", 0))]),
    "DEPTH_TO_SPACE": ("DepthToSpaceOptions", [("BlockSize", lambda o: o["block_size"])]),
    "MIRROR_PAD": ("MirrorPadOptions", [("Mode", lambda o: o.get("mode", 0))]),
    "CUMSUM": ("CumsumOptions", [("Exclusive", lambda o: bool(o.get("exclusive", False))),
                                 ("Reverse", lambda o: bool(o.get("reverse", False)))]),
    "SPACE_TO_DEPTH": ("SpaceToDepthOptions", [("BlockSize", lambda o: o["block_size"])]),
    "GATHER": ("GatherOptions", [("Axis", lambda o: o.get("axis", 0)),
                                 ("BatchDims", lambda o: o.get("batch_dims", 0))]),
    "RESIZE_BILINEAR": ("ResizeBilinearOptions", [
        ("AlignCorners", lambda o: bool(o.get("align_corners", False))),
        ("HalfPixelCenters", lambda o: bool(o.get("half_pixel_centers", False)))]),
    "RESIZE_NEAREST_NEIGHBOR": ("ResizeNearestNeighborOptions", [
        ("AlignCorners", lambda o: bool(o.get("align_corners", False))),
        ("HalfPixelCenters", lambda o: bool(o.get("half_pixel_centers", False)))]),
    "ARG_MAX": ("ArgMaxOptions", [("OutputType", lambda o: o.get("output_type", 2))]),  # INT32
    "ARG_MIN": ("ArgMinOptions", [("OutputType", lambda o: o.get("output_type", 2))]),
    "TRANSPOSE_CONV": ("TransposeConvOptions", [("Padding", lambda o: _PADDING[o.get("padding", "SAME")]),
                                                ("StrideH", _pair("stride", 0)), ("StrideW", _pair("stride", 1)),
                                                ("FusedActivationFunction", _act)]),
    "BATCH_MATMUL": ("BatchMatMulOptions", [("AdjX", lambda o: bool(o.get("adj_x", False))),
                                            ("AdjY", lambda o: bool(o.get("adj_y", False)))]),
    "SVDF": ("SVDFOptions", [("Rank", lambda o: o.get("rank", 1)), ("FusedActivationFunction", _act)]),
    "UNIDIRECTIONAL_SEQUENCE_LSTM": ("UnidirectionalSequenceLSTMOptions", [
        ("FusedActivationFunction", lambda o: _ACTIVATION[o.get("activation", "TANH")]),
        ("CellClip", lambda o: o.get("cell_clip", 0.0)), ("ProjClip", lambda o: o.get("proj_clip", 0.0)),
        ("TimeMajor", lambda o: bool(o.get("time_major", False))),
        ("AsymmetricQuantizeInputs", lambda o: bool(o.get("asymmetric_quantize_inputs", False)))]),
    "VAR_HANDLE": ("VarHandleOptions", [("Container", lambda o: o.get("container", "")),
                                        ("SharedName", lambda o: o["shared_name"])]),
    "CALL_ONCE": ("CallOnceOptions", [("InitSubgraphIndex", lambda o: o.get("init_subgraph_index", 1))]),
    "WHILE": ("WhileOptions", [("CondSubgraphIndex", lambda o: o["cond"]), ("BodySubgraphIndex", lambda o: o["body"])]),
    "IF": ("IfOptions", [("ThenSubgraphIndex", lambda o: o["then"]), ("ElseSubgraphIndex", lambda o: o["else"])]),
    "SHAPE": ("ShapeOptions", [("OutType", lambda o: o.get("out_type", 2))]),  # INT32
    "MEAN": _REDUCER,
    "SUM": _REDUCER,
    "REDUCE_MAX": _REDUCER,
    "REDUCE_MIN": _REDUCER,
    "REDUCE_ALL": _REDUCER,
    "REDUCE_PROD": _REDUCER,
}  # fmt: skip


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
    calibrated: tuple[float, float] | None = None  # (min, max) as a converter records them
    variable: bool = False  # state kept across inferences


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
    # False: operator codes carry only the int32 builtin_code, as AI Edge Quantizer writes them
    # for the QUANTIZE/DEQUANTIZE it inserts (the deprecated int8 field left at 0, i.e. ADD).
    deprecated_codes: bool = True

    def tensor(
        self,
        name,
        shape,
        dtype=np.int8,
        scale=None,
        zero_point=0,
        data=None,
        axis=0,
        signature=None,
        calibrated=None,
        variable=False,
    ) -> int:
        scales = None if scale is None else tuple(float(s) for s in np.atleast_1d(scale))
        zps = (
            None
            if scales is None
            else tuple(int(z) for z in np.broadcast_to(np.atleast_1d(zero_point), (len(scales),)))
        )
        if dtype == "int4":  # two values a byte, low nibble first (TFLite's layout)
            values = (np.asarray(data, dtype=np.int16).reshape(-1) & 0xF).astype(np.uint8)
            values = np.append(values, np.uint8(0)) if values.size % 2 else values
            arr = (values[0::2] | (values[1::2] << 4)).astype(np.uint8)
        else:
            arr = None if data is None else np.ascontiguousarray(data, dtype=dtype).reshape(shape)
        sig = None if signature is None else tuple(signature)
        self.tensors.append(_Tensor(name, tuple(shape), dtype, scales, zps, axis, arr, sig, calibrated, variable))
        return len(self.tensors) - 1

    def op(self, kind: str, inputs: list[int], outputs: list[int], version: int | None = None, **options) -> None:
        self.ops.append(_Op(kind, list(inputs), list(outputs), options, version))

    def finish(
        self,
        inputs: list[int],
        outputs: list[int],
        description: str = "rvfw modelgen",
        subgraphs: int = 1,
        init: ModelBuilder | None = None,
        extra: list[tuple[ModelBuilder, list[int], list[int]]] | None = None,
    ) -> bytes:
        """Serialise; subgraphs > 1 repeats the graph (only to test that such models are rejected).
        init: a second subgraph (no inputs or outputs), e.g. the one a CALL_ONCE op runs to
        initialise resource variables; it shares the model's buffers and operator codes."""
        b = flatbuffers.Builder(1024)
        # extra: more subgraphs after the main one (and init), with their inputs and outputs: a
        # WHILE's cond and body, an IF's branches.
        extra = extra or []
        graphs = [self] + ([init] if init is not None else []) + [g for g, _i, _o in extra]
        # Buffer 0 is the empty sentinel; each constant gets its own buffer.
        buffer_data = [None] + [t.data for g in graphs for t in g.tensors if t.data is not None]
        buffers = []
        for data in buffer_data:
            vec = b.CreateNumpyVector(np.frombuffer(data.tobytes(), dtype=np.uint8)) if data is not None else None
            tflite.BufferStart(b)
            if vec is not None:
                tflite.BufferAddData(b, vec)
            buffers.append(tflite.BufferEnd(b))
        kinds = sorted({(op.kind, op.version or _VERSIONS.get(op.kind, 1)) for g in graphs for op in g.ops})
        codes = []
        for kind, version in kinds:
            # "CUSTOM:<code>": a custom op (the Signal library's), its options a FlexBuffers map
            custom = b.CreateString(kind.split(":", 1)[1]) if kind.startswith("CUSTOM:") else None
            builtin = BuiltinOperator.CUSTOM if custom is not None else getattr(BuiltinOperator, kind)
            tflite.OperatorCodeStart(b)
            if custom is not None:
                tflite.OperatorCodeAddCustomCode(b, custom)
            if self.deprecated_codes:
                tflite.OperatorCodeAddDeprecatedBuiltinCode(b, min(builtin, 127))
            tflite.OperatorCodeAddBuiltinCode(b, builtin)
            tflite.OperatorCodeAddVersion(b, version)
            codes.append(tflite.OperatorCodeEnd(b))
        serialised, next_buffer = [], 1
        ends_of = [(inputs, outputs, "main")] + ([([], [], "init")] if init is not None else [])
        ends_of += [(i, o, f"sub{k}") for k, (_g, i, o) in enumerate(extra)]
        for k, g in enumerate(graphs):
            ends = ends_of[k]
            subgraph, next_buffer = g._subgraph(b, kinds, next_buffer, *ends)
            serialised.append(subgraph)
        if init is None and not extra:
            serialised = serialised * subgraphs
        subgraphs_vec = _table_vector(b, tflite.ModelStartSubgraphsVector, serialised)
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

    def _subgraph(self, b: flatbuffers.Builder, kinds: list, next_buffer: int, inputs, outputs, name: str):
        """This builder's tensors and ops as one SubGraph table; constants take buffers from next_buffer."""
        tensor_offsets = []
        for t in self.tensors:
            tname = b.CreateString(t.name)
            shape = b.CreateNumpyVector(np.array(t.shape, dtype=np.int32))
            sig = None if t.signature is None else b.CreateNumpyVector(np.array(t.signature, dtype=np.int32))
            quant = None
            if t.scale is not None:
                scale = b.CreateNumpyVector(np.array(t.scale, dtype=np.float32))
                zp = b.CreateNumpyVector(np.array(t.zero_point, dtype=np.int64))
                if t.calibrated is not None:
                    lo_vec = b.CreateNumpyVector(np.array([t.calibrated[0]], dtype=np.float32))
                    hi_vec = b.CreateNumpyVector(np.array([t.calibrated[1]], dtype=np.float32))
                tflite.QuantizationParametersStart(b)
                tflite.QuantizationParametersAddScale(b, scale)
                tflite.QuantizationParametersAddZeroPoint(b, zp)
                tflite.QuantizationParametersAddQuantizedDimension(b, t.axis)
                if t.calibrated is not None:
                    tflite.QuantizationParametersAddMin(b, lo_vec)
                    tflite.QuantizationParametersAddMax(b, hi_vec)
                quant = tflite.QuantizationParametersEnd(b)
            tflite.TensorStart(b)
            tflite.TensorAddShape(b, shape)
            if sig is not None:
                tflite.TensorAddShapeSignature(b, sig)
            tflite.TensorAddType(b, _DTYPES[t.dtype])
            tflite.TensorAddName(b, tname)
            if t.variable:
                tflite.TensorAddIsVariable(b, True)
            if t.data is not None:
                tflite.TensorAddBuffer(b, next_buffer)
                next_buffer += 1
            else:
                tflite.TensorAddBuffer(b, 0)
            if quant is not None:
                tflite.TensorAddQuantization(b, quant)
            tensor_offsets.append(tflite.TensorEnd(b))
        op_offsets = []
        for op in self.ops:
            ins = b.CreateNumpyVector(np.array(op.inputs, dtype=np.int32))
            outs = b.CreateNumpyVector(np.array(op.outputs, dtype=np.int32))
            opt_type, opt = _options(b, op)
            raw = op.options.get("custom_options") if op.kind.startswith("CUSTOM:") else None
            custom_vec = b.CreateNumpyVector(np.frombuffer(raw, dtype=np.uint8)) if raw else None
            tflite.OperatorStart(b)
            tflite.OperatorAddOpcodeIndex(b, kinds.index((op.kind, op.version or _VERSIONS.get(op.kind, 1))))
            tflite.OperatorAddInputs(b, ins)
            tflite.OperatorAddOutputs(b, outs)
            if opt is not None:
                tflite.OperatorAddBuiltinOptionsType(b, opt_type)
                tflite.OperatorAddBuiltinOptions(b, opt)
            if custom_vec is not None:
                tflite.OperatorAddCustomOptions(b, custom_vec)
            op_offsets.append(tflite.OperatorEnd(b))
        tensors_vec = _table_vector(b, tflite.SubGraphStartTensorsVector, tensor_offsets)
        ops_vec = _table_vector(b, tflite.SubGraphStartOperatorsVector, op_offsets)
        in_vec = b.CreateNumpyVector(np.array(inputs, dtype=np.int32))
        out_vec = b.CreateNumpyVector(np.array(outputs, dtype=np.int32))
        sg_name = b.CreateString(name)
        tflite.SubGraphStart(b)
        tflite.SubGraphAddTensors(b, tensors_vec)
        tflite.SubGraphAddOperators(b, ops_vec)
        tflite.SubGraphAddInputs(b, in_vec)
        tflite.SubGraphAddOutputs(b, out_vec)
        tflite.SubGraphAddName(b, sg_name)
        return tflite.SubGraphEnd(b), next_buffer


def _table_vector(b: flatbuffers.Builder, start, offsets: list[int]) -> int:
    start(b, len(offsets))
    for off in reversed(offsets):
        b.PrependUOffsetTRelative(off)
    return b.EndVector()


def _options(b: flatbuffers.Builder, op: _Op) -> tuple[int, int | None]:
    if op.kind not in _OPTION_TABLES:
        return BuiltinOptions.NONE, None
    name, fields = _OPTION_TABLES[op.kind]
    # Strings are serialised before the table that points at them.
    values = [(f, b.CreateString(v) if isinstance(v, str) else v) for f, v in ((f, g(op.options)) for f, g in fields)]
    getattr(tflite, f"{name}Start")(b)
    for field_name, value in values:
        getattr(tflite, f"{name}Add{field_name}")(b, value)
    return getattr(BuiltinOptions, name), getattr(tflite, f"{name}End")(b)
