/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE between integer types (int8, int16 or int32 in and out), fast scalar: the reference's
 * arithmetic (rvfw_requantize) in one loop per pair of types, so the types are not tested again
 * for every element. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

#define RVFW_REQUANTIZE_LOOP(IN_T, OUT_T, LO, HI)                                                                  \
    do {                                                                                                          \
        const IN_T *in = (const IN_T *)input;                                                                     \
        OUT_T *out = (OUT_T *)output;                                                                             \
        for (int32_t i = 0; i < p->size; ++i)                                                                     \
            out[i] = (OUT_T)rvfw_clamp(rvfw_requantize(in[i] - p->input_zero_point, p->multiplier, p->shift) +    \
                                           p->output_zero_point,                                                  \
                                       LO, HI);                                                                   \
    } while (0)

#define RVFW_REQUANTIZE_TO(IN_T)                                                                                   \
    do {                                                                                                          \
        if (p->output_bytes == 4)                                                                                 \
            RVFW_REQUANTIZE_LOOP(IN_T, int32_t, p->output_min, p->output_max);                                            \
        else if (p->output_bytes == 2)                                                                            \
            RVFW_REQUANTIZE_LOOP(IN_T, int16_t, p->output_min, p->output_max);                                            \
        else                                                                                                      \
            RVFW_REQUANTIZE_LOOP(IN_T, int8_t, p->output_min, p->output_max);                                               \
    } while (0)

RVFW_KERNEL void rvfw_requantize_scalar(const rvfw_requantize_params *p, const void *input, void *output)
{
    if (p->input_bytes == 4)
        RVFW_REQUANTIZE_TO(int32_t);
    else if (p->input_bytes == 2)
        RVFW_REQUANTIZE_TO(int16_t);
    else
        RVFW_REQUANTIZE_TO(int8_t);
}
