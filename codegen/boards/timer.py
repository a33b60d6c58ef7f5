"""Time budgets on a board's machine timer: durations as written (20ms, 500us, 1s), and ticks.

A model's default deadline is its measured instruction count times DEADLINE_MARGIN at the board's
`clint.cpu_hz` (one instruction per cycle): the margin covers a slower memory system than the
simulator's and the console; a model far beyond it is stuck, not slow."""

from __future__ import annotations

import math
import re

from codegen.boards.board import Board
from codegen.errors import RvfwError

DEADLINE_MARGIN = 4
WATCHDOG_SECONDS = 10.0  # one-model images: a hang detector, like a hardware watchdog's default
_UNITS = {"us": 1e-6, "ms": 1e-3, "s": 1.0}
_DURATION = re.compile(r"^([0-9]+(?:\.[0-9]+)?)(us|ms|s)$")


def parse_duration(text: str, where: str) -> float | None:
    """Seconds of '20ms', '500us', '1.5s'; None for 'none' (no deadline)."""
    if text == "none":
        return None
    m = _DURATION.match(text)
    if not m or float(m.group(1)) <= 0:
        raise RvfwError(f"{where}: '{text}' is not a duration (a positive number and us, ms or s, or none)")
    return float(m.group(1)) * _UNITS[m.group(2)]


def seconds_to_ticks(board: Board, seconds: float) -> int:
    """At least one tick; at most what mtimecmp's 64 bits hold after years of uptime."""
    return max(1, min(math.ceil(seconds * board.clint_hz), 1 << 62))


def instructions_to_ticks(board: Board, instructions: int) -> int:
    """The default deadline of a model measured at `instructions` (with the margin)."""
    return seconds_to_ticks(board, instructions * DEADLINE_MARGIN / board.cpu_hz)
