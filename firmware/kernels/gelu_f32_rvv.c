/* SPDX-License-Identifier: Apache-2.0 */
/* GELU, float32 (approximate = false), RVV (V, Zve64d): gelu_f32_ref lane by lane, bit for bit;
 * the last size % 4 elements (Eigen's scalar side) as gelu_f32_ref computes them.
 * Every step is the same IEEE operation in the same order (no fused multiply-add); both branches
 * of Eigen's erfc are computed and merged by x^2 > 1, as Eigen's own vector code does; the low part
 * of x^2 comes exactly through float64 lanes (the product of two floats is exact there). */
#include <riscv_vector.h>

#include "rvfw_erfc_eigen.h"
#include "rvfw_kernels.h"
#include "rvfw_x86_nan.h"

/* Horner's rule over n coefficients, the highest power first. */
static inline vfloat32m2_t poly_m2(vfloat32m2_t x, const float *c, int n, size_t vl)
{
    vfloat32m2_t y = __riscv_vfmv_v_f_f32m2(c[0], vl);
    for (int i = 1; i < n; ++i)
        y = __riscv_vfadd_vf_f32m2(__riscv_vfmul_vv_f32m2(y, x, vl), c[i], vl);
    return y;
}

/* 2^e as a float from an integer exponent in the normal range */
static inline vfloat32m2_t pow2_m2(vint32m2_t e, size_t vl)
{
    return __riscv_vreinterpret_v_i32m2_f32m2(__riscv_vsll_vx_i32m2(__riscv_vadd_vx_i32m2(e, 127, vl), 23, vl));
}

/* gelu_f32_ref's eigen_expf */
static inline vfloat32m2_t eigen_expf_m2(vfloat32m2_t x_in, size_t vl)
{
    const vfloat32m2_t x = __riscv_vfmin_vf_f32m2(x_in, 88.723f, vl);
    const vfloat32m2_t t = __riscv_vfadd_vf_f32m2(__riscv_vfmul_vf_f32m2(x, 1.44269504088896341f, vl), 0.5f, vl);
    const vint32m2_t mi = __riscv_vfcvt_x_f_v_i32m2_rm(t, __RISCV_FRM_RDN, vl); /* floor */
    const vfloat32m2_t m = __riscv_vfcvt_f_x_v_f32m2(mi, vl);
    vfloat32m2_t r = __riscv_vfadd_vv_f32m2(__riscv_vfmul_vf_f32m2(m, -0.693359375f, vl), x, vl);
    r = __riscv_vfadd_vv_f32m2(__riscv_vfmul_vf_f32m2(m, 2.12194440e-4f, vl), r, vl);
    const vfloat32m2_t r2 = __riscv_vfmul_vv_f32m2(r, r, vl);
    vfloat32m2_t even = __riscv_vfadd_vf_f32m2(__riscv_vfmul_vf_f32m2(r2, 1.37449637986719608306884765625e-3f, vl),
                                               4.166965186595916748046875e-2f, vl);
    const vfloat32m2_t odd = __riscv_vfadd_vf_f32m2(__riscv_vfmul_vf_f32m2(r2, 8.36894474923610687255859375e-3f, vl),
                                                    0.16666518151760101318359375f, vl);
    even = __riscv_vfadd_vf_f32m2(__riscv_vfmul_vv_f32m2(r2, even, vl), 0.49999988079071044921875f, vl);
    vfloat32m2_t y = __riscv_vfadd_vv_f32m2(__riscv_vfmul_vv_f32m2(r, odd, vl), even, vl);
    y = __riscv_vfadd_vv_f32m2(__riscv_vfmul_vv_f32m2(r2, y, vl), __riscv_vfadd_vf_f32m2(r, 1.0f, vl), vl);
    /* y * 2^m in four power-of-two factors, m clamped to [-278, 278] (gelu_f32_ref's eigen_ldexpf) */
    const vint32m2_t e = __riscv_vmin_vx_i32m2(__riscv_vmax_vx_i32m2(mi, -278, vl), 278, vl);
    const vint32m2_t b = __riscv_vsra_vx_i32m2(e, 2, vl);
    const vfloat32m2_t c = pow2_m2(b, vl);
    vfloat32m2_t out = __riscv_vfmul_vv_f32m2(__riscv_vfmul_vv_f32m2(__riscv_vfmul_vv_f32m2(y, c, vl), c, vl), c, vl);
    out = __riscv_vfmul_vv_f32m2(out, pow2_m2(__riscv_vsub_vv_i32m2(e, __riscv_vmul_vx_i32m2(b, 3, vl), vl), vl), vl);
    out = __riscv_vfmax_vv_f32m2(out, x_in, vl);
    return __riscv_vfmerge_vfm_f32m2(out, 0.0f, __riscv_vmflt_vf_f32m2_b16(x_in, -104.0f, vl), vl);
}

