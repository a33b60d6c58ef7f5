"""TFLite Micro's Signal library, the ops of its audio front end (micro_speech's
audio_preprocessor), integer forms, computed as TFLite Micro's Signal kernels compute them:

- SIGNAL_WINDOW: int16 samples times an int16 window, shifted right by `shift`, saturated.
- SIGNAL_FFT_AUTO_SCALE: shifts the frame left as far as its largest magnitude allows; the shift
  is its second output (int32 scalar).
- SIGNAL_RFFT: the real FFT of kiss_fft's 16-bit fixed point form (kiss_fftr over a complex FFT
  of half the length, each radix-2/4 stage dividing by its radix); twiddles are built here as
  kiss_fft builds them, floor(0.5 + 32767 * cos/sin).
- SIGNAL_ENERGY: re^2 + im^2 of the bins in [start_index, end_index) as uint32 (the others are
  written 0: TFLite Micro leaves them as the arena held them).
- SIGNAL_FILTER_BANK: triangular filters as weight / unweight pairs accumulated in uint64.
- SIGNAL_FILTER_BANK_SQRT: the integer square root of each channel, shifted right by the
  auto-scale's shift.
- SIGNAL_SPECTRAL_SUBTRACTION: a per-channel noise estimate (state, reset to 0)
  smoothed with even / odd coefficients, subtracted with a floor; its second output is a copy
  of the estimate.
- SIGNAL_PCAN: per-channel automatic gain control from a gain table indexed by the noise
  estimate's magnitude, then the piecewise "shrink" of the signal-to-noise ratio.
- SIGNAL_FILTER_BANK_LOG: a 16-bit fixed point natural log by a 129-segment correction table,
  scaled by `output_scale`, saturated to int16.

Options come from the model (frontend.custom): every one that sets a shift, an index or a size is
bounded here, since TFLite Micro reads them unchecked (a shift past the word is undefined in C,
an index past a table reads out of bounds).
"""

from __future__ import annotations

import math

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind, Tensor
from codegen.ops.common import Layer, LowerContext, Operands, expect_constant, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import Family, family


def _family(kind: OpKind, what: str, params: str, stem: str, sets: tuple[str, ...] = ("ref",)) -> Family:
    return family(what, params, stem, sets, (kind.value,))


WINDOW = _family(
    OpKind.SIGNAL_WINDOW, "SignalWindow", "rvfw_signal_window_params", "signal_window_s16", ("ref", "scalar", "rvv")
)
AUTO_SCALE = _family(OpKind.SIGNAL_FFT_AUTO_SCALE, "SignalFftAutoScale", "rvfw_signal_params",
                     "signal_fft_auto_scale_s16", ("ref", "scalar", "rvv"))  # fmt: skip
# The reference recurses as kiss_fft does; the fast kernels run the same butterflies level by
# level, bottom up, after one gather of the input in the order the recursion's leaves read it.
RFFT_ARGS = ("twiddles", "super_twiddles", "factors", "work", "output")
RFFT = family("SignalRfft int16", "rvfw_signal_rfft_params", "signal_rfft_s16", ("ref", "scalar", "rvv"),
              (OpKind.SIGNAL_RFFT.value,), args={"ref": ("input", *RFFT_ARGS),
                                                 "scalar": ("input", "gather", *RFFT_ARGS),
                                                 "rvv": ("input", "gather", *RFFT_ARGS)})  # fmt: skip
# float32 and Q31 (kiss_fft's other builds: rvfw_kiss.h), and the inverse transforms
KISS_ARGS = ("input", "twiddles", "super_twiddles", "factors", "work", "output")
RFFT_WIDE = {dtype: family(f"SignalRfft {name}", "rvfw_signal_rfft_params", f"signal_rfft_{suffix}", ("ref",),
                           (OpKind.SIGNAL_RFFT.value,))
             for dtype, name, suffix in ((DType.INT32, "int32", "s32"), (DType.FLOAT32, "float32", "f32"))}  # fmt: skip
IRFFT = {dtype: family(f"SignalIrfft {name}", "rvfw_signal_irfft_params", f"signal_irfft_{suffix}", ("ref",),
                       (OpKind.SIGNAL_IRFFT.value,))
         for dtype, name, suffix in ((DType.INT16, "int16", "s16"), (DType.INT32, "int32", "s32"),
                                     (DType.FLOAT32, "float32", "f32"))}  # fmt: skip
