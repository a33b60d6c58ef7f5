"""A fuzz campaign over mutated models: every mutant through `plan`, some through `build`, every
mutant `plan` accepts through `check` (build, run under the simulator, compare with TFLite Micro).

    make fuzz N=5000          (or: .venv/bin/python -m tests.fuzz.campaign --count 5000 --seed S)

Outcomes per mutant: rejected (one RvfwError line), accepted, and for accepted ones exact, or
refused by TFLite Micro itself (rvfw accepted a file TFLite Micro cannot run: listed), or over
budget. A traceback (any other exception), a hang (past the per-case alarm), a mismatch with
TFLite Micro, or anything left in the output's parent is a failure.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import random
import signal
import sys
import tempfile
import traceback
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.boards import load_board  # noqa: E402
from codegen.check import golden  # noqa: E402
from codegen.errors import BudgetError, RvfwError, ToolError  # noqa: E402
from codegen.paths import DEFAULT_MODEL  # noqa: E402
from codegen.report import plot  # noqa: E402
from tests.fuzz.mutate import mutants, name_mutants  # noqa: E402

CASE_SECONDS = 60  # a hang is a case that takes longer than this
BOARD = "spike-rv64gcv"


class Hang(Exception):
    pass


def _alarm(_signum, _frame):
    raise Hang()


@dataclass
class Results:
    plan: collections.Counter = field(default_factory=collections.Counter)
    build: collections.Counter = field(default_factory=collections.Counter)
    check: collections.Counter = field(default_factory=collections.Counter)
    accepted: list[Path] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # tracebacks, hangs, mismatches, leftovers
    tflm_refuses: list[str] = field(default_factory=list)
    names: collections.Counter = field(default_factory=collections.Counter)
    structured: collections.Counter = field(default_factory=collections.Counter)

    def summary(self) -> str:
        lines = [f"plan: {sum(self.plan.values())} mutants: {dict(self.plan)}",
                 f"build: {dict(self.build)}", f"check (every mutant plan accepted): {dict(self.check)}",
                 f"name injection (built, run, compared): {dict(self.names)}",
                 f"structured cases: {dict(self.structured)}",
                 f"failures (tracebacks, crashes, hangs, mismatches, leftovers): {len(self.failures)}"]  # fmt: skip
        lines += [f"  {f}" for f in self.failures[:20]]
        if self.tflm_refuses:
            lines.append(f"accepted by rvfw, refused by TFLite Micro: {len(self.tflm_refuses)}")
            lines += [f"  {r}" for r in self.tflm_refuses[:10]]
        return "\n".join(lines)


def _guarded(what: str, name: str, results: Results, fn):
    """Run one case under the alarm: 'ok', 'rejected' (an RvfwError), or a recorded failure."""
    signal.signal(signal.SIGALRM, _alarm)
    signal.alarm(CASE_SECONDS)
    try:
        return "ok", fn()
    except Hang:
        results.failures.append(f"{what} {name}: hang (> {CASE_SECONDS} s)")
        return "failure", None
    except RvfwError as exc:
        return "rejected", exc
    except Exception as exc:  # noqa: BLE001 - that is the finding
        where = traceback.extract_tb(exc.__traceback__)[-1]
        results.failures.append(f"{what} {name}: {type(exc).__name__}: {exc} at {where.filename}:{where.lineno}")
        return "failure", None
    finally:
        signal.alarm(0)


def corpus(seed: int, count: int, work: Path) -> list[Path]:
    """Mutants of the bundled example (70%) and of the MLPerf KWS model (30%) when present."""
    bases = [("example", DEFAULT_MODEL, 0.7)]
    kws = ROOT.parent / "shared" / "models" / "kws_dscnn_int8.tflite"
    if kws.is_file():
        bases.append(("kws", kws, 0.3))
    total = sum(share for *_x, share in bases)
    paths = []
    for k, (label, path, share) in enumerate(bases):
        n = round(count * share / total) if k < len(bases) - 1 else count - len(paths)
        for name, data in mutants(path.read_bytes(), seed + k, n, label):
            target = work / f"{name}.tflite"
            target.write_bytes(data)
            paths.append(target)
    return paths


def quiet(_msg: str) -> None:
    pass


def run_plan(paths: list[Path], results: Results) -> None:
    for path in paths:
        outcome, _ = _guarded("plan", path.name, results, lambda p=path: pipeline.prepare(p, BOARD, memory="fast"))
        results.plan[outcome] += 1
        if outcome == "ok":
            results.accepted.append(path)


def _left_behind(parent: Path, out: Path) -> list[str]:
    return [p.name for p in parent.iterdir() if p.name.startswith(f".{out.name}.")]


def run_build(paths: list[Path], results: Results, work: Path) -> None:
    for path in paths:
        out = work / "out" / path.stem
        outcome, _ = _guarded("build", path.name, results, lambda p=path, o=out: pipeline.build(p, BOARD, o, log=quiet))
        results.build[outcome] += 1
        leftovers = _left_behind(out.parent, out) if out.parent.exists() else []
        if outcome != "ok" and out.exists() or leftovers:
            results.failures.append(f"build {path.name}: left {leftovers or [out.name]} behind")


def graph_key(graph) -> str:
    """What the image is made from: two mutants with the same key compile to the same firmware
    (up to the names of its symbols), so the image of the first stands for both."""
    h = hashlib.sha256()
    for t in graph.tensors:
        h.update(repr((t.shape, t.dtype.name, t.quant)).encode())
        h.update(b"-" if t.data is None else t.data.tobytes())
    for op in graph.ops:
        h.update(repr((op.kind.value, op.version, op.inputs, op.outputs, sorted(op.options.items()))).encode())
    h.update(repr((graph.inputs, graph.outputs)).encode())
    return h.hexdigest()


def run_check(paths: list[Path], results: Results, work: Path) -> None:
    """Every accepted mutant is compared with its own TFLite Micro reference; the firmware is
    built and run once per distinct graph (mutants that differ only in fields rvfw does not read
    share it, which is exactly where TFLite Micro may read them differently)."""
    images: dict[str, list] = {}

    def check(path: Path, out: Path) -> bool:
        graph = pipeline.load(path, load_board(BOARD))
        key = graph_key(graph)
        if key not in images:
            b = pipeline.build(path, BOARD, out, log=quiet)
            images[key] = pipeline.run(b, timeout=CASE_SECONDS / 2, log=quiet).harness.outputs
        inputs = golden.make_inputs(graph, 0)
        return pipeline.compare(graph, inputs, images[key], "firmware", quiet).bit_exact

    for path in paths:
        out = work / "checked" / path.stem
        outcome, value = _guarded("check", path.name, results, lambda p=path, o=out: check(p, o))
        if outcome == "ok":
            results.check["exact" if value else "MISMATCH"] += 1
            if not value:
                results.failures.append(f"check {path.name}: the image disagrees with TFLite Micro")
        elif outcome == "rejected" and isinstance(value, ToolError) and "TFLite Micro" in str(value):
            results.check["refused by TFLite Micro"] += 1
            results.tflm_refuses.append(str(value)[:160])
        elif outcome == "rejected" and isinstance(value, BudgetError):
            results.check["over budget"] += 1
        elif outcome == "rejected":
            # Accepted by plan, then refused: only the firmware's own failure counts against us.
            results.check["rejected at build/run"] += 1
            if "firmware" in str(value) or "trapped" in str(value):
                results.failures.append(f"check {path.name}: {value}")
        else:
            results.check["failure"] += 1
    results.check["distinct images"] = len(images)


def run_names(seed: int, count: int, results: Results, work: Path) -> None:
    """Name-injection mutants (issue 28): every string of the bundled example overwritten with
    random bytes, mostly quotes, backslashes, newlines, comment and trigraph syntax. Each must build
    (its names escaped, so the C compiles), run bit-exact with TFLite Micro, and define no symbol
    the unmutated image does not have."""
    (work / "names").mkdir(exist_ok=True)
    baseline = None
    for name, data in name_mutants(DEFAULT_MODEL.read_bytes(), seed, count):
        path = work / "names" / f"{name}.tflite"
        path.write_bytes(data)
        out = work / "names-out" / name

        def one(p=path, o=out):
            b = pipeline.build(p, BOARD, o, log=quiet)
            exact = pipeline.check(pipeline.run(b, timeout=CASE_SECONDS / 2, log=quiet), log=quiet).bit_exact
            _check_people_outputs(b, o)
            return exact, _symbols(b.elf, b.graph.name)

        outcome, value = _guarded("names", path.name, results, one)
        if outcome != "ok":
            results.names[outcome] += 1
            if outcome == "rejected":
                results.failures.append(f"names {path.name}: refused: {value}")
            continue
        exact, symbols = value
        baseline = symbols if baseline is None else baseline
        results.names["exact" if exact and symbols == baseline else "FAILED"] += 1
        if not exact or symbols != baseline:
            extra = sorted(symbols ^ baseline)[:5]
            results.failures.append(f"names {path.name}: exact {exact}, symbols differ: {extra}")


def _check_people_outputs(b, out: Path) -> None:
    """The outputs a person opens (issue 45): plan.txt holds no control character but newlines
    (terminal_text), and the arena plot is well-formed XML with no element a name could open."""
    text = (out / "plan.txt").read_text(encoding="utf-8")
    bad = [ch for ch in text if ch != "\n" and not ch.isprintable()]
    if bad:
        raise AssertionError(f"plan.txt holds unprintable {bad[:3]!r}")
    svg = out.parent / f"{out.name}.svg"
    plot.write_svg(svg, b.graph, [("fast", b.plan)])
    tags = {el.tag.rsplit("}", 1)[-1] for el in ET.parse(svg).iter()}
    if not tags <= {"svg", "rect", "text", "title", "line"}:
        raise AssertionError(f"the plot holds elements {sorted(tags)}")


def _symbols(elf: Path, model: str) -> set[str]:
    """The image's symbol names, the model's own prefix taken out (it is derived from the file name)."""
    import subprocess

    listing = subprocess.run(["riscv64-unknown-elf-nm", str(elf)], capture_output=True, text=True, check=True).stdout
    return {line.split()[-1].replace(model, "<model>") for line in listing.splitlines() if line.strip()}


def run_structured(results: Results, work: Path) -> None:
    """The structured cases of issue 28, through the command line as a user runs it: each is
    refused in one line (exit 2) or built, never an internal error or a traceback."""
    from codegen.cli import main as rvfw_main
    from tests.fuzz.structured import cases

    for name, argv, expect in cases(work / "structured"):
        import contextlib
        import io

        err = io.StringIO()
        with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
            code = _guarded("structured", name, results, lambda a=argv: rvfw_main(a))[1]
        lines = err.getvalue().strip().splitlines()
        ok = (code == 0 and expect == "builds") or (
            code == 2 and len(lines) == 1 and lines[0].startswith("rvfw: error: ") and expect in lines[0]
        )
        results.structured["as expected" if ok else "FAILED"] += 1
        if not ok:
            results.failures.append(f"structured {name}: exit {code}, said {lines[:2]} (expected {expect!r})")


def campaign(seed: int, count: int, builds: int, work: Path, names: int = 0) -> Results:
    results = Results()
    paths = corpus(seed, count, work)
    run_plan(paths, results)
    run_build(paths[:builds], results, work)
    run_check(results.accepted, results, work)
    run_names(seed, names, results, work)
    run_structured(results, work)
    return results


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=2000)
    parser.add_argument("--builds", type=int, default=300)
    parser.add_argument("--names", type=int, default=200, help="name-injection mutants (each built and run)")
    parser.add_argument("--seed", type=int, default=None, help="default: a fresh one, printed")
    args = parser.parse_args()
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    print(f"fuzz campaign: seed {seed}, {args.count} mutants, {args.builds} builds", flush=True)
    with tempfile.TemporaryDirectory(prefix="rvfw-fuzz-") as work:
        results = campaign(seed, args.count, args.builds, Path(work), args.names)
    print(results.summary())
    return 1 if results.failures else 0


if __name__ == "__main__":
    sys.exit(main())
