"""Which (op, dtype) pairs LiteRT's reference kernels run (issue 56): one single-op model per op
form and dtype, written with codegen.modelgen, run under LiteRT's interpreter with its BUILTIN_REF
resolver in a child process each (an unsupported type is an error at Prepare or Invoke, and now and
then a crash). The pairs that run are the table codegen/ops/litert_set.py holds:

    .venv/bin/python -m tests.fuzz.litert_probe > /tmp/litert_pairs.txt
    .venv/bin/python -m tests.fuzz.litert_probe --versions   (LITERT_VERSIONS: each op's highest version)

A pair's dtype is its activation's, as in ops.tflm_set (ACTIVATION_INPUT). The forms are the ones a
converter writes for MCU-class models (constant axes, shapes and weights, computed activations);
an op whose form is not here is not in the table, which says so.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np

from codegen.modelgen import ModelBuilder

DTYPES = {"int8": np.int8, "uint8": np.uint8, "int16": np.int16, "int32": np.int32, "int64": np.int64,
          "float32": np.float32, "bool": np.bool_}  # fmt: skip
SHAPE = (1, 4, 4, 3)


def _t(m: ModelBuilder, name: str, shape, dtype, data=None) -> int:
    """A tensor of dtype: quantised (int8, uint8, int16: zero point 0 for int16) unless integer data."""
    if dtype in (np.int8, np.uint8, np.int16) and data is None:
        zp = 0 if dtype == np.int16 else (128 if dtype == np.uint8 else 3)
        return m.tensor(name, shape, dtype, scale=0.05, zero_point=zp)
    if dtype in (np.int8, np.uint8, np.int16):  # constant weights: symmetric (16x8 and int8 alike)
        return m.tensor(name, shape, dtype, scale=0.02, zero_point=128 if dtype == np.uint8 else 0, data=data)
    return m.tensor(name, shape, dtype, data=data)


def _const(m: ModelBuilder, name: str, values, dtype=np.int32) -> int:
    values = np.asarray(values, dtype)
    return m.tensor(name, values.shape, dtype, data=values)


# The output quantisation LiteRT requires of some ops (their fixed-point forms): dtype -> (scale, zero point).
FIXED_OUTPUT = {
    "LOGISTIC": {np.int8: (1 / 256, -128), np.uint8: (1 / 256, 0), np.int16: (1 / 32768, 0)},
    "SOFTMAX": {np.int8: (1 / 256, -128), np.uint8: (1 / 256, 0), np.int16: (1 / 32768, 0)},
    "TANH": {np.int8: (1 / 128, 0), np.uint8: (1 / 128, 128), np.int16: (1 / 32768, 0)},
    "LOG_SOFTMAX": {np.int8: (16 / 256, 127), np.uint8: (16 / 256, 255)},
    "L2_NORMALIZATION": {np.int8: (1 / 128, 0), np.uint8: (1 / 128, 128)},
}


def unary(kind: str, out_dtype=None, **options) -> Callable:
    def build(d):
        m = ModelBuilder()
        x = _t(m, "x", SHAPE, d)
        fixed = FIXED_OUTPUT.get(kind, {}).get(d)
        y = m.tensor("y", SHAPE, d, scale=fixed[0], zero_point=fixed[1]) if fixed else _t(m, "y", SHAPE, out_dtype or d)
        m.op(kind, [x], [y], **options)
        return m, [x], [y]

    return build


def binary(kind: str, out_dtype=None, **options) -> Callable:
    def build(d):
        m = ModelBuilder()
        a, b = _t(m, "a", SHAPE, d), _t(m, "b", SHAPE, d)
        y = _t(m, "y", SHAPE, out_dtype or d)
        m.op(kind, [a, b], [y], **options)
        return m, [a, b], [y]

    return build


def with_constants(kind: str, out_shape, constants: list, **options) -> Callable:
    """x then constant operands (int32 arrays) -> one output of out_shape."""

    def build(d):
        m = ModelBuilder()
        x = _t(m, "x", SHAPE, d)
        cs = [_const(m, f"c{i}", c) for i, c in enumerate(constants)]
        y = _t(m, "y", out_shape, d)
        m.op(kind, [x, *cs], [y], **options)
        return m, [x], [y]

    return build


def reduce(kind: str) -> Callable:
    return with_constants(kind, (1, 3), [[1, 2]])


def weighted(kind: str) -> Callable:
    """A layer with constant weights of the activation's weight type (int8 for int8 and 16x8)."""

    def build(d):
        m = ModelBuilder()
        rng = np.random.default_rng(1)
        wd = {np.int16: np.int8}.get(d, d)
        bd = {np.int8: np.int32, np.uint8: np.int32, np.int16: np.int64}.get(d, d)
        x = _t(m, "x", SHAPE, d)
        if kind == "FULLY_CONNECTED":
            w = _t(m, "w", (5, 48), wd, rng.integers(-5, 6, (5, 48)))
            b = _t(m, "b", (5,), bd, np.zeros(5))
            y = _t(m, "y", (1, 5), d)
            m.op(kind, [x, w, b], [y])
        elif kind == "BATCH_MATMUL":
            w = _t(m, "w", (1, 1, 3, 2), wd, rng.integers(-5, 6, (1, 1, 3, 2)))
            y = _t(m, "y", (1, 4, 4, 2), d)
            m.op(kind, [x, w], [y])
        elif kind == "TRANSPOSE_CONV":
            shape = _const(m, "shape", [1, 4, 4, 2])
            w = _t(m, "w", (2, 3, 3, 3), wd, rng.integers(-5, 6, (2, 3, 3, 3)))
            y = _t(m, "y", (1, 4, 4, 2), d)
            m.op(kind, [shape, w, x], [y], padding="SAME", stride=(1, 1))
        else:
            cout = 3 if kind == "DEPTHWISE_CONV_2D" else 2
            shape = (1, 3, 3, 3) if kind == "DEPTHWISE_CONV_2D" else (2, 3, 3, 3)
            w = _t(m, "w", shape, wd, rng.integers(-5, 6, shape))
            b = _t(m, "b", (cout,), bd, np.zeros(cout))
            y = _t(m, "y", (1, 4, 4, cout), d)
            m.op(kind, [x, w, b], [y], padding="SAME", stride=(1, 1))
        return m, [x], [y]

    return build


