/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, int8, fast portable C, for a conv the plan found no room for im2col columns beside:
 * the columns go in the tail of its output (bytes nothing else holds, written last) and run
 * through conv2d_s8_scalar's matrix-product loop; the pixels whose outputs would overwrite that
 * tail are computed one at a time, in place of the columns (one_pixel). A conv with a fused
 * residual ADD writes a row at a time into a row of scratch, which leaves no tail: every pixel
 * runs one_pixel. A kernel file of its own, so that images whose convs all have column scratch
 * do not carry this code. */
#include "rvfw_conv_scalar.h"
#include "rvfw_dot_scalar.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

/* One pixel without a column buffer, every output channel, two at a time: the im2col product
 * read in place, taps in the padding taking the input's zero point (a window row inside the input
 * is one contiguous run). */
static void one_pixel(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter, const int32_t *bias_folded,
                      const int32_t *output_multiplier, const int8_t *output_shift, int32_t pixel, int8_t *out)
{
    const int32_t in_c = p->in_c, in_w = p->in_w, k_w = p->k_w, out_c = p->out_c, row = k_w * in_c;
    const int32_t filter_size = p->k_h * row;
    const int32_t ox = pixel % p->out_w, oy = pixel / p->out_w % p->out_h, b = pixel / (p->out_w * p->out_h);
    const int8_t *in_batch = input + b * p->in_h * in_w * in_c;
    const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
    const int32_t zero_point = -p->input_offset;
    const int across = rvfw_window_rows_contiguous(p, x0);
    for (int32_t oc = 0; oc < out_c; oc += 2) {
        const int32_t oc1 = oc + 1 < out_c ? oc + 1 : oc;
        const int8_t *wa = filter + oc * filter_size, *wb = filter + oc1 * filter_size;
        int32_t acc_a = bias_folded[oc], acc_b = bias_folded[oc1];
        for (int32_t ky = 0; ky < p->k_h; ++ky, wa += row, wb += row) {
            const int32_t y = y0 + ky * p->dilation_h;
            const int8_t *x = in_batch + y * in_w * in_c;
            if (y >= 0 && y < p->in_h && across) {
                rvfw_dot2_s8_scalar(x + x0 * in_c, wa, wb, row, &acc_a, &acc_b);
                continue;
            }
            for (int32_t kx = 0; kx < k_w; ++kx) {
                const int32_t xx = x0 + kx * p->dilation_w;
                const int inside = y >= 0 && y < p->in_h && xx >= 0 && xx < in_w;
                for (int32_t c = 0; c < in_c; ++c) {
                    const int32_t v = inside ? x[xx * in_c + c] : zero_point;
                    acc_a += v * wa[kx * in_c + c];
                    acc_b += v * wb[kx * in_c + c];
                }
            }
        }
        out[oc] = RVFW_OUTPUT_S8(p, acc_a, output_multiplier[oc], output_shift[oc]);
        out[oc1] = RVFW_OUTPUT_S8(p, acc_b, output_multiplier[oc1], output_shift[oc1]);
    }
}

RVFW_KERNEL void rvfw_conv2d_tail_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                const int32_t *bias_folded, const int32_t *output_multiplier, const int8_t *output_shift,
                                int8_t *output)
{
    const int32_t out_c = p->out_c, pixels = p->batches * p->out_h * p->out_w;
    const int32_t col_bytes = RVFW_CONV_IM2COL_PIXELS * p->k_h * p->k_w * p->in_c;
    int8_t *col;
    const int32_t fast = rvfw_tail_columns(output, pixels, out_c, col_bytes, &col); /* [0, fast) on columns */
    if (fast)
        rvfw_conv2d_columns_s8_scalar(p, input, filter, bias_folded, output_multiplier, output_shift, output, col,
                                      fast);
    for (int32_t px = fast; px < pixels; ++px)
        one_pixel(p, input, filter, bias_folded, output_multiplier, output_shift, px, output + px * out_c);
}
