/* SPDX-License-Identifier: Apache-2.0 */
/* XTheadVector (the RVV 0.7.1 dialect of T-Head's C906/C910) without a compiler that knows it:
 * GNU as macros that emit the instruction words from the XTheadVector specification, used from
 * inline asm. Vector registers are numbers fixed by the kernels (the compiler never touches the
 * vector unit: the files are built for rv64gc); scalar registers come from asm operands.
 *
 * Encodings: OP-V (0x57) funct6 | vm | vs2 | vs1/rs1/imm | funct3 | vd; loads (0x07) and stores
 * (0x27) nf | mop | vm | rs2/lumop | rs1 | width | vd. 0.7.1 differs from 1.0 in the vtype layout
 * (vsew in bits 4:2, vlmul in 1:0), in its loads and stores (mop 100 = sign-extending, width
 * 000 = bytes: vlb.v widens int8 to SEW and vsb.v stores each element's low byte), and in masks
 * (one element per SEW/LMUL bits: produce and use masks under the same vtype). */
#ifndef RVFW_XTHEAD_H
#define RVFW_XTHEAD_H

#include <stddef.h>
#include <stdint.h>

/* vtype for SEW 32, LMUL 8 (0.7.1 layout): 32 int32 lanes at VLEN 128. The kernels use the
 * register groups v8 (accumulators), v16 and v24; v0 and v1 hold masks. */
#define RVFW_XT_E32M8 ((2 << 2) | 3)
/* SEW 32, LMUL 4: 16 lanes at VLEN 128, eight register groups (v0 holds masks) for kernels that
 * keep many values live (SOFTMAX's fixed-point exp). */
#define RVFW_XT_E32M4 ((2 << 2) | 2)

