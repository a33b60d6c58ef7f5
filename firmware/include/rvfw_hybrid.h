/* SPDX-License-Identifier: Apache-2.0 */
/* The on-the-fly input quantisation of LiteRT's hybrid (dynamic-range) kernels: float32
 * activations quantised to int8 per batch when the op runs, int8 weights, float32 outputs. The
 * quantisers compute what LiteRT's tensor_utils compute, operation for operation, so the int8
 * values, the scale and the zero point are LiteRT's bit for bit (measured against its x86 build:
 * the asymmetric range's width is a float subtraction, its scale and zero point are computed in
 * double from it; each value rounded as its NEON code translated to SSE rounds it, which is not its
 * portable C: rvfw_hybrid_round_asymmetric). The kernels are built without floating-point
 * contraction. Builtins, not
 * <math.h>: the RVV kernels that quantise compile without the C library's headers. */
#ifndef RVFW_HYBRID_H
#define RVFW_HYBRID_H

#include <stdint.h>

#include "rvfw_kernels.h"
#include "rvfw_window_ref.h"

/* x86's truncating conversion of a float (cvttss2si): a NaN or a value outside int32 gives INT32_MIN
 * (a RISC-V conversion saturates instead, and C leaves it undefined). */
static inline int32_t rvfw_x86_cvtt(float v)
{
    return v > -2147483648.0f && v < 2147483648.0f ? (int32_t)v : INT32_MIN;
}

/* The same in LiteRT's blocks of eight (cvttps2dq, then 2^31 and above turned to INT32_MAX). */
static inline int32_t rvfw_x86_cvtt_block(float v)
{
    return v >= 2147483648.0f ? INT32_MAX : rvfw_x86_cvtt(v);
}

/* LiteRT's x86 build quantises through its NEON code translated to SSE (NeonAsymmetricQuantizeFloats
 * and NeonSymmetricQuantizeFloats: read in its binary, and confirmed on inputs where the forms differ,
 * for the hybrid FULLY_CONNECTED, CONV_2D and DEPTHWISE_CONV_2D alike): y = x times the inverse scale
 * is rounded on its own and the zero point added after, in whole blocks of eight values (`block`) as
 * the truncation of y + 0.5 (y - 0.5 below zero) with that sum rounded to float (so the float just
 * below 0.5 goes to 1), and past the last block as roundf; NaN and out-of-range values convert as x86
 * converts them. The asymmetric form adds the zero point to the block's integer (wrapping) and to the
 * rest's float, and clamps each in its type (a NaN past the blocks stores 0). */
static inline int8_t rvfw_hybrid_round_asymmetric(float y, int block, int32_t zero_point)
{
    if (block) {
        const int32_t r = (int32_t)((uint32_t)rvfw_x86_cvtt_block(y + (y < 0.0f ? -0.5f : 0.5f)) + (uint32_t)zero_point);
        return (int8_t)(r < -128 ? -128 : r > 127 ? 127 : r);
    }
    const float v = __builtin_roundf(y) + (float)zero_point;
    if (v != v)
        return 0;
    return (int8_t)(int32_t)(v < -128.0f ? -128.0f : v > 127.0f ? 127.0f : v);
}

/* The symmetric form: no zero point, the clamp [-127, 127] on the integer. */
static inline int8_t rvfw_hybrid_round_symmetric(float y, int block)
{
    const int32_t r = block ? rvfw_x86_cvtt_block(y + (y < 0.0f ? -0.5f : 0.5f)) : rvfw_x86_cvtt(__builtin_roundf(y));
    return (int8_t)(r < -127 ? -127 : r > 127 ? 127 : r);
}

/* LiteRT's AsymmetricQuantizeFloats: the range [min(0, min x), max(0, max x)] onto [-128, 127]
 * with the zero point from the end whose terms are smaller (nudged into range), each value rounded
 * as rvfw_hybrid_round_asymmetric; an all-zero range quantises to zeros with scale 1 and offset 0. */
