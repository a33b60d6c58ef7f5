"""Tensor-Train compression of the MLPerf Tiny AD autoencoder: flash, MACs and instructions per
layer, dense against TT, with the accuracy cost; and the design-space funnels of seed 002.

    make bench-tt         (or: .venv/bin/python bench/tt_ad.py [error budget, default 1.0])

Instructions are minstret deltas under QEMU -icount shift=0 (or Spike), per layer from the
harness profile; the TT image is checked bit for bit against the TT graph's numpy reference and
the dense one against TFLite Micro.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from codegen import pipeline  # noqa: E402
from codegen.check import tt_accuracy as accuracy  # noqa: E402
from codegen.ir import OpKind  # noqa: E402
from codegen.report.tables import table  # noqa: E402
from codegen.tt.compress import estimate_einsum  # noqa: E402
from codegen.tt.space import SEED_PROFILE, Profile, Stage, explore  # noqa: E402

MODEL = ROOT.parent / "shared" / "models" / "ad_autoencoder_int8.tflite"
BOARD = "spike-rv64gcv"


def quiet(_msg: str) -> None:
    pass


def per_op_instructions(b: pipeline.Build, r: pipeline.Run) -> dict[int, int]:
    """Instructions per original op: a TT layer's einsums add up under the FULLY_CONNECTED they replace."""
    ops = {op.index: op for op in b.graph.ops}
    out: dict[int, int] = {}
    for layer, count in zip(b.layers, r.harness.layer_instret):
        op = ops[layer.index]
        origin = op.options["from_op"] if op.kind is OpKind.TT_EINSUM else op.index
        out[origin] = out.get(origin, 0) + count
    return out


def main() -> int:
    budget = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
    print(explore(512, 512, SEED_PROFILE).table().replace(":", " (seed thresholds: VLEN 256 fp32, 50K FLOPs):", 1))
    print(explore(512, 512, Profile.for_vlen(128)).table().replace(":", " (spike-rv64gcv, VLEN 128):", 1))
    print(explore(640, 128, Profile.for_vlen(128)).table().replace(":", " (AD's largest layer):", 1))
    if not MODEL.is_file():
        print(f"{MODEL} not present")
        return 1
    with tempfile.TemporaryDirectory() as tmp:
        dense = pipeline.build(MODEL, BOARD, Path(tmp) / "dense", log=quiet)
        dense_run = pipeline.run(dense, log=quiet)
        dense_exact = pipeline.check(dense_run, log=quiet).bit_exact
        reports: list = []
        compress = pipeline.Compression(error_budget=budget)
        logged: list[str] = []
        tt = pipeline.build(
            MODEL, BOARD, Path(tmp) / "tt", options=pipeline.BuildOptions(compress=compress), log=logged.append
        )
        tt_run = pipeline.run(tt, log=quiet)
        tt_exact = pipeline.check(tt_run, log=quiet, accuracy=False).bit_exact
        reports = [line for line in logged if line.startswith("op #") and "->" in line]
    before, after = per_op_instructions(dense, dense_run), per_op_instructions(tt, tt_run)
    rows = []
    tt_ops = {op.index: op for op in tt.graph.ops}
    # Issue 19's TT targets: the cost estimate within 10% of the measured instructions, and a TT
    # layer at least as fast per MAC as the dense kernel (met or not, per layer).
    measured_stage = {layer.index: n for layer, n in zip(tt.layers, tt_run.harness.layer_instret)}
    vlen = tt.board.vlen
    for op in dense.graph.ops:
        w = dense.graph.tensors[op.inputs[1]]
        bias = dense.graph.tensors[op.inputs[2]].nbytes if op.inputs[2] >= 0 else 0
        stages = [o for o in tt.graph.ops if o.kind is OpKind.TT_EINSUM and o.options["from_op"] == op.index]
        est = per_mac = "-"
        if stages:
            estimate = sum(estimate_einsum(_stage(tt, o), vlen) for o in stages)
            measured = sum(measured_stage[o.index] for o in stages)
            err = (estimate - measured) / measured
            est = f"{estimate:,} ({err:+.1%}, {'ok' if abs(err) <= 0.10 else 'MISS'})"
            params = sum(tt.graph.tensors[o.inputs[1]].num_elements for o in stages)
            tt_bytes = params + sum(tt.graph.tensors[o.inputs[2]].nbytes for o in stages if o.inputs[2] >= 0)
            macs = sum(layer.macs for layer in tt.layers if tt_ops[layer.index] in stages)
            label = "TT ranks 1-" + "-".join(str(s.options["r_out"]) for s in reversed(stages[:-1])) + "-1"
        else:
            params, tt_bytes, macs, label = w.num_elements, w.nbytes + bias, w.num_elements, "dense"
        if stages:
            dense_pm, tt_pm = before[op.index] / w.num_elements, after[op.index] / macs
            per_mac = f"{dense_pm:.3f} -> {tt_pm:.3f} ({'ok' if tt_pm <= dense_pm else 'MISS'})"
        rows.append([
            f"#{op.index}", "x".join(map(str, reversed(w.shape))), label,
            f"{w.num_elements:,} -> {params:,}", f"{w.nbytes + bias:,} -> {tt_bytes:,}",
            f"{w.num_elements:,} -> {macs:,}", f"{before[op.index]:,} -> {after[op.index]:,}", est, per_mac,
        ])  # fmt: skip
    headers = ["op", "MxN", "kept as", "int8 params", "bytes (w+bias)", "MACs", "instructions (Spike)",
               "TT estimate (vs measured)", "instr/MAC dense -> TT"]  # fmt: skip
    print(f"\nAD autoencoder on {BOARD}, error budget {budget} (relative, weights and outputs):")
    print(table(headers, rows, right=set()))
    dw, tw = dense.size.by_category("weights"), tt.size.by_category("weights")
    dc, tc = dense.size.by_category("constants"), tt.size.by_category("constants")
    print(
        f"image weights {dw:,} -> {tw:,} B ({dw / tw:.1f}x), with the biases and requantisation constants "
        f"{dw + dc:,} -> {tw + tc:,} B ({(dw + dc) / (tw + tc):.1f}x); instructions per inference "
        f"{dense_run.harness.total_instret:,} -> {tt_run.harness.total_instret:,}; "
        f"bit-exact: dense vs TFLM {dense_exact}, TT vs its reference {tt_exact}"
    )
    print(accuracy.accuracy_line(accuracy.accuracy_cost(tt.graph)))
    for line in reports:
        print("  " + line)
    return 0 if dense_exact and tt_exact else 1


def _stage(b: pipeline.Build, op) -> Stage:
    """The design-space Stage of a TT_EINSUM op (what the cost estimate takes)."""
    g = op.options
    outputs, depth = b.graph.tensors[op.inputs[1]].shape
    return Stage(core=0, outer=g["outer"], prev_m=g["prev_m"], inner=g["inner"], n=g["n"], r_out=g["r_out"],
                 m=depth, r_in=1)  # fmt: skip


if __name__ == "__main__":
    sys.exit(main())
