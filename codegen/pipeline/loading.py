"""Load: the .tflite parsed, simplified (the "load" passes) and checked once; Tensor-Train
compression of large fully-connected layers when asked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

from codegen import report
from codegen.boards import Board
from codegen.check import tt_reference
from codegen.errors import BudgetError, RvfwError
from codegen.frontend import load_tflite
from codegen.frontend.tflite import constant_bytes
from codegen.ir import DType, Graph
from codegen.ops import check_graph
from codegen.ops.tflm_set import litert_only_in
from codegen.passes import run_passes
from codegen.passes.groups import split_grouped_convs
from codegen.passes.io import IO_MODES, strip_io_quantization, wrap_io_float
from codegen.tt import compress as tt_compress
from codegen.tt import space as tt_space

Log = Callable[[str], None]


@dataclass(frozen=True)
class Compression:
    """--compress tt: which FULLY_CONNECTED layers to try (None: all above min_params) and the
    largest relative error (weights, and outputs on calibration inputs) a TT layer may have."""

    method: str = "tt"
    error_budget: float = tt_compress.DEFAULT_ERROR_BUDGET
    min_params: int = tt_compress.DEFAULT_MIN_PARAMS
    layers: tuple[int, ...] | None = None
    forced: tuple[tuple[int, tt_space.Config], ...] = ()  # op index -> configuration, bypassing the search


def load(
    model: str | Path, board: Board, compress: Compression | None = None, log: Log = lambda _m: None, io: str = "model"
) -> Graph:
    """Parse, simplify (the "load" passes) and check the model once; with io "int8" leave the
    model's input QUANTIZE and output DEQUANTIZE to the caller, with "float32" wrap its int8 I/O in
    a QUANTIZE and a DEQUANTIZE (passes.io); TT-compress large
    fully-connected layers when asked (the result is checked against codegen.check.tt_reference)."""
    if io not in IO_MODES:
        raise RvfwError(f"unknown --io '{io}' (choose from: {', '.join(IO_MODES)})")
    # Far over the flash (over 4x: no layout or pass brings it back), refused from the buffer table
    # before anything is parsed; nearer misses get the size check's full report (--json for CI).
    weights = board.region_for("weights")
    stored = constant_bytes(model)
    if compress is None and stored > 4 * weights.length:
        raise BudgetError(f"{Path(model).name}: its constant tensors take {stored:,} bytes, more than the board's "
                          f"{weights.name} ({weights.length:,} bytes) holds: refused before reading them "
                          "(--compress tt shrinks large fully-connected layers)")  # fmt: skip
    parsed = load_tflite(model)
    lacking = tuple(litert_only_in(parsed))
    graph, removed = run_passes(split_grouped_convs(replace(parsed, litert_only=lacking)), "load")
    if removed:
        log("simplified: " + ", ".join(f"{name} removed {n} op{'s' if n > 1 else ''}" for name, n in removed))
    if io == "int8":
        graph = strip_io_quantization(graph)
        log(
            f"--io int8: inputs {_io_line(graph, graph.inputs)}; outputs {_io_line(graph, graph.outputs)}"
            + ("; float32 where the model computes in float" if _any_float(graph) else "")
        )
    elif io == "float32":
        graph = wrap_io_float(graph)
        log(f"--io float32: inputs {_io_line(graph, graph.inputs)}; outputs {_io_line(graph, graph.outputs)}")
    check_graph(graph)
    if compress is not None:
        graph = compress_tt(graph, board, compress, log)
    return graph


def _any_float(graph: Graph) -> bool:
    return any(graph.tensors[t].dtype is DType.FLOAT32 for t in (*graph.inputs, *graph.outputs))


def _io_line(graph: Graph, tensors: tuple[int, ...]) -> str:
    """Each I/O tensor's dtype, scale and zero point, as a caller quantises its data."""
    parts = []
    for t in tensors:
        tensor = graph.tensors[t]
        q = tensor.quant
        scale = str(np.float32(q.scale[0])) if q is not None and q.scale else ""  # the float32's shortest form
        where = f" scale {scale} zero point {q.zero_point[0]}" if scale else ""
        parts.append(f"{tensor.dtype.name.lower()}{list(tensor.shape)}{where}")
    return ", ".join(parts)


def compress_tt(graph: Graph, board: Board, compress: Compression, log: Log) -> Graph:
    if compress.method != "tt":
        raise RvfwError(f"unknown compression '{compress.method}' (choose from: tt)")
    profile = tt_space.Profile.for_vlen(board.vlen, **board.tensor_train)
    graph, reports = tt_compress.compress_graph(
        graph,
        profile,
        board.vlen,
        compress.error_budget,
        compress.min_params,
        layers=compress.layers,
        log=log,
        forced=dict(compress.forced),
        calibrate=tt_reference.calibration_traces,
    )
    if reports:
        log(report.compression_table(reports))
    return graph
