"""What CONV_2D and DEPTHWISE_CONV_2D share: window geometry (also asked by tiling), checks, the
kernel parameter struct, requantisation constants and the fused residual ADD's row band, for
int8, and the checks and parameters their 16x8 and float32 forms share."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import add
from codegen.ops.common import (
    Band,
    Layer,
    LowerContext,
    Operands,
    acc32_s16,
    bias_folds,
    expect_activation,
    expect_constant,
    expect_float,
    expect_weighted_int8,
    expect_weighted_s16,
    fail,
    folded_bias,
    offset_weights,
    optional_input,
)
from codegen.ops.contract import STREAMED_DTYPES, Rows
from codegen.ops.kernels import Need, pick
from codegen.ops.tflm_set import litert_semantics
from codegen.quant import activation_range, conv_output_multipliers, out_size, padding_before


@dataclass(frozen=True)
class Geometry:
    batches: int
    in_h: int
    in_w: int
    in_c: int
    out_h: int
    out_w: int
    out_c: int
    k_h: int
    k_w: int
    stride_h: int
    stride_w: int
    dilation_h: int
    dilation_w: int
    pad_h: int
    pad_w: int

    @property
    def touches_border(self) -> bool:
        """Whether some output pixel's window crosses the input's edge (padding or a short last row)."""
        g = self
        return (
            g.pad_h > 0
            or g.pad_w > 0
            or (g.out_h - 1) * g.stride_h - g.pad_h + (g.k_h - 1) * g.dilation_h >= g.in_h
            or (g.out_w - 1) * g.stride_w - g.pad_w + (g.k_w - 1) * g.dilation_w >= g.in_w
        )

    @property
    def span_h(self) -> int:
        """Input rows one output row's window spans, minus one."""
        return (self.k_h - 1) * self.dilation_h


def conv_output(op: Op) -> int:
    """The conv's own output tensor (with a fused residual ADD, the one the ADD consumed)."""
    return op.fused_add.conv_output if op.fused_add else op.outputs[0]


def geometry(graph: Graph, op: Op) -> Geometry:
    inp, flt, out = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]], graph.tensors[conv_output(op)]
    batches, in_h, in_w, in_c = inp.shape
    _, out_h, out_w, out_c = out.shape
    k_h, k_w = flt.shape[1], flt.shape[2]
    (s_h, s_w), (d_h, d_w) = op.options["stride"], op.options["dilation"]
    if op.explicit_pad is not None:  # a folded PAD (passes.fold_pad): top and left as given
        top, _bottom, left, _right = op.explicit_pad
        return Geometry(batches, in_h, in_w, in_c, out_h, out_w, out_c, k_h, k_w, s_h, s_w, d_h, d_w, top, left)
    return Geometry(batches, in_h, in_w, in_c, out_h, out_w, out_c, k_h, k_w, s_h, s_w, d_h, d_w,
                    padding_before(s_h, d_h, in_h, k_h, out_h), padding_before(s_w, d_w, in_w, k_w, out_w))  # fmt: skip


def check_window(graph: Graph, op: Op) -> None:
    """int8 weighted op with 4-D tensors whose output size matches padding, stride and dilation."""
    inp, flt, out = expect_weighted_int8(graph, op)
    if len(inp.shape) != 4 or len(out.shape) != 4 or len(flt.shape) != 4:
        raise fail(graph, op, "expects 4-D input, filter and output")
    if inp.shape[0] != out.shape[0]:
        raise fail(graph, op, f"input batch {inp.shape[0]} and output batch {out.shape[0]} differ")
    bias = op.inputs[2] if len(op.inputs) > 2 else -1
    if bias >= 0 and graph.tensors[bias].num_elements != out.shape[3]:
        raise fail(graph, op, f"bias of {graph.tensors[bias].num_elements} values for {out.shape[3]} output channels")
    expect_output_size(graph, op)


