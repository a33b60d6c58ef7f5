"""What an op lowering produces (a Layer: one kernel call with literal arguments), the context it
uses, and the checks op modules share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from codegen.choices import KernelSet, Optimize
from codegen.errors import ModelError, one_line
from codegen.ir import DType, Graph, Op, Tensor
from codegen.ops.kernels import CALLS, Family, Need, Pick, pick

if TYPE_CHECKING:  # ops come before the planner; lowering only reads the plan it is given
    from codegen.memplan import MemoryPlan


@dataclass(frozen=True)
class Arg:
    """One pointer argument of a kernel call: an arena offset, a constant array, or NULL. role
    names what the template may replace: "input" and "output" (a tiled stage points them at its
    band buffers), else "data"."""

    kind: str  # "arena" | "state" | "const" | "null"
    c_type: str = "void"
    offset: int = 0
    name: str = ""
    role: str = "data"
    tensor: int = field(default=-1, compare=False)  # an arena argument's tensor (a tiled stage's slots)


@dataclass
class ConstArray:
    name: str
    c_type: str
    values: np.ndarray
    role: str  # "weights" (model data) or "params" (build-time derived)


@dataclass(frozen=True)
class Band:
    """A conv with a fused residual ADD runs row by row: the conv writes one output row to
    scratch, then the ADD kernel writes the sum with the residual row over the residual."""

    out_h: int
    input_row_bytes: int
    row_bytes: int
    residual_offset: int
    scratch_offset: int
    residual_first: bool
    add_kernel: str  # kernel file stem, like Layer.kernel
    add_params: list[tuple[str, object]]


@dataclass(frozen=True)
class StageMember:
    """How a tiled stage (ops.stage) narrows one member's call to the rows of a step: "window" sets
    the params' out_h, in_h and pad_h from the step; "gather" sets out_h, row0 and row_base (the
    step's pad_h holds the first input row it reads); "rows" sets size = rows * per_row; "last_dim"
    sets dims[dim] = rows * per_row (elementwise params laid out as dims and strides); "transpose"
    sets dims[dim] = rows * per_row and offset = offset + row0 * row_offset; "copy_rows" sets rows =
    rows * per_row (a CONCATENATION's copy of each input); "upsample" sets dims[dim] = rows / per_row
    and offset = offset + row0 / per_row * row_offset. slots: per pointer argument the stage points
    at a row (the argument's position, the arena offset of the tensor or its line buffer, its row
    bytes, the index into the step's `at`). case: the stage member (the step's `member`) this call
    is one of (a CONCATENATION is one call per input)."""

    layer: Layer
    narrow: str
    slots: list[tuple[int, int, int, int]]
    per_row: int = 0
    dim: int = 0
    offset: int = 0
    row_offset: int = 0
    case: int = 0


@dataclass(frozen=True)
class Stage:
    """A tiled stage (ops.stage, planner.tiling): its members' calls, run step by step from a
    build-time table; buffers: (arena offset, row bytes) of each line buffer, which a negative
    step's member number (-1 - k) moves."""

    members: list[StageMember]
    steps: list[tuple[int, ...]]  # (member, row0, rows, src_rows, pad_h, at0, at1, at2)
    buffers: list[tuple[int, int]]


@dataclass(frozen=True)
class Copy:
    """bytes from src (an arena or constant Arg) to dst (an arena Arg): a loop's carried values."""

    dst: Arg
    src: Arg
    bytes: int


@dataclass
class Loop:
    """A WHILE loop (ops.control): copy the inputs into the carried values (`enter`); then, until the
    condition's bool (`flag`) is 0, copy the carried values to the condition's inputs (`to_cond`), run
    `cond`, test, run `body`, copy its outputs back to the carried values (`back`); finally copy the
    carried values to the loop's outputs (`leave`). Where the graph fixes the count (`trips`), the C
    loop is bounded by it too."""

    enter: list[Copy]
    to_cond: list[Copy]
    cond: list[Layer]
    flag: Arg
    body: list[Layer]
    back: list[Copy]
    leave: list[Copy]
    trips: int | None = None  # the iterations where the graph fixes them (ops.control.static_trips)


@dataclass
class Branch:
    """An IF (ops.control): if the bool `flag` is not 0, copy the inputs into the then-branch's
    (`then_enter`), run its layers and copy its outputs out (`then_leave`); else the same with the
    else-branch."""

    flag: Arg
    then_enter: list[Copy]
    then_layers: list[Layer]
    then_leave: list[Copy]
    else_enter: list[Copy]
    else_layers: list[Layer]
    else_leave: list[Copy]


@dataclass
class Layer:
    index: int  # op index in the model
    op: str
    kernel: str  # firmware/kernels/<kernel>.c; its C function is rvfw_<kernel>
    params_type: str
    params: list[tuple[str, object]]
    args: list[Arg]
    macs: int = 0
    note: str = ""  # why this layer does not use the board's preferred kernel set
    band: Band | None = None
    stage: Stage | None = None
    work: int = 0  # its MACs, or for an op without any the elements it reads and writes (cold_kernels)
    loop: Loop | None = None
    branch: Branch | None = None

    @property
    def children(self) -> list[Layer]:
        """The layers this one runs: a tiled stage's members, a loop's cond and body layers, an IF's
        branches' layers."""
        if self.stage:
            return [m.layer for m in self.stage.members]
        if self.loop:
            return [*self.loop.cond, *self.loop.body]
        if self.branch:
            return [*self.branch.then_layers, *self.branch.else_layers]
        return []

    @property
    def kernels(self) -> list[str]:
        """Kernel files this layer's code calls (firmware/kernels/<name>.c)."""
        if self.stage or self.loop or self.branch:
            return [k for member in self.children for k in member.kernels]
        own = [self.kernel] + ([self.band.add_kernel] if self.band else [])
        return [k for kernel in own for k in (kernel, *CALLS.get(kernel, ()))]


# Operands a lowering offers a family whose kernels read different ones: name -> a function that
# makes the argument (called only for the names the picked kernel declares).
Operands = dict[str, Callable[[], Arg]]

# What the vector unit lacks without each capability (LowerContext.caps), for fallback notes.

_C_DTYPES = {"int8_t": np.int8, "uint8_t": np.uint8, "int16_t": np.int16, "uint16_t": np.uint16,
             "int32_t": np.int32, "int64_t": np.int64, "float": np.float32}  # fmt: skip


@dataclass
class LowerContext:
    graph: Graph
    plan: MemoryPlan
    kernels: KernelSet = KernelSet.REF  # the requested kernel set
    vlen: int = 128  # the board's VLEN, for choosing between kernel variants
    # What the core computes beyond its integer ISA (Board.caps): "fpu" (hardware float), and of
    # the vector unit beyond Zve32x "f32" (V, Zve32f: the float RVV kernels), "e64" (ELEN 64: the
    # 16x8 RVV kernels' 64-bit accumulators), "f64" (V, Zve64d).
    caps: frozenset[str] = frozenset({"fpu", "fpu64", "f32", "e64", "f64"})
    optimize: Optimize = Optimize.SPEED  # SIZE: no kernel that trades flash for speed (Family.tables)
    constants: dict[str, ConstArray] = field(default_factory=dict)
    # (C type, bytes) -> the constant holding them: an identical table is emitted once.
    by_content: dict[tuple[str, bytes], str] = field(default_factory=dict)

    def tensor(self, index: int) -> Tensor:
        return self.graph.tensors[index]

    def arena(self, index: int, role: str = "data") -> Arg:
        """An activation in the arena, a variable tensor in the state area, or a constant (any op
        input may be one: an embedding table a GATHER reads) in flash, where it already is."""
        tensor = self.tensor(index)
        if tensor.is_constant and not tensor.is_variable and role != "output":
            return self.weights(index)
        if tensor.is_variable:
            return Arg("state", tensor.dtype.c_type, offset=self.plan.state_offsets[index], role="data")
        return Arg("arena", tensor.dtype.c_type, offset=self.plan.tensor_offsets[index], role=role, tensor=index)

    def input(self, op: Op, position: int = 0) -> Arg:
        return self.arena(op.inputs[position], "input")

    def output(self, op: Op, position: int = 0) -> Arg:
        return self.arena(op.outputs[position], "output")

    def is_view(self, op: Op, tensor: int, offset: int | None = None) -> bool:
        """Whether the plan took this op's view of `tensor` (its form's `views`): the tensor
        already sits where the op would copy it (a join's input written by its producer into the
        output, a split's part read in place), so this op moves nothing for it. offset: the byte
        offset in the whole the op would copy it to (an input joined twice is a view at one of
        them at most: the other is copied)."""
        view = self.plan.views.get((op.index, tensor))
        return view is not None and (offset is None or view.offset == offset)

    def inplace(self, op: Op) -> bool:
        """Whether the memory plan runs this op over its input (see planner.inplace)."""
        return op.index in self.plan.inplace

    def scratch(self, op: Op) -> Arg:
        return Arg("arena", "int8_t", offset=self.plan.scratch_offsets[op.index])

    def spare_scratch(self, op: Op) -> Arg:
        """The op's spare scratch (ops.spare_scratch_bytes) where the plan found room, else NULL."""
        offset = self.plan.spare_offsets.get(op.index)
        return Arg("null") if offset is None else Arg("arena", "int8_t", offset=offset)

    def weights(self, index: int) -> Arg:
        """A constant tensor as a flash array (emitted once however many layers use it)."""
        if index < 0:
            return Arg("null")
        tensor = self.tensor(index)
        return self._constant(f"{self.graph.name}_w{index}", tensor.dtype.c_type, tensor.data, "weights")

    def derived(self, op: Op, suffix: str, c_type: str, values, role: str = "params") -> Arg:
        """A constant computed at build time (requantisation arrays, transposed weights, folded bias)."""
        return self._constant(f"{self.graph.name}_op{op.index}_{suffix}", c_type, values, role)

    def _constant(self, name: str, c_type: str, values, role: str) -> Arg:
        """One flash array per distinct content: a layer whose shifts, multipliers or biases equal an
        earlier table's (or a tensor two ops share) points at that table."""
        values = np.asarray(values).reshape(-1)
        key = (c_type, values.astype(_C_DTYPES.get(c_type, values.dtype)).tobytes())
        existing = self.by_content.get(key)
        if existing is None:
            self.constants[name] = ConstArray(name, c_type, values, role)
            self.by_content[key] = existing = name
        return Arg("const", c_type, name=existing)

    def rows_fill_more_lanes(self, out_w: int, out_c: int) -> bool:
        """Row kernels put output pixels in lanes, the others output channels: pick the fuller one."""
        lanes = self.vlen // 4  # int32 accumulators at LMUL 8
        return min(out_w, lanes) > min(out_c, lanes)

    def pick(self, family: Family, facts: dict | None = None) -> Pick:
        """The family's kernel for this build: the requested set's, else the first in FALLBACK whose
        declared needs (Family.needs) hold over the board's capabilities and the layer's `facts`;
        under `--optimize size` none that reads a speed table (Family.tables)."""
        known = {cap: True for cap in self.caps} | (facts or {})
        avoid = family.tables if self.optimize is Optimize.SIZE else frozenset()
        return pick(family, self.kernels, known, avoid, "--optimize size: its speed table would cost flash")

    def pick_among(self, families: tuple[Family, ...], facts: dict | None = None) -> tuple[Family, Pick]:
        """The first of `families` (variants of one op, e.g. 16x8 kernels in 64-bit and in 32-bit
        lanes) whose kernel of the requested set runs here; where none does, the first's pick,
        fallback and note included."""
        picks = [(family, self.pick(family, facts)) for family in families]
        return next(((f, p) for f, p in picks if p.kernel_set == self.kernels), picks[0])

    def pick_tuned(self, variants: tuple[Family, ...], base: Family, facts: dict | None = None) -> tuple[Family, Pick]:
        """The first of `variants` (kernels tuned for a core: ops.conv_common.PAIRS, CORE_V) whose
        kernel of the requested set runs here, else `base`'s pick with its own fallback and note
        (a variant that does not apply is no reason to mention)."""
        for family in variants:
            chosen = self.pick(family, facts)
            if chosen.kernel_set == self.kernels and chosen.kernel != base.kernels.get(self.kernels):
                return family, chosen
        return base, self.pick(base, facts)

    def layer(self, op: Op, chosen: Pick, family: Family, params, args: list[Arg] | Operands, macs: int = 0) -> Layer:
        """One kernel call. args: the arguments in order, or for a family whose kernels' pointer
        arguments differ (Family.args), every operand the lowering offers, by name: the picked
        kernel's declaration takes its own, and only those are made (an unread repacked copy of
        the weights never reaches flash)."""
        if isinstance(args, dict):
            names = family.signature(chosen.kernel)
            assert names is not None, f"{chosen.kernel}: no declared operands in {family.what}"
            args = [args[name]() for name in names]
        tensors = [self.graph.tensors[t] for t in (*op.inputs, *op.outputs) if t >= 0]
        moved = sum(int(np.prod(t.shape, dtype=np.int64)) for t in tensors if t.data is None)
        return Layer(op.index, op.kind.value, chosen.kernel, family.params_type, params, args, macs, chosen.note,
                     work=macs or moved)  # fmt: skip


# -Os costs a kernel up to about half its speed: at 0.1% of the work that is invisible.
COLD_SHARE = 0.001


def cold_kernels(models: list[list[Layer]]) -> set[str]:
    """Kernels that do under COLD_SHARE of the work (Layer.work) of every model that calls them:
    the build compiles these for size, since their speed does not show in the inference while
    their code costs flash like any other's (KWS: its FULLY_CONNECTED and SOFTMAX kernels, about
    900 bytes on rv32imc)."""
    hot: set[str] = set()
    called: set[str] = set()
    for layers in models:
        work: dict[str, int] = {}
        for layer in layers:
            for member in _leaves(layer):
                for kernel in member.kernels:
                    work[kernel] = work.get(kernel, 0) + member.work
        total = sum(work.values())
        called |= set(work)
        hot |= {k for k, w in work.items() if w >= COLD_SHARE * total}
    return called - hot


def _leaves(layer: Layer) -> list[Layer]:
    """The kernel calls a layer makes: itself, or its children's, recursively."""
    return [leaf for child in layer.children for leaf in _leaves(child)] if layer.children else [layer]


def folded_bias(filter_data: np.ndarray, bias: np.ndarray | None, input_offset: int, wrap: bool = False) -> np.ndarray:
    """bias + input_offset * sum(w) per output channel (axis 0): the part of sum((x + offset) * w)
    that does not depend on x, so vector kernels multiply raw int8 inputs. wrap: modulo 2^32, as
    TFLite Micro's own int32 precomputation wraps (the LSTM's effective biases); else a sum past
    int32 is a bug of the caller, which asks bias_folds first."""
    folded = _folded(filter_data, bias, input_offset)
    if wrap:
        return folded.astype(np.uint32).astype(np.int32) if folded.size else folded.astype(np.int32)
    if np.abs(folded).max(initial=0) >= 2**31:
        raise OverflowError("folded bias exceeds int32")
    return folded.astype(np.int32)


def bias_folds(filter_data: np.ndarray, bias: np.ndarray | None, input_offset: int) -> bool:
    """Whether the folded bias fits int32. A layer whose does not (large biases, large input zero
    points: a model TFLite Micro runs, since it never folds) keeps its raw bias: the reference
    kernel (the families' fast kernels declare BIAS_FOLDS)."""
    return bool(np.abs(_folded(filter_data, bias, input_offset)).max(initial=0) < 2**31)


FOLDING_NOTE = "folded bias past int32"
# The fast kernels that read the bias with the input offset folded in (declared by each family).
BIAS_FOLDS = Need("bias_folds", (True,), FOLDING_NOTE)


def _folded(filter_data: np.ndarray, bias: np.ndarray | None, input_offset: int) -> np.ndarray:
    sums = filter_data.reshape(filter_data.shape[0], -1).astype(np.int64).sum(axis=1)
    return (0 if bias is None else bias.astype(np.int64)) + int(input_offset) * sums


def expect_same_quant(graph: Graph, op: Op, inp: Tensor, out: Tensor) -> None:
    """Ops that move int8 bytes unchanged: input and output must share scale and zero point."""
    expect_quant(graph, op, inp, "input")
    expect_quant(graph, op, out, "output")
    if (inp.quant.scale[0], inp.quant.zero_point[0]) != (out.quant.scale[0], out.quant.zero_point[0]):
        raise fail(graph, op, "input and output quantisation must match")


def fail(graph: Graph, op: Op, reason: str) -> ModelError:
    return ModelError(graph.source.rsplit("/", 1)[-1], reason, op.index, op.kind.value)


def expect_dtype(graph: Graph, op: Op, tensor_index: int, role: str, *allowed: DType) -> Tensor:
    tensor = graph.tensors[tensor_index]
    if tensor.dtype not in allowed:
        want = " or ".join(d.name.lower() for d in allowed)
        raise fail(graph, op, f"{tensor.dtype.name.lower()} {role} not supported (needs {want})")
    return tensor


def expect_quant(graph: Graph, op: Op, tensor: Tensor, role: str, per_channel_ok: bool = False) -> None:
    if tensor.quant is None:
        raise fail(graph, op, f"{role} '{one_line(tensor.name)}' has no quantisation parameters")
    if tensor.quant.per_channel and not per_channel_ok:
        raise fail(graph, op, f"per-channel quantisation of the {role} not supported")


def expect_int8_same_shape(graph: Graph, op: Op) -> tuple[Tensor, Tensor]:
    """Ops from one int8 tensor to another of its shape (activations, normalisations): both
    quantised per tensor, the input not a constant. Returns (input, output)."""
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    expect_quant(graph, op, inp, "input")
    expect_quant(graph, op, out, "output")
    if not inp.shape:
        raise fail(graph, op, "a scalar (rank 0) input not supported")
    expect_same_shape(graph, op, inp, out)
    if inp.is_constant:
        raise fail(graph, op, "a constant input not supported")
    return inp, out


def expect_constant(graph: Graph, op: Op, tensor_index: int, role: str) -> Tensor:
    tensor = graph.tensors[tensor_index]
    if not tensor.is_constant:
        raise fail(graph, op, f"{role} must be a constant tensor")
    return tensor


def expect_activation(graph: Graph, op: Op) -> str:
    activation = op.options.get("activation", "NONE")
    if activation not in ("NONE", "RELU", "RELU6", "RELU_N1_TO_1"):
        raise fail(graph, op, f"fused activation {activation} not supported")
    return activation


def optional_input(op: Op, position: int) -> int:
    return op.inputs[position] if len(op.inputs) > position else -1


def offset_weights(graph: Graph, op: Op) -> bool:
    """Whether the op's int8 weights sit off zero, per tensor, as a legacy uint8 model's do once
    passes.uint8_as_int8 moved them (Op.from_uint8): only the reference kernels
    add a filter offset (TFLite's legacy uint8 arithmetic); the fast ones, the in-place kernels,
    the fused residual ADD and the tiled stage take symmetric weights and leave such a layer alone."""
    flt = graph.tensors[op.inputs[1]] if len(op.inputs) > 1 and op.inputs[1] >= 0 else None
    if flt is None or flt.quant is None or not any(flt.quant.zero_point):
        return False
    return len(flt.quant.zero_point) == 1 and op.from_uint8


def expect_weighted_int8(graph: Graph, op: Op) -> tuple[Tensor, Tensor, Tensor]:
    """Checks shared by CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED: int8 input and output,
    a constant symmetric int8 filter (per-tensor or per-channel), an optional constant int32 bias,
    and a fused activation we implement. Returns (input, filter, output)."""
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8)
    flt = expect_dtype(graph, op, op.inputs[1], "filter", DType.INT8)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    expect_constant(graph, op, op.inputs[1], "filter")
    expect_quant(graph, op, inp, "input")
    expect_quant(graph, op, out, "output")
    expect_quant(graph, op, flt, "filter", per_channel_ok=True)
    if any(z != 0 for z in flt.quant.zero_point) and not offset_weights(graph, op):
        raise fail(graph, op, "filter zero point must be 0")
    bias = optional_input(op, 2)
    if bias >= 0:
        expect_dtype(graph, op, bias, "bias", DType.INT32)
        expect_constant(graph, op, bias, "bias")
    expect_activation(graph, op)
    return inp, flt, out


