/* SPDX-License-Identifier: Apache-2.0 */
/* In-place CONV_2D 1x1, stride 1 (the `small` memory mode) through a kernel set's own out-of-place
 * convolution, RVFW_INPLACE_PIXELS pixels at a time, in any element type.
 *
 * Each block of pixels is copied to scratch and the kernel writes its output pixels over the
 * tensor. Blocks go forward when the layer narrows the channels and backward when it widens them,
 * so a block's output never reaches an input pixel still to be read: forward, block k's output
 * ends at or before block k + 1's input starts; backward, it starts at or after the end of every
 * earlier block's input. A 1x1 output pixel reads only its own input pixel, so the kernel computes
 * each exactly as over the whole tensor: bit-exact with the out-of-place layer.
 *
 * codegen.ops.conv2d.scratch_1x1_inplace mirrors the scratch size (PIXEL_BLOCK * in_c elements). */
#ifndef RVFW_INPLACE_PIXELS_H
#define RVFW_INPLACE_PIXELS_H

#include <stddef.h>
#include <stdint.h>

#include "rvfw_inplace_rows.h"
#include "rvfw_kernels.h"

#define RVFW_INPLACE_PIXELS 4

/* kernel(block params, its input pixels, its output pixels, ctx), as bytes of its element type. */
typedef void (*rvfw_pointwise_block_kernel)(const rvfw_conv_params *block, const int8_t *input, int8_t *output,
                                            const void *ctx);

static inline void rvfw_pointwise_inplace_blocks(const rvfw_conv_params *p, int8_t *data, int8_t *scratch,
                                                 int32_t elem_size, rvfw_pointwise_block_kernel kernel,
                                                 const void *ctx)
{
    const int32_t pixels = p->batches * p->in_h * p->in_w;
    const int32_t blocks = (pixels + RVFW_INPLACE_PIXELS - 1) / RVFW_INPLACE_PIXELS;
    const ptrdiff_t in_px = (ptrdiff_t)p->in_c * elem_size, out_px = (ptrdiff_t)p->out_c * elem_size;
    const int backward = p->out_c > p->in_c;
    rvfw_conv_params block = *p;
    block.batches = 1;
    block.in_h = block.out_h = 1;
    for (int32_t n = 0; n < blocks; ++n) {
        const int32_t first = (backward ? blocks - 1 - n : n) * RVFW_INPLACE_PIXELS;
        const int32_t count = pixels - first < RVFW_INPLACE_PIXELS ? pixels - first : RVFW_INPLACE_PIXELS;
        block.in_w = block.out_w = count;
        rvfw_copy_words_s8(scratch, data + first * in_px, (int32_t)(count * in_px));
        kernel(&block, scratch, data + first * out_px, ctx);
    }
}

#endif
