/* SPDX-License-Identifier: Apache-2.0 */
/* DEPTHWISE_CONV_2D, int8, RVV 1.0.
 *
 * Interior pixels (window inside the input) with depth multiplier 1 use the input offset
 * folded into the bias (bias_folded = bias + input_offset * sum over taps of w), so lanes
 * multiply raw int8 values. Lanes hold (pixel, channel) pairs: with fewer channels than
 * vector lanes, several neighbouring output pixels share one vector, their inputs and the
 * per-channel arrays gathered by index (offsets computed once per call).
 * Border pixels, and any depth multiplier above 1, take the exact path: channels across
 * lanes, (x - zero_point) * w over the taps that exist, as the reference does, from the raw
 * bias: bias_folded + zero_point * (the channel's tap sum, an int16 table half its size). */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

static void exact_pixel(const rvfw_conv_params *p, const int8_t *in_batch, const int8_t *filter,
                        const int32_t *bias_folded, const int16_t *tap_sums, const int32_t *output_multiplier,
                        const int32_t *output_shift, int32_t y0, int32_t x0, int8_t *out)
{
    /* Locals, so the compiler need not reload them after every store. */
    const int32_t dm = p->depth_multiplier, out_c = p->out_c, in_c = p->in_c, in_h = p->in_h, in_w = p->in_w;
    const int32_t k_h = p->k_h, k_w = p->k_w, dil_h = p->dilation_h, dil_w = p->dilation_w;
    const int8_t zero_point = (int8_t)(-p->input_offset);
    const ptrdiff_t s8 = dm, s16 = dm * (ptrdiff_t)sizeof(int16_t), s32 = dm * (ptrdiff_t)sizeof(int32_t);
    /* The taps that exist: [ky0, ky1) x [kx0, kx1) in dilated steps. */
    int32_t ky0, ky1, kx0, kx1;
    rvfw_dilated_window(y0, k_h, dil_h, in_h, &ky0, &ky1);
    rvfw_dilated_window(x0, k_w, dil_w, in_w, &kx0, &kx1);
    for (int32_t m = 0; m < dm; ++m) {
        for (int32_t c0 = 0; c0 < in_c;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(in_c - c0));
            const int32_t oc = c0 * dm + m;
            vint32m8_t acc = __riscv_vwmacc_vx_i32m8(__riscv_vlse32_v_i32m8(bias_folded + oc, s32, vl), zero_point,
                                                     __riscv_vlse16_v_i16m4(tap_sums + oc, s16, vl), vl);
            for (int32_t ky = ky0; ky < ky1; ++ky) {
                const int8_t *x = in_batch + ((y0 + ky * dil_h) * in_w + x0 + kx0 * dil_w) * in_c + c0;
                const int8_t *w = filter + (ky * k_w + kx0) * out_c + oc;
                for (int32_t kx = kx0; kx < kx1; ++kx, x += dil_w * in_c, w += out_c) {
                    const vint8m2_t x8 = __riscv_vle8_v_i8m2(x, vl);
                    const vint8m2_t w8 = __riscv_vlse8_v_i8m2(w, s8, vl);
                    acc = __riscv_vwmacc_vv_i32m8(acc, __riscv_vwsub_vx_i16m4(x8, zero_point, vl),
                                                  __riscv_vsext_vf2_i16m4(w8, vl), vl);
                }
            }
            acc = rvfw_requantize_vv(acc, __riscv_vlse32_v_i32m8(output_multiplier + oc, s32, vl),
                                     __riscv_vlse32_v_i32m8(output_shift + oc, s32, vl), p->right_shifts_only,
                                     vl);
            __riscv_vsse8_v_i8m2(out + oc, s8,
                                 rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                                p->output_activation_max, vl),
                                 vl);
            c0 += (int32_t)vl;
        }
    }
}

/* Windows of up to PAIRED_TAPS_MAX taps take the int16 pair path. */
#define PAIRED_TAPS_MAX 64

/* Two pixels' taps (the second `second` bytes after the first; the same when there is one) in
 * pairs: the two int8 x int8 products of a pair are summed at int16 (exact: the layer has no -128
 * weight, so |sum| <= 2 * 128 * 127) and widened into the int32 accumulators once. Against one
 * widening MAC per tap this drops the sign extensions of inputs and weights and half the int32
 * adds. tap_at: each tap's offset from the window's first byte; w: tap t's weights at t * w_step. */
