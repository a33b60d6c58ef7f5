/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, int8, RVV 1.0: output channels across vector lanes.
 *
 * Weights arrive transposed to HWIO, so an output pixel is a GEMV over the (kx, ic) runs of
 * each filter row. For pixels whose window lies inside the input, the input offset is folded
 * into the bias at build time (bias_folded = bias + input_offset * sum(w)), leaving a pure
 * int8 dot product, and three neighbouring pixels share each weight load (six at LMUL 4 when the
 * output channels fit in half the lanes, so none idles). Border pixels, two or more at a time,
 * are first copied to im2col columns with the padding taps set to the input's zero point, so the
 * folded bias serves them as well; so is every pixel of a conv whose window rows are short runs
 * (a one-channel input), where per-run loop overhead would cost more than the copy. A lone
 * border pixel (a row's edge) starts from the raw bias and accumulates (x - zero_point) * w over
 * the taps that exist. */
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

/* Where a group of neighbouring pixels reads its taps: `rows` window rows row_step bytes apart,
 * each `runs` runs of `run` contiguous bytes run_step apart, the next pixel pixel_step bytes on.
 * For windows in the input: k_h rows of the input; for im2col columns: one run of the whole
 * window per pixel. Run r of row ky meets the weights at ((ky * k_w * in_c) + r * run) * out_c (HWIO). */
typedef struct {
    ptrdiff_t row_step, run_step;
    int32_t rows, runs, run, pixel_step;
} taps;

static inline taps window_taps(const rvfw_conv_params *p, const rvfw_conv_runs *r)
{
    const taps t = {(ptrdiff_t)p->dilation_h * p->in_w * p->in_c, (ptrdiff_t)p->dilation_w * p->in_c, p->k_h,
                    r->runs_per_row, r->run, r->pixel_step};
    return t;
}

/* n <= 6 pixels, all output channels in one LMUL-4 vector. */
static void six_pixels_m4(const rvfw_conv_params *p, const taps *t, const int8_t *x, const int8_t *filter_hwio,
                          const int32_t *bias_folded, const int32_t *output_multiplier, const int32_t *output_shift,
                          int32_t n, int8_t *out, size_t vl)
{
    const int32_t out_c = p->out_c, row_w = p->k_w * p->in_c;
    vint32m4_t a0 = __riscv_vle32_v_i32m4(bias_folded, vl), a1 = a0, a2 = a0, a3 = a0, a4 = a0, a5 = a0;
    for (int32_t ky = 0; ky < t->rows; ++ky) {
        for (int32_t r = 0; r < t->runs; ++r) {
            const int8_t *w = filter_hwio + (ky * row_w + r * t->run) * out_c;
            rvfw_dot6_m4_s8(&a0, &a1, &a2, &a3, &a4, &a5, x + ky * t->row_step + r * t->run_step, t->pixel_step, n,
                            w, t->run, out_c, vl);
        }
    }
    const vint32m4_t m = __riscv_vle32_v_i32m4(output_multiplier, vl), s = __riscv_vle32_v_i32m4(output_shift, vl);
    const int32_t offset = p->output_offset, lo = p->output_activation_min, hi = p->output_activation_max;
    const int right_only = p->right_shifts_only;
    __riscv_vse8_v_i8m1(out, rvfw_output_m4_s8(a0, m, s, right_only, offset, lo, hi, vl), vl);
    if (n > 1)
        __riscv_vse8_v_i8m1(out + out_c, rvfw_output_m4_s8(a1, m, s, right_only, offset, lo, hi, vl), vl);
    if (n > 2)
        __riscv_vse8_v_i8m1(out + 2 * out_c, rvfw_output_m4_s8(a2, m, s, right_only, offset, lo, hi, vl), vl);
    if (n > 3)
        __riscv_vse8_v_i8m1(out + 3 * out_c, rvfw_output_m4_s8(a3, m, s, right_only, offset, lo, hi, vl), vl);
    if (n > 4)
        __riscv_vse8_v_i8m1(out + 4 * out_c, rvfw_output_m4_s8(a4, m, s, right_only, offset, lo, hi, vl), vl);
    if (n > 5)
        __riscv_vse8_v_i8m1(out + 5 * out_c, rvfw_output_m4_s8(a5, m, s, right_only, offset, lo, hi, vl), vl);
}

/* n <= 3 pixels, the output channels LMUL-8 vectors at a time. */
static void three_pixels(const rvfw_conv_params *p, const taps *t, const int8_t *x, const int8_t *filter_hwio,
                         const int32_t *bias_folded, const int32_t *output_multiplier, const int32_t *output_shift,
                         int32_t n, int8_t *out)
{
    const int32_t out_c = p->out_c, row_w = p->k_w * p->in_c;
    for (int32_t oc0 = 0; oc0 < out_c;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc0));
        const vint32m8_t bias_v = __riscv_vle32_v_i32m8(bias_folded + oc0, vl);
        vint32m8_t acc0 = bias_v, acc1 = bias_v, acc2 = bias_v;
        for (int32_t ky = 0; ky < t->rows; ++ky) {
            for (int32_t r = 0; r < t->runs; ++r) {
                const int8_t *w = filter_hwio + oc0 + (ky * row_w + r * t->run) * out_c;
                rvfw_dot_pixels_s8(n, &acc0, &acc1, &acc2, x + ky * t->row_step + r * t->run_step, t->pixel_step, w,
                                   t->run, out_c, vl);
            }
        }
        rvfw_store_pixels_s8(p, n, acc0, acc1, acc2, output_multiplier + oc0, output_shift + oc0, out + oc0, vl);
        oc0 += (int32_t)vl;
    }
}

