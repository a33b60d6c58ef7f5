"""A data set through one image (issue 48: X-CUBE-AI's `validate`): N inputs run as N inferences
in a row (not N builds), each sample's outputs compared bit for bit with TFLite Micro's, and the
top-1 accuracy against the labels where the data set has them. The samples are shared over
simulator sessions (`--jobs`, by default one per core; `--ray` on a cluster: run.shards), each
running the same image with its shard's samples written in.

The data set is a stranger's .npz: `x` (or `inputs`) holding N samples of the model's one input in
its shape (a batch-1 input's with or without the batch axis), in its dtype or as float32 real values
(an int8 or int16 input's samples are then quantised with its scale and zero point, as TFLite's
QUANTIZE rounds: half away from zero), and optionally `y` (or `labels`), N integer class indices or
N one-hot rows. With labels: top-1 and top-5 accuracy, per-class accuracy and the confusion matrix.
State carries from one sample to the next, as it does in TFLite Micro's interpreter over the same
samples (a stateful model's samples are one stream, run in one session)."""

from __future__ import annotations

import os
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from codegen.check import golden
from codegen.check.reference import golden_outputs
from codegen.errors import RvfwError, ToolError, one_line
from codegen.pipeline.image import build
from codegen.pipeline.loading import Log
from codegen.pipeline.options import BuildOptions
from codegen.pipeline.verify import run
from codegen.run import shards as shards_mod
from codegen.run.console import parse_console

INPUT_KEYS = ("x", "inputs")
LABEL_KEYS = ("y", "labels")
MAX_JOBS = 4096  # simulator sessions
PROGRESS_SECONDS = 5.0  # at most one progress line this often


@dataclass(frozen=True)
class Validation:
    samples: int
    exact: int  # samples whose every output equals the reference's
    against: str  # whose outputs ("TFLite Micro")
    correct: int | None  # top-1 hits against the labels (None: no labels)
    reference_correct: int | None  # the reference's own top-1 hits
    instructions: int  # one inference's (the last sample's)
    runner: str
    ms_per_sample: float = 0.0  # one inference at the board's clock (its RTL's cycles, else one instruction a cycle)
    seconds_per_sample: float = 0.0  # the simulator's wall time per sample
    float_metrics: dict | None = None  # against the float model: rmse, l2_relative, its top-1
    cycles: int | None = None  # one inference's cycles on the core's RTL (RTL boards)
    top5: int | None = None  # samples whose label is among the image's five highest outputs
    confusion: list[list[int]] | None = None  # [label][predicted] counts over the classes
    quantized: bool = False  # float samples quantised with the input's scale and zero point
    shards: int = 1  # pieces of the data set, each run in a simulator session of its own
    jobs: int = 1  # sessions at a time

    def to_json(self) -> dict:
        return {"samples": self.samples, "bit_exact": self.exact, "against": self.against,
                "top1_correct": self.correct, "reference_top1_correct": self.reference_correct,
                "instructions_per_inference": self.instructions, "runner": self.runner,
                "cycles_per_inference": self.cycles, "ms_per_sample_at_board_clock": self.ms_per_sample,
                "simulator_seconds_per_sample": self.seconds_per_sample, "float_model": self.float_metrics,
                "top5_correct": self.top5, "confusion": self.confusion,
                "per_class": per_class(self.confusion) if self.confusion else None,
                "samples_quantized_from_float": self.quantized, "shards": self.shards, "jobs": self.jobs}  # fmt: skip


def _array(data, keys: tuple[str, ...], label: str) -> np.ndarray | None:
    found = [k for k in keys if k in data.files]
    if len(found) > 1:
        raise RvfwError(f"{label}: holds both {' and '.join(found)}; keep one")
    return data[found[0]] if found else None