# float32 forms: TFLite Micro's float kernels clamp to the fused activation's bounds.
FLT_MAX = float(np.finfo(np.float32).max)
FLOAT_ACTIVATION = {"NONE": (-FLT_MAX, FLT_MAX), "RELU": (0.0, FLT_MAX), "RELU6": (0.0, 6.0),
                    "RELU_N1_TO_1": (-1.0, 1.0)}  # fmt: skip


def float_activation(ctx: LowerContext, op: Op, activation: str | None = None) -> Arg:
    """The [lo, hi] clamp of a float32 kernel: its fused activation's (or `activation`'s) bounds."""
    lo, hi = FLOAT_ACTIVATION[activation or op.options.get("activation", "NONE")]
    return ctx.derived(op, "act", "float", np.array([lo, hi], dtype=np.float32))


def expect_float(graph: Graph, op: Op, skip: tuple[int, ...] = ()) -> tuple[Tensor, Tensor]:
    """Checks every float32 form shares: float32 inputs (but the positions in `skip`, e.g. axes)
    and outputs, and a fused activation the float kernels clamp to. Returns (input, output)."""
    for position, index in enumerate(op.inputs):
        if index >= 0 and position not in skip and graph.tensors[index].dtype is not DType.FLOAT32:
            raise fail(graph, op, f"input {position} is {graph.tensors[index].dtype.name.lower()} in a float32 op")
    for o in op.outputs:
        expect_dtype(graph, op, o, "output", DType.FLOAT32)
    expect_activation(graph, op)  # FLOAT_ACTIVATION's four
    return graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]