def expect_output_size(graph: Graph, op: Op) -> None:
    """The output's height and width are what padding, stride and dilation make of the input's
    (any dtype: the int8, 16x8 and float32 convolutions share it)."""
    inp, flt, out = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]], graph.tensors[op.outputs[0]]
    (s_h, s_w), (d_h, d_w) = op.options["stride"], op.options["dilation"]
    top, bottom, left, right = op.explicit_pad or (0, 0, 0, 0)
    expected = (
        out_size(op.options["padding"], inp.shape[1] + top + bottom, flt.shape[1], s_h, d_h),
        out_size(op.options["padding"], inp.shape[2] + left + right, flt.shape[2], s_w, d_w),
    )
    if tuple(out.shape[1:3]) != expected:
        raise fail(
            graph,
            op,
            f"output size {out.shape[1]}x{out.shape[2]} does not match padding/stride ({expected[0]}x{expected[1]})",
        )


def macs(graph: Graph, op: Op) -> int:
    g = geometry(graph, op)
    per_output = g.batches * g.out_h * g.out_w * g.out_c * g.k_h * g.k_w
    return per_output if op.kind is OpKind.DEPTHWISE_CONV_2D else per_output * g.in_c


def layer_params(ctx: LowerContext, op: Op, g: Geometry, depth_multiplier: int) -> list[tuple[str, object]]:
    inp, flt, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(conv_output(op))
    act_min, act_max = activation_range(expect_activation(ctx.graph, op), out.quant.scale[0], out.quant.zero_point[0])
    _, shifts = conv_output_multipliers(inp.quant.scale[0], flt.quant.scale, out.quant.scale[0], g.out_c)
    return [
        ("batches", g.batches),
        ("in_h", g.in_h), ("in_w", g.in_w), ("in_c", g.in_c),
        ("out_h", g.out_h), ("out_w", g.out_w), ("out_c", g.out_c),
        ("k_h", g.k_h), ("k_w", g.k_w),
        ("stride_h", g.stride_h), ("stride_w", g.stride_w),
        ("dilation_h", g.dilation_h), ("dilation_w", g.dilation_w),
        ("pad_h", g.pad_h), ("pad_w", g.pad_w),
        ("depth_multiplier", depth_multiplier),
        ("input_offset", -inp.quant.zero_point[0]),
        ("output_offset", out.quant.zero_point[0]),
        ("output_activation_min", act_min),
        ("output_activation_max", act_max),
        ("right_shifts_only", int(all(shift < 0 for shift in shifts))),
        ("pair_taps", int(flt.data is not None and int(flt.data.min()) > -128)),
        ("filter_offset", -flt.quant.zero_point[0] if offset_weights(ctx.graph, op) else 0),
    ]  # fmt: skip


# The cycle-tuned kernels' needs (issue 60), one declaration each: the packed-pairs kernels (two
# int8 products per 32-bit multiply) run on boards whose core timings are documented and measured
# on their RTL, where no weight is -128; the CORE-V ones where the board declares the extensions.
PAIRS = (Need("mul_pairs", (True,), "the board names no core timings"), Need("pairs_fit", (True,), "a weight of -128"))
CORE_V = (
    Need("xcvsimd", (True,), "no CORE-V SIMD"),
    Need("xcvmem", (True,), "no CORE-V post-increment loads"),
    Need("xcvalu", (True,), "no CORE-V min/max"),
)


def fast_requant(shifts: np.ndarray, per_channel: np.ndarray, bias_folded: np.ndarray | None) -> bool:
    """Whether rvfw_requantize_right is exact for every output of the layer: every shift a right
    shift of at most 29 bits, and each channel's accumulator (the folded bias plus raw int8 inputs,
    |x| <= 128, times its weights: per_channel [out_c][taps]) within |acc| < 2^29 (the kernel
    multiplies 4 acc in 32 bits)."""
    if bias_folded is None or len(shifts) != per_channel.shape[0] or any(not -29 <= int(s) <= -1 for s in shifts):
        return False
    bound = np.abs(bias_folded.astype(np.int64)) + 128 * np.abs(per_channel.astype(np.int64)).sum(axis=1)
    return bool(np.all(bound < (1 << 29)))