__asm__(
    ".ifndef rvfw_xt_macros\n"
    ".set rvfw_xt_macros, 1\n"
    ".macro rvfw_xt_x sym, r\n"
    "  .ifc \\r,zero\n    .set \\sym,0\n  .endif\n"
    "  .ifc \\r,ra\n    .set \\sym,1\n  .endif\n"
    "  .ifc \\r,sp\n    .set \\sym,2\n  .endif\n"
    "  .ifc \\r,gp\n    .set \\sym,3\n  .endif\n"
    "  .ifc \\r,tp\n    .set \\sym,4\n  .endif\n"
    "  .ifc \\r,t0\n    .set \\sym,5\n  .endif\n"
    "  .ifc \\r,t1\n    .set \\sym,6\n  .endif\n"
    "  .ifc \\r,t2\n    .set \\sym,7\n  .endif\n"
    "  .ifc \\r,s0\n    .set \\sym,8\n  .endif\n"
    "  .ifc \\r,fp\n    .set \\sym,8\n  .endif\n"
    "  .ifc \\r,s1\n    .set \\sym,9\n  .endif\n"
    "  .ifc \\r,a0\n    .set \\sym,10\n  .endif\n"
    "  .ifc \\r,a1\n    .set \\sym,11\n  .endif\n"
    "  .ifc \\r,a2\n    .set \\sym,12\n  .endif\n"
    "  .ifc \\r,a3\n    .set \\sym,13\n  .endif\n"
    "  .ifc \\r,a4\n    .set \\sym,14\n  .endif\n"
    "  .ifc \\r,a5\n    .set \\sym,15\n  .endif\n"
    "  .ifc \\r,a6\n    .set \\sym,16\n  .endif\n"
    "  .ifc \\r,a7\n    .set \\sym,17\n  .endif\n"
    "  .ifc \\r,s2\n    .set \\sym,18\n  .endif\n"
    "  .ifc \\r,s3\n    .set \\sym,19\n  .endif\n"
    "  .ifc \\r,s4\n    .set \\sym,20\n  .endif\n"
    "  .ifc \\r,s5\n    .set \\sym,21\n  .endif\n"
    "  .ifc \\r,s6\n    .set \\sym,22\n  .endif\n"
    "  .ifc \\r,s7\n    .set \\sym,23\n  .endif\n"
    "  .ifc \\r,s8\n    .set \\sym,24\n  .endif\n"
    "  .ifc \\r,s9\n    .set \\sym,25\n  .endif\n"
    "  .ifc \\r,s10\n    .set \\sym,26\n  .endif\n"
    "  .ifc \\r,s11\n    .set \\sym,27\n  .endif\n"
    "  .ifc \\r,t3\n    .set \\sym,28\n  .endif\n"
    "  .ifc \\r,t4\n    .set \\sym,29\n  .endif\n"
    "  .ifc \\r,t5\n    .set \\sym,30\n  .endif\n"
    "  .ifc \\r,t6\n    .set \\sym,31\n  .endif\n"
    "  .ifc \\r,x0\n    .set \\sym,0\n  .endif\n"
    "  .ifc \\r,x1\n    .set \\sym,1\n  .endif\n"
    "  .ifc \\r,x2\n    .set \\sym,2\n  .endif\n"
    "  .ifc \\r,x3\n    .set \\sym,3\n  .endif\n"
    "  .ifc \\r,x4\n    .set \\sym,4\n  .endif\n"
    "  .ifc \\r,x5\n    .set \\sym,5\n  .endif\n"
    "  .ifc \\r,x6\n    .set \\sym,6\n  .endif\n"
    "  .ifc \\r,x7\n    .set \\sym,7\n  .endif\n"
    "  .ifc \\r,x8\n    .set \\sym,8\n  .endif\n"
    "  .ifc \\r,x9\n    .set \\sym,9\n  .endif\n"
    "  .ifc \\r,x10\n    .set \\sym,10\n  .endif\n"
    "  .ifc \\r,x11\n    .set \\sym,11\n  .endif\n"
    "  .ifc \\r,x12\n    .set \\sym,12\n  .endif\n"
    "  .ifc \\r,x13\n    .set \\sym,13\n  .endif\n"
    "  .ifc \\r,x14\n    .set \\sym,14\n  .endif\n"
    "  .ifc \\r,x15\n    .set \\sym,15\n  .endif\n"
    "  .ifc \\r,x16\n    .set \\sym,16\n  .endif\n"
    "  .ifc \\r,x17\n    .set \\sym,17\n  .endif\n"
    "  .ifc \\r,x18\n    .set \\sym,18\n  .endif\n"
    "  .ifc \\r,x19\n    .set \\sym,19\n  .endif\n"
    "  .ifc \\r,x20\n    .set \\sym,20\n  .endif\n"
    "  .ifc \\r,x21\n    .set \\sym,21\n  .endif\n"
    "  .ifc \\r,x22\n    .set \\sym,22\n  .endif\n"
    "  .ifc \\r,x23\n    .set \\sym,23\n  .endif\n"
    "  .ifc \\r,x24\n    .set \\sym,24\n  .endif\n"
    "  .ifc \\r,x25\n    .set \\sym,25\n  .endif\n"
    "  .ifc \\r,x26\n    .set \\sym,26\n  .endif\n"
    "  .ifc \\r,x27\n    .set \\sym,27\n  .endif\n"
    "  .ifc \\r,x28\n    .set \\sym,28\n  .endif\n"
    "  .ifc \\r,x29\n    .set \\sym,29\n  .endif\n"
    "  .ifc \\r,x30\n    .set \\sym,30\n  .endif\n"
    "  .ifc \\r,x31\n    .set \\sym,31\n  .endif\n"
    ".endm\n"
    /* OP-V arithmetic: funct6, funct3, vm, vd, src1 (vs1, rs1 number or imm), vs2 */
    ".macro rvfw_xt_opv f6, f3, vm, vd, s1, vs2\n"
    "  .word 0x57 | ((\\vd) << 7) | ((\\f3) << 12) | (((\\s1) & 31) << 15) | ((\\vs2) << 20) | ((\\vm) << 25) | ((\\f6) << 26)\n"
    ".endm\n"
    ".macro th_vsetvli rd, rs1, vtype\n"
    "  rvfw_xt_x rvfw_d, \\rd\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x7057 | (rvfw_d << 7) | (rvfw_s << 15) | ((\\vtype) << 20)\n"
    ".endm\n"
    /* loads: vle.v (SEW elements), vlse.v (strided), vlb.v / vlsb.v (int8, sign-extended to SEW) */
    ".macro th_vle vd, rs1\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x07 | ((\\vd) << 7) | (7 << 12) | (rvfw_s << 15) | (1 << 25)\n.endm\n"
    ".macro th_vlse vd, rs1, rs2\n  rvfw_xt_x rvfw_s, \\rs1\n  rvfw_xt_x rvfw_t, \\rs2\n"
    "  .word 0x07 | ((\\vd) << 7) | (7 << 12) | (rvfw_s << 15) | (rvfw_t << 20) | (1 << 25) | (2 << 26)\n.endm\n"
    ".macro th_vlb vd, rs1\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x07 | ((\\vd) << 7) | (rvfw_s << 15) | (1 << 25) | (4 << 26)\n.endm\n"
    ".macro th_vlsb vd, rs1, rs2\n  rvfw_xt_x rvfw_s, \\rs1\n  rvfw_xt_x rvfw_t, \\rs2\n"
    "  .word 0x07 | ((\\vd) << 7) | (rvfw_s << 15) | (rvfw_t << 20) | (1 << 25) | (6 << 26)\n.endm\n"
    /* vlsb.v under mask v0: lanes whose mask bit is clear are not read and keep vd */
    ".macro th_vlsb_v0 vd, rs1, rs2\n  rvfw_xt_x rvfw_s, \\rs1\n  rvfw_xt_x rvfw_t, \\rs2\n"
    "  .word 0x07 | ((\\vd) << 7) | (rvfw_s << 15) | (rvfw_t << 20) | (6 << 26)\n.endm\n"
    /* vlbu.v: uint8 zero-extended to SEW; vlxb.v: int8 at base + each SEW offset of vs2, sign-extended */
    ".macro th_vlbu vd, rs1\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x07 | ((\\vd) << 7) | (rvfw_s << 15) | (1 << 25)\n.endm\n"
    ".macro th_vlxb vd, rs1, vs2\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x07 | ((\\vd) << 7) | (rvfw_s << 15) | ((\\vs2) << 20) | (1 << 25) | (7 << 26)\n.endm\n"
    /* vlhu.v: uint16 zero-extended to SEW */
    ".macro th_vlhu vd, rs1\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x07 | ((\\vd) << 7) | (5 << 12) | (rvfw_s << 15) | (1 << 25)\n.endm\n"
    /* stores of each element's low byte: vsb.v, vssb.v (strided), vsxb.v (indexed by SEW offsets) */
    ".macro th_vsxb vs3, rs1, vs2\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x27 | ((\\vs3) << 7) | (rvfw_s << 15) | ((\\vs2) << 20) | (1 << 25) | (3 << 26)\n.endm\n"
    ".macro th_vsb vs3, rs1\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x27 | ((\\vs3) << 7) | (rvfw_s << 15) | (1 << 25)\n.endm\n"
    /* vlh.v / vlsh.v: int16 sign-extended to SEW (unit-stride, strided); vsh.v / vssh.v store each
     * element's low 16 bits (unit-stride, strided) */
    ".macro th_vlh vd, rs1\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x07 | ((\\vd) << 7) | (5 << 12) | (rvfw_s << 15) | (1 << 25) | (4 << 26)\n.endm\n"
    ".macro th_vlsh vd, rs1, rs2\n  rvfw_xt_x rvfw_s, \\rs1\n  rvfw_xt_x rvfw_t, \\rs2\n"
    "  .word 0x07 | ((\\vd) << 7) | (5 << 12) | (rvfw_s << 15) | (rvfw_t << 20) | (1 << 25) | (6 << 26)\n.endm\n"
    ".macro th_vsh vs3, rs1\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x27 | ((\\vs3) << 7) | (5 << 12) | (rvfw_s << 15) | (1 << 25)\n.endm\n"
    ".macro th_vssh vs3, rs1, rs2\n  rvfw_xt_x rvfw_s, \\rs1\n  rvfw_xt_x rvfw_t, \\rs2\n"
    "  .word 0x27 | ((\\vs3) << 7) | (5 << 12) | (rvfw_s << 15) | (rvfw_t << 20) | (1 << 25) | (2 << 26)\n.endm\n"
    /* vsse.v: SEW elements, strided */
    ".macro th_vsse vs3, rs1, rs2\n  rvfw_xt_x rvfw_s, \\rs1\n  rvfw_xt_x rvfw_t, \\rs2\n"
    "  .word 0x27 | ((\\vs3) << 7) | (7 << 12) | (rvfw_s << 15) | (rvfw_t << 20) | (1 << 25) | (2 << 26)\n.endm\n"
    ".macro th_vssb vs3, rs1, rs2\n  rvfw_xt_x rvfw_s, \\rs1\n  rvfw_xt_x rvfw_t, \\rs2\n"
    "  .word 0x27 | ((\\vs3) << 7) | (rvfw_s << 15) | (rvfw_t << 20) | (1 << 25) | (2 << 26)\n.endm\n"
    /* .vx forms take a scalar register name */
    ".macro rvfw_xt_vx f6, f3, vm, vd, vs2, rs1\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  rvfw_xt_opv \\f6, \\f3, \\vm, \\vd, rvfw_s, \\vs2\n.endm\n"
    /* a float register's number from its name (the "f" operands of the .vf forms) */
    ".macro rvfw_xt_f sym, r\n"
    "  .ifc \\r,ft0\n    .set \\sym,0\n  .endif\n"
    "  .ifc \\r,ft1\n    .set \\sym,1\n  .endif\n"
    "  .ifc \\r,ft2\n    .set \\sym,2\n  .endif\n"
    "  .ifc \\r,ft3\n    .set \\sym,3\n  .endif\n"
    "  .ifc \\r,ft4\n    .set \\sym,4\n  .endif\n"
    "  .ifc \\r,ft5\n    .set \\sym,5\n  .endif\n"
    "  .ifc \\r,ft6\n    .set \\sym,6\n  .endif\n"
    "  .ifc \\r,ft7\n    .set \\sym,7\n  .endif\n"
    "  .ifc \\r,fs0\n    .set \\sym,8\n  .endif\n"
    "  .ifc \\r,fs1\n    .set \\sym,9\n  .endif\n"
    "  .ifc \\r,fa0\n    .set \\sym,10\n  .endif\n"
    "  .ifc \\r,fa1\n    .set \\sym,11\n  .endif\n"
    "  .ifc \\r,fa2\n    .set \\sym,12\n  .endif\n"
    "  .ifc \\r,fa3\n    .set \\sym,13\n  .endif\n"
    "  .ifc \\r,fa4\n    .set \\sym,14\n  .endif\n"
    "  .ifc \\r,fa5\n    .set \\sym,15\n  .endif\n"
    "  .ifc \\r,fa6\n    .set \\sym,16\n  .endif\n"
    "  .ifc \\r,fa7\n    .set \\sym,17\n  .endif\n"
    "  .ifc \\r,fs2\n    .set \\sym,18\n  .endif\n"
    "  .ifc \\r,fs3\n    .set \\sym,19\n  .endif\n"
    "  .ifc \\r,fs4\n    .set \\sym,20\n  .endif\n"
    "  .ifc \\r,fs5\n    .set \\sym,21\n  .endif\n"
    "  .ifc \\r,fs6\n    .set \\sym,22\n  .endif\n"
    "  .ifc \\r,fs7\n    .set \\sym,23\n  .endif\n"
    "  .ifc \\r,fs8\n    .set \\sym,24\n  .endif\n"
    "  .ifc \\r,fs9\n    .set \\sym,25\n  .endif\n"
    "  .ifc \\r,fs10\n    .set \\sym,26\n  .endif\n"
    "  .ifc \\r,fs11\n    .set \\sym,27\n  .endif\n"
    "  .ifc \\r,ft8\n    .set \\sym,28\n  .endif\n"
    "  .ifc \\r,ft9\n    .set \\sym,29\n  .endif\n"
    "  .ifc \\r,ft10\n    .set \\sym,30\n  .endif\n"
    "  .ifc \\r,ft11\n    .set \\sym,31\n  .endif\n"
    "  .ifc \\r,f0\n    .set \\sym,0\n  .endif\n"
    "  .ifc \\r,f1\n    .set \\sym,1\n  .endif\n"
    "  .ifc \\r,f2\n    .set \\sym,2\n  .endif\n"
    "  .ifc \\r,f3\n    .set \\sym,3\n  .endif\n"
    "  .ifc \\r,f4\n    .set \\sym,4\n  .endif\n"
    "  .ifc \\r,f5\n    .set \\sym,5\n  .endif\n"
    "  .ifc \\r,f6\n    .set \\sym,6\n  .endif\n"
    "  .ifc \\r,f7\n    .set \\sym,7\n  .endif\n"
    "  .ifc \\r,f8\n    .set \\sym,8\n  .endif\n"
    "  .ifc \\r,f9\n    .set \\sym,9\n  .endif\n"
    "  .ifc \\r,f10\n    .set \\sym,10\n  .endif\n"
    "  .ifc \\r,f11\n    .set \\sym,11\n  .endif\n"
    "  .ifc \\r,f12\n    .set \\sym,12\n  .endif\n"
    "  .ifc \\r,f13\n    .set \\sym,13\n  .endif\n"
    "  .ifc \\r,f14\n    .set \\sym,14\n  .endif\n"
    "  .ifc \\r,f15\n    .set \\sym,15\n  .endif\n"
    "  .ifc \\r,f16\n    .set \\sym,16\n  .endif\n"
    "  .ifc \\r,f17\n    .set \\sym,17\n  .endif\n"
    "  .ifc \\r,f18\n    .set \\sym,18\n  .endif\n"
    "  .ifc \\r,f19\n    .set \\sym,19\n  .endif\n"
    "  .ifc \\r,f20\n    .set \\sym,20\n  .endif\n"
    "  .ifc \\r,f21\n    .set \\sym,21\n  .endif\n"
    "  .ifc \\r,f22\n    .set \\sym,22\n  .endif\n"
    "  .ifc \\r,f23\n    .set \\sym,23\n  .endif\n"
    "  .ifc \\r,f24\n    .set \\sym,24\n  .endif\n"
    "  .ifc \\r,f25\n    .set \\sym,25\n  .endif\n"
    "  .ifc \\r,f26\n    .set \\sym,26\n  .endif\n"
    "  .ifc \\r,f27\n    .set \\sym,27\n  .endif\n"
    "  .ifc \\r,f28\n    .set \\sym,28\n  .endif\n"
    "  .ifc \\r,f29\n    .set \\sym,29\n  .endif\n"
    "  .ifc \\r,f30\n    .set \\sym,30\n  .endif\n"
    "  .ifc \\r,f31\n    .set \\sym,31\n  .endif\n"
    ".endm\n"
    /* .vf forms take a float register name */
    ".macro rvfw_xt_vf f6, vm, vd, vs2, fs1\n  rvfw_xt_f rvfw_s, \\fs1\n"
    "  rvfw_xt_opv \\f6, 5, \\vm, \\vd, rvfw_s, \\vs2\n.endm\n"
    /* vlxe.v: SEW elements at base + each SEW offset of vs2 */
    ".macro th_vlxe vd, rs1, vs2\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x07 | ((\\vd) << 7) | (7 << 12) | (rvfw_s << 15) | ((\\vs2) << 20) | (1 << 25) | (3 << 26)\n.endm\n"
    /* vse.v: SEW elements stored unit-stride */
    ".macro th_vse vs3, rs1\n  rvfw_xt_x rvfw_s, \\rs1\n"
    "  .word 0x27 | ((\\vs3) << 7) | (7 << 12) | (rvfw_s << 15) | (1 << 25)\n.endm\n"
    ".endif\n");

