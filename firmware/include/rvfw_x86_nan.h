/* SPDX-License-Identifier: Apache-2.0 */
/* NaNs as the x86-64 hosts LiteRT runs on give them, where a float32 kernel follows LiteRT's host
 * arithmetic: a NaN input comes back quieted with its sign and payload, and a NaN the arithmetic
 * makes from numbers (inf * 0, inf - inf) is x86's default NaN, 0xffc00000. RISC-V returns its
 * canonical 0x7fc00000 for both. */
#ifndef RVFW_X86_NAN_H
#define RVFW_X86_NAN_H

#include <stddef.h>
#include <stdint.h>

/* out, computed from x alone, with its NaN made x86's */
static inline float rvfw_x86_nan_of(float x, float out)
{
    if (out == out)
        return out;
    uint32_t bits;
    __builtin_memcpy(&bits, &x, sizeof bits);
    bits = x != x ? bits | 0x00400000u : 0xffc00000u;
    __builtin_memcpy(&out, &bits, sizeof out);
    return out;
}

#if defined(__riscv_v_intrinsic) && defined(__riscv_zve32f) /* float lanes: not on Zve32x */
#include <riscv_vector.h>

/* rvfw_x86_nan_of lane by lane */
static inline vfloat32m2_t rvfw_x86_nan_of_m2(vfloat32m2_t x, vfloat32m2_t out, size_t vl)
{
    const vuint32m2_t quiet = __riscv_vor_vx_u32m2(__riscv_vreinterpret_v_f32m2_u32m2(x), 0x00400000u, vl);
    vuint32m2_t bits = __riscv_vreinterpret_v_f32m2_u32m2(out);
    bits = __riscv_vmerge_vxm_u32m2(bits, 0xffc00000u, __riscv_vmfne_vv_f32m2_b16(out, out, vl), vl);
    bits = __riscv_vmerge_vvm_u32m2(bits, quiet, __riscv_vmfne_vv_f32m2_b16(x, x, vl), vl);
    return __riscv_vreinterpret_v_u32m2_f32m2(bits);
}
#endif

#endif
