/* SPDX-License-Identifier: Apache-2.0 */
/* Trap reporting, shared by C and the start-up assembly: the image's exit codes and the size of
 * the stack the M-mode trap report runs on. The host side (codegen) reads the codes back:
 * 0 ok, 1 a mismatch or a failed model, 3 a trap, 4 a trap while reporting a trap (a bad stack
 * pointer, a broken console), 5 the watchdog stopped an inference that overran its deadline. */
#ifndef RVFW_TRAP_H
#define RVFW_TRAP_H

#define RVFW_EXIT_OK 0
#define RVFW_EXIT_TRAP 3
#define RVFW_EXIT_DOUBLE_TRAP 4
#define RVFW_EXIT_DEADLINE 5

#define RVFW_TRAP_STACK_BYTES 256

/* mcause of the machine timer interrupt (the deadline and the watchdog). */
#define RVFW_MCAUSE_MACHINE_TIMER (((uintptr_t)1 << (__riscv_xlen - 1)) | 7u)

#endif