/* Unmasked unless noted; funct6 and funct3 from the 0.7.1 tables. */
#define RVFW_XT_OPIVV 0
#define RVFW_XT_OPMVV 2
#define RVFW_XT_OPIVI 3
#define RVFW_XT_OPIVX 4
#define RVFW_XT_OPMVX 6
#define RVFW_XT_STR_(x) #x
#define RVFW_XT_STR(x) RVFW_XT_STR_(x)

/* vd = op(vs2, vs1) */
#define XT_VV(f6, f3, vd, vs2, vs1)                                                                        \
    __asm__ volatile("rvfw_xt_opv " RVFW_XT_STR(f6) ", " RVFW_XT_STR(f3) ", 1, " RVFW_XT_STR(vd) ", "       \
                     RVFW_XT_STR(vs1) ", " RVFW_XT_STR(vs2))
/* vd = op(vs2, x) where mask v0 is set; other lanes keep vd (vm = 0) */
#define XT_VX_V0(f6, f3, vd, vs2, x)                                                                       \
    __asm__ volatile("rvfw_xt_vx " RVFW_XT_STR(f6) ", " RVFW_XT_STR(f3) ", 0, " RVFW_XT_STR(vd) ", "        \
                     RVFW_XT_STR(vs2) ", %0" ::"r"((intptr_t)(x)))
