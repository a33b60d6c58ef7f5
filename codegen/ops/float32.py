"""float32 models (no quantisation): what the op modules call when an op's activations are float.

TFLite Micro's float reference kernels are plain loops of IEEE single-precision operations, so
rvfw's float kernels repeat their exact order of operations (and the firmware is compiled without
floating-point contraction) to be bit-exact with them, on hardware F/D or in soft-float. Where
TFLite Micro calls the C library, rvfw calls a port of what the host's C library (glibc) computes:
rvfw_expf (SOFTMAX, LOGISTIC, LOG_SOFTMAX), rvfw_logf (LOG_SOFTMAX), rvfw_tanhf and rvfw_expm1f
(TANH, ELU, the LSTM), each checked bit for bit against the host. Hybrid models (float activations,
int8 weights) are refused, as TFLite Micro refuses them.
"""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import conv_common, pool2d, reduce
from codegen.ops.broadcast import broadcast_layout
from codegen.ops.common import Arg, Layer, LowerContext, expect_activation, expect_constant, expect_dtype, fail
from codegen.ops.kernels import family

CONV = family("CONV_2D float32", "rvfw_conv_params", "conv2d_f32", ("ref", "rvv"), ("CONV_2D",))
DEPTHWISE = family("DEPTHWISE_CONV_2D float32", "rvfw_conv_params", "depthwise_conv2d_f32", ("ref", "rvv"),
                   ("DEPTHWISE_CONV_2D",))  # fmt: skip
FC = family("FULLY_CONNECTED float32", "rvfw_fc_params", "fully_connected_f32", ("ref", "rvv"),
            ("FULLY_CONNECTED",))  # fmt: skip
AVERAGE = family("AVERAGE_POOL_2D float32", "rvfw_pool_params", "avgpool2d_f32", ("ref",), ("AVERAGE_POOL_2D",))
MAX = family("MAX_POOL_2D float32", "rvfw_pool_params", "maxpool2d_f32", ("ref",), ("MAX_POOL_2D",))
BINARY_KINDS = (OpKind.ADD, OpKind.SUB, OpKind.MUL, OpKind.DIV, OpKind.MAXIMUM, OpKind.MINIMUM,
                OpKind.SQUARED_DIFFERENCE, OpKind.PRELU)  # fmt: skip
BINARY = {kind: family(f"{kind.value} float32", "rvfw_binary_params", f"{kind.value.lower()}_f32", ("ref",),
                       (kind.value,)) for kind in BINARY_KINDS}  # fmt: skip
CLAMP = family("RELU/RELU6 float32", "rvfw_lut_params", "clamp_f32", ("ref",), ("RELU", "RELU6"))
SOFTMAX = family("SOFTMAX float32", "rvfw_softmax_params", "softmax_f32", ("ref",), ("SOFTMAX",))
LOG_SOFTMAX = family("LOG_SOFTMAX float32", "rvfw_softmax_params", "log_softmax_f32", ("ref",), ("LOG_SOFTMAX",))
# exp, expm1 and tanh as the host C library computes them (rvfw_expf.h, rvfw_tanhf.h)
UNARY_KINDS = (OpKind.LOGISTIC, OpKind.TANH, OpKind.HARD_SWISH, OpKind.ELU)
UNARY = {kind: family(f"{kind.value} float32", "rvfw_lut_params", f"{kind.value.lower()}_f32", ("ref",),
                      (kind.value,)) for kind in UNARY_KINDS}  # fmt: skip
LEAKY = family("LEAKY_RELU float32", "rvfw_lut_params", "leaky_relu_f32", ("ref",), ("LEAKY_RELU",))
MEAN = family("MEAN/SUM float32", "rvfw_reduce_params", "mean_f32", ("ref",), ("MEAN", "SUM"))
EXTREME = family("REDUCE_MAX/MIN float32", "rvfw_reduce_params", "reduce_max_f32", ("ref",),
                 ("REDUCE_MAX", "REDUCE_MIN"))  # fmt: skip
