/* CONV_2D, int8: fast portable C for cores without a vector unit.
 *
 * Same arithmetic as the reference, arranged for fewer instructions per MAC: the input offset
 * is folded into the bias at build time (bias_folded = bias + input_offset * sum(w)) so the
 * inner loop multiplies raw int8 values, and a 2x2 register block (two output pixels by two
 * output channels) uses every loaded byte twice. Pixels whose window crosses the border start
 * from the raw bias and accumulate (x + input_offset) * w over the taps that exist, two
 * output channels at a time. A pointwise convolution (1x1, stride 1, the bulk of MobileNet-style
 * models) is a matrix product over contiguous rows and gets its own loop: four pixels by two
 * channels, each loaded weight used four times, no window arithmetic. */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_requant.h"

static inline int8_t finish(const rvfw_conv_params *p, int32_t acc, int32_t multiplier, int32_t shift)
{
    return RVFW_OUTPUT_S8(p, acc, multiplier, shift);
}

/* Four accumulators over one contiguous run: a* for channel a, b* for channel b; *0 for the
 * first pixel, *1 for the second. */
static inline __attribute__((always_inline)) void run_2x2(const int8_t *x0, const int8_t *x1, const int8_t *wa, const int8_t *wb, int32_t n,
                           int32_t *a0, int32_t *a1, int32_t *b0, int32_t *b1)
{
    int32_t sa0 = *a0, sa1 = *a1, sb0 = *b0, sb1 = *b1;
    const int8_t *end = x0 + (n & ~3);
#define RVFW_MAC4(k)                                            \
    do {                                                        \
        const int32_t p0 = x0[k], p1 = x1[k], ua = wa[k], ub = wb[k]; \
        sa0 += p0 * ua;                                         \
        sa1 += p1 * ua;                                         \
        sb0 += p0 * ub;                                         \
        sb1 += p1 * ub;                                         \
    } while (0)
    for (; x0 < end; x0 += 4, x1 += 4, wa += 4, wb += 4) {
        RVFW_MAC4(0);
        RVFW_MAC4(1);
        RVFW_MAC4(2);
        RVFW_MAC4(3);
    }
    for (int32_t k = 0; k < (n & 3); ++k)
        RVFW_MAC4(k);
#undef RVFW_MAC4
    *a0 = sa0;
    *a1 = sa1;
    *b0 = sb0;
    *b1 = sb1;
}

/* Eight accumulators, four pixels (runs x0 + i * step) by two channels (weight runs wa, wb), over
 * n bytes: 6 loads, 8 multiplies and 8 adds per step, the pointers moved every 4 steps. */
static inline __attribute__((always_inline)) void run_4x2(const int8_t *x0, int32_t step, int32_t n,
                                                          const int8_t *wa, const int8_t *wb, int32_t acc[8])
{
    const int8_t *x1 = x0 + step, *x2 = x1 + step, *x3 = x2 + step;
    int32_t a0 = acc[0], a1 = acc[1], a2 = acc[2], a3 = acc[3];
    int32_t b0 = acc[4], b1 = acc[5], b2 = acc[6], b3 = acc[7];
    const int8_t *end = x0 + (n & ~3);
#define RVFW_MAC8(k)                                                                                                  \
    do {                                                                                                              \
        const int32_t ua = wa[k], ub = wb[k], p0 = x0[k], p1 = x1[k], p2 = x2[k], p3 = x3[k];                       \
        a0 += p0 * ua;                                                                                                \
        a1 += p1 * ua;                                                                                                \
        a2 += p2 * ua;                                                                                                \
        a3 += p3 * ua;                                                                                                \
        b0 += p0 * ub;                                                                                                \
        b1 += p1 * ub;                                                                                                \
        b2 += p2 * ub;                                                                                                \
        b3 += p3 * ub;                                                                                                \
    } while (0)
    for (; x0 < end; x0 += 4, x1 += 4, x2 += 4, x3 += 4, wa += 4, wb += 4) {
        RVFW_MAC8(0);
        RVFW_MAC8(1);
        RVFW_MAC8(2);
        RVFW_MAC8(3);
    }
    for (int32_t k = 0; k < (n & 3); ++k)
        RVFW_MAC8(k);
#undef RVFW_MAC8
    acc[0] = a0, acc[1] = a1, acc[2] = a2, acc[3] = a3;
    acc[4] = b0, acc[5] = b1, acc[6] = b2, acc[7] = b3;
}

/* The outputs of a 4x2 block: pixels 0-3 (out_c apart) of channels oc (acc[0..3]) and oc1 (acc[4..7]). */
static inline __attribute__((always_inline)) void store_4x2(const rvfw_conv_params *p, int8_t *out, int32_t out_c,
                                                            int32_t oc, int32_t oc1, const int32_t acc[8],
                                                            const int32_t *output_multiplier,
                                                            const int32_t *output_shift)
{
    const int32_t ma = output_multiplier[oc], sa = output_shift[oc];
    const int32_t mb = output_multiplier[oc1], sb = output_shift[oc1];
    for (int32_t i = 0; i < 4; ++i) {
        out[i * out_c + oc] = finish(p, acc[i], ma, sa);
        out[i * out_c + oc1] = finish(p, acc[4 + i], mb, sb);
    }
}