/* vd = op(vs2, x) */
#define XT_VX(f6, f3, vd, vs2, x)                                                                          \
    __asm__ volatile("rvfw_xt_vx " RVFW_XT_STR(f6) ", " RVFW_XT_STR(f3) ", 1, " RVFW_XT_STR(vd) ", "        \
                     RVFW_XT_STR(vs2) ", %0" ::"r"((intptr_t)(x)))

/* vd = op(vs2, vs1) where mask v0 is set (vmerge.vvm: v0 ? vs1 : vs2 in every lane) */
#define XT_VV_V0(f6, f3, vd, vs2, vs1)                                                                     \
    __asm__ volatile("rvfw_xt_opv " RVFW_XT_STR(f6) ", " RVFW_XT_STR(f3) ", 0, " RVFW_XT_STR(vd) ", "       \
                     RVFW_XT_STR(vs1) ", " RVFW_XT_STR(vs2))
/* Float forms (OPFVV, OPFVF), round to nearest even as fcsr.frm: vd = op(vs2, vs1) and
 * vd = op(vs2, f), f a float in a float register. */
#define RVFW_XT_OPFVV 1
#define XT_FVV(f6, vd, vs2, vs1) XT_VV(f6, RVFW_XT_OPFVV, vd, vs2, vs1)
#define XT_FVF(f6, vd, vs2, f)                                                                             \
    __asm__ volatile("rvfw_xt_vf " RVFW_XT_STR(f6) ", 1, " RVFW_XT_STR(vd) ", " RVFW_XT_STR(vs2) ", %0"     \
                     ::"f"((float)(f)))
#define XT_FVF_V0(f6, vd, vs2, f)                                                                          \
    __asm__ volatile("rvfw_xt_vf " RVFW_XT_STR(f6) ", 0, " RVFW_XT_STR(vd) ", " RVFW_XT_STR(vs2) ", %0"     \
                     ::"f"((float)(f)))
#define XT_VFADD_VV(vd, vs2, vs1) XT_FVV(0x00, vd, vs2, vs1)
#define XT_VFADD_VF(vd, vs2, f) XT_FVF(0x00, vd, vs2, f)
#define XT_VFSUB_VV(vd, vs2, vs1) XT_FVV(0x02, vd, vs2, vs1) /* vs2 - vs1 */
#define XT_VFSUB_VF(vd, vs2, f) XT_FVF(0x02, vd, vs2, f)
#define XT_VFRSUB_VF(vd, vs2, f) XT_FVF(0x27, vd, vs2, f) /* f - vs2 */
#define XT_VFMUL_VV(vd, vs2, vs1) XT_FVV(0x24, vd, vs2, vs1)
#define XT_VFMUL_VF(vd, vs2, f) XT_FVF(0x24, vd, vs2, f)
#define XT_VFDIV_VV(vd, vs2, vs1) XT_FVV(0x20, vd, vs2, vs1) /* vs2 / vs1 */
#define XT_VFDIV_VF(vd, vs2, f) XT_FVF(0x20, vd, vs2, f)
#define XT_VFRDIV_VF(vd, vs2, f) XT_FVF(0x21, vd, vs2, f) /* f / vs2 */
#define XT_VFMERGE_VFM(vd, vs2, f) XT_FVF_V0(0x17, vd, vs2, f) /* vd = v0 ? f : vs2 */
#define XT_VFMV_VF(vd, f) XT_FVF(0x17, vd, 0, f)                 /* vfmv.v.f */
#define XT_VFREDOSUM_VS(vd, vs2, vs1) XT_FVV(0x03, vd, vs2, vs1) /* vd[0] = vs1[0] + vs2[0] + vs2[1] + ... in order */
#define XT_VMFGT_VF(vd, vs2, f) XT_FVF(0x1d, vd, vs2, f)    /* -> mask */
#define XT_VMFGE_VF(vd, vs2, f) XT_FVF(0x1f, vd, vs2, f)    /* -> mask */
#define XT_VMERGE_VVM(vd, vs2, vs1) XT_VV_V0(0x17, RVFW_XT_OPIVV, vd, vs2, vs1) /* vd = v0 ? vs1 : vs2 */
#define XT_VMSGT_VX(vd, vs2, x) XT_VX(0x1f, RVFW_XT_OPIVX, vd, vs2, x)   /* vmsgt.vx -> mask */
#define XT_VMSGTU_VX(vd, vs2, x) XT_VX(0x1e, RVFW_XT_OPIVX, vd, vs2, x)  /* vmsgtu.vx -> mask */
#define XT_VXOR_VX(vd, vs2, x) XT_VX(0x0b, RVFW_XT_OPIVX, vd, vs2, x)
#define XT_VXOR_VV(vd, vs2, vs1) XT_VV(0x0b, RVFW_XT_OPIVV, vd, vs2, vs1)
#define XT_VSRL_VV(vd, vs2, vs1) XT_VV(0x28, RVFW_XT_OPIVV, vd, vs2, vs1)
#define XT_VMV_VV(vd, vs1) XT_VV(0x17, RVFW_XT_OPIVV, vd, 0, vs1) /* vmv.v.v */
/* vfcvt.x.f.v (float to int32 in fcsr.frm: 0.7.1 has no rtz form) and vfcvt.f.x.v (VFUNARY0) */
#define XT_VFCVT_X_F(vd, vs2) XT_FVV(0x22, vd, vs2, 1)
#define XT_VFCVT_F_X(vd, vs2) XT_FVV(0x22, vd, vs2, 3)
/* .vf forms at SEW 64: a double in a float register */
#define XT_FVF_D(f6, vd, vs2, f)                                                                           \
    __asm__ volatile("rvfw_xt_vf " RVFW_XT_STR(f6) ", 1, " RVFW_XT_STR(vd) ", " RVFW_XT_STR(vs2) ", %0"     \
                     ::"f"((double)(f)))