def _declared_fit(path: Path, label: str, tensor) -> None:
    """Every sample or label array the archive holds, judged by its .npy header and its size in the
    zip directory before numpy reads (allocates) anything: at most MAX_STEPS samples of the input's
    size, and no member larger than its header says (a zip bomb, a forged count)."""
    if not path.is_file():
        raise RvfwError(f"{label}: not a regular file")
    limit = golden.MAX_STEPS * max(int(tensor.num_elements), 1)
    try:
        with zipfile.ZipFile(path) as archive:
            for info in archive.infolist():
                key = info.filename.removesuffix(".npy")
                if key not in INPUT_KEYS + LABEL_KEYS:
                    continue
                with archive.open(info) as member:
                    header = golden.npy_header(member)
                if header is None:
                    raise RvfwError(f"{label}: '{one_line(key)}' is not a numpy array")
                shape, dtype = header
                count = int(np.prod(shape, dtype=object)) if shape else 1
                if shape and not 1 <= shape[0] <= golden.MAX_STEPS:
                    raise RvfwError(f"{label}: {shape[0]} samples; give 1 to {golden.MAX_STEPS}")
                if not shape or count > limit:
                    raise RvfwError(f"{label}: '{one_line(key)}' declares {list(shape)}; give 1 to {golden.MAX_STEPS} "
                                    f"samples of the input's {tensor.num_elements:,} values")  # fmt: skip
                if info.file_size > count * dtype.itemsize + 4096:
                    raise RvfwError(f"{label}: '{one_line(key)}' unpacks to {info.file_size:,} bytes, more than the "
                                    f"{count:,} values its header declares")  # fmt: skip
    except (OSError, zipfile.BadZipFile, EOFError, ValueError) as exc:
        raise RvfwError(f"{label}: not a readable .npz ({one_line(str(exc))[:80]})") from None


def load_data(path: Path, graph) -> tuple[np.ndarray, np.ndarray | None, bool]:
    """The samples (N, *input shape) in the input's dtype, the labels (N,) or None, and whether the
    samples were float values quantised here; checked before anything is built."""
    label = one_line(path.name)
    if len(graph.inputs) != 1:
        raise RvfwError(f"validate takes one-input models; {label}'s model has {len(graph.inputs)} inputs")
    _declared_fit(path, label, graph.tensors[graph.inputs[0]])
    try:
        with np.load(path, allow_pickle=False) as data:
            samples = _array(data, INPUT_KEYS, label)
            labels = _array(data, LABEL_KEYS, label)
    except (OSError, ValueError, zipfile.BadZipFile, EOFError) as exc:
        raise RvfwError(f"{label}: not a readable .npz ({one_line(str(exc))[:80]})") from None
    if samples is None:
        raise RvfwError(f"{label}: no samples: give the inputs as 'x' (N, *the input's shape)")
    t = graph.tensors[graph.inputs[0]]
    shape = tuple(t.shape)
    if len(shape) > 1 and shape[0] == 1 and samples.ndim == len(shape) and tuple(samples.shape[1:]) == shape[1:]:
        samples = samples[:, None]  # N samples of a batch-1 input, given without the batch axis (as trained)
    if samples.ndim != len(shape) + 1 or tuple(samples.shape[1:]) != shape:
        unbatched = f" or [N, {', '.join(map(str, shape[1:]))}]" if len(shape) > 1 and shape[0] == 1 else ""
        raise RvfwError(f"{label}: samples {list(samples.shape)}; the input takes [N, {', '.join(map(str, shape))}]"
                        f"{unbatched}")  # fmt: skip
    quantized = samples.dtype.kind == "f" and samples.dtype != t.dtype.np_type
    if quantized:
        samples = quantize_samples(samples, t, label)
    if samples.dtype != t.dtype.np_type:
        raise RvfwError(f"{label}: samples are {samples.dtype}; the input is {t.dtype.name.lower()} (or float32 real "
                        "values, quantised with its scale and zero point)")  # fmt: skip
    if not 1 <= samples.shape[0] <= golden.MAX_STEPS:
        raise RvfwError(f"{label}: {samples.shape[0]} samples; give 1 to {golden.MAX_STEPS}")
    if samples.dtype.kind == "f" and not np.isfinite(samples).all():
        raise RvfwError(f"{label}: samples hold NaN or infinity")
    if labels is not None:
        if labels.ndim == 2 and labels.shape[0] == samples.shape[0] and labels.shape[1] > 1:  # one-hot rows
            labels = np.argmax(labels, axis=1)
        if labels.shape != (samples.shape[0],) or labels.dtype.kind not in "iu":
            raise RvfwError(f"{label}: labels {list(labels.shape)} {labels.dtype}; give N integer class indices or N "
                            "one-hot rows")  # fmt: skip
        labels = labels.astype(np.int64)
        if (labels < 0).any():
            raise RvfwError(f"{label}: a negative class index")
    return np.ascontiguousarray(samples), labels, quantized


