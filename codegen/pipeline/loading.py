"""Load: the .tflite parsed, simplified (the "load" passes) and checked once; Tensor-Train
compression of large fully-connected layers when asked."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from codegen import report
from codegen.boards import Board
from codegen.check import tt_reference
from codegen.errors import RvfwError
from codegen.frontend import load_tflite
from codegen.ir import Graph
from codegen.ops import check_graph
from codegen.passes import run_passes
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


def load(model: str | Path, board: Board, compress: Compression | None = None, log: Log = lambda _m: None) -> Graph:
    """Parse, simplify (the "load" passes) and check the model once; TT-compress large
    fully-connected layers when asked (the result is checked against codegen.check.tt_reference)."""
    graph, removed = run_passes(load_tflite(model), "load")
    if removed:
        log("simplified: " + ", ".join(f"{name} removed {n} op{'s' if n > 1 else ''}" for name, n in removed))
    check_graph(graph)
    if compress is not None:
        graph = compress_tt(graph, board, compress, log)
    return graph


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
