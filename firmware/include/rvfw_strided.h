/* SPDX-License-Identifier: Apache-2.0 */
/* The loops every strided-copy kernel shares (codegen.ops.movement): for each innermost run, in
 * output order, `run(src)` with src the run's first input byte; the run has dims[5] elements
 * strides[5] bytes apart, and the kernel advances its output pointer itself. */
#ifndef RVFW_STRIDED_H
#define RVFW_STRIDED_H

#include "rvfw_kernels.h"

#define RVFW_STRIDED_RUNS(p, input, run)                                                                          \
    do {                                                                                                          \
        const int8_t *in_ = (const int8_t *)(input) + (p)->offset;                                                \
        const int32_t *d_ = (p)->dims, *s_ = (p)->strides;                                                        \
        for (int32_t i0 = 0; i0 < d_[0]; ++i0)                                                                    \
            for (int32_t i1 = 0; i1 < d_[1]; ++i1)                                                                \
                for (int32_t i2 = 0; i2 < d_[2]; ++i2)                                                            \
                    for (int32_t i3 = 0; i3 < d_[3]; ++i3)                                                        \
                        for (int32_t i4 = 0; i4 < d_[4]; ++i4) {                                                  \
                            run(in_ + i0 * s_[0] + i1 * s_[1] + i2 * s_[2] + i3 * s_[3] + i4 * s_[4]);            \
                        }                                                                                         \
    } while (0)

#endif
