/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, float32, RVV (V, Zve32f): channels in float lanes; each window cell inside the input
 * replaces the lanes where it is greater (compare and merge, the reference's x > best ? x : best,
 * which vfmax would not match on -0 and NaN), then the reference's clamp. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv_f32.h"

void rvfw_maxpool2d_f32_rvv(const rvfw_pool_params *p, const float *input, const float *act, float *output)
{
    const int32_t channels = p->channels;
    for (int32_t b = 0; b < p->batches; ++b) {
        const float *in_batch = input + b * p->in_h * p->in_w * channels;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            int32_t ky_start, ky_end;
            rvfw_window(y0, p->k_h, p->in_h, &ky_start, &ky_end);
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += channels) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                int32_t kx_start, kx_end;
                rvfw_window(x0, p->k_w, p->in_w, &kx_start, &kx_end);
                for (int32_t c = 0; c < channels;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(channels - c));
                    vfloat32m8_t best = __riscv_vfmv_v_f_f32m8(-3.40282347e+38f, vl);
                    for (int32_t ky = ky_start; ky < ky_end; ++ky)
                        for (int32_t kx = kx_start; kx < kx_end; ++kx) {
                            const vfloat32m8_t x =
                                __riscv_vle32_v_f32m8(in_batch + ((y0 + ky) * p->in_w + x0 + kx) * channels + c, vl);
                            best = __riscv_vmerge_vvm_f32m8(best, x, __riscv_vmfgt_vv_f32m8_b4(x, best, vl), vl);
                        }
                    best = __riscv_vfmerge_vfm_f32m8(best, act[0], __riscv_vmflt_vf_f32m8_b4(best, act[0], vl), vl);
                    best = __riscv_vfmerge_vfm_f32m8(best, act[1], __riscv_vmfgt_vf_f32m8_b4(best, act[1], vl), vl);
                    __riscv_vse32_v_f32m8(output + c, best, vl);
                    c += (int32_t)vl;
                }
            }
        }
    }
}
