/* CONV_2D, int8, XTheadVector (C906): output channels across 32 int32 lanes, one output pixel
 * at a time; weights HWIO so a tap's weights for the lanes are one sign-extending byte load.
 * Taps outside the input are skipped (zero padding), the input offset is added to the scalar
 * input, so every pixel is exact with the raw bias. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_xthead.h"

void rvfw_conv2d_s8_xthead(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio, const int32_t *bias,
                           const int32_t *output_multiplier, const int32_t *output_shift, int8_t *output)
{
    rvfw_xt_round_nearest_up();
    const int32_t in_c = p->in_c, out_c = p->out_c;
    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * p->in_w * in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            int32_t ky0, ky1;
            rvfw_dilated_window(y0, p->k_h, p->dilation_h, p->in_h, &ky0, &ky1);
            for (int32_t ox = 0; ox < p->out_w; ++ox, output += out_c) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                int32_t kx0, kx1;
                rvfw_dilated_window(x0, p->k_w, p->dilation_w, p->in_w, &kx0, &kx1);
                for (int32_t oc0 = 0; oc0 < out_c;) {
                    const size_t vl = rvfw_xt_setvl_e32m8((size_t)(out_c - oc0));
                    rvfw_xt_start(bias ? bias + oc0 : 0, 4);
                    for (int32_t ky = ky0; ky < ky1; ++ky) {
                        const int32_t iy = y0 + ky * p->dilation_h;
                        for (int32_t kx = kx0; kx < kx1; ++kx) {
                            const int8_t *x = in_batch + (iy * p->in_w + x0 + kx * p->dilation_w) * in_c;
                            const int8_t *w = filter_hwio + (ky * p->k_w + kx) * in_c * out_c + oc0;
                            rvfw_xt_dot(x, in_c, p->input_offset, w, out_c);
                        }
                    }
                    rvfw_xt_requantize_store(output_multiplier + oc0, output_shift + oc0, 4, p->output_offset,
                                             p->output_activation_min, p->output_activation_max, output + oc0, 1);
                    oc0 += (int32_t)vl;
                }
            }
        }
    }
}
