/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, int8, same-shape inputs, fast scalar: each input byte takes only 256 values, so its
 * rescaled term (offset, headroom shift, requantisation: the reference's arithmetic) is looked up
 * in a table the kernel fills first, in `tables` (2 x 256 int32: the plan's spare scratch, given
 * only where it costs no arena); one requantisation per element is left, the output's. Without
 * tables, or for fewer elements than the tables take to fill, the reference's loop. (Where the
 * build can spend the flash, add_table_s8_scalar reads tables it made instead.) */
#include "rvfw_add_terms.h"

#define RVFW_ADD_TERM(p, x, which)                                                                                 \
    rvfw_requantize(((x) + (p)->which##_offset) * (1 << (p)->left_shift), (p)->which##_multiplier,               \
                    (p)->which##_shift)

/* The loop with every field in a local (an int8 store could alias them: the compiler would reload
 * each one every element) and, where the build proved it exact, one high multiply per requantisation. */
static void add_loop(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output)
{
    const int32_t n = p->size, o1 = p->input1_offset, o2 = p->input2_offset, m1 = p->input1_multiplier;
    const int32_t m2 = p->input2_multiplier, r1 = -p->input1_shift, r2 = -p->input2_shift, left = p->left_shift;
    const int32_t mo = p->output_multiplier, ro = -p->output_shift, offset = p->output_offset;
    const int32_t lo = p->output_activation_min, hi = p->output_activation_max;
    for (int32_t i = 0; i < n; ++i) {
        const int32_t a = rvfw_requantize_right0((input1[i] + o1) * (1 << left), m1, r1);
        const int32_t b = rvfw_requantize_right0((input2[i] + o2) * (1 << left), m2, r2);
        output[i] = (int8_t)rvfw_clamp(rvfw_requantize_right(a + b, mo, ro) + offset, lo, hi);
    }
}

RVFW_KERNEL void rvfw_add_s8_scalar(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2, int8_t *output,
                        int32_t *tables)
{
    if (!tables || p->size < 512) {
        if (p->fast_requant) {
            add_loop(p, input1, input2, output);
            return;
        }
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
    rvfw_add_terms(p, term1, term2, input1, input2, output);
}
