"""One validation pass over every field of the model the compiler uses, before anything else
reads it: what a corrupt or hostile file can put there is refused here in one line, so later
stages may trust the graph's structure (the ops' own checks then refuse what their kernels
cannot run).

Checked: op arity per kind; tensor indices; a non-empty graph whose ops run in order (every
input exists when its op runs, each tensor written once, no cycles), every graph output
produced; shapes non-negative, no empty activation, no scalar graph input or output; sizes that
fit a 32-bit address space; the options of the ops that need them present, strides, dilations,
filter sizes and depth multipliers at least 1; scales finite and positive, zero points in the
dtype's range, per-channel parameters matching the quantised axis.
"""

from __future__ import annotations

import math

from codegen.errors import ModelError, one_line
from codegen.ir import DType, Graph, Op, OpKind, Tensor
from codegen.ops import KINDS

# Each op's contract (ops.contract.Kind) says how many inputs and outputs it takes, which inputs
# a model may omit (-1) and which options it cannot do without.
ARITY = {kind: (spec.inputs, spec.outputs) for kind, spec in KINDS.items()}
OPTIONAL_INPUTS = {kind: set(spec.optional) for kind, spec in KINDS.items()}
NEEDED_OPTIONS = {kind: spec.options for kind, spec in KINDS.items()}
# Options that must be at least 1 wherever they appear.
POSITIVE_OPTIONS = ("stride", "dilation", "filter", "depth_multiplier", "block_size")
MAX_TENSOR_BYTES = 1 << 31  # what a 32-bit target can address at all
# Scales outside these make float32 quantisation math overflow (a denormal scale turns RELU6's
# bound into infinity); real models sit many orders of magnitude inside.
MIN_SCALE, MAX_SCALE = 1e-30, 1e30
ZERO_POINT_RANGE = {DType.INT8: (-128, 127), DType.UINT8: (0, 255), DType.INT16: (-32768, 32767),
                    DType.INT32: (-(2**31), 2**31 - 1), DType.INT64: (-(2**63), 2**63 - 1)}  # fmt: skip


INT4_WEIGHTED = (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D, OpKind.FULLY_CONNECTED)


def validate(graph: Graph, label: str, subgraph: int | None = None) -> None:
    """subgraph: a WHILE loop's cond or body (its number in the file): scalar inputs and outputs (the
    loop counters), outputs that are its own inputs (values the loop carries unchanged) and no ops
    at all are a loop's normal form."""
    if subgraph is not None:
        label = f"{label} (subgraph {subgraph})"
    if not graph.ops and subgraph is None and not set(graph.outputs) <= set(graph.inputs):
        # (no operators and outputs that are its inputs: an identity the converter optimised to nothing)
        raise ModelError(label, "the graph has no operators")
    if not graph.inputs or not graph.outputs:
        raise ModelError(label, f"the graph has {len(graph.inputs)} inputs and {len(graph.outputs)} outputs")
    # Only the tensors the graph uses: converters attach tensors nothing reads (an LSTM's empty
    # `intermediates`), and TFLite Micro never looks at them either.
    used = {i for op in graph.ops for i in (*op.inputs, *op.outputs) if 0 <= i < len(graph.tensors)}
    for t in graph.tensors:
        if t.index in used or t.index in graph.inputs or t.index in graph.outputs:
            _check_tensor(t, label)
    # A scalar input or output (a Signal op's "valid" flag, a loop's count, a `tf.TensorSpec([])`
    # argument) is one value.
    for index in (*graph.inputs, *graph.outputs):
        if graph.tensors[index].is_variable:
            name = one_line(graph.tensors[index].name)
            raise ModelError(label, f"graph input/output tensor {index} '{name}' is a variable")
    for index in graph.inputs:
        if graph.tensors[index].is_constant:
            raise ModelError(label, f"graph input tensor {index} '{one_line(graph.tensors[index].name)}' is a constant")
    available = set(graph.inputs) | {t.index for t in graph.tensors if t.is_constant or t.is_variable}
    written: set[int] = set()
    int4_readers = {t.index: [] for t in graph.tensors if t.packed4}
    for op in graph.ops:
        _check_op(graph, op, label)
        for position, i in enumerate(op.inputs):
            if i in int4_readers:
                int4_readers[i].append((op, position))
            if i >= 0 and i not in available:
                raise ModelError(
                    label, f"input {position} (tensor {i}) is not produced by an earlier op", op.index, op.kind.value
                )
        for o in op.outputs:
            t = graph.tensors[o]
            # A variable is written by the ops that own it (ASSIGN_VARIABLE), as often as the model says.
            if t.is_variable and op.kind is OpKind.ASSIGN_VARIABLE:
                continue
            if o in written or o in graph.inputs or t.is_constant or t.is_variable:
                what = f"output tensor {o} '{one_line(t.name)}' is written twice"
                raise ModelError(label, what, op.index, op.kind.value)
            written.add(o)
            available.add(o)
    for index, readers in int4_readers.items():
        # TFLite Micro reads int4 only as the weights of these (it unpacks them at Prepare)
        for op, position in readers:
            activations = graph.tensors[op.inputs[0]].dtype if op.inputs and op.inputs[0] >= 0 else None
            if op.kind in INT4_WEIGHTED and position == 1 and activations is not DType.INT8:
                raise ModelError(label, f"int4 weights with {activations.name.lower() if activations else 'no'} "
                                 "activations: TFLite Micro takes them with int8 activations only", op.index,
                                 op.kind.value)  # fmt: skip
            if op.kind not in INT4_WEIGHTED or position != 1:
                name = one_line(graph.tensors[index].name)
                raise ModelError(label, f"int4 tensor {index} '{name}' read as input {position}: int4 is supported as "
                                 "the weights of CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED only", op.index,
                                 op.kind.value)  # fmt: skip
    for index in graph.outputs:
        # A graph input may be a graph output too (a converter drops a slice of the whole input):
        # TFLite Micro hands back the input's bytes.
        if index not in written and index not in graph.inputs and (subgraph is None or index not in available):
            name = one_line(graph.tensors[index].name)
            raise ModelError(label, f"graph output tensor {index} '{name}' is produced by no op")


