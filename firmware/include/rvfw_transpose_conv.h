/* SPDX-License-Identifier: Apache-2.0 */
/* TRANSPOSE_CONV's gather, shared by its int8, 16x8 and float32 kernels: output pixel (oy, ox) of
 * channel oc sums input pixel (iy, ix) through filter tap (ky, kx) wherever
 * iy * stride_h - pad_h + ky == oy (and likewise across), OHWI weights. The taps are walked
 * backwards (ky, kx descending): TFLite Micro scatters each input pixel into the output, so an
 * output sums its contributions in input order (row, column, channel), and this visits them in
 * that same order (which float32 needs; integer sums do not mind). STEP(x, w) takes one product. */
#ifndef RVFW_TRANSPOSE_CONV_H
#define RVFW_TRANSPOSE_CONV_H

#include "rvfw_kernels.h"

#define RVFW_TRANSPOSE_CONV_GATHER(p, in, filter, oy, ox, oc, in_t, w_t, STEP)                                       \
    for (int32_t ky = (p)->k_h - 1; ky >= 0; --ky) {                                                                 \
        const int32_t ty = (oy) + (p)->pad_h - ky;                                                                   \
        if (ty < 0 || ty % (p)->stride_h || ty / (p)->stride_h >= (p)->in_h)                                         \
            continue;                                                                                                \
        for (int32_t kx = (p)->k_w - 1; kx >= 0; --kx) {                                                             \
            const int32_t tx = (ox) + (p)->pad_w - kx;                                                               \
            if (tx < 0 || tx % (p)->stride_w || tx / (p)->stride_w >= (p)->in_w)                                     \
                continue;                                                                                            \
            const in_t *x_ = (in) + ((ty / (p)->stride_h) * (p)->in_w + tx / (p)->stride_w) * (p)->in_c;            \
            const w_t *w_ = (filter) + (((oc) * (p)->k_h + ky) * (p)->k_w + kx) * (p)->in_c;                        \
            for (int32_t ic = 0; ic < (p)->in_c; ++ic)                                                               \
                STEP(x_[ic], w_[ic]);                                                                                \
        }                                                                                                            \
    }

#endif
