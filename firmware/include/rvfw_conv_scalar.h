/* SPDX-License-Identifier: Apache-2.0 */
/* Window tests shared by the fast scalar CONV_2D kernels (conv2d_s8_scalar, conv2d_tail_s8_scalar). */
#ifndef RVFW_CONV_SCALAR_H
#define RVFW_CONV_SCALAR_H

#include "rvfw_kernels.h"

/* A pointwise convolution: 1x1, stride 1, no padding, output the input's size (a matrix product
 * over the input's rows). */
static inline int rvfw_conv_pointwise(const rvfw_conv_params *p)
{
    return p->k_h == 1 && p->k_w == 1 && p->stride_h == 1 && p->stride_w == 1 && p->pad_h == 0 && p->pad_w == 0 &&
           p->out_h == p->in_h && p->out_w == p->in_w;
}

/* Whether a window starting at input column x0 lies inside horizontally and undilated: each of
 * its rows is one contiguous run of k_w * in_c bytes. */
static inline int rvfw_window_rows_contiguous(const rvfw_conv_params *p, int32_t x0)
{
    return p->dilation_w == 1 && x0 >= 0 && x0 + p->k_w <= p->in_w;
}

#endif
