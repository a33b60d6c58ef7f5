"""`rvfw report`: one self-contained HTML page a person opens from a CI artifact: the size table,
the arena plot, the per-layer profile (instructions; estimated cycles with --cycles; time at the
board's clock) and every layer's output compared with TensorFlow Lite Micro's.

No scripts, no external files: inline CSS and the SVG drawn by report.plot. Every string that
comes from a model (file, tensor and op names) goes through escape.xml_text."""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from codegen import __version__
from codegen.escape import xml_text

CSS = """body{font-family:sans-serif;margin:2em;color:#222}table{border-collapse:collapse;margin:1em 0}
td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}th{background:#f3f3f3}td.l,th.l{text-align:left}
.bad{background:#fdd}.ok{color:#070}.miss{color:#b00}h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em}"""


@dataclass
class ReportData:
    model: str
    board: str
    cpu_hz: int
    memory: str
    simulator: str
    sizes: dict  # SizeReport.to_json()
    layers: list[dict]  # {layer, op, kernels, macs, instructions, cycles?, weights_bytes?, activation_bytes?}
    total_instructions: int
    total_cycles: int | None
    comparison: dict  # {bit_exact, matched, total, against}
    layer_rows: list[dict] | None  # {layer, op, kernel, tensor, dtype, elements, differ, largest}
    plot_svg: str
    clock_known: bool = True  # the board file names the core clock (else the simulators' 1 GHz)
    cycles_measured: bool = False  # the cycles are the core's own count (an RTL board), not an estimate
    accuracy: dict | None = None  # `report --data`: pipeline.validate.Validation.to_json()


def _table(head: list[str], rows: list[list], left: set[int] = frozenset(), bad_rows: set[int] = frozenset()) -> str:
    cells = "".join(f'<th class="{"l" if i in left else ""}">{xml_text(h)}</th>' for i, h in enumerate(head))
    out = [f"<table><tr>{cells}</tr>"]
    for r, row in enumerate(rows):
        tds = "".join(f'<td class="{"l" if i in left else ""}">{xml_text(str(v))}</td>' for i, v in enumerate(row))
        out.append(f'<tr class="{"bad" if r in bad_rows else ""}">{tds}</tr>')
    out.append("</table>")
    return "\n".join(out)


