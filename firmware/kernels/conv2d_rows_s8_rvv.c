/* SPDX-License-Identifier: Apache-2.0 */
/* CONV_2D, int8, RVV 1.0, output pixels of a row across vector lanes: for layers with few
 * output channels and wide rows (where channel lanes would sit idle).
 *
 * The input offset is folded into the bias at build time, so lanes multiply raw int8 inputs,
 * and a tap outside the input must contribute zero_point * w instead: whole filter rows above
 * or below the input add it as a scalar, and the few output columns whose window crosses the
 * left or right edge are computed one pixel at a time with channels across lanes. The columns
 * in between share each input load among three output channels. Weights stay OHWI.
 *
 * With a run table (`chunks`, ops.conv2d.pair_chunks: rows that fill the lanes, small weights),
 * the int16 form instead: every column in lanes (the padding's lanes load the zero point), two
 * channels per input load, and each run of taps whose products provably sum inside int16 done at
 * e8 x e8 -> e16, widened into the int32 accumulators once per run: half the vector work of
 * widening every product (IC's 3x3 layers: 0.44 -> 0.39 est. cycles/MAC). */
#include "rvfw_band.h"
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

typedef struct {
    const rvfw_conv_params *p;
    const int8_t *in_batch;
    const int8_t *filter;
    const int32_t *bias_folded, *multiplier, *shift;
    int8_t *out_row;
    int32_t y0;
    const uint8_t *chunks;
} row_ctx;

/* Add the channel's constant, requantise, and store the lanes to consecutive pixels of one channel. */
static inline void store_channel(const row_ctx *r, vint32m8_t acc, int32_t oc, int32_t outside, int32_t ox0,
                                 size_t vl)
{
    const rvfw_conv_params *p = r->p;
    acc = __riscv_vadd_vx_i32m8(acc, r->bias_folded[oc] + outside, vl);
    acc = rvfw_requantize_vx(acc, r->multiplier[oc], r->shift[oc], vl);
    __riscv_vsse8_v_i8m2(r->out_row + ox0 * p->out_c + oc, p->out_c,
                         rvfw_narrow_s8(acc, p->output_offset, p->output_activation_min, p->output_activation_max, vl),
                         vl);
}

/* zero_point * (sum of the channel's weights in filter row ky): the contribution of a row outside the input. */
static inline int32_t outside_row(const row_ctx *r, const int8_t *w, int32_t ky)
{
    const int32_t taps = r->p->k_w * r->p->in_c;
    int32_t sum = 0;
    for (int32_t j = ky * taps; j < (ky + 1) * taps; ++j)
        sum += w[j];
    return -r->p->input_offset * sum;
}

/* Columns whose windows all lie inside the input horizontally: three channels per input load. */
static void inner_columns(const row_ctx *r, int32_t ox0, size_t vl)
{
    const rvfw_conv_params *p = r->p;
    const int32_t in_c = p->in_c, filter_size = p->k_h * p->k_w * in_c;
    const ptrdiff_t x_stride = (ptrdiff_t)p->stride_w * in_c;
    const int32_t x0 = ox0 * p->stride_w - p->pad_w;
    for (int32_t oc0 = 0; oc0 < p->out_c; oc0 += 3) {
        const int32_t nb = p->out_c - oc0 < 3 ? p->out_c - oc0 : 3;
        const int8_t *w0 = r->filter + oc0 * filter_size;
        const int8_t *w1 = nb > 1 ? w0 + filter_size : w0;
        const int8_t *w2 = nb > 2 ? w1 + filter_size : w1;
        int32_t outside0 = 0, outside1 = 0, outside2 = 0;
        vint32m8_t acc0 = __riscv_vmv_v_x_i32m8(0, vl), acc1 = acc0, acc2 = acc0;
        for (int32_t ky = 0; ky < p->k_h; ++ky) {
            const int32_t iy = r->y0 + ky * p->dilation_h;
            if (iy < 0 || iy >= p->in_h) {
                outside0 += outside_row(r, w0, ky);
                outside1 += outside_row(r, w1, ky);
                outside2 += outside_row(r, w2, ky);
                continue;
            }
            for (int32_t kx = 0; kx < p->k_w; ++kx) {
                const int8_t *x = r->in_batch + (iy * p->in_w + x0 + kx * p->dilation_w) * in_c;
                const int32_t j0 = (ky * p->k_w + kx) * in_c;
                for (int32_t ic = 0; ic < in_c; ++ic) {
                    const vint16m4_t x16 = __riscv_vsext_vf2_i16m4(__riscv_vlse8_v_i8m2(x + ic, x_stride, vl), vl);
                    acc0 = __riscv_vwmacc_vx_i32m8(acc0, w0[j0 + ic], x16, vl);
                    acc1 = __riscv_vwmacc_vx_i32m8(acc1, w1[j0 + ic], x16, vl);
                    acc2 = __riscv_vwmacc_vx_i32m8(acc2, w2[j0 + ic], x16, vl);
                }
            }
        }
        store_channel(r, acc0, oc0, outside0, ox0, vl);
        if (nb > 1)
            store_channel(r, acc1, oc0 + 1, outside1, ox0, vl);
        if (nb > 2)
            store_channel(r, acc2, oc0 + 2, outside2, ox0, vl);
    }
}

