/* DEPTHWISE_CONV_2D, int8, RVV 1.0: input channels across vector lanes, one pass per
 * depth-multiplier index (output channel c * depth_multiplier + m, so per-output arrays
 * are read with a stride). (x - zero_point) is widened to int16 and multiplied exactly,
 * over the taps that exist, so borders need no special case. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

void depthwise_conv2d_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                             const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift,
                             int8_t *output)
{
    const int32_t dm = p->depth_multiplier, out_c = p->out_c, in_c = p->in_c;
    const int8_t input_zero_point = (int8_t)(-p->input_offset);
    const ptrdiff_t s8 = dm, s32 = dm * (ptrdiff_t)sizeof(int32_t);

    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * p->in_w * in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            for (int32_t ox = 0; ox < p->out_w; ++ox) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                for (int32_t m = 0; m < dm; ++m) {
                    for (int32_t c0 = 0; c0 < in_c;) {
                        const size_t vl = __riscv_vsetvl_e32m8((size_t)(in_c - c0));
                        const int32_t oc = c0 * dm + m;
                        vint32m8_t acc = bias ? __riscv_vlse32_v_i32m8(bias + oc, s32, vl) : __riscv_vmv_v_x_i32m8(0, vl);
                        for (int32_t ky = 0; ky < p->k_h; ++ky) {
                            const int32_t iy = y0 + ky * p->dilation_h;
                            if (iy < 0 || iy >= p->in_h)
                                continue;
                            for (int32_t kx = 0; kx < p->k_w; ++kx) {
                                const int32_t ix = x0 + kx * p->dilation_w;
                                if (ix < 0 || ix >= p->in_w)
                                    continue;
                                const vint8m2_t x = __riscv_vle8_v_i8m2(in_batch + (iy * p->in_w + ix) * in_c + c0, vl);
                                const vint8m2_t w = __riscv_vlse8_v_i8m2(filter + (ky * p->k_w + kx) * out_c + oc, s8, vl);
                                acc = __riscv_vwmacc_vv_i32m8(acc, __riscv_vwsub_vx_i16m4(x, input_zero_point, vl),
                                                              __riscv_vsext_vf2_i16m4(w, vl), vl);
                            }
                        }
                        acc = rvfw_requantize_vv(acc, __riscv_vlse32_v_i32m8(output_multiplier + oc, s32, vl),
                                                 __riscv_vlse32_v_i32m8(output_shift + oc, s32, vl), vl);
                        __riscv_vsse8_v_i8m2(output + oc, s8,
                                             rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min,
                                                            p->output_activation_max, vl),
                                             vl);
                        c0 += (int32_t)vl;
                    }
                }
                output += out_c;
            }
        }
    }
}
