"""What a model of an application costs when it runs alone on the board's simulator: retired
instructions (for its default deadline) and the deepest stack it used (for the smallest stack
admission accepts). Kernels are data-independent, so one seeded run tells.

The one-model image is built and run once per content (the generated code, the kernels and
runtime, the board) and remembered under build/.measured/: applications that repeat a model
do not pay again."""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path

from codegen import __version__, emit
from codegen.boards import Board
from codegen.choices import KernelSet, Optimize
from codegen.paths import CACHE_DIR as CACHE_ROOT
from codegen.paths import FIRMWARE_DIR
from codegen.pipeline import BuildOptions, Planned, build_planned, lower, run

CACHE_DIR = CACHE_ROOT / ".measured"
STACK_MARGIN = 64  # bytes above the measured depth: the entry stub and rounding


@dataclass(frozen=True)
class Measured:
    instructions: int
    stack: int  # bytes the deepest inference used


def measurable(board: Board) -> bool:
    """A machine-mode simulator that runs the board's own image (user-mode ones cannot paint a stack)."""
    target = board.for_simulator()
    return target.simulator is not None and not target.user_mode_simulator


def _firmware_digest() -> str:
    h = hashlib.sha256()
    for path in sorted(FIRMWARE_DIR.rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(FIRMWARE_DIR)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()


def _key(planned: Planned, board: Board, kernel_set: KernelSet, optimize: Optimize) -> str:
    graph, plan = planned.graph, planned.plan
    layers, constants = lower(planned, board, kernel_set, optimize)
    h = hashlib.sha256(f"{__version__}\0{kernel_set}\0{planned.mode}\0{optimize}\0".encode())
    h.update(Path(board.source_file).read_bytes())
    for name, text in sorted(emit.render_model(graph, board, plan, layers, constants).items()):
        h.update(name.encode() + b"\0" + text.encode())
    h.update(_firmware_digest().encode())
    return h.hexdigest()[:32]


def measure(planned: Planned, board: Board, kernel_set: KernelSet, optimize: Optimize = Optimize.SPEED) -> Measured:
    """Build the model alone for the board's simulator, run it once, read its counts (cached)."""
    target = board.for_simulator()
    cached = CACHE_DIR / f"{_key(planned, target, kernel_set, optimize)}.json"
    if cached.is_file():
        return Measured(**json.loads(cached.read_text()))
    quiet = lambda _msg: None  # noqa: E731
    with tempfile.TemporaryDirectory(prefix="rvfw-measure-") as tmp:
        options = BuildOptions(steps=1, deadline=None, optimize=optimize)
        b = build_planned(planned, target, kernel_set, options, Path(tmp) / "image", quiet)
        harness = run(b, log=quiet).harness
    measured = Measured(harness.total_instret, harness.stack or 0)
    CACHE_DIR.mkdir(parents=True, exist_ok=True)
    partial = cached.with_suffix(f".{os.getpid()}.tmp")
    partial.write_text(json.dumps(asdict(measured)) + "\n")
    partial.replace(cached)  # whole or not at all
    return measured