/* n input bytes to dst, or n copies of `fill` where src is NULL (taps in the padding). Short
 * runs (a one-channel input's window rows) byte by byte; longer ones by vector at LMUL 1, or 4
 * past one register (an LMUL-8 move of four bytes would hold the unit for eight groups). */
static inline int8_t *put_bytes(int8_t *dst, const int8_t *src, int8_t fill, int32_t n)
{
    if (n < 4) {
        for (int32_t k = 0; k < n; ++k)
            dst[k] = src ? src[k] : fill;
        return dst + n;
    }
    const int wide = (size_t)n > __riscv_vsetvlmax_e8m1();
    for (size_t vl; n > 0; n -= (int32_t)vl, dst += vl) {
        if (wide) {
            vl = __riscv_vsetvl_e8m4((size_t)n);
            __riscv_vse8_v_i8m4(dst, src ? __riscv_vle8_v_i8m4(src, vl) : __riscv_vmv_v_x_i8m4(fill, vl), vl);
        } else {
            vl = __riscv_vsetvl_e8m1((size_t)n);
            __riscv_vse8_v_i8m1(dst, src ? __riscv_vle8_v_i8m1(src, vl) : __riscv_vmv_v_x_i8m1(fill, vl), vl);
        }
        if (src)
            src += vl;
    }
    return dst;
}

/* The windows of pixels first .. first + n - 1 (flattened over batch, row and column) as im2col
 * columns, taps in filter order, those in the padding set to the input's zero point: with the
 * folded bias that makes (x + input_offset) * w zero there, as the reference's skipped taps. A
 * window row inside the input and at most one register wide is one load and one store. */
