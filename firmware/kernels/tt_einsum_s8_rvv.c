/* SPDX-License-Identifier: Apache-2.0 */
/* TT_EINSUM, int8, RVV 1.0: a row's outputs across lanes (cores transposed, input offset folded
 * into the bias), stored with one indexed store through the build-time offsets table. Several
 * consecutive input rows run together, so each core vector is loaded and widened once for all of
 * them: three rows at LMUL 8 (rvfw_dot_pixels_s8), or, when a row's outputs fit in half the lanes
 * (the chain's last einsum has only n_1 of them), six rows at LMUL 4, so no lane idles. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

/* The output requantisation, read once a call (the stores could alias the parameters); m and s:
 * NULL, or a multiplier and shift per output (a FULLY_CONNECTED's per-channel weights). */
typedef struct {
    int32_t multiplier, shift, offset, lo, hi, right_only;
    const int32_t *m, *s;
} tt_out;

static inline void store_row(tt_out q, int32_t j0, vint32m8_t acc, int8_t *base, vuint16m4_t offsets, size_t vl)
{
    acc = q.m ? rvfw_requantize_vv(acc, __riscv_vle32_v_i32m8(q.m + j0, vl), __riscv_vle32_v_i32m8(q.s + j0, vl),
                                   q.right_only, vl)
              : rvfw_requantize_vx(acc, q.multiplier, q.shift, vl);
    __riscv_vsuxei16_v_i8m2(base, offsets, rvfw_narrow_s8(acc, q.offset, q.lo, q.hi, vl), vl);
}

static inline void store_row4(tt_out q, vint32m4_t acc, int8_t *base, vuint16m2_t offsets, size_t vl)
{
    if (q.m) { /* per output */
        const vint8m1_t y = rvfw_output_m4_s8(acc, __riscv_vle32_v_i32m4(q.m, vl), __riscv_vle32_v_i32m4(q.s, vl),
                                              q.right_only, q.offset, q.lo, q.hi, vl);
        __riscv_vsuxei16_v_i8m1(base, offsets, y, vl);
        return;
    }
    acc = rvfw_requantize_vx_m4(acc, q.multiplier, q.shift, vl);
    __riscv_vsuxei16_v_i8m1(base, offsets, rvfw_narrow_m4_s8(acc, q.offset, q.lo, q.hi, vl), vl);
}

/* Six rows (x, x + k, ...) whose outputs fit in one LMUL-4 vector (rvfw_dot6_m4_s8). */
static inline __attribute__((always_inline)) void rows6_m4(tt_out q, int32_t k, int32_t outputs, const int8_t *x,
                                                           const int8_t *cores_t, int8_t *const base[6],
                                                           const int32_t *const bias[6], const uint16_t *offsets,
                                                           size_t vl)
{
    vint32m4_t a0 = __riscv_vle32_v_i32m4(bias[0], vl), a1 = __riscv_vle32_v_i32m4(bias[1], vl);
    vint32m4_t a2 = __riscv_vle32_v_i32m4(bias[2], vl), a3 = __riscv_vle32_v_i32m4(bias[3], vl);
    vint32m4_t a4 = __riscv_vle32_v_i32m4(bias[4], vl), a5 = __riscv_vle32_v_i32m4(bias[5], vl);
    rvfw_dot6_m4_s8(&a0, &a1, &a2, &a3, &a4, &a5, x, k, 6, cores_t, k, outputs, vl);
    const vuint16m2_t where = __riscv_vle16_v_u16m2(offsets, vl);
    store_row4(q, a0, base[0], where, vl);
    store_row4(q, a1, base[1], where, vl);
    store_row4(q, a2, base[2], where, vl);
    store_row4(q, a3, base[3], where, vl);
    store_row4(q, a4, base[4], where, vl);
    store_row4(q, a5, base[5], where, vl);
}

/* The kernel, inlined twice: with per-output requantisation (q.m) and without, so the per-tensor
 * einsums of a TT chain pay nothing for the other. */
