"""One options object for a build, parsed and checked once at the edge (the command line, the
Python API) and passed down whole to the pipeline, the application builder and the exports.

Choices are enums (StrEnum: they print and serialise as the words the command line takes); a
wrong word is refused here, in one line naming the option and the choices, before any work."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from pathlib import Path

from codegen.boards import timer
from codegen.choices import KernelSet, MemoryMode, Optimize, Planner, choose
from codegen.errors import RvfwError
from codegen.passes.io import IO_MODES
from codegen.pipeline.loading import Compression


def _words(name: str, words) -> type[StrEnum]:
    return StrEnum(name, {w.upper(): w for w in words})


# KernelSet, MemoryMode, Optimize and Planner are the core's (codegen.choices): every stage takes them.
IoMode = _words("IoMode", IO_MODES)  # passes.io's
ExportFormat = _words("ExportFormat", ("sources", "cmake", "lib", "zephyr", "espidf"))


_CHOICES = {
    "kernels": (KernelSet, "--kernels"), "memory": (MemoryMode, "memory mode"), "optimize": (Optimize, "--optimize"),
    "io": (IoMode, "--io"), "format": (ExportFormat, "export format"), "planner": (Planner, "planner"),
}  # fmt: skip


@dataclass(frozen=True)
class BuildOptions:
    """Everything a build is asked for beyond the model, the board and where it goes.

    inputs: the --input files (one .npy per graph input, one .npz, or one stream .npy), else
    seeded inputs (seed); steps: inferences in a row (None: 1, or 3 for a model with state);
    deadline: the watchdog's seconds per inference (None: none); compress: a Compression, or "tt"
    for Tensor-Train with its defaults; for_simulator: the image is for the board's simulator (a
    user-mode simulator needs its own platform layer; None: the caller's default, False for the
    command line's build and export, True for the Python API); dump_layers: the
    harness prints every layer's output (`check --layers`); patchable_inputs: other samples can be
    written into a copy of the image (`validate --jobs`: run.shards). Exports: format, names (each model's C
    name), selftest (embed <model>_selftest())."""

    kernels: KernelSet = KernelSet.AUTO
    memory: MemoryMode = MemoryMode.AUTO
    planner: Planner = Planner.BEST
    optimize: Optimize = Optimize.SPEED
    io: IoMode = IoMode.MODEL
    seed: int = 0
    inputs: str | Path | Sequence[str | Path] | None = None
    steps: int | None = None
    deadline: float | None = timer.WATCHDOG_SECONDS
    compress: Compression | str | None = None
    for_simulator: bool | None = None
    dump_layers: bool = False
    patchable_inputs: bool = False
    format: ExportFormat = ExportFormat.SOURCES
    names: tuple[str, ...] | None = None
    selftest: bool = True

    def __post_init__(self) -> None:
        for name, (enum, label) in _CHOICES.items():
            object.__setattr__(self, name, choose(enum, getattr(self, name), label))
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < 1 << 32:
            raise RvfwError(f"--seed {self.seed}: give a whole number from 0 to {(1 << 32) - 1}")
        if self.deadline is not None and not (self.deadline > 0 and math.isfinite(self.deadline)):
            raise RvfwError(f"deadline {self.deadline}: a positive number of seconds, or none")
        if isinstance(self.compress, str):
            if self.compress != "tt":
                raise RvfwError(f"compress '{self.compress}': the one method is 'tt' (Tensor-Train)")
            object.__setattr__(self, "compress", Compression())
        if self.compress is not None and not isinstance(self.compress, Compression):
            raise RvfwError(f"compress: 'tt' or a codegen.pipeline.Compression, not {type(self.compress).__name__}")
        if self.for_simulator not in (None, True, False):
            raise RvfwError(f"for_simulator {self.for_simulator!r}: True, False or None")
        if isinstance(self.inputs, list):
            object.__setattr__(self, "inputs", tuple(self.inputs))
        if self.names is not None:
            object.__setattr__(self, "names", tuple(self.names))

    def but(self, **changes) -> BuildOptions:
        """A copy with some options changed (checked again)."""
        return replace(self, **changes)

    @property
    def inputs_from(self) -> tuple:
        """(seed, input files or None, steps): how the harness's inputs are made."""
        return (self.seed, self.inputs, self.steps)


DEFAULTS = BuildOptions()
