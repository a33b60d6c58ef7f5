/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN / SUM, float32, RVV (V, Zve32f): the innermost kept axis in float lanes (loaded with its
 * stride), each lane adding its reduced elements in the reference's order, so every sum rounds as
 * the reference's does; MEAN then divides by the count (IEEE division, as the reference). */
#include "rvfw_reduce.h" /* before rvfw_rvv.h: it declares the parameter structs */
#include "rvfw_rvv.h"

void rvfw_mean_f32_rvv(const rvfw_reduce_params *p, const float *input, float *output)
{
    const int32_t inner = p->kept_dims[3];
    const ptrdiff_t stride = p->kept_strides[3];
    const float count = (float)p->count;
#define MEANF_STEP(at) acc = __riscv_vfadd_vv_f32m8(acc, __riscv_vlse32_v_f32m8(x + (at), 4 * stride, vl), vl)
#define MEANF_ROW(base, out)                                                                                       \
    for (int32_t c = 0; c < inner;) {                                                                             \
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(inner - c));                                              \
        const float *x = (base) + c * stride;                                                                     \
        vfloat32m8_t acc = __riscv_vfmv_v_f_f32m8(0.0f, vl);                                                      \
        RVFW_REDUCE_OFFSETS(p, MEANF_STEP)                                                                        \
        if (p->multiplier)                                                                                        \
            acc = __riscv_vfdiv_vf_f32m8(acc, count, vl);                                                         \
        __riscv_vse32_v_f32m8((out) + c, acc, vl);                                                                \
        c += (int32_t)vl;                                                                                         \
    }
    RVFW_REDUCE_KEPT_ROWS_T(p, float, input, output, MEANF_ROW);
}
