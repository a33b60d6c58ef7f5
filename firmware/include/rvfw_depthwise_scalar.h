/* SPDX-License-Identifier: Apache-2.0 */
/* The fast scalar DEPTHWISE_CONV_2D, as one inline body for its two kernels:
 * depthwise_conv2d_s8_scalar (depth multiplier 1, the common case: each lane's input channel is
 * the next byte) and depthwise_conv2d_mult_s8_scalar (any multiplier, the lanes' input channels
 * computed per block). Two files so that an image carries only the variant its layers use.
 *
 * Pixel by pixel, four output channels at a time: in NHWC the four channels' weights of one tap are
 * contiguous bytes, and so are their inputs with depth multiplier 1 (output channel oc reads input
 * channel oc / multiplier), so a tap costs at most 8 loads for 4 MACs and the tap loop's pointer
 * moves are shared by the four. The taps inside the input are found once per pixel; interior pixels
 * multiply raw values against the bias with the input offset folded in, border pixels use the
 * exact (x - zero_point) form over the taps that exist, from the raw bias: the folded one less
 * input_offset * the channel's tap sum (int16: a table half the raw bias's size). */
#ifndef RVFW_DEPTHWISE_SCALAR_H
#define RVFW_DEPTHWISE_SCALAR_H

#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

/* Four output channels of one pixel over taps [ky0, ky1) x [kx0, kx1); `offset` 0 (interior,
 * folded bias) or the input offset (border, raw bias); D1-D3: the input channels of lanes 1-3
 * relative to lane 0's. */
#define RVFW_DW4(OFFSET, D1, D2, D3)                                                                                   \
    do {                                                                                                               \
        for (int32_t ky = ky0; ky < ky1; ++ky, x_row += tap_y, w_row += k_w * out_c) {                                \
            const int8_t *x = x_row, *w = w_row;                                                                      \
            for (int32_t kx = kx0; kx < kx1; ++kx, x += tap_x, w += out_c) {                                          \
                a0 += w[0] * (x[0] + (OFFSET));                                                                       \
                a1 += w[1] * (x[D1] + (OFFSET));                                                                      \
                a2 += w[2] * (x[D2] + (OFFSET));                                                                      \
                a3 += w[3] * (x[D3] + (OFFSET));                                                                      \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)

/* multiplier_one: a constant, 1 for depth multiplier 1 (the lanes read consecutive input channels). */
static inline __attribute__((always_inline)) void rvfw_depthwise_scalar(const rvfw_conv_params *p, const int8_t *input,
                                                                        const int8_t *filter,
                                                                        const int32_t *bias_folded,
                                                                        const int16_t *tap_sums,
                                                                        const int32_t *output_multiplier,
                                                                        const int8_t *output_shift, int8_t *output,
                                                                        const int multiplier_one)
{
    const int32_t ch = p->in_c, out_c = p->out_c, k_h = p->k_h, k_w = p->k_w;
    const int32_t dm = multiplier_one ? 1 : p->depth_multiplier;
    const int32_t in_w = p->in_w, in_h = p->in_h;
    const int32_t tap_x = p->dilation_w * ch, tap_y = p->dilation_h * in_w * ch, offset = p->input_offset;
    const int32_t out_offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    const int fast = p->fast_requant; /* one high multiply per output where the build proved it exact */
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * in_h * in_w * ch;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            int32_t ky0, ky1;
            rvfw_dilated_window(y0, k_h, p->dilation_h, in_h, &ky0, &ky1);
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                int32_t kx0, kx1;
                rvfw_dilated_window(x0, k_w, p->dilation_w, in_w, &kx0, &kx1);
                const int interior = ky0 == 0 && ky1 == k_h && kx0 == 0 && kx1 == k_w;
                const int8_t *x_first = in_batch + ((y0 + ky0 * p->dilation_h) * in_w + x0 + kx0 * p->dilation_w) * ch;
                const int8_t *w_first = filter + (ky0 * k_w + kx0) * out_c;
                int8_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                int32_t c = 0;
                for (; c + 4 <= out_c; c += 4) {
                    const int32_t ic = c / dm, d1 = (c + 1) / dm - ic, d2 = (c + 2) / dm - ic, d3 = (c + 3) / dm - ic;
                    const int8_t *x_row = x_first + ic, *w_row = w_first + c;
                    int32_t a0 = bias_folded[c], a1 = bias_folded[c + 1], a2 = bias_folded[c + 2];
                    int32_t a3 = bias_folded[c + 3];
                    if (interior) {
                        if (multiplier_one)
                            RVFW_DW4(0, 1, 2, 3);
                        else
                            RVFW_DW4(0, d1, d2, d3);
                    } else { /* from the raw bias: bias_folded - input_offset * tap sum */
                        if (multiplier_one)
                            RVFW_DW4(offset, 1, 2, 3);
                        else
                            RVFW_DW4(offset, d1, d2, d3);
                        a0 -= offset * tap_sums[c], a1 -= offset * tap_sums[c + 1];
                        a2 -= offset * tap_sums[c + 2], a3 -= offset * tap_sums[c + 3];
                    }
                    out[c] = RVFW_OUTPUT_S8_FAST(fast, a0, output_multiplier[c], output_shift[c], out_offset, lo, hi);
                    out[c + 1] = RVFW_OUTPUT_S8_FAST(fast, a1, output_multiplier[c + 1], output_shift[c + 1], out_offset, lo, hi);
                    out[c + 2] = RVFW_OUTPUT_S8_FAST(fast, a2, output_multiplier[c + 2], output_shift[c + 2], out_offset, lo, hi);
                    out[c + 3] = RVFW_OUTPUT_S8_FAST(fast, a3, output_multiplier[c + 3], output_shift[c + 3], out_offset, lo, hi);
                }
                for (; c < out_c; ++c) { /* the last one to three channels (tap_sums: NULL when no pixel is a border one) */
                    const int32_t tap_offset = interior ? 0 : offset;
                    int32_t acc = interior ? bias_folded[c] : bias_folded[c] - offset * tap_sums[c];
                    const int8_t *x_row = x_first + c / dm, *w_row = w_first + c;
                    for (int32_t ky = ky0; ky < ky1; ++ky, x_row += tap_y, w_row += k_w * out_c) {
                        const int8_t *x = x_row, *w = w_row;
                        for (int32_t kx = kx0; kx < kx1; ++kx, x += tap_x, w += out_c)
                            acc += *w * (*x + tap_offset);
                    }
                    out[c] = RVFW_OUTPUT_S8_FAST(fast, acc, output_multiplier[c], output_shift[c], out_offset, lo, hi);
                }
            }
        }
    }
}

#endif