ENERGY = _family(OpKind.SIGNAL_ENERGY, "SignalEnergy", "rvfw_signal_energy_params", "signal_energy_s16",
                 ("ref", "scalar", "rvv"))  # fmt: skip
FILTER_BANK = _family(OpKind.SIGNAL_FILTER_BANK, "SignalFilterBank", "rvfw_signal_params", "signal_filter_bank_u32",
                      ("ref", "rvv"))  # fmt: skip
# Without 64-bit lanes (Zve32x): each product as its two 32-bit words.
FILTER_BANK_INT = FILTER_BANK.variant("SignalFilterBank (products as 32-bit words)",
                                      {"rvv": "signal_filter_bank_halves_u32_rvv"})  # fmt: skip
# Non-negative weights summing below 2^32 / 65535 per channel (split_filter_bank): the fast
# scalar kernel sums the products of each energy's 16-bit halves in 32 bits.
SPLIT = {"scalar": "signal_filter_bank_split_u32_scalar"}
FILTER_BANK_SPLIT = FILTER_BANK.variant("SignalFilterBank (16-bit halves)", SPLIT)
FILTER_BANK_INT_SPLIT = FILTER_BANK_INT.variant("SignalFilterBank (products as 32-bit words, 16-bit halves)", SPLIT)
SQUARE_ROOT = _family(OpKind.SIGNAL_FILTER_BANK_SQRT, "SignalFilterBankSquareRoot", "rvfw_signal_params",
                      "signal_filter_bank_sqrt_u64", ("ref", "scalar", "rvv"))  # fmt: skip
# Without float64 lanes (Zve32x): the reference's bit-by-bit root in 32-bit integer lanes.
SQUARE_ROOT_INT = SQUARE_ROOT.variant("SignalFilterBankSquareRoot (bit by bit in integer lanes)",
                                      {"rvv": "signal_filter_bank_sqrt_bits_u64_rvv"})  # fmt: skip
# Their RVV kernels keep uint64 products as two 32-bit halves: Zve32x too.
SPECTRAL = _family(OpKind.SIGNAL_SPECTRAL_SUBTRACTION, "SignalFilterBankSpectralSubtraction",
                   "rvfw_signal_spectral_params", "signal_spectral_subtraction_u32",
                   ("ref", "scalar", "rvv"))  # fmt: skip
PCAN = _family(OpKind.SIGNAL_PCAN, "SignalPCAN", "rvfw_signal_pcan_params", "signal_pcan_u32", ("ref", "scalar", "rvv"))
LOG = _family(OpKind.SIGNAL_FILTER_BANK_LOG, "SignalFilterBankLog", "rvfw_signal_log_params",
              "signal_filter_bank_log_u32", ("ref", "scalar", "rvv"))  # fmt: skip

PCAN_LUT = 125  # WideDynamicFunction reads lut[4 * msb - 6 + 2] for msb up to 32
LOG_SEGMENTS = 128
MAX_FFT = 1 << 14  # twiddle tables in flash; the front ends use 256 to 1024


def _int(op: Op, name: str, default: int | None = None) -> int:
    value = op.options.get(name, default)
    return int(value) if value is not None else 0


def _bounded(graph: Graph, op: Op, name: str, lo: int, hi: int) -> int:
    if name not in op.options:
        raise fail(graph, op, f"option '{name}' missing")
    if isinstance(op.options[name], float):  # TFLite Micro reads it as an int32
        raise fail(graph, op, f"option '{name}' is a float, not an integer")
    value = _int(op, name)
    if not lo <= value <= hi:
        raise fail(graph, op, f"{name} {value} outside [{lo}, {hi}]")
    return value


def _vector(graph: Graph, op: Op, index: int, role: str, *dtypes: DType) -> Tensor:
    t = expect_dtype(graph, op, index, role, *dtypes)
    if len(t.shape) != 1:
        raise fail(graph, op, f"{role} must be 1-D, not {list(t.shape)}")
    return t


# --- checks -----------------------------------------------------------------------------------


def _check_window(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT16)
    weights = _vector(graph, op, op.inputs[1], "window", DType.INT16)
    out = expect_dtype(graph, op, op.outputs[0], "output", DType.INT16)
    expect_constant(graph, op, op.inputs[1], "window")
    _bounded(graph, op, "shift", 0, 31)
    if not inp.shape or inp.shape != out.shape:
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")
    if weights.num_elements == 0 or inp.num_elements % weights.num_elements:
        raise fail(graph, op, f"a window of {weights.num_elements} does not tile {inp.num_elements} samples")


