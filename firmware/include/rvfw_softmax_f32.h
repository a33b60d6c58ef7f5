/* SPDX-License-Identifier: Apache-2.0 */
/* The float32 SOFTMAX and LOG_SOFTMAX rows, as TFLite Micro's float kernels compute them, with
 * the exp function a parameter: the references call rvfw_expf (the host C library's expf in
 * double-precision steps), the fast scalar kernels for cores without a double-precision FPU
 * rvfw_expf_int (the same result, bit for bit, in integer arithmetic). */
#ifndef RVFW_SOFTMAX_F32_H
#define RVFW_SOFTMAX_F32_H

#include <float.h>

#include "rvfw_kernels.h"
#include "rvfw_logf.h"

/* SOFTMAX: the row maximum, exp((x - max) * beta) summed in order, each exp divided by the sum. */
#define RVFW_SOFTMAX_F32_ROWS(p, input, beta, output, EXP)                                                        \
    for (int32_t row_ = 0; row_ < (p)->outer_size; ++row_) {                                                      \
        const float *in_ = (input) + row_ * (p)->depth;                                                           \
        float *out_ = (output) + row_ * (p)->depth;                                                               \
        float max_ = -FLT_MAX;                                                                                    \
        for (int32_t c = 0; c < (p)->depth; ++c)                                                                  \
            max_ = in_[c] > max_ ? in_[c] : max_;                                                                 \
        float sum_ = 0.0f;                                                                                        \
        for (int32_t c = 0; c < (p)->depth; ++c) {                                                                \
            out_[c] = EXP((in_[c] - max_) * (beta)[0]);                                                           \
            sum_ += out_[c];                                                                                      \
        }                                                                                                         \
        for (int32_t c = 0; c < (p)->depth; ++c)                                                                  \
            out_[c] = out_[c] / sum_;                                                                             \
    }

/* LOG_SOFTMAX: the maximum, the sum of exp(x - max) in order, then x - max - log(sum) (logf as
 * the host's, rvfw_logf.h). */
#define RVFW_LOG_SOFTMAX_F32_ROWS(p, input, output, EXP)                                                          \
    for (int32_t i_ = 0; i_ < (p)->outer_size; ++i_) {                                                            \
        const float *in_ = (input) + i_ * (p)->depth;                                                             \
        float *out_ = (output) + i_ * (p)->depth;                                                                 \
        float max_ = -FLT_MAX;                                                                                    \
        for (int32_t c = 0; c < (p)->depth; ++c)                                                                  \
            max_ = max_ < in_[c] ? in_[c] : max_;                                                                 \
        float sum_ = 0.0f;                                                                                        \
        for (int32_t c = 0; c < (p)->depth; ++c)                                                                  \
            sum_ += EXP(in_[c] - max_);                                                                           \
        const float log_sum_ = rvfw_logf(sum_);                                                                   \
        for (int32_t c = 0; c < (p)->depth; ++c)                                                                  \
            out_[c] = in_[c] - max_ - log_sum_;                                                                   \
    }

#endif