#define XT_VFADD_VF_D(vd, vs2, f) XT_FVF_D(0x00, vd, vs2, f)
#define XT_VFSUB_VF_D(vd, vs2, f) XT_FVF_D(0x02, vd, vs2, f)
#define XT_VFMUL_VF_D(vd, vs2, f) XT_FVF_D(0x24, vd, vs2, f)
#define XT_VMFLT_VF(vd, vs2, f) XT_FVF(0x1b, vd, vs2, f) /* -> mask */
/* vfwcvt.f.f.v (float32 to float64, exact) and vfncvt.f.f.v (float64 to float32 in fcsr.frm),
 * under the narrower type's vtype: the wide operand has twice its SEW and LMUL */
#define XT_VFWCVT_F_F(vd, vs2) XT_FVV(0x22, vd, vs2, 12)
#define XT_VFNCVT_F_F(vd, vs2) XT_FVV(0x22, vd, vs2, 20)
#define XT_VLXE(vd, ptr, vs2) \
    __asm__ volatile("th_vlxe " RVFW_XT_STR(vd) ", %0, " RVFW_XT_STR(vs2) ::"r"(ptr) : "memory")
#define XT_VSE(vs3, ptr) __asm__ volatile("th_vse " RVFW_XT_STR(vs3) ", %0" ::"r"(ptr) : "memory")
#define XT_VLH(vd, ptr) __asm__ volatile("th_vlh " RVFW_XT_STR(vd) ", %0" ::"r"(ptr) : "memory")
#define XT_VLSH(vd, ptr, stride) \
    __asm__ volatile("th_vlsh " RVFW_XT_STR(vd) ", %0, %1" ::"r"(ptr), "r"((intptr_t)(stride)) : "memory")
#define XT_VSH(vs3, ptr) __asm__ volatile("th_vsh " RVFW_XT_STR(vs3) ", %0" ::"r"(ptr) : "memory")
#define XT_VSSH(vs3, ptr, stride) \
    __asm__ volatile("th_vssh " RVFW_XT_STR(vs3) ", %0, %1" ::"r"(ptr), "r"((intptr_t)(stride)) : "memory")
#define XT_VSSE(vs3, ptr, stride) \
    __asm__ volatile("th_vsse " RVFW_XT_STR(vs3) ", %0, %1" ::"r"(ptr), "r"((intptr_t)(stride)) : "memory")

/* out (an intptr_t) = element `index` of vs2 (vext.x.v, 0.7.1's form of vmv.x.s). */
#define XT_VEXT_X(out, vs2, index)                                                                         \
    __asm__ volatile("rvfw_xt_x rvfw_d, %0\n rvfw_xt_x rvfw_s, %1\n rvfw_xt_opv 0x0c, " RVFW_XT_STR(RVFW_XT_OPMVV) \
                     ", 1, rvfw_d, rvfw_s, " RVFW_XT_STR(vs2)                                               \
                     : "=r"(out)                                                                            \
                     : "r"((intptr_t)(index)))

static inline size_t rvfw_xt_setvl_e32m4(size_t n)
{
    size_t vl;
    __asm__ volatile("th_vsetvli %0, %1, " RVFW_XT_STR(RVFW_XT_E32M4) : "=r"(vl) : "r"(n));
    return vl;
}

/* SEW 32, LMUL 2: 8 lanes at VLEN 128, fifteen register groups (v2..v30) for kernels that keep
 * many values live (tanhf's branches). */
#define RVFW_XT_E32M2 ((2 << 2) | 1)

static inline size_t rvfw_xt_setvl_e32m2(size_t n)
{
    size_t vl;
    __asm__ volatile("th_vsetvli %0, %1, " RVFW_XT_STR(RVFW_XT_E32M2) : "=r"(vl) : "r"(n));
    return vl;
}

/* SEW 64, LMUL 4: the float64 form of an LMUL-2 float32 vector (the expf's double steps). */
#define RVFW_XT_E64M4 ((3 << 2) | 2)

static inline void rvfw_xt_set_e64m4(size_t vl)
{
    size_t unused;
    __asm__ volatile("th_vsetvli %0, %1, " RVFW_XT_STR(RVFW_XT_E64M4) : "=r"(unused) : "r"(vl));
}

/* SEW 64, LMUL 8 (16 lanes at VLEN 128) and LMUL 4 (8): the 16x8 kernels' int64 sums, as TFLite
 * Micro accumulates them. */
#define RVFW_XT_E64M8 ((3 << 2) | 3)

static inline size_t rvfw_xt_setvl_e64m8(size_t n)
{
    size_t vl;
    __asm__ volatile("th_vsetvli %0, %1, " RVFW_XT_STR(RVFW_XT_E64M8) : "=r"(vl) : "r"(n));
    return vl;
}

static inline size_t rvfw_xt_setvl_e64m4(size_t n)
{
    size_t vl;
    __asm__ volatile("th_vsetvli %0, %1, " RVFW_XT_STR(RVFW_XT_E64M4) : "=r"(vl) : "r"(n));
    return vl;
}

/* Sets vl for n int32 lanes (SEW 32, LMUL 8); returns vl. */
static inline size_t rvfw_xt_setvl_e32m8(size_t n)
{
    size_t vl;
    __asm__ volatile("th_vsetvli %0, %1, " RVFW_XT_STR(RVFW_XT_E32M8) : "=r"(vl) : "r"(n));
    return vl;
}