def _check_auto_scale(graph: Graph, op: Op) -> None:
    inp = _vector(graph, op, op.inputs[0], "input", DType.INT16)
    out = _vector(graph, op, op.outputs[0], "output", DType.INT16)
    shift = expect_dtype(graph, op, op.outputs[1], "scale bits output", DType.INT32)
    if inp.shape != out.shape or shift.num_elements != 1:
        raise fail(graph, op, f"input {list(inp.shape)}, output {list(out.shape)} and scale bits {list(shift.shape)}")


def fft_factors(n: int) -> list[int]:
    """kiss_fft's radices for a complex FFT of n points: fours first, then twos, then odd primes."""
    factors, p = [], 4
    floor_sqrt = math.floor(math.sqrt(n))
    while n > 1:
        while n % p:
            p = {4: 2, 2: 3}.get(p, p + 2)
            if p > floor_sqrt:
                p = n
        n //= p
        factors.append(p)
    return factors


def _check_rfft(graph: Graph, op: Op) -> None:
    inp = expect_dtype(graph, op, op.inputs[0], "input", DType.INT16, DType.INT32, DType.FLOAT32)
    out = expect_dtype(graph, op, op.outputs[0], "output", inp.dtype)
    length = _bounded(graph, op, "fft_length", 4, MAX_FFT)
    if length & (length - 1):
        raise fail(graph, op, f"fft_length {length}: rvfw's RFFT takes powers of two")
    if not inp.shape or len(inp.shape) != len(out.shape):
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ in rank")
    if op.kind is OpKind.SIGNAL_IRFFT:  # half + 1 complex bins in, fft_length samples out
        inp, out = out, inp
    if inp.shape[-1] == 0 or inp.shape[-1] > length or (op.kind is OpKind.SIGNAL_IRFFT and inp.shape[-1] != length):
        raise fail(graph, op, f"{inp.shape[-1]} samples per frame for fft_length {length}")
    if out.shape[-1] != length + 2 or out.shape[:-1] != inp.shape[:-1]:
        raise fail(graph, op, f"{list(out.shape)} is not {length // 2 + 1} complex bins per frame")


