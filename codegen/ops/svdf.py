"""SVDF, int8 input and output with int8 or int16 time weights and activation state: TFLite
Micro's integer form. Each step shifts the state one column to the left, writes the feature
projection of the new input (weights_feature x input, requantised to the state) into its newest
column, then each unit sums, over its `rank` filters, the time weights times the state, adds its
bias and is requantised to the output. The state is a variable tensor: it persists from step to
step in the model's state area. The float32 SVDF is TFLite Micro's float reference, operation for
operation."""

from __future__ import annotations

from dataclasses import replace

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import (
    Layer,
    LowerContext,
    Operands,
    expect_constant,
    expect_dtype,
    expect_quant,
    fail,
    optional_input,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family
from codegen.ops.tflm_set import litert_semantics
from codegen.quant import quantize_multiplier

SVDF_ARGS = ("weights_time", "bias", "state", "output")
# The RVV kernel puts filters across lanes: the feature weights transposed, [input][filter].
SVDF = family("SVDF", "rvfw_svdf_params", "svdf_s8", ("ref", "scalar", "rvv"), args={
    "ref": ("input", "weights_feature", *SVDF_ARGS),
    "scalar": ("input", "weights_feature", *SVDF_ARGS),
    "rvv": ("input", "weights_feature_t", *SVDF_ARGS),
})  # fmt: skip
SVDF_F32 = family("SVDF float32", "rvfw_svdf_params", "svdf_f32", ("ref",))
# In a model only LiteRT runs: LiteRT's float SVDF (its dot products' order, the bias added last).
SVDF_F32_LITERT = family("SVDF float32 (LiteRT's)", "rvfw_svdf_params", "svdf_litert_f32", ("ref",))
FLOAT_ACTIVATIONS = {"NONE": 0, "RELU": 1, "RELU6": 3}
INPUT, FEATURE, TIME, BIAS, STATE = 0, 1, 2, 3, 4


def dims(graph: Graph, op: Op) -> tuple[int, int, int, int, int]:
    """(batches, input size, filters, memory, rank)."""
    inp, feature, time = (graph.tensors[op.inputs[k]] for k in (INPUT, FEATURE, TIME))
    return inp.shape[0], inp.shape[1], feature.shape[0], time.shape[1], op.options.get("rank", 1)


def _check_float(graph: Graph, op: Op) -> None:
    batches, n_input, filters, memory, rank = dims(graph, op)
    for k, role in ((FEATURE, "weights_feature"), (TIME, "weights_time")):
        expect_dtype(graph, op, op.inputs[k], role, DType.FLOAT32)
        expect_constant(graph, op, op.inputs[k], role)
    state = expect_dtype(graph, op, op.inputs[STATE], "activation state", DType.FLOAT32)
    expect_dtype(graph, op, op.outputs[0], "output", DType.FLOAT32)
    if not state.is_variable or state.num_elements != batches * filters * memory:
        raise fail(graph, op, f"the activation state must be a variable of {batches} x {filters} x {memory} values")
    if rank < 1 or filters % rank:
        raise fail(graph, op, f"rank {rank} does not divide {filters} filters")
    bias = optional_input(op, BIAS)
    if bias >= 0:
        expect_dtype(graph, op, bias, "bias", DType.FLOAT32)
        expect_constant(graph, op, bias, "bias")
    if op.options.get("activation", "NONE") not in FLOAT_ACTIVATIONS:
        raise fail(graph, op, f"fused activation {op.options['activation']} not supported")


def check(graph: Graph, op: Op) -> None:
    if graph.tensors[op.inputs[INPUT]].dtype is DType.FLOAT32:
        return _check_float(graph, op)
    inp = expect_dtype(graph, op, op.inputs[INPUT], "input", DType.INT8)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    feature = expect_dtype(graph, op, op.inputs[FEATURE], "weights_feature", DType.INT8)
    time = expect_dtype(graph, op, op.inputs[TIME], "weights_time", DType.INT8, DType.INT16)
    state = expect_dtype(graph, op, op.inputs[STATE], "activation state", time.dtype)
    for index, role in ((op.inputs[FEATURE], "weights_feature"), (op.inputs[TIME], "weights_time")):
        expect_constant(graph, op, index, role)
    for t, role in ((inp, "input"), (out, "output"), (feature, "weights_feature"), (time, "weights_time"),
                    (state, "activation state")):  # fmt: skip
        expect_quant(graph, op, t, role)
    if not state.is_variable:
        raise fail(graph, op, "the activation state (input 4) must be a variable tensor")
    if len(inp.shape) != 2 or len(feature.shape) != 2 or len(time.shape) != 2:
        raise fail(graph, op, "input, weights_feature and weights_time must be 2-D")
    batches, n_input, filters, memory, rank = dims(graph, op)
    if rank < 1 or filters % rank or feature.shape[1] != n_input or time.shape[0] != filters:
        raise fail(graph, op, f"rank {rank}, weights_feature {list(feature.shape)} and weights_time "
                   f"{list(time.shape)} do not fit input {list(inp.shape)}")  # fmt: skip
    if state.num_elements != batches * filters * memory:
        raise fail(graph, op, f"state of {state.num_elements} values; {batches} x {filters} x {memory} needed")
    if tuple(out.shape) != (batches, filters // rank):
        raise fail(graph, op, f"output {list(out.shape)} is not [{batches}, {filters // rank}]")
    bias = optional_input(op, BIAS)
    if bias < 0:  # TFLM's integer SVDF reads the bias's scale in Prepare (and crashes without one)
        raise fail(graph, op, "an integer SVDF needs a bias (TFLite Micro requires one)")
    if bias >= 0:
        expect_dtype(graph, op, bias, "bias", DType.INT32)
        expect_constant(graph, op, bias, "bias")
        if graph.tensors[bias].num_elements != filters // rank:
            raise fail(graph, op, f"bias of {graph.tensors[bias].num_elements} values for {filters // rank} units")


def macs(graph: Graph, op: Op) -> int:
    batches, n_input, filters, memory, _rank = dims(graph, op)
    return batches * filters * (n_input + memory)


def lower(ctx: LowerContext, op: Op) -> Layer:
    g = ctx.graph
    inp, feature, time, state, out = (g.tensors[i] for i in (*op.inputs[:3], op.inputs[STATE], op.outputs[0]))
    batches, n_input, filters, memory, rank = dims(g, op)
    if inp.dtype is DType.FLOAT32:
        activation = FLOAT_ACTIVATIONS[op.options.get("activation", "NONE")]
        params = [("batches", batches), ("input_size", n_input), ("filters", filters), ("memory", memory),
                  ("rank", rank), ("input_zero_point", 0), ("state_zero_point", 0), ("output_zero_point", 0),
                  ("feature_multiplier", 0), ("feature_shift", 0), ("output_multiplier", 0), ("output_shift", 0),
                  ("state_bytes", 4), ("activation", activation)]  # fmt: skip
        args = [ctx.input(op), ctx.weights(op.inputs[FEATURE]), ctx.weights(op.inputs[TIME]),
                ctx.weights(optional_input(op, BIAS)), ctx.arena(op.inputs[STATE]), ctx.output(op)]  # fmt: skip
        fam = SVDF_F32_LITERT if litert_semantics(g) else SVDF_F32
        return ctx.layer(op, ctx.pick(fam), fam, params, args, macs(g, op))
    scale = {name: float(t.quant.scale[0]) for name, t in (("in", inp), ("f", feature), ("t", time), ("s", state),
                                                           ("out", out))}  # fmt: skip
    m1, s1 = quantize_multiplier(scale["in"] * scale["f"] / scale["s"])
    m2, s2 = quantize_multiplier(scale["s"] * scale["t"] / scale["out"])
    params = [("batches", batches), ("input_size", n_input), ("filters", filters), ("memory", memory), ("rank", rank),
              ("input_zero_point", inp.quant.zero_point[0]), ("state_zero_point", state.quant.zero_point[0]),
              ("output_zero_point", out.quant.zero_point[0]), ("feature_multiplier", m1), ("feature_shift", s1),
              ("output_multiplier", m2), ("output_shift", s2), ("state_bytes", state.dtype.size),
              ("activation", 0)]  # fmt: skip
    # Time weights and state are int8 or int16: the kernel takes them untyped and reads state_bytes.
    operands: Operands = {
        "input": lambda: ctx.input(op),
        "weights_feature": lambda: ctx.weights(op.inputs[FEATURE]),
        "weights_feature_t": lambda: ctx.derived(op, "weights_feature_t", "int8_t", feature.data.T, role="weights"),
        "weights_time": lambda: replace(ctx.weights(op.inputs[TIME]), c_type="void"),
        "bias": lambda: ctx.weights(optional_input(op, BIAS)),
        "state": lambda: replace(ctx.arena(op.inputs[STATE]), c_type="void"),
        "output": lambda: ctx.output(op),
    }
    layer = ctx.layer(op, ctx.pick(SVDF), SVDF, params, operands, macs(g, op))
    activation = op.options.get("activation", "NONE")
    if activation != "NONE":  # what TFLite Micro does with it: nothing (it clamps to int8 only)
        layer.note = "; ".join(n for n in (layer.note, f"fused {activation} ignored, as TFLite Micro's integer SVDF"
                                           " does") if n)  # fmt: skip
    return layer


CONTRACT = OpContract(
    kinds={
        OpKind.SVDF: Kind(4, (5, 5), optional=frozenset({3})),
    },
    forms={None: Form(check, lower, (SVDF, SVDF_F32, SVDF_F32_LITERT), macs=macs)},
)
