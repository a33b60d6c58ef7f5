/* SPDX-License-Identifier: Apache-2.0 */
/* EQUAL and NOT_EQUAL of two int16 tensors with broadcasting, as LiteRT's reference kernels compare
 * them (measured: its orderings compare the raw values, rvfw_compare_s16_ref): each input's value
 * less its zero point, shifted left 8, times its scale as a Q31 multiplier below one (a rounding
 * doubling high multiply, then a rounding right shift), the int8 comparison's rescaling
 * (codegen.ops.compare.rescaled) computed per element: an int16 table would take 256 KB. rescale:
 * offset, multiplier and right shift of a, then of b. */
#include "rvfw_broadcast.h"
#include "rvfw_requant.h"

static inline int32_t rescaled(int32_t v, const int32_t *r)
{
    return rvfw_rounding_divide_by_pot(rvfw_srdhm((int32_t)((uint32_t)(v - r[0]) << 8), r[1]), r[2]);
}

#define RVFW_S16_EQ(ia, ib, io) output[io] = rescaled(a[ia], rescale) == rescaled(b[ib], rescale + 3)
#define RVFW_S16_NE(ia, ib, io) output[io] = rescaled(a[ia], rescale) != rescaled(b[ib], rescale + 3)

RVFW_KERNEL void rvfw_compare_rescaled_s16_ref(const rvfw_compare_params *p, const int16_t *a, const int16_t *b,
                                               const int32_t *rescale, uint8_t *output)
{
    if (p->comparison == 0)
        RVFW_BROADCAST_FOR(p, RVFW_S16_EQ);
    else
        RVFW_BROADCAST_FOR(p, RVFW_S16_NE);
}
