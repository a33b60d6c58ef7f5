"""QUANTIZE (float32 -> int8 or int16, rescaling from int8 or int16 to int8, int16 or int32, and
from int32 to int8 or int16) and DEQUANTIZE (int8 or int16 -> float32)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen import fixedpoint as fp
from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import activation
from codegen.ops.common import Layer, LowerContext, Operands, expect_dtype, expect_quant, fail
from codegen.ops.contract import Form, Kind, OpContract, Rows
from codegen.ops.kernels import family, lanes
from codegen.ops.requantize import REQUANTIZE, requantize_layer
from codegen.quant import quantize_multiplier, quantize_s8_thresholds

# The fast scalar kernel reads the 256 possible outputs from a table computed here.
DEQUANTIZE = family("DEQUANTIZE", "rvfw_affine_params", "dequantize_s8_f32", ("ref", "scalar", "rvv"), ("DEQUANTIZE",),
                    args={"ref": ("input", "output"), "scalar": ("input", "table", "output"),
                          "rvv": ("input", "output")}, needs={"rvv": lanes("f64")})  # fmt: skip
# Without float64 in the vector unit (Zve32x) the RVV kernel gathers the table in integer lanes.
DEQUANTIZE_INT = DEQUANTIZE.variant("DEQUANTIZE (its table in integer lanes)", {"rvv": "dequantize_table_s8_f32_rvv"},
                                    {"rvv": ("input", "table", "output")})  # fmt: skip
# Without a double-precision FPU the fast scalar kernel rounds the exact integer product itself.
DEQUANTIZE16 = family("DEQUANTIZE int16", "rvfw_affine_params", "dequantize_s16_f32", ("ref", "scalar", "rvv"),
                      ("DEQUANTIZE",), needs={"rvv": lanes("f64")})  # fmt: skip
DEQUANTIZE_U8 = family("DEQUANTIZE uint8", "rvfw_affine_params", "dequantize_u8_f32", ("ref",), ("DEQUANTIZE",))
# The fast scalar kernel places each input among thresholds computed here (no float division).
QUANTIZE = family("QUANTIZE", "rvfw_affine_params", "quantize_f32_s8", ("ref", "scalar", "rvv"), ("QUANTIZE",),
                  args={"ref": ("input", "output"), "scalar": ("input", "thresholds", "output"),
                        "rvv": ("input", "output")}, needs={"rvv": lanes("f32")})  # fmt: skip
# Without float in the vector unit (Zve32x) the RVV kernel is the thresholds' search in integer lanes.
QUANTIZE_INT = QUANTIZE.variant("QUANTIZE (thresholds in integer lanes)", {"rvv": "quantize_thresholds_f32_s8_rvv"},
                                {"rvv": ("input", "thresholds", "output")})  # fmt: skip
# With an FPU the fast scalar kernel divides as the reference and rounds by one conversion (rmm).
FPU_SCALAR = ({"scalar": "quantize_rmm_f32_s8_scalar"}, {"scalar": ("input", "output")})
QUANTIZE_FPU = {fam.what: fam.variant(f"{fam.what} (hardware float)", *FPU_SCALAR) for fam in (QUANTIZE, QUANTIZE_INT)}
# The fast scalar kernel rounds by one conversion with an FPU; without one it divides in integer
# arithmetic where that provably agrees with the reference.
QUANTIZE16 = family("QUANTIZE to int16", "rvfw_affine_params", "quantize_f32_s16", ("ref", "scalar", "rvv"),
                    ("QUANTIZE",), needs={"rvv": lanes("f32")})  # fmt: skip
INTEGER = (DType.INT8, DType.INT16)


def check(graph: Graph, op: Op) -> None:
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if inp.shape != out.shape:
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")
    if op.kind is OpKind.QUANTIZE:
        inp = expect_dtype(graph, op, op.inputs[0], "input", DType.FLOAT32, *INTEGER, DType.INT32, DType.UINT8)
        wider = (DType.INT32,) if inp.dtype in INTEGER else ()  # TFLite Micro requantises to int32 too
        # uint8 I/O: TFLite Micro requantises uint8 -> int8 and int8 -> uint8 (a model converted
        # with uint8 input and output type)
        unsigned = (DType.UINT8,) if inp.dtype is DType.INT8 else ()
        allowed = (DType.INT8,) if inp.dtype is DType.UINT8 else (*INTEGER, *wider, *unsigned)
        out = expect_dtype(graph, op, op.outputs[0], "output", *allowed)
        expect_quant(graph, op, out, "output")
        if inp.dtype is not DType.FLOAT32:  # int32 -> int8/int16: TFLite Micro's Requantize (seanet)
            expect_quant(graph, op, inp, "input")
    else:
        inp = expect_dtype(graph, op, op.inputs[0], "input", *INTEGER, DType.UINT8)
        expect_dtype(graph, op, op.outputs[0], "output", DType.FLOAT32)
        expect_quant(graph, op, inp, "input")


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.outputs[0])
    args = [ctx.input(op), ctx.output(op)]
    if op.kind is OpKind.DEQUANTIZE:
        fam = {DType.INT16: DEQUANTIZE16, DType.UINT8: DEQUANTIZE_U8}.get(inp.dtype, DEQUANTIZE)
        params = [("size", inp.num_elements), ("zero_point", inp.quant.zero_point[0]), ("scale", inp.quant.scale[0])]
        if fam is DEQUANTIZE_U8:
            return ctx.layer(op, ctx.pick(fam), fam, params, args)
        # The RVV kernel multiplies in float64 lanes, as the reference does in double: V or Zve64d;
        # without them (Zve32x) the int8 one gathers the table of outputs in integer lanes.
        if fam is DEQUANTIZE and "f64" not in ctx.caps:
            fam = DEQUANTIZE_INT
        chosen = ctx.pick(fam)
        if fam is DEQUANTIZE16:
            return ctx.layer(op, chosen, fam, params, args)
        scale, zero_point = float(inp.quant.scale[0]), int(inp.quant.zero_point[0])
        # the reference's double product, rounded to float32 as its (float) cast does
        table = np.array([scale * float(q - zero_point) for q in range(-128, 128)], dtype=np.float64).astype(np.float32)
        operands: Operands = {
            "input": lambda: ctx.input(op),
            "table": lambda: ctx.derived(op, "table", "float", table),
            "output": lambda: ctx.output(op),
        }
        return ctx.layer(op, chosen, fam, params, operands)
    if inp.dtype is DType.FLOAT32:
        fam = QUANTIZE16 if out.dtype is DType.INT16 else QUANTIZE
        params = [("size", inp.num_elements), ("zero_point", out.quant.zero_point[0]), ("scale", out.quant.scale[0])]
        # The RVV kernel divides in float32 lanes: V or Zve32f, not Zve32x. The fast scalar kernel
        # searches build-time thresholds without an FPU, and divides and converts with one.
        if fam is QUANTIZE and "f32" not in ctx.caps:  # Zve32x: the thresholds in integer lanes
            fam = QUANTIZE_INT
        if fam is not QUANTIZE16 and "fpu" in ctx.caps:
            fam = QUANTIZE_FPU[fam.what]
        chosen = ctx.pick(fam)
        if fam is QUANTIZE16:
            return ctx.layer(op, chosen, fam, params, args)
        scale, zero_point = float(out.quant.scale[0]), int(out.quant.zero_point[0])
        operands = {
            "input": lambda: ctx.input(op),
            "thresholds": lambda: ctx.derived(op, "thresholds", "int32_t", quantize_s8_thresholds(scale, zero_point)),
            "output": lambda: ctx.output(op),
        }
        return ctx.layer(op, chosen, fam, params, operands)
    multiplier, shift = quantize_multiplier(inp.quant.scale[0] / out.quant.scale[0])
    params = [
        ("size", inp.num_elements),
        ("input_zero_point", inp.quant.zero_point[0]),
        ("output_zero_point", out.quant.zero_point[0]),
        ("multiplier", multiplier),
        ("shift", shift),
    ]
    if inp.dtype.size == out.dtype.size == 1:  # int8 or uint8 each way: each output byte from its input byte
        lo, hi = (0, 255) if out.dtype is DType.UINT8 else (-128, 127)
        signed = inp.dtype is DType.INT8
        # indexed by the byte read as unsigned: entry k is the value whose byte is k
        values = [requantized(k - 256 if signed and k >= 128 else k, inp.quant.zero_point[0], out.quant.zero_point[0],
                              multiplier, shift, lo, hi) for k in range(256)]  # fmt: skip
        lut = np.array(values, dtype=np.int64).astype(np.uint8).view(np.int8)
        as_bytes = [replace(ctx.input(op), c_type="int8_t"), ctx.derived(op, "lut", "int8_t", lut),
                    replace(ctx.output(op), c_type="int8_t")]  # fmt: skip
        return ctx.layer(op, ctx.pick(activation.LUT), activation.LUT, [("size", inp.num_elements)], as_bytes)
    zero_points = (inp.quant.zero_point[0], out.quant.zero_point[0])
    return requantize_layer(ctx, op, inp, out, multiplier, shift, zero_points)


def requantized(x: int, input_zero_point: int, output_zero_point: int, multiplier: int, shift: int, lo: int = -128,
                hi: int = 127) -> int:  # fmt: skip
    """TFLite Micro's QUANTIZE between 8-bit types of one value (its Requantize:
    MultiplyByQuantizedMultiplier of x - zi, plus zo, clamped to the output type: int8 or uint8)."""
    v = fp.multiply_by_quantized_multiplier(x - input_zero_point, multiplier, shift) + output_zero_point
    return max(lo, min(hi, v))


def fold(graph: Graph, op: Op) -> list[np.ndarray] | None:
    """A constant DEQUANTIZE (an SSD post-processing's int8 anchors): its float32 values at build
    time, as TFLite Micro's reference computes each, (float)(scale * (q - zero point)) in double."""
    inp = graph.tensors[op.inputs[0]]
    if op.kind is not OpKind.DEQUANTIZE or inp.quant is None or len(inp.quant.scale) != 1:
        return None
    q = inp.data.astype(np.int64) - int(inp.quant.zero_point[0])
    return [(np.float64(np.float32(inp.quant.scale[0])) * q).astype(np.float32)]


def inplace(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """A QUANTIZE to int8 writes its output over its input, front to back: output byte i belongs to
    an input element at or before element i, which the kernel has read by then (a float32 input
    of 602,112 B becomes its own 150,528 B int8 output). Only to int8: a char store may alias the
    input, so the compiler keeps every load before the stores it could see; a wider output would
    be a store of another type over the input."""
    if op.kind is OpKind.QUANTIZE and graph.tensors[op.outputs[0]].dtype is DType.INT8:
        return [(op.inputs[0], 0)]
    return []


def rows(graph: Graph, op: Op) -> Rows | None:
    """QUANTIZE float32 -> int8 streams row by row (the tiled stage: a float input's first op)."""
    inp, out = graph.tensors[op.inputs[0]], graph.tensors[op.outputs[0]]
    if op.kind is not OpKind.QUANTIZE or tuple(inp.shape) != tuple(out.shape):
        return None
    return Rows("rows") if inp.dtype is DType.FLOAT32 and out.dtype is DType.INT8 else None


CONTRACT = OpContract(
    kinds={
        OpKind.QUANTIZE: Kind(2, (1, 1)),
        OpKind.DEQUANTIZE: Kind(4, (1, 1)),
    },
    forms={
        None: Form(
            check,
            lower,
            (
                DEQUANTIZE,
                DEQUANTIZE_INT,
                DEQUANTIZE16,
                DEQUANTIZE_U8,
                QUANTIZE,
                QUANTIZE_INT,
                *QUANTIZE_FPU.values(),
                QUANTIZE16,
                REQUANTIZE,
            ),
            inplace=inplace,
            rows=rows,
        )
    },
    fold=fold,
)
