"""UNIDIRECTIONAL_SEQUENCE_LSTM, int8 activations and weights with an int16 cell state: TFLite
Micro's integer LSTM (the standard Keras LSTM: no CIFG, peephole, projection or layer norm,
which TFLite Micro refuses too). The gate matrix-vector products are a fully connected layer's
(folded biases, RVV across units); everything else, the int16 sigmoid/tanh tables and the
inter-gate multiplications, follows TFLM step by step (firmware/include/rvfw_lstm.h). The float32
LSTM is TFLM's float step operation for operation (lstm_f32_ref.c); in a model only LiteRT runs,
and for the hybrid LSTM (int8 weights), LiteRT's (rvfw_lstm_litert.h: measured equal to LiteRT's
on every output, where TFLM's float LSTM differs on 55 of 60). The hidden
and cell states are variable tensors: they persist from one call to the next in the state area.

Quantisation (TFLM's PrepareGateParametersInteger): each gate side requantises to Q3.12 (scale
2^-12), the activations produce Q0.15 (2^-15); forget x cell and input x cell gate go to the cell's
scale, which must be a power of two, and tanh(cell) x output gate to the hidden state's."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import (
    Arg,
    Layer,
    LowerContext,
    Operands,
    expect_constant,
    expect_dtype,
    expect_quant,
    fail,
    folded_bias,
    optional_input,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family, lanes
from codegen.ops.sigmoid16 import lstm_tanh_params, table_arg
from codegen.ops.tflm_set import litert_semantics
from codegen.quant import quantize_multiplier

STATE = ("table", "hidden", "cell", "output", "scratch")
# The vector kernel puts a gate's units across lanes, so it reads each gate's weights transposed.
LSTM = family("UNIDIRECTIONAL_SEQUENCE_LSTM", "rvfw_lstm_params", "lstm_s8", ("ref", "scalar", "rvv"), args={
    "ref": ("input", "input_weights", "recurrent_weights", "bias", *STATE),
    "scalar": ("input", "input_weights", "recurrent_weights", "bias", *STATE),
    "rvv": ("input", "input_weights_t", "recurrent_weights_t", "bias", *STATE),
})  # fmt: skip
LSTM_S16 = family(
    "UNIDIRECTIONAL_SEQUENCE_LSTM 16x8",
    "rvfw_lstm_params",
    "lstm_s16",
    ("ref",),
    args={"ref": ("input", "input_weights", "recurrent_weights", "bias", *STATE)},
)
F32_STATE = ("bias", "hidden", "cell", "output", "scratch")
# The RVV kernel puts a gate's units across float32 lanes: each gate's weights transposed.
LSTM_F32 = family("UNIDIRECTIONAL_SEQUENCE_LSTM float32", "rvfw_lstm_f32_params", "lstm_f32", ("ref", "scalar", "rvv"),
                  args={
    "ref": ("input", "input_weights", "recurrent_weights", *F32_STATE),
    "scalar": ("input", "input_weights", "recurrent_weights", *F32_STATE),
    "rvv": ("input", "input_weights_t", "recurrent_weights_t", *F32_STATE),
})  # fmt: skip
LSTM_F32 = LSTM_F32.requiring({"rvv": lanes("f32")})  # the gate products in float32 lanes
# A model only LiteRT runs: LiteRT's float LSTM, which rounds differently from TFLite Micro's
# (rvfw_lstm_litert.h); and its hybrid one (int8 weights, the converter's dynamic-range option).
LSTM_F32_LITERT = family("UNIDIRECTIONAL_SEQUENCE_LSTM float32 (LiteRT's)", "rvfw_lstm_f32_params", "lstm_litert_f32",
                         ("ref", "rvv", "xthead"),
                         args={"ref": ("input", "input_weights", "recurrent_weights", *F32_STATE),
                               "rvv": ("input", "input_weights_t", "recurrent_weights_t", *F32_STATE),
                               "xthead": ("input", "input_weights_t", "recurrent_weights_t", *F32_STATE)},
                         needs={"rvv": lanes("f32")})  # fmt: skip
HYBRID_ARGS = ("input", "input_weights", "recurrent_weights", "scales", "row_sums", *F32_STATE)
LSTM_HYBRID = family("UNIDIRECTIONAL_SEQUENCE_LSTM hybrid (float32 activations, int8 weights)",
                     "rvfw_lstm_hybrid_params", "lstm_hybrid_f32", ("ref", "scalar", "rvv"),
                     args={"ref": HYBRID_ARGS, "scalar": HYBRID_ARGS, "rvv": HYBRID_ARGS})  # fmt: skip
INPUT = 0
INPUT_WEIGHTS = (1, 2, 3, 4)  # to the input, forget, cell and output gates
RECURRENT_WEIGHTS = (5, 6, 7, 8)
BIASES = (12, 13, 14, 15)
HIDDEN, CELL = 18, 19
VARIANTS = {"CIFG": (1, 5, 12), "peephole": (9, 10, 11), "projection": (16, 17), "layer norm": (20, 21, 22, 23)}
GATE_SCALE = 2.0**-12  # the gates' fully connected outputs, Q3.12
ACTIVATED_SCALE = 2.0**-15  # sigmoid and tanh outputs, Q0.15


def dims(graph: Graph, op: Op) -> tuple[int, int, int, int, bool]:
    """(batches, time steps, input size, units, time major)."""
    shape = graph.tensors[op.inputs[INPUT]].shape
    major = bool(op.options.get("time_major", False))
    units = graph.tensors[op.inputs[RECURRENT_WEIGHTS[0]]].shape[1]
    return (shape[1], shape[0], shape[2], units, major) if major else (shape[0], shape[1], shape[2], units, major)


def check(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[INPUT], "input", DType.INT8, DType.INT16, DType.FLOAT32)
    _check_standard(graph, op)
    if inp.dtype is DType.FLOAT32:
        return _check_float(graph, op)
    wide = inp.dtype is DType.INT16  # 16x8: int16 activations, int64 biases, zero points 0
    out = expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
    expect_quant(graph, op, inp, "input")
    expect_quant(graph, op, out, "output")
    batches, steps, n_input, units, major = dims(graph, op)
    for k in (*INPUT_WEIGHTS, *RECURRENT_WEIGHTS):
        w = expect_dtype(graph, op, op.inputs[k], f"weights (input {k})", DType.INT8)
        expect_constant(graph, op, op.inputs[k], f"weights (input {k})")
        expect_quant(graph, op, w, f"weights (input {k})")
        if w.quant.zero_point[0] != 0:
            raise fail(graph, op, f"weights (input {k}) must be symmetric (zero point 0)")
        want = (units, n_input) if k in INPUT_WEIGHTS else (units, units)
        if tuple(w.shape) != want:
            raise fail(graph, op, f"weights (input {k}) {list(w.shape)}, expected {list(want)}")
    for k in BIASES:
        b = expect_dtype(graph, op, op.inputs[k], f"bias (input {k})", DType.INT64 if wide else DType.INT32)
        expect_constant(graph, op, op.inputs[k], f"bias (input {k})")
        if b.num_elements != units:
            raise fail(graph, op, f"bias (input {k}) of {b.num_elements} values for {units} units")
    hidden = expect_dtype(graph, op, op.inputs[HIDDEN], "hidden state", inp.dtype)
    cell = expect_dtype(graph, op, op.inputs[CELL], "cell state", DType.INT16)
    for t, role in ((hidden, "hidden state"), (cell, "cell state")):
        if not t.is_variable:
            raise fail(graph, op, f"the {role} must be a variable tensor")
        expect_quant(graph, op, t, role)
        if t.num_elements != batches * units:
            raise fail(graph, op, f"{role} of {t.num_elements} values; {batches} x {units} needed")
    if wide and any(t.quant.zero_point[0] != 0 for t in (inp, out, hidden)):
        raise fail(graph, op, "int16 zero points must be 0 (16x8 quantisation)")
    power = math.log2(cell.quant.scale[0])
    if power != int(power):
        raise fail(
            graph, op, f"cell state scale {cell.quant.scale[0]:g} is not a power of two (TFLite Micro needs one)"
        )
    want = (steps, batches, units) if major else (batches, steps, units)
    if tuple(out.shape) != want:
        raise fail(graph, op, f"output {list(out.shape)}, expected {list(want)}")


def hybrid(graph: Graph, op: Op) -> bool:
    """float32 activations with int8 weights: LiteRT's hybrid LSTM."""
    return graph.tensors[op.inputs[RECURRENT_WEIGHTS[0]]].dtype is DType.INT8