def pool(kind: str) -> Callable:
    def build(d):
        m = ModelBuilder()
        x = _t(m, "x", SHAPE, d)
        y = _t(m, "y", (1, 2, 2, 3), d)
        m.op(kind, [x], [y], filter=(2, 2), stride=(2, 2))
        return m, [x], [y]

    return build


def concat(d):
    m = ModelBuilder()
    a, b = _t(m, "a", SHAPE, d), _t(m, "b", SHAPE, d)
    y = _t(m, "y", (1, 4, 4, 6), d)
    m.op("CONCATENATION", [a, b], [y], axis=3)
    return m, [a, b], [y]


def pack(d):
    m = ModelBuilder()
    a, b = _t(m, "a", SHAPE, d), _t(m, "b", SHAPE, d)
    y = _t(m, "y", (2, *SHAPE), d)
    m.op("PACK", [a, b], [y], values_count=2, axis=0)
    return m, [a, b], [y]


def unpack(d):
    m = ModelBuilder()
    x = _t(m, "x", SHAPE, d)
    y = _t(m, "y", (4, 4, 3), d)
    m.op("UNPACK", [x], [y], num=1, axis=0)
    return m, [x], [y]


def split(d):
    m = ModelBuilder()
    axis = _const(m, "axis", 3)
    x = _t(m, "x", (1, 4, 4, 4), d)
    y0, y1 = _t(m, "y0", (1, 4, 4, 2), d), _t(m, "y1", (1, 4, 4, 2), d)
    m.op("SPLIT", [axis, x], [y0, y1], num_splits=2)
    return m, [x], [y0, y1]