#define XT_VLE(vd, ptr) __asm__ volatile("th_vle " RVFW_XT_STR(vd) ", %0" ::"r"(ptr) : "memory")
#define XT_VLSE(vd, ptr, stride) \
    __asm__ volatile("th_vlse " RVFW_XT_STR(vd) ", %0, %1" ::"r"(ptr), "r"((intptr_t)(stride)) : "memory")
#define XT_VLB(vd, ptr) __asm__ volatile("th_vlb " RVFW_XT_STR(vd) ", %0" ::"r"(ptr) : "memory")
#define XT_VLSB(vd, ptr, stride) \
    __asm__ volatile("th_vlsb " RVFW_XT_STR(vd) ", %0, %1" ::"r"(ptr), "r"((intptr_t)(stride)) : "memory")
#define XT_VLSB_V0(vd, ptr, stride) \
    __asm__ volatile("th_vlsb_v0 " RVFW_XT_STR(vd) ", %0, %1" ::"r"(ptr), "r"((intptr_t)(stride)) : "memory")
#define XT_VLBU(vd, ptr) __asm__ volatile("th_vlbu " RVFW_XT_STR(vd) ", %0" ::"r"(ptr) : "memory")
#define XT_VLXB(vd, ptr, vs2) \
    __asm__ volatile("th_vlxb " RVFW_XT_STR(vd) ", %0, " RVFW_XT_STR(vs2) ::"r"(ptr) : "memory")
#define XT_VLHU(vd, ptr) __asm__ volatile("th_vlhu " RVFW_XT_STR(vd) ", %0" ::"r"(ptr) : "memory")
#define XT_VSXB(vs3, ptr, vs2) \
    __asm__ volatile("th_vsxb " RVFW_XT_STR(vs3) ", %0, " RVFW_XT_STR(vs2) ::"r"(ptr) : "memory")
#define XT_VSB(vs3, ptr) __asm__ volatile("th_vsb " RVFW_XT_STR(vs3) ", %0" ::"r"(ptr) : "memory")
#define XT_VSSB(vs3, ptr, stride) \
    __asm__ volatile("th_vssb " RVFW_XT_STR(vs3) ", %0, %1" ::"r"(ptr), "r"((intptr_t)(stride)) : "memory")

#define XT_VMV_VX(vd, x) XT_VX(0x17, RVFW_XT_OPIVX, vd, 0, x)           /* vmv.v.x */
#define XT_VADD_VX(vd, vs2, x) XT_VX(0x00, RVFW_XT_OPIVX, vd, vs2, x)   /* vadd.vx */
#define XT_VMAX_VX(vd, vs2, x) XT_VX(0x07, RVFW_XT_OPIVX, vd, vs2, x)   /* vmax.vx */
#define XT_VMIN_VX(vd, vs2, x) XT_VX(0x05, RVFW_XT_OPIVX, vd, vs2, x)   /* vmin.vx */
#define XT_VRSUB_VX(vd, vs2, x) XT_VX(0x03, RVFW_XT_OPIVX, vd, vs2, x)  /* vrsub.vx: x - vs2 */
#define XT_VRSUB_VX_V0(vd, vs2, x) XT_VX_V0(0x03, RVFW_XT_OPIVX, vd, vs2, x) /* x - vs2 where v0, vd == vs2 */
#define XT_VSRA_VX(vd, vs2, x) XT_VX(0x29, RVFW_XT_OPIVX, vd, vs2, x)  /* arithmetic, no rounding */
#define XT_VMSLT_VX(vd, vs2, x) XT_VX(0x1b, RVFW_XT_OPIVX, vd, vs2, x)  /* vmslt.vx -> mask */
#define XT_VMSLTU_VX(vd, vs2, x) XT_VX(0x1a, RVFW_XT_OPIVX, vd, vs2, x) /* vmsltu.vx -> mask */
#define XT_VMUL_VX(vd, vs2, x) XT_VX(0x25, RVFW_XT_OPMVX, vd, vs2, x)
/* vid.v: each lane's index (0.7.1's VMUNARY0 group: funct6 010110, vs1 10001) */
#define XT_VID(vd) __asm__ volatile("rvfw_xt_opv 0x16, " RVFW_XT_STR(RVFW_XT_OPMVV) ", 1, " RVFW_XT_STR(vd) ", 17, 0")
#define XT_VAND_VX(vd, vs2, x) XT_VX(0x09, RVFW_XT_OPIVX, vd, vs2, x)
#define XT_VMSEQ_VX(vd, vs2, x) XT_VX(0x18, RVFW_XT_OPIVX, vd, vs2, x) /* vmseq.vx -> mask */
#define XT_VREDSUM_VS(vd, vs2, vs1) XT_VV(0x00, RVFW_XT_OPMVV, vd, vs2, vs1) /* vd[0] = vs1[0] + sum(vs2) */
#define XT_VMERGE_VXM(vd, vs2, x) XT_VX_V0(0x17, RVFW_XT_OPIVX, vd, vs2, x) /* vd = v0 ? x : vs2 */
#define XT_VSMUL_VX_V0(vd, vs2, x) XT_VX_V0(0x27, RVFW_XT_OPIVX, vd, vs2, x) /* vsmul where v0, vd == vs2 */
#define XT_VMSNE_VX(vd, vs2, x) XT_VX(0x19, RVFW_XT_OPIVX, vd, vs2, x)  /* vmsne.vx -> mask */
#define XT_VADD_VV(vd, vs2, vs1) XT_VV(0x00, RVFW_XT_OPIVV, vd, vs2, vs1)
#define XT_VSUB_VV(vd, vs2, vs1) XT_VV(0x02, RVFW_XT_OPIVV, vd, vs2, vs1) /* vs2 - vs1 */
#define XT_VMUL_VV(vd, vs2, vs1) XT_VV(0x25, RVFW_XT_OPMVV, vd, vs2, vs1)
#define XT_VMAX_VV(vd, vs2, vs1) XT_VV(0x07, RVFW_XT_OPIVV, vd, vs2, vs1)
#define XT_VMSLE_VX(vd, vs2, x) XT_VX(0x1d, RVFW_XT_OPIVX, vd, vs2, x)  /* vmsle.vx -> mask */
#define XT_VDIV_VX(vd, vs2, x) XT_VX(0x21, RVFW_XT_OPMVX, vd, vs2, x)   /* signed, toward zero */
#define XT_VSLL_VX(vd, vs2, x) XT_VX(0x25, RVFW_XT_OPIVX, vd, vs2, x)
#define XT_VSMUL_VX(vd, vs2, x) XT_VX(0x27, RVFW_XT_OPIVX, vd, vs2, x)
#define XT_VSSRA_VX(vd, vs2, x) XT_VX(0x2b, RVFW_XT_OPIVX, vd, vs2, x)
#define XT_VMACC_VX(vd, x, vs2) XT_VX(0x2d, RVFW_XT_OPMVX, vd, vs2, x)  /* vd += x * vs2 */
#define XT_VMACC_VV(vd, vs1, vs2) XT_VV(0x2d, RVFW_XT_OPMVV, vd, vs2, vs1)
#define XT_VSLL_VV(vd, vs2, vs1) XT_VV(0x25, RVFW_XT_OPIVV, vd, vs2, vs1)
#define XT_VSRA_VV(vd, vs2, vs1) XT_VV(0x29, RVFW_XT_OPIVV, vd, vs2, vs1) /* arithmetic, no rounding */
#define XT_VSMUL_VV(vd, vs2, vs1) XT_VV(0x27, RVFW_XT_OPIVV, vd, vs2, vs1) /* rounding per vxrm */
#define XT_VSSRA_VV(vd, vs2, vs1) XT_VV(0x2b, RVFW_XT_OPIVV, vd, vs2, vs1) /* rounding per vxrm */
#define XT_VMAND_MM(vd, vs2, vs1) XT_VV(0x19, RVFW_XT_OPMVV, vd, vs2, vs1)
#define XT_VOR_VX(vd, vs2, x) XT_VX(0x0a, RVFW_XT_OPIVX, vd, vs2, x)
#define XT_VFMAX_VV(vd, vs2, vs1) XT_FVV(0x06, vd, vs2, vs1)
#define XT_VMFNE_VV(vd, vs2, vs1) XT_FVV(0x1c, vd, vs2, vs1) /* -> mask: true on NaN lanes of vs2 == vs1 */
/* vfwmul.vv (float32 x float32 -> float64, exact) and vfwsub.wv (a float64 group less a widened
 * float32 one), under the float32 vtype: vd (and vfwsub's vs2) have twice its SEW and LMUL */
