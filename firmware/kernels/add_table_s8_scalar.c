/* SPDX-License-Identifier: Apache-2.0 */
/* ADD, int8, same-shape inputs, fast scalar with its tables in flash: each input's rescaled term
 * (the reference's offset, headroom shift and requantisation) for every int8 value, made at build
 * time (codegen.ops.add.term_tables: TFLite's arithmetic), 2 x 256 int32; one requantisation per
 * element is left, the output's (rvfw_add_terms.h). For the layers whose plan has no spare scratch
 * to fill tables in at run time (add_s8_scalar): on CV32E40P a requantisation's high multiply costs
 * 5 cycles, and IC's residual ADDs took three a element. */
#include "rvfw_add_terms.h"

RVFW_KERNEL void rvfw_add_table_s8_scalar(const rvfw_add_params *p, const int8_t *input1, const int8_t *input2,
                                          const int32_t *terms, int8_t *output)
{
    rvfw_add_terms(p, terms + 128, terms + 256 + 128, input1, input2, output);
}
