"""A numpy integer reference for graphs of FULLY_CONNECTED and TT_EINSUM ops: the golden of a
TT-compressed model (TFLite Micro has no TT op). Its FULLY_CONNECTED is TFLite Micro's arithmetic
(tests check it against TFLM on the uncompressed model), so the TT stages are checked with the
same requantisation as every other kernel."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from codegen.check import golden
from codegen.errors import RvfwError
from codegen.ir import Graph, Op, OpKind
from codegen.quant import activation_range, conv_output_multipliers, quantize_multiplier


def requantize(acc: np.ndarray, multiplier: np.ndarray | int, shift: np.ndarray | int) -> np.ndarray:
    """rvfw_requantize (TFLM MultiplyByQuantizedMultiplier, double rounding), elementwise in int64."""
    acc = np.asarray(acc, dtype=np.int64)
    multiplier = np.broadcast_to(np.asarray(multiplier, dtype=np.int64), acc.shape)
    shift = np.broadcast_to(np.asarray(shift, dtype=np.int64), acc.shape)
    left = np.maximum(shift, 0)
    right = np.maximum(-shift, 0)
    x = ((acc << left) + (1 << 31)) % (1 << 32) - (1 << 31)  # the C code shifts as uint32
    both_min = (x == -(1 << 31)) & (multiplier == -(1 << 31))
    high = (x * multiplier + (1 << 30)) >> 31
    high = np.where(both_min, (1 << 31) - 1, high)
    mask = (1 << right) - 1
    remainder = high & mask
    threshold = (mask >> 1) + (high < 0)
    return (high >> right) + (remainder > threshold)


def fully_connected(graph: Graph, op: Op, x: np.ndarray) -> np.ndarray:
    inp, flt, out = (graph.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    w = flt.data.astype(np.int64) - flt.quant.zero_point[0]
    rows = x.reshape(-1, flt.shape[1]).astype(np.int64) - inp.quant.zero_point[0]
    acc = rows @ w.T
    if len(op.inputs) > 2 and op.inputs[2] >= 0:
        acc = acc + graph.tensors[op.inputs[2]].data.astype(np.int64)
    mult, shift = conv_output_multipliers(inp.quant.scale[0], flt.quant.scale, out.quant.scale[0], flt.shape[0])
    y = requantize(acc, np.array(mult), np.array(shift)) + out.quant.zero_point[0]
    lo, hi = activation_range(op.options.get("activation", "NONE"), out.quant.scale[0], out.quant.zero_point[0])
    return np.clip(y, lo, hi).astype(np.int8)


def tt_einsum(graph: Graph, op: Op, x: np.ndarray) -> np.ndarray:
    """One einsum of a TT chain (codegen.tt.space.Stage geometry), with the stage's requantisation."""
    g = op.options
    inp, core, out = (graph.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    rows = x.reshape(g["outer"], g["prev_m"], g["inner"], g["m"] * g["r_in"]).astype(np.int64)
    rows = rows - inp.quant.zero_point[0]
    b = core.data.astype(np.int64)  # [n * r_out, m * r_in]
    acc = rows @ b.T  # [outer, prev_m, inner, n * r_out]
    if len(op.inputs) > 2 and op.inputs[2] >= 0:  # the last einsum only: one bias per row and output
        acc = acc + graph.tensors[op.inputs[2]].data.astype(np.int64).reshape(g["inner"], g["n"] * g["r_out"])
    mult, shift = quantize_multiplier(
        float(inp.quant.scale[0]) * float(core.quant.scale[0]) / float(out.quant.scale[0])
    )
    y = requantize(acc, mult, shift) + out.quant.zero_point[0]
    lo, hi = activation_range(g["activation"], out.quant.scale[0], out.quant.zero_point[0])
    y = np.clip(y, lo, hi).astype(np.int8)
    # [outer, prev_m, inner, n, r_out] -> [outer, n, inner, prev_m, r_out]
    y = y.reshape(g["outer"], g["prev_m"], g["inner"], g["n"], g["r_out"]).transpose(0, 3, 2, 1, 4)
    return y.reshape(-1)


COVERED = (OpKind.FULLY_CONNECTED, OpKind.TT_EINSUM, OpKind.RESHAPE)


def check_covered(graph: Graph, what: str) -> None:
    """One clear line when the graph has an op this reference cannot run (TFLite Micro has no TT op,
    so a compressed graph is checked only against this reference)."""
    for op in graph.ops:
        if op.kind not in COVERED:
            raise RvfwError(
                f"{Path(graph.source).name}: op #{op.index} {op.kind.value}: {what} needs a graph of "
                "FULLY_CONNECTED and RESHAPE ops (its golden is a numpy reference that covers only those)"
            )


def run_graph(graph: Graph, inputs: list[np.ndarray], keep: bool = False) -> list[np.ndarray] | dict[int, np.ndarray]:
    """The graph's outputs for these inputs; keep=True returns every tensor computed, by index."""
    values = {i: np.asarray(a) for i, a in zip(graph.inputs, inputs)}
    for op in graph.ops:
        x = values[op.inputs[0]]
        if op.kind is OpKind.FULLY_CONNECTED:
            y = fully_connected(graph, op, x)
        elif op.kind is OpKind.TT_EINSUM:
            y = tt_einsum(graph, op, x)
        elif op.kind is OpKind.RESHAPE:
            y = x
        else:
            check_covered(graph, "the TT reference")
        values[op.outputs[0]] = y.reshape(graph.tensors[op.outputs[0]].shape)
    if keep:
        return values
    return [values[i] for i in graph.outputs]


def calibration_traces(graph: Graph, seeds: list[int]) -> list[dict[int, np.ndarray]]:
    """The TT pass's calibration (tt.compress.Calibrate): this reference run on each seed's input,
    every tensor kept."""
    check_covered(graph, "--compress tt")
    return [run_graph(graph, golden.make_inputs(graph, seed), keep=True) for seed in seeds]
