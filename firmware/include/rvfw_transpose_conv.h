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

/* The fast kernels' taps of output pixel (oy, ox), found once for all its channels: input row iy
 * reaches it through filter row ky = sy - iy * stride_h (sy = oy + pad_h), so ky descending (the
 * gather's order) is iy ascending over the rows whose ky falls in [0, k_h); likewise across. */
typedef struct {
    int32_t sy, sx, iy0, iy1, ix0, ix1;
} rvfw_transpose_conv_window;

/* The window's rows for output row oy (the same for the whole row), then its columns for ox. */
static inline void rvfw_transpose_conv_reach_rows(const rvfw_conv_params *p, int32_t oy, rvfw_transpose_conv_window *w)
{
    w->sy = oy + p->pad_h;
    w->iy0 = w->sy < p->k_h ? 0 : (w->sy - p->k_h + p->stride_h) / p->stride_h;
    w->iy1 = w->sy < 0 ? -1 : w->sy / p->stride_h;
    w->iy1 = w->iy1 < p->in_h ? w->iy1 : p->in_h - 1;
}

static inline void rvfw_transpose_conv_reach_cols(const rvfw_conv_params *p, int32_t ox, rvfw_transpose_conv_window *w)
{
    w->sx = ox + p->pad_w;
    w->ix0 = w->sx < p->k_w ? 0 : (w->sx - p->k_w + p->stride_w) / p->stride_w;
    w->ix1 = w->sx < 0 ? -1 : w->sx / p->stride_w;
    w->ix1 = w->ix1 < p->in_w ? w->ix1 : p->in_w - 1;
}

/* TAP(tap, pixel) for each tap of the window in the gather's order: tap = ky * k_w + kx, pixel the
 * input pixel (row * in_w + column) it multiplies. */
#define RVFW_TRANSPOSE_CONV_TAPS(p, w, TAP)                                                                          \
    for (int32_t iy_ = (w).iy0; iy_ <= (w).iy1; ++iy_)                                                               \
        for (int32_t ix_ = (w).ix0; ix_ <= (w).ix1; ++ix_)                                                           \
    TAP(((w).sy - iy_ * (p)->stride_h) * (p)->k_w + (w).sx - ix_ * (p)->stride_w, iy_ * (p)->in_w + ix_)

/* The window's taps listed (at most RVFW_TRANSPOSE_CONV_MAX_TAPS, which the lowering checks): the
 * scalar kernels walk them once per output channel, so they are computed once. Returns how many. */
#define RVFW_TRANSPOSE_CONV_MAX_TAPS 64

static inline int32_t rvfw_transpose_conv_tap_list(const rvfw_conv_params *p, const rvfw_transpose_conv_window w,
                                                   int32_t *tap, int32_t *pixel)
{
    int32_t n = 0;
#define RVFW_TAP_LIST_(t, px) (tap[n] = (t), pixel[n++] = (px));
    RVFW_TRANSPOSE_CONV_TAPS(p, w, RVFW_TAP_LIST_)
#undef RVFW_TAP_LIST_
    return n;
}

/* The fast kernels' walk: for each output pixel of every batch, PIXEL(in, out, w) with in the
 * batch's input, out the pixel's out_c outputs and w its taps. */
#define RVFW_TRANSPOSE_CONV_PIXELS(p, input, output, in_t, out_t, PIXEL)                                            \
    for (int32_t b_ = 0; b_ < (p)->batches; ++b_) {                                                                  \
        const in_t *in_ = (input) + b_ * (p)->in_h * (p)->in_w * (p)->in_c;                                          \
        out_t *out_ = (output) + b_ * (p)->out_h * (p)->out_w * (p)->out_c;                                          \
        for (int32_t oy_ = 0; oy_ < (p)->out_h; ++oy_) {                                                             \
            rvfw_transpose_conv_window w_;                                                                           \
            rvfw_transpose_conv_reach_rows((p), oy_, &w_);                                                           \
            for (int32_t ox_ = 0; ox_ < (p)->out_w; ++ox_, out_ += (p)->out_c) {                                     \
                rvfw_transpose_conv_reach_cols((p), ox_, &w_);                                                       \
                PIXEL(in_, out_, w_);                                                                                \
            }                                                                                                        \
        }                                                                                                            \
    }

#endif
