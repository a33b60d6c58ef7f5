/* SPDX-License-Identifier: Apache-2.0 */
/* The CORE-V PULP instructions the *_xcvsimd kernels use (CV32E40P with COREV_PULP): GCC 12 and
 * binutils 2.40 do not know them, so each is its encoding through `.insn`, from the CV32E40P
 * manual's instruction set extensions (opcode custom-3 0x7B for the SIMD dot products, custom-0
 * 0x0B for the post-increment loads, custom-1 0x2B for the ALU's min and max). Compiled for any other core they would trap as illegal
 * instructions: only boards that declare xcvsimd/xcvmem (isa.custom) get these kernels. */
#ifndef RVFW_XCV_H
#define RVFW_XCV_H

#include <stdint.h>

#include "rvfw_requant.h"

/* cv.sdotsp.b acc, a, b: acc += a[0] b[0] + a[1] b[1] + a[2] b[2] + a[3] b[3] (signed bytes). */
#define RVFW_SDOTSP_B(acc, a, b) __asm__(".insn r 0x7b, 1, 0x54, %0, %1, %2" : "+r"(acc) : "r"(a), "r"(b))

/* cv.lw v, (p), 4: v = *(int32_t *)p; p += 4 (misaligned words take the core two bus transfers). */
#define RVFW_LW_POST4(v, p)                                                                                            \
    __asm__ volatile(".insn i 0x0b, 2, %0, %1, 4" : "=r"(v), "+r"(p) : "m"(*(const int32_t(*)[1])(p)))

/* cv.lw v, (p), 2: a (possibly misaligned) word, then p += 2 (a pair of pixels along a line). */
#define RVFW_LW_POST2(v, p)                                                                                            \
    __asm__ volatile(".insn i 0x0b, 2, %0, %1, 2" : "=r"(v), "+r"(p) : "m"(*(const int8_t(*)[4])(p)))

/* cv.lb v, (p), step: v = *(int8_t *)p; p += step (step within +-2047). */
#define RVFW_LB_POST(v, p, step)                                                                                       \
    __asm__ volatile(".insn i 0x0b, 0, %0, %1, %3" : "=r"(v), "+r"(p) : "m"(*(const int8_t *)(p)), "i"(step))

/* cv.lb v, (p), step: v = *(int8_t *)p; p += step (a register: any stride). */
#define RVFW_LB_POSTR(v, p, step)                                                                                      \
    __asm__ volatile(".insn r 0x2b, 3, 0, %0, %1, %3" : "=r"(v), "+r"(p) : "m"(*(const int8_t *)(p)), "r"(step))

/* cv.max.b / cv.min.b d, a, b: the larger / smaller of each pair of signed bytes (funct7 0x18 and
 * 0x10, as clang-19 assembles them for xcvsimd). */
#define RVFW_XCV_MAX_B(d, a, b) __asm__(".insn r 0x7b, 1, 0x18, %0, %1, %2" : "=r"(d) : "r"(a), "r"(b))
#define RVFW_XCV_MIN_B(d, a, b) __asm__(".insn r 0x7b, 1, 0x10, %0, %1, %2" : "=r"(d) : "r"(a), "r"(b))

/* SIMD shuffles (CORE-V): cv.shuffle2.b d, a, m (each byte of d from d or a as m's byte says),
 * cv.pack d, a, b (a's low half over b's low half), cv.pack.h (the high halves). */
#define RVFW_XCV_SHUFFLE2_B(d, a, m) __asm__(".insn r 0x7b, 1, 0x70, %0, %1, %2" : "+r"(d) : "r"(a), "r"(m))
#define RVFW_XCV_PACK(d, a, b) __asm__(".insn r 0x7b, 0, 0x78, %0, %1, %2" : "=r"(d) : "r"(a), "r"(b))
#define RVFW_XCV_PACK_H(d, a, b) __asm__(".insn r 0x7b, 0, 0x79, %0, %1, %2" : "=r"(d) : "r"(a), "r"(b))
/* cv.lw v, (p), step: a word, then p += step (a register). */
#define RVFW_LW_POSTR(v, p, step)                                                                                      \
    __asm__ volatile(".insn r 0x2b, 3, 0x02, %0, %1, %3" : "=r"(v), "+r"(p) : "m"(*(const int32_t *)(p)), "r"(step))

