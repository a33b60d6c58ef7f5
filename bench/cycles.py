"""Cycles, not instructions (issue 60): the MLPerf Tiny int8 models on the RTL of real MCU cores,
timed by the core's own mcycle, every run checked bit for bit against TFLite Micro.

    make bench-cycles      (or: .venv/bin/python bench/cycles.py [MODEL ...] [--boards b1,b2])

Per board and model: cycles and instructions of one inference, CPI, cycles per MAC, the slowest
convolution and depthwise layer per MAC, and the milliseconds at the board's (nominal) clock, against
issue 60's targets (ok/MISS). The cycle estimate (codegen.report.cycles.estimate_scalar: the
board's documented timings over Spike's commit log) is set beside the RTL's count: its error is the
estimate's own target (<= 10%). PULP-NN's published rate on RI5CY-class cores is the anchor for the
CORE-V SIMD kernels: 15.5 MACs/cycle on an 8-core cluster, 1.94 per core (0.52 cycles/MAC).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.check import golden  # noqa: E402
from codegen.report.tables import table  # noqa: E402
from codegen.run.trace import estimate_cycles  # noqa: E402

MODELS = ROOT.parent / "shared" / "models"
NAMES = {"kws_dscnn": "KWS", "ad_autoencoder": "AD", "ic_resnet8": "IC", "vww_mobilenet": "VWW"}
BOARDS = ["ibex-small", "ibex-maxperf", "cv32e40p"]
# Issue 60's targets, cycles per MAC: (board, model) -> whole inference; per layer kind.
TARGET_TOTAL = {("ibex-small", "kws_dscnn"): 5.5, ("ibex-small", "ic_resnet8"): 4.8,
                ("ibex-maxperf", "kws_dscnn"): 3.0, ("cv32e40p", "kws_dscnn"): 1.0}  # fmt: skip
TARGET_LAYER = {("ibex-small", "DEPTHWISE_CONV_2D"): 7.0, ("cv32e40p", "CONV_2D"): 0.6}
# Before issue 60's kernels (0f33d8b, the same RTL): cycles per MAC of the whole inference.
BEFORE = {("ibex-small", "kws_dscnn"): 8.16, ("ibex-small", "ad_autoencoder"): 9.61,
          ("ibex-small", "ic_resnet8"): 7.09, ("ibex-maxperf", "kws_dscnn"): 4.75,
          ("ibex-maxperf", "ad_autoencoder"): 5.86, ("ibex-maxperf", "ic_resnet8"): 4.00,
          ("cv32e40p", "kws_dscnn"): 4.97, ("cv32e40p", "ad_autoencoder"): 6.03,
          ("cv32e40p", "ic_resnet8"): 4.05}  # fmt: skip
PULP_NN_CYCLES_PER_MAC = 8 / 15.5


def quiet(_msg: str) -> None:
    pass


def measure(board: str, model: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        b = pipeline.build(MODELS / f"{model}_int8.tflite", board, Path(tmp) / "out", log=quiet)
        r = pipeline.run(b, timeout=3600, log=quiet)
        exact = pipeline.check(r, log=quiet).bit_exact
        estimate = None
        if b.board.rtl["core"] == "ibex":  # Spike cannot map CV32E40P's bench (its RAM at 0) nor run CORE-V
            estimate = estimate_cycles(b.elf, b.board, b.graph.name, None, b.steps).total
    h = r.harness
    layers = [(layer.op, layer.macs, cycles, instret)
              for layer, cycles, instret in zip(b.layers, h.layer_cycles, h.layer_instret)]  # fmt: skip
    return {"board": board, "model": model, "cycles": h.total_cycles, "instructions": h.total_instret,
            "macs": sum(layer.macs for layer in b.layers), "layers": layers, "exact": exact,
            "ms": 1000.0 * h.total_cycles / b.board.cpu_hz, "mhz": b.board.cpu_hz / 1e6, "estimate": estimate,
            "kernels": sorted({layer.kernel for layer in b.layers if layer.macs})}  # fmt: skip


ESTIMATE_BOARDS = ["ibex-small", "ibex-maxperf"]
TARGET_ESTIMATE = 0.10  # the estimate within 10% of the RTL's count


# The RTL simulates about 0.45 M cycles a second: the corpus run takes the models of at most this
# many instructions on spike-rv32imc, the same ISA (the large float32 ones, up to 600 M on soft
# float, stay on Spike: Spike cannot run them as RTL images to the end, which never halt for it).
CORPUS_INSTRUCTION_CAP = 8_000_000


def corpus_size(name: str) -> int:
    """A corpus model's instructions for one inference on spike-rv32imc."""
    from tests.corpus.test_converter_corpus import CORPUS, committed

    with tempfile.TemporaryDirectory() as tmp:
        files, _expected = committed(name, Path(tmp))
        options = pipeline.BuildOptions(inputs=files, steps=1, for_simulator=True)
        b = pipeline.build(CORPUS / f"{name}.tflite", "spike-rv32imc", Path(tmp) / "out", options, quiet)
        return pipeline.run(b, timeout=3600, log=quiet).harness.total_instret


def corpus_one(board: str, name: str) -> tuple[str, str, int, int, bool]:
    """A converter-corpus model (tests/data/converters, the reference outputs committed beside it)
    on the RTL and under the estimate: (board, model, RTL cycles, estimated cycles, bit-exact)."""
    from tests.corpus.test_converter_corpus import CORPUS, committed

    with tempfile.TemporaryDirectory() as tmp:
        files, expected = committed(name, Path(tmp))
        options = pipeline.BuildOptions(inputs=files, steps=1, for_simulator=True)
        b = pipeline.build(CORPUS / f"{name}.tflite", board, Path(tmp) / "out", options, quiet)
        r = pipeline.run(b, timeout=3600, log=quiet)
        exact = golden.compare(r.harness.outputs[-len(expected) :], expected).bit_exact
        estimate = estimate_cycles(b.elf, b.board, b.graph.name, None, 1).total
    return board, name, r.harness.total_cycles, estimate, exact


