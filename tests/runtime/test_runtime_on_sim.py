"""The hand-written runtime on both simulators, with test programs of its own (no model): the
trap report survives a bad stack pointer, a fault while reporting a fault exits with its own
code, the RV32 HTIF console never loses a race with Spike's polling, and the start-up check
refuses code that reads gp before setting it."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen import emit
from codegen.boards.board import load_board
from codegen.build import toolchain
from codegen.errors import ToolError
from codegen.frontend.tflite import load_tflite
from codegen.paths import DEFAULT_MODEL, FIRMWARE_DIR
from codegen.run.sim import run_elf

BOARDS = ["spike-rv64gcv", "spike-rv32imc"]
SIMS = ["spike", "qemu"]


def build_program(tmp_path: Path, board_name: str, main_c: str, extra_asm: str | None = None,
                  user_mode: bool = False) -> Path:  # fmt: skip
    """main_c linked with the runtime and console of the board, by the board's own linker script
    (user_mode: with the U-mode entry applications link)."""
    board = load_board(board_name)
    (tmp_path / "main.c").write_text(main_c)
    sources = [tmp_path / "main.c", *toolchain.firmware_sources(board, set())]
    if user_mode:
        sources += toolchain.USER_MODE_SOURCES
    if extra_asm is not None:
        sources = [s for s in sources if s.name != "start.S"]
        (tmp_path / "start_under_test.S").write_text(extra_asm)
        sources.append(tmp_path / "start_under_test.S")
    graph = load_tflite(DEFAULT_MODEL)  # only for the banners of the generated files
    (tmp_path / "link.ld").write_text(emit.render_linker_script(graph, board))
    (tmp_path / "rvfw_platform.h").write_text(emit.render_platform_header(graph, board))
    objects = toolchain.compile_objects(board, sources, [tmp_path, FIRMWARE_DIR / "include"], tmp_path / "obj")
    elf = tmp_path / "program.elf"
    toolchain.link(board, objects, tmp_path / "link.ld", elf)
    return elf


BAD_SP = """
#include "rvfw_console.h"
int main(void)
{
    rvfw_puts("before\\n");
    /* A stack pointer outside every region: the next push faults. */
    __asm__ volatile("li sp, 0x10\\n addi sp, sp, -16\\n sw zero, 0(sp)" ::: "memory");
    return 0;
}
"""

DOUBLE_TRAP = """
#include <stdint.h>
#include "rvfw_console.h"
extern uint32_t rvfw_trap_depth;
int main(void)
{
    rvfw_trap_depth = 1; /* as if this fault happened inside the trap report */
    *(volatile uint32_t *)0x10 = 1;
    return 0;
}
"""


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize("board", BOARDS)
def test_trap_report_survives_a_bad_stack_pointer(tmp_path, both_simulators, board, sim):
    result = run_elf(build_program(tmp_path, board, BAD_SP), load_board(board), timeout=60, sim=sim)
    assert result.exit_code == 3
    assert "before" in result.console
    assert "RVFW-TRAP mcause=0x0000000000000007" in result.console  # store access fault, reported


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize("board", BOARDS)
def test_fault_while_reporting_a_fault_exits_with_its_own_code(tmp_path, both_simulators, board, sim):
    result = run_elf(build_program(tmp_path, board, DOUBLE_TRAP), load_board(board), timeout=60, sim=sim)
    assert result.exit_code == 4
    assert "RVFW-TRAP" not in result.console


# Spike clears tohost between batches of instructions (about 7,300 here), and the console waits for
# that before each character; so each character here is posted after a delay one instruction
# longer than the last, putting its two stores at every offset of the batch in turn.
CHATTY = """
#include "rvfw_console.h"
int main(void)
{
    for (unsigned long p = 0; p < 10000; p++) {
        unsigned long n = p / 2 + 1;
        __asm__ volatile("1: addi %0, %0, -1\\n bnez %0, 1b" : "+r"(n));
        if (p & 1)
            __asm__ volatile("nop");
        rvfw_putc((char)('a' + p % 26));
        if (p % 100 == 99)
            rvfw_putc('\\n');
    }
    rvfw_puts("\\nRVFW-DONE\\n");
    return 0;
}
"""


@pytest.mark.parametrize("sim", SIMS)
@pytest.mark.parametrize("board", ["spike-rv32imc", "spike-rv32zve32x", "spike-rv64gcv"])
def test_htif_console_loses_no_character(tmp_path, both_simulators, board, sim):
    result = run_elf(build_program(tmp_path, board, CHATTY), load_board(board), timeout=120, sim=sim)
    expected = "".join(chr(ord("a") + p % 26) + ("\n" if p % 100 == 99 else "") for p in range(10000))
    assert result.exit_code == 0, result.console[-200:]
    assert result.console == expected + "\nRVFW-DONE\n"


RELAXED_START = """
  .section .text.start, "ax"
  .global _start
