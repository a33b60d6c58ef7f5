/* SPDX-License-Identifier: Apache-2.0 */
/* CUMSUM, int32 (LiteRT's; TFLite Micro runs float32 and int8): rvfw_cumsum.h's loop modulo 2^32
 * (an unsigned accumulator: no signed overflow). */
#include "rvfw_cumsum.h"

RVFW_KERNEL void rvfw_cumsum_s32_ref(const rvfw_cumsum_params *p, const int32_t *input, int32_t *output)
{
    RVFW_CUMSUM(uint32_t, int32_t, p, input, output);
}
