"""AVERAGE_POOL_2D and MAX_POOL_2D: int8 and int16 (input and output share scale and zero point),
and float32."""

from __future__ import annotations

from codegen.ir import DType, Graph, Op, OpKind, Tensor
from codegen.ops import conv_common
from codegen.ops.common import (
    Layer,
    LowerContext,
    expect_activation,
    expect_dtype,
    expect_float,
    expect_int16_io,
    expect_same_quant,
    fail,
    float_activation,
)
from codegen.ops.contract import STREAMED_DTYPES, Form, Kind, OpContract, Rows
from codegen.ops.kernels import family, lanes
from codegen.quant import activation_range, out_size, padding_before

PARAMS = "rvfw_pool_params"
AVERAGE = family("AVERAGE_POOL_2D", PARAMS, "avgpool2d_s8", ("ref", "scalar", "rvv", "xthead"), ("AVERAGE_POOL_2D",))
# A legacy uint8 model's (passes.uint8_as_int8): LiteRT's uint8 average rounds half up, not half away from zero.
AVERAGE_U8 = family(
    "AVERAGE_POOL_2D (a uint8 model's rounding)", PARAMS, "avgpool2d_u8", ("ref",), ("AVERAGE_POOL_2D",)
)
MAX = family("MAX_POOL_2D", PARAMS, "maxpool2d_s8", ("ref", "scalar", "rvv", "xthead"), ("MAX_POOL_2D",))
# On CORE-V SIMD (CV32E40P): four channels a word, the maximum by cv.max.b.
MAX_XCV = MAX.variant("MAX_POOL_2D, CORE-V SIMD", {"scalar": "maxpool2d_s8_xcvsimd"}).requiring(
    {"scalar": conv_common.CORE_V}
)
AVERAGE_S16 = family("AVERAGE_POOL_2D int16", PARAMS, "avgpool2d_s16", ("ref", "rvv"), ("AVERAGE_POOL_2D",))
MAX_S16 = family("MAX_POOL_2D int16", PARAMS, "maxpool2d_s16", ("ref",), ("MAX_POOL_2D",))
AVERAGE_F32 = family("AVERAGE_POOL_2D float32", PARAMS, "avgpool2d_f32", ("ref", "rvv", "xthead"), ("AVERAGE_POOL_2D",),
                     needs={"rvv": lanes("f32")})  # fmt: skip
MAX_F32 = family("MAX_POOL_2D float32", PARAMS, "maxpool2d_f32", ("ref", "scalar", "rvv"), ("MAX_POOL_2D",),
                 needs={"rvv": lanes("f32")})  # fmt: skip
L2_F32 = family("L2_POOL_2D float32", PARAMS, "l2pool2d_f32", ("ref",), ("L2_POOL_2D",))


def _float_only(graph: Graph, op: Op) -> None:
    """L2_POOL_2D: TFLite Micro runs it in float32 only."""
    if op.kind is OpKind.L2_POOL_2D:
        dtype = graph.tensors[op.inputs[0]].dtype.name.lower()
        raise fail(graph, op, f"{dtype} not supported (rvfw has float32, as TFLite Micro)")


def check(graph: Graph, op: Op) -> None:
    _float_only(graph, op)
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT8)
    expect_same_quant(graph, op, inp, out)
    expect_activation(graph, op)
    _check_window(graph, op, inp, out)


def _check_channels(graph: Graph, op: Op, inp: Tensor, out: Tensor) -> None:
    if len(inp.shape) != 4 or len(out.shape) != 4 or inp.shape[3] != out.shape[3]:
        raise fail(graph, op, "expects 4-D input and output with the same channels")


def check_s16(graph: Graph, op: Op) -> None:
    _float_only(graph, op)
    inp, out = expect_int16_io(graph, op)
    expect_activation(graph, op)
    _check_channels(graph, op, inp, out)
    if inp.quant != out.quant:
        raise fail(graph, op, "input and output quantisation must match")


def check_f32(graph: Graph, op: Op) -> None:
    _check_channels(graph, op, *expect_float(graph, op))


def _check_window(graph: Graph, op: Op, inp: Tensor, out: Tensor) -> None:
    if len(inp.shape) != 4 or len(out.shape) != 4:
        raise fail(graph, op, "expects 4-D input and output")
    if inp.shape[0] != out.shape[0] or inp.shape[3] != out.shape[3]:
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ in batch or channels")
    (f_h, f_w), (s_h, s_w) = op.options["filter"], op.options["stride"]
    expected = (
        out_size(op.options["padding"], inp.shape[1], f_h, s_h),
        out_size(op.options["padding"], inp.shape[2], f_w, s_w),
    )
    if tuple(out.shape[1:3]) != expected:
        raise fail(graph, op, f"output size {out.shape[1]}x{out.shape[2]} does not match padding/stride")