/* 1x1, stride 1, no padding: out[pixel][oc] = requantise(bias_folded[oc] + x[pixel] . w[oc]). */
/* No pre-RA scheduling: hoisting all 24 loads of an unrolled step first spills accumulators on RV32. */
__attribute__((noinline, optimize("no-schedule-insns"))) static void pointwise(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                      const int32_t *bias_folded, const int32_t *output_multiplier, const int32_t *output_shift,
                      int8_t *output)
{
    const int32_t n = p->in_c, out_c = p->out_c, pixels = p->batches * p->out_h * p->out_w;
    int32_t px = 0;
    for (; px + 4 <= pixels; px += 4) {
        const int8_t *x = input + px * n;
        int8_t *out = output + px * out_c;
        for (int32_t oc = 0; oc < out_c; oc += 2) {
            const int32_t oc1 = oc + 1 < out_c ? oc + 1 : oc;
            const int32_t ba = bias_folded[oc], bb = bias_folded[oc1];
            int32_t acc[8] = {ba, ba, ba, ba, bb, bb, bb, bb};
            run_4x2(x, n, n, filter + oc * n, filter + oc1 * n, acc);
            store_4x2(p, out, out_c, oc, oc1, acc, output_multiplier, output_shift);
        }
    }
    for (; px < pixels; px += 2) { /* the last one to three pixels, two at a time */
        const int32_t two = px + 1 < pixels;
        const int8_t *x0 = input + px * n, *x1 = two ? x0 + n : x0;
        int8_t *out = output + px * out_c;
        for (int32_t oc = 0; oc < out_c; oc += 2) {
            const int32_t oc1 = oc + 1 < out_c ? oc + 1 : oc;
            int32_t a0 = bias_folded[oc], a1 = a0, b0 = bias_folded[oc1], b1 = b0;
            run_2x2(x0, x1, filter + oc * n, filter + oc1 * n, n, &a0, &a1, &b0, &b1);
            out[oc] = finish(p, a0, output_multiplier[oc], output_shift[oc]);
            out[oc1] = finish(p, b0, output_multiplier[oc1], output_shift[oc1]);
            if (two) {
                out[out_c + oc] = finish(p, a1, output_multiplier[oc], output_shift[oc]);
                out[out_c + oc1] = finish(p, b1, output_multiplier[oc1], output_shift[oc1]);
            }
        }
    }
}

/* A border pixel, channels a and b: (x + input_offset) * w over the taps inside the input, found
 * once per pixel. Without horizontal dilation a window row's taps are one contiguous run. */
static void border_2(const rvfw_conv_params *p, const int8_t *in_batch, const int8_t *wa, const int8_t *wb,
                     int32_t y0, int32_t x0, int32_t *acc_a, int32_t *acc_b)
{
    const int32_t in_c = p->in_c, offset = p->input_offset;
    int32_t ky0, ky1, kx0, kx1;
    rvfw_dilated_window(y0, p->k_h, p->dilation_h, p->in_h, &ky0, &ky1);
    rvfw_dilated_window(x0, p->k_w, p->dilation_w, p->in_w, &kx0, &kx1);
    const int32_t run = p->dilation_w == 1 ? (kx1 - kx0) * in_c : in_c;
    const int32_t runs = p->dilation_w == 1 ? (kx1 > kx0) : kx1 - kx0;
    int32_t sa = *acc_a, sb = *acc_b;
    for (int32_t ky = ky0; ky < ky1; ++ky) {
        for (int32_t r = 0; r < runs; ++r) {
            const int32_t kx = kx0 + r;
            const int8_t *x = in_batch + ((y0 + ky * p->dilation_h) * p->in_w + x0 + kx * p->dilation_w) * in_c;
            const int32_t tap = (ky * p->k_w + kx) * in_c;
            const int8_t *a = wa + tap, *b = wb + tap;
            for (int32_t i = 0; i < run; ++i) {
                const int32_t v = x[i] + offset;
                sa += v * a[i];
                sb += v * b[i];
            }
        }
    }
    *acc_a = sa;
    *acc_b = sb;
}

