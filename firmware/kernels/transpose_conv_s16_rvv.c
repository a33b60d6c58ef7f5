/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV 16x8, RVV (ELEN 64): each output pixel's taps found once, the output channels in
 * 64-bit lanes; each input value times the weights of all channels (read contiguously from the
 * filter laid out out-channel innermost, [k_h][k_w][in_c][out_c]) widened into the 64-bit sums
 * (rvfw_rvv_s16.h), then the int64 bias and the 64-bit requantisation per lane. Exact integer
 * sums: the reference's. */
#include "rvfw_rvv_s16.h"
#include "rvfw_transpose_conv.h"

static inline __attribute__((always_inline)) void pixel_outputs(const rvfw_conv_params *p, const int16_t *in, int16_t *out,
                          const rvfw_transpose_conv_window win, const int8_t *filter_hwio, const int64_t *bias,
                          const int32_t *output_multiplier, const int32_t *output_shift)
{
    const int32_t in_c = p->in_c, out_c = p->out_c;
    for (int32_t oc = 0; oc < out_c;) {
        const size_t vl = __riscv_vsetvl_e64m8((size_t)(out_c - oc));
        vint64m8_t acc = __riscv_vmv_v_x_i64m8(0, vl);
#define TAP(tap, pixel)                                                                                            \
    {                                                                                                                \
        const int16_t *x = in + (pixel) * in_c;                                                                      \
        const int8_t *w = filter_hwio + (tap) * in_c * out_c + oc;                                                   \
        for (int32_t ic = 0; ic < in_c; ++ic, w += out_c)                                                            \
            acc = rvfw_mac_s16x8(acc, x[ic], w, vl);                                                                 \
    }
        RVFW_TRANSPOSE_CONV_TAPS(p, win, TAP)
        rvfw_store_s16(acc, bias ? bias + oc : 0, output_multiplier + oc, output_shift + oc, p->output_activation_min,
                       p->output_activation_max, out + oc, vl);
        oc += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_transpose_conv_s16_rvv(const rvfw_conv_params *p, const int16_t *input, const int8_t *filter_hwio,
                                 const int64_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                 int16_t *output)
{
#define PIXEL(in, out, win) pixel_outputs(p, in, out, win, filter_hwio, bias, output_multiplier, output_shift)
    RVFW_TRANSPOSE_CONV_PIXELS(p, input, output, int16_t, int16_t, PIXEL)
}
