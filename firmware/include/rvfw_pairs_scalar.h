/* SPDX-License-Identifier: Apache-2.0 */
/* The packed-pairs dot products shared by conv2d_pairs_s8_scalar and fully_connected_pairs_s8_scalar:
 * weights of two output units per word, W[k] = w_a[k] + 65536 w_b[k], in blocks of four units, two
 * words per tap ([block][tap][2], codegen.ops.conv2d.pairs_table). x W[k] holds x w_a[k] in its low
 * half and x w_b[k] in its high half; over two taps each half's sum stays within +-32512 (raw int8
 * inputs, weights in [-127, 127]), so the two-tap word S is exact and its high half is
 * (S + 0x8000) >> 16. P sums the words and H their high halves: unit a's sum is P - (H << 16),
 * unit b's H (every real sum fits int32, so the wrap-around arithmetic is exact). */
#ifndef RVFW_PAIRS_SCALAR_H
#define RVFW_PAIRS_SCALAR_H

#include <stdint.h>

#define RVFW_PAIRS_HALF 0x8000


/* Four channels (two words) of two pixels over n taps; acc: P and H per pixel and word. */
static inline __attribute__((always_inline)) void rvfw_pairs_2x4(const int8_t *x0, const int8_t *x1, int32_t n,
                                                            const int32_t *w, int32_t acc[8])
{
    int32_t p0a = 0, p0b = 0, p1a = 0, p1b = 0, h0a = 0, h0b = 0, h1a = 0, h1b = 0;
    const int32_t half = RVFW_PAIRS_HALF;
    const int8_t *end = x0 + (n & ~1);
#pragma GCC unroll 2
    for (; x0 < end; x0 += 2, x1 += 2, w += 4) {
        const int32_t a0 = w[0], b0 = w[1], a1 = w[2], b1 = w[3];
        const int32_t u0 = x0[0], u1 = x0[1], v0 = x1[0], v1 = x1[1];
        int32_t s;
        s = u0 * a0 + u1 * a1;
        p0a += s;
        h0a += (s + half) >> 16;
        s = u0 * b0 + u1 * b1;
        p0b += s;
        h0b += (s + half) >> 16;
        s = v0 * a0 + v1 * a1;
        p1a += s;
        h1a += (s + half) >> 16;
        s = v0 * b0 + v1 * b1;
        p1b += s;
        h1b += (s + half) >> 16;
    }
    if (n & 1) { /* the last tap alone: one product per half */
        const int32_t a0 = w[0], b0 = w[1], u0 = x0[0], v0 = x1[0];
        int32_t s;
        s = u0 * a0;
        p0a += s;
        h0a += (s + half) >> 16;
        s = u0 * b0;
        p0b += s;
        h0b += (s + half) >> 16;
        s = v0 * a0;
        p1a += s;
        h1a += (s + half) >> 16;
        s = v0 * b0;
        p1b += s;
        h1b += (s + half) >> 16;
    }
    /* channels 0-3 of pixel 0, then of pixel 1 */
    acc[0] = (int32_t)((uint32_t)p0a - ((uint32_t)h0a << 16)), acc[1] = h0a;
    acc[2] = (int32_t)((uint32_t)p0b - ((uint32_t)h0b << 16)), acc[3] = h0b;
    acc[4] = (int32_t)((uint32_t)p1a - ((uint32_t)h1a << 16)), acc[5] = h1a;
    acc[6] = (int32_t)((uint32_t)p1b - ((uint32_t)h1b << 16)), acc[7] = h1b;
}

/* Eight units (two blocks: words w and w2) of one input row x over n taps: acc[0..7] their sums. */
static inline __attribute__((always_inline)) void rvfw_pairs_1x8(const int8_t *x, int32_t n, const int32_t *w,
                                                                 const int32_t *w2, int32_t acc[8])
{
    int32_t p0 = 0, p1 = 0, p2 = 0, p3 = 0, h0 = 0, h1 = 0, h2 = 0, h3 = 0;
    const int32_t half = RVFW_PAIRS_HALF;
    const int8_t *end = x + (n & ~1);
    for (; x < end; x += 2, w += 4, w2 += 4) {
        const int32_t u0 = x[0], u1 = x[1];
        int32_t s;
        s = u0 * w[0] + u1 * w[2];
        p0 += s;
        h0 += (s + half) >> 16;
        s = u0 * w[1] + u1 * w[3];
        p1 += s;
        h1 += (s + half) >> 16;
        s = u0 * w2[0] + u1 * w2[2];
        p2 += s;
        h2 += (s + half) >> 16;
        s = u0 * w2[1] + u1 * w2[3];
        p3 += s;
        h3 += (s + half) >> 16;
    }
    if (n & 1) {
        const int32_t u0 = x[0];
        int32_t s;
        s = u0 * w[0];
        p0 += s;
        h0 += (s + half) >> 16;
        s = u0 * w[1];
        p1 += s;
        h1 += (s + half) >> 16;
        s = u0 * w2[0];
        p2 += s;
        h2 += (s + half) >> 16;
        s = u0 * w2[1];
        p3 += s;
        h3 += (s + half) >> 16;
    }
    acc[0] = (int32_t)((uint32_t)p0 - ((uint32_t)h0 << 16)), acc[1] = h0;
    acc[2] = (int32_t)((uint32_t)p1 - ((uint32_t)h1 << 16)), acc[3] = h1;
    acc[4] = (int32_t)((uint32_t)p2 - ((uint32_t)h2 << 16)), acc[5] = h2;
    acc[6] = (int32_t)((uint32_t)p3 - ((uint32_t)h3 << 16)), acc[7] = h3;
}

#endif
