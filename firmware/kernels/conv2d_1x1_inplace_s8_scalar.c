/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D 1x1, stride 1, no padding, in place: fast portable C. Four pixels per pass are copied to
 * scratch (rvfw_conv2d_1x1_inplace_scratch_size bytes), forward when the layer narrows the
 * channels and backward when it widens them, and run through the fast scalar CONV_2D kernel as a
 * four-pixel image: its 4x2 matrix-product loop, the outputs written over the pixels just copied
 * (and, narrowing, over earlier ones; widening, over later ones already done). */
#include <string.h>

#include "rvfw_kernels.h"

RVFW_KERNEL void rvfw_conv2d_1x1_inplace_s8_scalar(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                       const int32_t *bias_folded, const int32_t *output_multiplier,
                                       const int8_t *output_shift, int8_t *scratch)
{
    const int32_t pixels = p->batches * p->in_h * p->in_w, in_c = p->in_c, out_c = p->out_c;
    const int backward = out_c > in_c;
    rvfw_conv_params block = *p;
    block.batches = block.in_h = block.out_h = 1;
    for (int32_t done = 0; done < pixels;) {
        const int32_t n = pixels - done < RVFW_CONV2D_1X1_INPLACE_SCRATCH_PIXELS ? pixels - done
                                                                                 : RVFW_CONV2D_1X1_INPLACE_SCRATCH_PIXELS;
        const int32_t first = backward ? pixels - done - n : done;
        memcpy(scratch, data + first * in_c, (size_t)(n * in_c));
        block.in_w = block.out_w = n;
        rvfw_conv2d_s8_scalar(&block, scratch, filter, bias_folded, output_multiplier, output_shift,
                              data + first * out_c, NULL);
        done += n;
    }
}
