/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, int8, RVV: each output pixel's taps found once (rvfw_transpose_conv.h), the
 * output channels in int32 lanes: for each tap, each input channel's (x + offset) times the weights
 * of all channels, read contiguously from the filter laid out out-channel innermost
 * ([k_h][k_w][in_c][out_c], built at compile time); then the bias and the per-channel
 * requantisation. Integer sums: bit-exact in any order. */
#include "rvfw_transpose_conv.h" /* before rvfw_rvv.h: it declares the parameter structs */
#include "rvfw_rvv.h"

static inline __attribute__((always_inline)) void pixel_outputs(const rvfw_conv_params *p, const int8_t *in, int8_t *out,
                          const rvfw_transpose_conv_window win, const int8_t *filter_hwio, const int32_t *bias,
                          const int32_t *output_multiplier, const int32_t *output_shift)
{
    const int32_t in_c = p->in_c, out_c = p->out_c, input_offset = p->input_offset;
    for (int32_t oc = 0; oc < out_c;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc));
        vint32m8_t acc = bias ? __riscv_vle32_v_i32m8(bias + oc, vl) : __riscv_vmv_v_x_i32m8(0, vl);
#define TAP(tap, pixel)                                                                                            \
    {                                                                                                                \
        const int8_t *x = in + (pixel) * in_c, *w = filter_hwio + (tap) * in_c * out_c + oc;                         \
        for (int32_t ic = 0; ic < in_c; ++ic, w += out_c)                                                            \
            acc = __riscv_vmacc_vx_i32m8(acc, x[ic] + input_offset,                                                  \
                                         __riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2(w, vl), vl), vl);               \
    }
        RVFW_TRANSPOSE_CONV_TAPS(p, win, TAP)
        rvfw_store_channels_s8(p, acc, output_multiplier + oc, output_shift + oc, out + oc, vl);
        oc += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_transpose_conv_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio,
                                const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                                int8_t *output)
{
#define PIXEL(in, out, win) pixel_outputs(p, in, out, win, filter_hwio, bias, output_multiplier, output_shift)
    RVFW_TRANSPOSE_CONV_PIXELS(p, input, output, int8_t, int8_t, PIXEL)
}
