/* DEPTHWISE_CONV_2D (depth multiplier 1) writing its output over its input, channel by channel
 * (TinyEngine's scheme): the channel's input plane is copied to scratch (in_h * in_w bytes),
 * then its outputs are written; every write lands on a slot of that same channel, so no input
 * still to be read is lost. Any stride and padding. */
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

void rvfw_depthwise_conv2d_inplace_s8_ref(const rvfw_conv_params *p, int8_t *data, const int8_t *filter,
                                          const int32_t *bias, const int32_t *output_multiplier,
                                          const int32_t *output_shift, int8_t *scratch)
{
    const int32_t ch = p->in_c, in_plane = p->in_h * p->in_w, out_plane = p->out_h * p->out_w;
    for (int32_t b = 0; b < p->batches; ++b) {
        for (int32_t c = 0; c < ch; ++c) {
            for (int32_t i = 0; i < in_plane; ++i)
                scratch[i] = data[(b * in_plane + i) * ch + c];
            for (int32_t oy = 0; oy < p->out_h; ++oy) {
                for (int32_t ox = 0; ox < p->out_w; ++ox) {
                    int32_t acc = bias ? bias[c] : 0;
                    for (int32_t ky = 0; ky < p->k_h; ++ky) {
                        const int32_t iy = oy * p->stride_h - p->pad_h + ky * p->dilation_h;
                        if (iy < 0 || iy >= p->in_h)
                            continue;
                        for (int32_t kx = 0; kx < p->k_w; ++kx) {
                            const int32_t ix = ox * p->stride_w - p->pad_w + kx * p->dilation_w;
                            if (ix >= 0 && ix < p->in_w)
                                acc += filter[(ky * p->k_w + kx) * ch + c] * (scratch[iy * p->in_w + ix] + p->input_offset);
                        }
                    }
                    data[(b * out_plane + oy * p->out_w + ox) * ch + c] =
                        RVFW_OUTPUT_S8(p, acc, output_multiplier[c], output_shift[c]);
                }
            }
        }
    }
}