def _check_energy(graph: Graph, op: Op) -> None:
    inp = _vector(graph, op, op.inputs[0], "input", DType.INT16)
    out = _vector(graph, op, op.outputs[0], "output", DType.UINT32)
    bins = min(inp.num_elements // 2, out.num_elements)
    start = _bounded(graph, op, "start_index", 0, bins)
    _bounded(graph, op, "end_index", start, bins)


def _check_filter_bank(graph: Graph, op: Op) -> None:
    inp = _vector(graph, op, op.inputs[0], "input", DType.UINT32)
    out = _vector(graph, op, op.outputs[0], "output", DType.UINT64)
    tables = []
    for position, role in enumerate(("weights", "unweights", "channel frequency starts", "channel weight starts",
                                     "channel widths"), start=1):  # fmt: skip
        tables.append(_vector(graph, op, op.inputs[position], role, DType.INT16))
        expect_constant(graph, op, op.inputs[position], role)
    channels = _bounded(graph, op, "num_channels", 1, 1 << 14)
    if out.num_elements != channels:
        raise fail(graph, op, f"output of {out.num_elements} for {channels} channels")
    weights, unweights, freq_starts, weight_starts, widths = (t.data.astype(np.int64) for t in tables)
    if min(len(freq_starts), len(weight_starts), len(widths)) < channels + 1:
        raise fail(graph, op, f"channel tables shorter than num_channels + 1 ({channels + 1})")
    for i in range(channels + 1):  # TFLite Micro reads them unchecked: a bad index reads past a table
        width = widths[i]
        if width <= 0:
            continue
        if freq_starts[i] < 0 or freq_starts[i] + width > inp.num_elements:
            raise fail(graph, op, f"channel {i} reads bins {freq_starts[i]}..{freq_starts[i] + width - 1} of "
                       f"{inp.num_elements}")  # fmt: skip
        if weight_starts[i] < 0 or weight_starts[i] + width > min(len(weights), len(unweights)):
            raise fail(graph, op, f"channel {i} reads weights {weight_starts[i]}..{weight_starts[i] + width - 1} "
                       f"of {min(len(weights), len(unweights))}")  # fmt: skip


def _check_square_root(graph: Graph, op: Op) -> None:
    inp = _vector(graph, op, op.inputs[0], "input", DType.UINT64)
    shift = expect_dtype(graph, op, op.inputs[1], "scale bits", DType.INT32)
    out = _vector(graph, op, op.outputs[0], "output", DType.UINT32)
    if shift.num_elements != 1 or inp.shape != out.shape:
        raise fail(graph, op, f"input {list(inp.shape)}, scale bits {list(shift.shape)}, output {list(out.shape)}")
    if shift.is_constant and not 0 <= int(shift.data.reshape(-1)[0]) <= 31:
        raise fail(graph, op, f"scale bits {int(shift.data.reshape(-1)[0])} outside [0, 31]")


def _check_spectral(graph: Graph, op: Op) -> None:
    inp = _vector(graph, op, op.inputs[0], "input", DType.UINT32)
    for position, o in enumerate(op.outputs):
        out = _vector(graph, op, o, f"output {position}", DType.UINT32)
        if out.shape != inp.shape:
            raise fail(graph, op, f"output {position} {list(out.shape)} is not the input's {list(inp.shape)}")
    channels = _bounded(graph, op, "num_channels", 1, inp.num_elements)
    if channels != inp.num_elements:
        raise fail(graph, op, f"num_channels {channels} for {inp.num_elements} inputs")
    _bounded(graph, op, "smoothing_bits", 0, 31)
    _bounded(graph, op, "spectral_subtraction_bits", 0, 63)


def _check_pcan(graph: Graph, op: Op) -> None:
    inp = _vector(graph, op, op.inputs[0], "input", DType.UINT32)
    noise = _vector(graph, op, op.inputs[1], "noise estimate", DType.UINT32)
    lut = _vector(graph, op, op.inputs[2], "gain table", DType.INT16)
    out = _vector(graph, op, op.outputs[0], "output", DType.UINT32)
    expect_constant(graph, op, op.inputs[2], "gain table")
    if not inp.num_elements or inp.shape != noise.shape or inp.shape != out.shape:
        raise fail(graph, op, f"input {list(inp.shape)}, noise estimate {list(noise.shape)}, output {list(out.shape)}")
    if lut.num_elements < PCAN_LUT:
        raise fail(graph, op, f"gain table of {lut.num_elements} entries; the gain function reads {PCAN_LUT}")
    _bounded(graph, op, "snr_shift", 0, 63)


def _check_log(graph: Graph, op: Op) -> None:
    inp = _vector(graph, op, op.inputs[0], "input", DType.UINT32)
    out = _vector(graph, op, op.outputs[0], "output", DType.INT16)
    if inp.shape != out.shape:
        raise fail(graph, op, f"input {list(inp.shape)} and output {list(out.shape)} differ")
    _bounded(graph, op, "input_correction_bits", 0, 31)
    _bounded(graph, op, "output_scale", -(2**31), 2**31 - 1)


CHECKS = {
    OpKind.SIGNAL_WINDOW: _check_window,
    OpKind.SIGNAL_FFT_AUTO_SCALE: _check_auto_scale,
    OpKind.SIGNAL_RFFT: _check_rfft,
    OpKind.SIGNAL_IRFFT: _check_rfft,
    OpKind.SIGNAL_ENERGY: _check_energy,
    OpKind.SIGNAL_FILTER_BANK: _check_filter_bank,
    OpKind.SIGNAL_FILTER_BANK_SQRT: _check_square_root,
    OpKind.SIGNAL_SPECTRAL_SUBTRACTION: _check_spectral,
    OpKind.SIGNAL_PCAN: _check_pcan,
    OpKind.SIGNAL_FILTER_BANK_LOG: _check_log,
}


def check(graph: Graph, op: Op) -> None:
    CHECKS[op.kind](graph, op)


def split_filter_bank(graph: Graph, op: Op) -> bool:
    """Whether every channel's weights and unweights are non-negative and sum below 2^32 / 65535,
    so that the products of an energy's 16-bit halves sum in 32 bits without wrapping."""
    weights, unweights, _starts, weight_starts, widths = (graph.tensors[i].data.astype(np.int64)
                                                          for i in op.inputs[1:6])  # fmt: skip
    for table in (weights, unweights):
        for start, width in zip(weight_starts, widths):
            taps = table[start : start + max(int(width), 0)]
            if taps.size and (taps.min() < 0 or int(taps.sum()) * 0xFFFF >= 1 << 32):
                return False
    return True


# --- build-time tables ------------------------------------------------------------------------


def _q15(phase: float) -> tuple[int, int]:
    """kiss_fft's fixed-point e^(i phase): floor(0.5 + 32767 cos), floor(0.5 + 32767 sin)."""
    return math.floor(0.5 + 32767 * math.cos(phase)), math.floor(0.5 + 32767 * math.sin(phase))


def rfft_tables(fft_length: int, dtype: DType = DType.INT16, inverse: bool = False) -> tuple[np.ndarray, np.ndarray]:
    """(twiddles of the half-length complex FFT, kiss_fftr's super twiddles), each as interleaved
    (re, im) pairs, from the same double-precision phases as kiss_fft's allocators (negated for
    the inverse): floor(0.5 + (2^15 - 1 or 2^31 - 1) x) in fixed point, (float) x in float32."""
    n = fft_length // 2
    sign = -1.0 if inverse else 1.0
    phases = [sign * (-2 * math.pi * i / n) for i in range(n)]
    super_phases = [sign * (-math.pi * ((i + 1) / n + 0.5)) for i in range(n // 2)]

    def table(values: list[float]) -> np.ndarray:
        pairs = [(math.cos(v), math.sin(v)) for v in values]
        if dtype is DType.FLOAT32:
            return np.array(pairs, dtype=np.float64).astype(np.float32).reshape(-1)
        scale = 32767 if dtype is DType.INT16 else 2147483647
        return np.array([[math.floor(0.5 + scale * c), math.floor(0.5 + scale * s)] for c, s in pairs],
                        dtype=dtype.np_type).reshape(-1)  # fmt: skip

    return table(phases), table(super_phases)


def fft_gather(n: int, factors: list[int]) -> np.ndarray:
    """Where kiss_fft's recursion reads each leaf: out[j] = in[gather[j]] over the n complex
    points, as byte offsets (4 bytes a point) for the fast kernels' one gather."""
    order = np.zeros(n, dtype=np.int64)

    def leaves(out: int, first: int, size: int, stride: int, depth: int) -> None:
        p = factors[depth]
        m = size // p
        for k in range(p):
            if m == 1:
                order[out + k] = first + k * stride
            else:
                leaves(out + k * m, first + k * stride, m, stride * p, depth + 1)

    leaves(0, 0, n, 1, 0)
    return (order * 4).astype(np.uint16)


def log_table() -> np.ndarray:
    """The log2 correction per segment: round(2^16 (log2(1 + x) - x)) at x = i / 128, and a pad."""
    values = [math.floor(65536 * (math.log2(1 + i / LOG_SEGMENTS) - i / LOG_SEGMENTS) + 0.5)
              for i in range(LOG_SEGMENTS + 1)]  # fmt: skip
    return np.array([*values, 0], dtype=np.uint16)


# --- lowering ---------------------------------------------------------------------------------


def _u32(value: int) -> int:
    """An int32 option where TFLite Micro's config holds it as uint32_t (modulo 2^32)."""
    return value & 0xFFFFFFFF


def lower(ctx: LowerContext, op: Op) -> Layer:
    g, kind = ctx.graph, op.kind
    inp = ctx.tensor(op.inputs[0])
    if kind is OpKind.SIGNAL_WINDOW:
        weights = ctx.tensor(op.inputs[1])
        params = [("size", inp.num_elements), ("window_size", weights.num_elements), ("shift", _int(op, "shift"))]
        return ctx.layer(op, ctx.pick(WINDOW), WINDOW, params,
                         [ctx.input(op), ctx.weights(op.inputs[1]), ctx.output(op)])  # fmt: skip
    if kind is OpKind.SIGNAL_FFT_AUTO_SCALE:
        return ctx.layer(op, ctx.pick(AUTO_SCALE), AUTO_SCALE, [("size", inp.num_elements)],
                         [ctx.input(op), ctx.output(op), ctx.output(op, 1)])  # fmt: skip
    if kind in (OpKind.SIGNAL_IRFFT, OpKind.SIGNAL_RFFT) and (
        kind is OpKind.SIGNAL_IRFFT or inp.dtype is not DType.INT16
    ):
        return _lower_kiss(ctx, op)
    if kind is OpKind.SIGNAL_RFFT:
        length = _int(op, "fft_length")
        twiddles, supers = rfft_tables(length)
        factors = fft_factors(length // 2)
        params = [("frames", inp.num_elements // inp.shape[-1]), ("input_length", inp.shape[-1]),
                  ("fft_length", length), ("stages", len(factors))]  # fmt: skip
        operands: Operands = {
            "input": lambda: ctx.input(op),
            "gather": lambda: ctx.derived(op, "gather", "uint16_t", fft_gather(length // 2, factors)),
            "twiddles": lambda: ctx.derived(op, "twiddles", "int16_t", twiddles),
            "super_twiddles": lambda: ctx.derived(op, "super_twiddles", "int16_t", supers),
            "factors": lambda: ctx.derived(op, "factors", "int32_t", np.array(factors, dtype=np.int32)),
            "work": lambda: ctx.scratch(op),
            "output": lambda: ctx.output(op),
        }
        return ctx.layer(op, ctx.pick(RFFT), RFFT, params, operands, macs(g, op))
    if kind is OpKind.SIGNAL_ENERGY:
        out = ctx.tensor(op.outputs[0])
        params = [("start", _int(op, "start_index")), ("end", _int(op, "end_index")), ("size", out.num_elements)]
        return ctx.layer(op, ctx.pick(ENERGY), ENERGY, params, [ctx.input(op), ctx.output(op)])
    if kind is OpKind.SIGNAL_FILTER_BANK:
        args = [ctx.input(op), *(ctx.weights(op.inputs[k]) for k in range(1, 6)), ctx.output(op)]
        # The RVV kernel's lanes are 64-bit (ELEN 64); the square root's also float64 (V, Zve64d).
        split = split_filter_bank(g, op)
        if "e64" in ctx.caps:
            fam = FILTER_BANK_SPLIT if split else FILTER_BANK
        else:
            fam = FILTER_BANK_INT_SPLIT if split else FILTER_BANK_INT
        return ctx.layer(op, ctx.pick(fam), fam, [("size", _int(op, "num_channels"))], args, macs(g, op))
    if kind is OpKind.SIGNAL_FILTER_BANK_SQRT:
        fam = SQUARE_ROOT if "f64" in ctx.caps else SQUARE_ROOT_INT
        return ctx.layer(op, ctx.pick(fam), fam, [("size", inp.num_elements)],
                         [ctx.input(op), ctx.arena(op.inputs[1]), ctx.output(op)])  # fmt: skip
    if kind is OpKind.SIGNAL_SPECTRAL_SUBTRACTION:
        names = ("smoothing", "one_minus_smoothing", "alternate_smoothing", "alternate_one_minus_smoothing",
                 "min_signal_remaining", "smoothing_bits", "spectral_subtraction_bits")  # fmt: skip
        params = [("channels", inp.num_elements), *((n, _u32(_int(op, n))) for n in names),
                  ("clamping", int(bool(op.options.get("clamping", False))))]  # fmt: skip
        args = [ctx.input(op), ctx.arena(op.inputs[-1]), ctx.output(op), ctx.output(op, 1)]
        return ctx.layer(op, ctx.pick(SPECTRAL), SPECTRAL, params, args)
    if kind is OpKind.SIGNAL_PCAN:
        params = [("channels", inp.num_elements), ("snr_shift", _int(op, "snr_shift"))]
        args = [ctx.input(op), ctx.arena(op.inputs[1]), ctx.weights(op.inputs[2]), ctx.output(op)]
        return ctx.layer(op, ctx.pick(PCAN), PCAN, params, args)
    assert kind is OpKind.SIGNAL_FILTER_BANK_LOG, kind
    params = [("channels", inp.num_elements), ("correction_bits", _int(op, "input_correction_bits")),
              ("output_scale", _u32(_int(op, "output_scale")))]  # fmt: skip
    args = [ctx.input(op), ctx.derived(op, "log_table", "uint16_t", log_table()), ctx.output(op)]
    return ctx.layer(op, ctx.pick(LOG), LOG, params, args)


def _lower_kiss(ctx: LowerContext, op: Op) -> Layer:
    """SignalRfft in int32 or float32, SignalIrfft in every dtype: kiss_fft's reference (rvfw_kiss.h)."""
    length, dtype = _int(op, "fft_length"), ctx.tensor(op.inputs[0]).dtype
    inverse = op.kind is OpKind.SIGNAL_IRFFT
    twiddles, supers = rfft_tables(length, dtype, inverse)
    c_type = dtype.c_type
    frames = ctx.tensor(op.outputs[0]).num_elements // ctx.tensor(op.outputs[0]).shape[-1]
    factors = np.array(fft_factors(length // 2), dtype=np.int32)
    if inverse:
        fam = IRFFT[dtype]
        params = [("frames", frames), ("fft_length", length), ("stages", len(factors))]
    else:
        fam = RFFT_WIDE[dtype]
        params = [("frames", frames), ("input_length", ctx.tensor(op.inputs[0]).shape[-1]), ("fft_length", length),
                  ("stages", len(factors))]  # fmt: skip
    args = [ctx.input(op), ctx.derived(op, "twiddles", c_type, twiddles),
            ctx.derived(op, "super_twiddles", c_type, supers), ctx.derived(op, "factors", "int32_t", factors),
            ctx.scratch(op), ctx.output(op)]  # fmt: skip
    return ctx.layer(op, ctx.pick(fam), fam, params, args, rfft_macs(ctx.graph, op))


def rfft_macs(graph: Graph, op: Op) -> int:
    """Complex multiplies of the radix stages (n/2 log2(n/2)) and the real split (n/4), per frame."""
    out = graph.tensors[op.outputs[0]]
    n = _int(op, "fft_length") // 2
    return (out.num_elements // out.shape[-1]) * (n * max(1, int(math.log2(n))) + n // 2)


def macs(graph: Graph, op: Op) -> int:
    if op.kind in (OpKind.SIGNAL_RFFT, OpKind.SIGNAL_IRFFT):
        return rfft_macs(graph, op)
    if op.kind is OpKind.SIGNAL_FILTER_BANK:
        return 2 * graph.tensors[op.inputs[0]].num_elements
    return 0


def scratch(graph: Graph, op: Op) -> int:
    """RFFT: the zero-padded frame (fft_length samples) and the half-length complex FFT's output;
    IRFFT: the folded half-length spectrum."""
    if op.kind not in (OpKind.SIGNAL_RFFT, OpKind.SIGNAL_IRFFT):
        return 0
    size = graph.tensors[op.inputs[0]].dtype.size
    return (1 if op.kind is OpKind.SIGNAL_IRFFT else 2) * _int(op, "fft_length") * size


CONTRACT = OpContract(
    kinds={
        OpKind.SIGNAL_WINDOW: Kind(1, (2, 2)),
        OpKind.SIGNAL_FFT_AUTO_SCALE: Kind(1, (1, 1), (2, 2)),
        OpKind.SIGNAL_RFFT: Kind(1, (1, 1), options=("fft_length",)),
        OpKind.SIGNAL_IRFFT: Kind(1, (1, 1), options=("fft_length",)),
        OpKind.SIGNAL_ENERGY: Kind(1, (1, 1), options=("start_index", "end_index")),
        OpKind.SIGNAL_FILTER_BANK: Kind(1, (6, 6), options=("num_channels",)),
        OpKind.SIGNAL_FILTER_BANK_SQRT: Kind(1, (2, 2)),
        # One input in the file; frontend.signal appends the noise estimate's state tensor.
        OpKind.SIGNAL_SPECTRAL_SUBTRACTION: Kind(1, (2, 2), (2, 2), options=("num_channels",)),
        OpKind.SIGNAL_PCAN: Kind(1, (3, 3), options=("snr_shift",)),
        OpKind.SIGNAL_FILTER_BANK_LOG: Kind(1, (1, 1)),
    },
    forms={
        None: Form(
            check,
            lower,
            (
                WINDOW,
                AUTO_SCALE,
                RFFT,
                *RFFT_WIDE.values(),
                *IRFFT.values(),
                ENERGY,
                FILTER_BANK,
                FILTER_BANK_INT,
                FILTER_BANK_SPLIT,
                FILTER_BANK_INT_SPLIT,
                SQUARE_ROOT,
                SQUARE_ROOT_INT,
                SPECTRAL,
                PCAN,
                LOG,
            ),
            macs=macs,
            scratch=scratch,
        )
    },
)
