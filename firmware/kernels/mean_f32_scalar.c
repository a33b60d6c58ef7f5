/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN and SUM, float32, fast scalar for cores without an FPU: the reference's sums in its order,
 * each add on the floats' bits (rvfw_softfloat.h) instead of a libgcc call, the same bits. Where
 * an add leaves the normal range (an infinity, a NaN, a subnormal), that output's sum goes on in
 * float from the last exact partial sum, as the reference would have computed it. MEAN's division
 * by the count is one more such operation. */
#include "rvfw_reduce.h"
#include "rvfw_softfloat.h"

RVFW_KERNEL void rvfw_mean_f32_scalar(const rvfw_reduce_params *p, const float *input, float *output)
{
    /* the count as a float (exact below 2^24; 0 above: the division then says odd, the reference's) */
    const uint32_t count = p->count < (1 << 24) ? rvfw_sf_from_int(p->count) : 0;
#define SUM_INIT                                                                                                  \
    uint32_t sum = 0;                                                                                             \
    float fallback = 0.0f;                                                                                        \
    int odd = 0
#define SUM_STEP(x)                                                                                               \
    do {                                                                                                          \
        if (!odd) {                                                                                               \
            const uint32_t next = rvfw_sf_add_inline(sum, rvfw_f32_bits(x), &odd);                                \
            if (odd)                                                                                              \
                fallback = rvfw_f32_from_bits(sum) + (x);                                                         \
            else                                                                                                  \
                sum = next;                                                                                       \
        } else {                                                                                                  \
            fallback += (x);                                                                                      \
        }                                                                                                         \
    } while (0)
#define SUM_FINISH(o)                                                                                             \
    do {                                                                                                          \
        if (odd) {                                                                                                \
            output[o] = p->multiplier ? fallback / (float)p->count : fallback;                                    \
        } else {                                                                                                  \
            const uint32_t mean = p->multiplier ? rvfw_sf_div(sum, count, &odd) : sum;                            \
            output[o] = odd ? rvfw_f32_from_bits(sum) / (float)p->count : rvfw_f32_from_bits(mean);               \
        }                                                                                                         \
    } while (0)
    RVFW_REDUCE_FOR(p, input, SUM_INIT, SUM_STEP, SUM_FINISH);
}
