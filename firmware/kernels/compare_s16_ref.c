/* SPDX-License-Identifier: Apache-2.0 */
/* GREATER (and the other comparisons) of two int16 tensors with broadcasting, reference: the raw
 * values compared, as TFLite's reference kernels compare int16 (TFLite Micro's int16 GREATER is
 * known wrong: docs/tflm-differences.md). One bool byte per output element (RVFW_COMPARE). */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_compare_s16_ref(const rvfw_compare_params *p, const int16_t *a, const int16_t *b,
                                      uint8_t *output)
{
    RVFW_COMPARE(p, a, b, output);
}
