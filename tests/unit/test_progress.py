"""Long steps say what they do (issue 48): one line each in a log, a live line on a terminal."""

from __future__ import annotations

import time

from codegen.report import progress


def test_a_long_step_is_one_line_in_a_log_and_a_short_one_none():
    lines: list[str] = []
    progress.start(lines.append, tty=False)
    try:
        with progress.step("plan"):
            time.sleep(1.05)
        with progress.step("load"):
            pass
        with progress.step("simulate"), progress.step("inner"):  # nested: the outer step speaks
            time.sleep(1.05)
    finally:
        progress.stop()
    assert [line.split(":")[0] for line in lines] == ["plan", "simulate"]
    assert all(line.endswith(" s") for line in lines)


def test_on_a_terminal_the_running_step_shows_on_stderr(capsys):
    lines: list[str] = []
    progress.start(lines.append, tty=True)
    try:
        with progress.step("compile and link"):
            time.sleep(1.4)
    finally:
        progress.stop()
    err = capsys.readouterr().err
    assert "compile and link... 1 s" in err and err.endswith("s\n") and not lines


def test_nobody_listening_costs_nothing():
    with progress.step("anything"):
        pass
