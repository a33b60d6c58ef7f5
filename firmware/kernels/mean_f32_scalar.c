/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN and SUM, float32, fast scalar for cores without an FPU: the reference's sums in its order,
 * each add on the floats' bits (rvfw_softfloat.h) instead of a libgcc call, the same bits. Where
 * an add leaves the normal range (an infinity, a NaN, a subnormal), that output's sum goes on in
 * float from the last exact partial sum, as the reference would have computed it. */
#include "rvfw_reduce.h"
#include "rvfw_softfloat.h"
#include "rvfw_tanhf.h"

void rvfw_mean_f32_scalar(const rvfw_reduce_params *p, const float *input, float *output)
{
#define SUM_INIT                                                                                                  \
    uint32_t sum = 0;                                                                                             \
    float fallback = 0.0f;                                                                                        \
    int odd = 0
#define SUM_STEP(x)                                                                                               \
    do {                                                                                                          \
        if (!odd) {                                                                                               \
            const uint32_t next = rvfw_sf_add(sum, rvfw_f32_bits(x), &odd);                                       \
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
        const float total = odd ? fallback : rvfw_f32_from_bits(sum);                                             \
        output[o] = p->multiplier ? total / (float)p->count : total;                                              \
    } while (0)
    RVFW_REDUCE_FOR(p, input, SUM_INIT, SUM_STEP, SUM_FINISH);
}