static inline void rvfw_hybrid_quantize_asymmetric(const float *x, int32_t n, int8_t *q, float *scale,
                                                   int32_t *offset)
{
    float lo = 0.0f, hi = 0.0f;
    for (int32_t i = 0; i < n; ++i) {
        lo = x[i] < lo ? x[i] : lo;
        hi = x[i] > hi ? x[i] : hi;
    }
    if (lo == hi) {
        for (int32_t i = 0; i < n; ++i)
            q[i] = 0;
        *scale = 1.0f, *offset = 0;
        return;
    }
    const double s = (double)(hi - lo) / 255.0;
    const double from_min = -128.0 - (double)lo / s, from_max = 127.0 - (double)hi / s;
    const double zp = 128.0 + __builtin_fabs((double)lo / s) < 127.0 + __builtin_fabs((double)hi / s) ? from_min : from_max;
    const int32_t zero_point = zp <= -128.0 ? -128 : zp >= 127.0 ? 127 : (int32_t)__builtin_round(zp);
    *scale = (float)s, *offset = zero_point;
    const float inv = 1.0f / *scale;
    const int32_t blocks = n & ~7;
    for (int32_t i = 0; i < n; ++i)
        q[i] = rvfw_hybrid_round_asymmetric(x[i] * inv, i < blocks, zero_point);
}

/* LiteRT's SymmetricQuantizeFloats: [-r, r] onto [-127, 127], r the largest magnitude. */
static inline void rvfw_hybrid_quantize_symmetric(const float *x, int32_t n, int8_t *q, float *scale)
{
    float lo = x[0], hi = x[0];
    for (int32_t i = 1; i < n; ++i) {
        lo = x[i] < lo ? x[i] : lo;
        hi = x[i] < hi ? hi : x[i];
    }
    const float range = __builtin_fabsf(lo) < __builtin_fabsf(hi) ? __builtin_fabsf(hi) : __builtin_fabsf(lo);
    if (range == 0.0f) {
        for (int32_t i = 0; i < n; ++i)
            q[i] = 0;
        *scale = 1.0f;
        return;
    }
    *scale = range / 127.0f;
    const float inv = 127.0f / range;
    const int32_t blocks = n & ~7;
    for (int32_t i = 0; i < n; ++i)
        q[i] = rvfw_hybrid_round_symmetric(x[i] * inv, i < blocks);
}

/* The int8 sums of `rows` (1 or 2) consecutive weight rows of `depth` with x, into acc[0..rows):
 * the one thing a hybrid kernel set supplies (exact integers, so any order gives LiteRT's sums). */
typedef void rvfw_hybrid_dots_fn(const int8_t *x, const int8_t *w, int32_t depth, int32_t rows, int32_t *acc);

static inline void rvfw_hybrid_dots_ref(const int8_t *x, const int8_t *w, int32_t depth, int32_t rows, int32_t *acc)
{
    for (int32_t r = 0; r < rows; ++r, w += depth) {
        int32_t dot = 0;
        for (int32_t d = 0; d < depth; ++d)
            dot += w[d] * x[d];
        acc[r] = dot;
    }
}

/* LiteRT's hybrid FULLY_CONNECTED, every set's: each batch row quantised (asymmetric or symmetric
 * as the model says), the int8 sums two units at a time by `dots`, the zero point's share taken
 * out with the weights' row sums (built at build time), then bias + dot x (row scale x weight
 * scale) in single precision and the fused activation. An input of zeros gives the bias, as
 * LiteRT's early exit does. */
static inline __attribute__((always_inline)) void rvfw_hybrid_fc_run(const rvfw_hybrid_fc_params *p, const float *input,
                                                                     const int8_t *filter, const float *bias,
                                                                     const float *scales, const int32_t *row_sums,
                                                                     const float *act, int8_t *scratch, float *output,
                                                                     rvfw_hybrid_dots_fn *dots)
{
    const int32_t depth = p->accum_depth, units = p->out_depth;
    int zero = 1;
    for (int32_t i = 0; i < p->batches * depth && zero; ++i)
        zero = input[i] == 0.0f;
    for (int32_t b = 0; b < p->batches; ++b) {
        float *out = output + b * units;
        float row_scale = 1.0f;
        int32_t offset = 0;
        if (!zero) {
            if (p->asymmetric)
                rvfw_hybrid_quantize_asymmetric(input + b * depth, depth, scratch, &row_scale, &offset);
            else
                rvfw_hybrid_quantize_symmetric(input + b * depth, depth, scratch, &row_scale);
        }
        for (int32_t o = 0; o < units; o += 2) {
            const int32_t rows = units - o < 2 ? units - o : 2;
            int32_t acc[2] = {0, 0};
            if (!zero)
                dots(scratch, filter + o * depth, depth, rows, acc);
            for (int32_t r = 0; r < rows; ++r) {
                float total = bias ? bias[o + r] : 0.0f;
                if (!zero) {
                    const int32_t dot = p->asymmetric ? acc[r] - row_sums[o + r] * offset : acc[r];
                    total += (float)dot * (row_scale * scales[o + r]);
                }
                out[o + r] = rvfw_clamp_f32(total, act);
            }
        }
    }
}

