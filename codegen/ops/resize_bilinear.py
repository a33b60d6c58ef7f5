"""RESIZE_BILINEAR, int8 (input and output share quantisation, as TFLite Micro requires): TFLite's
integer interpolation with 10 fractional bits (align_corners, half_pixel_centers); int16 as LiteRT
runs it (TFLite Micro has none). Which input
rows and columns each output row and column blends, and by how much, is computed here once; the
kernel only blends."""

from __future__ import annotations

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import (
    Layer,
    LowerContext,
    Operands,
    expect_constant,
    expect_dtype,
    expect_same_quant,
    fail,
)
from codegen.ops.contract import Form, Kind, OpContract, Rows
from codegen.ops.kernels import Need, family, lanes

# The RVV kernels put an output row's elements (columns x channels) in lanes, gathering each one's
# two input elements through build-time lane tables (lane_tables) with 16-bit offsets.
# XTheadVector: the same forms on 16 lanes; fast scalar int8: the reference's blend, branch-free rounding.
RESIZE = family("RESIZE_BILINEAR", "rvfw_resize_bilinear_params", "resize_bilinear_s8",
                ("ref", "scalar", "rvv", "xthead"),
                args={"ref": ("input", "rows", "cols", "output"),
                      "scalar": ("input", "rows", "cols", "output"),
                      "rvv": ("input", "rows", "lane_a", "lane_b", "lane_w", "output"),
                      "xthead": ("input", "rows", "lane_a", "lane_b", "lane_w", "output")})  # fmt: skip
RESIZE_F32 = family("RESIZE_BILINEAR float32", "rvfw_resize_bilinear_params", "resize_bilinear_f32",
                    ("ref", "rvv", "xthead"),
                    args={"ref": ("input", "rows", "row_w", "cols", "col_w", "output"),
                          "rvv": ("input", "rows", "row_w", "lane_a", "lane_b", "lane_w", "output"),
                          "xthead": ("input", "rows", "row_w", "lane_a", "lane_b", "lane_w", "output")})  # fmt: skip
# int16: LiteRT's (TFLite Micro has no int16 RESIZE_BILINEAR): the int8 blend in 64 bits.
RESIZE_S16 = family("RESIZE_BILINEAR int16", "rvfw_resize_bilinear_params", "resize_bilinear_s16", ("ref",),
                    args={"ref": ("input", "rows", "cols", "output")})  # fmt: skip
# A legacy uint8 model's (passes.uint8_as_int8): LiteRT's uint8 resize is its float blend plus 0.5,
# truncated (resize_bilinear_u8_ref), not the int8 kernels' fixed point.
RESIZE_U8 = family("RESIZE_BILINEAR (a uint8 model's float blend)", "rvfw_resize_bilinear_params", "resize_bilinear_u8",
                   ("ref",), args={"ref": ("input", "rows", "row_w", "cols", "col_w", "output")})  # fmt: skip
# Without an FPU: the blend's multiplies and adds on the bits (rvfw_softfloat.h).
RESIZE_F32_SOFT = RESIZE_F32.variant("RESIZE_BILINEAR float32 (integer float operations)",
                                     {"scalar": "resize_bilinear_f32_scalar"},
                                     {"scalar": ("input", "rows", "row_w", "cols", "col_w", "output")})  # fmt: skip
ONE = 1 << 10
GATHER_LIMIT = 1 << 16  # the lane tables' offsets are uint16
# What the vector kernels need (ops.kernels.Need): an input row their uint16 offsets reach; float32
# lanes for the float RVV one.
ROW_REACHED = Need("row_bytes", maximum=GATHER_LIMIT, why="an input row over 64 KiB")
RESIZE = RESIZE.requiring({"rvv": ROW_REACHED, "xthead": ROW_REACHED})
RESIZE_F32, RESIZE_F32_SOFT = (f.requiring({"rvv": (lanes("f32"), ROW_REACHED), "xthead": ROW_REACHED})
                               for f in (RESIZE_F32, RESIZE_F32_SOFT))  # fmt: skip