static inline __attribute__((always_inline)) void taps_in_pairs(const int8_t *x, int32_t second, const int32_t *tap_at,
                                                                int32_t taps, const int8_t *w, int32_t w_step,
                                                                vint32m8_t *acc0, vint32m8_t *acc1, size_t vl)
{
    vint32m8_t a0 = *acc0, a1 = *acc1;
    int32_t t = 0;
    for (; t + 1 < taps; t += 2, w += 2 * w_step) {
        const vint8m2_t wa = __riscv_vle8_v_i8m2(w, vl), wb = __riscv_vle8_v_i8m2(w + w_step, vl);
        const int8_t *xa = x + tap_at[t], *xb = x + tap_at[t + 1];
        /* one pixel's pair at a time: 16 accumulator, 4 product and 6 operand registers */
        vint16m4_t p0 = __riscv_vwmul_vv_i16m4(__riscv_vle8_v_i8m2(xa, vl), wa, vl);
        p0 = __riscv_vwmacc_vv_i16m4(p0, __riscv_vle8_v_i8m2(xb, vl), wb, vl);
        a0 = __riscv_vwadd_wv_i32m8(a0, p0, vl);
        vint16m4_t p1 = __riscv_vwmul_vv_i16m4(__riscv_vle8_v_i8m2(xa + second, vl), wa, vl);
        p1 = __riscv_vwmacc_vv_i16m4(p1, __riscv_vle8_v_i8m2(xb + second, vl), wb, vl);
        a1 = __riscv_vwadd_wv_i32m8(a1, p1, vl);
    }
    if (t < taps) {
        const vint8m2_t wa = __riscv_vle8_v_i8m2(w, vl);
        const int8_t *xa = x + tap_at[t];
        a0 = __riscv_vwadd_wv_i32m8(a0, __riscv_vwmul_vv_i16m4(__riscv_vle8_v_i8m2(xa, vl), wa, vl), vl);
        a1 = __riscv_vwadd_wv_i32m8(a1, __riscv_vwmul_vv_i16m4(__riscv_vle8_v_i8m2(xa + second, vl), wa, vl), vl);
    }
    *acc0 = a0;
    *acc1 = a1;
}

