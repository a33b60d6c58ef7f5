/* SPDX-License-Identifier: Apache-2.0 */
/* DIV, int8, with broadcasting: TFLite's quantised division (the divisor made positive, its
 * reciprocal by Newton-Raphson, the dividend shifted up by its headroom, one requantisation). A
 * divisor at its zero point is undefined, as in TFLite. */
#include "rvfw_broadcast.h"
#include "rvfw_gemmlowp.h"

static int32_t count_leading_sign_bits(int32_t x)
{
    return x >= 0 ? rvfw_count_leading_zeros((uint32_t)x) - 1 : rvfw_count_leading_zeros(~(uint32_t)x) - 1;
}

/* RoundingDivideByPOT also for exponent >= 32 (a dividend of -1 gets there), as TFLite's build
 * computes it: the mask truncated to 32 bits, the shift count taken mod 32 (written out: in C a
 * shift by 32 is undefined). */
static int32_t rounding_divide_by_pot_wide(int32_t x, int32_t exponent)
{
    if (exponent <= 31)
        return rvfw_rounding_divide_by_pot(x, exponent);
    const int32_t threshold = -1 + (x < 0 ? 1 : 0); /* mask = -1, so remainder = x */
    return (x >> (exponent & 31)) + (x > threshold ? 1 : 0);
}

static int32_t divide(const rvfw_binary_params *p, int32_t x, int32_t y)
{
    if (y < 0) {
        x = -x;
        y = -y;
    }
    const int32_t headroom_plus_one = rvfw_count_leading_zeros((uint32_t)y);
    const int32_t inverse =
        rvfw_one_over_one_plus_x((int32_t)(((uint32_t)y << headroom_plus_one) - ((uint32_t)1 << 31)));
    const int32_t headroom = count_leading_sign_bits(x);
    const int32_t unscaled = rvfw_srdhm((int32_t)((uint32_t)x << headroom), inverse);
    const int32_t total_shift = p->output_shift - (31 - headroom_plus_one) - headroom;
    return rounding_divide_by_pot_wide(rvfw_srdhm(unscaled, p->output_multiplier), -total_shift);
}

RVFW_KERNEL void rvfw_div_s8_ref(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define DIV_ELEMENT(ia, ib, io)                                                                                     \
    const int32_t q = divide(p, a[ia] + p->input1_offset, b[ib] + p->input2_offset);                              \
    output[io] = (int8_t)rvfw_clamp(q + p->output_offset, p->output_activation_min, p->output_activation_max)
    RVFW_BROADCAST_FOR(p, DIV_ELEMENT);
}
