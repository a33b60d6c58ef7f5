/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV, float32, RVV (V, Zve32f): each output pixel's taps found once, in the
 * reference's order (rvfw_transpose_conv.h: from the last row and column back), the output
 * channels in float lanes, each lane adding its products in that order (input channels in order;
 * multiply, then add), the weights read from the filter laid out out-channel innermost; then the
 * bias (where there is one) and the clamp. */
#include "rvfw_rvv_f32.h"
#include "rvfw_transpose_conv.h"

static inline __attribute__((always_inline)) void pixel_outputs(const rvfw_conv_params *p, const float *in, float *out,
                          const rvfw_transpose_conv_window win, const float *filter_hwio, const float *bias, const float *act)
{
    const int32_t in_c = p->in_c, out_c = p->out_c;
    for (int32_t oc = 0; oc < out_c;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc));
        vfloat32m8_t acc = __riscv_vfmv_v_f_f32m8(0.0f, vl);
#define TAP(tap, pixel)                                                                                            \
    {                                                                                                                \
        const float *x = in + (pixel) * in_c, *w = filter_hwio + (tap) * in_c * out_c + oc;                          \
        for (int32_t ic = 0; ic < in_c; ++ic, w += out_c)                                                            \
            acc = __riscv_vfadd_vv_f32m8(acc, __riscv_vfmul_vf_f32m8(__riscv_vle32_v_f32m8(w, vl), x[ic], vl), vl);  \
    }
        RVFW_TRANSPOSE_CONV_TAPS(p, win, TAP)
        if (bias) /* only with a bias, as the reference: -0 + 0 would be +0 */
            acc = __riscv_vfadd_vv_f32m8(acc, __riscv_vle32_v_f32m8(bias + oc, vl), vl);
        __riscv_vse32_v_f32m8(out + oc, rvfw_clamp_f32m8(acc, act, vl), vl);
        oc += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_transpose_conv_f32_rvv(const rvfw_conv_params *p, const float *input, const float *filter_hwio,
                                 const float *bias, const float *act, float *output)
{
#define PIXEL(in, out, win) pixel_outputs(p, in, out, win, filter_hwio, bias, act)
    RVFW_TRANSPOSE_CONV_PIXELS(p, input, output, float, float, PIXEL)
}