def litert_cell(graph: Graph, op: Op) -> bool:
    """A float LSTM computed as LiteRT's: a hybrid one, or any in a model only LiteRT runs."""
    return hybrid(graph, op) or litert_semantics(graph)


def _check_float(graph: Graph, op: Op) -> None:
    """The float32 LSTM: activations and states float32 (variables), weights float32 or, hybrid,
    int8 with one scale and zero point 0 each; weights and biases constant."""
    batches, steps, n_input, units, major = dims(graph, op)
    weights = DType.INT8 if hybrid(graph, op) else DType.FLOAT32
    if litert_cell(graph, op) and major and batches > 1:
        raise fail(graph, op, "time-major with several batches in a model LiteRT defines: LiteRT then sums the "
                   "gates as a matrix product whose order rvfw does not reproduce (batch-major runs)")  # fmt: skip
    for k in (*INPUT_WEIGHTS, *RECURRENT_WEIGHTS, *BIASES):
        t = graph.tensors[op.inputs[k]]
        expect_dtype(graph, op, op.inputs[k], f"input {k}", DType.FLOAT32 if k in BIASES else weights)
        expect_constant(graph, op, op.inputs[k], f"input {k}")
        if t.dtype is DType.INT8:
            expect_quant(graph, op, t, f"weights (input {k})")
            if len(t.quant.scale) != 1 or t.quant.zero_point[0] != 0:
                raise fail(graph, op, f"hybrid weights (input {k}) need one scale and zero point 0 (LiteRT's)")
        depth = n_input if k in INPUT_WEIGHTS else units
        want = (units,) if k in BIASES else (units, depth)
        if tuple(t.shape) != want:
            raise fail(graph, op, f"input {k} {list(t.shape)}, expected {list(want)}")
    for k, role in ((HIDDEN, "hidden state"), (CELL, "cell state")):
        t = expect_dtype(graph, op, op.inputs[k], role, DType.FLOAT32)
        if not t.is_variable or t.num_elements != batches * units:
            raise fail(graph, op, f"the {role} must be a variable tensor of {batches} x {units} values")
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.FLOAT32)
    want = (steps, batches, units) if major else (batches, steps, units)
    if tuple(out.shape) != want:
        raise fail(graph, op, f"output {list(out.shape)}, expected {list(want)}")


