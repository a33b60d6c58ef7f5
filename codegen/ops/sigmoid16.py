"""TFLite's int16 table kernels. Sigmoid and tanh (reference_integer_ops::Logistic / Tanh, used by
int16 LOGISTIC and TANH and inside the integer LSTM) read a 256-entry table of 65536 *
sigmoid(i / 24), which TFLite tuned for its linear interpolation rather than rounded (so it is
data here, not a formula); int16 SOFTMAX reads the two 513-entry tables TFLite Micro builds in
Prepare (gen_lut, repeated here in float32 arithmetic on the host's expf, as TFLite Micro builds
them on the host the golden runs on). The kernel tier checks all of them against TFLite Micro."""

from __future__ import annotations

import ctypes
import ctypes.util
import functools
import math

import numpy as np

from codegen.ir import OpKind
from codegen.ops.common import Arg, ConstArray, LowerContext
from codegen.quant import round_half_away

SIGMOID_TABLE_U16 = np.array([
    32768, 33451, 34133, 34813, 35493, 36169, 36843, 37513, 38180, 38841, 39498, 40149, 40794, 41432, 42064, 42688,
    43304, 43912, 44511, 45102, 45683, 46255, 46817, 47369, 47911, 48443, 48964, 49475, 49975, 50464, 50942, 51409,
    51865, 52311, 52745, 53169, 53581, 53983, 54374, 54755, 55125, 55485, 55834, 56174, 56503, 56823, 57133, 57433,
    57724, 58007, 58280, 58544, 58800, 59048, 59288, 59519, 59743, 59959, 60168, 60370, 60565, 60753, 60935, 61110,
    61279, 61441, 61599, 61750, 61896, 62036, 62172, 62302, 62428, 62549, 62666, 62778, 62886, 62990, 63090, 63186,
    63279, 63368, 63454, 63536, 63615, 63691, 63765, 63835, 63903, 63968, 64030, 64090, 64148, 64204, 64257, 64308,
    64357, 64405, 64450, 64494, 64536, 64576, 64614, 64652, 64687, 64721, 64754, 64786, 64816, 64845, 64873, 64900,
    64926, 64950, 64974, 64997, 65019, 65039, 65060, 65079, 65097, 65115, 65132, 65149, 65164, 65179, 65194, 65208,
    65221, 65234, 65246, 65258, 65269, 65280, 65291, 65301, 65310, 65319, 65328, 65337, 65345, 65352, 65360, 65367,
    65374, 65381, 65387, 65393, 65399, 65404, 65410, 65415, 65420, 65425, 65429, 65433, 65438, 65442, 65445, 65449,
    65453, 65456, 65459, 65462, 65465, 65468, 65471, 65474, 65476, 65479, 65481, 65483, 65485, 65488, 65489, 65491,
    65493, 65495, 65497, 65498, 65500, 65501, 65503, 65504, 65505, 65507, 65508, 65509, 65510, 65511, 65512, 65513,
    65514, 65515, 65516, 65517, 65517, 65518, 65519, 65520, 65520, 65521, 65522, 65522, 65523, 65523, 65524, 65524,
    65525, 65525, 65526, 65526, 65526, 65527, 65527, 65528, 65528, 65528, 65529, 65529, 65529, 65529, 65530, 65530,
    65530, 65530, 65531, 65531, 65531, 65531, 65531, 65532, 65532, 65532, 65532, 65532, 65532, 65533, 65533, 65533,
    65533, 65533, 65533, 65533, 65533, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65534, 65535,
], dtype=np.uint16)  # fmt: skip


def lut_multiplier(multiplier: int, left_shift: int) -> tuple[int, int]:
    """TFLite's (input_multiplier, input_left_shift) of the table kernels, resolved: a multiplier of
    0 means a power-of-two input scale, 3 << left_shift and no shift (the 3 is the table's 3/4
    range scaling, times 4 folded into the index shifts)."""
    return (3 << left_shift, 0) if multiplier == 0 else (multiplier, left_shift)