def corpus(jobs: int) -> int:
    """Every corpus model up to CORPUS_INSTRUCTION_CAP on the Ibex boards: the estimate's error
    against the RTL (target 10%)."""
    from tests.corpus.test_converter_corpus import MODELS

    with ProcessPoolExecutor(jobs) as pool:
        sizes = dict(zip(MODELS, pool.map(corpus_size, MODELS)))
        skipped = {name: n for name, n in sizes.items() if n > CORPUS_INSTRUCTION_CAP}
        pairs = [(board, name) for name in MODELS if name not in skipped for board in ESTIMATE_BOARDS]
        rows = list(pool.map(corpus_one, *zip(*pairs)))
    errors = [(e - c) / c for _b, _n, c, e, _x in rows if c]
    print(table(["board", "model", "RTL cycles", "estimate", "error", "bit-exact"],
                [[b, n, f"{c:,}", f"{e:,}", f"{100 * (e - c) / c:+.1f}%", "yes" if x else "NO"]
                 for b, n, c, e, x in rows], right={2, 3, 4}))  # fmt: skip
    worst, mean = max(abs(e) for e in errors), sum(errors) / len(errors)
    verdict_ = "ok" if worst <= TARGET_ESTIMATE else "MISS"
    print(f"\n{len(rows)} runs on {', '.join(ESTIMATE_BOARDS)}: estimate error mean {100 * mean:+.1f}%, worst "
          f"{100 * worst:.1f}% (target <= {100 * TARGET_ESTIMATE:.0f}%: {verdict_}); "
          f"{sum(x for *_r, x in rows)}/{len(rows)} bit-exact against their references")  # fmt: skip
    if skipped:
        print(f"not on the RTL (over {CORPUS_INSTRUCTION_CAP:,} instructions on spike-rv32imc): "
              + ", ".join(f"{name} ({n / 1e6:.0f} M)" for name, n in skipped.items()))  # fmt: skip
    return 0 if all(x for *_r, x in rows) else 1


def verdict(value: float, target: float | None) -> str:
    return "-" if target is None else f"{target:g} {'ok' if value <= target else 'MISS'}"


def worst(result: dict, op: str) -> float | None:
    rates = [cycles / macs for kind, macs, cycles, _i in result["layers"] if kind == op and macs]
    return max(rates) if rates else None


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("models", nargs="*", default=list(NAMES))
    parser.add_argument("--boards", default=",".join(BOARDS))
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--corpus", action="store_true", help="the estimate against the RTL on the converter corpus")
    args = parser.parse_args()
    if args.corpus:
        return corpus(args.jobs)
    boards = args.boards.split(",")
    for board in boards:  # build the simulators once, before the workers race for them
        from codegen.boards import load_board
        from codegen.run import rtl

        rtl.simulator(load_board(board), print)
    pairs = [(board, model) for model in args.models for board in boards]
    with ProcessPoolExecutor(args.jobs) as pool:
        results = list(pool.map(measure, *zip(*pairs)))
    rows, failures = [], 0
    for r in results:
        per_mac = r["cycles"] / r["macs"]
        key = (r["board"], r["model"])
        before = BEFORE.get(key)
        conv, dw = worst(r, "CONV_2D"), worst(r, "DEPTHWISE_CONV_2D")
        estimate = r["estimate"]
        error = f"{100 * (estimate - r['cycles']) / r['cycles']:+.1f}%" if estimate else "-"
        failures += not r["exact"]
        rows.append([
            r["board"], NAMES[r["model"]], f"{r['cycles']:,}", f"{r['instructions']:,}",
            f"{r['cycles'] / r['instructions']:.2f}", f"{per_mac:.2f}", f"{before:.2f}" if before else "-",
            verdict(per_mac, TARGET_TOTAL.get(key)),
            f"{conv:.2f}" if conv else "-", verdict(conv, TARGET_LAYER.get((r["board"], "CONV_2D"))) if conv else "-",
            f"{dw:.2f}" if dw else "-",
            verdict(dw, TARGET_LAYER.get((r["board"], "DEPTHWISE_CONV_2D"))) if dw else "-",
            f"{r['ms']:.2f} @ {r['mhz']:g} MHz", error, "yes" if r["exact"] else "NO",
        ])  # fmt: skip
    headers = ["board", "model", "cycles", "instructions", "CPI", "cycles/MAC", "before", "target",
               "worst conv", "target", "worst dw", "target", "ms", "estimate err", "bit-exact"]  # fmt: skip
    print("One inference on the RTL (mcycle), bit-exact against TFLite Micro:")
    print(table(headers, rows, right={2, 3, 4, 5, 6, 8, 10, 13}))
    print(f"\nPULP-NN (int8 convolution, RI5CY-class core with Xpulp SIMD, published): 15.5 MACs/cycle on 8 cores "
          f"= {PULP_NN_CYCLES_PER_MAC:.2f} cycles/MAC per core.")  # fmt: skip
    print("\nPer layer (cycles per MAC):")
    for r in results:
        kinds = {}
        for kind, macs, cycles, _i in r["layers"]:
            if macs:
                kinds.setdefault(kind, []).append(f"{cycles / macs:.2f}")
        shown = "; ".join(f"{kind} {' '.join(v)}" for kind, v in kinds.items())
        print(f"  {r['board']:13s} {NAMES[r['model']]:4s} {shown}")
        print(f"  {'':13s} {'':4s} kernels: {', '.join(r['kernels'])}")
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
