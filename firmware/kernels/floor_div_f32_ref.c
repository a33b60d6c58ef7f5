/* SPDX-License-Identifier: Apache-2.0 */
/* FLOOR_DIV, float32, with broadcasting: TFLite's floor of the quotient taken in double precision
 * (a float quotient could round up to the next integer before the floor). A zero divisor is
 * TFLite Micro's error; here it gives the IEEE quotient's floor. */
#include "rvfw_broadcast.h"

RVFW_KERNEL void rvfw_floor_div_f32_ref(const rvfw_binary_params *p, const float *a, const float *b, const float *act,
                            float *output)
{
#define ELEMENT(ia, ib, io) output[io] = rvfw_clamp_f32((float)__builtin_floor((double)a[ia] / (double)b[ib]), act)
    RVFW_BROADCAST_FOR(p, ELEMENT);
}