def lane_blocks(
    bias_folded: np.ndarray, multipliers: np.ndarray, shifts: np.ndarray, output_zp: int
) -> np.ndarray | None:
    """The CORE-V kernels' requantisation constants, per block of four output channels: int32
    [block][bias, multiplier, add, shift1][4], the channels past the last padded with zeros. add and
    shift1 are rvfw_requant_lane_init's (the rounding constant with the output zero point folded in,
    right + 1), so the kernel's assembly reads each from memory where it is used. None where some
    channel's right shift is outside 1..21 (the zero point would not fold): the kernel then takes
    TFLite Micro's general requantisation. Only for layers fast_requant proved."""
    right = -np.asarray(shifts, np.int64)
    if right.size == 0 or right.min() < 1 or right.max() > 21:
        return None
    add = 1 + (np.int64(1) << right) + (np.int64(output_zp) << (right + 1))
    lanes = np.stack([np.asarray(bias_folded, np.int64), np.asarray(multipliers, np.int64), add, right + 1])
    blocks = -(-lanes.shape[1] // 4)
    padded = np.zeros((4, blocks * 4), np.int64)
    padded[:, : lanes.shape[1]] = lanes
    return padded.reshape(4, blocks, 4).transpose(1, 0, 2).astype(np.int32)


def xcv_lanes(ctx: LowerContext, op: Op, filter_data: np.ndarray, bias: np.ndarray | None) -> np.ndarray | None:
    """lane_blocks for a weighted int8 op (filter [out_c][...], its bias or None), or None where
    the folded bias or the fast requantisation is not proved."""
    out_c = filter_data.shape[0]
    input_offset = -int(ctx.tensor(op.inputs[0]).quant.zero_point[0])
    if not bias_folds(filter_data, bias, input_offset):
        return None
    folded = folded_bias(filter_data, bias, input_offset)
    multipliers, shifts = requant(ctx, op, out_c)
    if not fast_requant(shifts, filter_data.reshape(out_c, -1), folded):
        return None
    return lane_blocks(folded, multipliers, shifts, int(ctx.tensor(conv_output(op)).quant.zero_point[0]))


def requant(ctx: LowerContext, op: Op, out_c: int) -> tuple[np.ndarray, np.ndarray]:
    """Per-channel output multipliers and shifts (TFLM's double-rounding requantisation)."""
    inp, flt, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(conv_output(op))
    return conv_output_multipliers(inp.quant.scale[0], flt.quant.scale, out.quant.scale[0], out_c)


def fuse_band(ctx: LowerContext, op: Op, layer: Layer, g: Geometry) -> Layer:
    """With a fused residual ADD (passes.fuse_residual_adds) the conv writes each output row to
    scratch (its `output` operand), then the ADD kernel writes the sum over the residual."""
    fused = op.fused_add
    if not fused:
        return layer
    residual, result, conv_out = ctx.tensor(op.inputs[3]), ctx.tensor(op.outputs[0]), ctx.tensor(conv_output(op))
    a, b = (residual, conv_out) if fused.residual_first else (conv_out, residual)
    add_kernel = pick(add.ADD, ctx.kernels)
    layer.band = Band(
        out_h=g.out_h,
        input_row_bytes=g.in_w * g.in_c,
        row_bytes=g.out_w * g.out_c,
        residual_offset=ctx.plan.tensor_offsets[op.inputs[3]],
        scratch_offset=ctx.scratch(op).offset,
        residual_first=fused.residual_first,
        add_kernel=add_kernel.kernel,
        add_params=add.add_params(a, b, result, fused.activation, g.out_w * g.out_c),
    )
    layer.note = "; ".join(n for n in (layer.note, add_kernel.note) if n)
    layer.op = "CONV_2D+ADD"
    return layer


def wide_params(op: Op, g: Geometry, act_min: int = 0, act_max: int = 0) -> list[tuple[str, object]]:
    """The parameter struct of the float32 and 16x8 convolutions (no offsets: float has none, int16
    zero points are 0), from the one geometry every dtype reads, so a folded PAD (passes.fold_pad's
    explicit_pad) means the same to them as to int8."""
    return [("batches", g.batches), ("in_h", g.in_h), ("in_w", g.in_w), ("in_c", g.in_c),
            ("out_h", g.out_h), ("out_w", g.out_w), ("out_c", g.out_c), ("k_h", g.k_h),
            ("k_w", g.k_w), ("stride_h", g.stride_h), ("stride_w", g.stride_w), ("dilation_h", g.dilation_h),
            ("dilation_w", g.dilation_w), ("pad_h", g.pad_h), ("pad_w", g.pad_w),
            ("depth_multiplier", op.options.get("depth_multiplier", 1)), ("input_offset", 0), ("output_offset", 0),
            ("output_activation_min", act_min), ("output_activation_max", act_max)]  # fmt: skip


def check_f32(graph: Graph, op: Op) -> None:
    """The float32 CONV_2D and DEPTHWISE_CONV_2D: float tensors, a constant 4-D filter, an output
    of the size padding and stride give."""
    expect_float(graph, op)
    expect_constant(graph, op, op.inputs[1], "filter")
    check_f32_window(graph, op)


def check_f32_window(graph: Graph, op: Op) -> None:
    """What a float32-activation convolution's shapes must be (float32 or hybrid weights)."""
    inp, flt, out = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]], graph.tensors[op.outputs[0]]
    if len(inp.shape) != 4 or len(flt.shape) != 4 or len(out.shape) != 4:
        raise fail(graph, op, "expects 4-D input, filter and output")
    expect_output_size(graph, op)
    if op.kind is OpKind.CONV_2D and flt.shape[3] != inp.shape[3]:
        raise fail(graph, op, "grouped convolution not supported")


