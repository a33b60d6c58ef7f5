"""A first-order cycle estimate for an in-order core with a vector unit, from Spike's commit log.

Each scalar instruction costs one cycle. Each vector instruction costs the register groups it
occupies times VLEN/DLEN: its LMUL, or the larger EMUL of a widening or narrowing operation (2 x
LMUL) or of a load/store whose element width differs from SEW (EEW/SEW x LMUL), at least one
register (fractional LMUL), times how many DLEN-wide beats one register takes. This is the cost
of occupying the vector unit, which a count of instructions hides: an LMUL-8 instruction is one
instruction and eight register-widths of work. Memory stalls, chaining and dual issue are left
out on purpose (the same for every kernel), so the estimate ranks kernels and compares with
published cycles/MAC of cores of the same width.

The log gives each vector instruction's SEW and LMUL as it executed (`e16 m4 l8`), so vsetvl with
a register operand needs no special care."""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

# vle8.v, vse32.v, vlse16.v, vsse64.v, vle8ff.v: unit-stride and strided, data EEW from the name.
_UNIT_OR_STRIDED = re.compile(r"^v[ls]s?e(\d+)(ff)?\.v$")
# vluxei8.v, vloxei16.v, vsuxei32.v, vsoxei64.v: the index has the EEW, the data SEW/LMUL.
_INDEXED = re.compile(r"^v[ls][ou]xei(\d+)\.v$")
# vl8re8.v, vl1r.v, vs8r.v, vmv8r.v: whole registers, n of them.
_WHOLE = re.compile(r"^(?:vl(\d)re\d+|vl(\d)r|vs(\d)r|vmv(\d)r)\.v$")
_SCALAR_MOVES = {"vmv.x.s", "vmv.s.x", "vfmv.f.s", "vfmv.s.f", "vlm.v", "vsm.v", "vcpop.m", "vfirst.m"}
_VTYPE = re.compile(r" e(\d+) m(f?)(\d+) l(\d+)")


def vector_groups(mnemonic: str, sew: int, lmul: float) -> float:
    """Register groups one vector instruction occupies (before the VLEN/DLEN factor)."""
    m = _WHOLE.match(mnemonic)
    if m:
        return float(next(int(g) for g in m.groups() if g))
    if mnemonic in _SCALAR_MOVES or mnemonic.startswith("vm") and mnemonic.endswith(".mm"):
        return 1.0
    m = _UNIT_OR_STRIDED.match(mnemonic)
    if m:
        return max(1.0, int(m.group(1)) / sew * lmul)
    m = _INDEXED.match(mnemonic)
    if m:
        return max(1.0, lmul, int(m.group(1)) / sew * lmul)
    base = mnemonic.split(".")[0]
    if base.startswith(("vred", "vfred", "vwred", "vfwred")):
        return max(1.0, lmul)  # a reduction reads one LMUL group into a scalar element
    if base.startswith(("vw", "vfw", "vn", "vfn")):
        return max(1.0, 2 * lmul)  # widening writes, narrowing reads, 2 x LMUL
    return max(1.0, lmul)


@dataclass
class CycleEstimate:
    """Estimated cycles of one inference, per layer (the harness's layer markers), and how many
    of the inference's instructions were vector instructions."""

    total: int = 0
    layers: list[int] = field(default_factory=list)
    instructions: int = 0
    vector_instructions: int = 0
    measured: bool = False  # counted by the core itself (mcycle on an RTL board), not estimated