static inline vfloat32m2_t eigen_erfcf_m2(vfloat32m2_t x_in, size_t vl)
{
    const vfloat32m2_t x = __riscv_vfmin_vf_f32m2(__riscv_vfmax_vf_f32m2(x_in, -11.0f, vl), 11.0f, vl);
    const vfloat32m2_t x2 = __riscv_vfmul_vv_f32m2(x, x, vl);
    const vfloat32m2_t s = poly_m2(x2, rvfw_erfc_small, 6, vl);
    const vfloat32m2_t below = __riscv_vfadd_vf_f32m2(__riscv_vfmul_vv_f32m2(x, s, vl), 1.0f, vl);
    /* x^2's rounding error, exact in float64 */
    const vfloat64m4_t exact = __riscv_vfwmul_vv_f64m4(x, x, vl);
    const vfloat32m2_t x2_lo =
        __riscv_vfncvt_f_f_w_f32m2(__riscv_vfsub_vv_f64m4(exact, __riscv_vfwcvt_f_f_v_f64m4(x2, vl), vl), vl);
    const vfloat32m2_t e = eigen_expf_m2(__riscv_vfneg_v_f32m2(x2, vl), vl);
    const vfloat32m2_t z = __riscv_vfsub_vv_f32m2(e, __riscv_vfmul_vv_f32m2(e, x2_lo, vl), vl);
    const vfloat32m2_t q2 = __riscv_vfrdiv_vf_f32m2(x2, 1.0f, vl);
    const vfloat32m2_t r = __riscv_vfdiv_vv_f32m2(poly_m2(q2, rvfw_erfc_num, 4, vl),
                                                  __riscv_vfmul_vv_f32m2(x, poly_m2(q2, rvfw_erfc_den, 5, vl), vl), vl);
    const vfloat32m2_t two = __riscv_vfmerge_vfm_f32m2(__riscv_vfmv_v_f_f32m2(0.0f, vl), 2.0f,
                                                       __riscv_vmflt_vf_f32m2_b16(x, 0.0f, vl), vl);
    const vfloat32m2_t above = __riscv_vfadd_vv_f32m2(__riscv_vfmul_vv_f32m2(z, r, vl), two, vl);
    return __riscv_vmerge_vvm_f32m2(below, above, __riscv_vmfgt_vf_f32m2_b16(x2, 1.0f, vl), vl);
}

RVFW_KERNEL void rvfw_gelu_f32_rvv(const rvfw_lut_params *p, const float *input, float *output)
{
    const int32_t vector_end = p->size - p->size % 4; /* the rest is Eigen's scalar side */
    for (int32_t i = vector_end; i < p->size; ++i)
        output[i] = rvfw_gelu_eigen(input[i], i, p->size);
    for (int32_t i = 0; i < vector_end;) {
        const size_t vl = __riscv_vsetvl_e32m2((size_t)(vector_end - i));
        const vfloat32m2_t x = __riscv_vle32_v_f32m2(input + i, vl);
        const vfloat32m2_t erfc = eigen_erfcf_m2(__riscv_vfmul_vf_f32m2(x, (float)-0.70710678118654752440, vl), vl);
        const vfloat32m2_t out = __riscv_vfmul_vv_f32m2(__riscv_vfmul_vf_f32m2(x, 0.5f, vl), erfc, vl);
        __riscv_vse32_v_f32m2(output + i, rvfw_x86_nan_of_m2(x, out, vl), vl);
        i += (int32_t)vl;
    }
}
