/* A bare-metal application's own start-up for Spike, as a firmware engineer would write it (nothing
 * from rvfw's runtime): global pointer first (no relaxation before it is set), stack, FPU and vector unit on,
 * .bss zeroed, main, exit with its return value. */
  .option norelax
  .section .text.start, "ax"
  .global _start
_start:
  la gp, __global_pointer$
  la sp, _stack_top
#if defined(__riscv_flen)
  li t0, (1 << 13)          /* mstatus.FS = initial */
  csrs mstatus, t0
#endif
#if defined(__riscv_vector)
  li t0, (1 << 9)           /* mstatus.VS = initial */
  csrs mstatus, t0
#endif
  la t0, _bss_start
  la t1, _bss_end
1:
  bgeu t0, t1, 2f
  sb zero, 0(t0)
  addi t0, t0, 1
  j 1b
2:
  call main
  call app_exit
3:
  j 3b
