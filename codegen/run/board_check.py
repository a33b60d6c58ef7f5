"""The golden check over a serial line: read the real board's console, compare with its golden."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from codegen.check import golden
from codegen.check.reference import golden_outputs
from codegen.errors import RvfwError, ToolError, install_hint
from codegen.run.console import parse_console
from codegen.run.sim import EXIT_MARKER, read_until_exit

if TYPE_CHECKING:  # the run stage reads a build; it does not import the pipeline
    from codegen.pipeline import Build


def check_board(
    b: Build, port: str, start: Callable[[], None], timeout: float = 120.0, log: Callable[[str], None] = print
) -> golden.Comparison:
    """Open the port, then `start` the board (flash and reset it), then read until RVFW-EXIT."""
    try:
        import serial
    except ImportError:
        raise ToolError(f"pyserial is not installed: {install_hint(pypi='pyserial')}") from None
    baud = b.board.uart["baud"] if b.board.uart else 115200
    try:
        line = serial.Serial(port, baud, timeout=0)
    except (serial.SerialException, OSError) as exc:
        raise RvfwError(f"cannot open {port}: {exc}") from None
    with line:
        line.reset_input_buffer()
        start()
        console = read_until_exit(line, timeout, f"{b.board.name} on {port}")
    exit_marker = EXIT_MARKER.search(console)
    harness = parse_console(console, b.graph, int(exit_marker.group(1)) if exit_marker else 1, port)
    # The golden of the graph that was built: TFLite Micro's, or a TT-compressed graph's own reference.
    reference, against = golden_outputs(b.graph, b.inputs)
    result = golden.compare(harness.outputs, reference)
    log(f"{b.board.name} on {port}: {harness.total_instret:,} instructions for one inference")
    for k, i, ours, ref in result.mismatches:
        log(f"mismatch: output {k} [{i}]: board {ours}, {against} {ref}")
    log(f"bit-exact: {result.matched}/{result.total} outputs match {against}")
    return result
