"""The scalar cycle estimate (codegen.report.cycles.estimate_scalar) on hand-written commit logs:
each class's cost from the board's timings, taken branches, load-use stalls, layer splits."""

from __future__ import annotations

from codegen.report.cycles import estimate_scalar, instruction_cost

TIMINGS = {"alu": 1, "mul": 3, "mulh": 4, "load": 2, "load_use": 1, "store": 2, "branch_taken": 3,
           "branch_not_taken": 1, "jump": 2, "csr": 1}  # fmt: skip
HARNESS, RUN = (0x100, 0x200), (0x1000, 0x2000)


def line(pc: int, bits: str, text: str) -> str:
    return f"core   0: 0x{pc:08x} ({bits}) {text}"


def trace(body: list[str]) -> list[str]:
    """The harness's minstret reads around `body`, in its range."""
    return [line(0x104, "0xb02027f3", "csrr    a5, minstret"), *body, line(0x108, "0xb02027f3", "csrr    a5, minstret")]


def test_each_class_costs_its_timing():
    assert instruction_cost("mul", TIMINGS) == ("mul", 3)
    assert instruction_cost("mulhu", TIMINGS) == ("mulh", 4)
    assert instruction_cost("c.lw", TIMINGS) == ("load", 2)
    assert instruction_cost("sb", TIMINGS) == ("store", 2)
    assert instruction_cost("csrr", TIMINGS) == ("csr", 1)
    assert instruction_cost("add", {}) == ("alu", 1)


def test_taken_branch_and_load_use():
    body = [
        line(0x1000, "0x00052583", "lw      a1, 0(a0)"),  # its result read next: + load_use
        line(0x1004, "0x00b585b3", "add     a1, a1, a1"),
        line(0x1008, "0x00052603", "lw      a2, 0(a0)"),  # not read next: no stall
        line(0x100C, "0x02c686b3", "mul     a3, a3, a2"),
        line(0x1010, "0xfe0698e3", "bnez    a3, pc - 16"),  # taken: the next pc is not 0x1014
        line(0x1000, "0x00052583", "lw      a1, 0(a0)"),
        line(0x1004, "0x00b585b3", "add     a1, a1, a1"),
        line(0x1008, "0x00052603", "lw      a2, 0(a0)"),
        line(0x100C, "0x02c686b3", "mul     a3, a3, a2"),
        line(0x1010, "0xfe0698e3", "bnez    a3, pc - 16"),  # not taken
        line(0x1014, "0x00000013", "nop"),
    ]
    result = estimate_scalar(trace(body), HARNESS, RUN, TIMINGS, 1)
    # lw 2+1, add 1, lw 2 (mul reads a2 but a mul after a load is the next instruction: stall), mul 3
    per_round = (2 + 1) + 1 + (2 + 1) + 3
    assert result.total == per_round + 3 + per_round + 1 + 1
    assert result.instructions == len(body)


def test_layers_split_at_the_run_functions_reads():
    mark = lambda pc: line(pc, "0xb02027f3", "csrr    a5, minstret")  # noqa: E731
    body = [mark(0x1000), line(0x1004, "0x02c686b3", "mul     a3, a3, a2"), mark(0x1008),
            mark(0x100c), line(0x1010, "0x00000013", "nop"), mark(0x1014)]  # fmt: skip
    result = estimate_scalar(trace(body), HARNESS, RUN, TIMINGS, 1)
    assert result.layers == [1 + 3, 1 + 1]
