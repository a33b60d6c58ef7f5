/* SPDX-License-Identifier: Apache-2.0 */
/* The reference convolutions' loop nest, once for every dtype (conv2d_*_ref, depthwise_conv2d_*_ref,
 * the hybrid kernels): TFLite's order, output row, column and channel, then the filter's rows and
 * columns, the taps outside the input skipped. The caller's code goes in three places:
 *   BEGIN           before an output's taps (declare the accumulator);
 *   TAP(pixel, k)   per tap inside the input: `pixel` the input pixel's index within the image
 *                   (times in_c: its first element), `k` the tap's position ky * k_w + kx;
 *   END(at)         after them, `at` the output's element index within the image.
 * `oc` (the output channel) is in scope in all three. RVFW_WINDOW_FOR_IMAGE runs one batch image;
 * RVFW_WINDOW_FOR every batch, `image` bytes of input and output apart (the caller steps them). */
#ifndef RVFW_WINDOW_REF_H
#define RVFW_WINDOW_REF_H

#include <stdint.h>

#define RVFW_WINDOW_FOR_IMAGE(p, BEGIN, TAP, END)                                                                 \
    for (int32_t oy_ = 0; oy_ < (p)->out_h; ++oy_)                                                                \
        for (int32_t ox_ = 0; ox_ < (p)->out_w; ++ox_)                                                            \
            for (int32_t oc = 0; oc < (p)->out_c; ++oc) {                                                         \
                BEGIN;                                                                                            \
                for (int32_t ky_ = 0; ky_ < (p)->k_h; ++ky_) {                                                    \
                    const int32_t iy_ = oy_ * (p)->stride_h - (p)->pad_h + ky_ * (p)->dilation_h;                 \
                    for (int32_t kx_ = 0; kx_ < (p)->k_w; ++kx_) {                                                \
                        const int32_t ix_ = ox_ * (p)->stride_w - (p)->pad_w + kx_ * (p)->dilation_w;             \
                        if (iy_ < 0 || iy_ >= (p)->in_h || ix_ < 0 || ix_ >= (p)->in_w)                           \
                            continue;                                                                             \
                        TAP(iy_ * (p)->in_w + ix_, ky_ * (p)->k_w + kx_);                                         \
                    }                                                                                             \
                }                                                                                                 \
                END((oy_ * (p)->out_w + ox_) * (p)->out_c + oc);                                                  \
            }

/* Every batch: `in` and `out` (the caller's pointers, names of its own) step one image each. */
#define RVFW_WINDOW_FOR(p, in, out, BEGIN, TAP, END)                                                              \
    for (int32_t b_ = 0; b_ < (p)->batches;                                                                       \
         ++b_, in += (p)->in_h * (p)->in_w * (p)->in_c, out += (p)->out_h * (p)->out_w * (p)->out_c) {            \
        RVFW_WINDOW_FOR_IMAGE(p, BEGIN, TAP, END)                                                                 \
    }

#endif
