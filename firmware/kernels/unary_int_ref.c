/* SPDX-License-Identifier: Apache-2.0 */
/* ABS, NEG and SIGN on int16 and int32 (NEG on int64 too), as LiteRT's reference computes them (TFLite Micro runs
 * none of these dtypes): two's complement wrapping, so ABS and NEG of the most negative value give
 * it back; SIGN is -1, 0 or 1. The arithmetic is unsigned, which wraps where signed would be
 * undefined. */
#include "rvfw_kernels.h"

static inline int32_t unary(int32_t op, int32_t x)
{
    if (op == RVFW_UNARY_SIGN)
        return (x > 0) - (x < 0);
    if (op == RVFW_UNARY_ABS && x >= 0)
        return x;
    return (int32_t)(0u - (uint32_t)x);
}

RVFW_KERNEL void rvfw_unary_int_ref(const rvfw_unary_int_params *p, const void *input, void *output)
{
    if (p->bytes == 8) { /* NEG */
        const int64_t *in = (const int64_t *)input;
        int64_t *out = (int64_t *)output;
        for (int32_t i = 0; i < p->size; ++i)
            out[i] = (int64_t)(0u - (uint64_t)in[i]);
        return;
    }
    if (p->bytes == 2) {
        const int16_t *in = (const int16_t *)input;
        int16_t *out = (int16_t *)output;
        for (int32_t i = 0; i < p->size; ++i)
            out[i] = (int16_t)unary(p->op, in[i]); /* the low half: int16 wrapping */
        return;
    }
    const int32_t *in = (const int32_t *)input;
    int32_t *out = (int32_t *)output;
    for (int32_t i = 0; i < p->size; ++i)
        out[i] = unary(p->op, in[i]);
}
