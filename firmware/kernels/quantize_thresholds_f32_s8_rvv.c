/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE float32 -> int8, RVV in integer lanes (Zve32x: a vector unit without float): the fast
 * scalar kernel's method across lanes. An input's output is fixed by where its bits fall among
 * 255 build-time thresholds (codegen.quant.quantize_s8_thresholds), compared as integers in the
 * floats' order; each lane finds its place by an 8-step branchless binary search, gathering the
 * threshold it compares with. Lanes outside the table's range (inputs that clamp, and NaN) take
 * the reference's arithmetic one by one. Input and output may be the same bytes (--memory small):
 * a strip's floats are loaded before its bytes, which lie at or before them, are stored.
 * Bit-exact with the reference. */
#include <riscv_vector.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_quantize_thresholds_f32_s8_rvv(const rvfw_affine_params *p, const float *input, const int32_t *table,
                                         int8_t *output)
{
    const int32_t lo = table[0], hi = table[1];
    const int32_t *thresholds = table + 2; /* ascending: the first key of outputs -127 .. 127 */
    enum { STRIP = 64 }; /* at most this many lanes a strip: the outside lanes' results wait in fix[] */
    for (int32_t i = 0; i < p->size;) {
        const size_t left = (size_t)(p->size - i);
        const size_t vl = __riscv_vsetvl_e32m4(left < STRIP ? left : STRIP);
        const vint32m4_t bits = __riscv_vle32_v_i32m4((const int32_t *)(input + i), vl);
        /* the floats' order as integers: negative floats' magnitude bits flipped */
        const vint32m4_t key = __riscv_vxor_vv_i32m4(
            bits, __riscv_vand_vx_i32m4(__riscv_vsra_vx_i32m4(bits, 31, vl), 0x7fffffff, vl), vl);
        vuint32m4_t place = __riscv_vmv_v_x_u32m4(0, vl);
        for (uint32_t step = 128; step > 0; step >>= 1) {
            const vuint32m4_t at = __riscv_vsll_vx_u32m4(__riscv_vadd_vx_u32m4(place, step - 1, vl), 2, vl);
            const vint32m4_t t = __riscv_vluxei32_v_i32m4(thresholds, at, vl);
            place = __riscv_vadd_vx_u32m4_mu(__riscv_vmsle_vv_i32m4_b8(t, key, vl), place, place, step, vl);
        }
        const vint32m4_t q = __riscv_vsub_vx_i32m4(__riscv_vreinterpret_v_u32m4_i32m4(place), 128, vl);
        const vbool8_t outside = __riscv_vmor_mm_b8(__riscv_vmslt_vx_i32m4_b8(key, lo, vl),
                                                    __riscv_vmsgt_vx_i32m4_b8(key, hi, vl), vl);
        const long first = __riscv_vfirst_m_b8(outside, vl);
        int32_t keys[STRIP];
        int8_t fix[STRIP]; /* the reference's result of each outside lane, worked out before the store */
        if (first >= 0) {
            __riscv_vse32_v_i32m4(keys, key, vl);
            for (size_t k = (size_t)first; k < vl; ++k) {
                if (keys[k] < lo || keys[k] > hi) {
                    const int32_t v = (int32_t)__builtin_roundf(input[i + (int32_t)k] / (float)p->scale) + p->zero_point;
                    fix[k] = (int8_t)rvfw_clamp(v, INT8_MIN, INT8_MAX);
                }
            }
        }
        __riscv_vse8_v_i8m1(output + i, __riscv_vncvt_x_x_w_i8m1(__riscv_vncvt_x_x_w_i16m2(q, vl), vl), vl);
        if (first >= 0) {
            for (size_t k = (size_t)first; k < vl; ++k) {
                if (keys[k] < lo || keys[k] > hi) {
                    output[i + (int32_t)k] = fix[k];
                }
            }
        }
        i += (int32_t)vl;
    }
}