REDUCTIONS = (OpKind.MEAN, OpKind.SUM, OpKind.REDUCE_MAX, OpKind.REDUCE_MIN)
FAMILIES = (
    CONV,
    DEPTHWISE,
    FC,
    AVERAGE,
    MAX,
    *BINARY.values(),
    CLAMP,
    SOFTMAX,
    *UNARY.values(),
    LEAKY,
    MEAN,
    EXTREME,
    LOG_SOFTMAX,
)
KINDS_SUPPORTED = (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D, OpKind.FULLY_CONNECTED, OpKind.AVERAGE_POOL_2D,
                   OpKind.MAX_POOL_2D, *BINARY, OpKind.RELU, OpKind.RELU6, OpKind.SOFTMAX, *UNARY,
                   OpKind.LEAKY_RELU, *REDUCTIONS, OpKind.LOG_SOFTMAX)  # fmt: skip
FLT_MAX = float(np.finfo(np.float32).max)
ACTIVATION = {"NONE": (-FLT_MAX, FLT_MAX), "RELU": (0.0, FLT_MAX), "RELU6": (0.0, 6.0), "RELU_N1_TO_1": (-1.0, 1.0)}


def is_float(graph: Graph, op: Op) -> bool:
    """Whether the op's first input is float32 (a float model's op)."""
    return bool(op.inputs) and graph.tensors[op.inputs[0]].dtype is DType.FLOAT32


def _act(ctx: LowerContext, op: Op, activation: str | None = None) -> Arg:
    lo, hi = ACTIVATION[activation or op.options.get("activation", "NONE")]
    return ctx.derived(op, "act", "float", np.array([lo, hi], dtype=np.float32))


def check(graph: Graph, op: Op) -> None:
    if op.kind not in KINDS_SUPPORTED:
        raise fail(graph, op, "float32 not supported for this op (int8 only)")
    for position, index in enumerate(op.inputs):
        if index < 0 or (op.kind in REDUCTIONS and position == 1):  # the axes
            continue
        t = graph.tensors[index]
        weighted = op.kind in (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D, OpKind.FULLY_CONNECTED)
        if weighted and position == 1 and t.dtype is DType.INT8:
            raise fail(graph, op, "hybrid model (float32 activations, int8 weights): TFLite Micro refuses it too")
        if t.dtype is not DType.FLOAT32:
            raise fail(graph, op, f"input {position} is {t.dtype.name.lower()} in a float32 op")
    for o in op.outputs:
        expect_dtype(graph, op, o, "output", DType.FLOAT32)
    activation = expect_activation(graph, op)
    if activation not in ACTIVATION:
        raise fail(graph, op, f"fused activation {activation} not supported")
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if op.kind in (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D):
        _check_conv(graph, op)
    elif op.kind is OpKind.FULLY_CONNECTED:
        flt = expect_constant(graph, op, op.inputs[1], "filter")
        batches = inp.num_elements // flt.shape[1] if len(flt.shape) == 2 and flt.shape[1] else 0
        if len(flt.shape) != 2 or inp.num_elements % flt.shape[1] or out.num_elements != batches * flt.shape[0]:
            raise fail(graph, op, f"filter {list(flt.shape)} does not map {list(inp.shape)} to {list(out.shape)}")
    elif op.kind in (OpKind.AVERAGE_POOL_2D, OpKind.MAX_POOL_2D):
        if len(inp.shape) != 4 or len(out.shape) != 4 or inp.shape[3] != out.shape[3]:
            raise fail(graph, op, "expects 4-D input and output with the same channels")
    elif op.kind in REDUCTIONS:
        reduce.check_axes(graph, op)
    elif op.kind in BINARY:
        a, b = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]]
        if tuple(np.broadcast_shapes(a.shape, b.shape)) != tuple(out.shape):
            raise fail(graph, op, f"{list(a.shape)} and {list(b.shape)} do not broadcast to {list(out.shape)}")
        if a.is_constant and b.is_constant:
            raise fail(graph, op, "both inputs constant")
    elif inp.shape != out.shape:
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")