def _check_standard(graph: Graph, op: Op) -> None:
    """What TFLite Micro's kernel refuses whatever the dtype: the LSTM variants, a non-3-D input."""
    for name, positions in VARIANTS.items():
        present = [k for k in positions if optional_input(op, k) >= 0]
        if name == "CIFG" and len(present) == len(positions):
            continue
        if name == "CIFG" or present:
            raise fail(graph, op, f"{name} LSTM not supported (TFLite Micro runs the standard LSTM only)")
    inp = graph.tensors[op.inputs[INPUT]]
    if len(inp.shape) != 3:
        raise fail(graph, op, f"input must be 3-D ([batch, time, features] or time-major); got {list(inp.shape)}")
    if op.options.get("activation", "TANH") != "TANH":
        raise fail(graph, op, f"cell activation {op.options['activation']} not supported (TANH)")
    if op.options.get("cell_clip", 0.0) < 0:
        raise fail(graph, op, "cell_clip must not be negative")


def macs(graph: Graph, op: Op) -> int:
    batches, steps, n_input, units, _major = dims(graph, op)
    return batches * steps * 4 * units * (n_input + units)


def scratch(graph: Graph, op: Op) -> int:
    """Four gate buffers (int16, or float for a float LSTM) of the rows a step runs (the batch
    when time-major, else one); a hybrid LSTM's int8 input and hidden rows after them."""
    batches, _steps, n_input, units, major = dims(graph, op)
    element = 4 if graph.tensors[op.inputs[INPUT]].dtype is DType.FLOAT32 else 2
    quantized = n_input + units if graph.tensors[op.inputs[INPUT]].dtype is DType.FLOAT32 and hybrid(graph, op) else 0
    return 4 * (batches if major else 1) * units * element + quantized


