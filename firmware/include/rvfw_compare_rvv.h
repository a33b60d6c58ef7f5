/* SPDX-License-Identifier: Apache-2.0 */
/* The comparisons' RVV loop: each innermost run of the broadcast in 32-bit lanes (stride 0 repeats
 * one value), one vector compare (the comparison chosen once per layer: RVFW_COMPARE_RUNS), its
 * mask merged into 0/1 bytes. The e8m2 bytes and the e32m8 operands share SEW/LMUL, so the mask
 * lines up. */
#ifndef RVFW_COMPARE_RVV_H
#define RVFW_COMPARE_RVV_H

#include "rvfw_broadcast.h" /* before rvfw_rvv.h: it declares the parameter structs */
#include "rvfw_rvv.h"

/* row(p, x, sx, y, sy, out, n) comparing with CMP(x, y, vl) -> vbool4_t; LOAD(ptr, stride, vl). */
#define RVFW_CMP_RVV_ROW(row, T, V, LOAD, CMP)                                                                     \
    static void row(const rvfw_compare_params *p, const T *x, int32_t sx, const T *y, int32_t sy, uint8_t *out,  \
                    int32_t n)                                                                                    \
    {                                                                                                             \
        (void)p;                                                                                                  \
        for (int32_t i = 0; i < n;) {                                                                             \
            const size_t vl = __riscv_vsetvl_e32m8((size_t)(n - i));                                              \
            const V u = LOAD(x + i * sx, sx, vl), v = LOAD(y + i * sy, sy, vl);                                   \
            const vuint8m2_t zero = __riscv_vmv_v_x_u8m2(0, vl);                                                  \
            __riscv_vse8_v_u8m2(out + i, __riscv_vmerge_vxm_u8m2(zero, 1, CMP(u, v, vl), vl), vl);                \
            i += (int32_t)vl;                                                                                     \
        }                                                                                                         \
    }

/* The six row functions row_eq ... row_ge from the vector compares EQ ... GE (the kernel picks one
 * per layer: RVFW_COMPARE_RVV). */
#define RVFW_COMPARE_RVV_ROWS(T, V, LOAD, EQ, NE, LT, LE, GT, GE)                                                  \
    RVFW_CMP_RVV_ROW(row_eq, T, V, LOAD, EQ)                                                                      \
    RVFW_CMP_RVV_ROW(row_ne, T, V, LOAD, NE)                                                                      \
    RVFW_CMP_RVV_ROW(row_lt, T, V, LOAD, LT)                                                                      \
    RVFW_CMP_RVV_ROW(row_le, T, V, LOAD, LE)                                                                      \
    RVFW_CMP_RVV_ROW(row_gt, T, V, LOAD, GT)                                                                      \
    RVFW_CMP_RVV_ROW(row_ge, T, V, LOAD, GE)
#define RVFW_COMPARE_RVV(p, T, a, b, output)                                                                       \
    RVFW_COMPARE_RUNS(p, T, a, b, output, row_eq, row_ne, row_lt, row_le, row_gt, row_ge)

#endif
