/* DEPTHWISE_CONV_2D, int8, RVV 1.0, output pixels of a row across vector lanes: for layers with
 * wide rows. Same border scheme as conv2d_rows_s8_rvv: bias folded with the input offset at
 * build time, zero_point loaded for lanes left/right of the input, whole rows outside the
 * input added as a scalar. Any depth multiplier. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

void rvfw_depthwise_conv2d_rows_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                                       const int32_t *bias_folded, const int32_t *output_multiplier,
                                       const int32_t *output_shift, int8_t *output)
{
    const int32_t in_h = p->in_h, in_w = p->in_w, in_c = p->in_c, out_w = p->out_w, out_c = p->out_c;
    const int32_t k_h = p->k_h, k_w = p->k_w, dil_h = p->dilation_h, dil_w = p->dilation_w;
    const int32_t stride_w = p->stride_w, dm = p->depth_multiplier;
    const int8_t zero_point = (int8_t)(-p->input_offset);
    const ptrdiff_t x_stride = (ptrdiff_t)stride_w * in_c;

    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * in_h * in_w * in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            int8_t *out_row = output + (b * p->out_h + oy) * out_w * out_c;
            for (int32_t ox0 = 0; ox0 < out_w;) {
                const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_w - ox0));
                const int32_t x0 = ox0 * stride_w - p->pad_w;
                const int inside_x = x0 >= 0 && x0 + ((int32_t)vl - 1) * stride_w + (k_w - 1) * dil_w < in_w;
                for (int32_t oc = 0; oc < out_c; ++oc) {
                    const int32_t c = oc / dm;
                    int32_t outside = 0;
                    vint32m8_t acc = __riscv_vmv_v_x_i32m8(0, vl);
                    for (int32_t ky = 0; ky < k_h; ++ky) {
                        const int32_t iy = y0 + ky * dil_h;
                        const int8_t *w = filter + ky * k_w * out_c + oc;
                        if (iy < 0 || iy >= in_h) {
                            for (int32_t kx = 0; kx < k_w; ++kx)
                                outside += zero_point * w[kx * out_c];
                            continue;
                        }
                        const int8_t *x = in_batch + (iy * in_w + x0) * in_c + c;
                        for (int32_t kx = 0; kx < k_w; ++kx, x += dil_w * in_c, w += out_c) {
                            const vint8m2_t x8 = rvfw_load_row_s8(x, x_stride, x0 + kx * dil_w, stride_w, in_w,
                                                                  inside_x, zero_point, vl);
                            acc = __riscv_vwmacc_vx_i32m8(acc, *w, __riscv_vsext_vf2_i16m4(x8, vl), vl);
                        }
                    }
                    acc = __riscv_vadd_vx_i32m8(acc, bias_folded[oc] + outside, vl);
                    acc = rvfw_requantize_vx(acc, output_multiplier[oc], output_shift[oc], vl);
                    __riscv_vsse8_v_i8m2(out_row + ox0 * out_c + oc, out_c,
                                         rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                                        p->output_activation_max, vl),
                                         vl);
                }
                ox0 += (int32_t)vl;
            }
        }
    }
}
