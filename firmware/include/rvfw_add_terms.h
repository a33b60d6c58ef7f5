/* SPDX-License-Identifier: Apache-2.0 */
/* The same-shape int8 ADD over its inputs' rescaled terms looked up in tables (term1[x], term2[x]
 * for every int8 x: the reference's offset, headroom shift and requantisation of each input, which
 * take only 256 values each), one requantisation per element left, the output's: shared by the fast
 * scalar kernel that fills the tables in spare scratch (add_s8_scalar) and the one that reads them
 * from flash (add_table_s8_scalar). The parameters are locals (an int8 store could alias them). */
#ifndef RVFW_ADD_TERMS_H
#define RVFW_ADD_TERMS_H

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

static inline __attribute__((always_inline)) void rvfw_add_terms(const rvfw_add_params *p, const int32_t *term1,
                                                                 const int32_t *term2, const int8_t *input1,
                                                                 const int8_t *input2, int8_t *output)
{
    const int32_t n = p->size, mo = p->output_multiplier, so = p->output_shift, offset = p->output_offset;
    const int32_t lo = p->output_activation_min, hi = p->output_activation_max;
    if (p->fast_requant) {
        for (int32_t i = 0; i < n; ++i)
            output[i] = (int8_t)rvfw_clamp(rvfw_requantize_right(term1[input1[i]] + term2[input2[i]], mo, -so) + offset,
                                           lo, hi);
        return;
    }
    for (int32_t i = 0; i < n; ++i)
        output[i] = rvfw_requantize_s8(term1[input1[i]] + term2[input2[i]], mo, so, offset, lo, hi);
}

#endif
