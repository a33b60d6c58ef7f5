/* SPDX-License-Identifier: Apache-2.0 */
/* The frame of the RV32 assembly loops (depthwise_conv2d_pairs_s8_scalar, conv2d_s8_xcvsimd):
 * they hold their sums, weights and pointers in every register, the callee-saved ones included,
 * so they save s0-s11 and ra in a 64-byte frame (16-byte aligned, as the ABI keeps sp; words 13
 * to 15 are the loop's own) and restore them on the way out. */
#ifndef RVFW_ASM_RV32_H
#define RVFW_ASM_RV32_H

#define RVFW_ASM_SAVE_ALL                                                                                              \
    "  addi sp, sp, -64\n"                                                                                             \
    "  sw s0, 0(sp)\n  sw s1, 4(sp)\n  sw s2, 8(sp)\n  sw s3, 12(sp)\n  sw s4, 16(sp)\n  sw s5, 20(sp)\n"             \
    "  sw s6, 24(sp)\n  sw s7, 28(sp)\n  sw s8, 32(sp)\n  sw s9, 36(sp)\n  sw s10, 40(sp)\n  sw s11, 44(sp)\n"         \
    "  sw ra, 48(sp)\n"

#define RVFW_ASM_RESTORE_ALL                                                                                           \
    "  lw s0, 0(sp)\n  lw s1, 4(sp)\n  lw s2, 8(sp)\n  lw s3, 12(sp)\n  lw s4, 16(sp)\n  lw s5, 20(sp)\n"             \
    "  lw s6, 24(sp)\n  lw s7, 28(sp)\n  lw s8, 32(sp)\n  lw s9, 36(sp)\n  lw s10, 40(sp)\n  lw s11, 44(sp)\n"         \
    "  lw ra, 48(sp)\n"                                                                                                \
    "  addi sp, sp, 64\n"

#endif