static void to_columns(const rvfw_conv_params *p, const int8_t *input, int32_t first, int32_t n, int8_t *col)
{
    /* in locals: the column stores may alias *p as far as the compiler knows */
    const int32_t in_c = p->in_c, row_w = p->k_w * in_c, k_h = p->k_h, in_h = p->in_h, dilation_h = p->dilation_h;
    const ptrdiff_t row_step = (ptrdiff_t)dilation_h * p->in_w * in_c;
    const int8_t zero_point = (int8_t)-p->input_offset;
    const int one_register = (size_t)row_w <= __riscv_vsetvlmax_e8m1();
    for (int32_t pixel = first; pixel < first + n; ++pixel) {
        const int32_t ox = pixel % p->out_w, oy = pixel / p->out_w % p->out_h, b = pixel / (p->out_w * p->out_h);
        const int8_t *in_batch = input + b * p->in_h * p->in_w * in_c;
        const int32_t y0 = oy * p->stride_h - p->pad_h, x0 = ox * p->stride_w - p->pad_w;
        const int across = p->dilation_w == 1 && x0 >= 0 && x0 + p->k_w <= p->in_w;
        const int8_t *row = in_batch + (y0 * p->in_w + x0) * in_c;
        if (p->dilation_w == 1 && one_register) {
            /* one register per window row; lanes of columns outside the input keep the zero point */
            const size_t vl = __riscv_vsetvl_e8m1((size_t)row_w);
            const vint8m1_t padding = __riscv_vmv_v_x_i8m1(zero_point, vl);
            /* the row's bytes [lo, hi) are inside: lane - lo < hi - lo, unsigned (both below row_w) */
            const int32_t lo = x0 < 0 ? -x0 * in_c : 0, right = (p->in_w - x0) * in_c;
            const int32_t hi = right < row_w ? right : row_w;
            const vuint8m1_t lane = __riscv_vsub_vx_u8m1(__riscv_vid_v_u8m1(vl), (uint8_t)lo, vl);
            const vbool8_t valid = __riscv_vmsltu_vx_u8m1_b8(lane, (uint8_t)(hi > lo ? hi - lo : 0), vl);
            for (int32_t ky = 0, y = y0; ky < k_h; ++ky, y += dilation_h, row += row_step, col += row_w) {
                vint8m1_t v = padding;
                if ((uint32_t)y < (uint32_t)in_h)
                    v = across ? __riscv_vle8_v_i8m1(row, vl) : __riscv_vle8_v_i8m1_mu(valid, padding, row, vl);
                __riscv_vse8_v_i8m1(col, v, vl);
            }
            continue;
        }
        for (int32_t ky = 0, y = y0; ky < k_h; ++ky, y += dilation_h, row += row_step) {
            if ((uint32_t)y >= (uint32_t)in_h) {
                col = put_bytes(col, NULL, zero_point, row_w);
            } else if (across) {
                col = put_bytes(col, row, zero_point, row_w);
            } else {
                for (int32_t kx = 0; kx < p->k_w; ++kx) {
                    const int32_t xx = x0 + kx * p->dilation_w;
                    col = put_bytes(col, xx >= 0 && xx < p->in_w ? row + (xx - x0) * in_c : NULL, zero_point, in_c);
                }
            }
        }
    }
}

/* n <= group pixels from `first` on columns: the folded bias serves them all. */
static void column_pixels(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio,
                          const int32_t *bias_folded, const int32_t *output_multiplier, const int32_t *output_shift,
                          int32_t first, int32_t n, int narrow, int8_t *col, int8_t *output)
{
    const int32_t filter_size = p->k_h * p->k_w * p->in_c;
    const taps columns = {0, 0, 1, 1, filter_size, filter_size};
    int8_t *out = output + first * p->out_c;
    to_columns(p, input, first, n, col);
    if (narrow && n >= 4) /* fewer: the LMUL-8 form, which computes no repeated pixels */
        six_pixels_m4(p, &columns, col, filter_hwio, bias_folded, output_multiplier, output_shift, n, out,
                      __riscv_vsetvl_e32m4((size_t)p->out_c));
    else
        three_pixels(p, &columns, col, filter_hwio, bias_folded, output_multiplier, output_shift, n, out);
}

/* The exact path of a pixel without columns: the raw bias, taps in the padding skipped. */
static void exact_pixel(const rvfw_conv_params *p, const int8_t *in_batch, const int8_t *filter_hwio,
                        const int32_t *bias, const int32_t *output_multiplier, const int32_t *output_shift, int32_t y0,
                        int32_t x0, int narrow, int8_t *out)
{
    const int32_t out_c = p->out_c;
    if (narrow) { /* at LMUL 4: no lane idles either */
        const size_t vl = __riscv_vsetvl_e32m4((size_t)out_c);
        vint32m4_t acc = bias ? __riscv_vle32_v_i32m4(bias, vl) : __riscv_vmv_v_x_i32m4(0, vl);
        acc = pixel_m4(p, in_batch, filter_hwio, out_c, acc, y0, x0, vl);
        __riscv_vse8_v_i8m1(out, rvfw_output_m4_s8(acc, __riscv_vle32_v_i32m4(output_multiplier, vl),
                                                   __riscv_vle32_v_i32m4(output_shift, vl), p->right_shifts_only,
                                                   p->output_offset,
                                                   p->output_activation_min, p->output_activation_max, vl),
                            vl);
        return;
    }
    for (int32_t oc0 = 0; oc0 < out_c;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(out_c - oc0));
        vint32m8_t acc = bias ? __riscv_vle32_v_i32m8(bias + oc0, vl) : __riscv_vmv_v_x_i32m8(0, vl);
        acc = rvfw_conv_pixel_s8(p, in_batch, filter_hwio + oc0, 1, out_c, acc, y0, x0, 1, vl);
        rvfw_store_channels_s8(p, acc, output_multiplier + oc0, output_shift + oc0, out + oc0, vl);
        oc0 += (int32_t)vl;
    }
}