def quantize_samples(samples: np.ndarray, tensor, label: str) -> np.ndarray:
    """Float samples for an int8 or int16 input: round(x / scale) + zero point in float32, half away
    from zero, clamped to the type (TFLite's AffineQuantize, what the model's own QUANTIZE would do)."""
    info = np.iinfo(tensor.dtype.np_type) if tensor.dtype.np_type in (np.int8, np.int16, np.uint8) else None
    if info is None or tensor.quant is None or len(tensor.quant.scale) != 1:
        raise RvfwError(f"{label}: samples are {samples.dtype}; the input is {tensor.dtype.name.lower()} without one "
                        "scale to quantise them with")  # fmt: skip
    if not np.isfinite(samples).all():
        raise RvfwError(f"{label}: samples hold NaN or infinity")
    scaled = samples.astype(np.float32) / np.float32(tensor.quant.scale[0])
    rounded = np.sign(scaled) * np.floor(np.abs(scaled) + np.float32(0.5))
    q = rounded.astype(np.int64) + int(tensor.quant.zero_point[0])
    return np.clip(q, info.min, info.max).astype(tensor.dtype.np_type)


def per_class(confusion: list[list[int]]) -> list[dict]:
    """Each class's samples and the share the image got right (recall), from the confusion matrix."""
    rows = []
    for k, row in enumerate(confusion):
        total = sum(row)
        rows.append({"class": k, "samples": total, "correct": row[k], "accuracy": row[k] / total if total else None})
    return rows


def _dequantized(array: np.ndarray, tensor) -> np.ndarray:
    """Real values of a tensor's array (its scale and zero point; float arrays as they are)."""
    array = np.asarray(array)
    if array.dtype.kind == "f" or tensor.quant is None:
        return array.astype(np.float64)
    return (array.astype(np.float64) - tensor.quant.zero_point[0]) * tensor.quant.scale[0]


def float_model_metrics(float_model: Path, graph, samples: np.ndarray, ours: list[np.ndarray],
                        labels: np.ndarray | None) -> dict:  # fmt: skip
    """X-CUBE-AI's error metrics of the image's outputs against the float model's on the same
    samples (their real values): RMSE and L2 relative error of the first output, and the float
    model's own top-1 accuracy against the labels."""
    from codegen.check.litert import reference_outputs

    label = one_line(Path(float_model).name)
    if not Path(float_model).is_file():
        raise RvfwError(f"--float-model {label}: no such file")
    real_in = [_dequantized(x, graph.tensors[graph.inputs[0]]).astype(np.float32) for x in samples]
    try:
        theirs = reference_outputs(float_model, real_in, 1, 1)
    except ToolError as exc:  # the child's own line already names the file and says what happened
        raise RvfwError(f"--float-model {exc}") from None
    except Exception as exc:  # a stranger's file: whatever LiteRT says, in one line
        raise RvfwError(f"--float-model {label}: {one_line(str(exc), 300)}") from None
    per = len(graph.outputs)
    out_t = graph.tensors[graph.outputs[0]]
    a = np.concatenate([_dequantized(ours[k * per], out_t).reshape(-1) for k in range(len(samples))])
    b = np.concatenate([np.asarray(t, np.float64).reshape(-1) for t in theirs])
    if a.shape != b.shape:
        raise RvfwError(f"--float-model {label}: its output holds {b.size // len(samples)} values, the model's "
                        f"{a.size // len(samples)}")  # fmt: skip
    diff = a - b
    l2 = float(np.linalg.norm(diff) / max(np.linalg.norm(b), 1e-30))
    metrics = {"rmse": float(np.sqrt(np.mean(diff * diff))), "l2_relative": l2, "top1_correct": None}
    if labels is not None:
        metrics["top1_correct"] = int(sum(int(np.argmax(t.reshape(-1))) == y for t, y in zip(theirs, labels)))
    return metrics