def _trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def taps(out_size: int, in_size: int, align_corners: bool, half_pixel_centers: bool) -> np.ndarray:
    """[out_size, 3]: (lower index, upper index, weight of the upper one in 1/1024) per output index."""
    scale = (ONE * in_size + out_size // 2) // out_size
    if align_corners and out_size > 1:
        scale = (ONE * (in_size - 1) + (out_size - 1) // 2) // (out_size - 1)
    rows = []
    for i in range(out_size):
        value = i * scale + scale // 2 - (1 << 9) if half_pixel_centers else i * scale
        lower = max(_trunc_div(value, ONE), 0)
        upper = min(_trunc_div(value + ONE - 1, ONE), in_size - 1)
        rows.append((lower, upper, value - ONE * lower))
    return np.array(rows, dtype=np.int32)


def float_taps(out_size: int, in_size: int, align_corners: bool, half_pixel_centers: bool):
    """TFLite's float ComputeInterpolationValues in float32: per output index the lower and upper
    input index ([out_size, 2] int32) and the weights (1 - d, d) of each ([out_size, 2] float32),
    d = scaled - lower as the float kernel computes it."""
    f32 = np.float32
    scale = f32(in_size) / f32(out_size)
    if align_corners and out_size > 1:
        scale = f32(in_size - 1) / f32(out_size - 1)
    index, weight = [], []
    for i in range(out_size):
        scaled = (f32(i) + f32(0.5)) * scale - f32(0.5) if half_pixel_centers else f32(i) * scale
        lower = max(int(np.floor(scaled)), 0)
        upper = min(int(np.ceil(scaled)), in_size - 1)
        d = scaled - f32(lower)
        index.append((lower, upper))
        weight.append((f32(1) - d, d))
    return np.array(index, dtype=np.int32), np.array(weight, dtype=np.float32)


def lane_tables(lower: np.ndarray, upper: np.ndarray, depth: int, element_bytes: int) -> tuple[np.ndarray, ...]:
    """Per element of an output row (columns outer, channels inner, as the row is laid out): the
    byte offsets in an input row of the element it blends from the lower and the upper input column."""
    channel = np.arange(depth)
    return tuple(((np.asarray(col)[:, None] * depth + channel) * element_bytes).reshape(-1).astype(np.uint16)
                 for col in (lower, upper))  # fmt: skip


def check(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT8, DType.INT16, DType.FLOAT32)
    out = expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
    if inp.dtype in (DType.INT8, DType.INT16):
        expect_same_quant(graph, op, inp, out)
    size = expect_constant(graph, op, op.inputs[1], "size")
    if len(inp.shape) != 4 or len(out.shape) != 4:
        raise fail(graph, op, "input and output must be 4-D (NHWC)")
    if inp.is_constant:
        raise fail(graph, op, "a constant input not supported")
    wanted = (inp.shape[0], *(int(v) for v in size.data.reshape(-1)), inp.shape[3])
    if size.num_elements != 2 or tuple(out.shape) != wanted:
        raise fail(graph, op, f"output {list(out.shape)} is not the input resized to {list(size.data.reshape(-1))}")


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    a, h = op.options.get("align_corners", False), op.options.get("half_pixel_centers", False)
    params = [("batches", inp.shape[0]), ("in_h", inp.shape[1]), ("in_w", inp.shape[2]), ("depth", inp.shape[3]),
              ("out_h", out.shape[1]), ("out_w", out.shape[2]), ("row0", 0), ("row_base", 0)]  # fmt: skip
    depth = inp.shape[3]
    if inp.dtype is DType.FLOAT32 or uint8_resize(ctx.graph, op):
        (row_index, row_weight), (col_index, col_weight) = (
            float_taps(out.shape[k], inp.shape[k], a, h) for k in (1, 2)
        )
        lane_a, lane_b = lane_tables(col_index[:, 0], col_index[:, 1], depth, 4)
        operands: Operands = {
            "input": lambda: ctx.input(op), "output": lambda: ctx.output(op),
            "rows": lambda: ctx.derived(op, "rows", "int32_t", row_index),
            "row_w": lambda: ctx.derived(op, "row_w", "float", row_weight),
            "cols": lambda: ctx.derived(op, "cols", "int32_t", col_index),
            "col_w": lambda: ctx.derived(op, "col_w", "float", col_weight),
            "lane_a": lambda: ctx.derived(op, "lane_a", "uint16_t", lane_a),
            "lane_b": lambda: ctx.derived(op, "lane_b", "uint16_t", lane_b),
            "lane_w": lambda: ctx.derived(op, "lane_w", "float", np.repeat(col_weight.T, depth, axis=1)),
        }  # fmt: skip
        fam = RESIZE_U8 if inp.dtype is DType.INT8 else RESIZE_F32 if "fpu" in ctx.caps else RESIZE_F32_SOFT
        chosen = ctx.pick(fam, {"row_bytes": inp.shape[2] * inp.shape[3] * 4})
        return ctx.layer(op, chosen, fam, params, operands)
    rows = taps(out.shape[1], inp.shape[1], a, h)
    cols = taps(out.shape[2], inp.shape[2], a, h)
    lane_a, lane_b = lane_tables(cols[:, 0], cols[:, 1], depth, 1)
    operands = {
        "input": lambda: ctx.input(op), "output": lambda: ctx.output(op),
        "rows": lambda: ctx.derived(op, "rows", "int32_t", rows),
        "cols": lambda: ctx.derived(op, "cols", "int32_t", cols),
        "lane_a": lambda: ctx.derived(op, "lane_a", "uint16_t", lane_a),
        "lane_b": lambda: ctx.derived(op, "lane_b", "uint16_t", lane_b),
        "lane_w": lambda: ctx.derived(op, "lane_w", "int16_t", np.repeat(cols[:, 2], depth)),
    }  # fmt: skip
    if inp.dtype is DType.INT16:
        return ctx.layer(op, ctx.pick(RESIZE_S16), RESIZE_S16, params, operands)
    picked = ctx.pick(RESIZE, {"row_bytes": inp.shape[2] * inp.shape[3]})
    return ctx.layer(op, picked, RESIZE, params, operands)


def uint8_resize(graph: Graph, op: Op) -> bool:
    """An int8 RESIZE_BILINEAR that was uint8 in the model (passes.uint8_as_int8): LiteRT's float blend."""
    return graph.tensors[op.inputs[0]].dtype is DType.INT8 and op.from_uint8


def rows(graph: Graph, op: Op) -> Rows | None:
    """A tiled stage reads each output row's two input rows from the table (the "gather" form)."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if inp.is_constant or len(inp.shape) != 4 or inp.shape[0] != 1:
        return None
    a, h = op.options.get("align_corners", False), op.options.get("half_pixel_centers", False)
    if inp.dtype is DType.FLOAT32 or uint8_resize(graph, op):
        index, _weights = float_taps(out.shape[1], inp.shape[1], a, h)
    else:
        index = taps(out.shape[1], inp.shape[1], a, h)
    return Rows("gather", sources=tuple((int(lo), int(hi)) for lo, hi, *_ in index))


CONTRACT = OpContract(
    kinds={
        OpKind.RESIZE_BILINEAR: Kind(4, (2, 2)),
    },
    forms={None: Form(check, lower, (RESIZE, RESIZE_S16, RESIZE_F32, RESIZE_F32_SOFT, RESIZE_U8), rows=rows)},
)