def expect_same_shape(graph: Graph, op: Op, inp: Tensor, out: Tensor) -> None:
    if inp.shape != out.shape:
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")


def expect_int16_io(graph: Graph, op: Op) -> tuple[Tensor, Tensor]:
    """Checks every 16x8 form shares: int16 input and output quantised per tensor with zero point
    0, as TFLite's 16x8 quantisation makes them. Returns (input, output)."""
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT16)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT16)
    for t, role in ((inp, "input"), (out, "output")):
        expect_quant(graph, op, t, role)
        if t.quant.zero_point[0] != 0:
            raise fail(graph, op, f"int16 {role} zero point must be 0 (16x8 quantisation)")
    return inp, out


def expect_weighted_s16(graph: Graph, op: Op) -> tuple[Tensor, Tensor, Tensor]:
    """Checks shared by the 16x8 CONV_2D, DEPTHWISE_CONV_2D and FULLY_CONNECTED: int16 input and
    output (expect_int16_io), a constant symmetric int8 filter, an optional constant int64 or int32
    bias. Returns (input, filter, output)."""
    inp, out = expect_int16_io(graph, op)
    expect_activation(graph, op)
    flt = expect_dtype(graph, op, op.inputs[1], "filter", DType.INT8)
    expect_constant(graph, op, op.inputs[1], "filter")
    expect_quant(graph, op, flt, "filter", per_channel_ok=True)
    if any(z != 0 for z in flt.quant.zero_point):
        raise fail(graph, op, "filter zero point must be 0")
    bias = optional_input(op, 2)
    if bias >= 0:
        expect_dtype(graph, op, bias, "bias", DType.INT64, DType.INT32)
        expect_constant(graph, op, bias, "bias")
    return inp, flt, out


def acc32_s16(graph: Graph, op: Op) -> int:
    """TFLite Micro's 16x8 weighted ops accumulate in int32 (and requantise as for int8) when the
    bias is int32, in int64 with its 64-bit requantisation when it is int64 or absent (measured on
    CONV_2D and FULLY_CONNECTED: a bias-less Keras Dense stack in 16x8 differs in half its outputs
    otherwise)."""
    bias = optional_input(op, 2)
    return int(bias >= 0 and graph.tensors[bias].dtype is DType.INT32)


def expect_state(graph: Graph, op: Op, k: int, shape: tuple[int, ...]) -> None:
    """The op's k-th state tensor (frontend.signal) holds exactly what its kernel reads and writes:
    the kernel's sizes come from it (lower), so a state the options do not size is refused."""
    index = op.inputs[1 + k] if 1 + k < len(op.inputs) else -1
    state = graph.tensors[index] if 0 <= index < len(graph.tensors) else None
    if state is None or tuple(state.shape) != tuple(shape):
        have = list(state.shape) if state is not None else "none"
        raise fail(graph, op, f"state {k} is {have}, its kernel needs {list(shape)}")