/* col: spare scratch for RVFW_CONV_RVV_COLUMNS im2col columns, or NULL: then the output's tail
 * holds them while no pixel's output reaches it, and later pixels do without. */
RVFW_KERNEL void rvfw_conv2d_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter_hwio,
                        const int32_t *bias_folded, const int32_t *bias, const int32_t *output_multiplier,
                        const int32_t *output_shift, int8_t *output, int8_t *col)
{
    const int32_t out_c = p->out_c, in_c = p->in_c;
    const rvfw_conv_runs runs = rvfw_conv_runs_of(p);
    const rvfw_interior inside = rvfw_interior_of(p);
    const int32_t ox_lo = inside.ox_lo, ox_hi = inside.ox_hi, span_h = inside.span_h;
    const int narrow = (size_t)out_c <= __riscv_vsetvlmax_e32m4();
    const int32_t group = narrow ? RVFW_CONV_RVV_COLUMNS : 3; /* pixels sharing each weight load */
    const taps window = window_taps(p, &runs);
    /* Pixels [0, col_end) (flattened) may use columns: all of them with spare scratch, else those
     * whose outputs end before the columns in the output's tail. */
    const int32_t pixels = p->batches * p->out_h * p->out_w;
    const int32_t col_bytes = group * p->k_h * p->k_w * in_c;
    int32_t col_end = pixels;
    if (!col) {
        const int32_t free_bytes = pixels * out_c - col_bytes;
        col_end = free_bytes > 0 ? free_bytes / out_c : 0;
        col = col_end ? output + free_bytes : NULL;
    }
    int32_t px = 0;
    /* Short runs (window rows of few bytes: a one-channel input, say) cost the dot loop's overhead
     * on every run of every pixel: such convolutions run every pixel on columns, in groups that
     * span output rows. */
    if (runs.run < RVFW_CONV_RVV_SHORT_RUN && p->k_h * runs.runs_per_row > 1) {
        while (px < col_end) {
            const int32_t n = col_end - px < group ? col_end - px : group;
            column_pixels(p, input, filter_hwio, bias_folded, output_multiplier, output_shift, px, n, narrow, col,
                          output);
            px += n;
        }
    }

    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * p->in_w * in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            const int row_inside = y0 >= 0 && y0 + span_h < p->in_h;
            const int32_t first = (b * p->out_h + oy) * p->out_w;
            /* the pixels the column loop above did not reach */
            const int32_t done = px - first;
            for (int32_t ox = done < 0 ? 0 : done > p->out_w ? p->out_w : done; ox < p->out_w;) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                int8_t *out = output + (first + ox) * out_c;
                if (!row_inside || ox < ox_lo || ox >= ox_hi) {
                    /* Border pixels of this row, up to a group, on columns where two or more share
                     * the weights; a lone one (the left or right edge of a row) costs less on the
                     * exact path than copied. */
                    int32_t n = 1;
                    while (n < group && ox + n < p->out_w && first + ox + n < col_end &&
                           (!row_inside || ox + n < ox_lo || ox + n >= ox_hi))
                        ++n;
                    if (n > 1) {
                        column_pixels(p, input, filter_hwio, bias_folded, output_multiplier, output_shift, first + ox,
                                      n, narrow, col, output);
                        ox += n;
                        continue;
                    }
                    exact_pixel(p, in_batch, filter_hwio, bias, output_multiplier, output_shift, y0, x0, narrow, out);
                    ++ox;
                    continue;
                }
                const int8_t *x = in_batch + (y0 * p->in_w + x0) * in_c;
                if (narrow && ox_hi - ox >= 4) {
                    const int32_t n = ox_hi - ox >= 6 ? 6 : ox_hi - ox;
                    six_pixels_m4(p, &window, x, filter_hwio, bias_folded, output_multiplier, output_shift, n, out,
                                  __riscv_vsetvl_e32m4((size_t)out_c));
                    ox += n;
                    continue;
                }
                const int32_t n = ox_hi - ox >= 3 ? 3 : ox_hi - ox;
                three_pixels(p, &window, x, filter_hwio, bias_folded, output_multiplier, output_shift, n, out);
                ox += n;
            }
        }
    }
}