/* A window row's n taps (runs of `*ch` taps each) for two channels: each run summed at
 * e8 x e8 -> e16 and widened into the accumulators once. A run is unrolled (its taps' weights at
 * immediate offsets); `masked`: lanes outside `valid` read the zero point (the padding). */
static inline __attribute__((always_inline)) void pair_taps(const int8_t *x, ptrdiff_t x_stride, const int8_t *a,
                                                            const int8_t *b, int32_t n, const uint8_t **ch,
                                                            vint32m8_t *acc0, vint32m8_t *acc1, vint8m2_t zero_point,
                                                            vbool4_t valid, const int masked, size_t vl)
{
#define LOAD_X(at)                                                                                                \
    (masked ? __riscv_vmerge_vvm_i8m2(zero_point, __riscv_vlse8_v_i8m2_m(valid, (at), x_stride, vl), valid, vl)   \
            : __riscv_vlse8_v_i8m2((at), x_stride, vl))
#define TAP(j)                                                                                                    \
    do {                                                                                                          \
        const vint8m2_t xj = LOAD_X(x + (j));                                                                     \
        s0 = __riscv_vwmacc_vx_i16m4(s0, a[j], xj, vl);                                                           \
        s1 = __riscv_vwmacc_vx_i16m4(s1, b[j], xj, vl);                                                           \
    } while (0)
    for (int32_t t = 0; t < n;) {
        const int32_t k = *(*ch)++;
        const vint8m2_t x0 = LOAD_X(x);
        vint16m4_t s0 = __riscv_vwmul_vx_i16m4(x0, a[0], vl), s1 = __riscv_vwmul_vx_i16m4(x0, b[0], vl);
        switch (k) { /* runs of at most 8 taps (ops.conv2d.I16_MAX_RUN) */
        case 8: TAP(7); /* fall through */
        case 7: TAP(6); /* fall through */
        case 6: TAP(5); /* fall through */
        case 5: TAP(4); /* fall through */
        case 4: TAP(3); /* fall through */
        case 3: TAP(2); /* fall through */
        case 2: TAP(1); /* fall through */
        default: break;
        }
        *acc0 = __riscv_vwadd_wv_i32m8(*acc0, s0, vl);
        *acc1 = __riscv_vwadd_wv_i32m8(*acc1, s1, vl);
        x += k, a += k, b += k, t += k;
    }
#undef TAP
#undef LOAD_X
}

/* inner_columns with int16 partial sums, over every column of the row: two channels per input
 * load; each run of `chunks` taps (bounded so that the pair's sums of int8 products stay inside
 * int16 for any input) summed at e8 x e8 -> e16 and widened once per run; lanes whose tap falls in
 * the left or right padding read the zero point (the folded bias expects it). */
