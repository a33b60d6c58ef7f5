"""Cases of the ops with state: LSTM, SVDF, resource variables, the Signal library's streams and FFTs."""

from __future__ import annotations

import flatbuffers.flexbuffers as flexbuffers
import numpy as np

from codegen.modelgen import ModelBuilder
from tests.kernels.cases.common import RVV, S16_FAST, Case


def svdf(rng, batches, n_input, units, rank, memory, state_dtype=np.int16, bias=True, activation="NONE") -> bytes:
    """TFLite Micro's keyword-model SVDF: int8 input and output, int8 feature weights, int16 (or
    int8) time weights and state; the state is a variable tensor carried from step to step."""
    m = ModelBuilder()
    filters = units * rank
    s_in, s_f, s_t = 0.05, 0.01, 0.002 if state_dtype is np.int16 else 0.01
    s_state = float(np.float32(s_in * s_f * 40 * 73 * np.sqrt(n_input) / (4096 if state_dtype is np.int16 else 32)))
    x = m.tensor("x", (batches, n_input), scale=s_in, zero_point=-3)
    wf = m.tensor("weights_feature", (filters, n_input), scale=s_f, data=rng.integers(-127, 128, (filters, n_input)))
    lo, hi = (-20000, 20000) if state_dtype is np.int16 else (-127, 128)
    wt = m.tensor(
        "weights_time", (filters, memory), state_dtype, scale=s_t, data=rng.integers(lo, hi, (filters, memory))
    )
    inputs = [x, wf, wt]
    if bias:
        inputs.append(m.tensor("b", (units,), np.int32, scale=s_state * s_t, data=rng.integers(-3000, 3000, units)))
    else:
        inputs.append(-1)
    zp_state = 0 if state_dtype is np.int16 else 5
    state = m.tensor("state", (batches, filters * memory), state_dtype, scale=s_state, zero_point=zp_state,
                     variable=True)  # fmt: skip
    inputs.append(state)
    fan = (
        np.sqrt(memory * rank) * (4000 if state_dtype is np.int16 else 40) * (15000 if state_dtype is np.int16 else 73)
    )
    y = m.tensor("y", (batches, units), scale=float(np.float32(s_state * s_t * fan / 32)), zero_point=-10)
    m.op("SVDF", inputs, [y], rank=rank, activation=activation)
    return m.finish([x], [y])


def signal_stream(kind: str, in_shape, out_shape, options: dict, dtype=np.int16) -> bytes:
    """One of the Signal library's streaming ops (custom, FlexBuffers options), run several
    inferences in a row: its state carries from one to the next."""
    m = ModelBuilder()
    x = m.tensor("x", in_shape, dtype)
    y = m.tensor("y", out_shape, dtype)
    outputs = [y]
    if kind in ("SignalFramer", "SignalStacker"):  # their "valid" flag
        outputs.append(m.tensor("valid", (), np.bool_))
    m.op(f"CUSTOM:{kind}", [x], outputs, custom_options=bytes(flexbuffers.Dumps(options)))
    return m.finish([x], outputs)


def signal_fft(kind: str, dtype, fft_length: int, frames: int = 2, input_length: int | None = None) -> bytes:
    """SignalRfft (frames of input_length samples, zero-padded) or SignalIrfft (frames of
    fft_length / 2 + 1 complex bins) in int16, int32 or float32 (the "T" option, as TensorFlow's
    Signal ops write it)."""
    m = ModelBuilder()
    complex_shape, real_shape = (frames, fft_length + 2), (frames, input_length or fft_length)
    in_shape, out_shape = (real_shape, complex_shape) if kind == "SignalRfft" else (complex_shape, real_shape)
    x = m.tensor("x", in_shape, dtype)
    y = m.tensor("y", out_shape, dtype)
    type_code = {np.int16: 7, np.int32: 2, np.float32: 0}[dtype]
    m.op(
        f"CUSTOM:{kind}", [x], [y], custom_options=bytes(flexbuffers.Dumps({"T": type_code, "fft_length": fft_length}))
    )
    return m.finish([x], [y])