def validate(model, board: str, data: Path, out_dir: Path, log: Log, kernels: str = "auto", memory: str = "auto",
             timeout: float = 600.0, float_model: Path | None = None, jobs: int | None = None,
             ray: str | None = None) -> Validation:  # fmt: skip
    """jobs: simulator sessions the samples are shared over (None: this machine's cores; with ray, the
    cluster's CPUs); ray: a Ray cluster's address (`local` starts one here) to run them on."""
    from codegen.boards import load_board
    from codegen.pipeline.loading import load

    board_data = load_board(board)
    graph = load(model, board_data)
    samples, labels, quantized = load_data(Path(data), graph)
    _check_jobs(jobs)
    with shards_mod.cluster(ray, jobs) as cluster_cpus:
        jobs = _jobs(jobs or cluster_cpus, graph, len(samples), log)
        flash = board_data.region_for("rodata").length
        most = None if graph.variables else shards_mod.most_per_shard(samples[0].nbytes, flash)  # one stream
        shards = shards_mod.split(len(samples), jobs, most)
        with tempfile.TemporaryDirectory(prefix="rvfw-validate-") as tmp:
            stream = Path(tmp) / "samples.npy"
            np.save(stream, samples[: len(shards[0])])  # the image holds the largest shard, the first
            options = BuildOptions(kernels=kernels, memory=memory, inputs=(stream,), for_simulator=True,
                                   patchable_inputs=len(shards) > 1 or bool(ray))  # fmt: skip
            b = build(model, board, out_dir, options, log)
        started = time.monotonic()
        runner, ours, harness = _simulate(b, samples, shards, jobs, ray, timeout, log)
        wall = time.monotonic() - started
    per = len(b.graph.outputs)
    reference, against = golden_outputs(b.graph, list(samples))
    exact = 0
    for s in range(len(samples)):
        pairs = zip(ours[s * per : (s + 1) * per], reference[s * per : (s + 1) * per])
        exact += all(golden.compare([a], [np.asarray(b_)]).bit_exact for a, b_ in pairs)
    correct = reference_correct = top5 = confusion = None
    if labels is not None:
        scores = [ours[s * per].reshape(-1) for s in range(len(samples))]
        top1 = [int(np.argmax(v)) for v in scores]
        ref_top1 = [int(np.argmax(np.asarray(reference[s * per]).reshape(-1))) for s in range(len(samples))]
        correct = int(sum(p == y for p, y in zip(top1, labels)))
        reference_correct = int(sum(p == y for p, y in zip(ref_top1, labels)))
        classes = max(int(scores[0].size), int(labels.max()) + 1)
        # top-5: the label's score among the five highest (ties to the lower index, as argmax)
        top5 = int(sum(y in np.argsort(-v.astype(np.float64), kind="stable")[:5] for v, y in zip(scores, labels)))
        confusion = [[0] * classes for _ in range(classes)]
        for p, y in zip(top1, labels):
            confusion[int(y)][p] += 1
    metrics = float_model_metrics(Path(float_model), b.graph, samples, ours, labels) if float_model else None
    # Time at the board's clock: the core's own cycles on an RTL board, else one instruction a cycle.
    cycles = harness.total_cycles if harness.total_cycles is not None else harness.total_instret
    return Validation(len(samples), exact, against, correct, reference_correct, harness.total_instret,
                      runner, 1000.0 * cycles / board_data.cpu_hz, wall / len(samples),
                      metrics, harness.total_cycles, top5, confusion, quantized, len(shards), jobs)  # fmt: skip


def _check_jobs(jobs) -> None:
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= MAX_JOBS):
        raise RvfwError(f"--jobs {jobs}: give 1 to {MAX_JOBS} simulator sessions")


def _jobs(jobs: int | None, graph, samples: int, log: Log) -> int:
    """How many sessions at a time: the asked number, else the cluster's CPUs or the cores here; one
    for a model with state (its samples are one stream: a second session would start from reset)."""
    if jobs is None:
        jobs = max(1, len(os.sched_getaffinity(0)))
    if jobs > 1 and graph.variables:
        log("validate: the model keeps state from one inference to the next, so its samples are one stream: "
            "one simulator session")  # fmt: skip
        return 1
    return max(1, min(jobs, samples))


