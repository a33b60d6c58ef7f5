/* DEPTHWISE_CONV_2D (depth multiplier 1) in place, RVV 1.0, channel by channel: the channel's
 * plane is gathered into scratch (in_h * in_w bytes), then each output row is computed with its
 * pixels across lanes and scattered back into that channel's slots. Input offset folded into
 * the bias; taps outside the input load zero_point (masked) or, for whole rows, add as a scalar. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

void rvfw_depthwise_conv2d_inplace_s8_rvv(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                          const int32_t *bias_folded, const int32_t *output_multiplier,
                                          const int32_t *output_shift, int8_t *scratch)
{
    const int32_t ch = p->in_c, in_h = p->in_h, in_w = p->in_w, out_w = p->out_w;
    const int32_t k_h = p->k_h, k_w = p->k_w, dil_h = p->dilation_h, dil_w = p->dilation_w, stride_w = p->stride_w;
    const int32_t in_plane = in_h * in_w, out_plane = p->out_h * out_w;
    const int8_t zero_point = (int8_t)(-p->input_offset);
    for (int32_t b = 0; b < p->batches; ++b) {
        int8_t *in_batch = data + b * in_plane * ch, *out_batch = data + b * out_plane * ch;
        for (int32_t c = 0; c < ch; ++c) {
            for (int32_t i = 0; i < in_plane;) {
                const size_t vl = __riscv_vsetvl_e8m8((size_t)(in_plane - i));
                __riscv_vse8_v_i8m8(scratch + i, __riscv_vlse8_v_i8m8(in_batch + i * ch + c, ch, vl), vl);
                i += (int32_t)vl;
            }
            for (int32_t oy = 0; oy < p->out_h; ++oy) {
                const int32_t y0 = oy * p->stride_h - p->pad_h;
                for (int32_t ox0 = 0; ox0 < out_w;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_w - ox0));
                    const int32_t x0 = ox0 * stride_w - p->pad_w;
                    const int inside_x = x0 >= 0 && x0 + ((int32_t)vl - 1) * stride_w + (k_w - 1) * dil_w < in_w;
                    int32_t constant = bias_folded[c];
                    vint32m8_t acc = __riscv_vmv_v_x_i32m8(0, vl);
                    for (int32_t ky = 0; ky < k_h; ++ky) {
                        const int32_t iy = y0 + ky * dil_h;
                        const int8_t *w = filter + ky * k_w * ch + c;
                        if (iy < 0 || iy >= in_h) {
                            for (int32_t kx = 0; kx < k_w; ++kx)
                                constant += zero_point * w[kx * ch];
                            continue;
                        }
                        for (int32_t kx = 0; kx < k_w; ++kx, w += ch) {
                            const int32_t ix0 = x0 + kx * dil_w;
                            const int8_t *x = scratch + iy * in_w + ix0;
                            const vint8m2_t x8 =
                                rvfw_load_row_s8(x, stride_w, ix0, stride_w, in_w, inside_x, zero_point, vl);
                            acc = __riscv_vwmacc_vx_i32m8(acc, *w, __riscv_vsext_vf2_i16m4(x8, vl), vl);
                        }
                    }
                    acc = rvfw_requantize_vx(__riscv_vadd_vx_i32m8(acc, constant, vl), output_multiplier[c],
                                             output_shift[c], vl);
                    __riscv_vsse8_v_i8m2(out_batch + (oy * out_w + ox0) * ch + c, ch,
                                         rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                                        p->output_activation_max, vl),
                                         vl);
                    ox0 += (int32_t)vl;
                }
            }
        }
    }
}
