"""Which golden an image must reproduce bit for bit: TFLite Micro's outputs, or for a
Tensor-Train-compressed graph (TFLite Micro has no TT op) the numpy reference of the same
quantised graph."""

from __future__ import annotations

import hashlib
import struct
import tempfile
from pathlib import Path

import numpy as np
import tflite

from codegen.check import golden, litert, tt_reference
from codegen.check.child import InputsRefused, ModelRefused
from codegen.check.inline import external_buffers
from codegen.errors import RvfwError, one_line
from codegen.ir import DType, Graph, OpKind, Tensor
from codegen.modelgen import ModelBuilder
from codegen.ops.litert_set import OPTIMISED_ONLY, REFERENCE_WRONG_QUANTIZED
from codegen.ops.tflm_set import litert_only_in, litert_semantics, tflm_wrong_in

OUTPUTS_FIELD = 8  # SubGraph.outputs: field 2 of the table (vtable offset 4 + 2 * 2)


def with_outputs(data: bytes, outputs: list[int]) -> bytes:
    """The model with subgraph 0's outputs replaced by `outputs`: a new int32 vector appended at
    the end (4-byte aligned) and the field's forward offset pointed at it."""
    model = tflite.Model.GetRootAsModel(data, 0)
    sub = model.Subgraphs(0)
    field = sub._tab.Offset(OUTPUTS_FIELD)
    if not field:
        raise ValueError("subgraph 0 has no outputs field")
    where = sub._tab.Pos + field  # the uoffset to the outputs vector
    body = bytearray(data)
    body += bytes(-len(body) % 4)
    vector = len(body)
    body += struct.pack(f"<I{len(outputs)}i", len(outputs), *outputs)
    body[where : where + 4] = struct.pack("<I", vector - where)
    return bytes(body)


def inlined_note(graph: Graph) -> str:
    """The line that says TFLite Micro ran an inlined copy of the model (check.inline), or ""."""
    if is_compressed(graph) or not graph.source or not Path(graph.source).is_file():
        return ""
    count = len(external_buffers(Path(graph.source).read_bytes()))
    if not count:
        return ""
    return (f"TFLite Micro runs a copy of {one_line(Path(graph.source).name)} with its {count} external buffer"
            f"{'s' if count > 1 else ''} inlined (it misreads buffers stored outside the flatbuffer, "
            "tflite-micro #3196): the same bytes")  # fmt: skip


def tflm_wrong_note(graph: Graph) -> str:
    """The line that says TFLite Micro is known wrong on an (op, dtype) pair of the graph and that
    TFLite's reference kernels are the golden instead, or ""."""
    wrong = tflm_wrong_in(graph)
    if not wrong or is_compressed(graph):
        return ""
    pairs = "; ".join(f"{op} {dtype} ({why})" for op, dtype, why in wrong)
    return (f"TFLite Micro is known wrong on {pairs}: compared with TFLite's reference kernels instead "
            "(docs/tflm-differences.md)")  # fmt: skip


_LAST: list = []  # [(graph, digest of the inputs, result)]: the last reference run, kept for the same asking


def golden_outputs(graph: Graph, inputs: list[np.ndarray]) -> tuple[list[np.ndarray], str]:
    """The reference outputs, and whose they are (for the verdict line). The same graph object with
    the same inputs gets the last answer again (a check and its report ask twice; the reference
    runs once)."""
    digest = hashlib.sha256()
    for array in inputs:
        array = np.ascontiguousarray(array)
        digest.update(f"{array.dtype.str}{array.shape}".encode())
        digest.update(array.tobytes())
    key = digest.hexdigest()
    if _LAST and _LAST[0][0] is graph and _LAST[0][1] == key:
        outputs, against = _LAST[0][2]
        return [np.copy(o) for o in outputs], against
    result = _golden_outputs(graph, inputs)
    _LAST[:] = [(graph, key, result)]
    return [np.copy(o) for o in result[0]], result[1]