def gather(d):
    m = ModelBuilder()
    x = _t(m, "x", SHAPE, d)
    idx = _const(m, "idx", [2, 0])
    y = _t(m, "y", (1, 2, 4, 3), d)
    m.op("GATHER", [x, idx], [y], axis=1)
    return m, [x], [y]


def gather_nd(d):
    m = ModelBuilder()
    x = _t(m, "x", SHAPE, d)
    idx = _const(m, "idx", [[0, 1], [0, 3]])
    y = _t(m, "y", (2, 4, 3), d)
    m.op("GATHER_ND", [x, idx], [y])
    return m, [x], [y]


def select_v2(d):
    m = ModelBuilder()
    c = m.tensor("c", SHAPE, np.bool_)
    a, b = _t(m, "a", SHAPE, d), _t(m, "b", SHAPE, d)
    y = _t(m, "y", SHAPE, d)
    m.op("SELECT_V2", [c, a, b], [y])
    return m, [c, a, b], [y]


def fill(d):
    m = ModelBuilder()
    dims = _const(m, "dims", [2, 3])
    v = _t(m, "v", (), d)
    y = _t(m, "y", (2, 3), d)
    m.op("FILL", [dims, v], [y])
    return m, [v], [y]


def depth_to_space(d):
    m = ModelBuilder()
    x = _t(m, "x", (1, 2, 2, 12), d)
    y = _t(m, "y", (1, 4, 4, 3), d)
    m.op("DEPTH_TO_SPACE", [x], [y], block_size=2)
    return m, [x], [y]


def shape(d):
    m = ModelBuilder()
    x = _t(m, "x", SHAPE, d)
    y = m.tensor("y", (4,), np.int32)
    m.op("SHAPE", [x], [y])
    return m, [x], [y]


def arg(kind: str) -> Callable:
    def build(d):
        m = ModelBuilder()
        x = _t(m, "x", SHAPE, d)
        axis = _const(m, "axis", [3])
        y = m.tensor("y", (1, 4, 4), np.int32)
        m.op(kind, [x, axis], [y])
        return m, [x], [y]

    return build


def dequantize(d):
    m = ModelBuilder()
    x = _t(m, "x", SHAPE, d)
    y = m.tensor("y", SHAPE, np.float32)
    m.op("DEQUANTIZE", [x], [y])
    return m, [x], [y]


def quantize(d):
    """QUANTIZE from float32 to each type (the pair's dtype: its input, float32) is one pair; a
    requantisation int -> same int type is the pair of that type."""
    m = ModelBuilder()
    x = _t(m, "x", SHAPE, d)
    y = m.tensor("y", SHAPE, np.int8, scale=0.1, zero_point=-2) if d == np.float32 else _t(m, "y", SHAPE, d)
    m.op("QUANTIZE", [x], [y])
    return m, [x], [y]


def prelu(d):
    m = ModelBuilder()
    x = _t(m, "x", SHAPE, d)
    alpha = _t(m, "alpha", (1, 1, 3), d, np.array([1, 2, 3]).reshape(1, 1, 3))
    y = _t(m, "y", SHAPE, d)
    m.op("PRELU", [x, alpha], [y])
    return m, [x], [y]


def topk(d):
    m = ModelBuilder()
    x = _t(m, "x", SHAPE, d)
    k = _const(m, "k", 2)
    y, i = _t(m, "y", (1, 4, 4, 2), d), m.tensor("i", (1, 4, 4, 2), np.int32)
    m.op("TOPK_V2", [x, k], [y, i])
    return m, [x], [y, i]


