"""Golden reference: inputs for a run, TFLite Micro's outputs for them, and the bit-exact comparison."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from codegen.check.child import run_isolated
from codegen.check.inline import external_buffers, inline_buffers
from codegen.errors import RvfwError, ToolError, install_hint, one_line
from codegen.ir import DType, Graph

REFERENCE_ARENA_BYTES = 64 << 20  # generous: TFLM's Python interpreter can crash on a tight arena
# TFLite Micro's golden run is stopped after this long (a stranger's model can make it loop for
# ever, or for hours: a WHILE that never ends, a huge model): one line instead of a hung check.


def input_paths(files) -> list[Path]:
    """The --input files as paths (one, several or none)."""
    return _as_list(files)


def _as_list(files) -> list[Path]:
    if files is None:
        return []
    if isinstance(files, (str, Path)):
        return [Path(files)]
    return [Path(f) for f in files]


def make_inputs(graph: Graph, seed: int = 0, files=None) -> list[np.ndarray]:
    """Seeded random inputs, or the user's files (--input: one .npy per graph input, in order, or
    one .npz holding them by input name or in order). Random int8 inputs span the range the
    converter calibrated where the model records one (else the whole int8 range); random float
    inputs span what the first QUANTIZE after them represents."""
    paths = _as_list(files)
    if paths:
        return _load_inputs(graph, paths)
    rng = np.random.default_rng(seed)
    arrays = []
    for index in graph.inputs:
        t = graph.tensors[index]
        if t.dtype is DType.INT8:
            lo, hi = _int8_input_range(graph, index)
            arrays.append(rng.integers(lo, hi + 1, size=t.shape, dtype=np.int8))
        elif t.dtype is DType.INT16:
            arrays.append(rng.integers(-32768, 32768, size=t.shape, dtype=np.int16))
        elif t.dtype is DType.FLOAT32:
            lo, hi = _float_input_range(graph, index)
            arrays.append(rng.uniform(lo, hi, size=t.shape).astype(np.float32))
        elif t.dtype is DType.INT32 and _shape_only(graph, index):  # read by nothing: its value is the shape
            arrays.append(np.asarray(graph.tensors[graph.consumers(index)[0].outputs[0]].shape, np.int32))
        elif t.dtype is DType.UINT8:
            arrays.append(rng.integers(0, 256, size=t.shape, dtype=np.uint8))
        elif t.dtype is DType.BOOL:
            arrays.append(rng.integers(0, 2, size=t.shape).astype(np.bool_))
        elif t.dtype is DType.INT32:  # int32 activations (QUANTIZE int32 -> int16): a few units of 2^20
            arrays.append(rng.integers(-(1 << 22), 1 << 22, size=t.shape, dtype=np.int32))
        elif t.dtype is DType.INT64:  # past 32 bits, and now and then at the ends of the range
            values = rng.integers(-(1 << 40), 1 << 40, size=t.shape, dtype=np.int64)
            ends = rng.random(size=t.shape) < 1 / 16
            values[ends] = rng.choice(np.array([-(2**63), 2**63 - 1], np.int64), size=int(ends.sum()))
            arrays.append(values)
        else:
            what = f"input '{one_line(t.name)}': {t.dtype.name.lower()} inputs not supported"
            raise RvfwError(f"{Path(graph.source).name}: {what}")
    return arrays


MAX_STEPS = 1024  # inferences in a row (--steps, an --input stream, a validation data set)


def npy_header(f) -> tuple[tuple, np.dtype] | None:
    """The (shape, dtype) an .npy header declares, read before numpy allocates anything; None when
    the file does not start with one."""
    try:
        version = np.lib.format.read_magic(f)
        read = np.lib.format.read_array_header_1_0 if version == (1, 0) else np.lib.format.read_array_header_2_0
        shape, _fortran, dtype = read(f)
    except (OSError, ValueError, EOFError, TypeError):
        return None
    return tuple(shape), dtype


def stream_steps(graph: Graph, files) -> int | None:
    """For a one-input model given one .npy whose shape is (steps, *the input's shape): the number
    of steps it holds (a stream: an audio front end's frames, one per inference), else None. Read
    from the header alone; more than MAX_STEPS is refused."""
    paths = _as_list(files)
    if len(graph.inputs) != 1 or len(paths) != 1 or paths[0].suffix == ".npz" or not paths[0].is_file():
        return None
    t = graph.tensors[graph.inputs[0]]
    try:
        with open(paths[0], "rb") as f:
            header = npy_header(f)
    except OSError:
        return None
    if header is None:
        return None
    shape, dtype = header
    if len(shape) != len(t.shape) + 1 or tuple(shape[1:]) != tuple(t.shape) or dtype != t.dtype.np_type:
        return None
    if not 1 <= shape[0] <= MAX_STEPS:
        raise RvfwError(f"{paths[0].name}: {shape[0]} steps of input; give 1 to {MAX_STEPS}")
    return int(shape[0])


def stream_inputs(graph: Graph, files, steps: int) -> list[np.ndarray]:
    """The steps of a stream file (stream_steps), one input array per step."""
    path = _as_list(files)[0]
    t = graph.tensors[graph.inputs[0]]
    _file_size_ok(path, steps * t.num_elements, t.name)
    array = _load_npy(path)
    return [_exactly(graph, graph.inputs[0], np.ascontiguousarray(array[k]), path.name, "input") for k in range(steps)]


def _shape_only(graph: Graph, index: int) -> bool:
    """A graph input that only gives a TRANSPOSE_CONV its output shape (TFLite Micro's seanet
    models): its consumers take the shape from their output tensor."""
    readers = graph.consumers(index)
    return bool(readers) and all(op.kind.value == "TRANSPOSE_CONV" and op.inputs[0] == index for op in readers)


def check_input_file(graph: Graph, files=None) -> None:
    """Refuse a bad --input before any work (the arrays themselves are made later, once the image fits)."""
    if not _as_list(files):
        return
    steps = stream_steps(graph, files)
    if steps is not None:
        stream_inputs(graph, files, steps)
    else:
        _load_inputs(graph, _as_list(files))


def _int8_input_range(graph: Graph, index: int) -> tuple[int, int]:
    q = graph.tensors[index].quant
    if q is None or q.calibrated is None or q.per_channel:
        return -128, 127
    lo, hi = (int(np.clip(round(v / q.scale[0]) + q.zero_point[0], -128, 127)) for v in q.calibrated)
    return (lo, hi) if lo < hi else (-128, 127)


def _float_input_range(graph: Graph, index: int) -> tuple[float, float]:
    """The range the first QUANTIZE after a float input can represent, else [-1, 1]."""
    for op in graph.consumers(index):
        out = graph.tensors[op.outputs[0]]
        if op.kind.value == "QUANTIZE" and out.quant is not None:
            s, z = out.quant.scale[0], out.quant.zero_point[0]
            return s * (-128 - z), s * (127 - z)
    return -1.0, 1.0


def _load_inputs(graph: Graph, paths: list[Path]) -> list[np.ndarray]:
    return _load_arrays(graph, list(graph.inputs), paths, "input")


def _load_arrays(graph: Graph, indices: list[int], paths: list[Path], role: str) -> list[np.ndarray]:
    """The arrays of these graph tensors (role: "input" for --input, "output" for --expect): one
    .npy per tensor, in order, or one .npz holding them by tensor name or in order (arr_0, ...),
    each exactly the tensor's shape and dtype (a (1,10,49,1) array for a (1,49,10,1) input is
    another image), the headers read before numpy allocates anything."""
    if len(paths) == 1 and paths[0].suffix == ".npz":
        return _load_npz(graph, indices, paths[0], role)
    if len(paths) != len(indices):
        names = ", ".join(one_line(graph.tensors[i].name) for i in indices)
        flag = "--input" if role == "input" else "--expect"
        raise RvfwError(f"{len(paths)} {flag} files for a model with {len(indices)} {role}s ({names}): give one .npy "
                        f"per {role}, in order, or one .npz")  # fmt: skip
    arrays = []
    for index, path in zip(indices, paths):
        _file_size_ok(path, graph.tensors[index].num_elements, graph.tensors[index].name)
        with open(path, "rb") as f:
            _declared_fits(graph, index, f, path.name, role)
        arrays.append(_exactly(graph, index, _load_npy(path), path.name, role))
    return arrays


def _declared_fits(graph: Graph, index: int, f, label: str, role: str) -> None:
    """The shape and dtype an .npy header declares, checked before numpy allocates them: a header
    may declare 10^13 elements in a file of a hundred bytes (or a small compressed .npz member)."""
    header = npy_header(f)
    if header is None:
        return  # not an .npy header: _load_npy says so in its own words
    _shape_and_dtype(graph, index, *header, label, role)


def _shape_and_dtype(graph: Graph, index: int, shape: tuple, dtype, label: str, role: str) -> None:
    t = graph.tensors[index]
    if tuple(shape) != tuple(t.shape) or dtype != t.dtype.np_type:
        raise RvfwError(f"{label}: {dtype} {list(shape)}, {role} '{one_line(t.name)}' is "
                        f"{t.dtype.np_type.__name__} {list(t.shape)}")  # fmt: skip


def _exactly(graph: Graph, index: int, array: np.ndarray, label: str, role: str) -> np.ndarray:
    """The array as the tensor is; an input's floats finite (TFLite Micro's quantisation of NaN and
    infinity is undefined)."""
    _shape_and_dtype(graph, index, array.shape, array.dtype, label, role)
    if role == "input" and array.dtype.kind == "f" and not np.isfinite(array).all():
        bad = int(np.flatnonzero(~np.isfinite(array.reshape(-1)))[0])
        raise RvfwError(f"{label}: value {bad} is {array.reshape(-1)[bad]}; inputs must be finite numbers")
    if array.dtype == np.bool_:
        # A bool is the byte 0 or 1. Other bytes (numpy keeps them when an array is viewed as bool)
        # are true to the image and their raw value to TFLite Micro (issue 55): no golden for them.
        raw = array.view(np.uint8).reshape(-1)
        if raw.size and int(raw.max()) > 1:
            bad = int(np.flatnonzero(raw > 1)[0])
            raise RvfwError(f"{label}: bool value {bad} is the byte {int(raw[bad])}; bools are 0 or 1")
    return array


def _file_size_ok(path: Path, values: int, what: str) -> None:
    """A file far larger than its values (a header and at most 8 bytes each) is refused unread."""
    if not path.is_file():
        raise RvfwError(f"{path}: not a regular file")
    if path.stat().st_size > 8 * values + 4096:
        raise RvfwError(f"{path.name}: {path.stat().st_size:,} bytes for {what} of {values:,} values")


def _load_npy(path: Path) -> np.ndarray:
    try:
        array = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        raise RvfwError(f"{path.name}: not a .npy array file (numpy's own format, saved with np.save)") from None
    if not isinstance(array, np.ndarray):  # an .npz archive under another name
        array.close()
        raise RvfwError(f"{path.name}: an .npz archive; name it .npz (or give one .npy per input)")
    return array


def _load_npz(graph: Graph, indices: list[int], path: Path, role: str) -> list[np.ndarray]:
    total = sum(graph.tensors[i].num_elements for i in indices)
    _file_size_ok(path, total + 512 * len(indices), f"{role}s")
    try:
        archive = np.load(path, allow_pickle=False)
    except (OSError, ValueError, EOFError):
        raise RvfwError(f"{path.name}: not an .npz archive (numpy's own format, saved with np.savez)") from None
    if isinstance(archive, np.ndarray):
        raise RvfwError(f"{path.name}: a .npy array, not an .npz archive")
    with archive:
        names = [graph.tensors[i].name for i in indices]
        keys = list(archive.files)
        if set(names) <= set(keys):
            chosen = names
        elif keys == [f"arr_{k}" for k in range(len(names))]:
            chosen = keys
        else:
            raise RvfwError(f"{path.name}: holds {[one_line(k) for k in keys][:8]}; the model's {role}s are "
                            f"{[one_line(n) for n in names][:8]} (name them so, or save {len(names)} arrays in "
                            "order)")  # fmt: skip
        for index, key in zip(indices, chosen):
            try:
                with archive.zip.open(f"{key}.npy") as member:
                    _declared_fits(graph, index, member, f"{path.name}[{one_line(key)}]", role)
            except (OSError, ValueError, EOFError, KeyError):
                raise RvfwError(f"{path.name}: an array in it cannot be read") from None
        try:
            arrays = [archive[key] for key in chosen]
        except (OSError, ValueError, EOFError):
            raise RvfwError(f"{path.name}: an array in it cannot be read") from None
    return [_exactly(graph, i, a, f"{path.name}[{one_line(k)}]", role) for i, a, k in zip(indices, arrays, chosen)]


def reference_outputs(
    model_path: str | Path, inputs: list[np.ndarray], num_outputs: int, num_inputs: int | None = None
) -> list[np.ndarray]:
    """Run TFLite Micro's Python interpreter (reference kernels) on the inputs, in a child process:
    a model that makes TFLM abort or crash becomes one error line naming the model and the signal,
    not the death of rvfw. inputs: num_inputs arrays per step (default: one step of them all); the
    steps run one after the other in one interpreter, so variable tensors carry over, and the
    outputs are num_outputs arrays per step."""
    try:
        from tflite_micro.python.tflite_micro import runtime  # noqa: F401 - loaded once, inherited by the child
    except ImportError:
        raise ToolError(f"tflite-micro is not installed: {install_hint(pypi='tflite-micro')}") from None
    name = Path(model_path).name
    with tempfile.TemporaryDirectory(prefix="rvfw-tflm-") as tmp:
        data = Path(model_path).read_bytes()
        if external_buffers(data):  # TFLite Micro misreads them: it gets the same bytes inlined
            model_path = Path(tmp) / name
            model_path.write_bytes(inline_buffers(data))
        return run_isolated(name, "TFLite Micro",
                            lambda: _run_tflm(model_path, inputs, num_outputs, num_inputs or len(inputs)))  # fmt: skip


def _run_tflm(model_path: str | Path, inputs: list[np.ndarray], num_outputs: int, num_inputs: int) -> list[np.ndarray]:
    from tflite_micro.python.tflite_micro import runtime

    interpreter = runtime.Interpreter.from_file(str(model_path), arena_size=REFERENCE_ARENA_BYTES)
    outputs = []
    for first in range(0, len(inputs), max(num_inputs, 1)):
        for i, array in enumerate(inputs[first : first + num_inputs]):
            interpreter.set_input(array, i)
        try:
            interpreter.invoke()
        except Exception as exc:  # the model was accepted: it is these inputs TFLM stops on
            raise InputRefused(f"step {first // max(num_inputs, 1)}: {exc}") from None
        outputs += [np.array(interpreter.get_output(i)) for i in range(num_outputs)]
    return outputs


class InputRefused(Exception):
    """TFLite Micro accepted the model and stopped on the inputs (a zero divisor, an index out of
    range: docs/tflm-differences.md); check.child words it as such."""


@dataclass
class Comparison:
    matched: int
    total: int
    mismatches: list[tuple[int, int, object, object]]  # (output, flat index, ours, reference)
    per_output: list[tuple[int, int]] = field(default_factory=list)  # (matched, total) of each output

    @property
    def bit_exact(self) -> bool:
        return self.matched == self.total


def compare(ours: list[np.ndarray], reference: list[np.ndarray]) -> Comparison:
    matched = total = 0
    mismatches = []
    per_output = []
    for k, (a, b) in enumerate(zip(ours, reference)):
        a_flat, b_flat = a.reshape(-1), np.asarray(b).reshape(-1)
        if b_flat.dtype == np.float32:  # compare bit patterns, not values
            a_bits, b_bits = a_flat.view(np.uint32), b_flat.view(np.uint32)
        else:
            a_bits, b_bits = a_flat.astype(np.int64), b_flat.astype(np.int64)
        same = a_bits == b_bits if a_bits.shape == b_bits.shape else np.zeros(b_bits.shape, dtype=bool)
        matched += int(same.sum())
        total += same.size
        per_output.append((int(same.sum()), int(same.size)))
        for i in np.flatnonzero(~same)[:20]:
            mismatches.append((k, int(i), a_flat[i].item() if i < a_flat.size else "missing", b_flat[i].item()))
    for k in range(len(ours), len(reference)):  # outputs the firmware never printed all count as wrong
        total += np.asarray(reference[k]).size
        per_output.append((0, int(np.asarray(reference[k]).size)))
        mismatches.append((k, 0, "missing", "present"))
    return Comparison(matched, total, mismatches, per_output)


def load_expected(graph: Graph, files) -> list[np.ndarray]:
    """--expect: the user's golden outputs, read as --input reads inputs (one .npy per graph output,
    in order, or one .npz by output name or in order), each exactly the output's shape and dtype."""
    return _load_arrays(graph, list(graph.outputs), _as_list(files), "output")


def save_outputs(path: Path, graph: Graph, outputs: list[np.ndarray]) -> None:
    """--output FILE.npz: the outputs by output name (arr_k where two names are the same), as
    --expect and --input read them back."""
    names = [graph.tensors[i].name for i in graph.outputs]
    keys = names if len(set(names)) == len(names) and all(names) else [f"arr_{k}" for k in range(len(names))]
    path = Path(path)
    if path.suffix != ".npz":
        raise RvfwError(f"--output {path}: name it .npz")
    tmp = path.with_name(f".{path.name}.partial")
    try:
        with open(tmp, "wb") as f:
            np.savez(f, **dict(zip(keys, outputs)))
        tmp.replace(path)
    except OSError as exc:
        tmp.unlink(missing_ok=True)
        raise RvfwError(f"--output {path}: cannot write it: {exc.strerror}") from None
