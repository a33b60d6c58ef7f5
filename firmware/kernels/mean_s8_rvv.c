/* SPDX-License-Identifier: Apache-2.0 */
/* MEAN and SUM, int8, RVV 1.0: the innermost kept axis in lanes (the global pool of an NHWC
 * tensor: channels), every reduced row added into int32 lanes, then the reference's
 * requantisation per lane. A kept axis that is not contiguous (a mean over the innermost axis:
 * each lane's elements lie kept_strides[3] apart) loads with that stride. */
#include "rvfw_reduce.h" /* before rvfw_rvv.h: it declares the parameter structs */
#include "rvfw_rvv.h"

RVFW_KERNEL void rvfw_mean_s8_rvv(const rvfw_reduce_params *p, const int8_t *input, int8_t *output)
{
    const int32_t inner = p->kept_dims[3], offset = p->input_zero_point * p->count;
    const ptrdiff_t stride = p->kept_strides[3];
#define MEAN_STEP(at) acc = __riscv_vadd_vv_i32m8(acc, __riscv_vsext_vf4_i32m8(__riscv_vle8_v_i8m2(x + (at), vl), vl), vl)
#define MEAN_STEP_STRIDED(at)                                                                                      \
    acc = __riscv_vadd_vv_i32m8(acc, __riscv_vsext_vf4_i32m8(__riscv_vlse8_v_i8m2(x + (at), stride, vl), vl), vl)
#define MEAN_ROWS(base, out, STEP, lane_stride)                                                                    \
    for (int32_t c = 0; c < inner;) {                                                                             \
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(inner - c));                                              \
        const int8_t *x = (base) + c * (lane_stride);                                                             \
        vint32m8_t acc = __riscv_vmv_v_x_i32m8(-offset, vl);                                                      \
        RVFW_REDUCE_OFFSETS(p, STEP)                                                                              \
        acc = rvfw_requantize_vx(acc, p->multiplier, p->shift, vl);                                               \
        __riscv_vse8_v_i8m2((out) + c, rvfw_narrow_s8(acc, p->output_zero_point, INT8_MIN, INT8_MAX, vl), vl);    \
        c += (int32_t)vl;                                                                                         \
    }
#define MEAN_ROW(base, out) MEAN_ROWS(base, out, MEAN_STEP, 1)
#define MEAN_ROW_STRIDED(base, out) MEAN_ROWS(base, out, MEAN_STEP_STRIDED, stride)
    if (stride == 1)
        RVFW_REDUCE_KEPT_ROWS(p, input, output, MEAN_ROW);
    else
        RVFW_REDUCE_KEPT_ROWS(p, input, output, MEAN_ROW_STRIDED);
}
