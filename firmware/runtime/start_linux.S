/* SPDX-License-Identifier: Apache-2.0 */
/* Start-up for images run under a user-mode simulator (xuantie-qemu's qemu-riscv64): the
 * loader has placed every segment and given us a stack; no CSRs to set up in U-mode. */
  .section .text.start, "ax"
  .global _start
_start:
  .option push
  .option norelax
  la gp, __global_pointer$
  .option pop
  call rvfw_crt_init
  call main
  call rvfw_exit
1:
  j 1b
