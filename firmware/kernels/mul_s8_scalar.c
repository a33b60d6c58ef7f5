/* SPDX-License-Identifier: Apache-2.0 */
/* MUL, int8, with broadcasting, fast scalar (rvfw_binary_s8_scalar.h): (a - za) * (b - zb)
 * requantised by sa * sb / so, bit-exact with mul_s8_ref. */
#include "rvfw_binary_s8_scalar.h"

void rvfw_mul_s8_scalar(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define ELEMENT(x, y) rvfw_requant_scalar_apply(&ro_, ((x) + off1_) * ((y) + off2_))
    RVFW_BINARY_S8_SCALAR(p, a, b, output,
                          const int32_t off1_ = p->input1_offset;
                          const int32_t off2_ = p->input2_offset;
                          const rvfw_requant_scalar ro_ = rvfw_requant_scalar_of(p->output_multiplier,
                                                                                 p->output_shift),
                          ELEMENT);
}
