/* The trap entry of rvfw's application images, overriding start.S's weak one: a trap taken from
 * U-mode goes to the dispatcher (user.S's rvfw_user_trap; mscratch holds the running model's
 * context then, and 0 in M-mode), any other to start.S's report. An exported application has
 * app_port.S's entry instead, which hands the others to the firmware's own handler. */
  .option norelax

  .section .text.trap, "ax"
  .balign 4
  .global rvfw_trap_entry
rvfw_trap_entry:
  csrrw t0, mscratch, t0
  beqz t0, 1f
  j rvfw_user_trap
1:
  csrrw t0, mscratch, t0    /* mscratch back to 0 */
  j rvfw_machine_trap_report