/* The hybrid convolutions LiteRT has, which differ in their quantiser and in the order of their
 * float operations (a constant where inlined). */
enum { RVFW_HYBRID_CONV, RVFW_HYBRID_CONV_SYMMETRIC, RVFW_HYBRID_DEPTHWISE };

/* An output's float result from its sum, in the order of operations of LiteRT's kernel for the form. */
static inline __attribute__((always_inline)) float rvfw_hybrid_result(const int form, int32_t acc, int32_t oc,
                                                                      const float *bias, const float *scales,
                                                                      float image_scale)
{
    float v;
    if (form == RVFW_HYBRID_CONV) { /* HybridConvPerChannel: (acc x channel scale) x image scale */
        v = (float)acc * scales[oc] * image_scale;
        if (bias)
            v += bias[oc];
    } else if (form == RVFW_HYBRID_DEPTHWISE) { /* DepthwiseConvHybridPerChannel: acc x (the product) */
        v = (float)acc;
        v *= scales[oc] * image_scale;
        if (bias)
            v += bias[oc];
    } else { /* HybridConv: 0 + acc x scale into the output, then the bias */
        v = 0.0f;
        v += (float)acc * (image_scale * scales[0]);
        v += bias[oc];
    }
    return v;
}

/* One batch image quantised into scratch by the form's quantiser (above). */
static inline __attribute__((always_inline)) void rvfw_hybrid_quantize_image(const int form, const float *input,
                                                                             int32_t n, int8_t *q, float *scale,
                                                                             int32_t *offset)
{
    *offset = 0;
    if (form == RVFW_HYBRID_CONV_SYMMETRIC)
        rvfw_hybrid_quantize_symmetric(input, n, q, scale);
    else
        rvfw_hybrid_quantize_asymmetric(input, n, q, scale, offset);
}

/* One hybrid convolution (LiteRT's reference loops, rvfw_window_ref.h): per batch image, quantised
 * into scratch; per output, the int32 sum over the window's taps inside the image of
 * w x (q - zero point), then its form's float result and the clamp. scales: per output channel
 * (the symmetric form reads scales[0], its weights' one scale). */
static inline __attribute__((always_inline)) void rvfw_hybrid_window(const int form, const rvfw_conv_params *p,
                                                                     const float *input, const int8_t *filter,
                                                                     const float *bias, const float *scales,
                                                                     const float *act, int8_t *scratch, float *output)
{
    const int32_t image = p->in_h * p->in_w * p->in_c, in_c = p->in_c, out_c = p->out_c;
    const int32_t taps = p->k_h * p->k_w, m = p->depth_multiplier;
    for (int32_t b = 0; b < p->batches; ++b, input += image, output += p->out_h * p->out_w * out_c) {
        float image_scale;
        int32_t offset;
        rvfw_hybrid_quantize_image(form, input, image, scratch, &image_scale, &offset);
#define BEGIN int32_t acc = 0
        /* CONV_2D: in_c taps, weights [out_c][k_h][k_w][in_c]; DEPTHWISE: the output's input
         * channel, weights [1][k_h][k_w][out_c] */
#define TAP(pixel, k)                                                                                             \
    if (form == RVFW_HYBRID_DEPTHWISE)                                                                            \
        acc += filter[(k) * out_c + oc] * (scratch[(pixel) * in_c + oc / m] - offset);                            \
    else                                                                                                          \
        for (int32_t c = 0; c < in_c; ++c)                                                                        \
            acc += filter[(oc * taps + (k)) * in_c + c] * (scratch[(pixel) * in_c + c] - offset)
#define END(at) output[at] = rvfw_clamp_f32(rvfw_hybrid_result(form, acc, oc, bias, scales, image_scale), act)
        RVFW_WINDOW_FOR_IMAGE(p, BEGIN, TAP, END)
#undef BEGIN
#undef TAP
#undef END
    }
}


