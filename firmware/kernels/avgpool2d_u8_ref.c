/* SPDX-License-Identifier: Apache-2.0 */
/* AVERAGE_POOL_2D of a legacy uint8 model (passes.uint8_as_int8 runs its bytes as int8 ones, each
 * 128 less), reference: LiteRT's uint8 average, the window's cells summed and divided by their
 * count rounding half up, (sum + count / 2) / count over the uint8 values, never negative, where
 * the int8 kernels round half away from zero; then back to the int8 bytes and clamped. */
#include "rvfw_pool_ref.h"

/* acc sums int8 bytes, at least -128 count: acc + 128 count is the uint8 values' sum */
#define RVFW_POOL_AVERAGE_U8(acc, count) ((acc) = ((acc) + 128 * (count) + (count) / 2) / (count) - 128)

RVFW_KERNEL void rvfw_avgpool2d_u8_ref(const rvfw_pool_params *p, const int8_t *input, int8_t *output)
{
    RVFW_POOL_REF(int8_t, p, input, output, 0, RVFW_POOL_SUM, RVFW_POOL_AVERAGE_U8);
}
