/* DEPTHWISE_CONV_2D (depth multiplier 1) writing its output over its input: fast portable C.
 * Four channels at a time (the reference goes one by one): their input planes are copied to
 * scratch interleaved ([y][x][4], rvfw_depthwise_conv2d_inplace_scratch_size bytes), then their
 * outputs are written; every write lands on a slot of those four channels, so no input still to
 * be read is lost. A tap then costs 8 contiguous loads for 4 MACs, as in the out-of-place fast
 * kernel. Interior pixels multiply raw values against the folded bias; a border pixel's taps in
 * the padding take the input's zero point, so the folded bias serves it too. Any stride, padding
 * and dilation; channels beyond a multiple of four go one by one. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

/* Four output channels of one pixel over its window: a0..a3 += w[l] * v[l], v the interleaved
 * scratch's four bytes of a tap (4 bytes a pixel), or the zero point for a tap in the padding. */
#define RVFW_DW_INPLACE_4(INSIDE, V)                                                                                   \
    do {                                                                                                               \
        for (int32_t ky = 0; ky < k_h; ++ky) {                                                                         \
            const int32_t y = y0 + ky * p->dilation_h;                                                                 \
            const int8_t *w = filter + ky * k_w * ch + c;                                                              \
            for (int32_t kx = 0; kx < k_w; ++kx, w += ch) {                                                            \
                const int32_t xx = x0 + kx * p->dilation_w;                                                            \
                const int8_t *x = scratch + (y * in_w + xx) * 4;                                                       \
                const int inside = (INSIDE);                                                                           \
                a0 += w[0] * (V(0));                                                                                   \
                a1 += w[1] * (V(1));                                                                                   \
                a2 += w[2] * (V(2));                                                                                   \
                a3 += w[3] * (V(3));                                                                                   \
                (void)inside;                                                                                          \
            }                                                                                                          \
        }                                                                                                              \
    } while (0)
#define RVFW_RAW(l) x[l]
#define RVFW_OR_ZERO_POINT(l) (inside ? x[l] : zero_point)

void rvfw_depthwise_conv2d_inplace_s8_scalar(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                             const int32_t *bias_folded, const int32_t *output_multiplier,
                                             const int32_t *output_shift, int8_t *scratch)
{
    const int32_t ch = p->in_c, in_h = p->in_h, in_w = p->in_w, k_h = p->k_h, k_w = p->k_w;
    const int32_t plane = in_h * in_w, out_plane = p->out_h * p->out_w, zero_point = -p->input_offset;
    const int32_t span_h = (k_h - 1) * p->dilation_h, span_w = (k_w - 1) * p->dilation_w;
    const int32_t out_offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    for (int32_t b = 0; b < p->batches; ++b) {
        int8_t *image = data + b * plane * ch, *out_image = data + b * out_plane * ch;
        int32_t c = 0;
        for (; c + 4 <= ch; c += 4) {
            for (int32_t i = 0; i < plane; ++i) {
                const int8_t *from = image + i * ch + c;
                scratch[4 * i] = from[0], scratch[4 * i + 1] = from[1];
                scratch[4 * i + 2] = from[2], scratch[4 * i + 3] = from[3];
            }
            for (int32_t oy = 0; oy < p->out_h; ++oy) {
                const int32_t y0 = oy * p->stride_h - p->pad_h;
                const int rows_inside = y0 >= 0 && y0 + span_h < in_h;
                int8_t *out = out_image + oy * p->out_w * ch + c;
                for (int32_t ox = 0; ox < p->out_w; ++ox, out += ch) {
                    const int32_t x0 = ox * p->stride_w - p->pad_w;
                    int32_t a0 = bias_folded[c], a1 = bias_folded[c + 1], a2 = bias_folded[c + 2];
                    int32_t a3 = bias_folded[c + 3];
                    if (rows_inside && x0 >= 0 && x0 + span_w < in_w)
                        RVFW_DW_INPLACE_4(1, RVFW_RAW);
                    else
                        RVFW_DW_INPLACE_4(y >= 0 && y < in_h && xx >= 0 && xx < in_w, RVFW_OR_ZERO_POINT);
                    out[0] = rvfw_requantize_s8(a0, output_multiplier[c], output_shift[c], out_offset, lo, hi);
                    out[1] = rvfw_requantize_s8(a1, output_multiplier[c + 1], output_shift[c + 1], out_offset, lo, hi);
                    out[2] = rvfw_requantize_s8(a2, output_multiplier[c + 2], output_shift[c + 2], out_offset, lo, hi);
                    out[3] = rvfw_requantize_s8(a3, output_multiplier[c + 3], output_shift[c + 3], out_offset, lo, hi);
                }
            }
        }
        for (; c < ch; ++c) { /* the last one to three channels, one plane each */
            for (int32_t i = 0; i < plane; ++i)
                scratch[i] = image[i * ch + c];
            for (int32_t oy = 0; oy < p->out_h; ++oy) {
                const int32_t y0 = oy * p->stride_h - p->pad_h;
                for (int32_t ox = 0; ox < p->out_w; ++ox) {
                    const int32_t x0 = ox * p->stride_w - p->pad_w;
                    int32_t acc = bias_folded[c];
                    for (int32_t ky = 0; ky < k_h; ++ky) {
                        const int32_t y = y0 + ky * p->dilation_h;
                        for (int32_t kx = 0; kx < k_w; ++kx) {
                            const int32_t xx = x0 + kx * p->dilation_w;
                            const int inside = y >= 0 && y < in_h && xx >= 0 && xx < in_w;
                            acc += filter[(ky * k_w + kx) * ch + c] * (inside ? scratch[y * in_w + xx] : zero_point);
                        }
                    }
                    out_image[(oy * p->out_w + ox) * ch + c] =
                        rvfw_requantize_s8(acc, output_multiplier[c], output_shift[c], out_offset, lo, hi);
                }
            }
        }
    }
}
