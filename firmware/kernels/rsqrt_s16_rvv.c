/* SPDX-License-Identifier: Apache-2.0 */
/* RSQRT, int16, RVV (SEW 32, Zve32x suffices): rsqrt_s16_ref.c across lanes. Each lane normalises
 * its value into [2^27, 2^29) by pairs of bits (its bit length by rvfw_bit_length_u32m4, since RVV
 * 1.0 has no vclz), runs the five Newton-Raphson steps of rvfw_inv_sqrt_multiplier in Q3.28 (vsmul
 * with round-to-nearest-up is gemmlowp's saturating rounding doubling high multiply; the
 * saturating multiplies by 2^6 and 2^3 are a shift with two merges), then the two requantisations.
 * Values <= 1 take the multiplier INT32_MAX, 0 gives 32767, as in the reference. */
#include "rvfw_kernels.h"
#include "rvfw_rvv.h"

/* rvfw_mul_pot with exponent > 0: x * 2^exponent, saturated. */
static inline vint32m4_t mul_pot_m4(vint32m4_t x, size_t exponent, size_t vl)
{
    const int32_t threshold = INT32_MAX >> exponent;
    const vbool8_t high = __riscv_vmsgt_vx_i32m4_b8(x, threshold, vl), low = __riscv_vmslt_vx_i32m4_b8(x, -threshold, vl);
    const vint32m4_t shifted = __riscv_vsll_vx_i32m4(x, exponent, vl);
    return __riscv_vmerge_vxm_i32m4(__riscv_vmerge_vxm_i32m4(shifted, INT32_MAX, high, vl), INT32_MIN, low, vl);
}

RVFW_KERNEL void rvfw_rsqrt_s16_rvv(const rvfw_requantize_params *p, const int16_t *input, int16_t *output)
{
    const int32_t headroom = 20; /* TFLite Micro's kShift */
    for (int32_t i = 0; i < p->size;) {
        const size_t vl = __riscv_vsetvl_e32m4((size_t)(p->size - i));
        const vint32m4_t value =
            __riscv_vsub_vx_i32m4(__riscv_vsext_vf2_i32m4(__riscv_vle16_v_i16m2(input + i, vl), vl), p->input_zero_point, vl);
        const vbool8_t small = __riscv_vmsle_vx_i32m4_b8(value, 1, vl), zero = __riscv_vmseq_vx_i32m4_b8(value, 0, vl);
        /* |value| <= 65535 < 2^29: the reference's division by 4 never runs. pairs = (clz - 1) / 2 - 1. */
        const vuint32m4_t w = __riscv_vreinterpret_v_i32m4_u32m4(__riscv_vmax_vx_i32m4(value, 2, vl));
        const vuint32m4_t pairs = __riscv_vsub_vx_u32m4(
            __riscv_vsrl_vx_u32m4(__riscv_vrsub_vx_u32m4(rvfw_bit_length_u32m4(w, vl), 31, vl), 1, vl), 1, vl);
        const vint32m4_t normal = __riscv_vreinterpret_v_u32m4_i32m4(__riscv_vsll_vv_u32m4(w, __riscv_vadd_vv_u32m4(pairs, pairs, vl), vl));
        const vint32m4_t right_shift = __riscv_vrsub_vx_i32m4(__riscv_vreinterpret_v_u32m4_i32m4(pairs), 11, vl);
        const vint32m4_t half_input = rvfw_rdbpot_m4(__riscv_vsra_vx_i32m4(normal, 1, vl), 1, vl);
        vint32m4_t x = __riscv_vmv_v_x_i32m4(1 << 28, vl); /* 1.0 in Q3.28 */
        for (int k = 0; k < 5; ++k) {
            const vint32m4_t x2 = __riscv_vsmul_vv_i32m4(x, x, __RISCV_VXRM_RNU, vl);
            const vint32m4_t x3 = mul_pot_m4(__riscv_vsmul_vv_i32m4(x2, x, __RISCV_VXRM_RNU, vl), 6, vl);
            x = mul_pot_m4(__riscv_vsub_vv_i32m4(__riscv_vsmul_vx_i32m4(x, (1 << 28) + (1 << 27), __RISCV_VXRM_RNU, vl),
                                                 __riscv_vsmul_vv_i32m4(half_input, x3, __RISCV_VXRM_RNU, vl), vl),
                           3, vl);
        }
        x = __riscv_vsmul_vx_i32m4(x, 1518500250, __RISCV_VXRM_RNU, vl); /* times sqrt(2) / 2 */
        /* a negative right shift becomes a left shift of the multiplier */
        x = __riscv_vsll_vv_i32m4(
            x, __riscv_vreinterpret_v_i32m4_u32m4(__riscv_vmax_vx_i32m4(__riscv_vneg_v_i32m4(right_shift, vl), 0, vl)), vl);
        const vint32m4_t multiplier = __riscv_vmerge_vxm_i32m4(x, INT32_MAX, small, vl);
        /* shift + headroom = headroom - max(right_shift, 0) > 0: the first requantisation only shifts left */
        const vuint32m4_t left = __riscv_vreinterpret_v_i32m4_u32m4(__riscv_vmerge_vxm_i32m4(
            __riscv_vrsub_vx_i32m4(__riscv_vmax_vx_i32m4(right_shift, 0, vl), headroom, vl), headroom, small, vl));
        const vint32m4_t data = __riscv_vsmul_vv_i32m4(__riscv_vsll_vv_i32m4(__riscv_vmv_v_x_i32m4(1, vl), left, vl),
                                                       multiplier, __RISCV_VXRM_RNU, vl);
        vint32m4_t out = __riscv_vadd_vx_i32m4(rvfw_requantize_vx_m4(data, p->multiplier, p->shift - headroom, vl),
                                               p->output_zero_point, vl);
        out = __riscv_vmerge_vxm_i32m4(__riscv_vmin_vx_i32m4(__riscv_vmax_vx_i32m4(out, INT16_MIN, vl), INT16_MAX, vl),
                                       INT16_MAX, zero, vl);
        __riscv_vse16_v_i16m2(output + i, __riscv_vncvt_x_x_w_i16m2(out, vl), vl);
        i += (int32_t)vl;
    }
}
