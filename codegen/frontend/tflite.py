"""Read a .tflite flatbuffer into rvfw's IR, rejecting what we cannot compile.

Every rejection is a ModelError with one line naming the file, the op and the reason.
"""

from __future__ import annotations

import dataclasses
import hashlib
import os
import re
import stat
from dataclasses import replace
from pathlib import Path

import flatbuffers
import numpy as np
import tflite
from tflite.BuiltinOperator import BuiltinOperator
from tflite.BuiltinOptions import BuiltinOptions
from tflite.TensorType import TensorType

from codegen.errors import ModelError, one_line, summarize
from codegen.frontend import custom as custom_ops
from codegen.frontend import resources, signal
from codegen.frontend.resources import RESOURCE_KINDS
from codegen.frontend.validate import validate
from codegen.ir import DType, Graph, Op, OpKind, Quant, Tensor
from codegen.ops import KINDS
from codegen.paths import FIRMWARE_DIR, GENERATED_KERNELS_DIR, KERNELS_DIR

_TENSOR_TYPES = {
    TensorType.FLOAT32: DType.FLOAT32,
    TensorType.INT8: DType.INT8,
    TensorType.INT16: DType.INT16,
    TensorType.INT32: DType.INT32,
    TensorType.INT64: DType.INT64,
    TensorType.UINT8: DType.UINT8,
    TensorType.UINT32: DType.UINT32,
    TensorType.UINT64: DType.UINT64,
    TensorType.BOOL: DType.BOOL,
}
_TENSOR_TYPE_NAMES = {v: k for k, v in TensorType.__dict__.items() if not k.startswith("_")}
_OP_NAMES = {v: k for k, v in BuiltinOperator.__dict__.items() if not k.startswith("_")}
_PADDING = {0: "SAME", 1: "VALID"}
_ACTIVATIONS = {0: "NONE", 1: "RELU", 2: "RELU_N1_TO_1", 3: "RELU6", 4: "TANH", 5: "SIGN_BIT"}

# Highest op version whose semantics rvfw implements: each op's contract (ops.contract.Kind), and
# the kinds the frontend itself rewrites away (frontend.resources). Dtype checks narrow it further.
MAX_VERSION = {
    **{kind: spec.max_version for kind, spec in KINDS.items() if spec.max_version is not None},
    **RESOURCE_KINDS,
}


# Generated files and symbols of rvfw's own that a model's name must not take (main.c, app.c,
# link.ld, rvfw_platform.h, rvfw_* symbols).
MAX_C_NAME = 64  # characters of a model's C name (derived from its file name)
# C and picolibc headers a generated <name>.h would shadow on the include path, and the vector
# intrinsics' header.
STANDARD_HEADERS = frozenset({
    "assert", "complex", "ctype", "errno", "fenv", "float", "inttypes", "iso646", "limits", "locale", "math",
    "setjmp", "signal", "stdalign", "stdarg", "stdatomic", "stdbool", "stddef", "stdint", "stdio", "stdlib",
    "stdnoreturn", "string", "strings", "tgmath", "threads", "time", "uchar", "wchar", "wctype", "unistd", "alloca",
    "malloc", "newlib", "picolibc", "riscv_vector", "sys", "machine",
})  # fmt: skip


def _own_file_names() -> frozenset[str]:
    """Every name rvfw's own files use, without their extension: the runtime and kernel sources and
    headers (firmware/) and the files every image or export writes under a fixed name. A model
    named after one of them would put a second file of that name in the build (a model called
    `conv2d_s8_rvv` had clang compile the model's C as the kernel)."""
    names = {"main", "app", "link", "link-unbounded", "partitions", "rvfw_platform", "rvfw_app_models"}
    for folder in (FIRMWARE_DIR / "runtime", KERNELS_DIR, GENERATED_KERNELS_DIR, FIRMWARE_DIR / "include"):
        if folder.is_dir():
            names.update(p.name.split(".")[0] for p in folder.iterdir())
    return frozenset(names)


