"""The cycle estimate of one inference (codegen.report.cycles) from a Spike run of the image with
its commit log streamed through a pipe: no trace file, whatever the model's size."""

from __future__ import annotations

import subprocess
from pathlib import Path

from codegen.boards import Board
from codegen.build.elfinfo import function_range
from codegen.errors import RvfwError, ToolError
from codegen.report.cycles import CycleEstimate, estimate
from codegen.run.sim import SpikeRunner, spike_binary


def estimate_cycles(
    elf: Path, board: Board, model_name: str, vlen: int | None = None, inferences: int | None = None
) -> CycleEstimate:
    """Scalar boards cost one cycle per instruction, which the count already says; boards with a
    vector unit are traced under Spike (VLEN from the board or `vlen`, DLEN from the board)."""
    if board.simulator is None or board.simulator["machine"] != "spike":
        raise RvfwError(f"--cycles: board {board.name} does not run on Spike, whose commit log the estimate reads")
    if spike_binary() is None:
        raise ToolError("--cycles needs Spike: run `make setup`")
    ranges = function_range(elf, "main"), function_range(elf, f"{model_name}_run")
    if None in ranges:
        raise RvfwError(f"--cycles: {elf} has no main or {model_name}_run (a one-model harness image is traced)")
    cmd = SpikeRunner().command(elf, board, vlen)
    cmd[1:1] = ["-l", "--log-commits"]
    vlen = vlen or board.vlen or 0
    with subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                          text=True, errors="replace", bufsize=1 << 20) as proc:  # fmt: skip
        result = estimate(proc.stderr, ranges[0], ranges[1], max(vlen, 1), board.dlen or max(vlen, 1), inferences)
        if proc.poll() is None:  # the last inference is over: what the harness prints is not traced
            proc.kill()
    if result.instructions == 0:
        raise ToolError(f"spike's commit log of {elf} showed no inference (exit {proc.returncode})")
    return result
