/* SPDX-License-Identifier: Apache-2.0 */
/* What a start-up must do before the first inference on a core with an FPU or a vector unit
 * (rvfw's own start.S does the same): set mstatus.FS and mstatus.VS to Initial. A start-up that
 * does not (picolibc's crt0 does not) traps with mcause 2 at the first vsetvli or FPU instruction.
 * Call rvfw_vector_enable() once in M-mode, e.g. first thing in main(). */
#ifndef RVFW_ENABLE_H
#define RVFW_ENABLE_H

#include <stdint.h>

/* What the board's kernels use comes from the generated header (RVFW_TARGET_FPU, _VECTOR,
 * _XTHEADVECTOR), not from the flags the application happens to be compiled with: an application
 * built for rv64gc still links RVV kernels built for rv64gcv. */
static inline void rvfw_vector_enable(void)
{
#if defined(RVFW_TARGET_FPU) || defined(__riscv_flen)
    __asm__ volatile("csrs mstatus, %0" ::"r"((uintptr_t)1 << 13)); /* FS = Initial */
    __asm__ volatile("csrwi 0x003, 0");                              /* fcsr: round to nearest, no flags */
#endif
#if defined(RVFW_TARGET_VECTOR) || defined(__riscv_vector)
    __asm__ volatile("csrs mstatus, %0" ::"r"((uintptr_t)1 << 9)); /* VS = Initial */
#endif
#if defined(RVFW_TARGET_XTHEADVECTOR) || defined(RVFW_XTHEADVECTOR)
    __asm__ volatile("csrs mstatus, %0" ::"r"((uintptr_t)1 << 23)); /* XuanTie C906: VS is bits 24:23 */
#endif
}

#endif