def lstm_tanh_params(cell_scale_power: int) -> tuple[int, int]:
    """The LSTM's tanh of a Q(15 - p) value whose scale is 2^cell_scale_power (TFLM lstm_internal::Tanh)."""
    left_shift = 15 + cell_scale_power - 3
    return lut_multiplier(0, left_shift) if left_shift >= 0 else (3, -left_shift)


def checked_log2(scale: float) -> int | None:
    """TFLite's CheckedLog2: the rounded log2 of a scale within 1e-3 of a power of two, else None."""
    log2 = float(np.log(np.float32(scale))) / math.log(2.0)
    rounded = round_half_away(log2)
    return int(rounded) if abs(log2 - rounded) < 1e-3 else None


def table_input_scaling(kind: OpKind, scale: float) -> tuple[int, int]:
    """TFLite Micro's int16 LOGISTIC / TANH Prepare: (multiplier, left shift) taking the input to the
    table's Q3.12 x 3 scaling, resolved as the kernel resolves a power-of-two one."""
    log2 = checked_log2(scale)
    exact = (0, 1) if kind is OpKind.TANH else (0,)
    if log2 is not None and 12 + log2 in exact:
        return lut_multiplier(0, 12 + log2)
    multiplier, left_shift = float(scale) * 4096.0 * 3.0, 0
    while multiplier <= 32767.0 / 2.0 and left_shift <= 30:
        left_shift += 1
        multiplier *= 2.0
    return int(multiplier), left_shift


def table_arg(ctx: LowerContext) -> Arg:
    """The table as a kernel argument: one flash copy per model, however many layers use it."""
    name = f"{ctx.graph.name}_sigmoid_u16"
    ctx.constants.setdefault(name, ConstArray(name, "uint16_t", SIGMOID_TABLE_U16, "params"))
    return Arg("const", "uint16_t", name=name)


def _roundf(x: np.float32) -> np.float32:
    """TfLiteRound on a float: half away from zero (exact in double for any float32)."""
    v = float(x)
    return np.float32(math.copysign(math.floor(abs(v) + 0.5), v))


@functools.cache
def _host_expf():
    """The host C library's expf, which TFLite Micro's float lambdas call when it builds its tables."""
    libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    libm.expf.restype, libm.expf.argtypes = ctypes.c_float, [ctypes.c_float]
    return lambda x: np.float32(libm.expf(float(x)))


def gen_lut_s16(func, input_min: float, input_max: float, output_min: float = -1.0, output_max: float = 1.0
                ) -> np.ndarray:  # fmt: skip
    """TFLite's gen_lut<float, int16_t, int16_t> (LiteRT's LUTPopulate<int16_t> with its ranges
    from the tensors' scales): 512 samples of func over [input_min, input_max] in float32
    arithmetic, each biased by half the interpolation error at its midpoint, and a 513th value for
    the last slope; outputs scaled by 65536 / (output_max - output_min)."""
    f32 = np.float32
    lo, hi = f32(input_min), f32(input_max)
    step = (hi - lo) / f32(512)
    half_step = step / f32(2)
    scaling = f32(65536) / (f32(output_max) - f32(output_min))
    lut = np.zeros(513, dtype=np.int16)
    for i in range(512):
        val = func(lo + f32(i) * step)
        val_mid = func(lo + f32(i) * step + half_step)
        val_next = func(lo + f32(i + 1) * step)
        sample = _roundf(val * scaling)
        interpolated = _roundf((val_next * scaling + _roundf(val * scaling)) / f32(2))
        bias = _roundf((interpolated - _roundf(val_mid * scaling)) / f32(2))
        lut[i] = int(min(max(sample - bias, f32(-32768)), f32(32767)))
    lut[512] = int(min(max(_roundf(func(hi) * scaling), f32(-32768)), f32(32767)))
    return lut


def softmax_luts() -> tuple[np.ndarray, np.ndarray]:
    """The int16 SOFTMAX tables TFLite Micro builds in Prepare: exp over [-10, 0] and 1 / (1 + x)
    over [0, 1]."""
    exp = gen_lut_s16(_host_expf(), -10.0, 0.0)
    reciprocal = gen_lut_s16(lambda x: np.float32(1) / (np.float32(1) + x), 0.0, 1.0)
    return exp, reciprocal
