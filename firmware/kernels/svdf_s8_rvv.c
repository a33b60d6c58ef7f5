/* SPDX-License-Identifier: Apache-2.0 */
/* SVDF, int8 input and output, int8 or int16 time weights and state, RVV 1.0: the reference's
 * integer arithmetic with filters (then units) across int32 lanes. The feature weights come
 * transposed ([input][filter]): each input value multiplies a row of filters; the newest state
 * column is stored with a stride of one filter's memory; the time sums load each memory slot of
 * the lanes' filters with that stride. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

/* vl int8 or int16 elements `stride` bytes apart, sign-extended to int32 lanes. */
static inline vint32m8_t load_strided(const void *at, int wide, ptrdiff_t stride, size_t vl)
{
    if (wide)
        return __riscv_vsext_vf2_i32m8(__riscv_vlse16_v_i16m4((const int16_t *)at, stride, vl), vl);
    return __riscv_vsext_vf4_i32m8(__riscv_vlse8_v_i8m2((const int8_t *)at, stride, vl), vl);
}

RVFW_KERNEL void rvfw_svdf_s8_rvv(const rvfw_svdf_params *p, const int8_t *input, const int8_t *weights_feature_t,
                      const void *weights_time, const int32_t *bias, void *state, int8_t *output)
{
    const int32_t total = p->batches * p->filters * p->memory;
    const int wide = p->state_bytes == 2;
    const size_t bytes = (size_t)p->state_bytes;
    const int32_t lo = wide ? INT16_MIN : INT8_MIN, hi = wide ? INT16_MAX : INT8_MAX;
    if (total > 1)
        __builtin_memmove(state, (uint8_t *)state + bytes, (size_t)(total - 1) * bytes); /* no libc headers here */
    const int32_t units = p->filters / p->rank;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *x = input + b * p->input_size;
        for (int32_t f0 = 0; f0 < p->filters;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->filters - f0));
            vint32m8_t acc = __riscv_vmv_v_x_i32m8(0, vl);
            for (int32_t c = 0; c < p->input_size; ++c) {
                const vint32m8_t w = __riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2(weights_feature_t + c * p->filters + f0,
                                                                                 vl), vl);
                acc = __riscv_vmacc_vx_i32m8(acc, x[c] - p->input_zero_point, w, vl);
            }
            acc = rvfw_requantize_vx(acc, p->feature_multiplier, p->feature_shift, vl);
            acc = __riscv_vadd_vx_i32m8(__riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(acc, lo, vl), hi, vl),
                                        p->state_zero_point, vl);
            const int32_t at = (b * p->filters + f0) * p->memory + p->memory - 1;
            const ptrdiff_t stride = (ptrdiff_t)(p->memory * p->state_bytes);
            const vint16m4_t narrow = __riscv_vncvt_x_x_w_i16m4(acc, vl);
            if (wide)
                __riscv_vsse16_v_i16m4((int16_t *)state + at, stride, narrow, vl);
            else
                __riscv_vsse8_v_i8m2((int8_t *)state + at, stride, __riscv_vncvt_x_x_w_i8m2(narrow, vl), vl);
            f0 += (int32_t)vl;
        }
        const uint8_t *st = (const uint8_t *)state + (size_t)(b * p->filters * p->memory) * bytes;
        const uint8_t *wt = (const uint8_t *)weights_time;
        const ptrdiff_t stride = (ptrdiff_t)((size_t)(p->rank * p->memory) * bytes);
        for (int32_t u0 = 0; u0 < units;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(units - u0));
            vint32m8_t acc = bias ? __riscv_vle32_v_i32m8(bias + u0, vl) : __riscv_vmv_v_x_i32m8(0, vl);
            for (int32_t r = 0; r < p->rank; ++r)
                for (int32_t j = 0; j < p->memory; ++j) {
                    const size_t at = (size_t)((u0 * p->rank + r) * p->memory + j) * bytes;
                    const vint32m8_t s = __riscv_vsub_vx_i32m8(load_strided(st + at, wide, stride, vl),
                                                               p->state_zero_point, vl);
                    acc = __riscv_vmacc_vv_i32m8(acc, load_strided(wt + at, wide, stride, vl), s, vl);
                }
            acc = rvfw_requantize_vx(acc, p->output_multiplier, p->output_shift, vl);
            __riscv_vse8_v_i8m2(output + b * units + u0, rvfw_narrow_s8(acc, p->output_zero_point, INT8_MIN, INT8_MAX, vl),
                                vl);
            u0 += (int32_t)vl;
        }
    }
}
