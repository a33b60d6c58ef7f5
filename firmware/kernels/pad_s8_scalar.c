/* SPDX-License-Identifier: Apache-2.0 */
/* PAD, any element type (innermost dimension in bytes), fast scalar: the reference's rows
 * (rvfw_pad.h) with word copies (rvfw_copy_forward) and word fills, where the reference calls the
 * C library's memcpy and memset (a byte at a time in picolibc). Whole planes of fill are one fill. */
#include "rvfw_pad.h"

static inline uint32_t rvfw_rotr8(uint32_t x)
{
    return (x >> 8) | (x << 24);
}

static void fill(int8_t *out, int32_t n, uint32_t pattern)
{
    uint8_t *o = (uint8_t *)out;
    for (; n > 0 && ((__UINTPTR_TYPE__)o & 3u); --n, pattern = rvfw_rotr8(pattern))
        *o++ = (uint8_t)pattern;
    uint32_t *w = (uint32_t *)(void *)o;
    for (; n >= 4; n -= 4)
        *w++ = pattern;
    for (o = (uint8_t *)w; n > 0; --n, pattern = rvfw_rotr8(pattern))
        *o++ = (uint8_t)pattern;
}

static inline void copy(int8_t *out, const int8_t *in, int32_t n)
{
    rvfw_copy_forward((uint8_t *)out, (const uint8_t *)in, (__SIZE_TYPE__)n);
}

RVFW_KERNEL void rvfw_pad_s8_scalar(const rvfw_pad_params *p, const int8_t *input, int8_t *output)
{
    RVFW_PAD_ROWS(p, input, output, fill, copy);
}
