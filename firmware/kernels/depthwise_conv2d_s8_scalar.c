/* DEPTHWISE_CONV_2D, int8, depth multiplier 1: fast portable C. Interior pixels use the input
 * offset folded into the bias and two neighbouring pixels per pass, so each weight is loaded
 * once for both; border pixels use the exact (x - zero_point) form over the taps that exist. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

static inline int8_t finish(const rvfw_conv_params *p, int32_t acc, int32_t multiplier, int32_t shift)
{
    return RVFW_OUTPUT_S8(p, acc, multiplier, shift);
}

void rvfw_depthwise_conv2d_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                     const int32_t *bias_folded, const int32_t *bias, const int32_t *output_multiplier,
                                     const int32_t *output_shift, int8_t *output)
{
    const int32_t ch = p->in_c, k_h = p->k_h, k_w = p->k_w, in_w = p->in_w;
    const rvfw_interior inside = rvfw_interior_of(p);
    const int32_t ox_lo = inside.ox_lo, ox_hi = inside.ox_hi, span_h = inside.span_h;
    const int32_t tap_x = p->dilation_w * ch, tap_y = p->dilation_h * in_w * ch, pixel_step = p->stride_w * ch;

    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * in_w * ch;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            const int row_inside = y0 >= 0 && y0 + span_h < p->in_h;
            for (int32_t ox = 0; ox < p->out_w;) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                int8_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * ch;
                if (!row_inside || ox < ox_lo || ox >= ox_hi) {
                    /* The taps inside the input, found once per pixel: [ky0, ky1) x [kx0, kx1). */
                    int32_t ky0 = 0, ky1 = k_h, kx0 = 0, kx1 = k_w;
                    while (ky0 < k_h && y0 + ky0 * p->dilation_h < 0)
                        ++ky0;
                    while (ky1 > ky0 && y0 + (ky1 - 1) * p->dilation_h >= p->in_h)
                        --ky1;
                    while (kx0 < k_w && x0 + kx0 * p->dilation_w < 0)
                        ++kx0;
                    while (kx1 > kx0 && x0 + (kx1 - 1) * p->dilation_w >= in_w)
                        --kx1;
                    const int8_t *x_first = in_batch + ((y0 + ky0 * p->dilation_h) * in_w + x0 + kx0 * p->dilation_w) * ch;
                    const int32_t offset = p->input_offset;
                    for (int32_t c = 0; c < ch; ++c) {
                        int32_t acc = bias ? bias[c] : 0;
                        const int8_t *x_row = x_first + c;
                        for (int32_t ky = ky0; ky < ky1; ++ky, x_row += tap_y) {
                            const int8_t *x = x_row, *w = filter + (ky * k_w + kx0) * ch + c;
                            for (int32_t kx = kx0; kx < kx1; ++kx, x += tap_x, w += ch)
                                acc += *w * (*x + offset);
                        }
                        out[c] = finish(p, acc, output_multiplier[c], output_shift[c]);
                    }
                    ++ox;
                    continue;
                }
                const int32_t pixels = ox + 1 < ox_hi ? 2 : 1;
                const int8_t *x_base = in_batch + (y0 * in_w + x0) * ch;
                const int32_t second = pixels == 2 ? pixel_step : 0;
                for (int32_t c = 0; c < ch; ++c) {
                    int32_t acc0 = bias_folded[c], acc1 = acc0;
                    const int8_t *w = filter + c;
                    for (int32_t ky = 0; ky < k_h; ++ky) {
                        const int8_t *x = x_base + ky * tap_y + c;
#pragma GCC unroll 3
                        for (int32_t kx = 0; kx < k_w; ++kx, x += tap_x, w += ch) {
                            acc0 += *w * x[0];
                            acc1 += *w * x[second];
                        }
                    }
                    out[c] = finish(p, acc0, output_multiplier[c], output_shift[c]);
                    if (pixels == 2)
                        out[ch + c] = finish(p, acc1, output_multiplier[c], output_shift[c]);
                }
                ox += pixels;
            }
        }
    }
}