/* A hybrid CONV_2D as a matrix product, every fast set's (`dots` its own): per output pixel, the
 * window's taps as one column of k_h k_w in_c bytes after the quantised image in scratch (a tap
 * outside the image holds the zero point; a 1x1 window without padding reads the image in place),
 * two output channels' sums at a time, less zero point x the channel's weight sum (w_sums, built at
 * build time; NULL for the symmetric form, whose zero point is 0). Over the padding taps the zero
 * point's products cancel, so each sum is the reference's over the taps inside the image, exactly;
 * the float result and the clamp are the reference's. */
static inline __attribute__((always_inline)) void rvfw_hybrid_conv_run(const int form, const rvfw_conv_params *p,
                                                                       const float *input, const int8_t *filter,
                                                                       const float *bias, const float *scales,
                                                                       const int32_t *w_sums, const float *act,
                                                                       int8_t *scratch, float *output,
                                                                       rvfw_hybrid_dots_fn *dots)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, in_c = p->in_c, out_c = p->out_c, k_w = p->k_w;
    const int32_t image = in_h * in_w * in_c, depth = p->k_h * k_w * in_c;
    const int direct = p->k_h == 1 && k_w == 1 && p->pad_h == 0 && p->pad_w == 0;
    int8_t *col = scratch + image; /* hybrid.scratch: the image, then one column unless direct */
    for (int32_t b = 0; b < p->batches; ++b, input += image) {
        float image_scale;
        int32_t offset;
        rvfw_hybrid_quantize_image(form, input, image, scratch, &image_scale, &offset);
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += out_c) {
                const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
                const int8_t *x = col;
                if (direct) {
                    x = scratch + (y0 * in_w + x0) * in_c;
                } else {
                    int8_t *c = col;
                    for (int32_t ky = 0; ky < p->k_h; ++ky) {
                        const int32_t iy = y0 + ky * p->dilation_h;
                        for (int32_t kx = 0; kx < k_w; ++kx, c += in_c) {
                            const int32_t ix = x0 + kx * p->dilation_w;
                            if (iy >= 0 && iy < in_h && ix >= 0 && ix < in_w) {
                                const int8_t *src = scratch + (iy * in_w + ix) * in_c;
                                for (int32_t i = 0; i < in_c; ++i)
                                    c[i] = src[i];
                            } else {
                                for (int32_t i = 0; i < in_c; ++i)
                                    c[i] = (int8_t)offset;
                            }
                        }
                    }
                }
                for (int32_t oc = 0; oc < out_c; oc += 2) {
                    const int32_t rows = out_c - oc < 2 ? out_c - oc : 2;
                    int32_t acc[2];
                    dots(x, filter + oc * depth, depth, rows, acc);
                    for (int32_t r = 0; r < rows; ++r) {
                        const int32_t sum = w_sums ? acc[r] - offset * w_sums[oc + r] : acc[r];
                        output[oc + r] = rvfw_clamp_f32(rvfw_hybrid_result(form, sum, oc + r, bias, scales, image_scale), act);
                    }
                }
            }
    }
}

/* The sums of a hybrid DEPTHWISE_CONV_2D's output channels [c0, c0 + count) at one output pixel
 * (window corner y0, x0) over the taps inside the quantised image q of w x (q - zero point), into
 * acc[0..count): the one thing a set supplies for it. */
typedef void rvfw_hybrid_dw_sums_fn(const rvfw_conv_params *p, const int8_t *q, const int8_t *filter, int32_t offset,
                                    int32_t y0, int32_t x0, int32_t c0, int32_t count, int32_t *acc);

/* BODY once per tap of the window at (y0, x0) inside the image, with tap_x the tap's input pixel
 * in q (its first channel) and tap_w the tap's weights (output channel 0). */
