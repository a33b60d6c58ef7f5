"""The TT compression pass: each large FULLY_CONNECTED becomes a chain of TT_EINSUM ops.

For every eligible layer: explore the design space (space.explore), TT-SVD each surviving
configuration, quantise its cores to int8 (one scale per core), and keep the configuration with
the fewest estimated instructions whose relative weight error and relative output error (on
seeded calibration inputs) are within the budget. Intermediate activations are int8 with zero
point 0 and a scale calibrated on the same inputs; the last einsum takes the layer's bias,
output quantisation and fused activation. A layer nothing fits stays dense, and the log says why."""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from codegen.errors import RvfwError
from codegen.ir import DType, Graph, Op, OpKind, Quant, Tensor
from codegen.tt.space import Config, Funnel, Profile, Stage, explore
from codegen.tt.svd import reconstruct, relative_error, tt_svd

Log = Callable[[str], None]
# (graph, seeds) -> for each seed, every tensor's value (tensor index -> array) on that seed's input.
Calibrate = Callable[[Graph, list[int]], list[dict[int, np.ndarray]]]
DEFAULT_MIN_PARAMS = 16_384
DEFAULT_ERROR_BUDGET = 0.10
CALIBRATION_INPUTS = 16


@dataclass
class LayerReport:
    op_index: int
    rows: int  # M, inputs
    cols: int  # N, outputs
    funnel: Funnel
    config: Config | None
    weight_error: float
    output_error: float
    dense_instructions: int
    tt_instructions: int
    reason: str = ""

    @property
    def dense_params(self) -> int:
        return self.rows * self.cols


# Instruction model of the RVV kernels (fully_connected_s8_rvv, tt_einsum_s8_rvv), mirroring how
# they loop: per pass over a chunk of output lanes, a cost per reduction step and a fixed cost, both
# by how many rows share the pass. Constants fitted to Spike's minstret on 44 einsums and 10 dense
# layers at VLEN 128 and 256 (largest error 2.1%); tests/kernels checks other shapes within 10%.
# Refit them when the kernels change (bench-tt prints estimate against measured per layer).
FC_PER_INPUT, FC_PER_CHUNK, FC_PER_LAYER = 6.0, 49.0, 55.0
TT_PER_STEP = {1: 5.5, 2: 8.0, 3: 11.0, 6: 18.0}  # rows in the pass -> instructions per reduction step
TT_PER_PASS = {1: 36.5, 2: 60.5, 3: 111.0, 6: 127.0}
TT_PER_GROUP, TT_PER_EINSUM = 109.5, 169.5


