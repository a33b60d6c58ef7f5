/* Row bands of a convolution: the parameters that compute output rows [row, row + 1) alone. */
#ifndef RVFW_BAND_H
#define RVFW_BAND_H

#include "rvfw_kernels.h"

/* Narrow *p to output row `row` and to the input rows it reads; returns the first of those
 * rows, so the caller offsets the input pointer by it. Rows outside the real input stay
 * outside (the padding), since only rows that exist are cut away. */
static inline int32_t rvfw_conv_band(rvfw_conv_params *p, int32_t row)
{
    const int32_t first = row * p->stride_h - p->pad_h;
    const int32_t last = first + (p->k_h - 1) * p->dilation_h;
    const int32_t top = first > 0 ? first : 0;
    const int32_t bottom = last < p->in_h - 1 ? last : p->in_h - 1;
    p->pad_h = top - first;
    p->in_h = bottom >= top ? bottom - top + 1 : 0;
    p->out_h = 1;
    return top;
}

#endif
