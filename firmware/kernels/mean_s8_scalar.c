/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN / SUM, int8, fast scalar: the reference's sum (int32, less the zero point times the count)
 * and requantisation, with the innermost kept axis innermost in the loop where it is contiguous:
 * up to 64 sums at a time, each reduced position adding a contiguous run of inputs to them,
 * where the reference walks the reduced positions once per output (an index computation per
 * element). Otherwise the reference's loop. */
#include "rvfw_reduce.h"
#include "rvfw_requant.h"

enum { RVFW_MEAN_CHUNK = 64 };

void rvfw_mean_s8_scalar(const rvfw_reduce_params *p, const int8_t *input, int8_t *output)
{
    const int32_t offset = p->input_zero_point * p->count, multiplier = p->multiplier, shift = p->shift;
    const int32_t zero_point = p->output_zero_point;
#define MEAN_OUT(sum) (int8_t)rvfw_clamp(rvfw_requantize((sum) - offset, multiplier, shift) + zero_point, INT8_MIN, INT8_MAX)
    if (p->kept_strides[3] != 1) {
#define MEAN_INIT int32_t sum = 0
#define MEAN_STEP(x) sum += (x)
#define MEAN_FINISH(o) output[o] = MEAN_OUT(sum)
        RVFW_REDUCE_FOR(p, input, MEAN_INIT, MEAN_STEP, MEAN_FINISH);
        return;
    }
    const int32_t inner = p->kept_dims[3];
#define MEAN_ADD_RUN(at)                                                                                           \
    {                                                                                                             \
        const int8_t *x_ = base_ + (at);                                                                          \
        for (int32_t c = 0; c < n_; ++c)                                                                          \
            acc_[c] += x_[c];                                                                                     \
    }
#define MEAN_ROW(base, out)                                                                                        \
    for (int32_t c0 = 0; c0 < inner; c0 += RVFW_MEAN_CHUNK) {                                                     \
        const int32_t n_ = inner - c0 < RVFW_MEAN_CHUNK ? inner - c0 : RVFW_MEAN_CHUNK;                           \
        const int8_t *base_ = (base) + c0;                                                                        \
        int32_t acc_[RVFW_MEAN_CHUNK];                                                                            \
        for (int32_t c = 0; c < n_; ++c)                                                                          \
            acc_[c] = 0;                                                                                          \
        RVFW_REDUCE_OFFSETS(p, MEAN_ADD_RUN)                                                                      \
        for (int32_t c = 0; c < n_; ++c)                                                                          \
            (out)[c0 + c] = MEAN_OUT(acc_[c]);                                                                    \
    }
    RVFW_REDUCE_KEPT_ROWS(p, input, output, MEAN_ROW);
}