RVFW_KERNEL void rvfw_depthwise_conv2d_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                  const int32_t *bias_folded, const int16_t *tap_sums,
                                  const int32_t *output_multiplier, const int32_t *output_shift, int8_t *output)
{
    const int32_t ch = p->in_c;
    const rvfw_interior inside = rvfw_interior_of(p);
    const int32_t ox_lo = inside.ox_lo, ox_hi = inside.ox_hi, span_h = inside.span_h;

    /* Lane l holds channel l % ch of pixel l / ch; `pixels` neighbouring pixels per vector. */
    const size_t vlmax = __riscv_vsetvlmax_e32m8();
    const int32_t pixels = p->depth_multiplier == 1 && (size_t)ch < vlmax ? (int32_t)(vlmax / (size_t)ch) : 1;
    const vuint16m4_t lane = __riscv_vid_v_u16m4(__riscv_vsetvlmax_e16m4());
    const vuint16m4_t chan = __riscv_vremu_vx_u16m4(lane, (uint16_t)ch, vlmax);
    const vuint16m4_t pix = __riscv_vdivu_vx_u16m4(lane, (uint16_t)ch, vlmax);
    const vuint16m4_t x_index = __riscv_vmacc_vx_u16m4(chan, (uint16_t)(p->stride_w * ch), pix, vlmax);
    /* Tap t's input offset from the window's first byte, for the paired int16 accumulation. */
    const int32_t taps = p->k_h * p->k_w;
    const int paired = p->pair_taps && taps <= PAIRED_TAPS_MAX;
    int32_t tap_at[PAIRED_TAPS_MAX];
    for (int32_t t = 0; paired && t < taps; ++t)
        tap_at[t] = ((t / p->k_w) * p->dilation_h * p->in_w + (t % p->k_w) * p->dilation_w) * ch;

    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * p->in_w * ch;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            const int row_inside = y0 >= 0 && y0 + span_h < p->in_h;
            for (int32_t ox = 0; ox < p->out_w;) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                int8_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * p->out_c;
                if (!row_inside || ox < ox_lo || ox >= ox_hi || p->depth_multiplier != 1) {
                    exact_pixel(p, in_batch, filter, bias_folded, tap_sums, output_multiplier, output_shift, y0, x0, out);
                    ++ox;
                    continue;
                }
                const int32_t n = ox_hi - ox < pixels ? ox_hi - ox : pixels;
                if (n == 1) {
                    /* Channels across lanes, unit-stride loads; two neighbouring pixels share each
                     * weight load when both are inside. */
                    const int32_t pair = ox + 1 < ox_hi;
                    const int32_t second = pair ? p->stride_w * ch : 0;
                    const int8_t *window = in_batch + (y0 * p->in_w + x0) * ch;
                    for (int32_t c0 = 0; c0 < ch;) {
                        const size_t vl = __riscv_vsetvl_e32m8((size_t)(ch - c0));
                        vint32m8_t acc0 = __riscv_vle32_v_i32m8(bias_folded + c0, vl), acc1 = acc0;
                        if (paired) {
                            taps_in_pairs(window + c0, second, tap_at, taps, filter + c0, ch, &acc0, &acc1, vl);
                        } else {
                        for (int32_t ky = 0; ky < p->k_h; ++ky) {
                            const int8_t *x = in_batch + ((y0 + ky * p->dilation_h) * p->in_w + x0) * ch + c0;
                            const int8_t *w = filter + ky * p->k_w * ch + c0;
                            for (int32_t kx = 0; kx < p->k_w; ++kx, x += p->dilation_w * ch, w += ch) {
                                const vint16m4_t w16 = __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(w, vl), vl);
                                acc0 = __riscv_vwmacc_vv_i32m8(
                                    acc0, __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(x, vl), vl), w16, vl);
                                acc1 = __riscv_vwmacc_vv_i32m8(
                                    acc1, __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(x + second, vl), vl), w16, vl);
                            }
                        }
                        }
                        const vint32m8_t m = __riscv_vle32_v_i32m8(output_multiplier + c0, vl);
                        const vint32m8_t s = __riscv_vle32_v_i32m8(output_shift + c0, vl);
                        const int right_only = p->right_shifts_only;
                        __riscv_vse8_v_i8m2(out + c0,
                                            rvfw_narrow_s8(rvfw_requantize_vv(acc0, m, s, right_only, vl),
                                                           p->output_offset, p->output_activation_min,
                                                           p->output_activation_max, vl),
                                            vl);
                        if (pair)
                            __riscv_vse8_v_i8m2(out + p->out_c + c0,
                                                rvfw_narrow_s8(rvfw_requantize_vv(acc1, m, s, right_only, vl),
                                                               p->output_offset, p->output_activation_min,
                                                               p->output_activation_max, vl),
                                                vl);
                        c0 += (int32_t)vl;
                    }
                    ox += pair ? 2 : 1;
                    continue;
                } else {
                    /* n pixels x all channels in one vector, gathered by index. */
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(n * ch));
                    vint32m8_t acc = __riscv_vluxei16_v_i32m8(bias_folded, __riscv_vsll_vx_u16m4(chan, 2, vl), vl);
                    for (int32_t ky = 0; ky < p->k_h; ++ky) {
                        const int8_t *x = in_batch + ((y0 + ky * p->dilation_h) * p->in_w + x0) * ch;
                        const int8_t *w = filter + ky * p->k_w * ch;
                        for (int32_t kx = 0; kx < p->k_w; ++kx, x += p->dilation_w * ch, w += ch) {
                            const vint8m2_t x8 = __riscv_vluxei16_v_i8m2(x, x_index, vl);
                            const vint8m2_t w8 = __riscv_vluxei16_v_i8m2(w, chan, vl);
                            acc = __riscv_vwmacc_vv_i32m8(acc, __riscv_vsext_vf2_i16m4(x8, vl),
                                                          __riscv_vsext_vf2_i16m4(w8, vl), vl);
                        }
                    }
                    const vuint16m4_t chan4 = __riscv_vsll_vx_u16m4(chan, 2, vl); /* byte offsets of int32 lanes */
                    acc = rvfw_requantize_vv(acc, __riscv_vluxei16_v_i32m8(output_multiplier, chan4, vl),
                                             __riscv_vluxei16_v_i32m8(output_shift, chan4, vl),
                                             p->right_shifts_only, vl);
                    __riscv_vse8_v_i8m2(out, rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                                            p->output_activation_max, vl), vl);
                }
                ox += n;
            }
        }
    }
}