RESERVED_NAMES = _own_file_names() | STANDARD_HEADERS


def c_identifier(stem: str) -> str:
    """The C name of a model (it prefixes its generated files and symbols); one that would collide
    with rvfw's own files or symbols gets an m_ prefix, as does one that starts with a digit."""
    name = re.sub(r"[^0-9a-zA-Z_]", "_", stem).lower()
    if len(name) > MAX_C_NAME:  # file names and symbols stay short: a prefix and a digest of the rest
        name = f"{name[: MAX_C_NAME - 9]}_{hashlib.sha256(stem.encode('utf-8', 'replace')).hexdigest()[:8]}"
    if name.endswith("_rvv"):  # build systems compile *_rvv.c as vector kernels (clang, -march=...v)
        name = f"{name}_m"
    if not name or name[0].isdigit() or name in RESERVED_NAMES or name.startswith("rvfw"):
        return f"m_{name}"
    return name


MAX_MODEL_BYTES = 1 << 30  # a model for a microcontroller; anything larger is refused unread


def read_model_file(path: Path, label: str) -> bytes:
    """The file's bytes: only a regular file (not a FIFO, device or directory), at most MAX_MODEL_BYTES."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise ModelError(label, f"cannot read model: {exc.strerror}") from None
    if not stat.S_ISREG(st.st_mode):  # a device or FIFO: named by its whole path (/dev/zero, not "zero")
        raise ModelError(str(path), "cannot read model: not a regular file")
    if st.st_size > MAX_MODEL_BYTES:
        raise ModelError(label, f"{st.st_size:,} bytes; rvfw reads models of at most {MAX_MODEL_BYTES:,}")
    try:
        return path.read_bytes()
    except OSError as exc:
        raise ModelError(label, f"cannot read model: {exc.strerror}") from None


def constant_bytes(path: str | Path) -> int:
    """The bytes the model's buffers hold (in the flatbuffer or after it), from the buffer table
    alone: nothing is copied, so a model far over a board's flash is refused before it is parsed
    (issue 55: a 200 MB one took 57 s and 2.2 GB first). 0 when the file cannot be read as one."""
    path = Path(path)
    try:
        data = read_model_file(path, path.name)
        model = tflite.Model.GetRootAsModel(data, 0)
        total = 0
        for i in range(model.BuffersLength()):
            buffer = model.Buffers(i)
            total += buffer.DataLength() or (buffer.Size() if buffer.Offset() > 1 else 0)
        return total
    except Exception:  # noqa: BLE001 - a corrupt file is load_tflite's to refuse, with its own words
        return 0


def load_tflite(path: str | Path, name: str | None = None) -> Graph:
    path = Path(path)
    label = path.name
    data = read_model_file(path, label)
    if len(data) < 8 or data[4:8] != b"TFL3":
        raise ModelError(label, "not a TFLite flatbuffer (no TFL3 identifier)")
    try:
        model = tflite.Model.GetRootAsModel(data, 0)
        graph = _read_graph(model, data, label)
    except ModelError:
        raise
    except Exception:  # the flatbuffer accessors fail in many ways on cut files
        raise ModelError(label, "truncated or corrupt flatbuffer") from None
    validate(graph, label)
    graph.name = name or c_identifier(path.stem)
    graph.source = str(path)
    graph.sha256 = hashlib.sha256(data).hexdigest()
    return graph


def _read_subgraph(model: tflite.Model, k: int, data: bytes, label: str) -> tuple[list[Tensor], list[Op]]:
    sub = model.Subgraphs(k)
    tensors = [_read_tensor(model, sub, i, data, label) for i in range(sub.TensorsLength())]
    ops, missing = [], []
    for i in range(sub.OperatorsLength()):
        try:
            ops.append(_read_op(model, sub, i, label))
        except UnsupportedOp as exc:
            missing.append(exc)
    if missing:  # every op kind (and version) rvfw lacks, in one line: the same form for one or several
        raise ModelError(label, "not supported: " + summarize(missing))
    _empty_constants(sub, tensors, ops)
    return signal.add_state(tensors, ops, label)


def _empty_constants(sub, tensors: list[Tensor], ops: list[Op]) -> None:
    """A constant with no elements (the shape [0] tensor a RESHAPE to a scalar reads, as the converter
    writes `tf.reshape(x, [])`) has an empty buffer, which reads as no buffer at all: an op input
    with a zero dimension that no op writes and the subgraph does not take is that constant."""
    written = {o for op in ops for o in op.outputs}
    taken = {int(i) for i in sub.InputsAsNumpy()} if sub.InputsLength() else set()
    for op in ops:
        for i in op.inputs:
            t = tensors[i] if 0 <= i < len(tensors) else None
            if t is None or t.data is not None or t.is_variable or 0 not in t.shape or i in written | taken:
                continue
            tensors[i] = replace(t, data=np.zeros(t.shape, dtype=t.dtype.np_type))


MAX_NESTING = 8  # WHILE loops and IFs inside each other
CONTROL_ROLES = {OpKind.WHILE: ("cond", "body"), OpKind.IF: ("then", "else")}  # Op.subgraphs' order


def _read_graph(model: tflite.Model, data: bytes, label: str) -> Graph:
    sub = model.Subgraphs(0)
    tensors, ops = _read_subgraph(model, 0, data, label)
    count = model.SubgraphsLength()  # may be anything in a corrupt file: compare, never enumerate it
    # More subgraphs: CALL_ONCE initialisers of resource variables (frontend.resources), the cond
    # and body of each WHILE loop and the branches of each IF (read into the op, nested ones too).
    inits = resources.init_subgraphs(ops)
    used: set[int] = set()
    ops = _attach_subgraphs(model, data, label, ops, count, (0,), used)
    if inits & used or len(inits) + len(used) != count - 1 or any(not 1 <= k < count for k in inits):
        raise ModelError(label, f"{model.SubgraphsLength()} subgraphs; rvfw compiles the main one, the cond and body "
                         "of WHILE loops, the branches of IFs and CALL_ONCE initialisers of resource variables, each "
                         "used once")  # fmt: skip
    if resources.uses_resources(ops):
        initial = {}
        for k in sorted(inits):
            initial.update(resources.initial_values(label, k, *_read_subgraph(model, k, data, label)))
        tensors, ops = resources.lower(label, tensors, ops, initial)
    inputs = tuple(int(i) for i in sub.InputsAsNumpy())
    outputs = tuple(int(i) for i in sub.OutputsAsNumpy())
    for index in inputs + outputs:
        if not 0 <= index < len(tensors):
            raise ModelError(label, f"graph input/output tensor {index} does not exist")
    return Graph(name="", source="", sha256="", tensors=tensors, ops=ops, inputs=inputs, outputs=outputs)


def _attach_subgraphs(model: tflite.Model, data: bytes, label: str, ops: list[Op], count: int,
                      stack: tuple[int, ...], used: set[int]) -> list[Op]:  # fmt: skip
    """Each WHILE op with its (cond, body) and each IF with its (then, else) read as Graphs of their
    own, recursively; a subgraph that is used twice, refers back to an enclosing one, or nests
    deeper than MAX_NESTING is refused."""
    out = []
    for op in ops:
        if op.kind in CONTROL_ROLES:
            graphs = []
            for role in CONTROL_ROLES[op.kind]:
                k = int(op.options.get(f"{role}_subgraph_index", -1))
                if not 1 <= k < count or k in stack or k in used:
                    raise ModelError(label, f"{role} subgraph {k} does not exist, is used twice or encloses the loop",
                                     op.index, op.kind.value)  # fmt: skip
                if len(stack) > MAX_NESTING:
                    raise ModelError(label, f"control flow nested deeper than {MAX_NESTING}", op.index, op.kind.value)
                used.add(k)
                sub_tensors, sub_ops = _read_subgraph(model, k, data, label)
                sub_ops = _attach_subgraphs(model, data, label, sub_ops, count, (*stack, k), used)
                sub = model.Subgraphs(k)
                inputs = tuple(int(i) for i in sub.InputsAsNumpy()) if sub.InputsLength() else ()
                outputs = tuple(int(i) for i in sub.OutputsAsNumpy()) if sub.OutputsLength() else ()
                for index in inputs + outputs:
                    if not 0 <= index < len(sub_tensors):
                        raise ModelError(label, f"subgraph {k}: input/output tensor {index} does not exist")
                graph = Graph(name=f"sg{k}", source="", sha256="", tensors=sub_tensors, ops=sub_ops, inputs=inputs,
                              outputs=outputs)  # fmt: skip
                validate(graph, label, subgraph=k)
                graphs.append(graph)
            op = dataclasses.replace(op, subgraphs=tuple(graphs))
        out.append(op)
    return out


def _read_tensor(model: tflite.Model, sub, index: int, data: bytes, label: str) -> Tensor:
    t = sub.Tensors(index)
    name = t.Name().decode("utf-8", "replace") if t.Name() else f"t{index}"
    shape = tuple(int(d) for d in t.ShapeAsNumpy()) if t.ShapeLength() else ()
    # TFLite Micro uses the stored shape: -1 in shape_signature (a free batch or sequence length
    # the converter fixed in the shape) does not make the tensor dynamic; -1 in the shape does.
    if any(d < 0 for d in shape):
        raise ModelError(label, f"tensor {index} '{one_line(name)}' has a dynamic shape {list(shape)}")
    if t.Sparsity() is not None:  # its buffer is the compressed form: said here, not as a size mismatch
        raise ModelError(label, f"tensor {index} '{one_line(name)}': sparse (compressed) tensors not supported: "
                         "rvfw reads dense tensors only")  # fmt: skip
    tensor_type = t.Type()
    if tensor_type == TensorType.RESOURCE:  # a resource variable's handle: gone after frontend.resources
        return Tensor(index=index, name=name, shape=(), dtype=DType.INT32)
    packed4 = tensor_type == TensorType.INT4  # weights two a byte, low nibble first: read as int8
    if packed4:
        tensor_type = TensorType.INT8
    if tensor_type == TensorType.FLOAT16:  # the converter's float16 weights: widened to float32 below
        return _float16_constant(model, t, index, name, shape, data, label)
    if tensor_type not in _TENSOR_TYPES:
        type_name = _TENSOR_TYPE_NAMES.get(tensor_type, str(tensor_type))
        raise ModelError(label, f"tensor {index} '{one_line(name)}': type {type_name} not supported")
    dtype = _TENSOR_TYPES[tensor_type]
    quant = None
    q = t.Quantization()
    if q is not None and q.ScaleLength() > 0:
        scales = tuple(float(s) for s in q.ScaleAsNumpy())
        zps = tuple(int(z) for z in q.ZeroPointAsNumpy()) if q.ZeroPointLength() else ()  # validate refuses a mismatch
        calibrated = None
        if q.MinLength() == 1 and q.MaxLength() == 1 and q.MinAsNumpy()[0] < q.MaxAsNumpy()[0]:
            calibrated = (float(q.MinAsNumpy()[0]), float(q.MaxAsNumpy()[0]))
        # TFLite Micro ignores quantized_dimension on a rank-1 tensor (a bias's per-channel scales
        # run along its only axis; person_detect's biases say 3).
        axis = 0 if len(shape) == 1 else int(q.QuantizedDimension())
        quant = Quant(scale=scales, zero_point=zps, axis=axis, calibrated=calibrated)
    array = None
    if t.IsVariable():  # its initial bytes do not matter: TFLite Micro resets variables at start
        return Tensor(index=index, name=name, shape=shape, dtype=dtype, quant=quant, is_variable=True)
    raw = _buffer_bytes(model, t, data, label)
    if packed4:
        count = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if raw is None or len(raw) != (count + 1) // 2:
            got = "no buffer" if raw is None else f"{len(raw)} bytes"
            raise ModelError(label, f"tensor {index} '{one_line(name)}': int4 {got}, shape needs {(count + 1) // 2} "
                             "(a constant, two values a byte)")  # fmt: skip
        nibbles = np.frombuffer(raw, dtype=np.uint8)
        pairs = np.stack([nibbles & 0xF, nibbles >> 4], axis=1).reshape(-1)[:count].astype(np.int16)
        array = np.where(pairs > 7, pairs - 16, pairs).astype(np.int8).reshape(shape)
        return Tensor(index=index, name=name, shape=shape, dtype=dtype, quant=quant, data=array, packed4=True)
    if raw is not None:
        count = int(np.prod(shape, dtype=np.int64)) if shape else 1
        if len(raw) != count * dtype.size:
            raise ModelError(
                label,
                f"tensor {index} '{one_line(name)}': buffer holds {len(raw)} bytes, shape needs {count * dtype.size}",
            )
        array = np.frombuffer(raw, dtype=dtype.np_type).reshape(shape).copy()
    return Tensor(index=index, name=name, shape=shape, dtype=dtype, quant=quant, data=array)


def _buffer_bytes(model: tflite.Model, t, data: bytes, label: str) -> bytes | None:
    """A tensor's constant bytes: stored after the flatbuffer (offset and size) or inside it; None
    for an activation."""
    buffer = model.Buffers(t.Buffer())
    if buffer is not None and buffer.Offset() > 1:
        start, size = int(buffer.Offset()), int(buffer.Size())
        if start + size > len(data):
            raise ModelError(label, "truncated or corrupt flatbuffer")
        return data[start : start + size]
    if buffer is not None and buffer.DataLength() > 0:
        return buffer.DataAsNumpy().tobytes()
    return None


def _float16_constant(model: tflite.Model, t, index: int, name: str, shape: tuple[int, ...], data: bytes,
                      label: str) -> Tensor:  # fmt: skip
    """A float16 weight tensor (the converter's `supported_types = [tf.float16]`: each read by a
    DEQUANTIZE to float32) as the float32 values it stands for: exact (every float16 is a float32),
    and the DEQUANTIZE then folds at load (passes.float16) as LiteRT computes it. A
    float16 activation (no buffer) is refused in one line."""
    raw = _buffer_bytes(model, t, data, label)
    count = int(np.prod(shape, dtype=np.int64)) if shape else 1
    if raw is None or t.IsVariable():
        raise ModelError(label, f"tensor {index} '{one_line(name)}': float16 activations not supported (float16 "
                         "weights are: the converter's float16 option)")  # fmt: skip
    if len(raw) != count * 2:
        raise ModelError(label, f"tensor {index} '{one_line(name)}': buffer holds {len(raw)} bytes, shape needs "
                         f"{count * 2}")  # fmt: skip
    array = np.frombuffer(raw, dtype="<f2").astype(np.float32).reshape(shape)
    return Tensor(index=index, name=name, shape=shape, dtype=DType.FLOAT32, data=array)


class UnsupportedOp(ModelError):
    """An op kind or version rvfw does not compile (collected over the whole model)."""

    def __init__(self, model: str, reason: str, op_index: int, op_name: str, what: str):
        super().__init__(model, reason, op_index, op_name)
        self.what = what  # "TANH", "FULLY_CONNECTED version 12", "custom op 'Foo'"


def builtin_code(code: tflite.OperatorCode) -> int:
    """The op's builtin code as TFLite Micro reads it: the larger of the int32 `builtin_code` and
    the deprecated int8 field. Not the tflite package's BuiltinCode(), which returns the deprecated
    field whenever `builtin_code` is below 127: AI Edge Quantizer writes only `builtin_code` (its
    QUANTIZE/DEQUANTIZE read as ADD through it)."""
    field = code._tab.Offset(10)  # builtin_code: the table's fourth field
    raw = code._tab.Get(flatbuffers.number_types.Int32Flags, field + code._tab.Pos) if field else 0
    return max(int(raw), int(code.DeprecatedBuiltinCode()))


def _read_op(model: tflite.Model, sub, index: int, label: str) -> Op:
    op = sub.Operators(index)
    code = model.OperatorCodes(op.OpcodeIndex())
    builtin = builtin_code(code)
    op_name = _OP_NAMES.get(builtin, f"builtin {builtin}")
    if builtin == BuiltinOperator.CUSTOM:  # one rvfw reads as an op kind of its own (frontend.custom)
        custom = code.CustomCode().decode("utf-8", "replace") if code.CustomCode() else "?"
        if custom not in custom_ops.CUSTOM_KINDS:
            shown = one_line(custom)[:60]
            raise UnsupportedOp(label, f"custom operator '{shown}' not supported", index, "CUSTOM",
                                f"custom op '{shown}'")  # fmt: skip
        kind, op_name = custom_ops.CUSTOM_KINDS[custom], custom
    else:
        try:
            kind = OpKind(op_name)
            if kind not in MAX_VERSION:  # (TILED_STAGE and TT_EINSUM are rvfw's own: never read)
                raise ValueError(op_name)
        except ValueError:
            raise UnsupportedOp(label, "operator not supported by rvfw", index, op_name, op_name) from None
    version = int(code.Version())
    if version > MAX_VERSION[kind]:
        raise UnsupportedOp(
            label, f"version {version} not supported (rvfw implements up to {MAX_VERSION[kind]})", index, op_name,
            f"{op_name} version {version}",
        )  # fmt: skip
    inputs = tuple(int(i) for i in op.InputsAsNumpy()) if op.InputsLength() else ()
    outputs = tuple(int(i) for i in op.OutputsAsNumpy()) if op.OutputsLength() else ()
    if builtin == BuiltinOperator.CUSTOM:
        raw = op.CustomOptionsAsNumpy().tobytes() if op.CustomOptionsLength() else b""
        options = custom_ops.read_options(label, index, op_name, raw)
    else:
        options = _read_options(op, kind)
        if options.get("padding", "SAME") not in ("SAME", "VALID"):
            raise ModelError(label, f"padding {options['padding']} not known", index, op_name)
    return Op(index=index, kind=kind, version=version, inputs=inputs, outputs=outputs, options=options)


def _activation(o) -> str:
    return _ACTIVATIONS.get(o.FusedActivationFunction(), "?")


def _padding(o) -> str:
    return _PADDING.get(o.Padding(), o.Padding())


def _stride(o) -> tuple[int, int]:
    return (o.StrideH(), o.StrideW())


def _dilation(o) -> tuple[int, int]:
    return (o.DilationHFactor(), o.DilationWFactor())


_CONV = {"padding": _padding, "stride": _stride, "dilation": _dilation, "activation": _activation}
_ACTIVATION_ONLY = {"activation": _activation}
# The options table each kind carries (TFLite's schema: the table's class in the tflite package)
# and the fields rvfw reads from it; a table of another type is refused. Kinds absent here carry
# no options rvfw needs.
_OPTIONS: dict[OpKind, tuple[str, dict]] = {
    OpKind.ADD: ("AddOptions", _ACTIVATION_ONLY),
    OpKind.ARG_MAX: ("ArgMaxOptions", {"output_type": lambda o: int(o.OutputType())}),
    OpKind.ARG_MIN: ("ArgMinOptions", {"output_type": lambda o: int(o.OutputType())}),
    OpKind.AVERAGE_POOL_2D: ("Pool2DOptions", {"padding": _padding, "stride": _stride,
                             "filter": lambda o: (o.FilterHeight(), o.FilterWidth()), "activation": _activation}),
    OpKind.BATCH_MATMUL: ("BatchMatMulOptions", {"adj_x": lambda o: bool(o.AdjX()), "adj_y": lambda o: bool(o.AdjY())}),
    OpKind.CONCATENATION: ("ConcatenationOptions", {"axis": lambda o: int(o.Axis()), "activation": _activation}),
    OpKind.CONV_2D: ("Conv2DOptions", _CONV),
    OpKind.CUMSUM: ("CumsumOptions", {"exclusive": lambda o: bool(o.Exclusive()),
                                      "reverse": lambda o: bool(o.Reverse())}),
    OpKind.DEPTH_TO_SPACE: ("DepthToSpaceOptions", {"block_size": lambda o: int(o.BlockSize())}),
    OpKind.DEPTHWISE_CONV_2D: ("DepthwiseConv2DOptions", {**_CONV, "depth_multiplier": lambda o: o.DepthMultiplier()}),
    OpKind.DEQUANTIZE: ("DequantizeOptions", {}),
    OpKind.DIV: ("DivOptions", _ACTIVATION_ONLY),
    OpKind.FULLY_CONNECTED: ("FullyConnectedOptions", {"activation": _activation,
                             "weights_format": lambda o: o.WeightsFormat(),
                             "keep_num_dims": lambda o: bool(o.KeepNumDims()),
                             "asymmetric_quantize_inputs": lambda o: bool(o.AsymmetricQuantizeInputs())}),
    OpKind.GATHER: ("GatherOptions", {"axis": lambda o: int(o.Axis()), "batch_dims": lambda o: int(o.BatchDims())}),
    OpKind.L2_NORMALIZATION: ("L2NormOptions", _ACTIVATION_ONLY),
    OpKind.L2_POOL_2D: ("Pool2DOptions", {"padding": _padding, "stride": _stride,
                        "filter": lambda o: (o.FilterHeight(), o.FilterWidth()), "activation": _activation}),
    OpKind.LEAKY_RELU: ("LeakyReluOptions", {"alpha": lambda o: float(np.float32(o.Alpha()))}),
    OpKind.GELU: ("GeluOptions", {"approximate": lambda o: bool(o.Approximate())}),
    OpKind.MAX_POOL_2D: ("Pool2DOptions", {"padding": _padding, "stride": _stride,
                         "filter": lambda o: (o.FilterHeight(), o.FilterWidth()), "activation": _activation}),
    OpKind.MEAN: ("ReducerOptions", {"keep_dims": lambda o: bool(o.KeepDims())}),
    OpKind.REDUCE_PROD: ("ReducerOptions", {"keep_dims": lambda o: bool(o.KeepDims())}),
    OpKind.MIRROR_PAD: ("MirrorPadOptions", {"mode": lambda o: int(o.Mode())}),
    OpKind.MUL: ("MulOptions", _ACTIVATION_ONLY),
    OpKind.PACK: ("PackOptions", {"axis": lambda o: int(o.Axis()), "values_count": lambda o: int(o.ValuesCount())}),
    OpKind.PAD: ("PadOptions", {}),
    OpKind.PADV2: ("PadV2Options", {}),
    OpKind.QUANTIZE: ("QuantizeOptions", {}),
    OpKind.REDUCE_MAX: ("ReducerOptions", {"keep_dims": lambda o: bool(o.KeepDims())}),
    OpKind.REDUCE_MIN: ("ReducerOptions", {"keep_dims": lambda o: bool(o.KeepDims())}),
    OpKind.RESHAPE: ("ReshapeOptions", {}),
    OpKind.RESIZE_BILINEAR: ("ResizeBilinearOptions", {
        "align_corners": lambda o: bool(o.AlignCorners()), "half_pixel_centers": lambda o: bool(o.HalfPixelCenters())}),
    OpKind.RESIZE_NEAREST_NEIGHBOR: ("ResizeNearestNeighborOptions", {
        "align_corners": lambda o: bool(o.AlignCorners()), "half_pixel_centers": lambda o: bool(o.HalfPixelCenters())}),
    OpKind.SOFTMAX: ("SoftmaxOptions", {"beta": lambda o: float(np.float32(o.Beta()))}),
    OpKind.SPACE_TO_DEPTH: ("SpaceToDepthOptions", {"block_size": lambda o: int(o.BlockSize())}),
    OpKind.SPLIT: ("SplitOptions", {"num_splits": lambda o: int(o.NumSplits())}),
    OpKind.SPLIT_V: ("SplitVOptions", {"num_splits": lambda o: int(o.NumSplits())}),
    OpKind.SQUEEZE: ("SqueezeOptions", {}),
    OpKind.STRIDED_SLICE: ("StridedSliceOptions", {
        "begin_mask": lambda o: int(o.BeginMask()), "end_mask": lambda o: int(o.EndMask()),
        "ellipsis_mask": lambda o: int(o.EllipsisMask()), "new_axis_mask": lambda o: int(o.NewAxisMask()),
        "shrink_axis_mask": lambda o: int(o.ShrinkAxisMask()), "offset": lambda o: bool(o.Offset())}),
    OpKind.SUB: ("SubOptions", _ACTIVATION_ONLY),
    OpKind.SUM: ("ReducerOptions", {"keep_dims": lambda o: bool(o.KeepDims())}),
    OpKind.SVDF: ("SVDFOptions", {"rank": lambda o: int(o.Rank()), "activation": _activation}),
    OpKind.TRANSPOSE_CONV: ("TransposeConvOptions", {"padding": _padding, "stride": _stride,
                                                     "activation": _activation}),
    OpKind.UNIDIRECTIONAL_SEQUENCE_LSTM: ("UnidirectionalSequenceLSTMOptions", {
        "activation": _activation, "cell_clip": lambda o: float(np.float32(o.CellClip())),
        "proj_clip": lambda o: float(np.float32(o.ProjClip())), "time_major": lambda o: bool(o.TimeMajor()),
        "asymmetric_quantize_inputs": lambda o: bool(o.AsymmetricQuantizeInputs())}),
    OpKind.UNPACK: ("UnpackOptions", {"axis": lambda o: int(o.Axis()), "num": lambda o: int(o.Num())}),
    OpKind.IF: ("IfOptions", {"then_subgraph_index": lambda o: int(o.ThenSubgraphIndex()),
                              "else_subgraph_index": lambda o: int(o.ElseSubgraphIndex())}),
    OpKind.WHILE: ("WhileOptions", {"cond_subgraph_index": lambda o: int(o.CondSubgraphIndex()),
                                    "body_subgraph_index": lambda o: int(o.BodySubgraphIndex())}),
    OpKind.VAR_HANDLE: ("VarHandleOptions", {
        "container": lambda o: (o.Container() or b"").decode("utf-8", "replace"),
        "shared_name": lambda o: (o.SharedName() or b"").decode("utf-8", "replace")}),
    OpKind.CALL_ONCE: ("CallOnceOptions", {"init_subgraph_index": lambda o: int(o.InitSubgraphIndex())}),
    OpKind.READ_VARIABLE: ("ReadVariableOptions", {}),
    OpKind.ASSIGN_VARIABLE: ("AssignVariableOptions", {}),
}  # fmt: skip
_OPTIONS_NAMES = {v: k for k, v in BuiltinOptions.__dict__.items() if not k.startswith("_")}


def _read_options(op, op_kind: OpKind) -> dict:
    table = op.BuiltinOptions()
    kind = op.BuiltinOptionsType()
    if table is None or kind == BuiltinOptions.NONE:
        return {}
    class_name, fields = _OPTIONS.get(op_kind, (None, {}))
    if class_name is None:
        return {}
    if getattr(BuiltinOptions, class_name) != kind:
        return {"options_type": _OPTIONS_NAMES.get(kind, str(kind))}
    o = getattr(tflite, class_name)()
    o.Init(table.Bytes, table.Pos)
    return {name: read(o) for name, read in fields.items()}