/* No pre-RA scheduling (see pointwise). */
__attribute__((optimize("no-schedule-insns"))) void rvfw_conv2d_s8_scalar(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                           const int32_t *bias_folded, const int32_t *bias, const int32_t *output_multiplier,
                           const int32_t *output_shift, int8_t *output)
{
    if (p->k_h == 1 && p->k_w == 1 && p->stride_h == 1 && p->stride_w == 1 && p->pad_h == 0 && p->pad_w == 0 &&
        p->out_h == p->in_h && p->out_w == p->in_w) {
        pointwise(p, input, filter, bias_folded, output_multiplier, output_shift, output);
        return;
    }
    const int32_t in_c = p->in_c, out_c = p->out_c, filter_size = p->k_h * p->k_w * in_c;
    const rvfw_conv_runs runs = rvfw_conv_runs_of(p);
    const int32_t run = runs.run, runs_per_row = runs.runs_per_row, pixel_step = runs.pixel_step;
    const rvfw_interior inside = rvfw_interior_of(p);
    const int32_t ox_lo = inside.ox_lo, ox_hi = inside.ox_hi, span_h = inside.span_h;

    for (int32_t b = 0; b < p->batches; ++b) {
        const int8_t *in_batch = input + b * p->in_h * p->in_w * in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            const int32_t y0 = oy * p->stride_h - p->pad_h;
            const int row_inside = y0 >= 0 && y0 + span_h < p->in_h;
            for (int32_t ox = 0; ox < p->out_w;) {
                const int32_t x0 = ox * p->stride_w - p->pad_w;
                int8_t *out = output + ((b * p->out_h + oy) * p->out_w + ox) * out_c;
                if (!row_inside || ox < ox_lo || ox >= ox_hi) {
                    for (int32_t oc = 0; oc < out_c; oc += 2) {
                        const int32_t oc1 = oc + 1 < out_c ? oc + 1 : oc;
                        int32_t acc_a = bias ? bias[oc] : 0, acc_b = bias ? bias[oc1] : 0;
                        border_2(p, in_batch, filter + oc * filter_size, filter + oc1 * filter_size, y0, x0, &acc_a,
                                 &acc_b);
                        out[oc] = finish(p, acc_a, output_multiplier[oc], output_shift[oc]);
                        out[oc1] = finish(p, acc_b, output_multiplier[oc1], output_shift[oc1]);
                    }
                    ++ox;
                    continue;
                }
                const int8_t *xrow0 = in_batch + (y0 * p->in_w + x0) * in_c;
                if (ox + 3 < ox_hi) { /* four interior pixels: each loaded weight used four times */
                    for (int32_t oc = 0; oc < out_c; oc += 2) {
                        const int32_t oc1 = oc + 1 < out_c ? oc + 1 : oc;
                        const int32_t ba = bias_folded[oc], bb = bias_folded[oc1];
                        int32_t acc[8] = {ba, ba, ba, ba, bb, bb, bb, bb};
                        for (int32_t ky = 0; ky < p->k_h; ++ky) {
                            const int32_t row_off = ky * p->dilation_h * p->in_w * in_c;
                            for (int32_t r = 0; r < runs_per_row; ++r) {
                                const int32_t x_off = row_off + r * p->dilation_w * in_c;
                                const int32_t w_off = (ky * p->k_w + r) * in_c;
                                run_4x2(xrow0 + x_off, pixel_step, run, filter + oc * filter_size + w_off,
                                        filter + oc1 * filter_size + w_off, acc);
                            }
                        }
                        store_4x2(p, out, out_c, oc, oc1, acc, output_multiplier, output_shift);
                    }
                    ox += 4;
                    continue;
                }
                const int32_t pixels = ox + 1 < ox_hi ? 2 : 1;
                const int8_t *xrow1 = xrow0 + (pixels == 2 ? pixel_step : 0);
                for (int32_t oc = 0; oc < out_c; oc += 2) {
                    const int32_t oc1 = oc + 1 < out_c ? oc + 1 : oc;
                    int32_t a0 = bias_folded[oc], a1 = a0, b0 = bias_folded[oc1], b1 = b0;
                    for (int32_t ky = 0; ky < p->k_h; ++ky) {
                        const int32_t row_off = ky * p->dilation_h * p->in_w * in_c;
                        for (int32_t r = 0; r < runs_per_row; ++r) {
                            const int32_t x_off = row_off + r * p->dilation_w * in_c;
                            const int32_t w_off = (ky * p->k_w + r) * in_c;
                            run_2x2(xrow0 + x_off, xrow1 + x_off, filter + oc * filter_size + w_off,
                                    filter + oc1 * filter_size + w_off, run, &a0, &a1, &b0, &b1);
                        }
                    }
                    out[oc] = finish(p, a0, output_multiplier[oc], output_shift[oc]);
                    out[oc1] = finish(p, b0, output_multiplier[oc1], output_shift[oc1]);
                    if (pixels == 2) {
                        out[out_c + oc] = finish(p, a1, output_multiplier[oc], output_shift[oc]);
                        out[out_c + oc1] = finish(p, b1, output_multiplier[oc1], output_shift[oc1]);
                    }
                }
                ox += pixels;
            }
        }
    }
}