def _check_tensor(t: Tensor, label: str) -> None:
    where = f"tensor {t.index} '{one_line(t.name)}'"
    if any(d < 0 for d in t.shape):
        raise ModelError(label, f"{where}: negative dimension in {list(t.shape)}")
    elements = math.prod(t.shape) if t.shape else 1
    if elements == 0 and not t.is_constant:
        raise ModelError(label, f"{where}: empty shape {list(t.shape)}")
    if elements * t.dtype.size >= MAX_TENSOR_BYTES:
        raise ModelError(label, f"{where}: {elements * t.dtype.size:,} bytes; a target addresses at most 2 GiB")
    q = t.quant
    if q is None:
        return
    if not q.scale or any(not (MIN_SCALE < s < MAX_SCALE) for s in q.scale):  # NaN fails too
        raise ModelError(label, f"{where}: quantisation scale must be finite and positive (1e-30 to 1e30), not "
                         f"{list(q.scale)[:4]}")  # fmt: skip
    if len(q.zero_point) != len(q.scale):
        raise ModelError(label, f"{where}: {len(q.scale)} scales but {len(q.zero_point)} zero points")
    lo, hi = ZERO_POINT_RANGE.get(t.dtype, (-(2**63), 2**63 - 1))
    if t.dtype is not DType.FLOAT32 and any(not lo <= z <= hi for z in q.zero_point):
        raise ModelError(label, f"{where}: zero point outside {t.dtype.name.lower()} range")
    if len(q.scale) > 1 and (not 0 <= q.axis < len(t.shape) or t.shape[q.axis] != len(q.scale)):
        raise ModelError(label, f"{where}: {len(q.scale)} per-channel scales do not match axis {q.axis} of "
                         f"{list(t.shape)}")  # fmt: skip


def _check_op(graph: Graph, op: Op, label: str) -> None:
    def fail(reason: str) -> ModelError:
        return ModelError(label, reason, op.index, op.kind.value)

    arity = ARITY.get(op.kind)
    if arity is not None:
        (in_lo, in_hi), (out_lo, out_hi) = arity
        if not (in_lo <= len(op.inputs) <= in_hi and out_lo <= len(op.outputs) <= out_hi):
            raise fail(f"{len(op.inputs)} inputs and {len(op.outputs)} outputs; it takes {in_lo}-{in_hi} and "
                       f"{out_lo}-{out_hi}")  # fmt: skip
    n = len(graph.tensors)
    optional = OPTIONAL_INPUTS.get(op.kind, set())
    for position, i in enumerate(op.inputs):
        if not (0 <= i < n or (i == -1 and position in optional)):
            raise fail(f"input {position} names tensor {i}, which does not exist")
    for position, o in enumerate(op.outputs):
        if not 0 <= o < n:
            raise fail(f"output {position} names tensor {o}, which does not exist")
    if "options_type" in op.options:  # the frontend read a table of another op's type
        raise fail(f"options table of type {op.options['options_type']}")
    for name in NEEDED_OPTIONS.get(op.kind, ()):
        if name not in op.options:
            raise fail(f"no {name} in its options")
    for name, value in op.options.items():  # alpha, beta, clips: NaN or infinity would reach quantisation
        if isinstance(value, float) and not math.isfinite(value):
            raise fail(f"option {name} is {value}; it must be a finite number")
    for name in POSITIVE_OPTIONS:
        value = op.options.get(name)
        values = value if isinstance(value, tuple) else () if value is None else (value,)
        if any(v < 1 for v in values):
            raise fail(f"{name} {list(values) if len(values) > 1 else values[0]} must be at least 1")
