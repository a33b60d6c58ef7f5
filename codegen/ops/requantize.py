"""The integer rescale-and-clamp that several ops lower to (no op of its own: no CONTRACT).

out = clamp(output zero point + MultiplyByQuantizedMultiplier(x - input zero point), lo, hi), int8,
int16 or int32 in and out: TFLite Micro's Requantize (QUANTIZE between integer types), its int16
ReluQuantized (lo 0) and Relu6Quantized (identity multiplier, lo and hi the input's 0 and 6)."""

from __future__ import annotations

from codegen.ir import DType, Op, Tensor
from codegen.ops.common import Layer, LowerContext
from codegen.ops.kernels import family

REQUANTIZE = family("integer rescale and clamp (QUANTIZE int -> int; int16 RELU, RELU6)", "rvfw_requantize_params",
                    "requantize", ("ref", "scalar", "rvv"), ("QUANTIZE", "RELU", "RELU6"))  # fmt: skip
RANGE = {DType.INT8: (-(1 << 7), (1 << 7) - 1), DType.INT16: (-(1 << 15), (1 << 15) - 1),
         DType.INT32: (-(1 << 31), (1 << 31) - 1)}  # fmt: skip
IDENTITY = (1 << 30, 1)  # MultiplyByQuantizedMultiplier(x, 2^30, 1) == x: quantize_multiplier(1.0)


def requantize_layer(ctx: LowerContext, op: Op, inp: Tensor, out: Tensor, multiplier: int, shift: int,
                     zero_points: tuple[int, int], clamp: tuple[int, int] | None = None) -> Layer:  # fmt: skip
    """One call of the rescale-and-clamp kernel over the op's first input into its output; clamp
    (lo, hi) within the output type's range, else that range."""
    lo, hi = clamp if clamp is not None else RANGE[out.dtype]
    params = [("size", inp.num_elements), ("input_zero_point", zero_points[0]), ("output_zero_point", zero_points[1]),
              ("multiplier", multiplier), ("shift", shift), ("input_bytes", inp.dtype.size),
              ("output_bytes", out.dtype.size), ("output_min", lo), ("output_max", hi)]  # fmt: skip
    args = [ctx.arena(op.inputs[0], "input"), ctx.output(op)]
    return ctx.layer(op, ctx.pick(REQUANTIZE), REQUANTIZE, params, args)