def check_s16(graph: Graph, op: Op) -> None:
    inp, flt, out = expect_weighted_s16(graph, op)
    if len(inp.shape) != 4 or len(out.shape) != 4 or len(flt.shape) != 4:
        raise fail(graph, op, "expects 4-D input, filter and output")
    expect_output_size(graph, op)
    expect_litert_s16_bias(graph, op)


def expect_litert_s16_bias(graph: Graph, op: Op) -> None:
    """A 16x8 weighted op with an int32 bias in a model only LiteRT runs: LiteRT's reference reads the
    bias as int64 (measured: CONV_2D saturates every output to 32767, FULLY_CONNECTED gives -32768 or
    -344), so the result is undefined; where TFLite Micro runs the model it sums in int32 (acc32)."""
    if litert_semantics(graph) and acc32_s16(graph, op):
        raise fail(graph, op, "16x8 with an int32 bias in a model only LiteRT runs: LiteRT's reference reads "
                   "that bias as int64, so its result is undefined (the converter writes int64)")  # fmt: skip


def requant_operands(ctx: LowerContext, op: Op, out_c: int) -> Operands:
    """The requantisation operands a weighted op's kernels read: per-channel multipliers and
    shifts, and the shifts (-31..31) as int8 for the fast scalar kernels (a quarter of the table)."""
    multipliers, shifts = requant(ctx, op, out_c)
    return {
        "multiplier": lambda: ctx.derived(op, "multiplier", "int32_t", multipliers),
        "shift": lambda: ctx.derived(op, "shift", "int32_t", shifts),
        "shift8": lambda: ctx.derived(op, "shift", "int8_t", shifts),
        "requant64": lambda: ctx.derived(op, "requant64", "int64_t", requant64(multipliers, shifts)),
    }