__attribute__((noinline)) static void inner_columns_i16(const row_ctx *r, int32_t ox0, size_t vl)
{
    const rvfw_conv_params *p = r->p;
    const int32_t in_c = p->in_c, filter_size = p->k_h * p->k_w * in_c, row_taps = p->k_w * in_c;
    const ptrdiff_t x_stride = (ptrdiff_t)p->stride_w * in_c;
    const int32_t x0 = ox0 * p->stride_w - p->pad_w;
    const uint8_t *ch = r->chunks;
    const vint8m2_t zero_point = __riscv_vmv_v_x_i8m2((int8_t)-p->input_offset, vl);
    /* per filter column, the lanes [lo, hi) that read input columns; the others (the padding)
     * read the zero point */
    int32_t lo[RVFW_CONV_ROWS_I16_MAX_KW], hi[RVFW_CONV_ROWS_I16_MAX_KW];
    for (int32_t kx = 0; kx < p->k_w; ++kx) {
        const int32_t base = x0 + kx * p->dilation_w, sw = p->stride_w, lanes = (int32_t)vl;
        const int32_t lo_raw = base < 0 ? (-base + sw - 1) / sw : 0, right = p->in_w - base;
        const int32_t hi_raw = right > 0 ? (right + sw - 1) / sw : 0;
        lo[kx] = lo_raw < lanes ? lo_raw : lanes;
        hi[kx] = hi_raw < lo[kx] ? lo[kx] : hi_raw > lanes ? lanes : hi_raw;
    }
    for (int32_t oc0 = 0; oc0 < p->out_c; oc0 += 2) {
        const int32_t nb = p->out_c - oc0 < 2 ? p->out_c - oc0 : 2;
        const int8_t *w0 = r->filter + oc0 * filter_size;
        const int8_t *w1 = nb > 1 ? w0 + filter_size : w0;
        int32_t outside0 = 0, outside1 = 0;
        vint32m8_t acc0 = __riscv_vmv_v_x_i32m8(0, vl), acc1 = acc0;
        for (int32_t ky = 0; ky < p->k_h; ++ky) {
            const int32_t iy = r->y0 + ky * p->dilation_h;
            if (iy < 0 || iy >= p->in_h) {
                outside0 += outside_row(r, w0, ky);
                outside1 += outside_row(r, w1, ky);
                for (int32_t t = 0; t < row_taps;)
                    t += *ch++;
                continue;
            }
            for (int32_t kx = 0; kx < p->k_w; ++kx) {
                const int8_t *x = r->in_batch + (iy * p->in_w + x0 + kx * p->dilation_w) * in_c;
                const int8_t *a = w0 + (ky * p->k_w + kx) * in_c, *b = w1 + (ky * p->k_w + kx) * in_c;
                if (lo[kx] == 0 && (size_t)hi[kx] == vl) {
                    pair_taps(x, x_stride, a, b, in_c, &ch, &acc0, &acc1, zero_point, __riscv_vmset_m_b4(vl), 0, vl);
                } else {
                    const vbool4_t valid = __riscv_vmsltu_vx_u16m4_b4(
                        __riscv_vsub_vx_u16m4(__riscv_vid_v_u16m4(vl), (uint16_t)lo[kx], vl),
                        (uint16_t)(hi[kx] - lo[kx]), vl);
                    pair_taps(x, x_stride, a, b, in_c, &ch, &acc0, &acc1, zero_point, valid, 1, vl);
                }
            }
        }
        store_channel(r, acc0, oc0, outside0, ox0, vl);
        if (nb > 1)
            store_channel(r, acc1, oc0 + 1, outside1, ox0, vl);
    }
}

/* One output pixel whose window crosses the left or right edge: output channels across lanes. */
static void edge_pixel(const row_ctx *r, int32_t ox)
{
    const rvfw_conv_params *p = r->p;
    const ptrdiff_t filter_size = (ptrdiff_t)p->k_h * p->k_w * p->in_c;
    for (int32_t oc0 = 0; oc0 < p->out_c;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->out_c - oc0));
        vint32m8_t acc = __riscv_vle32_v_i32m8(r->bias_folded + oc0, vl);
        acc = rvfw_conv_pixel_s8(p, r->in_batch, r->filter + oc0 * filter_size, filter_size, 1, acc, r->y0,
                                 ox * p->stride_w - p->pad_w, 0, vl);
        rvfw_store_channels_s8(p, acc, r->multiplier + oc0, r->shift + oc0, r->out_row + ox * p->out_c + oc0, vl);
        oc0 += (int32_t)vl;
    }
}

RVFW_KERNEL void rvfw_conv2d_rows_s8_rvv(const rvfw_conv_params *p, const int8_t *input, const int8_t *filter,
                             const int32_t *bias_folded, const int32_t *output_multiplier, const int32_t *output_shift,
                             int8_t *output, const uint8_t *chunks)
{
    int32_t ox_lo, ox_hi; /* columns whose window is inside the input */
    rvfw_inside_columns(p, &ox_lo, &ox_hi);
    row_ctx r = {p, NULL, filter, bias_folded, output_multiplier, output_shift, NULL, 0, chunks};
    for (int32_t b = 0; b < p->batches; ++b) {
        r.in_batch = input + b * p->in_h * p->in_w * p->in_c;
        for (int32_t oy = 0; oy < p->out_h; ++oy) {
            r.y0 = oy * p->stride_h - p->pad_h;
            r.out_row = output + (b * p->out_h + oy) * p->out_w * p->out_c;
            if (chunks) { /* every column in lanes, the padding's lanes reading the zero point */
                for (int32_t ox0 = 0; ox0 < p->out_w;) {
                    const size_t vl = __riscv_vsetvl_e32m8((size_t)(p->out_w - ox0));
                    inner_columns_i16(&r, ox0, vl);
                    ox0 += (int32_t)vl;
                }
                continue;
            }
            for (int32_t ox = 0; ox < ox_lo; ++ox)
                edge_pixel(&r, ox);
            for (int32_t ox0 = ox_lo; ox0 < ox_hi;) {
                const size_t vl = __riscv_vsetvl_e32m8((size_t)(ox_hi - ox0));
                inner_columns(&r, ox0, vl);
                ox0 += (int32_t)vl;
            }
            for (int32_t ox = ox_hi; ox < p->out_w; ++ox)
                edge_pixel(&r, ox);
        }
    }
}