static inline __attribute__((always_inline)) void einsum(const rvfw_tt_params *p, const int8_t *input,
                                                         const int8_t *cores_t, const int32_t *bias_folded,
                                                         const uint16_t *offsets, tt_out q, int8_t *output)
{
    const int32_t outputs = p->n * p->r_out, k = p->k, rows = p->outer * p->prev_m * p->inner;
    const int32_t bias_step = p->bias_per_row ? outputs : 0;
    const int narrow = (size_t)outputs <= __riscv_vsetvlmax_e32m4();
    /* Input row r's indices (o, pm, i), its first output's offset and its bias, advanced row by row
     * with adds only (rvfw_tt_row_base: i steps prev_m * r_out, pm steps r_out, o the rest). */
    const int32_t inner = p->inner, prev_m = p->prev_m; /* locals: the stores may alias *p */
    const int32_t i_step = prev_m * p->r_out, pm_step = p->r_out, o_step = p->n * inner * i_step;
    /* One index over the rows (outer 1, and inner or prev_m 1: the first and last einsums of a
     * chain, and every FC passes.einsum makes): row r's output at r * at_step, its bias at
     * r * bias_row_step. */
    const int linear = p->outer == 1 && (inner == 1 || prev_m == 1);
    const int32_t at_step = inner == 1 ? pm_step : i_step, bias_row_step = inner == 1 ? 0 : bias_step;
    int32_t pm = 0, i = 0, at = 0;
    const int32_t *row_bias = bias_folded;
    for (int32_t r = 0; r < rows;) {
        /* Six rows at LMUL 4 while six remain (fewer would still pay for six), else up to three. */
        const int six = narrow && rows - r >= 6;
        const int32_t n = six ? 6 : rows - r < 3 ? rows - r : 3;
        int8_t *base[6];
        const int32_t *bias[6];
        if (linear) {
            for (int32_t t = 0; t < n; ++t, at += at_step, row_bias += bias_row_step) {
                base[t] = output + at;
                bias[t] = row_bias;
            }
        } else {
            for (int32_t t = 0; t < n; ++t) {
                base[t] = output + at;
                bias[t] = row_bias;
                at += i_step;
                row_bias += bias_step;
                if (++i == inner) {
                    i = 0;
                    at += pm_step - inner * i_step;
                    row_bias = bias_folded;
                    if (++pm == prev_m) {
                        pm = 0;
                        at += o_step - prev_m * pm_step;
                    }
                }
            }
        }
        if (six) {
            rows6_m4(q, k, outputs, input + r * k, cores_t, base, bias, offsets, __riscv_vsetvl_e32m4((size_t)outputs));
            r += n;
            continue;
        }
        for (int32_t j0 = 0; j0 < outputs;) {
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(outputs - j0));
            vint32m8_t acc0 = __riscv_vle32_v_i32m8(bias[0] + j0, vl), acc1 = acc0, acc2 = acc0;
            if (n > 1)
                acc1 = __riscv_vle32_v_i32m8(bias[1] + j0, vl);
            if (n > 2)
                acc2 = __riscv_vle32_v_i32m8(bias[2] + j0, vl);
            rvfw_dot_pixels_s8(n, &acc0, &acc1, &acc2, input + r * k, k, cores_t + j0, k, outputs, vl);
            const vuint16m4_t where = __riscv_vle16_v_u16m4(offsets + j0, vl);
            store_row(q, j0, acc0, base[0], where, vl);
            if (n > 1)
                store_row(q, j0, acc1, base[1], where, vl);
            if (n > 2)
                store_row(q, j0, acc2, base[2], where, vl);
            j0 += (int32_t)vl;
        }
        r += n;
    }
}

RVFW_KERNEL void rvfw_tt_einsum_s8_rvv(const rvfw_tt_params *p, const int8_t *input, const int8_t *cores_t,
                           const int32_t *bias_folded, const uint16_t *offsets, const int32_t *multiplier,
                           const int32_t *shift, int8_t *output)
{
    tt_out q = {p->output_multiplier, p->output_shift, p->output_offset, p->output_activation_min,
                p->output_activation_max, p->right_shifts_only, NULL, NULL};
    if (multiplier) {
        q.m = multiplier, q.s = shift;
        einsum(p, input, cores_t, bias_folded, offsets, q, output);
    } else {
        einsum(p, input, cores_t, bias_folded, offsets, q, output);
    }
}