def lower(ctx: LowerContext, op: Op) -> Layer:
    g = ctx.graph
    batches, steps, n_input, units, major = dims(g, op)
    inp, hidden, cell = (g.tensors[op.inputs[k]] for k in (INPUT, HIDDEN, CELL))
    if inp.dtype is DType.FLOAT32:
        return _lower_float(ctx, op)
    wide = inp.dtype is DType.INT16
    fam = LSTM_S16 if wide else LSTM
    chosen = ctx.pick(fam)
    in_scale, hidden_scale, cell_scale = (float(t.quant.scale[0]) for t in (inp, hidden, cell))
    multipliers, shifts, packed_in, packed_rec, biases = [], [], [], [], []
    sides_of = ((INPUT_WEIGHTS, in_scale, inp.quant.zero_point[0], BIASES),
                (RECURRENT_WEIGHTS, hidden_scale, hidden.quant.zero_point[0], None))  # fmt: skip
    for sides, x_scale, x_zero, bias_of in sides_of:
        for gate, k in enumerate(sides):
            w = g.tensors[op.inputs[k]]
            m, s = quantize_multiplier(x_scale * float(w.quant.scale[0]) / GATE_SCALE)
            multipliers.append(m)
            shifts.append(s)
            bias = g.tensors[op.inputs[bias_of[gate]]].data.reshape(-1) if bias_of else None
            # 16x8: zero points are 0, so the int64 bias is the whole constant term
            biases.append((bias if bias is not None else np.zeros(units, np.int64)).astype(np.int64) if wide
                          else folded_bias(w.data, bias, -x_zero, wrap=True))  # fmt: skip
            (packed_in if sides is INPUT_WEIGHTS else packed_rec).append(w.data)
    fc_m, fc_s = quantize_multiplier(ACTIVATED_SCALE * cell_scale / cell_scale)
    ic_m, ic_s = quantize_multiplier(ACTIVATED_SCALE * ACTIVATED_SCALE / cell_scale)
    h_m, h_s = quantize_multiplier(ACTIVATED_SCALE * ACTIVATED_SCALE / hidden_scale)
    tanh_m, tanh_s = lstm_tanh_params(int(math.log2(cell_scale)))
    clip = float(op.options.get("cell_clip", 0.0))
    quantized_clip = int(min(max(clip / cell_scale, -32768.0), 32767.0)) if clip > 0 else 0
    params = [("batches", batches), ("time_steps", steps), ("input_size", n_input), ("units", units),
              ("time_major", int(major)), ("multiplier", multipliers), ("shift", shifts),
              ("forget_cell_multiplier", fc_m), ("forget_cell_shift", fc_s), ("input_cell_multiplier", ic_m),
              ("input_cell_shift", ic_s), ("hidden_multiplier", h_m), ("hidden_shift", h_s),
              ("hidden_zero_point", hidden.quant.zero_point[0]), ("cell_tanh_multiplier", tanh_m),
              ("cell_tanh_shift", tanh_s), ("cell_clip", quantized_clip), ("activation_bytes", inp.dtype.size),
              ("bias_bytes", 8 if wide else 4)]  # fmt: skip
    operands: Operands = {
        "input": lambda: ctx.input(op),
        "input_weights": lambda: ctx.derived(op, "input_weights", "int8_t", np.stack(packed_in)),
        "recurrent_weights": lambda: ctx.derived(op, "recurrent_weights", "int8_t", np.stack(packed_rec)),
        "input_weights_t": lambda: ctx.derived(op, "input_weights", "int8_t", np.stack([w.T for w in packed_in])),
        "recurrent_weights_t": lambda: ctx.derived(op, "recurrent_weights", "int8_t",
                                                   np.stack([w.T for w in packed_rec])),
        "bias": lambda: ctx.derived(op, "bias", "int64_t" if wide else "int32_t", np.stack(biases)),
        "table": lambda: table_arg(ctx),
        "hidden": lambda: ctx.arena(op.inputs[HIDDEN]),
        "cell": lambda: ctx.arena(op.inputs[CELL]),
        "output": lambda: ctx.output(op),
        "scratch": lambda: replace(ctx.scratch(op), c_type="int16_t"),
    }  # fmt: skip
    return ctx.layer(op, chosen, fam, params, operands, macs(g, op))


