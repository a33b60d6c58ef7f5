/* SPDX-License-Identifier: Apache-2.0 */
/* What an exported application (`rvfw export --app`) needs from the firmware it lives in, in
 * place of rvfw's own start-up: a trap entry that sends the traps of a running model to the
 * dispatcher (user.S) and every other trap to the firmware's handler, and the call that installs
 * it. rvfw's own application images use the same entry: as rvfw_trap_entry it overrides start.S's
 * weak M-mode-only one, and start.S's report is their rvfw_machine_trap.
 *
 * mscratch is the dispatcher's: 0 in M-mode, the running model's context in U-mode. The firmware
 * must not use it, and must have enabled the FPU / vector unit (mstatus.FS / VS) if the models
 * use them. */
  .option norelax

  .section .text.rvfw_app_port, "ax"
  .balign 4
  .global rvfw_app_trap_entry
  .global rvfw_trap_entry
rvfw_app_trap_entry:
rvfw_trap_entry:
  csrrw t0, mscratch, t0
  beqz t0, 1f
  j rvfw_user_trap
1:
  csrrw t0, mscratch, t0    /* mscratch back to 0, t0 back to what it was */
  j rvfw_machine_trap       /* every register as the trap left it */

/* rvfw_app_init(): mscratch = 0 and mtvec = rvfw_app_trap_entry (direct mode). Call it once,
 * before the first rvfw_run(). */
  .global rvfw_app_init
rvfw_app_init:
  csrw mscratch, zero
  la t0, rvfw_app_trap_entry
  csrw mtvec, t0
  ret

/* The firmware's M-mode trap handler, entered like a trap vector. Define your own; this one parks
 * the hart. */
  .weak rvfw_machine_trap
rvfw_machine_trap:
  wfi
  j rvfw_machine_trap

/* An interrupt taken while a model runs, with the model paused (see rvfw_app.h). Define your own;
 * this one masks that interrupt source (mie bit mcause & 63) so that the model can go on. */
  .weak rvfw_interrupt
rvfw_interrupt:
  andi a0, a0, 63
  li t0, 1
  sll t0, t0, a0
  csrc mie, t0
  ret