#define RVFW_HYBRID_FOR_TAPS(p, q, filter, y0, x0, BODY)                                                         \
    for (int32_t ky_ = 0; ky_ < (p)->k_h; ++ky_) {                                                              \
        const int32_t iy_ = (y0) + ky_ * (p)->dilation_h;                                                       \
        if (iy_ < 0 || iy_ >= (p)->in_h)                                                                        \
            continue;                                                                                           \
        for (int32_t kx_ = 0; kx_ < (p)->k_w; ++kx_) {                                                          \
            const int32_t ix_ = (x0) + kx_ * (p)->dilation_w;                                                   \
            if (ix_ < 0 || ix_ >= (p)->in_w)                                                                    \
                continue;                                                                                       \
            const int8_t *tap_x = (q) + (iy_ * (p)->in_w + ix_) * (p)->in_c;                                    \
            const int8_t *tap_w = (filter) + (ky_ * (p)->k_w + kx_) * (p)->out_c;                               \
            BODY                                                                                                \
        }                                                                                                       \
    }

/* Portable: four channels a tap at a time where the depth multiplier is 1 (their inputs are four
 * neighbouring bytes), one at a time otherwise. */
static inline void rvfw_hybrid_dw_sums_scalar(const rvfw_conv_params *p, const int8_t *q, const int8_t *filter,
                                              int32_t offset, int32_t y0, int32_t x0, int32_t c0, int32_t count,
                                              int32_t *acc)
{
    const int32_t m = p->depth_multiplier;
    for (int32_t j = 0; j < count; ++j)
        acc[j] = 0;
    RVFW_HYBRID_FOR_TAPS(p, q, filter, y0, x0, {
        const int8_t *w = tap_w + c0;
        int32_t j = 0;
        if (m == 1) {
            const int8_t *xc = tap_x + c0;
            for (; j + 4 <= count; j += 4) {
                acc[j] += w[j] * (xc[j] - offset);
                acc[j + 1] += w[j + 1] * (xc[j + 1] - offset);
                acc[j + 2] += w[j + 2] * (xc[j + 2] - offset);
                acc[j + 3] += w[j + 3] * (xc[j + 3] - offset);
            }
        }
        for (; j < count; ++j)
            acc[j] += w[j] * (tap_x[(c0 + j) / m] - offset);
    })
}

/* Channels per call of a set's sums: the caller's sums on its stack. */
#define RVFW_HYBRID_DW_CHANNELS 64

/* A hybrid DEPTHWISE_CONV_2D, every fast set's (`sums` its own): per batch image quantised
 * asymmetrically into scratch, per output pixel its channels' sums RVFW_HYBRID_DW_CHANNELS at a
 * time, then the reference's float result and clamp. */
static inline __attribute__((always_inline)) void rvfw_hybrid_depthwise_run(const rvfw_conv_params *p,
                                                                            const float *input, const int8_t *filter,
                                                                            const float *bias, const float *scales,
                                                                            const float *act, int8_t *scratch,
                                                                            float *output, rvfw_hybrid_dw_sums_fn *sums)
{
    const int32_t image = p->in_h * p->in_w * p->in_c, out_c = p->out_c;
    int32_t acc[RVFW_HYBRID_DW_CHANNELS];
    for (int32_t b = 0; b < p->batches; ++b, input += image) {
        float image_scale;
        int32_t offset;
        rvfw_hybrid_quantize_image(RVFW_HYBRID_DEPTHWISE, input, image, scratch, &image_scale, &offset);
        for (int32_t oy = 0; oy < p->out_h; ++oy)
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += out_c)
                for (int32_t c0 = 0; c0 < out_c; c0 += RVFW_HYBRID_DW_CHANNELS) {
                    const int32_t n = out_c - c0 < RVFW_HYBRID_DW_CHANNELS ? out_c - c0 : RVFW_HYBRID_DW_CHANNELS;
                    sums(p, scratch, filter, offset, oy * p->stride_h - p->pad_h, ox * p->stride_w - p->pad_w, c0, n,
                         acc);
                    for (int32_t j = 0; j < n; ++j)
                        output[c0 + j] = rvfw_clamp_f32(
                            rvfw_hybrid_result(RVFW_HYBRID_DEPTHWISE, acc[j], c0 + j, bias, scales, image_scale), act);
                }
    }
}

#endif