_start:
  la sp, __stack_top      /* relaxable to gp + offset: gp is not set yet */
  la gp, __global_pointer$
  call main
1:
  j 1b
"""


def test_start_up_check_refuses_gp_before_it_is_set(tmp_path, sim_tools):
    # A tiny image keeps the stack top within 2 KiB of __global_pointer$, so the linker relaxes.
    with pytest.raises(ToolError, match="uses gp before setting it"):
        build_program(tmp_path, "hifive1-revb", "int main(void) { return 0; }\n", extra_asm=RELAXED_START)


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc", "hifive1-revb", "gd32vf103", "esp32c3", "c906"])
def test_start_up_sets_gp_first_on_every_board(tmp_path, sim_tools, board):
    build_program(tmp_path, board, "int main(void) { return 0; }\n")  # the link runs the check


@pytest.mark.parametrize("sim", SIMS)
def test_a_simulator_failure_is_told_apart_from_the_firmware(tmp_path, both_simulators, sim):
    # VLEN 8192 is past what either simulator models (Spike 4096, QEMU 1024): both refuse to start,
    # each in its own words.
    elf = build_program(tmp_path, "spike-rv64gcv", "int main(void) { return 0; }\n")
    with pytest.raises(ToolError, match=rf"^{sim} failed, not the firmware \(exit \d+\): \S"):
        run_elf(elf, load_board("spike-rv64gcv"), timeout=30, vlen=8192, sim=sim)


# A "model" entered through rvfw_enter_user (the dispatcher's U-mode entry) that stores every
# register it can read into its arena; M-mode fills the vector and FP registers and s2-s11 with
# non-zero values first, as a previous model or the dispatcher would leave them.
REGISTER_LEAK = r"""
#include <stdint.h>
#include "rvfw_console.h"

typedef struct { uintptr_t regs[14], mcause, mepc, mtval, scratch[2]; } user_ctx;
uintptr_t rvfw_enter_user(void (*entry)(uint8_t *, uint8_t *), uint8_t *arena, uint8_t *state, void *sp,
                          user_ctx *ctx);
void rvfw_interrupt(uintptr_t mcause) { (void)mcause; }
/* The simulator runner enables U-mode for images that link the dispatcher (run.sim._uses_user_mode). */
void rvfw_run_instance(void) {}
void (*volatile rvfw_test_keep)(void) = rvfw_run_instance;

#define XREGS 24
static uint8_t arena[XREGS * 8 + 32 * 8 + 16 + 4096] __attribute__((aligned(16)));
static uint8_t stack[1024] __attribute__((aligned(16)));

__attribute__((naked)) static void dump(uint8_t *out, uint8_t *state)
{
    __asm__ volatile(
#if __riscv_xlen == 64
#define S "sd "
#define W "8"
#else
#define S "sw "
#define W "4"
#endif
        S "tp, 0*" W "(a0)\n" S "t0, 1*" W "(a0)\n" S "t1, 2*" W "(a0)\n" S "t2, 3*" W "(a0)\n"
        S "s0, 4*" W "(a0)\n" S "s1, 5*" W "(a0)\n" S "a2, 6*" W "(a0)\n" S "a3, 7*" W "(a0)\n"
        S "a4, 8*" W "(a0)\n" S "a5, 9*" W "(a0)\n" S "a6, 10*" W "(a0)\n" S "a7, 11*" W "(a0)\n"
        S "s2, 12*" W "(a0)\n" S "s3, 13*" W "(a0)\n" S "s4, 14*" W "(a0)\n" S "s5, 15*" W "(a0)\n"
        S "s6, 16*" W "(a0)\n" S "s7, 17*" W "(a0)\n" S "s8, 18*" W "(a0)\n" S "s9, 19*" W "(a0)\n"
        S "s10, 20*" W "(a0)\n" S "s11, 21*" W "(a0)\n" S "t3, 22*" W "(a0)\n" S "t4, 23*" W "(a0)\n"
        "addi a0, a0, 24*" W "\n"
#if defined(__riscv_flen)
        "frcsr t0\n sw t0, 0(a0)\n addi a0, a0, 8\n"
        ".irp n, 0,1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31\n"
        "fsd f\\n, 0(a0)\n addi a0, a0, 8\n .endr\n"
#endif
#if defined(__riscv_vector)
        "csrr t0, vcsr\n sw t0, 0(a0)\n addi a0, a0, 8\n"
        "vsetvli t0, zero, e8, m8, ta, ma\n"
        "vse8.v v0, (a0)\n add a0, a0, t0\n vse8.v v8, (a0)\n add a0, a0, t0\n"
        "vse8.v v16, (a0)\n add a0, a0, t0\n vse8.v v24, (a0)\n"
#endif
        "ret\n");
}

