"""The kernel tier's single-op models (written with codegen.modelgen) and what each case means, one
module per op family (common: what a case is); CASES joins their tables.

Shapes are chosen to hit the edges: odd channel counts, strides, SAME padding with an odd extra
cell, dilation, depth multipliers, per-tensor and per-channel weights, non-zero zero points,
several batches, and every fused activation. Each case says, as data, which tiers it belongs to
and which vector kernels it must run (Case); the unit tests borrow the builders too.
"""

from __future__ import annotations

from tests.kernels.cases import (
    activations,
    arithmetic,
    data_movement,
    legacy_uint8,
    quantization,
    reductions,
    stateful,
    weighted,
)
from tests.kernels.cases.activations import (  # noqa: F401
    activation,
    cast_chain,
    convert,
    every_dtype_float_extras,
    float_chain,
    float_unary,
    leaky16,
    relu16,
    rsqrt_s8,
    rsqrt_s16,
    sigmoid16,
    table16,
    unary_raw,
    unary_s8,
)
from tests.kernels.cases.arithmetic import (  # noqa: F401
    add,
    add_n,
    add_n_s8,
    binary,
    binary_s32,
    bool_logic,
    compare,
    divide,
    equal16_requantized,
    every_dtype_compare,
    float_op,
    floor_int,
    greater16,
    maxmin16,
    op16x8,
    pool_then_add,
    prelu16,
    select_v2,
    select_v2_broadcast,
    squared_difference16,
    squared_difference_f32_overflow,
)
from tests.kernels.cases.common import F32_CONV, FAST, RVV, S16_CONV, S16_FAST, VECTOR, Case, _coarse_scale, _scale_for  # noqa: F401
from tests.kernels.cases.data_movement import (  # noqa: F401
    MOVED_FORMS,
    batch_space,
    broadcast_args,
    concat,
    concat_like,
    embedding,
    every_dtype_moves,
    fill_computed,
    litert_form,
    movement,
    movement_const,
    pad,
    pad_s32,
    padv2,
    scalar_forms,
    simplifiable,
    update_slice,
    views,
    zero_copy_join_and_split,
    zeros_and_fill,
)
from tests.kernels.cases.quantization import (  # noqa: F401
    dequantize,
    dequantize_u8,
    dequantized_constant,
    float_io_relu,
    quantize_float,
    quantize_s16_halves,
    requantize,
    requantize_between,
)
from tests.kernels.cases.reductions import (  # noqa: F401
    arg_minmax,
    cumsum,
    cumsum_s8,
    float_mean,
    pool,
    reduce,
    reduce_all,
    reduce_bool,
    softmax,
    softmax16,
    topk,
)
from tests.kernels.cases.stateful import (  # noqa: F401
    circular_buffer,
    lstm,
    lstm_float,
    resource_accumulator,
    signal_fft,
    signal_stream,
    svdf,
    svdf_float,
)
from tests.kernels.cases.weighted import (  # noqa: F401
    _chain,
    batch_matmul,
    conv,
    conv_chain,
    conv_residual,
    depthwise,
    fully_connected,
    fully_connected_litert,
    grouped_conv,
    hybrid,
    int4_weighted,
    inverted_residual_stage,
    pad_then_conv,
    random_cases,
    transpose_conv,
    transpose_conv16,
    transpose_conv_float,
    wide_stage,
    widening_chain,
    window_layer,
)

CASES: dict[str, Case] = {
    **weighted.CASES,
    **arithmetic.CASES,
    **activations.CASES,
    **quantization.CASES,
    **reductions.CASES,
    **data_movement.CASES,
    **stateful.CASES,
    **legacy_uint8.CASES,
    **random_cases(4),
}
