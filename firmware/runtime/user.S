/* SPDX-License-Identifier: Apache-2.0 */
/* Running model code in U-mode and getting back: rvfw_enter_user saves the M-mode callee-saved
 * registers, drops to U-mode at `entry(arena, state)` on the model's own stack, and "returns" when the
 * model traps: its normal end is an ecall (mcause 8), anything else is a fault.
 *
 * An interrupt taken in U-mode is different: the model is only paused. Its whole context
 * (integer, floating-point and vector registers) is saved below the M-mode stack of its
 * rvfw_enter_user call, rvfw_dispatch_interrupt(mcause) runs (the application's rvfw_interrupt,
 * which may run a higher-priority model with rvfw_run), and the model resumes where it was; unless
 * the interrupt is the model's deadline passing: then its turn ends as a fault would.
 *
 * mscratch holds the running model's context while it runs in U-mode and 0 otherwise, so the
 * trap entry (start.S) can tell the cases apart without touching a register first. */
#if __riscv_xlen == 64
#define STORE sd
#define LOAD ld
#define REG 8
#else
#define STORE sw
#define LOAD lw
#define REG 4
#endif
  /* No relaxation: gp may hold anything a model left in it (see start.S). */
  .option norelax

/* rvfw_user_ctx (dispatch.c): ra, sp, s0-s11, mcause, mepc, mtval, two scratch slots. */
#define CTX_MCAUSE (14 * REG)
#define CTX_MEPC (15 * REG)
#define CTX_MTVAL (16 * REG)
#define CTX_SCRATCH (17 * REG)
#define CTX_SCRATCH2 (18 * REG)

/* Interrupt frame: x1..x31 at their index, then mepc, the context pointer, fcsr, vl, vtype,
 * vcsr; f0-f31 and v0-v31 follow (sizes from the ISA). 40 slots keep it 16-byte aligned. */
#define FRAME_MEPC (32 * REG)
#define FRAME_CTX (33 * REG)
#define FRAME_FCSR (34 * REG)
#define FRAME_VL (35 * REG)
#define FRAME_VTYPE (36 * REG)
#define FRAME_VCSR (37 * REG)
#define FRAME_INT (40 * REG)
#if defined(__riscv_flen)
#define FRAME_FP (32 * 8)
#if __riscv_flen == 64
#define FSTORE fsd
#define FLOAD fld
#else
#define FSTORE fsw
#define FLOAD flw
#endif
#else
#define FRAME_FP 0
#endif

/* Zeroes f0-f31 and fcsr (rounding to nearest), v0-v31 and vcsr (vxrm, vxsat), and leaves vtype
 * at e8/m1 with vl = VLMAX; \scratch ends up 0. Run when a model starts and when its turn ends, so
 * no model reads what ran before it and nothing of it stays behind. */
  .macro clear_fp_vector scratch
#if defined(__riscv_flen)
  fscsr zero
  .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
#if __riscv_flen == 64 && __riscv_xlen == 64
  fmv.d.x f\n, zero
#elif __riscv_flen == 64
  fcvt.d.w f\n, zero
#else
  fmv.w.x f\n, zero
#endif
  .endr
#endif
#if defined(__riscv_vector)
  vsetvli \scratch, zero, e8, m8, ta, ma
  vmv.v.i v0, 0
  vmv.v.i v8, 0
  vmv.v.i v16, 0
  vmv.v.i v24, 0
  vsetvli \scratch, zero, e8, m1, ta, ma
  csrw vcsr, zero
  li \scratch, 0
#endif
  .endm

  .section .text.rvfw_user, "ax"
  .balign 4
  /* uintptr_t rvfw_enter_user(void (*entry)(uint8_t *, uint8_t *), uint8_t *arena, uint8_t *state,
   *                           void *sp, rvfw_user_ctx *ctx) */
  .global rvfw_enter_user
rvfw_enter_user:
  STORE ra, 0*REG(a4)
  STORE sp, 1*REG(a4)
  .irp n, 0,1,2,3,4,5,6,7,8,9,10,11
  STORE s\n, (2+\n)*REG(a4)
  .endr
  csrw mscratch, a4
  csrw mepc, a0
  li t0, (3 << 11)          /* mstatus.MPP = U */
  csrc mstatus, t0
  li t0, (1 << 21)          /* mstatus.TW: a model's wfi traps (it would wait for nothing) */
  csrs mstatus, t0
  mv a0, a1
  mv a1, a2
  mv sp, a3
  la ra, rvfw_user_return
  /* Nothing of M-mode or of the model that ran before reaches this one: every register it can
   * read is zero (gp stays __global_pointer$, which it may use; a0/a1 are its arguments), the
   * FPU and vector CSRs are reset, and vtype is e8/m1 with vl = VLMAX. */
  li tp, 0
  .irp n, 5,6,7,8,9,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  li x\n, 0
  .endr
  clear_fp_vector t0
  mret

  /* Where the model's entry function returns to, in U-mode: the one piece of this file models
   * may execute, in a section of its own (the linker script puts it with the kernels). */
  .section .text.rvfw_user_return, "ax"
  .balign 4
  .global rvfw_user_return
rvfw_user_return:
  ecall
