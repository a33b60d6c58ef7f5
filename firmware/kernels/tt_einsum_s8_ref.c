/* SPDX-License-Identifier: Apache-2.0 */
/* TT_EINSUM, int8: scalar reference. One einsum of a Tensor-Train chain (codegen/tt): a
 * fully-connected product per input row whose outputs are scattered so that the next einsum's
 * reduction is contiguous. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_tt_einsum_s8_ref(const rvfw_tt_params *p, const int8_t *input, const int8_t *cores, const int32_t *bias,
                           const int32_t *multiplier, const int32_t *shift, int8_t *output)
{
    const int32_t outputs = p->n * p->r_out;
    for (int32_t o = 0; o < p->outer; ++o) {
        for (int32_t pm = 0; pm < p->prev_m; ++pm) {
            for (int32_t i = 0; i < p->inner; ++i) {
                const int8_t *row = input + ((o * p->prev_m + pm) * p->inner + i) * p->k;
                for (int32_t nk = 0; nk < p->n; ++nk) {
                    for (int32_t r = 0; r < p->r_out; ++r) {
                        const int32_t j = nk * p->r_out + r;
                        const int8_t *b = cores + j * p->k;
                        int32_t acc = 0;
                        for (int32_t x = 0; x < p->k; ++x)
                            acc += (row[x] + p->input_offset) * b[x];
                        if (bias)
                            acc += bias[i * outputs + j];
                        const int32_t at = rvfw_tt_row_base(p, o, pm, i) + nk * p->inner * p->prev_m * p->r_out + r;
                        output[at] = multiplier ? RVFW_OUTPUT_S8(p, acc, multiplier[j], shift[j])
                                                : RVFW_OUTPUT_S8(p, acc, p->output_multiplier, p->output_shift);
                    }
                }
            }
        }
    }
}
