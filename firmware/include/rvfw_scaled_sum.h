/* SPDX-License-Identifier: Apache-2.0 */
/* TFLite Micro's int8 ADD_N and CUMSUM arithmetic (rvfw_scaled_sum): each term rescaled to a
 * common fixed-point scale, the sum rescaled to the output. */
#ifndef RVFW_SCALED_SUM_H
#define RVFW_SCALED_SUM_H

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

/* One input value as a term of the sum (MultiplyByQuantizedMultiplierSmallerThanOneExp). */
static inline int32_t rvfw_scaled_term(const rvfw_scaled_sum *q, int32_t value)
{
    return rvfw_requantize((value + q->input_offset) * (1 << q->left_shift), q->input_multiplier, q->input_shift);
}

/* TFLite Micro starts the sum at the rescaled input offset (its reference's "x = 0" is not 0). */
static inline int32_t rvfw_scaled_start(const rvfw_scaled_sum *q)
{
    return rvfw_requantize(q->input_offset * (1 << q->left_shift), q->input_multiplier, q->input_shift);
}

static inline int8_t rvfw_scaled_output(const rvfw_scaled_sum *q, int32_t sum)
{
    const int32_t raw = rvfw_requantize(sum, q->output_multiplier, q->output_shift) + q->output_offset;
    return (int8_t)rvfw_clamp(raw, q->act_min, q->act_max);
}

#endif
