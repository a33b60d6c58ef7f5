/* CONV_2D, int8, RVV 1.0: output channels across vector lanes.
 *
 * Weights arrive transposed to HWIO, so an output pixel is a GEMV over the (kx, ic) runs of
 * each filter row. For pixels whose window lies inside the input, the input offset is folded
 * into the bias at build time (bias_folded = bias + input_offset * sum(w)), leaving a pure
 * int8 dot product, and three neighbouring pixels share each weight load (six at LMUL 4 when the
 * output channels fit in half the lanes, so none idles). Pixels at the border start from the raw
 * bias and accumulate (x - zero_point) * w over the taps that exist. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

/* rvfw_conv_pixel_s8 at LMUL 4, for output channels within half the lanes (a border pixel of the
 * six-pixel path): the same taps, the weights of the lanes unit-stride (HWIO). Not inlined: in the
 * main loop it cost the wide layers' register allocation ~1% (KWS). */
__attribute__((noinline)) static vint32m4_t pixel_m4(const rvfw_conv_params *p, const int8_t *in_batch,
                                                     const int8_t *w, int32_t j_stride, vint32m4_t acc, int32_t y0,
                                                     int32_t x0, size_t vl)
{
    const int32_t in_c = p->in_c, zero_point = -p->input_offset;
    int32_t ky0, ky1, kx0, kx1;
    rvfw_dilated_window(y0, p->k_h, p->dilation_h, p->in_h, &ky0, &ky1);
    rvfw_dilated_window(x0, p->k_w, p->dilation_w, p->in_w, &kx0, &kx1);
    for (int32_t ky = ky0; ky < ky1; ++ky) {
        const int8_t *x = in_batch + ((y0 + ky * p->dilation_h) * p->in_w + x0 + kx0 * p->dilation_w) * in_c;
        const int8_t *wk = w + (ky * p->k_w + kx0) * in_c * j_stride;
        for (int32_t kx = kx0; kx < kx1; ++kx, x += p->dilation_w * in_c) {
            for (int32_t ic = 0; ic < in_c; ++ic, wk += j_stride) {
                const vint16m2_t w16 = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(wk, vl), vl);
                acc = __riscv_vwmacc_vx_i32m4(acc, (int16_t)(x[ic] - zero_point), w16, vl);
            }
        }
    }
    return acc;
}

/* n <= 6 interior pixels from (y0, x0), all output channels in one LMUL-4 vector. */
static void six_pixels_m4(const rvfw_conv_params *p, const int8_t *in_batch, const int8_t *filter_hwio,
                          const int32_t *bias_folded, const int32_t *output_multiplier, const int32_t *output_shift,
                          const rvfw_conv_runs *runs, int32_t y0, int32_t x0, int32_t n, int8_t *out, size_t vl)
{
    const int32_t out_c = p->out_c, in_c = p->in_c;
    vint32m4_t a0 = __riscv_vle32_v_i32m4(bias_folded, vl), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0;
    for (int32_t ky = 0; ky < p->k_h; ++ky) {
        const int8_t *row = in_batch + ((y0 + ky * p->dilation_h) * p->in_w + x0) * in_c;
        for (int32_t r = 0; r < runs->runs_per_row; ++r) {
            const int8_t *x = row + r * p->dilation_w * in_c;
            const int8_t *w = filter_hwio + ((ky * p->k_w + r) * in_c) * out_c;
            rvfw_dot6_m4_s8(&a0, &a1, &a2, &a3, &a4, &a5, x, runs->pixel_step, n, w, runs->run, out_c, vl);
        }
    }
    const vint32m4_t m = __riscv_vle32_v_i32m4(output_multiplier, vl), s = __riscv_vle32_v_i32m4(output_shift, vl);
    const int32_t offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    __riscv_vse8_v_i8m1(out, rvfw_output_m4_s8(a0, m, s, offset, lo, hi, vl), vl);
    if (n > 1)
        __riscv_vse8_v_i8m1(out + out_c, rvfw_output_m4_s8(a1, m, s, offset, lo, hi, vl), vl);
    if (n > 2)
        __riscv_vse8_v_i8m1(out + 2 * out_c, rvfw_output_m4_s8(a2, m, s, offset, lo, hi, vl), vl);
    if (n > 3)
        __riscv_vse8_v_i8m1(out + 3 * out_c, rvfw_output_m4_s8(a3, m, s, offset, lo, hi, vl), vl);
    if (n > 4)
        __riscv_vse8_v_i8m1(out + 4 * out_c, rvfw_output_m4_s8(a4, m, s, offset, lo, hi, vl), vl);
    if (n > 5)
        __riscv_vse8_v_i8m1(out + 5 * out_c, rvfw_output_m4_s8(a5, m, s, offset, lo, hi, vl), vl);
}

