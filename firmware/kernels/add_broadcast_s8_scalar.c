/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, int8, with broadcasting, fast scalar (rvfw_binary_scalar.h): both inputs rescaled to a
 * common scale, their sum requantised, bit-exact with add_broadcast_s8_ref. */
#include "rvfw_binary_scalar.h"

void rvfw_add_broadcast_s8_scalar(const rvfw_binary_params *p, const int8_t *a, const int8_t *b, int8_t *output)
{
#define ELEMENT(x, y) rvfw_requant_scalar_apply(&ro_, RVFW_RESCALED(x, off1_, r1_) + RVFW_RESCALED(y, off2_, r2_))
    RVFW_BINARY_SCALAR(int8_t, p, a, b, output, RVFW_RESCALED_SETUP(p), ELEMENT);
}