def estimate_instructions_dense(rows: int, cols: int, vlen: int) -> int:
    """RVV fully-connected of `rows` inputs and `cols` outputs: output units across LMUL-8 lanes."""
    return round(-(-cols // (vlen // 4)) * (FC_PER_INPUT * rows + FC_PER_CHUNK) + FC_PER_LAYER)


def einsum_passes(rows: int, outputs: int, vlen: int) -> list[tuple[int, int]]:
    """(rows, chunks of output lanes) of each pass tt_einsum_s8_rvv makes: six rows at LMUL 4 while
    six remain and a row's outputs fit in half the lanes, else up to three rows at LMUL 8."""
    lanes8, lanes4 = vlen // 4, vlen // 8
    out, r = [], 0
    while r < rows:
        if outputs <= lanes4 and rows - r >= 6:
            out.append((6, 1))
            r += 6
        else:
            n = min(3, rows - r)
            out.append((n, -(-outputs // lanes8)))
            r += n
    return out


def estimate_einsum(stage: Stage, vlen: int) -> int:
    passes = einsum_passes(stage.rows, stage.j, vlen)
    cost = TT_PER_EINSUM + TT_PER_GROUP * len(passes)
    cost += sum(chunks * (TT_PER_STEP[n] * stage.k + TT_PER_PASS[n]) for n, chunks in passes)
    return round(cost)


def estimate_instructions(config: Config, vlen: int) -> int:
    return sum(estimate_einsum(s, vlen) for s in config.stages())


def core_matrix(core: np.ndarray) -> np.ndarray:
    """G[r_prev, m, n, r] as the einsum's B[(n, r_prev), (m, r)]: each output's inputs contiguous."""
    r_prev, m, n, r = core.shape
    return core.transpose(2, 0, 1, 3).reshape(n * r_prev, m * r)


def stage_float(x: np.ndarray, stage: Stage, b: np.ndarray) -> np.ndarray:
    """The einsum in float, batch-first: x [C, rows*k] -> [C, rows*j] in the next stage's layout."""
    c = x.shape[0]
    rows = x.reshape(c, stage.outer, stage.prev_m, stage.inner, stage.k)
    y = rows @ b.T
    y = y.reshape(c, stage.outer, stage.prev_m, stage.inner, stage.n, stage.r_out).transpose(0, 1, 4, 3, 2, 5)
    return y.reshape(c, -1)


def _quantize_cores(cores: list[np.ndarray]) -> tuple[list[np.ndarray], list[float]]:
    quantized, scales = [], []
    for core in cores:
        scale = float(np.max(np.abs(core))) / 127.0 or 1.0
        quantized.append(np.clip(np.round(core / scale), -127, 127).astype(np.int8))
        scales.append(scale)
    return quantized, scales


def compress_graph(
    graph: Graph,
    profile: Profile,
    vlen: int,
    error_budget: float = DEFAULT_ERROR_BUDGET,
    min_params: int = DEFAULT_MIN_PARAMS,
    seed: int = 0,
    layers: tuple[int, ...] | None = None,
    log: Log = print,
    forced: dict[int, Config] | None = None,
    *,
    calibrate: Calibrate,
) -> tuple[Graph, list[LayerReport]]:
    """forced: op index -> configuration to use regardless of the search (tests; must fit the layer).
    calibrate(graph, seeds): each seed's activations of every tensor (tensor index -> array), from a
    reference of the graph; the pipeline passes check.tt_reference's, so that this pass (a stage
    before check) imports no golden of its own."""
    candidates = [
        op
        for op in graph.ops
        if op.kind is OpKind.FULLY_CONNECTED
        and (layers is None or op.index in layers)
        and _eligible(graph, op, min_params)
    ]
    if not candidates:
        log(f"TT compression: no FULLY_CONNECTED layer with {min_params:,} or more int8 weights: nothing to do")
        return graph, []
    # Calibration activations, and later the golden, come from the numpy reference: it must cover the graph.
    traces = calibrate(graph, [seed + 1000 + i for i in range(CALIBRATION_INPUTS)])
    tensors, ops, reports = list(graph.tensors), [], []
    next_index = max(op.index for op in graph.ops) + 1
    for op in graph.ops:
        if op not in candidates:
            ops.append(op)
            continue
        x_q = np.stack([t[op.inputs[0]].reshape(-1) for t in traces])
        chosen = _choose(graph, op, x_q, profile, vlen, error_budget, (forced or {}).get(op.index))
        reports.append(chosen.report)
        log(chosen.report.funnel.table())
        if chosen.report.config is None:
            log(f"op #{op.index} FULLY_CONNECTED stays dense: {chosen.report.reason}")
            ops.append(op)
            continue
        log(
            f"op #{op.index} FULLY_CONNECTED -> TT {chosen.report.config.describe()}: weight error "
            f"{chosen.report.weight_error:.3f}, output error {chosen.report.output_error:.3f}"
        )
        new_ops = _rewrite(graph, op, chosen, x_q, tensors, next_index)
        next_index += len(new_ops)
        ops.extend(new_ops)
    out = Graph(graph.name, graph.source, graph.sha256, tensors, ops, graph.inputs, graph.outputs)
    return out, reports


@dataclass
class _Choice:
    report: LayerReport
    cores: list[np.ndarray] | None = None
    scales: list[float] | None = None


def _eligible(graph: Graph, op: Op, min_params: int) -> bool:
    flt = graph.tensors[op.inputs[1]]
    inp = graph.tensors[op.inputs[0]]
    return (
        flt.dtype is DType.INT8
        and inp.dtype is DType.INT8
        and len(flt.shape) == 2
        and inp.num_elements == flt.shape[1]  # one row: TT cores factor a single input vector
        and flt.num_elements >= min_params
        and all(z == 0 for z in flt.quant.zero_point)
    )


def _float_weights(graph: Graph, op: Op) -> np.ndarray:
    flt = graph.tensors[op.inputs[1]]
    scale = np.asarray(flt.quant.scale, dtype=np.float64)
    return (flt.data.astype(np.float64) * (scale[:, None] if scale.size > 1 else scale)).T  # [M, N]


def _choose(
    graph: Graph, op: Op, x_q: np.ndarray, profile: Profile, vlen: int, budget: float, forced: Config | None
) -> _Choice:
    inp = graph.tensors[op.inputs[0]]
    w = _float_weights(graph, op)
    rows, cols = w.shape
    x = inp.quant.scale[0] * (x_q.astype(np.float64) - inp.quant.zero_point[0])
    y_dense = x @ w
    funnel = explore(rows, cols, profile)
    if forced is not None:
        if math.prod(forced.m) != rows or math.prod(forced.n) != cols:
            raise RvfwError(f"op #{op.index}: TT configuration {forced.describe()} does not factor {rows}x{cols}")
        funnel.survivors, budget = [forced], math.inf
    dense_instr = estimate_instructions_dense(rows, cols, vlen)
    best: _Choice | None = None
    closest = (np.inf, np.inf)
    for config in funnel.survivors:
        cores = tt_svd(w, config)
        q, scales = _quantize_cores(cores)
        approx = reconstruct([c.astype(np.float64) * s for c, s in zip(q, scales)], config)
        w_err = relative_error(w, approx)
        o_err = relative_error(y_dense, x @ approx)
        closest = min(closest, (max(w_err, o_err), w_err))
        if w_err > budget or o_err > budget:
            continue
        instr = estimate_instructions(config, vlen)
        if best is None or instr < best.report.tt_instructions:
            report = LayerReport(op.index, rows, cols, funnel, config, w_err, o_err, dense_instr, instr)
            best = _Choice(report, q, scales)
    if best is not None:
        return best
    reason = (
        "no configuration survives the design-space filters"
        if not funnel.survivors
        else f"the most accurate configuration has error {closest[0]:.3f} > budget {budget:.3f}"
    )
    return _Choice(LayerReport(op.index, rows, cols, funnel, None, np.nan, np.nan, dense_instr, 0, reason))


def _rewrite(graph: Graph, op: Op, choice: _Choice, x_q: np.ndarray, tensors: list[Tensor], first: int) -> list[Op]:
    config = choice.report.config
    inp, flt, out = (graph.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    x = inp.quant.scale[0] * (x_q.astype(np.float64) - inp.quant.zero_point[0])
    stages = config.stages()
    current, current_scale = op.inputs[0], inp.quant.scale[0]
    ops = []
    for n, stage in enumerate(stages):
        k = stage.core - 1
        b_q = core_matrix(choice.cores[k].astype(np.int64)).astype(np.int8)
        b_f = core_matrix(choice.cores[k].astype(np.float64) * choice.scales[k])
        x = stage_float(x, stage, b_f)
        last = n == len(stages) - 1
        core_index = _add(tensors, f"{flt.name}/tt_core{stage.core}", b_q.shape, DType.INT8,
                          Quant((choice.scales[k],), (0,)), b_q)  # fmt: skip
        bias_index = -1
        if last:
            output = op.outputs[0]
            if len(op.inputs) > 2 and op.inputs[2] >= 0:
                bias = graph.tensors[op.inputs[2]]
                w_scales = np.broadcast_to(np.asarray(flt.quant.scale, dtype=np.float64), (out.shape[-1],))
                real = bias.data.astype(np.float64) * inp.quant.scale[0] * w_scales
                values = np.round(real / (current_scale * choice.scales[k])).astype(np.int64)
                # Output unit n_1 * inner + i is row i's einsum output n_1: bias laid out [inner][n_1].
                values = values.reshape(stage.n, stage.inner).T.reshape(-1)
                bias_q = np.clip(values, -(2**31), 2**31 - 1).astype(np.int32)
                bias_index = _add(tensors, f"{bias.name}/tt", bias_q.shape, DType.INT32, None, bias_q)
        else:
            scale = float(np.max(np.abs(x))) / 127.0 or 1e-6
            output = _add(tensors, f"{out.name}/tt{stage.core}", (x.shape[1],), DType.INT8, Quant((scale,), (0,)))
            current_scale = scale
        options = {
            "outer": stage.outer, "prev_m": stage.prev_m, "inner": stage.inner, "n": stage.n,
            "r_out": stage.r_out, "m": stage.m, "r_in": stage.r_in, "form": stage.form, "from_op": op.index,
            "activation": op.options.get("activation", "NONE") if last else "NONE",
        }  # fmt: skip
        ops.append(Op(first + n, OpKind.TT_EINSUM, 1, (current, core_index, bias_index), (output,), options))
        current = output
    return ops


def _add(tensors: list[Tensor], name: str, shape, dtype: DType, quant: Quant | None, data=None) -> int:
    index = len(tensors)
    tensors.append(Tensor(index, name, tuple(int(s) for s in shape), dtype, quant, data))
    return index