#define XT_VFWMUL_VV(vd, vs2, vs1) XT_FVV(0x38, vd, vs2, vs1)
#define XT_VFWSUB_WV(vd, vs2, vs1) XT_FVV(0x36, vd, vs2, vs1)
/* The x86-64 NaNs LiteRT's float kernels give (rvfw_x86_nan.h), lanes of OUT computed from X:
 * x86's default NaN where the arithmetic made one, the input quieted where it was one; TMP a
 * scratch group; v0 the mask. */
#define XT_X86_NAN_OF(OUT, X, TMP)                                                                         \
    do {                                                                                                   \
        XT_VMFNE_VV(0, OUT, OUT);                                                                          \
        XT_VMERGE_VXM(OUT, OUT, (int32_t)0xffc00000u);                                                     \
        XT_VMFNE_VV(0, X, X);                                                                              \
        XT_VOR_VX(TMP, X, 0x00400000);                                                                     \
        XT_VMERGE_VVM(OUT, OUT, TMP);                                                                      \
    } while (0)
#define XT_VSUB_VX_V0(vd, vs2, x) XT_VX_V0(0x02, RVFW_XT_OPIVX, vd, vs2, x) /* vs2 - x where v0, vd == vs2 */

/* ADD's and SUB's first step on v8 (first operand) and v16 (second): value + offset, shifted up by
 * left_shift, rescaled to the common scale. */
#define RVFW_XT_RESCALED_OPERANDS(p)                                                                               \
    do {                                                                                                          \
        XT_VADD_VX(8, 8, (p)->input1_offset);                                                                     \
        XT_VADD_VX(16, 16, (p)->input2_offset);                                                                   \
        XT_VSLL_VX(8, 8, (p)->left_shift);                                                                        \
        XT_VSLL_VX(16, 16, (p)->left_shift);                                                                      \
        RVFW_XT_REQUANTIZE_VX(8, (p)->input1_multiplier, (p)->input1_shift);                                      \
        RVFW_XT_REQUANTIZE_VX(16, (p)->input2_multiplier, (p)->input2_shift);                                     \
    } while (0)

/* The last step of the elementwise kernels: v8 requantised, offset, clamped, its low bytes stored. */
#define RVFW_XT_STORE_OUTPUT(p, out)                                                                               \
    do {                                                                                                          \
        RVFW_XT_REQUANTIZE_VX(8, (p)->output_multiplier, (p)->output_shift);                                      \
        XT_VADD_VX(8, 8, (p)->output_offset);                                                                     \
        XT_VMAX_VX(8, 8, (p)->output_activation_min);                                                             \
        XT_VMIN_VX(8, 8, (p)->output_activation_max);                                                             \
        XT_VSB(8, (out));                                                                                         \
    } while (0)

/* The row function (for RVFW_BROADCAST_ROWS) of the int8 elementwise kernels with broadcasting:
 * strided byte loads of each operand into v8 and v16 (stride 0 repeats a value in every lane),
 * COMBINE(p) leaving the int32 lanes in v8, then RVFW_XT_STORE_OUTPUT. ADD, SUB and MUL are this
 * one body; each kernel file names its COMBINE. */
#define RVFW_XT_BINARY_ROW_S8(row, COMBINE)                                                                        \
    static void row(const rvfw_binary_params *p, const int8_t *a, int32_t sa, const int8_t *b, int32_t sb,       \
                    int8_t *out, int32_t n)                                                                       \
    {                                                                                                             \
        for (int32_t i = 0; i < n;) {                                                                             \
            const size_t vl = rvfw_xt_setvl_e32m8((size_t)(n - i));                                               \
            XT_VLSB(8, a + i * sa, sa);                                                                           \
            XT_VLSB(16, b + i * sb, sb);                                                                          \
            COMBINE(p);                                                                                           \
            RVFW_XT_STORE_OUTPUT(p, out + i);                                                                     \
            i += (int32_t)vl;                                                                                     \
        }                                                                                                         \
    }

/* Fixed-point rounding mode: round to nearest, ties up (vsmul and vssra as TFLite Micro needs). */
static inline void rvfw_xt_round_nearest_up(void)
{
    __asm__ volatile("csrwi 0x00a, 0"); /* vxrm */
}

