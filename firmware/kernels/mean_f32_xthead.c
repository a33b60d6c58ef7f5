/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN / SUM, float32, XTheadVector (C906): the RVV kernel's lanes (mean_f32_rvv.c) on 32 float32
 * lanes: the innermost kept axis across lanes (strided loads), each lane adding its reduced
 * elements in the reference's order, MEAN then dividing by the count. Where the innermost kept
 * axis is a single output (a reduction to one value per row), lanes run along the reduced
 * elements instead and an ordered sum (vfredosum: the reference's additions one by one, in its
 * order) carries the total from one vector to the next. */
#include "rvfw_reduce.h"
#include "rvfw_xthead.h"

/* out[0] = the reduced elements of base summed in order (then divided by the count for MEAN) */
static void ordered_sum(const rvfw_reduce_params *p, const float *base, float *out, float count)
{
    const int32_t n = p->red_dims[3];
    const ptrdiff_t step = p->red_strides[3];
    rvfw_xt_setvl_e32m8(1);
    XT_VMV_VX(16, 0); /* the running total, +0.0f */
    RVFW_REDUCE_RUNS(p, base, row, for (int32_t i = 0; i < n;) {
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(n - i));
        XT_VLSE(8, row + i * step, 4 * step);
        XT_VFREDOSUM_VS(16, 8, 16);
        i += (int32_t)vl;
    })
    rvfw_xt_setvl_e32m8(1);
    if (p->multiplier)
        XT_VFDIV_VF(16, 16, count);
    XT_VSE(16, out);
}

RVFW_KERNEL void rvfw_mean_f32_xthead(const rvfw_reduce_params *p, const float *input, float *output)
{
    RVFW_MEAN_F32_START(p, input, output)
#define MEANF_STEP(at) \
    do { \
        XT_VLSE(16, x + (at), 4 * stride); \
        XT_VFADD_VV(8, 8, 16); \
    } while (0)
#define MEANF_ROW(base, out)                                                                                       \
    for (int32_t c = 0; c < inner;) {                                                                             \
        const size_t vl = rvfw_xt_setvl_e32m8((size_t)(inner - c));                                               \
        const float *x = (base) + c * stride;                                                                     \
        XT_VMV_VX(8, 0); /* +0.0f */                                                                              \
        RVFW_REDUCE_OFFSETS(p, MEANF_STEP)                                                                        \
        if (p->multiplier)                                                                                        \
            XT_VFDIV_VF(8, 8, count);                                                                             \
        XT_VSE(8, (out) + c);                                                                                     \
        c += (int32_t)vl;                                                                                         \
    }
    RVFW_REDUCE_KEPT_ROWS_T(p, float, input, output, MEANF_ROW);
}
