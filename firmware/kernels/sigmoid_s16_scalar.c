/* SPDX-License-Identifier: Apache-2.0 */
/* int16 LOGISTIC and TANH, fast scalar: TFLite's table kernels (rvfw_sigmoid16.h), the op chosen
 * once outside the loop and two elements a pass, where the reference tests it per element.
 * Bit-exact with the reference. */
#include "rvfw_kernels.h"
#include "rvfw_sigmoid16.h"

#define RVFW_SIGMOID16_LOOP(f)                                                                                     \
    do {                                                                                                          \
        int32_t i = 0;                                                                                            \
        for (; i + 1 < count; i += 2) {                                                                           \
            const int16_t a = f(input[i], table, multiplier, shift), b = f(input[i + 1], table, multiplier, shift); \
            output[i] = a;                                                                                        \
            output[i + 1] = b;                                                                                    \
        }                                                                                                         \
        if (i < count)                                                                                            \
            output[i] = f(input[i], table, multiplier, shift);                                                    \
    } while (0)

RVFW_KERNEL void rvfw_sigmoid_s16_scalar(const rvfw_sigmoid_s16_params *p, const int16_t *input, const uint16_t *table,
                             int16_t *output)
{
    const int32_t count = p->count, multiplier = p->multiplier, shift = p->shift;
    if (p->tanh)
        RVFW_SIGMOID16_LOOP(rvfw_tanh_s16);
    else
        RVFW_SIGMOID16_LOOP(rvfw_sigmoid_s16);
}