/* v8 = the bias of each lane (read with a word stride), or zero without one. */
static inline void rvfw_xt_start(const int32_t *bias, ptrdiff_t word_stride)
{
    if (bias)
        XT_VLSE(8, bias, word_stride);
    else
        XT_VMV_VX(8, 0);
}

/* v8[lane] += sum_j (x[j] + offset) * w[j * w_stride + lane] for j < n: weights widened to int32
 * by the load, the input offset added to the scalar, so the sums are exact. Uses v16. */
static inline void rvfw_xt_dot(const int8_t *x, int32_t n, int32_t offset, const int8_t *w, ptrdiff_t w_stride)
{
    for (int32_t j = 0; j < n; ++j, w += w_stride) {
        XT_VLB(16, w);
        XT_VMACC_VX(8, x[j] + offset, 16);
    }
}

/* The same two steps a pass, their weights in v16 and v24 (one loop branch and pointer move for
 * both), for long reductions (pointwise, fully connected, TT): inlined into a conv's window loop
 * it cost the one-channel KWS layer more than it saved. Uses v16, v24. */
static inline void rvfw_xt_dot2(const int8_t *x, int32_t n, int32_t offset, const int8_t *w, ptrdiff_t w_stride)
{
    const int8_t *const end = x + (n & ~1);
    for (const ptrdiff_t pair = 2 * w_stride; x < end; x += 2, w += pair) {
        XT_VLB(16, w);
        XT_VLB(24, w + w_stride);
        XT_VMACC_VX(8, x[0] + offset, 16);
        XT_VMACC_VX(8, x[1] + offset, 24);
    }
    rvfw_xt_dot(x, n & 1, offset, w, w_stride);
}

/* v = rvfw_rounding_divide_by_pot(v, exponent), exponent >= 1: vssra rounds halves up, so
 * negative lanes first lose one (halves away from zero). Uses v0. */
#define RVFW_XT_RDBPOT_VX(v, exponent)                                                                     \
    do {                                                                                                   \
        XT_VMSLT_VX(0, v, 0);                                                                              \
        XT_VSUB_VX_V0(v, v, 1);                                                                            \
        XT_VSSRA_VX(v, v, exponent);                                                                       \
    } while (0)

/* Requantise the int32 lanes of register group v with one multiplier and shift (rvfw_requantize_vx).
 * Uses v0. A macro: vector registers are part of the instruction word. */
#define RVFW_XT_REQUANTIZE_VX(v, multiplier, shift)                                                        \
    do {                                                                                                   \
        if ((shift) > 0)                                                                                   \
            XT_VSLL_VX(v, v, shift);                                                                       \
        XT_VSMUL_VX(v, v, multiplier);                                                                     \
        if ((shift) < 0)                                                                                   \
            RVFW_XT_RDBPOT_VX(v, -(shift));                                                                \
    } while (0)

/* Requantise the int32 lanes of v8 (TFLite Micro's MultiplyByQuantizedMultiplier, per lane, as
 * rvfw_requantize_vv), add the output offset and clamp; _store then stores the low bytes with
 * the given byte stride. multiplier and shift are read with a word stride. Uses v0, v1, v16, v24. */
static inline void rvfw_xt_requantize_lanes(const int32_t *multiplier, const int32_t *shift, ptrdiff_t word_stride,
                                            int right_only, int32_t offset, int32_t lo, int32_t hi)
{
    XT_VLSE(16, shift, word_stride);
    if (right_only) { /* every shift negative (rvfw_conv_params.right_shifts_only): no left shift, all round */
        XT_VRSUB_VX(16, 16, 0); /* right shift */
        XT_VLSE(24, multiplier, word_stride);
        XT_VSMUL_VV(8, 8, 24);
        XT_VMSLT_VX(0, 8, 0);
    } else {
        XT_VMAX_VX(24, 16, 0);  /* left shift */
        XT_VSLL_VV(8, 8, 24);
        XT_VRSUB_VX(16, 16, 0); /* -shift */
        XT_VMAX_VX(16, 16, 0);  /* right shift */
        XT_VLSE(24, multiplier, word_stride);
        XT_VSMUL_VV(8, 8, 24);
        XT_VMSLT_VX(0, 8, 0);   /* negative ... */
        XT_VMSNE_VX(1, 16, 0);  /* ... and shifted right: round halves away from zero */
        XT_VMAND_MM(0, 0, 1);
    }
    XT_VSUB_VX_V0(8, 8, 1);
    XT_VSSRA_VV(8, 8, 16);
    XT_VADD_VX(8, 8, offset);
    XT_VMAX_VX(8, 8, lo);
    XT_VMIN_VX(8, 8, hi);
}

static inline void rvfw_xt_requantize_store(const int32_t *multiplier, const int32_t *shift, ptrdiff_t word_stride,
                                            int right_only, int32_t offset, int32_t lo, int32_t hi, int8_t *out,
                                            ptrdiff_t byte_stride)
{
    rvfw_xt_requantize_lanes(multiplier, shift, word_stride, right_only, offset, lo, hi);
    XT_VSSB(8, out, byte_stride);
}

/* Four accumulators set to x (the convolutions' blocks of four output channels). */
#define XT_VMV_VX_4(a, b, c, d, x)                                                                                 \
    do {                                                                                                          \
        XT_VMV_VX(a, x);                                                                                          \
        XT_VMV_VX(b, x);                                                                                          \
        XT_VMV_VX(c, x);                                                                                          \
        XT_VMV_VX(d, x);                                                                                          \
    } while (0)

/* float32 lanes v: + the bias from `bias` (null: + 0.0f, which turns -0 into +0 as TFLite Micro's
 * sum does), clamped to act's [lo, hi] by compare and merge (vfmin/vfmax differ on -0 and NaN);
 * vector register t is the bias's. Uses v0. */
#define XT_F32_BIAS_CLAMP(v, t, bias, act)                                                                         \
    do {                                                                                                          \
        if (bias) {                                                                                               \
            XT_VLE(t, bias);                                                                                      \
            XT_VFADD_VV(v, v, t);                                                                                 \
        } else {                                                                                                  \
            XT_VFADD_VF(v, v, 0.0f);                                                                              \
        }                                                                                                         \
        XT_VMFLT_VF(0, v, (act)[0]);                                                                              \
        XT_VFMERGE_VFM(v, v, (act)[0]);                                                                           \
        XT_VMFGT_VF(0, v, (act)[1]);                                                                              \
        XT_VFMERGE_VFM(v, v, (act)[1]);                                                                           \
    } while (0)

#endif
