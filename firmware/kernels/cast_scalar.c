/* SPDX-License-Identifier: Apache-2.0 */
/* CAST between int8, int16, int32 and uint32, fast scalar: one loop per pair of dtypes (the
 * reference passes every element through an int64 buffer); C's conversion, which wraps as
 * TFLite Micro's does. codegen.ops.cast picks it for those pairs only. */
#include "rvfw_kernels.h"

#define RVFW_CAST_LOOP(IN_T, OUT_T)                                                                                \
    do {                                                                                                          \
        const IN_T *in = (const IN_T *)input;                                                                     \
        OUT_T *out = (OUT_T *)output;                                                                             \
        for (int32_t i = 0; i < p->count; ++i)                                                                    \
            out[i] = (OUT_T)in[i];                                                                                \
    } while (0)

#define RVFW_CAST_TO(IN_T)                                                                                         \
    do {                                                                                                          \
        switch (p->to) {                                                                                          \
        case RVFW_CAST_INT8: RVFW_CAST_LOOP(IN_T, int8_t); break;                                                 \
        case RVFW_CAST_INT16: RVFW_CAST_LOOP(IN_T, int16_t); break;                                               \
        case RVFW_CAST_INT32: RVFW_CAST_LOOP(IN_T, int32_t); break;                                               \
        default: RVFW_CAST_LOOP(IN_T, uint32_t); break;                                                           \
        }                                                                                                         \
    } while (0)

RVFW_KERNEL void rvfw_cast_scalar(const rvfw_cast_params *p, const void *input, void *output)
{
    switch (p->from) {
    case RVFW_CAST_INT8: RVFW_CAST_TO(int8_t); break;
    case RVFW_CAST_INT16: RVFW_CAST_TO(int16_t); break;
    case RVFW_CAST_INT32: RVFW_CAST_TO(int32_t); break;
    default: RVFW_CAST_TO(uint32_t); break;
    }
}