def pool_params(inp: Tensor, out: Tensor, op: Op, act_min: int, act_max: int) -> list[tuple[str, int]]:
    """The rvfw_pool_params fields (every dtype's pools: int8, int16, float32)."""
    batches, in_h, in_w, channels = inp.shape
    _, out_h, out_w, _ = out.shape
    (f_h, f_w), (s_h, s_w) = op.options["filter"], op.options["stride"]
    return [
        ("batches", batches),
        ("in_h", in_h), ("in_w", in_w), ("channels", channels),
        ("out_h", out_h), ("out_w", out_w),
        ("k_h", f_h), ("k_w", f_w),
        ("stride_h", s_h), ("stride_w", s_w),
        ("pad_h", padding_before(s_h, 1, in_h, f_h, out_h)),
        ("pad_w", padding_before(s_w, 1, in_w, f_w, out_w)),
        ("output_activation_min", act_min),
        ("output_activation_max", act_max),
    ]  # fmt: skip


def rows(graph: Graph, op: Op) -> Rows | None:
    """Pooling streams: a window of input rows per output row (the tiled stage), in every dtype
    whose kernels take a band (STREAMED_DTYPES)."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if inp.dtype not in STREAMED_DTYPES or len(inp.shape) != 4 or len(out.shape) != 4 or uint8_average(graph, op):
        return None
    (f_h, _), (s_h, _) = op.options["filter"], op.options["stride"]
    in_h = inp.shape[1]
    return Rows("window", (s_h, padding_before(s_h, 1, in_h, f_h, out.shape[1]), f_h - 1, in_h))


def uint8_average(graph: Graph, op: Op) -> bool:
    """An int8 AVERAGE_POOL_2D that was uint8 in the model (passes.uint8_as_int8): LiteRT's uint8
    rounding, on its reference kernel alone."""
    return op.kind is OpKind.AVERAGE_POOL_2D and op.from_uint8


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    act_min, act_max = activation_range(expect_activation(ctx.graph, op), out.quant.scale[0], out.quant.zero_point[0])
    params = pool_params(inp, out, op, act_min, act_max)
    fam = MAX if op.kind is not OpKind.AVERAGE_POOL_2D else AVERAGE_U8 if uint8_average(ctx.graph, op) else AVERAGE
    fam, chosen = ctx.pick_tuned((MAX_XCV,), MAX) if fam is MAX else (fam, ctx.pick(fam))
    return ctx.layer(op, chosen, fam, params, [ctx.input(op), ctx.output(op)])


def lower_s16(ctx: LowerContext, op: Op) -> Layer:
    """TFLite Micro's int8 pooling arithmetic with int16 clamps."""
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    act_min, act_max = activation_range(expect_activation(ctx.graph, op), out.quant.scale[0], 0, bits=16)
    fam = AVERAGE_S16 if op.kind is OpKind.AVERAGE_POOL_2D else MAX_S16
    params = pool_params(inp, out, op, act_min, act_max)
    return ctx.layer(op, ctx.pick(fam), fam, params, [ctx.input(op), ctx.output(op)])


def lower_f32(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    params = pool_params(inp, out, op, 0, 0)  # the float clamp comes from `act`
    fam = {OpKind.AVERAGE_POOL_2D: AVERAGE_F32, OpKind.MAX_POOL_2D: MAX_F32, OpKind.L2_POOL_2D: L2_F32}[op.kind]
    picked = ctx.pick(fam)
    return ctx.layer(op, picked, fam, params, [ctx.input(op), float_activation(ctx, op), ctx.output(op)])


CONTRACT = OpContract(
    kinds={
        OpKind.AVERAGE_POOL_2D: Kind(3, (1, 1), options=("padding", "stride", "filter")),
        OpKind.MAX_POOL_2D: Kind(3, (1, 1), options=("padding", "stride", "filter")),
        OpKind.L2_POOL_2D: Kind(1, (1, 1), options=("padding", "stride", "filter")),
    },
    forms={
        DType.INT16: Form(check_s16, lower_s16, (AVERAGE_S16, MAX_S16), rows=rows),
        DType.FLOAT32: Form(check_f32, lower_f32, (AVERAGE_F32, MAX_F32, L2_F32), rows=rows),
        None: Form(check, lower, (AVERAGE, MAX, MAX_XCV, AVERAGE_U8), rows=rows),
    },
)