def _litert(graph: Graph, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """LiteRT's outputs: its reference kernels, or its default ones where the model holds an op the
    reference resolver lacks (_optimised names them)."""
    return litert.reference_outputs(
        graph.source, inputs, len(graph.outputs), len(graph.inputs), bool(_optimised(graph))
    )


def _optimised(graph: Graph) -> str:
    """', its optimised X' for the ops LiteRT's reference resolver lacks (OPTIMISED_ONLY) or computes
    wrongly in their quantised form (REFERENCE_WRONG_QUANTIZED), or ''."""
    lacking = sorted({op.kind.value for op in graph.ops if op.kind.value in OPTIMISED_ONLY})
    quantized = (DType.INT8, DType.INT16)
    wrong = sorted({op.kind.value for op in graph.ops if op.kind.value in REFERENCE_WRONG_QUANTIZED
                    and not op.from_uint8 and graph.tensors[op.inputs[0]].dtype in quantized})  # fmt: skip
    said = [f"its optimised {', '.join(lacking)}, which its reference resolver lacks"] if lacking else []
    said += [f"its optimised {', '.join(wrong)}, which its reference kernels compute wrongly"] if wrong else []
    return "".join(f"; {s}" for s in said)


def _golden_outputs(graph: Graph, inputs: list[np.ndarray]) -> tuple[list[np.ndarray], str]:
    if is_compressed(graph):
        return tt_reference.run_graph(graph, inputs), "its TT graph's numpy reference"
    if graph.float_inputs or graph.float_outputs:
        return _int8_io_reference(graph, inputs), "TFLite Micro"
    if graph.float_wrapped:
        return _float_io_reference(graph, inputs), "TFLite Micro"
    if tflm_wrong_in(graph):
        outputs = _litert(graph, inputs)
        return outputs, "TFLite's reference kernels"
    if graph.tflm_wrong:  # TFLite Micro runs it, and is known wrong: LiteRT's reference defines it
        outputs = _litert(graph, inputs)
        return outputs, f"LiteRT's reference kernels ({graph.tflm_wrong[0]})"
    lacking = litert_only_in(graph)
    if lacking:  # LiteRT's alone: its reference kernels define the model (and its ops round as theirs)
        outputs = _litert(graph, inputs)
        return outputs, f"LiteRT's reference kernels (TFLite Micro has no {', '.join(lacking)}{_optimised(graph)})"
    try:
        outputs = golden.reference_outputs(graph.source, inputs, len(graph.outputs), len(graph.inputs))
    except ModelRefused as refused:  # what LiteRT runs and TFLM does not (float16 weights, GELU, ...)
        outputs = _litert(graph, inputs)
        why = one_line(refused.reason)[:120]
        return outputs, f"LiteRT's reference kernels (TFLite Micro refuses the model: {why}{_optimised(graph)})"
    except InputsRefused as stopped:  # prepared, then stopped: LiteRT's reference where it runs them
        try:
            outputs = _litert(graph, inputs)
        except RvfwError:
            raise stopped from None
        return outputs, "LiteRT's reference kernels (TFLite Micro stopped on these inputs where LiteRT runs them)"
    return outputs, "TFLite Micro"


def _affine(kind: str, tensor: Tensor, values: list[np.ndarray]) -> list[np.ndarray]:
    """TFLite Micro's own QUANTIZE (float32 -> the tensor's int8) or DEQUANTIZE (its int8 ->
    float32) of each array: a one-op model written for it and run by TFLite Micro."""
    m = ModelBuilder()
    q = m.tensor("q", tensor.shape, np.int8, scale=tensor.quant.scale[0], zero_point=tensor.quant.zero_point[0])
    f = m.tensor("f", tensor.shape, np.float32)
    source, result = (f, q) if kind == "QUANTIZE" else (q, f)
    m.op(kind, [source], [result])
    model = m.finish([source], [result])
    with tempfile.TemporaryDirectory(prefix="rvfw-affine-") as tmp:
        path = Path(tmp) / f"{kind.lower()}.tflite"
        path.write_bytes(model)
        return golden.reference_outputs(path, values, 1, 1)  # one step per array


def _float_io_reference(graph: Graph, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """--io float32: TFLite Micro's QUANTIZE of each wrapped input, the model on the result, and
    TFLite Micro's DEQUANTIZE of each wrapped output, step after step."""
    n_in, n_out = len(graph.inputs), len(graph.outputs)
    model_inputs = tflm_inputs(graph, inputs)
    outputs = golden.reference_outputs(graph.source, model_inputs, n_out, n_in)
    for k, t in enumerate(graph.outputs):
        if t in graph.float_wrapped:
            steps = outputs[k::n_out]
            outputs[k::n_out] = _affine("DEQUANTIZE", graph.tensors[graph.float_wrapped[t]], steps)
    return outputs


def tflm_inputs(graph: Graph, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """What TFLite Micro's model takes for these inputs: an int8 input standing in for the model's
    float one (--io int8) goes in as the float value the model's QUANTIZE maps back to it; a float32
    input rvfw wraps around the model's int8 one (--io float32) as TFLite Micro quantizes it."""
    converted = list(inputs)
    for k, t in enumerate(graph.inputs):
        if t in graph.float_wrapped:
            steps = converted[k :: len(graph.inputs)]
            converted[k :: len(graph.inputs)] = _affine("QUANTIZE", graph.tensors[graph.float_wrapped[t]], steps)
    inputs = converted
    converted = []
    for k, x in enumerate(inputs):
        t = graph.inputs[k % len(graph.inputs)]
        if t in graph.float_inputs:
            q = graph.tensors[t].quant
            x = (np.asarray(x, np.float32) - np.float32(q.zero_point[0])) * np.float32(q.scale[0])
        converted.append(np.asarray(x))
    return converted


def patched_outputs(graph: Graph, inputs: list[np.ndarray], tensors: list[int]) -> list[np.ndarray]:
    """TFLite Micro's values of `tensors` (any tensors of the model) for each step of inputs, step
    after step: the model run with those as its outputs."""
    return reference_patched_outputs(graph, inputs, tensors, litert_allowed=False)[0]


def litert_defines(graph: Graph) -> bool:
    """The model is checked against LiteRT's reference kernels whatever TFLite Micro does with it
    (_golden_outputs' first LiteRT cases: TFLite Micro known wrong on it, or lacking one of its ops)."""
    return not is_compressed(graph) and (bool(tflm_wrong_in(graph)) or litert_semantics(graph))


def reference_patched_outputs(graph: Graph, inputs: list[np.ndarray], tensors: list[int],
                              litert_allowed: bool = True) -> tuple[list[np.ndarray], str]:  # fmt: skip
    """patched_outputs from the reference the check compares with, and its name: LiteRT's reference
    kernels where they define the model or TFLite Micro refuses it (litert_allowed), else TFLite
    Micro."""
    patched = with_outputs(Path(graph.source).read_bytes(), tensors)
    with tempfile.TemporaryDirectory(prefix="rvfw-outputs-") as tmp:
        path = Path(tmp) / Path(graph.source).name
        path.write_bytes(patched)
        given, n = tflm_inputs(graph, inputs), len(graph.inputs)

        def from_litert() -> tuple[list[np.ndarray], str]:
            values = litert.reference_outputs(path, given, len(tensors), n, bool(_optimised(graph)))
            return values, "LiteRT's reference kernels"

        if litert_allowed and litert_defines(graph):
            return from_litert()
        try:
            return golden.reference_outputs(path, given, len(tensors), n), "TFLite Micro"
        except (ModelRefused, InputsRefused):
            if not litert_allowed:
                raise
            return from_litert()


def _int8_io_reference(graph: Graph, inputs: list[np.ndarray]) -> list[np.ndarray]:
    """The int8 outputs of a graph with --io int8, read out of the model TFLite Micro runs as it
    is; each step's int8 inputs are checked to come back from its QUANTIZE unchanged."""
    moved = [t for t in graph.inputs if t in graph.float_inputs]
    names = list(graph.outputs) + moved
    values = patched_outputs(graph, inputs, names)
    per_step, n_in = len(names), len(graph.inputs)
    outputs = []
    for step in range(len(values) // per_step):
        got = values[step * per_step : (step + 1) * per_step]
        outputs += got[: len(graph.outputs)]
        for t, value in zip(moved, got[len(graph.outputs) :]):
            given = inputs[step * n_in + graph.inputs.index(t)]
            if not np.array_equal(np.asarray(value).reshape(-1), np.asarray(given).reshape(-1)):
                name = one_line(graph.tensors[t].name)
                raise RvfwError(f"--io int8: the model's QUANTIZE does not map input '{name}' back to the given "
                                "int8 values; check with --io model")  # fmt: skip
    return outputs


def is_compressed(graph: Graph) -> bool:
    """TT_EINSUM ops from the TT pass (an approximation of the model); those passes.einsum makes
    compute what the model's own ops do (`exact`), so TFLite Micro stays the golden."""
    return any(op.kind is OpKind.TT_EINSUM and not op.options.get("exact") for op in graph.ops)