/* cv.sb v, (p), 1: *(int8_t *)p = v; p += 1. */
#define RVFW_SB_POST1(v, p) __asm__ volatile(".insn s 0x2b, 0, %2, 1(%0)" : "+r"(p), "=m"(*(int8_t *)(p)) : "r"(v))

/* One output's requantisation in the kernels' assembly (rvfw_requantize_folded: registers m the
 * multiplier, add, sh shift1), its clamp, and STORE(v): _CLIP for [-128, 127] (cv.clip v, v, 8),
 * _CLIP_FIX the same with the rounding's sign correction (register sign its scratch), _MINMAX a
 * clamp [lo, hi] from the zero point up (cv.max, cv.min). The high multiply costs CV32E40P 5 cycles,
 * the rest one each. */
#define RVFW_XCV_ASM_Q(v, m) "  slli " v ", " v ", 2\n  mulh " v ", " v ", " m "\n"
#define RVFW_XCV_ASM_CLIP8(v) "  .insn r 0x2b, 3, 0x38, " v ", " v ", x8\n"
#define RVFW_XCV_ASM_CLIP(v, m, add, sh, STORE)                                                                        \
    RVFW_XCV_ASM_Q(v, m) "  add " v ", " v ", " add "\n  sra " v ", " v ", " sh "\n" RVFW_XCV_ASM_CLIP8(v) STORE(v)
#define RVFW_XCV_ASM_CLIP_FIX(v, m, add, sh, sign, STORE) /* q + add - 2 [q < 0] */                                   \
    RVFW_XCV_ASM_Q(v, m) "  srai " sign ", " v ", 31\n  add " v ", " v ", " add "\n  add " v ", " v ", " sign "\n"       \
                         "  add " v ", " v ", " sign "\n  sra " v ", " v ", " sh "\n" RVFW_XCV_ASM_CLIP8(v) STORE(v)
#define RVFW_XCV_ASM_MINMAX(v, m, add, sh, lo, hi, STORE)                                                              \
    RVFW_XCV_ASM_Q(v, m) "  add " v ", " v ", " add "\n  sra " v ", " v ", " sh "\n"                                  \
                         "  .insn r 0x2b, 3, 0x2d, " v ", " v ", " lo "\n  .insn r 0x2b, 3, 0x2b, " v ", " v ", " hi "\n" \
                             STORE(v)

/* cv.max / cv.min (xcvalu): the activation clamp without branches. */
static inline int32_t rvfw_xcv_clamp(int32_t v, int32_t lo, int32_t hi)
{
    __asm__(".insn r 0x2b, 3, 0x2d, %0, %0, %1" : "+r"(v) : "r"(lo));
    __asm__(".insn r 0x2b, 3, 0x2b, %0, %0, %1" : "+r"(v) : "r"(hi));
    return v;
}

/* The int8 output of an accumulator: the fast requantisation where the build proved it exact
 * (rvfw_conv_params.fast_requant), else TFLite Micro's general one. */
static inline int8_t rvfw_xcv_output(int fast, int32_t acc, int32_t multiplier, int32_t shift, int32_t offset,
                                     int32_t lo, int32_t hi)
{
    if (fast)
        return (int8_t)rvfw_xcv_clamp(rvfw_requantize_right(acc, multiplier, -shift) + offset, lo, hi);
    return rvfw_requantize_s8(acc, multiplier, shift, offset, lo, hi);
}

/* lw of a possibly misaligned word: CV32E40P splits it into two bus transfers in hardware (a C
 * memcpy would be four byte loads and the shifts to join them). */
static inline int32_t rvfw_xcv_word(const int8_t *p)
{
    int32_t v;
    __asm__("lw %0, 0(%1)" : "=r"(v) : "r"(p), "m"(*(const int8_t(*)[4])p));
    return v;
}

/* sw of a possibly misaligned word (the core splits it as it does a load; C's memcpy there would
 * be four byte stores, and GCC routes them through the stack). */
static inline void rvfw_xcv_store_word(int8_t *p, int32_t v)
{
    __asm__("sw %1, 0(%2)" : "=m"(*(int8_t(*)[4])p) : "r"(v), "r"(p));
}

#endif
