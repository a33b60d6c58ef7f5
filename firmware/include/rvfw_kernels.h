/* SPDX-License-Identifier: Apache-2.0 */
/* Public API of the rvfw kernels. Every parameter is computed at build time by
 * codegen/ and arrives here as a constant struct: kernels only run. Shapes are
 * NHWC; filters are OHWI (conv), 1HWO (depthwise) and OI (fully connected). */
#ifndef RVFW_KERNELS_H
#define RVFW_KERNELS_H

#include <stdint.h>

/* Every kernel is defined weak (RVFW_KERNEL): two exports from one rvfw version compiled together,
 * every .c of both folders as a hand-written Makefile compiles them, define each kernel they share
 * twice with the same code, and the linker keeps one. */
#define RVFW_KERNEL __attribute__((weak))

#ifdef __cplusplus
extern "C" {
#endif

/* A float that is not finite in a generated table (a model's NaN or infinite weight or constant). */
#define RVFW_NAN __builtin_nanf("")
#define RVFW_INF __builtin_inff()

/* n bytes from src to dst, forward (so dst < src may overlap: a tiled stage's line buffer moving
 * its live rows to its top), a machine word at a time when both are aligned: picolibc's memmove
 * and memcpy copy a byte at a time (about 6 instructions a byte), and GCC must not turn the loop
 * back into a call to them. */
typedef __UINTPTR_TYPE__ rvfw_word __attribute__((may_alias)); /* kernels compile without libc headers */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((optimize("no-tree-loop-distribute-patterns")))
#endif
static inline void rvfw_copy_forward(uint8_t *dst, const uint8_t *src, __SIZE_TYPE__ n)
{
    if ((((rvfw_word)dst | (rvfw_word)src | n) & (sizeof(rvfw_word) - 1)) == 0) {
        rvfw_word *d = (rvfw_word *)dst;
        const rvfw_word *s = (const rvfw_word *)src;
        for (__SIZE_TYPE__ i = 0; i < n / sizeof(rvfw_word); ++i)
            d[i] = s[i];
        return;
    }
    for (__SIZE_TYPE__ i = 0; i < n; ++i)
        dst[i] = src[i];
}

/* A strided copy of `rows` runs (CONCATENATION: one per input, into its slice of the output). */
typedef struct {
    int32_t rows, row_bytes, out_row_bytes, out_offset;
} rvfw_copy_rows_params;

/* ABS, NEG or SIGN on `size` int16 (bytes 2) or int32 (bytes 4) elements (codegen.ops.unary_int). */
enum { RVFW_UNARY_ABS = 0, RVFW_UNARY_NEG = 1, RVFW_UNARY_SIGN = 2 };
typedef struct {
    int32_t size, op, bytes;
} rvfw_unary_int_params;

/* A table activation over `size` elements (codegen.ops.activation). */
typedef struct {
    int32_t size;
} rvfw_lut_params;

/* Any-dtype data movement (codegen.ops.movement): output element k, in row-major order over
 * dims[0..5], comes from input + offset + sum(i_d * strides[d]); offset and strides in bytes
 * (a stride may be 0 or negative), elements of elem_size bytes. */
typedef struct {
    int32_t dims[6];
    int32_t strides[6];
    int32_t offset, elem_size;
} rvfw_copy_strided_params;

/* DYNAMIC_UPDATE_SLICE (codegen.ops.dynamic_update_slice): the operand (dims, 6 padded with leading
 * 1s) with the update (update_dims) written at start indices read on the device (index_bytes 4 or
 * 8), each clamped so the update fits; elements of elem_size bytes. */
typedef struct {
    int32_t dims[6], update_dims[6];
    int32_t rank, elem_size, index_bytes;
} rvfw_update_slice_params;

/* SignalIrfft (codegen.ops.signal): frames of half + 1 complex bins to fft_length samples. */
typedef struct {
    int32_t frames, fft_length, stages;
} rvfw_signal_irfft_params;

/* CIRCULAR_BUFFER (codegen.ops.circular_buffer): slots of depth bytes. */
typedef struct {
    int32_t slots, depth;
} rvfw_circular_buffer_params;

/* The Signal library's streaming ops (codegen.ops.signal_stream). */
typedef struct {
    int32_t rows, frame_size, frame_step, frames, capacity;
} rvfw_signal_framer_params;
typedef struct {
    int32_t channels, left, size, step; /* step: samples dropped per stack (channels x stacker_step) */
} rvfw_signal_stacker_params;
typedef struct {
    int32_t rows, frame_size, delay;
} rvfw_signal_delay_params;
typedef struct {
    int32_t rows, frames, frame_size, frame_step;
} rvfw_signal_overlap_params;

/* int4 weights unpacked into a layer's scratch (codegen.ops.int4): count values. */
typedef struct {
    int32_t count;
} rvfw_unpack4_params;

/* GATHER by indices computed on the device: outer blocks of axis_size rows of row_bytes; count
 * indices (codegen.ops.movement). */
typedef struct {
    int32_t outer, axis_size, row_bytes, count;
} rvfw_gather_params;

/* Rows gathered by a table: output row r is input row table[r], rows of row_bytes (the data
 * movement no strided copy expresses: GATHER by arbitrary indices, uneven nearest resizing). */
typedef struct {
    int32_t rows, row_bytes;
} rvfw_gather_rows_params;

/* TFLite Micro's Signal library (codegen.ops.signal): sizes and options of its audio front end.
 * The kernels compute as the Signal kernels do, wrapping and all: see each kernel's file. */
typedef struct {
    int32_t size;
} rvfw_signal_params;

typedef struct {
    int32_t size, window_size, shift;
} rvfw_signal_window_params;

/* frames of input_length samples, zero-padded to fft_length; stages: the radices in factors[]. */
typedef struct {
    int32_t frames, input_length, fft_length, stages;
} rvfw_signal_rfft_params;

typedef struct {
    int32_t start, end, size;
} rvfw_signal_energy_params;

/* The coefficients as TFLite Micro's SpectralSubtractionConfig holds them (uint32). */
typedef struct {
    int32_t channels;
    uint32_t smoothing, one_minus_smoothing, alternate_smoothing, alternate_one_minus_smoothing;
    uint32_t min_signal_remaining, smoothing_bits, spectral_subtraction_bits;
    int32_t clamping;
} rvfw_signal_spectral_params;

typedef struct {
    int32_t channels, snr_shift;
} rvfw_signal_pcan_params;

typedef struct {
    int32_t channels;
    uint32_t correction_bits, output_scale;
} rvfw_signal_log_params;

/* CAST: count elements from one dtype to another (RVFW_CAST_*, codegen.ops.cast.CODES). */
enum { RVFW_CAST_INT8 = 1, RVFW_CAST_INT16 = 2, RVFW_CAST_INT32 = 3, RVFW_CAST_INT64 = 4, RVFW_CAST_UINT8 = 5,
       RVFW_CAST_FLOAT32 = 6, RVFW_CAST_BOOL = 7, RVFW_CAST_UINT32 = 8, RVFW_CAST_UINT64 = 9 };
typedef struct {
    int32_t count, from, to;
} rvfw_cast_params;

/* TFLite_Detection_PostProcess (codegen.ops.detection_postprocess): boxes of box_stride floats,
 * classes_with_background scores each; fast (categories best classes per anchor) or regular
 * suppression; the options as float32. */
typedef struct {
    int32_t boxes, box_stride, classes_with_background, num_classes, max_detections, categories;
    int32_t detections_per_class, regular, output_rows, capacity;
    float score_threshold, iou_threshold, y_scale, x_scale, h_scale, w_scale;
} rvfw_detection_params;

/* int8 ADD_N and CUMSUM (codegen.ops.add_n.scaled_sum): TFLite Micro sums (value + input_offset)
 * << left_shift, each rescaled by input_multiplier/input_shift, from the rescaled input_offset (its
 * quirk: not from 0), then rescales the sum by output_multiplier/output_shift, adds output_offset
 * and clamps to [act_min, act_max]. */
typedef struct {
    int32_t input_offset, left_shift, input_multiplier, input_shift;
    int32_t output_multiplier, output_shift, output_offset, act_min, act_max;
} rvfw_scaled_sum;

/* CUMSUM (codegen.ops.cumsum): outer x axis_size x inner, summed along the middle; q for int8. */
typedef struct {
    int32_t outer, axis_size, inner;
    int32_t exclusive, reverse;
    rvfw_scaled_sum q;
} rvfw_cumsum_params;

/* int8 ADD_N (codegen.ops.add_n): one call per input, summing into an int32 accumulator per
 * element (first: it starts the sum; last: it writes the output). */
typedef struct {
    int32_t size, first, last;
    rvfw_scaled_sum q;
} rvfw_add_n_params;

/* SELECT_V2 (codegen.ops.select): size elements of elem_size bytes. */
typedef struct {
    int32_t size;
    int32_t elem_size;
} rvfw_select_params;

/* SELECT_V2 with broadcasting (codegen.ops.select): the output's dims (6, leading 1s) and each
 * operand's element strides per dimension (0 where it is broadcast); elements of elem_size bytes. */
typedef struct {
    int32_t dims[6], cond_strides[6], x_strides[6], y_strides[6];
    int32_t elem_size;
} rvfw_select_broadcast_params;

/* EQUAL, NOT_EQUAL, LESS, LESS_EQUAL, GREATER, GREATER_EQUAL (comparison 0-5, codegen.ops.compare)
 * with broadcasting as rvfw_binary_params lays it out; a bool (one byte) per output element. */
typedef struct {
    int32_t dims[5], a_strides[5], b_strides[5];
    int32_t comparison;
} rvfw_compare_params;

/* Elementwise ops of two int8 tensors with broadcasting (ADD, SUB, MUL, DIV, MAXIMUM, MINIMUM,
 * SQUARED_DIFFERENCE, PRELU): the
 * output is dims[0..4] in row-major order; a_strides/b_strides step each input per dimension in
 * elements (0 where it is broadcast). Each op uses the quantisation fields its arithmetic needs. */
typedef struct {
    int32_t dims[5], a_strides[5], b_strides[5];
    int32_t left_shift;
    int32_t input1_offset, input1_multiplier, input1_shift;
    int32_t input2_offset, input2_multiplier, input2_shift;
    int32_t output_offset, output_multiplier, output_shift;
    int32_t output_activation_min, output_activation_max;
} rvfw_binary_params;

/* A reduction (MEAN, SUM, REDUCE_MAX, REDUCE_MIN): output element k of the kept dimensions
 * (row-major, kept_dims) reduces the input elements at base + sum(r_d * red_strides[d]) over
 * red_dims, base = sum(k_d * kept_strides[d]); strides in elements. MEAN and SUM requantise
 * sum - input_zero_point * count by (multiplier, shift). */
typedef struct {
    int32_t kept_dims[4], kept_strides[4], red_dims[4], red_strides[4];
    int32_t count, input_zero_point, multiplier, shift, output_zero_point;
} rvfw_reduce_params;

/* ARG_MAX (is_max) / ARG_MIN over the middle of [outer, axis_size, inner]; indices of index_bytes. */
typedef struct {
    int32_t outer, axis_size, inner, index_bytes, is_max;
} rvfw_arg_params;

/* BATCH_MATMUL: per batch (three dimensions, element strides per operand, 0 where broadcast) a
 * rows x depth by depth x cols product; operands read through their row / depth / column strides. */
typedef struct {
    int32_t batch[3], a_batch_strides[3], b_batch_strides[3];
    int32_t rows, depth, cols;
    int32_t a_row_stride, a_depth_stride, b_depth_stride, b_col_stride;
    int32_t a_offset, b_offset, output_offset, output_multiplier, output_shift;
} rvfw_batch_matmul_params;

typedef struct {
    int32_t batches, in_h, in_w, depth, out_h, out_w;
    /* A tiled stage's call (ops.stage): output rows [row0, row0 + out_h), the input pointer at
     * input row row_base (both 0 for the whole tensor). */
    int32_t row0, row_base;
} rvfw_resize_bilinear_params;

typedef struct {
    int32_t outer, depth, input_zero_point;
    /* 1: LiteRT's 128 x by the multiplier and shift (a model only LiteRT runs); 0: TFLite Micro's x
     * with the shift + 7 */
    int32_t times128;
} rvfw_l2norm_params;

typedef struct {
    int32_t outer_size, depth;
    int32_t input_multiplier, input_left_shift, diff_min;
    int32_t reverse_multiplier, reverse_shift;
} rvfw_log_softmax_params;

/* SVDF: dimensions, zero points, the feature (input -> state) and output (state -> output)
 * requantisations; the state and time weights are int8 or int16 (state_bytes). */
typedef struct {
    int32_t batches, input_size, filters, memory, rank;
    int32_t input_zero_point, state_zero_point, output_zero_point;
    int32_t feature_multiplier, feature_shift, output_multiplier, output_shift;
    int32_t state_bytes;
    int32_t activation; /* float SVDF: 0 none, 1 RELU, 3 RELU6 (TFLite's ActivationFunctionType) */
} rvfw_svdf_params;

/* UNIDIRECTIONAL_SEQUENCE_LSTM, int8 activations with an int16 cell (TFLite Micro's integer
 * LSTM): gates in the order input, forget, cell, output; each gate's input-side and
 * recurrent-side fully connected layers requantise to Q3.12 (multiplier[g], multiplier[4 + g]),
 * then the inter-gate multiplications: forget x cell -> cell, input x cell gate -> cell,
 * tanh(cell) x output -> hidden; the cell tanh's input multiplier and shift; the clip (0: none). */
typedef struct {
    int32_t batches, time_steps, input_size, units, time_major;
    int32_t multiplier[8], shift[8];
    int32_t forget_cell_multiplier, forget_cell_shift, input_cell_multiplier, input_cell_shift;
    int32_t hidden_multiplier, hidden_shift, hidden_zero_point;
    int32_t cell_tanh_multiplier, cell_tanh_shift, cell_clip;
    int32_t activation_bytes, bias_bytes; /* 1 and 4: int8 activations, int32 bias; 2 and 8: 16x8 */
} rvfw_lstm_params;

/* UNIDIRECTIONAL_SEQUENCE_LSTM, float32: dimensions and the cell clip (0: none). */
typedef struct {
    int32_t batches, time_steps, input_size, units, time_major;
    float cell_clip;
} rvfw_lstm_f32_params;

/* A hybrid LSTM (float32 activations, int8 weights): the float LSTM's fields, and whether LiteRT
 * quantises the input and hidden rows asymmetrically. */
typedef struct {
    int32_t batches, time_steps, input_size, units, time_major;
    float cell_clip;
    int32_t asymmetric;
} rvfw_lstm_hybrid_params;

/* int16 LEAKY_RELU: (x - input zero point) requantised by the identity scale where it is not
 * negative, by alpha's where it is, plus the output zero point (TFLite Micro's QuantizeLeakyRelu). */
typedef struct {
    int32_t size, input_zero_point, output_zero_point;
    int32_t multiplier_identity, shift_identity, multiplier_alpha, shift_alpha;
} rvfw_leaky_relu_params;

/* int16 LOGISTIC (tanh 0) or TANH (tanh 1): elements and TFLite's input scaling. */
typedef struct {
    int32_t count, multiplier, shift, tanh;
} rvfw_sigmoid_s16_params;

/* The fused activation of a float32 op: act = {min, max} (TFLite's ActivationFunctionWithMinMax). */
static inline float rvfw_clamp_f32(float x, const float *act)
{
    const float lo = x < act[0] ? act[0] : x;
    return lo > act[1] ? act[1] : lo;
}

/* PAD as 4-D: input and output dimensions (the innermost in bytes), bytes before the input per
 * dimension, the fill element's raw bits (little-endian) and its size in bytes. */
typedef struct {
    int32_t in_d0, in_d1, in_d2, in_d3;
    int32_t out_d0, out_d1, out_d2, out_d3;
    int32_t before_d0, before_d1, before_d2, before_d3;
    int32_t pad_value, elem_size;
} rvfw_pad_params;

typedef struct {
    int32_t batches;
    int32_t in_h, in_w, in_c;
    int32_t out_h, out_w, out_c;
    int32_t k_h, k_w;
    int32_t stride_h, stride_w;
    int32_t dilation_h, dilation_w;
    int32_t pad_h, pad_w;
    int32_t depth_multiplier; /* depthwise only */
    int32_t input_offset;     /* -input zero point */
    int32_t output_offset;    /* output zero point */
    int32_t output_activation_min, output_activation_max;
    int32_t acc32; /* 16x8 kernels: an int32 bias means TFLite Micro's int32 accumulator and requantisation */
    /* 1: every output shift is negative (a scale below 0.5 in every channel, the common case), so
     * the vector kernels' requantisation skips the left shift and the zero test of its rounding. */
    int32_t right_shifts_only;
    /* 1: no weight is -128, so two int8 x int8 products always sum within int16 (|sum| <= 32,512):
     * the RVV depthwise kernel accumulates taps in pairs at int16 before widening to int32. */
    int32_t pair_taps;
    /* 1: every shift is a right shift and every channel's accumulator is bounded so that
     * rvfw_requantize_right is exact (codegen.ops.conv_common.fast_requant): the cycle-tuned
     * scalar and CORE-V kernels requantise with it. */
    int32_t fast_requant;
    /* minus the weights' zero point: 0 but in a legacy uint8 model's layer (passes.uint8_as_int8),
     * which runs on the reference kernels, TFLite's legacy arithmetic (w + filter_offset) */
    int32_t filter_offset;
} rvfw_conv_params;

typedef struct {
    int32_t batches, accum_depth, out_depth;
    int32_t input_offset, filter_offset, output_offset;
    int32_t output_activation_min, output_activation_max;
    int32_t acc32; /* as rvfw_conv_params.acc32 */
    int32_t fast_requant; /* as rvfw_conv_params.fast_requant */
    /* 1: LiteRT's rounding (one rounding of acc x multiplier, TFLite's TFLITE_SINGLE_ROUNDING; 16x8:
     * of the 64-bit sum), for a model only LiteRT runs (codegen.ops.tflm_set.LITERT_ONLY). */
    int32_t single_rounding;
} rvfw_fc_params;

/* A hybrid FULLY_CONNECTED (float32 activations, int8 weights: LiteRT's dynamic-range form). */
typedef struct {
    int32_t batches, accum_depth, out_depth;
    int32_t asymmetric; /* 1: each batch row quantised with a zero point (asymmetric_quantize_inputs) */
} rvfw_hybrid_fc_params;

typedef struct {
    int32_t batches;
    int32_t in_h, in_w, channels;
    int32_t out_h, out_w;
    int32_t k_h, k_w;
    int32_t stride_h, stride_w;
    int32_t pad_h, pad_w;
    int32_t output_activation_min, output_activation_max;
} rvfw_pool_params;

typedef struct {
    int32_t size;
    int32_t left_shift;
    int32_t input1_offset, input1_multiplier, input1_shift;
    int32_t input2_offset, input2_multiplier, input2_shift;
    int32_t output_offset, output_multiplier, output_shift;
    int32_t output_activation_min, output_activation_max;
    /* the inputs' shifts right shifts of 0..29 bits, the output's of 1..29 (codegen.ops.add.add_params):
     * the fast scalar kernel requantises with one high multiply (terms and sums stay below 2^29) */
    int32_t fast_requant;
} rvfw_add_params;

typedef struct {
    int32_t outer_size, depth;
    int32_t input_multiplier, input_left_shift;
    int32_t diff_min;
} rvfw_softmax_params;

/* One einsum of a Tensor-Train-compressed fully-connected layer: rows = outer * prev_m * inner
 * input rows of k values, n * r_out outputs each; output (o, p, i; nk, r) goes to
 * ((o * n + nk) * inner + i) * (prev_m * r_out) + p * r_out + r. Per-tensor requantisation. */
typedef struct {
    int32_t outer, prev_m, inner;
    int32_t n, r_out, k;
    int32_t bias_per_row; /* the chain's last einsum: bias laid out [inner][n * r_out] */
    int32_t input_offset, output_offset;
    int32_t output_multiplier, output_shift;
    int32_t output_activation_min, output_activation_max;
    int32_t right_shifts_only; /* with per-output shifts: all negative (rvfw_conv_params) */
} rvfw_tt_params;

/* Where the first output of input row (o, pm, i) goes; output (nk, r) of that row is
 * nk * inner * prev_m * r_out + r further. */
static inline int32_t rvfw_tt_row_base(const rvfw_tt_params *p, int32_t o, int32_t pm, int32_t i)
{
    return ((o * p->n) * p->inner + i) * (p->prev_m * p->r_out) + pm * p->r_out;
}

typedef struct {
    int32_t size;
    int32_t input_zero_point, output_zero_point;
    int32_t multiplier, shift;
    int32_t input_bytes, output_bytes; /* requantize_ref: 1 (int8), 2 (int16) or 4 (int32) */
    int32_t output_min, output_max;    /* the clamp: the output type's range, or an activation's (int16 RELU) */
} rvfw_requantize_params;

typedef struct {
    int32_t size;
    int32_t zero_point;
    double scale;
} rvfw_affine_params;

void rvfw_conv2d_s8_ref(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter, const int32_t *bias,
                        const int32_t *output_multiplier, const int32_t *output_shift, int8_t *output);
void rvfw_depthwise_conv2d_s8_ref(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                  const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                  int8_t *output);
void rvfw_fully_connected_s8_ref(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter, const int32_t *bias,
                                 const int32_t *output_multiplier, const int32_t *output_shift, int8_t *output);
void rvfw_avgpool2d_s8_ref(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
void rvfw_avgpool2d_u8_ref(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
void rvfw_maxpool2d_s8_ref(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
void rvfw_maxpool2d_s8_scalar(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
void rvfw_maxpool2d_s8_xcvsimd(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
void rvfw_avgpool2d_s8_scalar(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
void rvfw_add_s8_ref(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
/* tables: 2 x 256 int32 of scratch (its rescaling tables), or NULL. */
void rvfw_add_s8_scalar(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output,
                        int32_t *tables);
void rvfw_add_table_s8_scalar(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2,
                              const int32_t *terms, int8_t *output);
void rvfw_softmax_s8_ref(const rvfw_softmax_params *p, const int8_t *input, int8_t *output);
void rvfw_softmax_s8_scalar(const rvfw_softmax_params *p, const int8_t *input, const int32_t *exps, int8_t *output);
void rvfw_softmax_s8_rvv(const rvfw_softmax_params *p, const int8_t *input, int8_t *output);
void rvfw_softmax_s8_s16_ref(const rvfw_softmax_params *p, const int8_t *input, int16_t *output);
void rvfw_softmax_s8_s16_scalar(const rvfw_softmax_params *p, const int8_t *input, const int32_t *exps,
                                int16_t *output);
void rvfw_softmax_s8_xthead(const rvfw_softmax_params *p, const int8_t *input, int8_t *output);
/* cores: [n * r_out][k]; bias: NULL or [inner][n * r_out]; multiplier, shift: NULL (the params'
 * per-tensor pair) or one per output (a FULLY_CONNECTED with per-channel weights, passes.einsum). */
void rvfw_tt_einsum_s8_ref(const rvfw_tt_params *p, const int8_t *input, const int8_t *cores, const int32_t *bias,
                           const int32_t *multiplier, const int32_t *shift, int8_t *output);
void rvfw_copy_rows_s8_ref(const rvfw_copy_rows_params *p, const int8_t *input, int8_t *output);
void rvfw_copy_rows_s8_scalar(const rvfw_copy_rows_params *p, const int8_t *input, int8_t *output);
void rvfw_copy_rows_s8_rvv(const rvfw_copy_rows_params *p, const int8_t *input, int8_t *output);
void rvfw_lut_s8_ref(const rvfw_lut_params *p, const int8_t *input, const int8_t *table, int8_t *output);
/* table: LiteRT's 513-entry int16 table (codegen.ops.lut16). */
void rvfw_lut_s16_ref(const rvfw_lut_params *p, const int16_t *input, const int16_t *table, int16_t *output);
void rvfw_lut_s16_rvv(const rvfw_lut_params *p, const int16_t *input, const int16_t *table, int16_t *output);
void rvfw_lut_s8_scalar(const rvfw_lut_params *p, const int8_t *input, const int8_t *table, int8_t *output);
void rvfw_copy_strided_ref(const rvfw_copy_strided_params *p, const void *input, void *output);
void rvfw_copy_strided_scalar(const rvfw_copy_strided_params *p, const void *input, void *output);
void rvfw_gather_rows_ref(const rvfw_gather_rows_params *p, const void *input, const int32_t *table, void *output);
void rvfw_signal_window_s16_ref(const rvfw_signal_window_params *p, const int16_t *input, const int16_t *window,
                                int16_t *output);
void rvfw_signal_fft_auto_scale_s16_ref(const rvfw_signal_params *p, const int16_t *input, int16_t *output,
                                        int32_t *scale_bits);
/* twiddles: fft_length / 2 complex (re, im) int16; super_twiddles: fft_length / 4; work: scratch
 * of 2 * fft_length int16; output: fft_length / 2 + 1 complex per frame. */
void rvfw_signal_rfft_s16_ref(const rvfw_signal_rfft_params *p, const int16_t *input, const int16_t *twiddles,
                              const int16_t *super_twiddles, const int32_t *factors, int8_t *work, int16_t *output);
void rvfw_signal_rfft_s16_scalar(const rvfw_signal_rfft_params *p, const int16_t *input, const uint16_t *gather,
                                 const int16_t *twiddles, const int16_t *super_twiddles, const int32_t *factors,
                                 int8_t *work, int16_t *output);
void rvfw_signal_rfft_s16_rvv(const rvfw_signal_rfft_params *p, const int16_t *input, const uint16_t *gather,
                              const int16_t *twiddles, const int16_t *super_twiddles, const int32_t *factors,
                              int8_t *work, int16_t *output);
void rvfw_signal_window_s16_rvv(const rvfw_signal_window_params *p, const int16_t *input, const int16_t *window,
                                int16_t *output);
void rvfw_signal_fft_auto_scale_s16_rvv(const rvfw_signal_params *p, const int16_t *input, int16_t *output,
                                        int32_t *scale_bits);
void rvfw_signal_energy_s16_rvv(const rvfw_signal_energy_params *p, const int16_t *input, uint32_t *output);
void rvfw_signal_energy_s16_ref(const rvfw_signal_energy_params *p, const int16_t *input, uint32_t *output);
void rvfw_signal_filter_bank_u32_ref(const rvfw_signal_params *p, const uint32_t *input, const int16_t *weights,
                                     const int16_t *unweights, const int16_t *freq_starts,
                                     const int16_t *weight_starts, const int16_t *widths, uint64_t *output);
void rvfw_signal_filter_bank_sqrt_u64_rvv(const rvfw_signal_params *p, const uint64_t *input,
                                          const int32_t *scale_bits, uint32_t *output);
void rvfw_signal_filter_bank_sqrt_bits_u64_rvv(const rvfw_signal_params *p, const uint64_t *input,
                                          const int32_t *scale_bits, uint32_t *output);
void rvfw_signal_filter_bank_u32_rvv(const rvfw_signal_params *p, const uint32_t *input, const int16_t *weights,
                                     const int16_t *unweights, const int16_t *freq_starts,
                                     const int16_t *weight_starts, const int16_t *widths, uint64_t *output);
void rvfw_signal_filter_bank_halves_u32_rvv(const rvfw_signal_params *p, const uint32_t *input, const int16_t *weights,
                                     const int16_t *unweights, const int16_t *freq_starts,
                                     const int16_t *weight_starts, const int16_t *widths, uint64_t *output);
void rvfw_signal_filter_bank_sqrt_u64_ref(const rvfw_signal_params *p, const uint64_t *input,
                                          const int32_t *scale_bits, uint32_t *output);
void rvfw_signal_filter_bank_sqrt_u64_scalar(const rvfw_signal_params *p, const uint64_t *input,
                                          const int32_t *scale_bits, uint32_t *output);
void rvfw_signal_spectral_subtraction_u32_ref(const rvfw_signal_spectral_params *p, const uint32_t *input,
                                              uint32_t *noise_estimate, uint32_t *output,
                                              uint32_t *noise_estimate_out);
void rvfw_signal_spectral_subtraction_u32_rvv(const rvfw_signal_spectral_params *p, const uint32_t *input,
                                              uint32_t *noise_estimate, uint32_t *output,
                                              uint32_t *noise_estimate_out);
void rvfw_signal_pcan_u32_ref(const rvfw_signal_pcan_params *p, const uint32_t *input,
                              const uint32_t *noise_estimate, const int16_t *gain_lut, uint32_t *output);
void rvfw_signal_pcan_u32_rvv(const rvfw_signal_pcan_params *p, const uint32_t *input,
                              const uint32_t *noise_estimate, const int16_t *gain_lut, uint32_t *output);
void rvfw_signal_filter_bank_log_u32_ref(const rvfw_signal_log_params *p, const uint32_t *input,
                                         const uint16_t *log_table, int16_t *output);
void rvfw_signal_filter_bank_log_u32_rvv(const rvfw_signal_log_params *p, const uint32_t *input,
                                         const uint16_t *log_table, int16_t *output);
/* The Signal kernels' fast scalar set (bit-exact with the references above). */
void rvfw_signal_window_s16_scalar(const rvfw_signal_window_params *p, const int16_t *input, const int16_t *window,
                                   int16_t *output);
void rvfw_signal_fft_auto_scale_s16_scalar(const rvfw_signal_params *p, const int16_t *input, int16_t *output,
                                           int32_t *scale_bits);
void rvfw_signal_energy_s16_scalar(const rvfw_signal_energy_params *p, const int16_t *input, uint32_t *output);
void rvfw_signal_filter_bank_split_u32_scalar(const rvfw_signal_params *p, const uint32_t *input,
                                              const int16_t *weights, const int16_t *unweights,
                                              const int16_t *freq_starts, const int16_t *weight_starts,
                                              const int16_t *widths, uint64_t *output);
void rvfw_signal_spectral_subtraction_u32_scalar(const rvfw_signal_spectral_params *p, const uint32_t *input,
                                                 uint32_t *noise_estimate, uint32_t *output,
                                                 uint32_t *noise_estimate_out);
void rvfw_signal_pcan_u32_scalar(const rvfw_signal_pcan_params *p, const uint32_t *input,
                                 const uint32_t *noise_estimate, const int16_t *gain_lut, uint32_t *output);
void rvfw_signal_filter_bank_log_u32_scalar(const rvfw_signal_log_params *p, const uint32_t *input,
                                            const uint16_t *log_table, int16_t *output);
/* work: scratch (codegen.ops.detection_postprocess.scratch); outputs boxes, classes, scores, count. */
void rvfw_detection_postprocess_f32_ref(const rvfw_detection_params *p, const float *box_encodings,
                                        const float *class_predictions, const float *anchors, int8_t *work,
                                        float *boxes, float *classes, float *scores, float *count);
void rvfw_detection_postprocess_f32_scalar(const rvfw_detection_params *p, const float *box_encodings,
                                           const float *class_predictions, const float *anchors, int8_t *work,
                                           float *boxes, float *classes, float *scores, float *count);
void rvfw_detection_postprocess_f32_rvv(const rvfw_detection_params *p, const float *box_encodings,
                                        const float *class_predictions, const float *anchors, int8_t *work,
                                        float *boxes, float *classes, float *scores, float *count);
void rvfw_cumsum_s8_ref(const rvfw_cumsum_params *p, const int8_t *input, int8_t *output);
void rvfw_add_n_s8_ref(const rvfw_add_n_params *p, const int8_t *input, int32_t *sum, int8_t *output);
void rvfw_squared_difference_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b,
                                     int16_t *output);
void rvfw_squared_difference_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b,
                                     int32_t *output);
/* TOPK_V2 (codegen.ops.topk; generated by codegen.emit.kernelgen): indices int16 or int32 (index_bytes). */
typedef struct {
    int32_t rows, row_size, k, index_bytes;
} rvfw_topk_params;
void rvfw_topk_s8_ref(const rvfw_topk_params *p, const int8_t *input, int8_t *values, void *indices);
void rvfw_topk_u8_ref(const rvfw_topk_params *p, const uint8_t *input, uint8_t *values, void *indices);
void rvfw_topk_s16_ref(const rvfw_topk_params *p, const int16_t *input, int16_t *values, void *indices);
void rvfw_topk_s32_ref(const rvfw_topk_params *p, const int32_t *input, int32_t *values, void *indices);
void rvfw_topk_s64_ref(const rvfw_topk_params *p, const int64_t *input, int64_t *values, void *indices);
void rvfw_topk_f32_ref(const rvfw_topk_params *p, const float *input, float *values, void *indices);
/* FLOOR_DIV and FLOOR_MOD of raw integers, LiteRT's (rvfw_floor_int.h; generated by codegen.emit.kernelgen). */
void rvfw_floor_div_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_floor_div_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_floor_div_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_floor_mod_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_floor_mod_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_floor_mod_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_floor_mod_s64_ref(const rvfw_binary_params *p, const int64_t *a, const int64_t *b, int64_t *output);
void rvfw_compare_s32_ref(const rvfw_compare_params *p, const int32_t *a, const int32_t *b, uint8_t *output);
void rvfw_compare_b_ref(const rvfw_compare_params *p, const uint8_t *a, const uint8_t *b, uint8_t *output);
void rvfw_compare_s16_ref(const rvfw_compare_params *p, const int16_t *a, const int16_t *b, uint8_t *output);
void rvfw_compare_s64_ref(const rvfw_compare_params *p, const int64_t *a, const int64_t *b, uint8_t *output);
/* rescale: each input's zero point, Q31 multiplier and right shift (codegen.ops.compare). */
void rvfw_compare_rescaled_s16_ref(const rvfw_compare_params *p, const int16_t *a, const int16_t *b,
                                   const int32_t *rescale, uint8_t *output);
/* keys: each input's 256 values rescaled as TFLite Micro compares them (codegen.ops.compare). */
void rvfw_compare_s8_ref(const rvfw_compare_params *p, const int8_t *a, const int8_t *b, const int32_t *keys,
                         uint8_t *output);
void rvfw_select_broadcast_ref(const rvfw_select_broadcast_params *p, const int8_t *condition, const int8_t *x,
                               const int8_t *y, int8_t *output);
void rvfw_select_ref(const rvfw_select_params *p, const int8_t *condition, const int8_t *x, const int8_t *y,
                     int8_t *output);
void rvfw_cumsum_f32_ref(const rvfw_cumsum_params *p, const float *input, float *output);
void rvfw_cumsum_s32_ref(const rvfw_cumsum_params *p, const int32_t *input, int32_t *output);
void rvfw_cumsum_s64_ref(const rvfw_cumsum_params *p, const int64_t *input, int64_t *output);
/* LOGICAL_AND (comparison 0) and LOGICAL_OR (1) with broadcasting; LOGICAL_NOT (codegen.ops.logical). */
void rvfw_logical_b_ref(const rvfw_compare_params *p, const uint8_t *a, const uint8_t *b, uint8_t *output);
void rvfw_dynamic_update_slice_ref(const rvfw_update_slice_params *p, const void *operand, const void *update,
                                   const void *indices, void *output);
void rvfw_signal_rfft_s32_ref(const rvfw_signal_rfft_params *p, const int32_t *input, const int32_t *twiddles,
                              const int32_t *super_twiddles, const int32_t *factors, int8_t *work, int32_t *output);
void rvfw_signal_rfft_f32_ref(const rvfw_signal_rfft_params *p, const float *input, const float *twiddles,
                              const float *super_twiddles, const int32_t *factors, int8_t *work, float *output);
void rvfw_signal_irfft_s16_ref(const rvfw_signal_irfft_params *p, const int16_t *input, const int16_t *twiddles,
                               const int16_t *super_twiddles, const int32_t *factors, int8_t *work, int16_t *output);
void rvfw_signal_irfft_s32_ref(const rvfw_signal_irfft_params *p, const int32_t *input, const int32_t *twiddles,
                               const int32_t *super_twiddles, const int32_t *factors, int8_t *work, int32_t *output);
void rvfw_signal_irfft_f32_ref(const rvfw_signal_irfft_params *p, const float *input, const float *twiddles,
                               const float *super_twiddles, const int32_t *factors, int8_t *work, float *output);
void rvfw_circular_buffer_s8_ref(const rvfw_circular_buffer_params *p, const int8_t *input, int8_t *slots,
                                 int8_t *output);
void rvfw_signal_framer_s16_ref(const rvfw_signal_framer_params *p, const int16_t *input, int16_t *frames,
                                int32_t *held, int16_t *output, uint8_t *valid);
void rvfw_signal_stacker_s16_ref(const rvfw_signal_stacker_params *p, const int16_t *input, int16_t *stack,
                                 int32_t *counters, int16_t *output, uint8_t *valid);
void rvfw_signal_delay_s16_ref(const rvfw_signal_delay_params *p, const int16_t *input, int16_t *delayed,
                               int16_t *output);
void rvfw_signal_overlap_add_s16_ref(const rvfw_signal_overlap_params *p, const int16_t *input, int16_t *sum,
                                     int16_t *output);
void rvfw_signal_overlap_add_f32_ref(const rvfw_signal_overlap_params *p, const float *input, float *sum,
                                     float *output);
void rvfw_unpack_s4_ref(const rvfw_unpack4_params *p, const uint8_t *packed, int8_t *output);
void rvfw_unpack_s4_scalar(const rvfw_unpack4_params *p, const uint8_t *packed, int8_t *output);
void rvfw_unpack_s4_rvv(const rvfw_unpack4_params *p, const uint8_t *packed, int8_t *output);
void rvfw_logical_not_b_ref(const rvfw_lut_params *p, const uint8_t *input, uint8_t *output);
void rvfw_compare_s32_scalar(const rvfw_compare_params *p, const int32_t *a, const int32_t *b, uint8_t *output);
void rvfw_compare_s32_rvv(const rvfw_compare_params *p, const int32_t *a, const int32_t *b, uint8_t *output);
void rvfw_compare_f32_ref(const rvfw_compare_params *p, const float *a, const float *b, uint8_t *output);
void rvfw_compare_f32_scalar(const rvfw_compare_params *p, const float *a, const float *b, uint8_t *output);
void rvfw_compare_f32_rvv(const rvfw_compare_params *p, const float *a, const float *b, uint8_t *output);
void rvfw_gather_ref(const rvfw_gather_params *p, const void *input, const int32_t *indices, void *output);
void rvfw_gather_scalar(const rvfw_gather_params *p, const void *input, const int32_t *indices, void *output);
void rvfw_gather_rvv(const rvfw_gather_params *p, const void *input, const int32_t *indices, void *output);
void rvfw_cast_ref(const rvfw_cast_params *p, const void *input, void *output);
void rvfw_cast_rvv(const rvfw_cast_params *p, const void *input, void *output);
void rvfw_cast_scalar(const rvfw_cast_params *p, const void *input, void *output);
void rvfw_add_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_add_s64_ref(const rvfw_binary_params *p, const int64_t *a, const int64_t *b, int64_t *output);
void rvfw_sub_s64_ref(const rvfw_binary_params *p, const int64_t *a, const int64_t *b, int64_t *output);
void rvfw_mul_s64_ref(const rvfw_binary_params *p, const int64_t *a, const int64_t *b, int64_t *output);
void rvfw_maximum_s64_ref(const rvfw_binary_params *p, const int64_t *a, const int64_t *b, int64_t *output);
void rvfw_minimum_s64_ref(const rvfw_binary_params *p, const int64_t *a, const int64_t *b, int64_t *output);
void rvfw_add_s32_rvv(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_add_s32_scalar(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_sub_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_sub_s32_rvv(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_sub_s32_scalar(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_mul_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_mul_s32_rvv(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_mul_s32_scalar(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_div_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_pow_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_div_s32_rvv(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_div_s32_scalar(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_maximum_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_maximum_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_minimum_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_maximum_s32_rvv(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_maximum_s32_scalar(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_minimum_s32_ref(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_minimum_s32_rvv(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_minimum_s32_scalar(const rvfw_binary_params *p, const int32_t *a, const int32_t *b, int32_t *output);
void rvfw_add_broadcast_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_sub_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_mul_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_add_broadcast_s8_scalar(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_sub_s8_scalar(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_squared_difference_s8_scalar(const rvfw_binary_params *p, const int8_t *a, const int8_t *b,
                                       int8_t *output);
void rvfw_mul_s8_scalar(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_maximum_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_minimum_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_mean_s8_ref(const rvfw_reduce_params *p, const int8_t *input, int8_t *output);
/* SUM as LiteRT's: scales[0] the input-to-output scale, scales[1] the zero point's bias. */
void rvfw_sum_litert_s8_ref(const rvfw_reduce_params *p, const float *scales, const int8_t *input, int8_t *output);
void rvfw_sum_litert_s16_ref(const rvfw_reduce_params *p, const float *scales, const int16_t *input, int16_t *output);
void rvfw_mean_s8_scalar(const rvfw_reduce_params *p, const int8_t *input, int8_t *output);
void rvfw_mean_s16_scalar(const rvfw_reduce_params *p, const int16_t *input, int16_t *output);
void rvfw_reduce_max_s8_ref(const rvfw_reduce_params *p, const int8_t *input, int8_t *output);
void rvfw_reduce_min_s8_ref(const rvfw_reduce_params *p, const int8_t *input, int8_t *output);
void rvfw_squared_difference_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_prelu_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_prelu_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int8_t *b, int16_t *output);
void rvfw_arg_minmax_s8_ref(const rvfw_arg_params *p, const int8_t *input, void *output);
void rvfw_transpose_conv_s16_ref(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                 const int64_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                 int16_t *output);
void rvfw_transpose_conv_s16_scalar(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                    const int64_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                    int16_t *output);
void rvfw_transpose_conv_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter_hwio,
                                 const int64_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                 int16_t *output);
void rvfw_transpose_conv_s8_ref(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                int8_t *output);
/* offset_sums: [out_c][k_h * k_w] input_offset times each tap's weight sum. */
void rvfw_transpose_conv_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                   const int32_t *offset_sums, const int32_t *bias, const int32_t *output_multiplier,
                                   const int32_t *output_shift, int8_t *output);
void rvfw_transpose_conv_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio,
                                const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                int8_t *output);
void rvfw_batch_matmul_s8_ref(const rvfw_batch_matmul_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_batch_matmul_s16_ref(const rvfw_batch_matmul_params *p, const int16_t *a, const int16_t *b,
                               int16_t *output);
void rvfw_batch_matmul_s16_scalar(const rvfw_batch_matmul_params *p, const int16_t *a, const int16_t *b,
                                   int16_t *output);
void rvfw_batch_matmul_s16_rvv(const rvfw_batch_matmul_params *p, const int16_t *a, const int16_t *b,
                               int16_t *output);
void rvfw_batch_matmul_s8_scalar(const rvfw_batch_matmul_params *p, const int8_t *a, const int8_t *b,
                                 int8_t *output);
void rvfw_batch_matmul_s8_rvv(const rvfw_batch_matmul_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_resize_bilinear_s8_ref(const rvfw_resize_bilinear_params *p, const int8_t *input, const int32_t *rows,
                                 const int32_t *cols, int8_t *output);
void rvfw_resize_bilinear_s16_ref(const rvfw_resize_bilinear_params *p, const int16_t *input, const int32_t *rows,
                                  const int32_t *cols, int16_t *output);
void rvfw_resize_bilinear_s8_scalar(const rvfw_resize_bilinear_params *p, const int8_t *input, const int32_t *rows,
                                    const int32_t *cols, int8_t *output);
/* lane_a, lane_b: each output row element's lower and upper input element in its row; lane_w: its dx. */
void rvfw_resize_bilinear_s8_rvv(const rvfw_resize_bilinear_params *p, const int8_t *input, const int32_t *rows,
                                 const uint16_t *lane_a, const uint16_t *lane_b, const int16_t *lane_w,
                                 int8_t *output);
void rvfw_l2_normalization_s8_ref(const rvfw_l2norm_params *p, const int8_t *input, int8_t *output);
void rvfw_div_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_div_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_log_softmax_s8_ref(const rvfw_log_softmax_params *p, const int8_t *input, int8_t *output);
/* inputs/recurrent: the gates' weights packed [4][units][depth] (ref) or [4][depth][units] (rvv);
 * bias: [8][units], the input side's bias with the input offset folded in, then the recurrent
 * side's folded hidden offset; scratch: 4 x rows x units int16. */
void rvfw_lstm_s8_ref(const rvfw_lstm_params *p, const int8_t *input, const int8_t *input_weights,
                      const int8_t *recurrent_weights, const int32_t *bias, const uint16_t *sigmoid_table,
                      int8_t *hidden, int16_t *cell, int8_t *output, int16_t *scratch);
void rvfw_lstm_s16_ref(const rvfw_lstm_params *p, const int16_t *input, const int8_t *input_weights,
                       const int8_t *recurrent_weights, const int64_t *bias, const uint16_t *sigmoid_table,
                       int16_t *hidden, int16_t *cell, int16_t *output, int16_t *scratch);
void rvfw_lstm_s8_scalar(const rvfw_lstm_params *p, const int8_t *input, const int8_t *input_weights,
                         const int8_t *recurrent_weights, const int32_t *bias, const uint16_t *sigmoid_table,
                         int8_t *hidden, int16_t *cell, int8_t *output, int16_t *scratch);
void rvfw_lstm_s8_rvv(const rvfw_lstm_params *p, const int8_t *input, const int8_t *input_weights,
                      const int8_t *recurrent_weights, const int32_t *bias, const uint16_t *sigmoid_table,
                      int8_t *hidden, int16_t *cell, int8_t *output, int16_t *scratch);
void rvfw_leaky_relu_s16_ref(const rvfw_leaky_relu_params *p, const int16_t *input, int16_t *output);
void rvfw_sigmoid_s16_ref(const rvfw_sigmoid_s16_params *p, const int16_t *input, const uint16_t *sigmoid_table,
                          int16_t *output);
void rvfw_sigmoid_s16_rvv(const rvfw_sigmoid_s16_params *p, const int16_t *input, const uint16_t *sigmoid_table,
                          int16_t *output);
void rvfw_sigmoid_s16_scalar(const rvfw_sigmoid_s16_params *p, const int16_t *input, const uint16_t *table,
                             int16_t *output);
void rvfw_div_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
/* POW, float32: LiteRT's, glibc's powf to the bit. */
void rvfw_pow_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_div_f32_scalar(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                         float *output);
void rvfw_floor_div_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                            float *output);
void rvfw_floor_mod_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                            float *output);
void rvfw_maximum_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_minimum_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_squared_difference_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                                     float *output);
void rvfw_leaky_relu_f32_ref(const rvfw_lut_params *p, const float *input, const float *alpha, float *output);
void rvfw_hard_swish_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
/* Float32 elementwise math (codegen.ops.elementwise) and ABS. */
void rvfw_neg_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_sign_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_unary_int_ref(const rvfw_unary_int_params *p, const void *input, void *output);
void rvfw_floor_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_ceil_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_round_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_sqrt_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_rsqrt_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_exp_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_exp_f32_scalar(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_exp_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_log_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_rsqrt_s16_ref(const rvfw_requantize_params *p, const int16_t *input, int16_t *output);
void rvfw_rsqrt_s16_rvv(const rvfw_requantize_params *p, const int16_t *input, int16_t *output);
void rvfw_sqrt_s16_ref(const rvfw_requantize_params *p, const int16_t *input, const float *scales,
                       int16_t *output);
void rvfw_sin_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_cos_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_square_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_abs_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_hard_swish_f32_scalar(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_elu_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
/* GELU, float32 (approximate = false): LiteRT's, erfc as its Eigen build computes it. */
void rvfw_gelu_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_gelu_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_gelu_f32_scalar(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_gelu_f32_xthead(const rvfw_lut_params *p, const float *input, float *output);
/* GELU, float32, tanh form (approximate = true): LiteRT's, tanh as its Eigen build computes it. */
void rvfw_gelu_tanh_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_gelu_tanh_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_gelu_tanh_f32_scalar(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_gelu_tanh_f32_xthead(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_mean_f32_ref(const rvfw_reduce_params *p, const float *input, float *output);
void rvfw_mean_f32_scalar(const rvfw_reduce_params *p, const float *input, float *output);
void rvfw_prelu_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_reduce_max_f32_ref(const rvfw_reduce_params *p, const float *input, float *output);
void rvfw_reduce_prod_f32_ref(const rvfw_reduce_params *p, const float *input, float *output);
void rvfw_reduce_prod_s32_ref(const rvfw_reduce_params *p, const int32_t *input, int32_t *output);
void rvfw_reduce_prod_s64_ref(const rvfw_reduce_params *p, const int64_t *input, int64_t *output);
/* quantised: multiplier and shift of s_in / s_out^(1/count), the zero points (LiteRT's) */
void rvfw_reduce_prod_s8_ref(const rvfw_reduce_params *p, const int8_t *input, int8_t *output);
void rvfw_reduce_prod_s16_ref(const rvfw_reduce_params *p, const int16_t *input, int16_t *output);
/* SUM, REDUCE_MAX, REDUCE_MIN, MEAN int32 (LiteRT's): rvfw_reduce_params.multiplier names the op. */
enum { RVFW_REDUCE_S32_SUM = 0, RVFW_REDUCE_S32_MAX = 1, RVFW_REDUCE_S32_MIN = 2, RVFW_REDUCE_S32_MEAN = 3 };
void rvfw_reduce_s32_ref(const rvfw_reduce_params *p, const int32_t *input, int32_t *output);
void rvfw_reduce_s64_ref(const rvfw_reduce_params *p, const int64_t *input, int64_t *output);
void rvfw_reduce_extreme_s16_ref(const rvfw_reduce_params *p, const int16_t *input, int16_t *output);
void rvfw_reduce_extreme_u8_ref(const rvfw_reduce_params *p, const uint8_t *input, uint8_t *output);
void rvfw_arg_minmax_f32_ref(const rvfw_arg_params *p, const float *input, void *output);
void rvfw_arg_minmax_s32_ref(const rvfw_arg_params *p, const int32_t *input, void *output);
void rvfw_batch_matmul_f32_ref(const rvfw_batch_matmul_params *p, const float *a, const float *b, float *output);
void rvfw_batch_matmul_f32_scalar(const rvfw_batch_matmul_params *p, const float *a, const float *b, float *output);
void rvfw_batch_matmul_f32_rvv(const rvfw_batch_matmul_params *p, const float *a, const float *b, float *output);
void rvfw_transpose_conv_f32_ref(const rvfw_conv_params *p, const float *input, const float *filter, const float *bias,
                                 const float *act, float *output);
void rvfw_transpose_conv_f32_scalar(const rvfw_conv_params *p, const float *input, const float *filter,
                                    const float *bias, const float *act, float *output);
void rvfw_transpose_conv_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter_hwio,
                                 const float *bias, const float *act, float *output);
void rvfw_resize_bilinear_f32_ref(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                  const float *row_w, const int32_t *cols, const float *col_w, float *output);
void rvfw_resize_bilinear_u8_ref(const rvfw_resize_bilinear_params *p, const int8_t *input, const int32_t *rows,
                                 const float *row_w, const int32_t *cols, const float *col_w, int8_t *output);
void rvfw_resize_bilinear_f32_scalar(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                     const float *row_w, const int32_t *cols, const float *col_w, float *output);
/* lane_a, lane_b: byte offsets in the row; lane_w: 1 - dx for every element, then dx. */
void rvfw_resize_bilinear_f32_rvv(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                  const float *row_w, const uint16_t *lane_a, const uint16_t *lane_b,
                                  const float *lane_w, float *output);
void rvfw_l2_normalization_f32_ref(const rvfw_l2norm_params *p, const float *input, float *output);
void rvfw_svdf_f32_ref(const rvfw_svdf_params *p, const float *input, const float *weights_feature,
                       const float *weights_time, const float *bias, float *state, float *output);
void rvfw_svdf_litert_f32_ref(const rvfw_svdf_params *p, const float *input, const float *weights_feature,
                              const float *weights_time, const float *bias, float *state, float *output);
void rvfw_log_softmax_f32_ref(const rvfw_softmax_params *p, const float *input, float *output);
void rvfw_log_softmax_f32_scalar(const rvfw_softmax_params *p, const float *input, float *output);
void rvfw_logistic_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_logistic_f32_scalar(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_logistic_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_hard_swish_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_tanh_f32_ref(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_tanh_f32_scalar(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_tanh_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
/* The float LSTM: weights [4][units][depth], bias [4][units], scratch 4 x rows x units floats. */
void rvfw_lstm_f32_ref(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights,
                       const float *recurrent_weights, const float *bias, float *hidden, float *cell, float *output,
                       float *scratch);
void rvfw_lstm_f32_scalar(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights,
                          const float *recurrent_weights, const float *bias, float *hidden, float *cell, float *output,
                          float *scratch);
/* LiteRT's float LSTM (a model only LiteRT runs; batch-major) and its hybrid one: scratch 4 x units
 * floats, and for the hybrid the int8 input and hidden rows after them. */
void rvfw_lstm_litert_f32_ref(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights,
                              const float *recurrent_weights, const float *bias, float *hidden, float *cell,
                              float *output, float *scratch);
void rvfw_lstm_hybrid_f32_ref(const rvfw_lstm_hybrid_params *p, const float *input, const int8_t *input_weights,
                              const int8_t *recurrent_weights, const float *scales, const int32_t *row_sums,
                              const float *bias, float *hidden, float *cell, float *output, float *scratch);
void rvfw_lstm_hybrid_f32_scalar(const rvfw_lstm_hybrid_params *p, const float *input, const int8_t *input_weights,
                                 const int8_t *recurrent_weights, const float *scales, const int32_t *row_sums,
                                 const float *bias, float *hidden, float *cell, float *output, float *scratch);
void rvfw_lstm_hybrid_f32_rvv(const rvfw_lstm_hybrid_params *p, const float *input, const int8_t *input_weights,
                              const int8_t *recurrent_weights, const float *scales, const int32_t *row_sums,
                              const float *bias, float *hidden, float *cell, float *output, float *scratch);
/* The gate weights transposed ([gate][depth][unit]). */
void rvfw_lstm_litert_f32_xthead(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights_t,
                                 const float *recurrent_weights_t, const float *bias, float *hidden, float *cell,
                                 float *output, float *scratch);
void rvfw_lstm_litert_f32_rvv(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights_t,
                              const float *recurrent_weights_t, const float *bias, float *hidden, float *cell,
                              float *output, float *scratch);
/* The gate weights transposed: [gate][depth][unit]. */
void rvfw_lstm_f32_rvv(const rvfw_lstm_f32_params *p, const float *input, const float *input_weights_t,
                       const float *recurrent_weights_t, const float *bias, float *hidden, float *cell, float *output,
                       float *scratch);
void rvfw_softmax_s16_ref(const rvfw_softmax_params *p, const int16_t *input, const int16_t *exp_lut,
                          const int16_t *reciprocal_lut, int16_t *output);
void rvfw_softmax_s16_scalar(const rvfw_softmax_params *p, const int16_t *input, const int16_t *exp_lut,
                             const int16_t *reciprocal_lut, int16_t *output);
void rvfw_softmax_s16_rvv(const rvfw_softmax_params *p, const int16_t *input, const int16_t *exp_lut,
                          const int16_t *reciprocal_lut, int16_t *output);
void rvfw_mean_s16_ref(const rvfw_reduce_params *p, const int16_t *input, int16_t *output);
void rvfw_svdf_s8_ref(const rvfw_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                      const void *weights_time, const int32_t *bias, void *state, int8_t *output);
void rvfw_svdf_s8_scalar(const rvfw_svdf_params *p, const int8_t *input, const int8_t *weights_feature,
                         const void *weights_time, const int32_t *bias, void *state, int8_t *output);
/* The feature weights transposed: [input][filter]. */
void rvfw_svdf_s8_rvv(const rvfw_svdf_params *p, const int8_t *input, const int8_t *weights_feature_t,
                      const void *weights_time, const int32_t *bias, void *state, int8_t *output);
/* float32 models (each op module's float32 form): act points at {min, max} of the fused activation. */
/* The float RVV kernels (V or Zve32f): conv filter repacked [k_h][k_w][in_c][out_c], FC weights
 * transposed [depth][out]; depthwise with depth multiplier 1, its filter as TFLite stores it. */
void rvfw_conv2d_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter_t, const float *bias,
                         const float *act, float *output);
void rvfw_depthwise_conv2d_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter,
                                   const float *bias, const float *act, float *output);
void rvfw_fully_connected_f32_rvv(const rvfw_fc_params *p, const float *input, const float *weights_t,
                                  const float *bias, const float *act, float *output);
/* The float XTheadVector kernels (the C906): the same layouts as the RVV ones. */
void rvfw_conv2d_f32_xthead(const rvfw_conv_params *p, const float *input, const float *filter_t, const float *bias,
                            const float *act, float *output);
void rvfw_depthwise_conv2d_f32_xthead(const rvfw_conv_params *p, const float *input, const float *filter,
                                      const float *bias, const float *act, float *output);
void rvfw_conv2d_f32_ref(const rvfw_conv_params *p, const float *input, const float *filter, const float *bias,
                         const float *act, float *output);
void rvfw_conv2d_f32_scalar(const rvfw_conv_params *p, const float *input, const float *filter, const float *bias,
                            const float *act, float *output);
void rvfw_depthwise_conv2d_f32_ref(const rvfw_conv_params *p, const float *input, const float *filter,
                                   const float *bias, const float *act, float *output);
void rvfw_depthwise_conv2d_f32_scalar(const rvfw_conv_params *p, const float *input, const float *filter,
                                      const float *bias, const float *act, float *output);
/* Hybrid kernels (rvfw_hybrid.h): scales the weights' per output channel; scratch one batch's
 * quantised input (codegen.ops.hybrid.scratch); row_sums each output's weight sum (asymmetric). */
void rvfw_fully_connected_hybrid_f32_ref(const rvfw_hybrid_fc_params *p, const float *input, const int8_t *filter,
                                         const float *bias, const float *scales, const int32_t *row_sums,
                                         const float *act, int8_t *scratch, float *output);
void rvfw_conv2d_hybrid_f32_ref(const rvfw_conv_params *p, const float *input, const int8_t *filter,
                                const float *bias, const float *scales, const float *act, int8_t *scratch,
                                float *output);
void rvfw_conv2d_hybrid_symmetric_f32_ref(const rvfw_conv_params *p, const float *input, const int8_t *filter,
                                          const float *bias, const float *scales, const float *act, int8_t *scratch,
                                          float *output);
void rvfw_depthwise_conv2d_hybrid_f32_ref(const rvfw_conv_params *p, const float *input, const int8_t *filter,
                                          const float *bias, const float *scales, const float *act, int8_t *scratch,
                                          float *output);
/* Their fast sets (rvfw_hybrid_dots.h): w_sums each output channel's weight sum (the per-channel
 * form's zero point; NULL in the per-tensor form); scratch the image, then one im2col column. */
void rvfw_fully_connected_hybrid_f32_scalar(const rvfw_hybrid_fc_params *p, const float *input, const int8_t *filter,
                                            const float *bias, const float *scales, const int32_t *row_sums,
                                            const float *act, int8_t *scratch, float *output);
void rvfw_conv2d_hybrid_f32_scalar(const rvfw_conv_params *p, const float *input, const int8_t *filter,
                                   const float *bias, const float *scales, const int32_t *w_sums, const float *act,
                                   int8_t *scratch, float *output);
void rvfw_conv2d_hybrid_symmetric_f32_scalar(const rvfw_conv_params *p, const float *input, const int8_t *filter,
                                             const float *bias, const float *scales, const int32_t *w_sums,
                                             const float *act, int8_t *scratch, float *output);
void rvfw_depthwise_conv2d_hybrid_f32_scalar(const rvfw_conv_params *p, const float *input, const int8_t *filter,
                                             const float *bias, const float *scales, const float *act, int8_t *scratch,
                                             float *output);
void rvfw_fully_connected_hybrid_f32_rvv(const rvfw_hybrid_fc_params *p, const float *input, const int8_t *filter,
                                         const float *bias, const float *scales, const int32_t *row_sums,
                                         const float *act, int8_t *scratch, float *output);
void rvfw_conv2d_hybrid_f32_rvv(const rvfw_conv_params *p, const float *input, const int8_t *filter, const float *bias,
                                const float *scales, const int32_t *w_sums, const float *act, int8_t *scratch,
                                float *output);
void rvfw_conv2d_hybrid_symmetric_f32_rvv(const rvfw_conv_params *p, const float *input, const int8_t *filter,
                                          const float *bias, const float *scales, const int32_t *w_sums,
                                          const float *act, int8_t *scratch, float *output);
void rvfw_depthwise_conv2d_hybrid_f32_rvv(const rvfw_conv_params *p, const float *input, const int8_t *filter,
                                          const float *bias, const float *scales, const float *act, int8_t *scratch,
                                          float *output);
void rvfw_fully_connected_f32_ref(const rvfw_fc_params *p, const float *input, const float *weights,
                                  const float *bias, const float *act, float *output);
void rvfw_fully_connected_f32_scalar(const rvfw_fc_params *p, const float *input, const float *weights,
                                     const float *bias, const float *act, float *output);
/* float32 CONV_2D 1x1 and DEPTHWISE_CONV_2D over their input (`small`): the set's own kernel a block of
 * pixels or a row at a time through scratch (rvfw_inplace_pixels.h, rvfw_inplace_rows.h). */
void rvfw_depthwise_conv2d_inplace_f32_ref(const rvfw_conv_params *p, float *data, const float *filter,
                                           const float *bias, const float *act, int8_t *scratch);
void rvfw_conv2d_1x1_inplace_f32_ref(const rvfw_conv_params *p, float *data, const float *filter,
                                     const float *bias, const float *act, int8_t *scratch);
void rvfw_depthwise_conv2d_inplace_f32_scalar(const rvfw_conv_params *p, float *data, const float *filter,
                                              const float *bias, const float *act, int8_t *scratch);
void rvfw_conv2d_1x1_inplace_f32_scalar(const rvfw_conv_params *p, float *data, const float *filter,
                                        const float *bias, const float *act, int8_t *scratch);
void rvfw_depthwise_conv2d_inplace_f32_rvv(const rvfw_conv_params *p, float *data, const float *filter,
                                           const float *bias, const float *act, int8_t *scratch);
void rvfw_conv2d_1x1_inplace_f32_rvv(const rvfw_conv_params *p, float *data, const float *filter_t,
                                     const float *bias, const float *act, int8_t *scratch);
void rvfw_avgpool2d_f32_ref(const rvfw_pool_params *p, const float *input, const float *act, float *output);
void rvfw_avgpool2d_f32_xthead(const rvfw_pool_params *p, const float *input, const float *act, float *output);
void rvfw_l2pool2d_f32_ref(const rvfw_pool_params *p, const float *input, const float *act, float *output);
void rvfw_maxpool2d_f32_ref(const rvfw_pool_params *p, const float *input, const float *act, float *output);
void rvfw_maxpool2d_f32_scalar(const rvfw_pool_params *p, const float *input, const float *act, float *output);
void rvfw_avgpool2d_f32_rvv(const rvfw_pool_params *p, const float *input, const float *act, float *output);
void rvfw_maxpool2d_f32_rvv(const rvfw_pool_params *p, const float *input, const float *act, float *output);
void rvfw_add_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_add_f32_scalar(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                         float *output);
void rvfw_sub_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_sub_f32_scalar(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                         float *output);
void rvfw_squared_difference_f32_scalar(const rvfw_binary_params *p, const float *a, const float *b,
                                        const float *act, float *output);
void rvfw_mul_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_mul_f32_scalar(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                         float *output);
/* float32 elementwise in RVV lanes (templates/kernels/unary_f32_rvv.c.j2). */
void rvfw_neg_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_abs_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_square_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_sqrt_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_rsqrt_f32_rvv(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_clamp_f32_ref(const rvfw_lut_params *p, const float *input, const float *act, float *output);
void rvfw_clamp_f32_scalar(const rvfw_lut_params *p, const float *input, const float *act, float *output);
void rvfw_clamp_f32_rvv(const rvfw_lut_params *p, const float *input, const float *act, float *output);
void rvfw_clamp_f32_xthead(const rvfw_lut_params *p, const float *input, const float *act, float *output);
void rvfw_softmax_f32_ref(const rvfw_softmax_params *p, const float *input, const float *beta, float *output);
void rvfw_softmax_f32_rvv(const rvfw_softmax_params *p, const float *input, const float *beta, float *output);
void rvfw_softmax_f32_scalar(const rvfw_softmax_params *p, const float *input, const float *beta, float *output);
/* 16x8 (int16 activations, int8 weights, int64 or int32 bias: acc32; zero points 0) and int16 conversions. */
/* 16x8 RVV (ELEN 64, int64 bias): conv filter HWIO, FC filter transposed [depth][out], depthwise
 * with depth multiplier 1. */
void rvfw_conv2d_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter_hwio, const void *bias,
                         const int32_t *output_multiplier, const int32_t *output_shift, int16_t *output);
void rvfw_depthwise_conv2d_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                   const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                   int16_t *output);
/* 16x8 RVV in 32-bit lanes (ELEN 32 is enough: Zve32x), for layers whose sums with the bias fit
 * int32 (ops.conv_common.sums_fit_int32); conv filter HWIO, depthwise multiplier 1. */
void rvfw_conv2d_lanes32_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter_hwio,
                                 const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                 int16_t *output);
void rvfw_depthwise_conv2d_lanes32_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                           const void *bias, const int32_t *output_multiplier,
                                           const int32_t *output_shift, int16_t *output);
void rvfw_fully_connected_lanes32_s16_rvv(const rvfw_fc_params *p, const int16_t *input, const int8_t *filter_t,
                                          const void *bias, const int32_t *output_multiplier,
                                          const int32_t *output_shift, int16_t *output);
void rvfw_fully_connected_s16_rvv(const rvfw_fc_params *p, const int16_t *input, const int8_t *filter_t,
                                  const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                  int16_t *output);
/* 16x8 XTheadVector (the C906): int64 lanes, the requantisation from the build's rows (requant64:
 * out_c 16-bit multipliers, out_c rounding addends, out_c shifts). */
void rvfw_conv2d_s16_xthead(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter_hwio,
                            const void *bias, const int64_t *requant64, int16_t *output);
void rvfw_depthwise_conv2d_s16_xthead(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                      const void *bias, const int64_t *requant64, int16_t *output);
void rvfw_fully_connected_s16_xthead(const rvfw_fc_params *p, const int16_t *input, const int8_t *filter_t,
                                     const void *bias, const int64_t *requant64, int16_t *output);
void rvfw_conv2d_s16_ref(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter, const void *bias,
                         const int32_t *output_multiplier, const int32_t *output_shift, int16_t *output);
void rvfw_conv2d_s16_scalar(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter, const void *bias,
                            const int32_t *output_multiplier, const int32_t *output_shift, int16_t *output);
void rvfw_depthwise_conv2d_s16_ref(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                   const void *bias, const int32_t *output_multiplier,
                                   const int32_t *output_shift, int16_t *output);
void rvfw_depthwise_conv2d_s16_scalar(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter,
                                      const void *bias, const int32_t *output_multiplier,
                                      const int32_t *output_shift, int16_t *output);
void rvfw_fully_connected_s16_ref(const rvfw_fc_params *p, const int16_t *input, const int8_t *weights,
                                  const void *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                  int16_t *output);
void rvfw_fully_connected_s16_scalar(const rvfw_fc_params *p, const int16_t *input, const int8_t *weights,
                                     const void *bias, const int32_t *output_multiplier,
                                     const int32_t *output_shift, int16_t *output);
/* 16x8 CONV_2D 1x1 and DEPTHWISE_CONV_2D over their input (`small`): the set's own kernel a block of
 * pixels or a row at a time through scratch (rvfw_inplace_pixels.h, rvfw_inplace_rows.h). */
void rvfw_depthwise_conv2d_inplace_s16_ref(const rvfw_conv_params *p, int16_t *data, const int8_t *filter,
                                           const void *bias, const int32_t *output_multiplier,
                                           const int32_t *output_shift, int8_t *scratch);
void rvfw_conv2d_1x1_inplace_s16_ref(const rvfw_conv_params *p, int16_t *data, const int8_t *filter,
                                     const void *bias, const int32_t *output_multiplier,
                                     const int32_t *output_shift, int8_t *scratch);
void rvfw_depthwise_conv2d_inplace_s16_scalar(const rvfw_conv_params *p, int16_t *data, const int8_t *filter,
                                              const void *bias, const int32_t *output_multiplier,
                                              const int32_t *output_shift, int8_t *scratch);
void rvfw_conv2d_1x1_inplace_s16_scalar(const rvfw_conv_params *p, int16_t *data, const int8_t *filter,
                                        const void *bias, const int32_t *output_multiplier,
                                        const int32_t *output_shift, int8_t *scratch);
void rvfw_depthwise_conv2d_inplace_s16_rvv(const rvfw_conv_params *p, int16_t *data, const int8_t *filter,
                                           const void *bias, const int32_t *output_multiplier,
                                           const int32_t *output_shift, int8_t *scratch);
void rvfw_conv2d_1x1_inplace_s16_rvv(const rvfw_conv_params *p, int16_t *data, const int8_t *filter_hwio,
                                     const void *bias, const int32_t *output_multiplier,
                                     const int32_t *output_shift, int8_t *scratch);
void rvfw_add_broadcast_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_sub_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_mul_s16_ref(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_avgpool2d_s16_ref(const rvfw_pool_params *p, const int16_t *input, int16_t *output);
void rvfw_avgpool2d_s16_rvv(const rvfw_pool_params *p, const int16_t *input, int16_t *output);
void rvfw_maxpool2d_s16_ref(const rvfw_pool_params *p, const int16_t *input, int16_t *output);
void rvfw_requantize_ref(const rvfw_requantize_params *p, const void *input, void *output);
void rvfw_abs_s16_ref(const rvfw_requantize_params *p, const int16_t *input, int16_t *output);
void rvfw_requantize_scalar(const rvfw_requantize_params *p, const void *input, void *output);
void rvfw_requantize_rvv(const rvfw_requantize_params *p, const void *input, void *output);
void rvfw_quantize_f32_s16_ref(const rvfw_affine_params *p, const float *input, int16_t *output);
void rvfw_quantize_f32_s16_scalar(const rvfw_affine_params *p, const float *input, int16_t *output);
void rvfw_quantize_f32_s16_rvv(const rvfw_affine_params *p, const float *input, int16_t *output);
void rvfw_quantize_f32_s8_rvv(const rvfw_affine_params *p, const float *input, int8_t *output);
/* table: [lo, hi, 255 thresholds] (codegen.quant.quantize_s8_thresholds). */
void rvfw_dequantize_table_s8_f32_rvv(const rvfw_affine_params *p, const int8_t *input, const float *table,
                                      float *output);
void rvfw_quantize_thresholds_f32_s8_rvv(const rvfw_affine_params *p, const float *input, const int32_t *table,
                                         int8_t *output);
void rvfw_quantize_f32_s8_scalar(const rvfw_affine_params *p, const float *input, const int32_t *table,
                                 int8_t *output);
void rvfw_dequantize_s8_f32_rvv(const rvfw_affine_params *p, const int8_t *input, float *output);
/* table: the 256 outputs of int8 inputs -128..127. */
void rvfw_dequantize_s8_f32_scalar(const rvfw_affine_params *p, const int8_t *input, const float *table, float *output);
void rvfw_dequantize_s16_f32_ref(const rvfw_affine_params *p, const int16_t *input, float *output);
void rvfw_dequantize_s16_f32_scalar(const rvfw_affine_params *p, const int16_t *input, float *output);
void rvfw_dequantize_s16_f32_rvv(const rvfw_affine_params *p, const int16_t *input, float *output);
void rvfw_dequantize_u8_f32_ref(const rvfw_affine_params *p, const uint8_t *input, float *output);
void rvfw_pad_s8_ref(const rvfw_pad_params *p, const int8_t *input, int8_t *output);
void rvfw_pad_s8_scalar(const rvfw_pad_params *p, const int8_t *input, int8_t *output);
void rvfw_pad_s8_rvv(const rvfw_pad_params *p, const int8_t *input, int8_t *output);
void rvfw_quantize_f32_s8_ref(const rvfw_affine_params *p, const float *input, int8_t *output);
void rvfw_quantize_rmm_f32_s8_scalar(const rvfw_affine_params *p, const float *input, int8_t *output);
void rvfw_dequantize_s8_f32_ref(const rvfw_affine_params *p, const int8_t *input, float *output);

/* In place (the `small` memory mode): output written over the input, `data`, using `scratch`.
 * The scratch each needs (codegen.ops mirrors these: conv2d.scratch_1x1_inplace and
 * depthwise_conv2d.scratch_inplace; a unit test compiles these and compares). The depthwise
 * ones (rvfw_inplace_rows.h) take the bias the set's out-of-place kernel takes. */
#define RVFW_CONV2D_1X1_INPLACE_PIXELS 3         /* pixels per pass in RVV: three accumulators */
#define RVFW_CONV2D_1X1_INPLACE_SCRATCH_PIXELS 4 /* and in fast scalar C: its 4x2 block */

static inline int32_t rvfw_conv2d_1x1_inplace_scratch_size(int32_t in_c)
{
    return RVFW_CONV2D_1X1_INPLACE_SCRATCH_PIXELS * in_c;
}

/* The depthwise in-place kernels' scratch: rvfw_depthwise_conv2d_inplace_scratch_size() in
 * rvfw_inplace_rows.h (output rows held back). */

void rvfw_conv2d_1x1_inplace_s8_scalar(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                       const int32_t *bias_folded, const int32_t *output_multiplier,
                                       const int8_t *output_shift, int8_t *scratch);
void rvfw_conv2d_1x1_inplace_s8_ref(const rvfw_conv_params *p, int8_t *data, const int8_t *filter, const int32_t *bias,
                                    const int32_t *output_multiplier, const int32_t *output_shift, int8_t *scratch);
void rvfw_depthwise_conv2d_inplace_s8_scalar(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                             const int32_t *bias_folded, const int16_t *tap_sums,
                                             const int32_t *output_multiplier, const int8_t *output_shift,
                                             int8_t *scratch);
void rvfw_depthwise_conv2d_inplace_s8_ref(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                          const int32_t *bias, const int32_t *output_multiplier,
                                          const int32_t *output_shift, int8_t *scratch);
void rvfw_conv2d_1x1_inplace_s8_rvv(const rvfw_conv_params *p, int8_t *data, const int8_t *filter_io,
                                    const int32_t *bias_folded, const int32_t *output_multiplier,
                                    const int32_t *output_shift, int8_t *scratch);
void rvfw_depthwise_conv2d_inplace_s8_rvv(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                          const int32_t *bias_folded, const int16_t *tap_sums,
                                          const int32_t *output_multiplier, const int32_t *output_shift,
                                          int8_t *scratch);
void rvfw_conv2d_1x1_inplace_s8_xthead(const rvfw_conv_params *p, int8_t *data, const int8_t *filter_hwio,
                                       const int32_t *bias, const int32_t *output_multiplier,
                                       const int32_t *output_shift, int8_t *scratch);
void rvfw_depthwise_conv2d_inplace_s8_xthead(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                             const int32_t *bias_folded, const int32_t *bias,
                                             const int32_t *output_multiplier, const int32_t *output_shift,
                                             int8_t *scratch);

/* Fast portable C for cores without a vector unit: same results as the references, weights
 * unchanged, the input offset folded into the bias (the depthwise kernel's raw bias serves its
 * border pixels; the conv's padding taps read the zero point instead), per-channel shifts as int8. */
/* col: scratch for RVFW_CONV_IM2COL_PIXELS im2col columns (k_h * k_w * in_c bytes each); NULL only
 * for a pointwise conv. Without such scratch the build calls rvfw_conv2d_tail_s8_scalar (the
 * columns in the output's tail); both run rvfw_conv2d_columns_s8_scalar: the first `pixels`
 * pixels through columns in col. */
#define RVFW_CONV_IM2COL_PIXELS 4
void rvfw_conv2d_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                           const int32_t *bias_folded, const int32_t *output_multiplier, const int8_t *output_shift,
                           int8_t *output, int8_t *col);
/* The same with two output channels per 32-bit multiply (cores whose multiply costs more than an
 * add): pairs = the weights packed by codegen.ops.conv2d.pairs_table, col as above (never NULL). */
void rvfw_conv2d_pairs_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int32_t *pairs,
                                 const int32_t *bias_folded, const int32_t *output_multiplier,
                                 const int8_t *output_shift, int8_t *output, int8_t *col);
/* The same on the CORE-V SIMD extension (cv.sdotsp.b): boards that declare xcvsimd and xcvmem.
 * Its im2col rows are whole words (RVFW_CONV_XCV_ROW of the filter size n), col holds
 * RVFW_CONV_XCV_COLUMNS(n) bytes (codegen.ops.conv2d.spare_scratch mirrors it);
 * lanes: codegen.ops.conv_common.lane_blocks where the build proved them (then bias_folded,
 * output_multiplier and output_shift are NULL), else NULL and those three. */
void rvfw_conv2d_s8_xcvsimd(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_quads,
                            const int32_t *bias_folded, const int32_t *output_multiplier, const int8_t *output_shift,
                            int8_t *output, int8_t *col, const int32_t *lanes);
#define RVFW_CONV_XCV_ROW(n) (((n) + 3) & ~3)
#define RVFW_CONV_XCV_COLUMNS(n) (RVFW_CONV_IM2COL_PIXELS * RVFW_CONV_XCV_ROW(n))
void rvfw_conv2d_tail_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                const int32_t *bias_folded, const int32_t *output_multiplier, const int8_t *output_shift,
                                int8_t *output);
void rvfw_conv2d_columns_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                   const int32_t *bias_folded, const int32_t *output_multiplier,
                                   const int8_t *output_shift, int8_t *output, int8_t *col, int32_t pixels);
/* Depth multiplier 1; rvfw_depthwise_conv2d_mult_s8_scalar any (the build calls it above 1).
 * tap_sums: per output channel the sum of its weights (the raw bias is bias_folded less
 * input_offset times it), for border pixels; NULL when there are none. */
void rvfw_depthwise_conv2d_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                     const int32_t *bias_folded, const int16_t *tap_sums,
                                     const int32_t *output_multiplier, const int8_t *output_shift, int8_t *output);
/* 3x3, stride 1 or 2, depth multiplier 1, two pixels per 32-bit multiply (cores whose multiply
 * costs more than an add), weights in [-127, 127]; taps: per channel its nine weights, kernel line by
 * kernel line along the output's longer side (the build's pairs_taps). */
void rvfw_depthwise_conv2d_pairs_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *taps,
                                           const int32_t *bias_folded, const int32_t *output_multiplier,
                                           const int8_t *output_shift, int8_t *output);
/* 3x3, stride 1, depth multiplier 1 on the CORE-V SIMD extension: lines of at most 253 pixels
 * (three 256-byte line buffers on its stack). */
void rvfw_depthwise_conv2d_s8_xcvsimd(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                      const int32_t *bias_folded, const int32_t *output_multiplier,
                                      const int8_t *output_shift, int8_t *output);
void rvfw_depthwise_conv2d_mult_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                          const int32_t *bias_folded, const int16_t *tap_sums,
                                          const int32_t *output_multiplier, const int8_t *output_shift, int8_t *output);
void rvfw_fully_connected_s8_scalar(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter,
                                    const int32_t *bias_folded, const int32_t *output_multiplier,
                                    const int8_t *output_shift, int8_t *output);
/* Two output units per 32-bit multiply (pairs: codegen.ops.conv2d.pairs_table of the filter). */
void rvfw_fully_connected_pairs_s8_scalar(const rvfw_fc_params *p, const int8_t *input, const int32_t *pairs,
                                          const int32_t *bias_folded, const int32_t *output_multiplier,
                                          const int8_t *output_shift, int8_t *output);
/* On the CORE-V SIMD extension (boards declaring xcvsimd and xcvmem). */
void rvfw_fully_connected_s8_xcvsimd(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter,
                                     const int32_t *bias_folded, const int32_t *output_multiplier,
                                     const int8_t *output_shift, int8_t *output);

/* RVV 1.0 kernels (VLEN-agnostic, SEW <= 32 so they also run on Zve32x). Same results as the
 * scalar references; conv and fully connected take transposed weights and a folded bias. */
/* The conv's col: scratch for RVFW_CONV_RVV_COLUMNS im2col columns (k_h * k_w * in_c bytes each),
 * or NULL (then the output's tail holds them). Border pixels run on columns (two or more at a time),
 * and every pixel of a conv whose window rows are runs shorter than RVFW_CONV_RVV_SHORT_RUN bytes. */
#define RVFW_CONV_RVV_COLUMNS 6
#define RVFW_CONV_RVV_SHORT_RUN 8 /* KWS's one-channel 10x4 window (runs of 4) pays for its copy; IC's 3x3x3 (9) not */
void rvfw_conv2d_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio,
                        const int32_t *bias_folded, const int32_t *bias, const int32_t *output_multiplier,
                        const int32_t *output_shift, int8_t *output, int8_t *col);
void rvfw_depthwise_conv2d_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                  const int32_t *bias_folded, const int16_t *tap_sums,
                                  const int32_t *output_multiplier, const int32_t *output_shift, int8_t *output);
/* Row variants: output pixels of a row across lanes, for few channels and wide rows. The
 * convolution's int16 form (a run table) takes filters up to RVFW_CONV_ROWS_I16_MAX_KW wide
 * (ops.conv2d.I16_MAX_KW). */
#define RVFW_CONV_ROWS_I16_MAX_KW 16
void rvfw_conv2d_rows_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                             const int32_t *bias_folded, const int32_t *output_multiplier, const int32_t *output_shift,
                             int8_t *output, const uint8_t *chunks);
void rvfw_depthwise_conv2d_rows_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                       const int32_t *bias_folded, const int32_t *output_multiplier,
                                       const int32_t *output_shift, int8_t *output);
void rvfw_fully_connected_s8_rvv(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter_t,
                                 const int32_t *bias_folded, const int32_t *output_multiplier,
                                 const int32_t *output_shift, int8_t *output);
void rvfw_avgpool2d_s8_rvv(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
void rvfw_maxpool2d_s8_rvv(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
void rvfw_add_broadcast_s8_rvv(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_sub_s8_rvv(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_squared_difference_s8_rvv(const rvfw_binary_params *p, const int8_t *a, const int8_t *b,
                                    int8_t *output);
void rvfw_mul_s8_rvv(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_add_broadcast_s16_rvv(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_sub_s16_rvv(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_mul_s16_rvv(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_add_broadcast_s16_scalar(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_sub_s16_scalar(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_mul_s16_scalar(const rvfw_binary_params *p, const int16_t *a, const int16_t *b, int16_t *output);
void rvfw_mean_s16_rvv(const rvfw_reduce_params *p, const int16_t *input, int16_t *output);
void rvfw_mean_f32_rvv(const rvfw_reduce_params *p, const float *input, float *output);
void rvfw_add_f32_rvv(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_sub_f32_rvv(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_squared_difference_f32_rvv(const rvfw_binary_params *p, const float *a, const float *b,
                                     const float *act, float *output);
void rvfw_mul_f32_rvv(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_div_f32_rvv(const rvfw_binary_params *p, const float *a, const float *b, const float *act, float *output);
void rvfw_mean_s8_rvv(const rvfw_reduce_params *p, const int8_t *input, int8_t *output);
void rvfw_copy_strided_rvv(const rvfw_copy_strided_params *p, const void *input, void *output);
void rvfw_lut_s8_rvv(const rvfw_lut_params *p, const int8_t *input, const int8_t *table, int8_t *output);
void rvfw_add_s8_rvv(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
/* XTheadVector kernels (the C906's RVV 0.7.1 dialect, emitted through rvfw_xthead.h): same results
 * as the references; conv and fully connected take transposed weights, all take the raw bias. */
void rvfw_resize_bilinear_f32_xthead(const rvfw_resize_bilinear_params *p, const float *input, const int32_t *rows,
                                     const float *row_w, const uint16_t *lane_a, const uint16_t *lane_b,
                                     const float *lane_w, float *output);
void rvfw_resize_bilinear_s8_xthead(const rvfw_resize_bilinear_params *p, const int8_t *input, const int32_t *rows,
                                    const uint16_t *lane_a, const uint16_t *lane_b, const int16_t *lane_w,
                                    int8_t *output);
void rvfw_hard_swish_f32_xthead(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_tanh_f32_xthead(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_logistic_f32_xthead(const rvfw_lut_params *p, const float *input, float *output);
void rvfw_softmax_f32_xthead(const rvfw_softmax_params *p, const float *input, const float *beta, float *output);
void rvfw_mean_f32_xthead(const rvfw_reduce_params *p, const float *input, float *output);
void rvfw_conv2d_s8_xthead(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio, const int32_t *bias,
                           const int32_t *output_multiplier, const int32_t *output_shift, int8_t *output);
void rvfw_depthwise_conv2d_s8_xthead(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                     const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                     int8_t *output);
/* Output pixels of a row across lanes (few channels, wide rows, any depth multiplier): folded bias. */
void rvfw_depthwise_conv2d_rows_s8_xthead(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                          const int32_t *bias_folded, const int32_t *output_multiplier,
                                          const int32_t *output_shift, int8_t *output);
void rvfw_avgpool2d_s8_xthead(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
void rvfw_maxpool2d_s8_xthead(const rvfw_pool_params *p, const int8_t *input, int8_t *output);
/* bias: NULL or [inner][n * r_out], raw; offsets as for tt_einsum_s8_rvv. */
void rvfw_tt_einsum_s8_xthead(const rvfw_tt_params *p, const int8_t *input, const int8_t *cores_t, const int32_t *bias,
                              const uint16_t *offsets, const int32_t *multiplier, const int32_t *shift,
                              int8_t *output);
void rvfw_add_broadcast_s8_xthead(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_sub_s8_xthead(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_squared_difference_s8_xthead(const rvfw_binary_params *p, const int8_t *a, const int8_t *b,
                                       int8_t *output);
void rvfw_mul_s8_xthead(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output);
void rvfw_mean_s8_xthead(const rvfw_reduce_params *p, const int8_t *input, int8_t *output);
void rvfw_copy_strided_xthead(const rvfw_copy_strided_params *p, const void *input, void *output);
void rvfw_lut_s8_xthead(const rvfw_lut_params *p, const int8_t *input, const int8_t *table, int8_t *output);
void rvfw_add_s8_xthead(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output);
void rvfw_fully_connected_s8_xthead(const rvfw_fc_params *p, const int8_t *input, const int8_t *filter_t,
                                    const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                    int8_t *output);
/* cores_t: [k][n * r_out]; bias_folded: [n * r_out], or [inner][n * r_out] with bias_per_row;
 * offsets: where each of the n * r_out outputs of a row goes, from the row's first output. */
void rvfw_tt_einsum_s8_rvv(const rvfw_tt_params *p, const int8_t *input, const int8_t *cores_t,
                           const int32_t *bias_folded, const uint16_t *offsets, const int32_t *multiplier,
                           const int32_t *shift, int8_t *output);

#ifdef __cplusplus
}
#endif

#endif
