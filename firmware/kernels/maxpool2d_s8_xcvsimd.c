/* SPDX-License-Identifier: Apache-2.0 */
/* MAX_POOL_2D, int8, CORE-V SIMD (CV32E40P): four channels a word, their running maximum one
 * cv.max.b a window cell (the reference's per-channel maximum, lane by lane), then the activation
 * clamp as a cv.max.b and a cv.min.b against the bounds in every byte. The words of a cell are
 * loaded whatever their alignment (the core splits a misaligned access); the channels past a
 * multiple of four run the reference's loop. */
#include "rvfw_pool_ref.h"
#include "rvfw_xcv.h"


static inline int32_t word_at(const int8_t *p)
{
    int32_t v;
    __asm__("lw %0, 0(%1)" : "=r"(v) : "r"(p), "m"(*(const int8_t(*)[4])p));
    return v;
}

static inline void store_word(int8_t *p, int32_t v)
{
    __asm__ volatile("sw %1, 0(%0)" : : "r"(p), "r"(v), "m"(*(int8_t(*)[4])p) : "memory");
}

RVFW_KERNEL void rvfw_maxpool2d_s8_xcvsimd(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    const int32_t ch = p->channels, row = p->in_w * ch, quads = ch & ~3;
    const uint32_t spread = 0x01010101u;
    const int32_t lo4 = (int32_t)((uint32_t)(uint8_t)p->output_activation_min * spread);
    const int32_t hi4 = (int32_t)((uint32_t)(uint8_t)p->output_activation_max * spread);
    int8_t *out = output;
    RVFW_POOL_PIXELS(int8_t, p, input, {
        const int8_t *first = in_batch + ((y0 + ky_start) * p->in_w + x0 + kx_start) * ch;
        for (int32_t c = 0; c < quads; c += 4) {
            int32_t best = (int32_t)0x80808080u; /* INT8_MIN in every byte */
            const int8_t *line = first + c;
            for (int32_t ky = ky_start; ky < ky_end; ++ky, line += row) {
                const int8_t *cell = line;
                for (int32_t kx = kx_start; kx < kx_end; ++kx, cell += ch)
                    RVFW_XCV_MAX_B(best, best, word_at(cell));
            }
            RVFW_XCV_MAX_B(best, best, lo4);
            RVFW_XCV_MIN_B(best, best, hi4);
            store_word(out + c, best);
        }
        for (int32_t c = quads; c < ch; ++c) {
            int32_t acc = INT8_MIN;
            const int8_t *line = first + c;
            for (int32_t ky = ky_start; ky < ky_end; ++ky, line += row)
                for (int32_t kx = 0; kx < kx_end - kx_start; ++kx)
                    acc = line[kx * ch] > acc ? line[kx * ch] : acc;
            out[c] = (int8_t)rvfw_clamp(acc, p->output_activation_min, p->output_activation_max);
        }
        out += ch;
    });
}