def circular_buffer() -> bytes:
    """CIRCULAR_BUFFER of 3 slots every invocation, read through its newest slot (TFLite Micro's older
    slots hold its arena's leftovers until written: no golden for them) and a MUL of it by 2."""
    m = ModelBuilder()
    q = {"scale": 0.05, "zero_point": 3}
    x = m.tensor("x", (1, 1, 2, 4), **q)
    ring = m.tensor("ring", (1, 3, 2, 4), **q)
    m.op("CUSTOM:CIRCULAR_BUFFER", [x], [ring], custom_options=bytes(flexbuffers.Dumps({"cycles_max": 1})))
    newest = m.tensor("newest", (1, 1, 2, 4), **q)
    m.op("SLICE", [ring, m.tensor("b", (4,), np.int32, data=np.array([0, 2, 0, 0], np.int32)),
                   m.tensor("s", (4,), np.int32, data=np.array([1, 1, 2, 4], np.int32))], [newest])  # fmt: skip
    return m.finish([x], [newest])


def lstm_float(rng, batches, steps, n_input, units, time_major=False, cell_clip=0.0, hybrid=None,
               gelu=False) -> bytes:  # fmt: skip
    """The float32 UNIDIRECTIONAL_SEQUENCE_LSTM (float weights, biases and states). hybrid "asymmetric"
    or "symmetric": int8 weights (one scale each), LiteRT's hybrid LSTM quantising its rows that way;
    gelu: a GELU after it, so the model is LiteRT's alone and its float LSTM is LiteRT's."""
    m = ModelBuilder()
    in_shape = (steps, batches, n_input) if time_major else (batches, steps, n_input)
    x = m.tensor("x", in_shape, np.float32)
    inputs = [x]
    for k in range(8):
        depth = n_input if k < 4 else units
        w = rng.normal(0, 1.2 / np.sqrt(depth), (units, depth))
        if hybrid:
            scale = float(np.abs(w).max() / 127)
            inputs.append(m.tensor(f"w{k}", (units, depth), scale=scale, data=np.round(w / scale)))
        else:
            inputs.append(m.tensor(f"w{k}", (units, depth), np.float32, data=w))
    inputs += [-1, -1, -1]
    inputs += [m.tensor(f"b{k}", (units,), np.float32, data=rng.normal(0, 0.3, units)) for k in range(4)]
    inputs += [-1, -1]
    inputs.append(m.tensor("hidden", (batches, units), np.float32, variable=True))
    inputs.append(m.tensor("cell", (batches, units), np.float32, variable=True))
    inputs += [-1, -1, -1, -1]
    y = m.tensor("y", (steps, batches, units) if time_major else (batches, steps, units), np.float32)
    options = {"asymmetric_quantize_inputs": hybrid == "asymmetric"} if hybrid else {}
    m.op("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [y], activation="TANH", cell_clip=cell_clip, time_major=time_major,
         **options)  # fmt: skip
    if not gelu:
        return m.finish([x], [y])
    g = m.tensor("g", (steps, batches, units) if time_major else (batches, steps, units), np.float32)
    m.op("GELU", [y], [g], approximate=False)
    return m.finish([x], [y, g])


def resource_accumulator(rng, read_after=False) -> bytes:
    """TFLite's resource variables as its converter writes a stateful Keras layer: CALL_ONCE runs an
    initialiser subgraph (VAR_HANDLE + ASSIGN_VARIABLE of a constant) on the first invocation;
    the main subgraph reads the variable, adds the input and assigns the sum back, so outputs
    accumulate over the steps. read_after: read it again after the assignment (the new value)."""
    m = ModelBuilder()
    x = m.tensor("x", (2, 8), scale=0.05, zero_point=-3)
    h = m.tensor("acc_handle", (), "resource")
    prev = m.tensor("acc_prev", (2, 8), scale=0.05, zero_point=-3)
    new = m.tensor("acc_new", (2, 8), scale=0.05, zero_point=-3)
    m.op("CALL_ONCE", [], [], init_subgraph_index=1)
    m.op("VAR_HANDLE", [], [h], shared_name="acc")
    m.op("READ_VARIABLE", [h], [prev])
    m.op("ADD", [x, prev], [new])
    m.op("ASSIGN_VARIABLE", [h, new], [])
    outputs = [new]
    if read_after:
        after = m.tensor("acc_after", (2, 8), scale=0.05, zero_point=-3)
        halved = m.tensor("acc_half", (2, 8), scale=0.1, zero_point=0)
        m.op("READ_VARIABLE", [h], [after])
        m.op("QUANTIZE", [after], [halved])
        outputs = [new, halved]
    init = ModelBuilder()
    ih = init.tensor("acc_handle", (), "resource")
    iv = init.tensor("acc_init", (2, 8), scale=0.05, zero_point=-3, data=rng.integers(-60, 60, (2, 8)))
    init.op("VAR_HANDLE", [], [ih], shared_name="acc")
    init.op("ASSIGN_VARIABLE", [ih, iv], [])
    return m.finish([x], outputs, init=init)


