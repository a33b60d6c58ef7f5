/* rvfw start-up: stack, gp, trap vector, FPU/vector enable, then C. */
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
  la sp, __stack_top
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
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

/* A trap taken from U-mode goes to user.S: mscratch holds the running model's context then, and
 * 0 in M-mode. Any trap in M-mode is fatal: no register save, the handler reports and exits. */
  .section .text.trap, "ax"
  .balign 4
  .global rvfw_trap_entry
rvfw_trap_entry:
  csrrw t0, mscratch, t0
  beqz t0, 2f
  j rvfw_user_trap
2:
  csrrw t0, mscratch, t0    /* mscratch back to 0 */
  csrr a0, mcause
  csrr a1, mepc
  csrr a2, mtval
  la sp, __stack_top
  call rvfw_trap
1:
  j 1b
