/* SPDX-License-Identifier: Apache-2.0 */
/* The on-the-fly input quantisation of LiteRT's hybrid (dynamic-range) kernels: float32
 * activations quantised to int8 per batch when the op runs, int8 weights, float32 outputs. The
 * quantisers compute what LiteRT's tensor_utils compute, operation for operation, so the int8
 * values, the scale and the zero point are LiteRT's bit for bit (measured against its x86 build:
 * the asymmetric range's width is a float subtraction, its scale and zero point are computed in
 * double from it). The kernels are built without floating-point contraction. Builtins, not
 * <math.h>: the RVV kernels that quantise compile without the C library's headers. */
#ifndef RVFW_HYBRID_H
#define RVFW_HYBRID_H

#include <stdint.h>

#include "rvfw_kernels.h"
#include "rvfw_window_ref.h"

/* __builtin_round(v), clamped to [lo, hi]; a NaN gives lo (x86's conversion of a NaN is INT32_MIN, which
 * LiteRT's clamp takes to the bottom; a RISC-V conversion gives INT32_MAX). */
static inline int8_t rvfw_hybrid_round(float v, int32_t lo, int32_t hi)
{
    const float r = __builtin_roundf(v);
    if (!(r >= (float)lo))
        return (int8_t)lo;
    return (int8_t)(r > (float)hi ? hi : (int32_t)r);
}

/* LiteRT's AsymmetricQuantizeFloats: the range [min(0, min x), max(0, max x)] onto [-128, 127]
 * with the zero point from the end whose terms are smaller (nudged into range); an all-zero range
 * quantises to zeros with scale 1 and offset 0. */
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
    for (int32_t i = 0; i < n; ++i)
        q[i] = rvfw_hybrid_round((float)zero_point + x[i] * inv, -128, 127);
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
    for (int32_t i = 0; i < n; ++i)
        q[i] = rvfw_hybrid_round(x[i] * inv, -127, 127);
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
        int32_t offset = 0;
        if (form == RVFW_HYBRID_CONV_SYMMETRIC)
            rvfw_hybrid_quantize_symmetric(input, image, scratch, &image_scale);
        else
            rvfw_hybrid_quantize_asymmetric(input, image, scratch, &image_scale, &offset);
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

#endif
