"""rvfw's Python API (`import rvfw`): compile a model for a board, then run it on the board's
simulator, check it against TensorFlow Lite Micro, or export it for your firmware.

    import rvfw

    m = rvfw.compile("kws.tflite", board="spike-rv32imc", options=rvfw.BuildOptions(memory="small"))
    m.sizes.flash, m.arena_bytes, [layer.kernel for layer in m.layers]
    result = m.check()               # bit for bit against TensorFlow Lite Micro
    result.bit_exact, result.instructions
    m.run([my_input]).outputs        # another input: the image is rebuilt around it
    m.export("out/kws", format="cmake")

Results are typed objects (dataclasses of numbers and arrays), never text. The command line
(`rvfw ...`) runs the same pipeline: this module is a thin layer over codegen.pipeline."""

from __future__ import annotations

import contextlib
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from codegen import pipeline
from codegen.errors import RvfwError
from codegen.paths import DEFAULT_BOARD
from codegen.pipeline.options import BuildOptions


def _quiet(_message: str) -> None:
    pass


@dataclass(frozen=True)
class LayerInfo:
    index: int
    op: str
    kernel: str
    macs: int
    instructions: int | None = None  # after a run


@dataclass(frozen=True)
class RegionSize:
    name: str
    used: int
    budget: int
    by_category: dict[str, int]


@dataclass(frozen=True)
class Sizes:
    regions: tuple[RegionSize, ...]
    fits: bool

    def category(self, name: str) -> int:
        """Bytes of one category (code, weights, arena, stack, ...) over every region."""
        return sum(r.by_category.get(name, 0) for r in self.regions)

    @property
    def flash(self) -> int:
        """Bytes the image keeps in read-only memory (code, read-only data, weights, constants, data's load image)."""
        return sum(r.used for r in self.regions if r.name in self._readonly)

    _readonly: frozenset[str] = field(default=frozenset(), repr=False)


@dataclass(frozen=True)
class RunResult:
    outputs: list[np.ndarray]
    instructions: int
    layers: tuple[LayerInfo, ...]
    simulator: str
    stack_bytes: int | None


@dataclass(frozen=True)
class CheckResult:
    bit_exact: bool
    matched: int
    total: int
    against: str  # "TFLite Micro", or a TT graph's reference
    mismatches: list[tuple[int, int, object, object]]  # (output, flat index, ours, reference)
    run: RunResult

    @property
    def instructions(self) -> int:
        return self.run.instructions


class Compiled:
    """A model built into an image for a board (codegen.pipeline.Build underneath)."""

    def __init__(self, build: pipeline.Build, model: str | Path, options: BuildOptions, log) -> None:
        self._build = build
        self.model = Path(model)
        self.options = options
        self._log = log

    @property
    def board(self) -> str:
        return self._build.board.name

    @property
    def elf(self) -> Path:
        return self._build.elf

    @property
    def image(self) -> Path:
        """The file to flash (the board's format), or the ELF for boards that take it."""
        return self._build.image or self._build.elf

    @property
    def arena_bytes(self) -> int:
        return self._build.plan.arena_size

    @property
    def memory_mode(self) -> str:
        return self._build.memory

    @property
    def layers(self) -> tuple[LayerInfo, ...]:
        return tuple(LayerInfo(k, layer.op, layer.kernel, layer.macs) for k, layer in enumerate(self._build.layers))

    @property
    def sizes(self) -> Sizes:
        report = self._build.size
        regions = tuple(RegionSize(r.name, r.used, r.length, dict(r.by_category)) for r in report.regions)
        readonly = frozenset(r.name for r in self._build.board.regions if "w" not in r.access)
        return Sizes(regions, report.ok, readonly)

    @contextlib.contextmanager
    def _with_inputs(self, inputs) -> Iterator[Compiled]:
        """This model rebuilt around the given inputs (one array per graph input; the harness embeds
        them), in a temporary folder of its own that goes when the run is over (issue 55: a fixed
        `<out_dir>/../api-inputs` could be another build's folder, and the input files stayed)."""
        if inputs is None:
            yield self
            return
        arrays = [np.asarray(a) for a in (inputs if isinstance(inputs, (list, tuple)) else [inputs])]
        with tempfile.TemporaryDirectory(prefix="rvfw-inputs-") as tmp:
            folder = Path(tmp)
            files = []
            for k, array in enumerate(arrays):
                np.save(folder / f"input{k}.npy", array)
                files.append(folder / f"input{k}.npy")
            options = self.options.but(inputs=tuple(files), steps=None)
            yield compile(self.model, self.board, options, folder / "build", self._log)

    def run(self, inputs=None, timeout: float = 600.0) -> RunResult:
        """Run the image on the board's simulator; inputs: one array per graph input (default: the
        build's seeded or given inputs)."""
        with self._with_inputs(inputs) as target:
            r = pipeline.run(target._build, timeout, target._log)
            return _run_result(target._build, r)

    def check(self, inputs=None, timeout: float = 600.0) -> CheckResult:
        """Run, then compare every output bit for bit with TensorFlow Lite Micro's for the same inputs."""
        from codegen.check.reference import golden_outputs

        with self._with_inputs(inputs) as target:
            r = pipeline.run(target._build, timeout, target._log)
            comparison = pipeline.check(r, target._log)
            _reference, against = golden_outputs(target._build.graph, target._build.inputs)
            return CheckResult(comparison.bit_exact, comparison.matched, comparison.total, against,
                               list(comparison.mismatches), _run_result(target._build, r))  # fmt: skip

    def export(self, out_dir: str | Path, format: str = "sources", name: str | None = None) -> Path:  # noqa: A002
        """The model as sources (or a CMake target, a library, a Zephyr module, an ESP-IDF component)
        for your own firmware, planned as this build was."""
        from codegen.export.model import export

        options = self.options.but(format=format, names=(name,) if name else None, for_simulator=False,
                                   dump_layers=False)  # fmt: skip
        return export(self.model, self.board, Path(out_dir), options, self._log).out_dir


def _run_result(b: pipeline.Build, r: pipeline.Run) -> RunResult:
    counts = r.harness.layer_instret or [None] * len(b.layers)
    layers = tuple(LayerInfo(k, layer.op, layer.kernel, layer.macs, counts[k] if k < len(counts) else None)
                   for k, layer in enumerate(b.layers))  # fmt: skip
    return RunResult(list(r.harness.outputs), r.harness.total_instret, layers, r.sim.runner, r.harness.stack)


def compile(  # noqa: A001 - the API's verb
    model: str | Path,
    board: str = DEFAULT_BOARD,
    options: BuildOptions | None = None,
    out_dir: str | Path | None = None,
    log=None,
    **option_values,
) -> Compiled:
    """Compile `model` (.tflite) for `board` (a name in boards/ or a board YAML path). options: a
    BuildOptions, or its fields as keywords (kernels="scalar", memory="small", ...). log: a
    callable that takes each progress line (default: silent)."""
    if options is not None and option_values:
        raise RvfwError("give options or option keywords, not both")
    options = options or BuildOptions(**option_values)
    if options.for_simulator is None:  # the API's default either way: an image `run` and `check` can run
        options = options.but(for_simulator=True)
    log = log or _quiet
    b = pipeline.build(model, board, Path(out_dir) if out_dir else None, options, log)
    return Compiled(b, model, options, log)


__all__ = ["BuildOptions", "CheckResult", "Compiled", "LayerInfo", "RegionSize", "RunResult", "Sizes", "compile"]