def lstm(rng, batches, steps, n_input, units, time_major=False, cell_clip=0.0, cell_power=-11, peephole=False,
         wide=False) -> bytes:  # fmt: skip
    """TFLite Micro's integer LSTM as its converter writes it: int8 input, output and hidden state,
    int8 per-tensor weights, int32 biases, an int16 cell state with a power-of-two scale; both
    states are variable tensors carried from step to step."""
    m = ModelBuilder()
    s_in, s_h = (1 / 8192, 1 / 16384) if wide else (1 / 64, 1 / 128)
    act, zp_in, zp_h, bias_type = (np.int16, 0, 0, np.int64) if wide else (np.int8, -5, 3, np.int32)
    in_shape = (steps, batches, n_input) if time_major else (batches, steps, n_input)
    x = m.tensor("x", in_shape, act, scale=s_in, zero_point=zp_in)
    inputs = [x]
    for k in range(8):  # input-side then recurrent-side weights of the input, forget, cell and output gates
        depth = n_input if k < 4 else units
        scale = float(np.float32(1.5 / (np.sqrt(depth) * 40)))
        inputs.append(m.tensor(f"w{k}", (units, depth), scale=scale, data=rng.integers(-127, 128, (units, depth))))
    if peephole:  # refused, as TFLite Micro refuses it
        inputs += [m.tensor(f"p{k}", (units,), np.int16, scale=0.001, data=np.ones(units)) for k in range(3)]
    else:
        inputs += [-1, -1, -1]
    for k in range(4):
        w_scale = m.tensors[inputs[1 + k]].scale[0]
        bias_range = 4000 * (128 if wide else 1)
        inputs.append(m.tensor(f"b{k}", (units,), bias_type, scale=s_in * w_scale,
                               data=rng.integers(-bias_range, bias_range, units)))  # fmt: skip
    inputs += [-1, -1]  # no projection
    inputs.append(m.tensor("hidden", (batches, units), act, scale=s_h, zero_point=zp_h, variable=True))
    inputs.append(m.tensor("cell", (batches, units), np.int16, scale=2.0**cell_power, variable=True))
    inputs += [-1, -1, -1, -1]  # no layer norm
    out_shape = (steps, batches, units) if time_major else (batches, steps, units)
    y = m.tensor("y", out_shape, act, scale=s_h, zero_point=zp_h)
    m.op("UNIDIRECTIONAL_SEQUENCE_LSTM", inputs, [y], activation="TANH", cell_clip=cell_clip, time_major=time_major)
    return m.finish([x], [y])


def svdf_float(rng, batches, n_input, units, rank, memory, activation="NONE", gelu=False, bias=True) -> bytes:
    """The float32 SVDF; gelu: a GELU after it, so the model is LiteRT's alone and its float SVDF is
    LiteRT's (svdf_litert_f32_ref)."""
    m = ModelBuilder()
    filters = units * rank
    x = m.tensor("x", (batches, n_input), np.float32)
    wf = m.tensor("weights_feature", (filters, n_input), np.float32, data=rng.normal(0, 0.3, (filters, n_input)))
    wt = m.tensor("weights_time", (filters, memory), np.float32, data=rng.normal(0, 0.3, (filters, memory)))
    b = m.tensor("b", (units,), np.float32, data=rng.normal(0, 0.1, units)) if bias else -1
    state = m.tensor("state", (batches, filters * memory), np.float32, variable=True)
    y = m.tensor("y", (batches, units), np.float32)
    m.op("SVDF", [x, wf, wt, b, state], [y], rank=rank, activation=activation)
    if not gelu:
        return m.finish([x], [y])
    g = m.tensor("g", (batches, units), np.float32)
    m.op("GELU", [y], [g], approximate=False)
    return m.finish([x], [y, g])


