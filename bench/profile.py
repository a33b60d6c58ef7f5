"""Where a scalar core's cycles go: one inference of an MLPerf Tiny model (or any .tflite) built
for a board whose file documents its core's timings, traced under Spike, every committed
instruction priced as the cycle estimate prices it (codegen.report.cycles: the board's timings, a
taken branch at branch_taken, a load whose destination the next instruction reads at load +
load_use), summed per function, and per instruction of one function.

    .venv/bin/python bench/profile.py kws_dscnn --board ibex-small [--layer 2] [--function NAME]

The estimate is within 1% of the Ibex RTL's count on KWS (bench/cycles.py), so this is the map
to read before rewriting a kernel for a core; the RTL's own count stays the measure.
"""

from __future__ import annotations

import argparse
import bisect
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.build.elfinfo import function_range  # noqa: E402
from codegen.report.cycles import Pricer, commit_line  # noqa: E402
from codegen.run.trace import commit_log, spike_command_for  # noqa: E402

MODELS = ROOT.parent / "shared" / "models"


def symbols(elf: Path) -> tuple[list[int], list[str]]:
    """Function start addresses (sorted) and names, from the ELF's symbol table."""
    out = subprocess.run(["riscv64-unknown-elf-nm", "-n", str(elf)], capture_output=True, text=True, check=True)
    starts, names = [], []
    for line in out.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[1] in "tTwW":
            starts.append(int(parts[0], 16))
            names.append(parts[2])
    return starts, names


def profile(elf: Path, board, model_name: str, layer: int | None):
    """{pc: [count, cycles]} over one inference (or one of its layers, counted from 0)."""
    main, run = function_range(elf, "main"), function_range(elf, f"{model_name}_run")
    per_pc: dict[int, list[float]] = defaultdict(lambda: [0, 0.0])
    active, layer_open, index = False, False, -1
    pricer = Pricer(board.core["timings"])
    with commit_log(spike_command_for(elf, board, None)) as (lines, _proc):
        for line in lines:
            parsed = commit_line(line)
            if parsed is None:
                continue
            pc, size, mnemonic, operands = parsed
            settled = pricer.settle(pc, mnemonic, operands)
            if settled is not None:
                per_pc[settled[0]][0] += 1
                per_pc[settled[0]][1] += settled[1]
            if mnemonic == "csrr" and operands.endswith("minstret"):
                if main[0] <= pc < main[1]:
                    if active:
                        break
                    active = True
                    continue
                if active and run[0] <= pc < run[1]:
                    if not layer_open:
                        index += 1
                        if layer is not None and index > layer:  # the layer is done: no need to read on
                            break
                    layer_open = not layer_open
            if not active or (layer is not None and (not layer_open or index != layer)):
                continue
            pricer.hold(pc, size, mnemonic, operands)
    return per_pc


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("model", help="an MLPerf Tiny name (kws_dscnn, ...) or a .tflite path")
    parser.add_argument("--board", default="ibex-small")
    parser.add_argument("--layer", type=int, help="one layer, counted from 0 in execution order")
    parser.add_argument("--function", help="per instruction of this function")
    parser.add_argument("--top", type=int, default=15)
    args = parser.parse_args()
    model = Path(args.model) if args.model.endswith(".tflite") else MODELS / f"{args.model}_int8.tflite"
    with tempfile.TemporaryDirectory() as tmp:
        b = pipeline.build(model, args.board, Path(tmp) / "out", log=lambda _m: None)
        per_pc = profile(b.elf, b.board, b.graph.name, args.layer)
        starts, names = symbols(b.elf)
        by_function: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
        for pc, (count, cycles) in per_pc.items():
            name = names[bisect.bisect_right(starts, pc) - 1]
            by_function[name][0] += count
            by_function[name][1] += cycles
        total = sum(c for _n, c in per_pc.values())
        what = f"layer {args.layer}" if args.layer is not None else "one inference"
        print(f"{model.name} on {args.board}, {what}: {total:,.0f} estimated cycles")
        for name, (count, cycles) in sorted(by_function.items(), key=lambda kv: -kv[1][1])[: args.top]:
            print(f"  {cycles:12,.0f} {100 * cycles / total:5.1f}%  {count:10,} instr  {name}")
        if args.function:
            dump = subprocess.run(["riscv64-unknown-elf-objdump", "-d", "--no-show-raw-insn", str(b.elf)],
                                  capture_output=True, text=True, check=True).stdout  # fmt: skip
            text = {}
            for line in dump.splitlines():
                head, _, rest = line.partition(":")
                if head.strip() and all(ch in "0123456789abcdef" for ch in head.strip()):
                    text[int(head.strip(), 16)] = rest.strip()
            start = starts[names.index(args.function)]
            end = next((s for s in starts if s > start), start + 1 << 20)
            for pc in sorted(p for p in per_pc if start <= p < end):
                count, cycles = per_pc[pc]
                print(f"  {pc:8x} {count:9,} {cycles:11,.0f}  {text.get(pc, '')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