1:
  j 1b

  .section .text.rvfw_user, "ax"

  /* From the trap entry, for traps taken from U-mode: t0 = the model's context, mscratch = the
   * model's t0. */
  .global rvfw_user_trap
rvfw_user_trap:
  STORE t1, CTX_SCRATCH(t0)
  csrr t1, mcause
  bltz t1, rvfw_user_interrupt
  /* An exception (ecall included) ends the model's turn: record the cause and resume the M-mode
   * caller of rvfw_enter_user with a0 = mcause. The model's registers are dropped. */
  STORE t1, CTX_MCAUSE(t0)
  csrr t1, mepc
  STORE t1, CTX_MEPC(t0)
  csrr t1, mtval
  STORE t1, CTX_MTVAL(t0)
rvfw_user_end:
  clear_fp_vector t1        /* the model's floating-point and vector values stay with it */
  csrw mscratch, zero
  la gp, __global_pointer$  /* the model may have changed gp; M-mode code relies on it */
  LOAD ra, 0*REG(t0)
  LOAD sp, 1*REG(t0)
  .irp n, 0,1,2,3,4,5,6,7,8,9,10,11
  LOAD s\n, (2+\n)*REG(t0)
  .endr
  LOAD a0, CTX_MCAUSE(t0)
  ret

rvfw_user_interrupt:
  /* t0 = context, t1 (saved) = mcause. The frame goes below the M-mode stack pointer that
   * rvfw_enter_user saved. */
  STORE t2, CTX_SCRATCH2(t0)
  LOAD t1, 1*REG(t0)
#if defined(__riscv_vector)
  csrr t2, vlenb
  slli t2, t2, 5
  sub t1, t1, t2
#endif
  addi t1, t1, -(FRAME_INT + FRAME_FP)
  andi t1, t1, -16
  .irp n, 1,2,3,4,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  STORE x\n, \n*REG(t1)
  .endr
  mv sp, t1
  STORE t0, FRAME_CTX(sp)
  LOAD t1, CTX_SCRATCH(t0)  /* the model's t1 */
  STORE t1, 6*REG(sp)
  LOAD t1, CTX_SCRATCH2(t0) /* the model's t2 */
  STORE t1, 7*REG(sp)
  csrrw t1, mscratch, zero  /* the model's t0; M-mode from here on */
  STORE t1, 5*REG(sp)
  csrr t0, mepc
  STORE t0, FRAME_MEPC(sp)
#if defined(__riscv_flen)
  frcsr t0
  STORE t0, FRAME_FCSR(sp)
  addi t0, sp, FRAME_INT
  .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  FSTORE f\n, \n*8(t0)
  .endr
#endif
#if defined(__riscv_vector)
  csrr t0, vl
  STORE t0, FRAME_VL(sp)
  csrr t0, vtype
  STORE t0, FRAME_VTYPE(sp)
  csrr t0, vcsr
  STORE t0, FRAME_VCSR(sp)
  csrr t1, vlenb
  slli t1, t1, 3            /* bytes of 8 registers */
  addi t0, sp, FRAME_INT + FRAME_FP
  vs8r.v v0, (t0)
  add t0, t0, t1
  vs8r.v v8, (t0)
  add t0, t0, t1
  vs8r.v v16, (t0)
  add t0, t0, t1
  vs8r.v v24, (t0)
#endif
  csrr a0, mcause
  call rvfw_dispatch_interrupt
  bnez a0, rvfw_user_overran
#if defined(__riscv_vector)
  csrr t1, vlenb
  slli t1, t1, 3
  addi t0, sp, FRAME_INT + FRAME_FP
  vl8r.v v0, (t0)
  add t0, t0, t1
  vl8r.v v8, (t0)
  add t0, t0, t1
  vl8r.v v16, (t0)
  add t0, t0, t1
  vl8r.v v24, (t0)
  LOAD t0, FRAME_VL(sp)
  LOAD t1, FRAME_VTYPE(sp)
  vsetvl zero, t0, t1
  LOAD t0, FRAME_VCSR(sp)
  csrw vcsr, t0
#endif
#if defined(__riscv_flen)
  LOAD t0, FRAME_FCSR(sp)
  fscsr t0
  addi t0, sp, FRAME_INT
  .irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  FLOAD f\n, \n*8(t0)
  .endr
#endif
  LOAD t0, FRAME_MEPC(sp)
  csrw mepc, t0
  li t0, (3 << 11)          /* back to U-mode */
  csrc mstatus, t0
  LOAD t0, FRAME_CTX(sp)
  csrw mscratch, t0
  .irp n, 1,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31
  LOAD x\n, \n*REG(sp)
  .endr
  LOAD x2, 2*REG(sp)        /* sp last: the frame is read through it */
  mret

rvfw_user_overran:
  /* The model overran its deadline: its turn ends like a fault, with the timer's mcause and the
   * pc it was stopped at; the frame is dropped with the rest of its registers. */
  LOAD t0, FRAME_CTX(sp)
  csrr t1, mcause
  STORE t1, CTX_MCAUSE(t0)
  LOAD t1, FRAME_MEPC(sp)
  STORE t1, CTX_MEPC(t0)
  STORE zero, CTX_MTVAL(t0)
  j rvfw_user_end