def _check_conv(graph: Graph, op: Op) -> None:
    inp, flt, out = (graph.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    expect_constant(graph, op, op.inputs[1], "filter")
    if len(inp.shape) != 4 or len(flt.shape) != 4 or len(out.shape) != 4:
        raise fail(graph, op, "expects 4-D input, filter and output")
    conv_common.expect_output_size(graph, op)
    if op.kind is OpKind.CONV_2D and flt.shape[3] != inp.shape[3]:
        raise fail(graph, op, "grouped convolution not supported")


def macs(graph: Graph, op: Op) -> int:
    out = graph.tensors[op.outputs[0]]
    flt = graph.tensors[op.inputs[1]] if len(op.inputs) > 1 else None
    if op.kind is OpKind.CONV_2D:
        return out.num_elements * flt.shape[1] * flt.shape[2] * flt.shape[3]
    if op.kind is OpKind.DEPTHWISE_CONV_2D:
        return out.num_elements * flt.shape[1] * flt.shape[2]
    if op.kind is OpKind.FULLY_CONNECTED:
        return out.num_elements * flt.shape[1]
    return 0


def _conv_params(graph: Graph, op: Op) -> list[tuple[str, int]]:
    """The conv parameter struct from conv_common.geometry: the one geometry every dtype reads, so a
    folded PAD (passes.fold_pad's explicit_pad) means the same to float32 as to int8."""
    g = conv_common.geometry(graph, op)
    return [("batches", g.batches), ("in_h", g.in_h), ("in_w", g.in_w), ("in_c", g.in_c),
            ("out_h", g.out_h), ("out_w", g.out_w), ("out_c", g.out_c), ("k_h", g.k_h),
            ("k_w", g.k_w), ("stride_h", g.stride_h), ("stride_w", g.stride_w), ("dilation_h", g.dilation_h),
            ("dilation_w", g.dilation_w), ("pad_h", g.pad_h), ("pad_w", g.pad_w),
            ("depth_multiplier", op.options.get("depth_multiplier", 1)), ("input_offset", 0), ("output_offset", 0),
            ("output_activation_min", 0), ("output_activation_max", 0)]  # fmt: skip


def _lower_weighted(ctx: LowerContext, op: Op, bias: int) -> Layer:
    """CONV_2D, DEPTHWISE_CONV_2D, FULLY_CONNECTED: the RVV kernels (float32 lanes, weights
    repacked output-innermost) where the vector unit has float32, else the reference."""
    g = ctx.graph
    inp, flt = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1])
    fam = {OpKind.CONV_2D: CONV, OpKind.DEPTHWISE_CONV_2D: DEPTHWISE, OpKind.FULLY_CONNECTED: FC}[op.kind]
    unless, detail = (set(), "")
    if "f32" not in ctx.vector_caps:
        unless, detail = {"rvv"}, "no float32 in the vector unit"
    elif op.kind is OpKind.DEPTHWISE_CONV_2D and op.options.get("depth_multiplier", 1) != 1:
        unless, detail = {"rvv"}, f"depth multiplier {op.options['depth_multiplier']}"
    chosen = ctx.pick(fam, unless, detail)
    weights = ctx.weights(op.inputs[1])
    if chosen.kernel.endswith("_rvv") and op.kind is OpKind.CONV_2D:  # [out_c][k_h][k_w][in_c] -> out_c last
        weights = ctx.derived(op, "filter_t", "float", np.ascontiguousarray(flt.data.transpose(1, 2, 3, 0)))
    elif chosen.kernel.endswith("_rvv") and op.kind is OpKind.FULLY_CONNECTED:
        weights = ctx.derived(op, "weights_t", "float", np.ascontiguousarray(flt.data.T))
    args = [ctx.input(op), weights, ctx.weights(bias), _act(ctx, op), ctx.output(op)]
    if op.kind is OpKind.FULLY_CONNECTED:
        out_depth, depth = flt.shape
        params = [("batches", inp.num_elements // depth), ("accum_depth", depth), ("out_depth", out_depth),
                  ("input_offset", 0), ("filter_offset", 0), ("output_offset", 0), ("output_activation_min", 0),
                  ("output_activation_max", 0)]  # fmt: skip
        return ctx.layer(op, chosen, fam, params, args, macs(g, op))
    return ctx.layer(op, chosen, fam, _conv_params(g, op), args, macs(g, op))


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    bias = op.inputs[2] if len(op.inputs) > 2 else -1
    if op.kind in (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D, OpKind.FULLY_CONNECTED):
        return _lower_weighted(ctx, op, bias)
    if op.kind in (OpKind.AVERAGE_POOL_2D, OpKind.MAX_POOL_2D):
        params = pool2d.pool_params(inp, out, op, 0, 0)  # the float clamp comes from `act`
        fam = AVERAGE if op.kind is OpKind.AVERAGE_POOL_2D else MAX
        return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), _act(ctx, op), ctx.output(op)])
    if op.kind in BINARY:
        a, b = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1])
        params = broadcast_layout(a.shape, b.shape, out.shape)
        operands = [ctx.weights(i) if ctx.tensor(i).is_constant else ctx.arena(i, "input") for i in op.inputs[:2]]
        fam = BINARY[op.kind]
        return ctx.layer(op, ctx.pick(fam), fam, params, [*operands, _act(ctx, op), ctx.output(op)])
    if op.kind in REDUCTIONS:
        kept_dims, kept_strides, red_dims, red_strides = reduce.layout(inp.shape, reduce.axes(ctx.graph, op))
        params = [("kept_dims", kept_dims), ("kept_strides", kept_strides), ("red_dims", red_dims),
                  ("red_strides", red_strides), ("count", int(np.prod(red_dims))), ("input_zero_point", 0),
                  ("multiplier", int(op.kind in (OpKind.MEAN, OpKind.REDUCE_MAX))), ("shift", 0),
                  ("output_zero_point", 0)]  # fmt: skip
        fam = MEAN if op.kind in (OpKind.MEAN, OpKind.SUM) else EXTREME
        return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op)])
    if op.kind is OpKind.LEAKY_RELU:
        alpha = ctx.derived(op, "alpha", "float", np.array([op.options.get("alpha", 0.2)], dtype=np.float32))
        return ctx.layer(
            op, ctx.pick(LEAKY), LEAKY, [("size", inp.num_elements)], [ctx.input(op), alpha, ctx.output(op)]
        )
    if op.kind in UNARY:
        fam = UNARY[op.kind]
        return ctx.layer(op, ctx.pick(fam), fam, [("size", inp.num_elements)], [ctx.input(op), ctx.output(op)])
    if op.kind in (OpKind.RELU, OpKind.RELU6):
        act = _act(ctx, op, op.kind.value)
        return ctx.layer(op, ctx.pick(CLAMP), CLAMP, [("size", inp.num_elements)], [ctx.input(op), act, ctx.output(op)])
    depth = inp.shape[-1]
    params = [("outer_size", inp.num_elements // depth), ("depth", depth), ("input_multiplier", 0),
              ("input_left_shift", 0), ("diff_min", 0)]  # fmt: skip
    if op.kind is OpKind.LOG_SOFTMAX:
        return ctx.layer(op, ctx.pick(LOG_SOFTMAX), LOG_SOFTMAX, params, [ctx.input(op), ctx.output(op)])
    beta = ctx.derived(op, "beta", "float", np.array([op.options.get("beta", 1.0)], dtype=np.float32))
    return ctx.layer(op, ctx.pick(SOFTMAX), SOFTMAX, params, [ctx.input(op), beta, ctx.output(op)])
