"""Every op on every kernel set, and the family models' memory: `make bench-ops`.

    .venv/bin/python bench/ops.py [ops|models]

ops: for each op kind and activation dtype, its largest single-op test model of tests/kernels (outputs bit-exact with
TFLite Micro every time), instructions per inference (minstret: the whole image's inference, the
harness's input/output copies excluded) under the reference kernels and the board's fast set on
rv32imc, rv64gcv and the C906. TFLite Micro's own reference kernels cannot be measured per op here:
there is no RISC-V build of TFLite Micro on this machine (ANCHORS.md has whole-model counts).

models: the family models (codegen/family_models.py): rvfw's arena for each memory mode beside
TFLite Micro's (its arena head, the activations, and its total with interpreter overhead, from its
own allocation report), flash beside the .tflite size, and instructions on three boards.
"""

from __future__ import annotations

import re
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.boards import load_board  # noqa: E402
from codegen.errors import RvfwError  # noqa: E402
from codegen.family_models import FAMILY_MODELS, STREAMING_MODELS  # noqa: E402
from codegen.report.tables import table  # noqa: E402
from tests.kernels.test_ops_on_sim import CASES  # noqa: E402

# (column, board, kernel set)
CONFIGS = [("rv32imc ref", "spike-rv32imc", "ref"), ("rv32imc scalar", "spike-rv32imc", "scalar"),
           ("rv64gcv ref", "spike-rv64gcv", "ref"), ("rv64gcv rvv", "spike-rv64gcv", "rvv"),
           ("c906 xthead", "c906", "xthead")]  # fmt: skip
MODEL_BOARDS = [("spike-rv64gcv", "rvv"), ("spike-rv32imc", "scalar"), ("c906", "xthead")]


def quiet(_msg: str) -> None:
    pass


def build_and_run(model: Path, out: Path, board: str, kernels: str, memory: str = "fast", seed: int = 7):
    b = pipeline.build(
        model,
        board,
        out,
        options=pipeline.BuildOptions(seed=seed, kernels=kernels, memory=memory, for_simulator=True),
        log=quiet,
    )
    r = pipeline.run(b, timeout=1800, log=quiet)
    return b, r, pipeline.check(r, log=quiet).bit_exact


def largest_case_per_op(tmp: Path) -> dict[str, tuple[str, Path, int]]:
    """op kind -> (case, model, output elements) for the largest single-op case of each kind."""
    chosen: dict[str, tuple[str, Path, int]] = {}
    for case, make in CASES.items():
        if case.startswith(("random", "chain_", "simplify", "views", "add_residual", "padconv", "paddw")):
            continue
        model = tmp / f"{case}.tflite"
        model.write_bytes(make(np.random.default_rng(zlib.crc32(case.encode()))))
        graph = pipeline.load(model, load_board("spike-rv64gcv"))
        # Per op and activation dtype: 16x8 and float32 convolutions beside the int8 ones.
        kind = f"{graph.ops[0].kind.value} {graph.tensors[graph.ops[0].inputs[0]].dtype.name.lower()}"
        size = sum(graph.tensors[o].num_elements for o in graph.outputs)
        if kind not in chosen or size > chosen[kind][2]:
            chosen[kind] = (case, model, size)
    return chosen


def bench_ops() -> bool:
    ok = True
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for kind, (case, model, size) in sorted(largest_case_per_op(Path(tmp)).items()):
            counts = []
            for column, board, kernels in CONFIGS:
                b, r, exact = build_and_run(model, Path(tmp) / f"{case}-{column.replace(' ', '-')}", board, kernels)
                ok &= exact
                counts.append(r.harness.total_instret)
                if not exact:
                    print(f"MISMATCH {case} {column}")
            ref64, rvv = counts[2], counts[3]
            rows.append([kind, case, f"{size:,}", *(f"{c:,}" for c in counts), f"{ref64 / max(rvv, 1):.1f}x"])
    print(table(["op", "largest test", "outputs", *(c[0] for c in CONFIGS), "rvv vs ref"], rows,
                right={2, 3, 4, 5, 6, 7, 8}))  # fmt: skip
    return ok


def tflm_arena(model: Path) -> tuple[int, int, int, int]:
    """(head, tail, variable, total) bytes of TFLite Micro's arena, from its own allocation report
    (the tail holds its persistent data, the variable tensors' buffers among them)."""
    code = (
        "import sys\nfrom tflite_micro.python.tflite_micro import runtime\n"
        f"it = runtime.Interpreter.from_file({str(model)!r}, arena_size=8 << 20)\nit.print_allocations()\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    text = proc.stdout + proc.stderr
    found = [re.search(pattern, text) for pattern in (r"Arena allocation head (\d+) bytes",
             r"Arena allocation tail (\d+) bytes", r"'TfLiteTensor variable buffer data' used (\d+) bytes",
             r"Arena allocation total (\d+) bytes")]  # fmt: skip
    head, tail, variable, total = (int(m.group(1)) if m else -1 for m in found)
    return head, tail, max(variable, 0), total


def bench_models() -> bool:
    ok = True
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, make in {**FAMILY_MODELS, **STREAMING_MODELS}.items():
            model = Path(tmp) / f"{name}.tflite"
            model.write_bytes(make())
            arenas = {}
            for memory in ("fast", "small", "tiled"):
                try:
                    b = pipeline.build(
                        model,
                        "spike-rv64gcv",
                        Path(tmp) / f"{name}-{memory}",
                        options=pipeline.BuildOptions(memory=memory, for_simulator=True),
                        log=quiet,
                    )
                    arenas[memory] = b.plan.arena_size
                except RvfwError:
                    arenas[memory] = None
            head, tail, variable, total = tflm_arena(model)
            state = b.plan.state_size
            instructions, flash = [], {}
            for board, kernels in MODEL_BOARDS:
                b, r, exact = build_and_run(model, Path(tmp) / f"{name}-{board}", board, kernels)
                ok &= exact
                instructions.append(f"{r.harness.total_instret:,}" + ("" if exact else " MISMATCH"))
                flash[board] = sum(b.size.by_category(c) for c in ("code", "rodata", "weights", "data"))
            rows.append([
                name, *(f"{arenas[m]:,}" if arenas[m] is not None else "-" for m in ("fast", "small", "tiled")),
                f"{state:,}", f"{head:,}", f"{tail:,}", f"{variable:,}", f"{total:,}", f"{flash['spike-rv32imc']:,}",
                f"{model.stat().st_size:,}",
                *instructions,
            ])  # fmt: skip
    print(table(["model", "arena fast", "small", "tiled", "state", "TFLM arena head", "TFLM tail", "TFLM variables",
                 "TFLM total", "flash rv32imc", ".tflite", "instr/step rv64gcv rvv", "rv32imc scalar", "c906 xthead"],
                rows, right=set(range(1, 14))))  # fmt: skip
    return ok


def main() -> int:
    which = sys.argv[1:] or ["ops", "models"]
    ok = True
    if "ops" in which:
        ok &= bench_ops()
    if "models" in which:
        print()
        ok &= bench_models()
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