def estimate(
    trace: Iterable[str],
    harness_range: tuple[int, int],
    run_range: tuple[int, int],
    vlen: int,
    dlen: int,
    inferences: int | None = None,
) -> CycleEstimate:
    """Cycles of the last inference in a Spike `-l --log-commits` trace. The harness reads minstret
    (a `csrr ... minstret` in main, harness_range) right before and after each inference; the
    generated run function (run_range) reads it at each layer's start and end. inferences: how many
    the harness runs; reading stops after the last (the harness then prints outputs, and each
    character's HTIF wait loop would be logged too: minutes for a model with a large output)."""
    done = 0
    beats = max(1, vlen // dlen)
    result = CycleEstimate()
    current = CycleEstimate()
    active = False
    layer_open = False
    layer_cycles = 0
    mnemonic, pc = "", 0
    for line in trace:
        if not line.startswith("core"):
            continue
        fields = line.split(None, 5)
        if len(fields) < 5:
            continue
        if not fields[2].isdigit():  # the instruction line: core 0: 0xPC (0xbits) mnemonic operands
            pc = int(fields[2], 16)
            mnemonic = fields[4]
            if mnemonic == "csrr" and line.rstrip().endswith("minstret"):
                if harness_range[0] <= pc < harness_range[1]:
                    if active:
                        result, active = current, False
                        done += 1
                        if done == inferences:
                            return result
                    else:
                        current, active = CycleEstimate(), True
                elif active and run_range[0] <= pc < run_range[1]:
                    if layer_open:
                        current.layers.append(layer_cycles)
                    layer_open, layer_cycles = not layer_open, 0
            continue
        if not active:  # the commit line (core 0: PRIV 0xPC ...) of an instruction outside the inference
            continue
        cost = 1
        if mnemonic.startswith("v") and not mnemonic.startswith("vset"):
            m = _VTYPE.search(line)
            if m:
                lmul = 1 / int(m.group(3)) if m.group(2) else float(m.group(3))
                cost = math.ceil(vector_groups(mnemonic, int(m.group(1)), lmul)) * beats
                current.vector_instructions += 1
        current.total += cost
        current.instructions += 1
        layer_cycles += cost
    return result


# The scalar estimate: each instruction costs its class's cycles from the board's documented core
# timings (boards/<name>.yaml core.timings), a taken branch its own cost, and a load whose result
# the next instruction reads the load-use stall. Fetch and memory wait states are left out (the
# RTL boards' memories answer in a cycle), so the estimate fits cores that issue in order from a
# single-cycle memory; its error against the RTL is measured (bench/cycles.py, the RTL tier).
_LOADS = {"lb", "lh", "lw", "lbu", "lhu", "c.lw", "c.lwsp", "ld", "c.ld", "c.ldsp", "lwu"}
_STORES = {"sb", "sh", "sw", "c.sw", "c.swsp", "sd", "c.sd", "c.sdsp"}
_MULS = {
    "mul": "mul",
    "mulh": "mulh",
    "mulhu": "mulh",
    "mulhsu": "mulh",
    "div": "div",
    "divu": "div",
    "rem": "div",
    "remu": "div",
    "mulw": "mul",
    "divw": "div",
    "divuw": "div",
    "remw": "div",
    "remuw": "div",
}
_BRANCHES = {"beq", "bne", "blt", "bge", "bltu", "bgeu", "beqz", "bnez", "blez", "bgez", "bltz", "bgtz", "bgt",
             "ble", "bgtu", "bleu", "c.beqz", "c.bnez"}  # fmt: skip
_JUMPS = {"j", "jal", "jalr", "jr", "ret", "call", "tail", "c.j", "c.jal", "c.jr", "c.jalr"}
_REGISTER = re.compile(r"\b(zero|ra|sp|gp|tp|fp|t[0-6]|s1[01]|s[0-9]|a[0-7])\b")


def instruction_cost(mnemonic: str, timings: dict) -> tuple[str, float]:
    """(class, cycles) of one instruction by its mnemonic; a branch's is its not-taken cost."""
    if mnemonic in _LOADS:
        return "load", timings.get("load", 1)
    if mnemonic in _STORES:
        return "store", timings.get("store", 1)
    if mnemonic in _MULS:
        return _MULS[mnemonic], timings.get(_MULS[mnemonic], 1)
    if mnemonic in _BRANCHES:
        return "branch", timings.get("branch_not_taken", 1)
    if mnemonic in _JUMPS:
        return "jump", timings.get("jump", 1)
    if mnemonic.startswith("csr") or mnemonic in ("rdcycle", "rdinstret", "rdtime"):
        return "csr", timings.get("csr", 1)
    return "alu", timings.get("alu", 1)


def commit_line(line: str) -> tuple[int, int, str, str] | None:
    """(pc, size, mnemonic, operands) of an instruction line of Spike's `-l` log, None for any other
    line (its commit lines, core 0: PRIV 0xPC ..., say nothing more here)."""
    if not line.startswith("core"):
        return None
    fields = line.split(None, 5)
    if len(fields) < 5 or fields[2].isdigit():
        return None
    size = 2 if len(fields[3]) <= 8 else 4  # (0x1234) compressed, (0x12345678) not
    return int(fields[2], 16), size, fields[4], fields[5].strip() if len(fields) > 5 else ""


class Pricer:
    """An instruction's cycles by the core's timings (instruction_cost), settled once the next one
    is known: a taken branch costs branch_taken, a load whose destination the next instruction
    reads load + load_use."""

    def __init__(self, timings: dict) -> None:
        self.timings = timings
        self.held: tuple[str, float, int, int, str] | None = None  # class, cost, pc, size, rd

    def hold(self, pc: int, size: int, mnemonic: str, operands: str) -> None:
        kind, cost = instruction_cost(mnemonic, self.timings)
        self.held = (kind, cost, pc, size, operands.split(",", 1)[0].strip() if kind == "load" else "")

    def settle(self, pc: int, mnemonic: str, operands: str) -> tuple[int, float] | None:
        """(pc, cycles) of the held instruction now that this one follows it, or None if none is held."""
        if self.held is None:
            return None
        kind, cost, held_pc, size, rd = self.held
        self.held = None
        if kind == "branch" and pc != held_pc + size:
            cost = self.timings.get("branch_taken", cost)
        elif kind == "load" and rd and rd != "zero":
            split = operands.split(",", 1)
            sources = operands if mnemonic in _STORES or mnemonic in _BRANCHES else (
                split[1] if len(split) > 1 else "")  # fmt: skip
            if rd in _REGISTER.findall(sources):
                cost += self.timings.get("load_use", 0)
        return held_pc, cost


def estimate_scalar(
    trace: Iterable[str],
    harness_range: tuple[int, int],
    run_range: tuple[int, int],
    timings: dict,
    inferences: int | None = None,
) -> CycleEstimate:
    """Cycles of the last inference from Spike's `-l` instruction lines, by the core's timings
    (Pricer); layers and inferences split as `estimate` splits them."""
    done = 0
    result, current = CycleEstimate(), CycleEstimate()
    active = layer_open = False
    layer_cycles = 0.0
    pricer = Pricer(timings)
    for line in trace:
        parsed = commit_line(line)
        if parsed is None:
            continue
        pc, size, mnemonic, operands = parsed
        settled = pricer.settle(pc, mnemonic, operands)
        if settled is not None and active:
            current.total += settled[1]
            layer_cycles += settled[1]
        if mnemonic == "csrr" and operands.endswith("minstret"):
            if harness_range[0] <= pc < harness_range[1]:
                if active:
                    current.total = round(current.total)
                    result, active = current, False
                    done += 1
                    if done == inferences:
                        return result
                else:
                    current, active = CycleEstimate(), True
                    continue
            elif active and run_range[0] <= pc < run_range[1]:
                if layer_open:
                    current.layers.append(round(layer_cycles))
                layer_open, layer_cycles = not layer_open, 0.0
        if not active:
            continue
        pricer.hold(pc, size, mnemonic, operands)
        current.instructions += 1
    return result