def _simulate(b, samples: np.ndarray, shards: list[range], jobs: int, ray: str | None, timeout: float, log: Log):
    """(runner, every sample's outputs in sample order, the last sample's harness record)."""
    if len(shards) == 1 and not ray:
        r = run(b, timeout=timeout, log=lambda _m: None)
        return r.sim.runner, r.harness.outputs, r.harness
    steps = [[[samples[i]] for i in shard] for shard in shards]
    firsts = [shard.start for shard in shards]
    shown = [0.0]

    def progress(done: int, total: int, elapsed: float) -> None:
        if done < total and elapsed - shown[0] < PROGRESS_SECONDS:
            return
        shown[0] = elapsed
        eta = elapsed * (total - done) / max(done, 1)
        to_go = f", about {eta:.0f} s to go" if done < total else ""
        log(f"validate: {done}/{total} samples in {elapsed:.1f} s{to_go}")

    where = f"Ray cluster {ray}" if ray else "this machine"
    log(f"validate: {len(samples)} samples in {len(shards)} shards over {jobs} simulator sessions on {where}")
    if ray:
        runs = shards_mod.run_ray(b.elf, b.board, steps, firsts, timeout, None, "auto", progress)
    else:
        runs = shards_mod.run_local(b.elf, b.board, steps, firsts, jobs, timeout, None, "auto", progress)
    ours, harness = [], None
    for shard in runs:
        sim = shard.sim
        harness = parse_console(sim.console, b.graph, sim.exit_code, sim.runner)
        if sim.layer_instret is not None:
            harness.layer_instret, harness.total_instret = sim.layer_instret, sim.total_instret
        if len(harness.outputs) != shard.samples * len(b.graph.outputs):
            raise RvfwError(f"validate: a shard of {shard.samples} samples printed {len(harness.outputs)} outputs")
        ours += harness.outputs
    return runs[-1].sim.runner, ours, harness


MATRIX_CLASSES = 20  # more classes: the ten least accurate shown, the whole matrix in --json


def confusion_lines(confusion: list[list[int]]) -> list[str]:
    """Per-class accuracy and the confusion matrix (rows: the label, columns: the image's top-1)."""
    from codegen.report.tables import table

    if len(confusion) > MATRIX_CLASSES:
        seen = [c for c in per_class(confusion) if c["samples"]]
        worst = sorted(seen, key=lambda c: (c["accuracy"], c["class"]))[:10]
        rows = [[c["class"], c["samples"], f"{100 * c['accuracy']:.1f}%"] for c in worst]
        title = (f"per class: the {len(worst)} least accurate of {len(seen)} classes seen (--json has every class "
                 "and the confusion matrix):")  # fmt: skip
        return [title, table(["class", "samples", "accuracy"], rows, right={0, 1, 2})]
    rows = []
    for k, row in enumerate(confusion):
        total = sum(row)
        accuracy = f"{100 * row[k] / total:.1f}%" if total else "-"
        rows.append([k, total, accuracy, *row])
    headers = ["class", "samples", "accuracy", *[f"->{k}" for k in range(len(confusion))]]
    return ["per class (rows: the label; ->k: samples the image put in class k):",
            table(headers, rows, right=set(range(len(headers))))]  # fmt: skip


def summary(v: Validation) -> list[str]:
    sessions = "one session" if v.shards == 1 else f"{v.shards} sessions, {v.jobs} at a time"
    lines = [f"validate: {v.samples} samples through one image under {v.runner}, {sessions}",
             f"bit-exact: {v.exact}/{v.samples} samples match {v.against}"]  # fmt: skip
    if v.quantized:
        lines.insert(1, "samples: float32 real values, quantised with the input's scale and zero point")
    if v.exact != v.samples:
        lines.append(f"the image and {v.against} disagree on {v.samples - v.exact} of {v.samples} samples")
    if v.correct is not None:
        share = lambda n: f"{100 * n / v.samples:.1f}% ({n}/{v.samples})"  # noqa: E731
        lines.append(
            f"top-1 accuracy: {share(v.correct)} against the labels ({v.against}: {share(v.reference_correct)}); "
            f"top-5: {share(v.top5)}"
        )
        lines += confusion_lines(v.confusion)
    timing = "" if v.cycles is None else f", {v.cycles:,} cycles on the core's RTL"
    lines.append(f"instructions per inference: {v.instructions:,} (the last sample){timing}: "
                 f"{v.ms_per_sample:.3f} ms at the board's clock; "
                 f"{1000 * v.seconds_per_sample:.1f} ms of simulator time per sample")  # fmt: skip
    if v.float_metrics is not None:
        m = v.float_metrics
        line = f"against the float model: RMSE {m['rmse']:.6g}, L2 relative error {m['l2_relative']:.4g}"
        if m["top1_correct"] is not None:
            line += f", its top-1 accuracy {100 * m['top1_correct'] / v.samples:.1f}% ({m['top1_correct']}/{v.samples})"
        lines.append(line)
    return lines