void rvfw_conv2d_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio,
                        const int32_t *bias_folded, const int32_t *bias, const int32_t *output_multiplier,
                        const int32_t *output_shift, int8_t *output)
{
    const int32_t out_c = p->out_c, in_c = p->in_c;
    const rvfw_conv_runs runs = rvfw_conv_runs_of(p);
    const int32_t run = runs.run, runs_per_row = runs.runs_per_row, pixel_step = runs.pixel_step;
    const rvfw_interior inside = rvfw_interior_of(p);
    const int32_t ox_lo = inside.ox_lo, ox_hi = inside.ox_hi, span_h = inside.span_h;
    const int narrow = (size_t)out_c <= __riscv_vsetvlmax_e32m4();

    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * p->in_w * in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            const int row_inside = y0 >= 0 && y0 + span_h < p->in_h;
            for (int32_t ox = 0; ox < p->out_w;) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                int8_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                if (!row_inside || ox < ox_lo || ox >= ox_hi) {
                    if (narrow) { /* the exact path at LMUL 4: no lane idles either */
                        const size_t vl = __riscv_vsetvl_e32m4((size_t)out_c);
                        vint32m4_t acc = bias ? __riscv_vle32_v_i32m4(bias, vl) : __riscv_vmv_v_x_i32m4(0, vl);
                        acc = pixel_m4(p, in_batch, filter_hwio, out_c, acc, y0, x0, vl);
                        __riscv_vse8_v_i8m1(out, rvfw_output_m4_s8(acc, __riscv_vle32_v_i32m4(output_multiplier, vl),
                                                                   __riscv_vle32_v_i32m4(output_shift, vl),
                                                                   p->output_offset, p->output_activation_min,
                                                                   p->output_activation_max, vl),
                                            vl);
                        ++ox;
                        continue;
                    }
                    for (int32_t oc0 = 0; oc0 < out_c;) {
                        const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc0));
                        vint32m8_t acc = bias ? __riscv_vle32_v_i32m8(bias + oc0, vl) : __riscv_vmv_v_x_i32m8(0, vl);
                        acc = rvfw_conv_pixel_s8(p, in_batch, filter_hwio + oc0, 1, out_c, acc, y0, x0, 1, vl);
                        rvfw_store_channels_s8(p, acc, output_multiplier + oc0, output_shift + oc0, out + oc0, vl);
                        oc0 += (int32_t)vl;
                    }
                    ++ox;
                    continue;
                }
                if (narrow && ox_hi - ox >= 4) {
                    const int32_t n = ox_hi - ox >= 6 ? 6 : ox_hi - ox;
                    six_pixels_m4(p, in_batch, filter_hwio, bias_folded, output_multiplier, output_shift, &runs, y0,
                                  x0, n, out, __riscv_vsetvl_e32m4((size_t)out_c));
                    ox += n;
                    continue;
                }
                const int32_t pixels = ox_hi - ox >= 3 ? 3 : ox_hi - ox;
                for (int32_t oc0 = 0; oc0 < out_c;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc0));
                    const vint32m8_t bias_v = __riscv_vle32_v_i32m8(bias_folded + oc0, vl);
                    vint32m8_t acc0 = bias_v, acc1 = bias_v, acc2 = bias_v;
                    for (int32_t ky = 0; ky < p->k_h; ++ky) {
                        const int8_t *row = in_batch + ((y0 + ky * p->dilation_h) * p->in_w + x0) * in_c;
                        for (int32_t r = 0; r < runs_per_row; ++r) {
                            const int8_t *x = row + r * p->dilation_w * in_c;
                            const int8_t *w = filter_hwio + oc0 + ((ky * p->k_w + r) * in_c) * out_c;
                            rvfw_dot_pixels_s8(pixels, &acc0, &acc1, &acc2, x, pixel_step, w, run, out_c, vl);
                        }
                    }
                    rvfw_store_pixels_s8(p, pixels, acc0, acc1, acc2, output_multiplier + oc0, output_shift + oc0,
                                         out + oc0, vl);
                    oc0 += (int32_t)vl;
                }
                ox += pixels;
            }
        }
    }
}
