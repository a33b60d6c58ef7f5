/* SPDX-License-Identifier: Apache-2.0 */
/* Shared end of the float32 RVV kernels: total + bias (or + 0, as TFLite adds a zero bias), then
 * TFLite's ActivationFunctionWithMinMax per lane. The clamp compares and merges instead of
 * vfmin/vfmax, which differ from std::min/std::max on -0 and NaN. */
#ifndef RVFW_RVV_F32_H
#define RVFW_RVV_F32_H

/* The RVV 1.0 intrinsics: GCC 14 or later, or clang 17 or later. An older GCC has no
 * <riscv_vector.h>: say what to install instead of "No such file". */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ < 14
#error "rvfw: the *_rvv.c kernels need GCC >= 14 or clang >= 17 (<riscv_vector.h>); compile them with clang, or export with --kernels scalar"
#endif
#include <riscv_vector.h>
#include <stddef.h>

/* TFLite's ActivationFunctionWithMinMax on lanes (compare and merge). */
static inline vfloat32m8_t rvfw_clamp_f32m8(vfloat32m8_t v, const float *act, size_t vl)
{
    v = __riscv_vfmerge_vfm_f32m8(v, act[0], __riscv_vmflt_vf_f32m8_b4(v, act[0], vl), vl);
    return __riscv_vfmerge_vfm_f32m8(v, act[1], __riscv_vmfgt_vf_f32m8_b4(v, act[1], vl), vl);
}

static inline void rvfw_store_biased_f32(float *out, vfloat32m8_t total, const float *bias, const float *act, size_t vl)
{
    const vfloat32m8_t b = bias ? __riscv_vle32_v_f32m8(bias, vl) : __riscv_vfmv_v_f_f32m8(0.0f, vl);
    __riscv_vse32_v_f32m8(out, rvfw_clamp_f32m8(__riscv_vfadd_vv_f32m8(total, b, vl), act, vl), vl);
}

/* The float32 pooling walk (channels in lanes): for each output pixel and strip of channels,
 * BODY with in_batch, y0, x0, the window's rows [ky_start, ky_end) and columns [kx_start,
 * kx_end) inside the input, the strip's first channel c and vl; `output` points at the pixel. */
#define RVFW_POOL_F32_RVV(p, input, output, BODY)                                                                  \
    do {                                                                                                          \
        const int32_t channels_ = (p)->channels;                                                                  \
        for (int32_t b_ = 0; b_ < (p)->batches; ++b_) {                                                           \
            const float *in_batch = (input) + b_ * (p)->in_h * (p)->in_w * channels_;                             \
            for (int32_t oy = 0; oy < (p)->out_h; ++oy) {                                                         \
                const int32_t y0 = oy * (p)->stride_h - (p)->pad_h;                                               \
                int32_t ky_start, ky_end;                                                                         \
                rvfw_window(y0, (p)->k_h, (p)->in_h, &ky_start, &ky_end);                                         \
                for (int32_t ox = 0; ox < (p)->out_w; ++ox, (output) += channels_) {                              \
                    const int32_t x0 = ox * (p)->stride_w - (p)->pad_w;                                           \
                    int32_t kx_start, kx_end;                                                                     \
                    rvfw_window(x0, (p)->k_w, (p)->in_w, &kx_start, &kx_end);                                     \
                    for (int32_t c = 0; c < channels_;) {                                                         \
                        const size_t vl = __riscv_vsetvl_e32m8((size_t)(channels_ - c));                          \
                        BODY;                                                                                     \
                        c += (int32_t)vl;                                                                         \
                    }                                                                                             \
                }                                                                                                 \
            }                                                                                                     \
        }                                                                                                         \
    } while (0)

#endif