def _lower_float(ctx: LowerContext, op: Op) -> Layer:
    g = ctx.graph
    batches, steps, n_input, units, major = dims(g, op)
    sides = (("input_weights", INPUT_WEIGHTS), ("recurrent_weights", RECURRENT_WEIGHTS))
    weights = {name: [g.tensors[op.inputs[k]].data for k in ks] for name, ks in sides}
    params = [("batches", batches), ("time_steps", steps), ("input_size", n_input), ("units", units),
              ("time_major", int(major)), ("cell_clip", float(op.options.get("cell_clip", 0.0)))]  # fmt: skip
    is_hybrid = hybrid(g, op)
    c_type = "int8_t" if is_hybrid else "float"

    def packed(name: str, transposed: bool = False) -> Arg:
        arrays = [w.T if transposed else w for w in weights[name]]
        return ctx.derived(op, name + ("_t" if transposed else ""), c_type, np.stack(arrays))

    def row_sums() -> Arg:  # each weight row's sum, for the asymmetric quantiser's zero point
        rows = [w.astype(np.int64).sum(axis=1) for name, _ in sides for w in weights[name]]
        return ctx.derived(op, "row_sums", "int32_t", np.stack(rows).astype(np.int32))

    def scales() -> Arg:
        values = [g.tensors[op.inputs[k]].quant.scale[0] for k in (*INPUT_WEIGHTS, *RECURRENT_WEIGHTS)]
        return ctx.derived(op, "scales", "float", np.array(values, np.float32))

    operands: Operands = {
        "input": lambda: ctx.input(op),
        "input_weights": lambda: packed("input_weights"),
        "recurrent_weights": lambda: packed("recurrent_weights"),
        "input_weights_t": lambda: packed("input_weights", True),
        "recurrent_weights_t": lambda: packed("recurrent_weights", True),
        "bias": lambda: ctx.derived(op, "bias", "float", np.stack([g.tensors[op.inputs[k]].data for k in BIASES])),
        "hidden": lambda: ctx.arena(op.inputs[HIDDEN]),
        "cell": lambda: ctx.arena(op.inputs[CELL]),
        "output": lambda: ctx.output(op),
        "scratch": lambda: replace(ctx.scratch(op), c_type="float"),
        "scales": scales,
        "row_sums": row_sums,
    }
    if is_hybrid:
        params.append(("asymmetric", int(bool(op.options.get("asymmetric_quantize_inputs", False)))))
        return ctx.layer(op, ctx.pick(LSTM_HYBRID), LSTM_HYBRID, params, operands, macs(g, op))
    if litert_cell(g, op):
        return ctx.layer(op, ctx.pick(LSTM_F32_LITERT), LSTM_F32_LITERT, params, operands, macs(g, op))
    # The RVV kernel sums in float32 lanes: V or Zve32f.
    return ctx.layer(op, ctx.pick(LSTM_F32), LSTM_F32, params, operands, macs(g, op))


CONTRACT = OpContract(
    kinds={
        # The optional tensors: CIFG, peephole, projection, layer norm (check refuses the variants
        # TFLite Micro refuses).
        OpKind.UNIDIRECTIONAL_SEQUENCE_LSTM: Kind(
            4, (24, 24), optional=frozenset({1, 5, 9, 10, 11, 12, 16, 17, 20, 21, 22, 23})
        ),
    },
    forms={
        None: Form(check, lower, (LSTM, LSTM_S16, LSTM_F32, LSTM_F32_LITERT, LSTM_HYBRID), macs=macs, scratch=scratch)
    },
)