BOOL_OUT = np.bool_
FORMS: dict[str, Callable] = {
    **{k: unary(k) for k in ("ABS", "NEG", "RELU", "RELU6", "RELU_N1_TO_1", "RELU_0_TO_1", "TANH", "LOGISTIC",
                             "EXP", "LOG", "SQRT", "RSQRT", "SQUARE", "SIN", "COS", "FLOOR", "CEIL", "ROUND",
                             "ELU", "HARD_SWISH", "SIGN", "ZEROS_LIKE", "LOG_SOFTMAX",
                             "L2_NORMALIZATION")},
    "GELU": unary("GELU"),
    "LEAKY_RELU": unary("LEAKY_RELU", alpha=0.2),
    "SOFTMAX": unary("SOFTMAX", beta=1.0),
    "LOGICAL_NOT": unary("LOGICAL_NOT"),
    **{k: binary(k) for k in ("ADD", "SUB", "MUL", "DIV", "MAXIMUM", "MINIMUM", "SQUARED_DIFFERENCE", "FLOOR_DIV",
                              "FLOOR_MOD", "POW", "LOGICAL_AND", "LOGICAL_OR")},
    **{k: binary(k, BOOL_OUT) for k in ("EQUAL", "NOT_EQUAL", "LESS", "LESS_EQUAL", "GREATER", "GREATER_EQUAL")},
    **{k: reduce(k) for k in ("MEAN", "SUM", "REDUCE_PROD", "REDUCE_MAX", "REDUCE_MIN", "REDUCE_ANY", "REDUCE_ALL")},
    "RESHAPE": with_constants("RESHAPE", (1, 48), [[1, 48]]),
    "TRANSPOSE": with_constants("TRANSPOSE", (1, 3, 4, 4), [[0, 3, 1, 2]]),
    "EXPAND_DIMS": with_constants("EXPAND_DIMS", (1, 1, 4, 4, 3), [1]),
    "TILE": with_constants("TILE", (1, 8, 4, 3), [[1, 2, 1, 1]]),
    "REVERSE_V2": with_constants("REVERSE_V2", SHAPE, [[1]]),
    "SLICE": with_constants("SLICE", (1, 2, 2, 3), [[0, 1, 1, 0], [1, 2, 2, 3]]),
    "STRIDED_SLICE": with_constants("STRIDED_SLICE", (1, 2, 2, 3), [[0, 0, 0, 0], [1, 4, 4, 3], [1, 2, 2, 1]]),
    "PAD": with_constants("PAD", (1, 6, 6, 3), [[[0, 0], [1, 1], [1, 1], [0, 0]]]),
    "MIRROR_PAD": with_constants("MIRROR_PAD", (1, 6, 6, 3), [[[0, 0], [1, 1], [1, 1], [0, 0]]]),
    "BROADCAST_TO": with_constants("BROADCAST_TO", (2, 4, 4, 3), [[2, 4, 4, 3]]),
    "DEPTH_TO_SPACE": depth_to_space,
    "SPACE_TO_DEPTH": with_constants("SPACE_TO_DEPTH", (1, 2, 2, 12), [], block_size=2),
    "SPACE_TO_BATCH_ND": with_constants("SPACE_TO_BATCH_ND", (4, 2, 2, 3), [[2, 2], [[0, 0], [0, 0]]]),
    "BATCH_TO_SPACE_ND": with_constants("BATCH_TO_SPACE_ND", (1, 4, 4, 3), [[1, 1], [[0, 0], [0, 0]]]),
    "RESIZE_BILINEAR": with_constants("RESIZE_BILINEAR", (1, 8, 8, 3), [[8, 8]]),
    "RESIZE_NEAREST_NEIGHBOR": with_constants("RESIZE_NEAREST_NEIGHBOR", (1, 8, 8, 3), [[8, 8]]),
    **{k: weighted(k) for k in ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "TRANSPOSE_CONV",
                                "BATCH_MATMUL")},
    **{k: pool(k) for k in ("AVERAGE_POOL_2D", "MAX_POOL_2D", "L2_POOL_2D")},
    "CONCATENATION": concat, "PACK": pack, "UNPACK": unpack, "SPLIT": split, "GATHER": gather,
    "GATHER_ND": gather_nd, "SELECT_V2": select_v2, "FILL": fill, "SHAPE": shape, "ARG_MAX": arg("ARG_MAX"),
    "ARG_MIN": arg("ARG_MIN"), "DEQUANTIZE": dequantize, "QUANTIZE": quantize, "PRELU": prelu,
    "CUMSUM": with_constants("CUMSUM", SHAPE, [3]),
    "TOPK_V2": topk,
}  # fmt: skip