def requant64(multipliers, shifts) -> np.ndarray:
    """TFLite Micro's 16x8 requantisation (MultiplyByQuantizedMultiplier on int64) as three int64
    rows for kernels that apply it in 64-bit lanes with no arithmetic of their own: the multiplier
    rounded to 16 bits, the rounding addend 2^(total_shift - 1), and total_shift = 15 - shift."""
    m = np.asarray(multipliers, np.int64)
    reduced = np.where(m < 0x7FFF0000, (m + (1 << 15)) >> 16, 0x7FFF)
    total_shift = 15 - np.asarray(shifts, np.int64)
    return np.concatenate([reduced, np.left_shift(np.int64(1), total_shift - 1), total_shift]).astype(np.int64)


def s16_clamp(ctx: LowerContext, op: Op) -> tuple[int, int]:
    out = ctx.tensor(op.outputs[0])
    return activation_range(expect_activation(ctx.graph, op), out.quant.scale[0], 0, bits=16)


# What the 16x8 vector kernels need: e64 lanes (ELEN 64) for TFLite Micro's 64-bit arithmetic,
# and the int64 bias (a layer with an int32 bias accumulates in 32 bits: the reference's form).
S16_VECTOR = (Need("e64", (True,), "ELEN 32"), Need("int32_bias", (False,), "int32 bias"))
# The 16x8 vector kernels in 32-bit lanes (ELEN 32, e.g. Zve32x): every sum, bias included, must
# provably fit int32 (sums_fit_int32), for then TFLite Micro's 64-bit accumulation is the int32 one.
SUMS_FIT_INT32 = Need("sums_fit_int32", (True,), "16x8 sums that could pass int32")
S16_LANES32 = (S16_VECTOR[1], SUMS_FIT_INT32)
# The depthwise vector kernels (16x8, float32) take a depth multiplier of 1.
MULTIPLIER_1 = Need("depth_multiplier", (1,), "depth multiplier {value}")


def sums_fit_int32(weights_by_output: np.ndarray, bias: np.ndarray | None) -> bool:
    """Whether every 16x8 output's sum, its int64 bias included, fits int32 whatever its int16
    inputs: 32768 * sum |w| + |bias| <= 2^31 - 1 for each output (one row of weights each)."""
    bound = np.abs(weights_by_output.astype(np.int64)).sum(axis=1) * 32768
    if bias is not None:
        bound = bound + np.abs(bias.astype(np.int64))
    return bool(bound.max(initial=0) <= np.iinfo(np.int32).max)


def layer_facts(ctx: LowerContext, op: Op) -> dict:
    """What the convolution kernels' needs ask of a layer (ops.kernels.Need)."""
    facts = {"int32_bias": False, "depth_multiplier": op.options.get("depth_multiplier", 1)}
    if ctx.tensor(op.inputs[0]).dtype is DType.INT16:
        flt = ctx.tensor(op.inputs[1]).data
        by_output = flt.reshape(flt.shape[0], -1) if op.kind is not OpKind.DEPTHWISE_CONV_2D \
            else flt.reshape(-1, flt.shape[3]).T  # fmt: skip
        bias = optional_input(op, 2)
        facts["int32_bias"] = bool(acc32_s16(ctx.graph, op))
        facts["sums_fit_int32"] = sums_fit_int32(by_output, ctx.tensor(bias).data if bias >= 0 else None)
    return facts


def window_rows(graph: Graph, op: Op) -> Rows | None:
    """`rows` of the convolutions: a window of input rows per output row (the tiled stage streams a
    convolution that reads one NHWC activation, int8, int16 or float32)."""
    streamed = [t for t in op.inputs[:3] if t >= 0 and not graph.tensors[t].is_constant]
    if len(streamed) != 1 or graph.tensors[streamed[0]].dtype not in STREAMED_DTYPES or op.fused_add is not None:
        return None
    if offset_weights(graph, op):  # the reference kernel alone adds the offset (common.offset_weights)
        return None
    if len(graph.tensors[streamed[0]].shape) != 4:
        return None
    g = geometry(graph, op)
    return Rows("window", (g.stride_h, g.pad_h, g.span_h, g.in_h))