def render(d: ReportData) -> str:
    ms = 1000.0 / d.cpu_hz
    verdict = d.comparison
    status = (f'<p class="ok">bit-exact: {verdict["matched"]:,}/{verdict["total"]:,} outputs match '
              f'{xml_text(verdict["against"])}</p>') if verdict["bit_exact"] else \
        (f'<p class="miss">{verdict["total"] - verdict["matched"]:,} of {verdict["total"]:,} outputs differ from '
         f'{xml_text(verdict["against"])}</p>')  # fmt: skip
    size_rows = [[r["name"], f"{r['used']:,}", f"{r['budget']:,}", f"{100.0 * r['used'] / r['budget']:.1f}%",
                  *(f"{v:,}" for v in r["by_category"].values()), f"{r['padding']:,}"]
                 for r in d.sizes["regions"]]  # fmt: skip
    categories = list(d.sizes["regions"][0]["by_category"]) if d.sizes["regions"] else []
    cycles = d.total_cycles is not None
    sized = bool(d.layers) and "weights_bytes" in d.layers[0]
    prof_head = ["layer", "op", "kernel", "MACs", *(["weights B", "activations B"] if sized else []), "instructions",
                 "instr/MAC"]  # fmt: skip
    prof_head += ["cycles" if d.cycles_measured else "est. cycles", "cycles/MAC"] if cycles else []
    prof_head += [f"ms at {d.cpu_hz / 1e6:g} MHz", "share"]
    prof_rows = []
    for row in d.layers:
        n = row["instructions"]
        sizes = [f"{row['weights_bytes']:,}", f"{row['activation_bytes']:,}"] if sized else []
        line = [row["layer"], row["op"], " + ".join(row["kernels"]), f"{row['macs']:,}", *sizes, f"{n:,}",
                f"{n / row['macs']:.2f}" if row["macs"] else "-"]  # fmt: skip
        if cycles:
            c = row.get("cycles") or 0
            line += [f"{c:,}", f"{c / row['macs']:.2f}" if row["macs"] else "-"]
        spent = row.get("cycles") if cycles else n
        line += [
            f"{(spent or 0) * ms:.3f}",
            f"{100.0 * n / d.total_instructions:.1f}%" if d.total_instructions else "-",
        ]
        prof_rows.append(line)
    total = d.total_cycles if cycles else d.total_instructions
    clock = ("cycles counted by the core's RTL" if d.cycles_measured else "estimated cycles") if cycles else (
        "one instruction per cycle")  # fmt: skip
    if not d.clock_known:
        clock += "; the board file names no core clock: the simulators' one instruction per ns"
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>rvfw report: {xml_text(d.model)} on {xml_text(d.board)}</title>",
        f"<style>{CSS}</style></head><body>",
        f"<h1>{xml_text(d.model)} on {xml_text(d.board)}</h1>",
        f"<p>rvfw {__version__}, {datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC; memory plan "
        f"{xml_text(d.memory)}; run under {xml_text(d.simulator)}.</p>",
        status,
        "<h2>Sizes</h2>",
        _table(["region", "used", "budget", "%", *categories, "padding"], size_rows, left={0}),
        "<h2>Arena</h2>",
        d.plot_svg,
        "<h2>Per-layer profile</h2>",
        f"<p>{d.total_instructions:,} instructions for one inference; {total * ms:.3f} ms at the board's "
        f"{d.cpu_hz / 1e6:g} MHz ({clock}).</p>",
        _table(prof_head, prof_rows, left={1, 2}),
    ]
    if d.layer_rows is not None:
        bad = {k for k, r in enumerate(d.layer_rows) if r["differ"]}
        rows = [[r["layer"], r["op"], r["kernel"], r["tensor"], r["dtype"], f"{r['elements']:,}", f"{r['differ']:,}",
                 r["largest"]] for r in d.layer_rows]  # fmt: skip
        parts += ["<h2>Every layer against TensorFlow Lite Micro</h2>",
                  _table(["layer", "op", "kernel", "tensor", "dtype", "elements", "differ", "largest difference"],
                         rows, left={1, 2, 4}, bad_rows=bad)]  # fmt: skip
    if d.accuracy is not None:
        parts += _accuracy(d.accuracy)
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"


MATRIX_CLASSES = 20  # more classes: per-class accuracy only


def _accuracy(v: dict) -> list[str]:
    """The data set's section: bit-exact samples, top-1/top-5 against the labels and the reference's
    top-1, the float model's metrics, per-class accuracy and (up to 20 classes) the confusion matrix."""
    n = v["samples"]
    share = lambda k: f"{100.0 * k / n:.1f}% ({k:,}/{n:,})"  # noqa: E731
    exact = v["bit_exact"] == n
    out = ["<h2>Accuracy on the data set</h2>",
           f'<p class="{"ok" if exact else "miss"}">bit-exact: {v["bit_exact"]:,}/{n:,} samples match '
           f"{xml_text(v['against'])}</p>"]  # fmt: skip
    if v["top1_correct"] is not None:
        out.append(f"<p>top-1: {share(v['top1_correct'])} against the labels ({xml_text(v['against'])}: "
                   f"{share(v['reference_top1_correct'])}); top-5: {share(v['top5_correct'])}</p>")  # fmt: skip
    if v.get("float_model"):
        m = v["float_model"]
        line = f"against the float model: RMSE {m['rmse']:.6g}, L2 relative error {m['l2_relative']:.4g}"
        if m.get("top1_correct") is not None:
            line += f", its top-1 {share(m['top1_correct'])}"
        out.append(f"<p>{xml_text(line)}</p>")
    if v.get("per_class"):
        rows = [[c["class"], f"{c['samples']:,}", "-" if c["accuracy"] is None else f"{100 * c['accuracy']:.1f}%"]
                for c in v["per_class"]]  # fmt: skip
        out += ["<h3>Per class</h3>", _table(["class", "samples", "top-1"], rows)]
    confusion = v.get("confusion")
    if confusion and len(confusion) <= MATRIX_CLASSES:
        rows = [[k, *row] for k, row in enumerate(confusion)]
        out += ["<h3>Confusion matrix (rows: the label; columns: the image's top-1)</h3>",
                _table(["label", *map(str, range(len(confusion)))], rows)]  # fmt: skip
    return out
