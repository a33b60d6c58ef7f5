/* CONV_2D, int8, RVV 1.0: output channels across vector lanes.
 *
 * Weights arrive transposed to HWIO, so one output pixel is a GEMV over the (kx, ic) runs of
 * each filter row. For pixels whose whole window is inside the input, the input offset is
 * folded into the bias at build time (bias_folded = bias + input_offset * sum(w)), leaving a
 * pure int8 dot product. Pixels at the border accumulate (x - zero_point) * w exactly over
 * the taps that exist, as the reference does. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

void conv2d_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio,
                   const int32_t *bias_folded, const int32_t *bias, const int32_t *output_multiplier,
                   const int32_t *output_shift, int8_t *output)
{
    const int32_t out_c = p->out_c, in_c = p->in_c;
    const int32_t input_zero_point = -p->input_offset;
    /* Consecutive kx share one contiguous run of input when there is no horizontal dilation. */
    const int32_t run = p->dilation_w == 1 ? p->k_w * in_c : in_c;
    const int32_t runs_per_row = p->dilation_w == 1 ? 1 : p->k_w;
    const int32_t span_h = (p->k_h - 1) * p->dilation_h, span_w = (p->k_w - 1) * p->dilation_w;

    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * p->in_w * in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                const int interior = y0 >= 0 && y0 + span_h < p->in_h && x0 >= 0 && x0 + span_w < p->in_w;
                for (int32_t oc0 = 0; oc0 < out_c;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc0));
                    const int8_t *w_base = filter_hwio + oc0;
                    vint32m8_t acc;
                    if (interior) {
                        acc = __riscv_vle32_v_i32m8(bias_folded + oc0, vl);
                        for (int32_t ky = 0; ky < p->k_h; ++ky) {
                            const int8_t *row = in_batch + ((y0 + ky * p->dilation_h) * p->in_w + x0) * in_c;
                            for (int32_t r = 0; r < runs_per_row; ++r) {
                                const int8_t *x = row + r * p->dilation_w * in_c;
                                const int8_t *w = w_base + ((ky * p->k_w + r) * in_c) * out_c;
                                acc = rvfw_dot_s8(acc, x, w, run, out_c, vl);
                            }
                        }
                    } else {
                        acc = bias ? __riscv_vle32_v_i32m8(bias + oc0, vl) : __riscv_vmv_v_x_i32m8(0, vl);
                        for (int32_t ky = 0; ky < p->k_h; ++ky) {
                            const int32_t iy = y0 + ky * p->dilation_h;
                            if (iy < 0 || iy >= p->in_h)
                                continue;
                            for (int32_t kx = 0; kx < p->k_w; ++kx) {
                                const int32_t ix = x0 + kx * p->dilation_w;
                                if (ix < 0 || ix >= p->in_w)
                                    continue;
                                const int8_t *x = in_batch + (iy * p->in_w + ix) * in_c;
                                const int8_t *w = w_base + ((ky * p->k_w + kx) * in_c) * out_c;
                                for (int32_t ic = 0; ic < in_c; ++ic) {
                                    const vint16m4_t w16 = __riscv_vsext_vf2_i16m4(__riscv_vle8_v_i8m2(w, vl), vl);
                                    acc = __riscv_vwmacc_vx_i32m8(acc, (int16_t)(x[ic] - input_zero_point), w16, vl);
                                    w += out_c;
                                }
                            }
                        }
                    }
                    acc = rvfw_requantize_vv(acc, __riscv_vle32_v_i32m8(output_multiplier + oc0, vl),
                                             __riscv_vle32_v_i32m8(output_shift + oc0, vl), vl);
                    __riscv_vse8_v_i8m2(output + oc0, rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                                                     p->output_activation_max, vl), vl);
                    oc0 += (int32_t)vl;
                }
                output += out_c;
            }
        }
    }
}