/* A model that leaves its marks in the vector and FP registers. */
__attribute__((naked)) static void smear(uint8_t *out, uint8_t *state)
{
    __asm__ volatile(
#if defined(__riscv_vector)
        "vsetvli t0, zero, e8, m8, ta, ma\n li t1, 0x77\n vmv.v.x v0, t1\n vmv.v.x v8, t1\n"
        "vmv.v.x v16, t1\n vmv.v.x v24, t1\n"
#endif
#if defined(__riscv_flen)
        "li t1, 3\n fcvt.d.w f7, t1\n"
#endif
        "ret\n");
}

int main(void)
{
    /* Let U-mode reach all memory: this test is about registers, not PMP. */
    __asm__ volatile("li t0, -1\n csrw pmpaddr0, t0\n li t0, 0x1f\n csrw pmpcfg0, t0" ::: "t0");
#if defined(__riscv_vector)
    __asm__ volatile("vsetvli t0, zero, e8, m8, ta, ma\n li t1, 0x5a\n vmv.v.x v0, t1\n vmv.v.x v8, t1\n"
                     "vmv.v.x v16, t1\n vmv.v.x v24, t1\n csrwi vcsr, 5" ::: "t0", "t1");
#endif
#if defined(__riscv_flen)
    __asm__ volatile("li t0, 1\n fcvt.d.w f0, t0\n fcvt.d.w f9, t0\n fcvt.d.w f31, t0\n fsrmi 2" ::: "t0");
#endif
    user_ctx ctx;
    rvfw_test_keep();
    __asm__ volatile("li s2, 0x5a5a\n li s11, 0x5a5a" ::: "s2", "s11");
    const uintptr_t cause = rvfw_enter_user(dump, arena, 0, stack + sizeof stack, &ctx);
    uint32_t dirty = 0;
    for (uint32_t i = 0; i < sizeof arena - 4096 + 4096; ++i)
        dirty += arena[i] != 0;
    rvfw_puts(cause == 8 ? "ecall " : "fault ");
    rvfw_puts(dirty ? "LEAK\n" : "CLEAN\n");
    /* And when a model's turn ends, its floating-point and vector values do not stay behind. */
    rvfw_enter_user(smear, arena, 0, stack + sizeof stack, &ctx);
    uint32_t left = 0;
#if defined(__riscv_vector)
    uint8_t *v = arena;
    uintptr_t vl;
    __asm__ volatile("vsetvli %0, zero, e8, m8, ta, ma" : "=r"(vl));
    __asm__ volatile("vse8.v v0, (%0)\n vse8.v v8, (%1)\n vse8.v v16, (%2)\n vse8.v v24, (%3)"
                     :: "r"(v), "r"(v + vl), "r"(v + 2 * vl), "r"(v + 3 * vl) : "memory");
    for (uintptr_t i = 0; i < 4 * vl; ++i)
        left += v[i] != 0;
#endif
#if defined(__riscv_flen)
    uint64_t f7 = 1;
    __asm__ volatile("fsd f7, 0(%0)" :: "r"(&f7) : "memory");
    left += f7 != 0;
#endif
    rvfw_puts(left ? "after LEAK\n" : "after CLEAN\n");
    return 0;
}
"""


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_a_model_starts_with_no_register_of_what_ran_before(tmp_path, sim_tools, board):
    """Issue 17: x, f and v registers and the FPU/vector CSRs are cleared when a model starts, and
    the f and v registers again when its turn ends."""
    elf = build_program(tmp_path, board, REGISTER_LEAK, user_mode=True)
    result = run_elf(elf, load_board(board), timeout=60, sim="spike")
    assert "ecall CLEAN" in result.console, result.console
    assert "after CLEAN" in result.console, result.console
