/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, int8, same-shape inputs, fast scalar: each input byte takes only 256 values, so its
 * rescaled term (offset, headroom shift, requantisation: the reference's arithmetic) is looked up
 * in a table the kernel fills first, in `tables` (2 x 256 int32: the plan's spare scratch, given
 * only where it costs no arena); one requantisation per element is left, the output's. Without
 * tables, or for fewer elements than the tables take to fill, the reference's loop. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

#define RVFW_ADD_TERM(p, x, which)                                                                                 \
    rvfw_requantize(((x) + (p)->which##_offset) * (1 << (p)->left_shift), (p)->which##_multiplier,               \
                    (p)->which##_shift)

RVFW_KERNEL void rvfw_add_s8_scalar(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output,
                        int32_t *tables)
{
    if (!tables || p->size < 512) {
        for (int32_t i = 0; i < p->size; ++i) {
            const int32_t sum = RVFW_ADD_TERM(p, input1[i], input1) + RVFW_ADD_TERM(p, input2[i], input2);
            output[i] = RVFW_OUTPUT_S8(p, sum, p->output_multiplier, p->output_shift);
        }
        return;
    }
    int32_t *term1 = tables + 128, *term2 = tables + 256 + 128; /* indexed by the int8 value */
    for (int32_t x = -128; x < 128; ++x) {
        term1[x] = RVFW_ADD_TERM(p, x, input1);
        term2[x] = RVFW_ADD_TERM(p, x, input2);
    }
    for (int32_t i = 0; i < p->size; ++i)
        output[i] = RVFW_OUTPUT_S8(p, term1[input1[i]] + term2[input2[i]], p->output_multiplier, p->output_shift);
}
