/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN / SUM, float32, RVV (V, Zve32f): the innermost kept axis in float lanes (loaded with its
 * stride), each lane adding its reduced elements in the reference's order, so every sum rounds as
 * the reference's does; MEAN then divides by the count (IEEE division, as the reference). Where
 * the innermost kept axis is a single output (a reduction to one value per row), lanes run along
 * the reduced elements instead and an ordered sum (vfredosum: the reference's additions one by
 * one, in its order) carries the total from one vector to the next. */
#include "rvfw_reduce.h" /* before rvfw_rvv.h: it declares the parameter structs */
#include "rvfw_rvv.h"

/* out[0] = the reduced elements of base summed in order (then divided by the count for MEAN) */
static void ordered_sum(const rvfw_reduce_params *p, const float *base, float *out, float count)
{
    const int32_t n = p->red_dims[3];
    const ptrdiff_t step = p->red_strides[3];
    vfloat32m1_t total = __riscv_vfmv_s_f_f32m1(0.0f, 1);
    RVFW_REDUCE_RUNS(p, base, row, for (int32_t i = 0; i < n;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(n - i));
        total = __riscv_vfredosum_vs_f32m8_f32m1(__riscv_vlse32_v_f32m8(row + i * step, 4 * step, vl), total, vl);
        i += (int32_t)vl;
    })
    const float sum = __riscv_vfmv_f_s_f32m1_f32(total);
    *out = p->multiplier ? sum / count : sum;
}

RVFW_KERNEL void rvfw_mean_f32_rvv(const rvfw_reduce_params *p, const float *input, float *output)
{
    RVFW_MEAN_F32_START(p, input, output)
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
