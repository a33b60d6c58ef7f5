/* SPDX-License-Identifier: Apache-2.0 */
/* The hybrid kernels' int8 sums by set (rvfw_hybrid_dots_fn, rvfw_hybrid_dw_sums_fn): the fast
 * scalar ones two weight rows per pass over the quantised input (rvfw_dot_scalar.h), the RVV ones
 * in vector lanes (int16 products summed into int32: exact, so any order gives LiteRT's sums). */
#ifndef RVFW_HYBRID_DOTS_H
#define RVFW_HYBRID_DOTS_H

#include "rvfw_dot_scalar.h"
#include "rvfw_hybrid.h"

static inline void rvfw_hybrid_dots_scalar(const int8_t *x, const int8_t *w, int32_t depth, int32_t rows,
                                           int32_t *acc)
{
    acc[0] = acc[1] = 0;
    if (rows == 2)
        rvfw_dot2_s8_scalar(x, w, w + depth, depth, &acc[0], &acc[1]);
    else
        rvfw_hybrid_dots_ref(x, w, depth, 1, acc);
}

#if defined(__riscv_vector)
#include <riscv_vector.h>

static inline void rvfw_hybrid_dots_rvv(const int8_t *x, const int8_t *w, int32_t depth, int32_t rows, int32_t *acc)
{
    for (int32_t r = 0; r < rows; ++r, w += depth) {
        vint32m1_t sum = __riscv_vmv_s_x_i32m1(0, 1);
        for (int32_t j = 0; j < depth;) {
            const size_t vl = __riscv_vsetvl_e8m2((size_t)(depth - j));
            const vint16m4_t products =
                __riscv_vwmul_vv_i16m4(__riscv_vle8_v_i8m2(w + j, vl), __riscv_vle8_v_i8m2(x + j, vl), vl);
            sum = __riscv_vwredsum_vs_i16m4_i32m1(products, sum, vl);
            j += (int32_t)vl;
        }
        acc[r] = __riscv_vmv_x_s_i32m1_i32(sum);
    }
}

/* Depth multiplier 1: the channels in lanes, (q - zero point) widened to int16 and multiplied into
 * int32 sums (|w (q - z)| <= 128 x 255 fits int16's product operands); other multipliers the
 * portable sums. */
static inline void rvfw_hybrid_dw_sums_rvv(const rvfw_conv_params *p, const int8_t *q, const int8_t *filter,
                                           int32_t offset, int32_t y0, int32_t x0, int32_t c0, int32_t count,
                                           int32_t *acc)
{
    if (p->depth_multiplier != 1) {
        rvfw_hybrid_dw_sums_scalar(p, q, filter, offset, y0, x0, c0, count, acc);
        return;
    }
    for (int32_t j = 0; j < count;) {
        const size_t vl = __riscv_vsetvl_e8m1((size_t)(count - j));
        vint32m4_t sum = __riscv_vmv_v_x_i32m4(0, vl);
        RVFW_HYBRID_FOR_TAPS(p, q, filter, y0, x0, {
            const vint16m2_t xs = __riscv_vwsub_vx_i16m2(__riscv_vle8_v_i8m1(tap_x + c0 + j, vl), (int8_t)offset, vl);
            const vint16m2_t ws = __riscv_vsext_vf2_i16m2(__riscv_vle8_v_i8m1(tap_w + c0 + j, vl), vl);
            sum = __riscv_vwmacc_vv_i32m4(sum, xs, ws, vl);
        })
        __riscv_vse32_v_i32m4(acc + j, sum, vl);
        j += (int32_t)vl;
    }
}
#endif

#endif