# LiteRT's reference resolver (the golden rvfw checks against) first; an op it does not register
# (CEIL, ROUND, ELU: only LiteRT's optimised kernels have them) is tried on the default resolver and
# reported as such ("ran builtin").
_CHILD = """
import sys, numpy as np
from ai_edge_litert.interpreter import Interpreter, OpResolverType
try:
    it = Interpreter(model_path=sys.argv[1], experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    how = "ran"
except ValueError:
    it = Interpreter(model_path=sys.argv[1], experimental_op_resolver_type=OpResolverType.BUILTIN)
    how = "ran builtin"
it.allocate_tensors()
rng = np.random.default_rng(0)
for d in it.get_input_details():
    t = d["dtype"]
    v = rng.integers(0, 2, d["shape"]).astype(t) if t == np.bool_ else (
        rng.uniform(0.1, 2, d["shape"]).astype(t) if t == np.float32 else rng.integers(1, 5, d["shape"]).astype(t))
    it.set_tensor(d["index"], v)
it.invoke()
print(how)
"""


def runs(op: str, dtype: str, folder: Path) -> str:
    """ "ran" (LiteRT's reference kernels), "ran builtin" (its optimised ones only) or ""."""
    try:
        m, ins, outs = FORMS[op](DTYPES[dtype])
        path = folder / f"{op}_{dtype}.tflite"
        path.write_bytes(m.finish(ins, outs))
    except Exception:  # the builder has no such form (e.g. a bool weight): not a pair
        return ""
    try:
        r = subprocess.run([sys.executable, "-c", _CHILD, str(path)], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return ""
    lines = r.stdout.strip().splitlines()
    return lines[-1] if r.returncode == 0 and lines and lines[-1].startswith("ran") else ""


def highest_version(op: str) -> int:
    """The highest version (of 1..15) at which LiteRT's reference resolver (its default one for the
    OPTIMISED_ONLY ops) finds a kernel for the op's probe form: codegen.ops.litert_set.LITERT_VERSIONS."""
    from ai_edge_litert.interpreter import Interpreter, OpResolverType

    from codegen.ops.litert_set import OPTIMISED_ONLY

    resolver = OpResolverType.BUILTIN if op in OPTIMISED_ONLY else OpResolverType.BUILTIN_REF
    m, ins, outs = FORMS[op](np.float32 if op not in ("QUANTIZE",) else np.int8)
    best = 0
    for version in range(1, 16):
        for o in m.ops:
            if o.kind == op:
                o.version = version
        try:
            Interpreter(model_content=m.finish(ins, outs), experimental_op_resolver_type=resolver)
        except Exception as exc:  # found, then refused for another reason: registered all the same
            if "Didn't find op" in str(exc):
                continue
        best = version
    return best


def main() -> None:
    if sys.argv[1:] == ["--versions"]:
        print({op: highest_version(op) for op in sorted(FORMS)})
        return
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [(op, d) for op in sorted(FORMS) for d in DTYPES]
        with ThreadPoolExecutor(2) as pool_:
            ok = list(pool_.map(lambda j: runs(*j, Path(tmp)), jobs))
    table: dict[str, list[str]] = {}
    optimised_only = set()
    for (op, d), how in zip(jobs, ok):
        if how:
            table.setdefault(op, []).append(d)
        if how == "ran builtin":
            optimised_only.add(op)
    for op in sorted(FORMS):
        print(f'    "{op}": {tuple(table.get(op, ()))!r},')
    print("only LiteRT's optimised kernels:", sorted(optimised_only))


if __name__ == "__main__":
    main()
