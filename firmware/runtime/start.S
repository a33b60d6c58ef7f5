/* SPDX-License-Identifier: Apache-2.0 */
/* rvfw start-up: gp, stack, trap vector, FPU/vector enable, then C.
 *
 * No linker relaxation anywhere in this file: until gp holds __global_pointer$, a relaxed
 * `la` becomes a gp-relative add of garbage (small images, whose stack top lies within 2 KiB of
 * __global_pointer$, trapped at boot that way), and the trap entry must not trust a gp a model
 * may have changed. The build checks the start-up code for gp uses before gp is set
 * (codegen image check). */
  .option norelax
#include "rvfw_trap.h"

  .section .text.start, "ax"
  .global _start
_start:
  /* Some cores start at an alias of the flash (GD32VF103 boots at 0x0): jump to the linked
   * address first so that PC-relative addressing below is right. The address comes from a
   * PC-relative load, which works from either alias. */
  j 2f
  .balign 8
3:
#if __riscv_xlen == 64
  .dword 1f
2:
  ld t0, 3b
#else
  .word 1f
2:
  lw t0, 3b
#endif
  jr t0
1:
  la gp, __global_pointer$
  la sp, __stack_top
  la t0, rvfw_trap_entry
  csrw mtvec, t0
  csrw mscratch, zero       /* no model running (see the trap entry) */
#if defined(__riscv_flen)
  li t0, (1 << 13)          /* mstatus.FS = initial */
  csrs mstatus, t0
  csrwi fcsr, 0
#endif
#if defined(__riscv_vector)
  li t0, (1 << 9)           /* mstatus.VS = initial */
  csrs mstatus, t0
#endif
#if defined(RVFW_XTHEADVECTOR)
  li t0, (1 << 23)          /* XuanTie C906: mstatus.VS is bits 24:23 (RVV 0.7.1 era) = initial */
  csrs mstatus, t0
#endif
  call rvfw_crt_init
  call main
  call rvfw_exit
2:
  j 2b

/* Any trap in M-mode is fatal: no register save, the handler reports and exits. This weak trap
 * entry is the report itself: a one-model image runs in M-mode only. An application image links
 * app_port.S, whose rvfw_trap_entry sends the traps taken from U-mode to the dispatcher (user.S)
 * and the rest here (rvfw_machine_trap); one-model images carry none of the U-mode code. */
  .section .text.trap, "ax"
  .balign 4
  .weak rvfw_trap_entry
  .global rvfw_machine_trap
rvfw_trap_entry:
rvfw_machine_trap:
  /* The report runs on its own small stack: the fault may be a bad sp (a stack past the end of
   * RAM faults on its first push, and reporting on it would fault again, forever). A fault while
   * reporting a fault exits with its own code; a third one (the console itself is broken) spins. */
  la t0, rvfw_trap_depth
  lw t1, 0(t0)
  addi t1, t1, 1
  sw t1, 0(t0)
  la sp, rvfw_trap_stack + RVFW_TRAP_STACK_BYTES
  la gp, __global_pointer$
  li t0, 1
  bne t1, t0, 3f
  csrr a0, mcause
  csrr a1, mepc
  csrr a2, mtval
  call rvfw_trap
3:
  li t0, 2
  bne t1, t0, 1f
  li a0, RVFW_EXIT_DOUBLE_TRAP
  call rvfw_exit
1:
  j 1b
