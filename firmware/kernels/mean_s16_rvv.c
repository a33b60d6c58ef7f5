/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN / SUM, int16 (16x8), RVV: the innermost kept axis in int32 lanes (loaded with its
 * stride), each lane summing its reduced elements in the reference's order (wrapping in int32 as
 * it does), less the zero point times the count, requantised and clamped to int16. 32-bit lanes:
 * Zve32x too. */
#include "rvfw_reduce.h" /* before rvfw_rvv.h: it declares the parameter structs */
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_mean_s16_rvv(const rvfw_reduce_params *p, const int16_t *input, int16_t *output)
{
    const int32_t inner = p->kept_dims[3], offset = p->input_zero_point * p->count;
    const ptrdiff_t stride = p->kept_strides[3];
#define MEAN16_STEP(at)                                                                                            \
    acc = __riscv_vadd_vv_i32m8(acc, __riscv_vsext_vf2_i32m8(__riscv_vlse16_v_i16m4(x + (at), 2 * stride, vl), vl), vl)
#define MEAN16_ROW(base, out)                                                                                      \
    for (int32_t c = 0; c < inner;) {                                                                             \
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(inner - c));                                              \
        const int16_t *x = (base) + c * stride;                                                                   \
        vint32m8_t acc = __riscv_vmv_v_x_i32m8(-offset, vl);                                                      \
        RVFW_REDUCE_OFFSETS(p, MEAN16_STEP)                                                                       \
        acc = __riscv_vadd_vx_i32m8(rvfw_requantize_vx(acc, p->multiplier, p->shift, vl), p->output_zero_point, vl); \
        acc = __riscv_vmin_vx_i32m8(__riscv_vmax_vx_i32m8(acc, INT16_MIN, vl), INT16_MAX, vl);                    \
        __riscv_vse16_v_i16m4((out) + c, __riscv_vncvt_x_x_w_i16m4(acc, vl), vl);                                 \
        c += (int32_t)vl;                                                                                         \
    }
    RVFW_REDUCE_KEPT_ROWS_T(p, int16_t, input, output, MEAN16_ROW);
}