CASES: dict[str, Case] = {
    "svdf_int16_state_rank2": Case(lambda r: svdf(r, 1, 40, 16, 2, 10), vector=RVV),
    # TFLite Micro's integer SVDF ignores a fused RELU (the keyword model carries one): so does rvfw
    "svdf_fused_relu_ignored": Case(lambda r: svdf(r, 1, 24, 8, 1, 6, activation="RELU")),
    "lstm_batch_major": Case(lambda r: lstm(r, 2, 5, 12, 20)),
    "s16_lstm_batch_major": Case(lambda r: lstm(r, 2, 4, 9, 11, wide=True)),
    "s16_lstm_time_major_clip": Case(lambda r: lstm(r, 3, 3, 6, 8, time_major=True, cell_clip=2.0, wide=True)),
    "resource_variable_accumulator": Case(lambda r: resource_accumulator(r)),
    "resource_variable_read_after_assign": Case(lambda r: resource_accumulator(r, read_after=True)),
    "lstm_time_major_clip": Case(lambda r: lstm(r, 3, 4, 7, 9, time_major=True, cell_clip=1.5, cell_power=-12)),
    "svdf_int8_state_2_batches": Case(lambda r: svdf(r, 2, 13, 5, 1, 7, np.int8), vector=RVV),
    "f32_svdf_rank2_relu": Case(lambda r: svdf_float(r, 2, 13, 6, 2, 5, "RELU")),
    # LiteRT's float SVDF: dot products past a block of four with tails of 3 and 3 (31, 11)
    "f32_svdf_rank3_litert": Case(lambda r: svdf_float(r, 2, 31, 5, 3, 11, gelu=True)),
    "f32_svdf_no_bias_relu6_litert": Case(lambda r: svdf_float(r, 1, 40, 4, 2, 16, "RELU6", gelu=True, bias=False)),
    "signal_framer_prefill": Case(
        lambda r: signal_stream(
            "SignalFramer", (2, 48), (2, 3, 40), {"frame_size": 40, "frame_step": 16, "prefill": True}
        ),
        steps=3,
    ),
    "signal_stacker_contexts": Case(
        lambda r: signal_stream(
            "SignalStacker",
            (5,),
            (20,),
            {"num_channels": 5, "stacker_left_context": 3, "stacker_right_context": 0, "stacker_step": 1},
        ),
        steps=4,
    ),
    "signal_rfft_s32_padded": Case(lambda r: signal_fft("SignalRfft", np.int32, 64, 3, 50)),
    "signal_rfft_f32_radix2": Case(lambda r: signal_fft("SignalRfft", np.float32, 32, 2, 32)),
    "signal_irfft_s16": Case(lambda r: signal_fft("SignalIrfft", np.int16, 64)),
    "signal_irfft_s32": Case(lambda r: signal_fft("SignalIrfft", np.int32, 32, 3)),
    "signal_irfft_f32": Case(lambda r: signal_fft("SignalIrfft", np.float32, 128)),
    "circular_buffer_every_invocation": Case(lambda r: circular_buffer(), steps=3),
    "signal_delay_rows": Case(lambda r: signal_stream("SignalDelay", (3, 10), (3, 10), {"delay_length": 13}), steps=3),
    "signal_overlap_add_s16": Case(
        lambda r: signal_stream("SignalOverlapAdd", (2, 3, 12), (2, 15), {"T": 7, "frame_step": 5}), steps=3
    ),
    "signal_overlap_add_f32": Case(
        lambda r: signal_stream("SignalOverlapAdd", (3, 8), (12,), {"T": 0, "frame_step": 4}, np.float32), steps=3
    ),
    "f32_lstm_batch_major": Case(lambda r: lstm_float(r, 2, 4, 6, 10), vector=S16_FAST),
    # LiteRT's LSTM (rvfw_lstm_litert.h): hybrid, quantising asymmetrically (the converter's
    # default) and symmetrically, 10 units (the logistic's scalar side for the last two), a cell
    # clip; and float32 in a model only LiteRT runs (a GELU after it)
    "hybrid_lstm_asymmetric_litert": Case(lambda r: lstm_float(r, 2, 5, 9, 10, hybrid="asymmetric")),
    "hybrid_lstm_symmetric_clip_litert": Case(lambda r: lstm_float(r, 1, 6, 8, 12, cell_clip=0.7, hybrid="symmetric")),
    "f32_lstm_then_gelu_litert": Case(lambda r: lstm_float(r, 2, 4, 7, 10, cell_clip=0.9, gelu=True)),
    "f32_lstm_time_major_one_batch_litert": Case(lambda r: lstm_float(r, 1, 4, 5, 6, time_major=True, gelu=True)),
    "hybrid_lstm_three_batches_seven_units_litert": Case(lambda r: lstm_float(r, 3, 4, 5, 7, hybrid="asymmetric")),
    "f32_lstm_three_batches_five_units_litert": Case(lambda r: lstm_float(r, 3, 3, 6, 5, gelu=True)),
    "f32_lstm_time_major_clip": Case(
        lambda r: lstm_float(r, 3, 3, 5, 7, time_major=True, cell_clip=0.8), vector=S16_FAST
    ),
}
