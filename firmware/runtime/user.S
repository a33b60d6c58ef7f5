/* Running model code in U-mode and getting back: rvfw_enter_user saves the M-mode callee-saved
 * registers, drops to U-mode at `entry(arg)` on the model's own stack, and "returns" when the
 * model traps: its normal end is an ecall (mcause 8), anything else is a fault. */
#if __riscv_xlen == 64
#define STORE sd
#define LOAD ld
#define REG 8
#else
#define STORE sw
#define LOAD lw
#define REG 4
#endif

  .section .text.rvfw_user, "ax"
  .balign 4
  /* uintptr_t rvfw_enter_user(void (*entry)(uint8_t *), uint8_t *arg, void *sp, rvfw_user_ctx *ctx) */
  .global rvfw_enter_user
rvfw_enter_user:
  STORE ra, 0*REG(a3)
  STORE sp, 1*REG(a3)
  STORE s0, 2*REG(a3)
  STORE s1, 3*REG(a3)
  STORE s2, 4*REG(a3)
  STORE s3, 5*REG(a3)
  STORE s4, 6*REG(a3)
  STORE s5, 7*REG(a3)
  STORE s6, 8*REG(a3)
  STORE s7, 9*REG(a3)
  STORE s8, 10*REG(a3)
  STORE s9, 11*REG(a3)
  STORE s10, 12*REG(a3)
  STORE s11, 13*REG(a3)
  csrw mscratch, a3
  csrw mepc, a0
  li t0, (3 << 11)          /* mstatus.MPP = U */
  csrc mstatus, t0
  mv a0, a1
  mv sp, a2
  la ra, rvfw_user_return
  /* M-mode values stay out of the model's reach. */
  li s0, 0
  li s1, 0
  li a1, 0
  li a2, 0
  li a3, 0
  li t0, 0
  mret

  /* Where the model's entry function returns to, in U-mode. */
  .global rvfw_user_return
rvfw_user_return:
  ecall
1:
  j 1b

  /* From the trap entry, for traps taken from U-mode: record the cause and resume the M-mode
   * caller of rvfw_enter_user with a0 = mcause. The model's registers are dropped. */
  .global rvfw_user_trap
rvfw_user_trap:
  csrr t0, mscratch
  csrr t1, mcause
  STORE t1, 14*REG(t0)
  csrr t1, mepc
  STORE t1, 15*REG(t0)
  csrr t1, mtval
  STORE t1, 16*REG(t0)
  LOAD ra, 0*REG(t0)
  LOAD sp, 1*REG(t0)
  LOAD s0, 2*REG(t0)
  LOAD s1, 3*REG(t0)
  LOAD s2, 4*REG(t0)
  LOAD s3, 5*REG(t0)
  LOAD s4, 6*REG(t0)
  LOAD s5, 7*REG(t0)
  LOAD s6, 8*REG(t0)
  LOAD s7, 9*REG(t0)
  LOAD s8, 10*REG(t0)
  LOAD s9, 11*REG(t0)
  LOAD s10, 12*REG(t0)
  LOAD s11, 13*REG(t0)
  LOAD a0, 14*REG(t0)
  ret
