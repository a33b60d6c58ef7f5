/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN / SUM, float32, XTheadVector (C906): the RVV kernel's lanes (mean_f32_rvv.c) on 32 float32
 * lanes: the innermost kept axis across lanes (strided loads), each lane adding its reduced
 * elements in the reference's order, MEAN then dividing by the count. */
#include "rvfw_reduce.h"
#include "rvfw_xthead.h"

void rvfw_mean_f32_xthead(const rvfw_reduce_params *p, const float *input, float *output)
{
    const int32_t inner = p->kept_dims[3];
    const ptrdiff_t stride = p->kept_strides[3];
    const float count = (float)p->count;
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
