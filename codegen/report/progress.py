"""Progress of long steps (plan, compile and link, simulate, TensorFlow Lite Micro's golden).

The command line turns it on (`start`); the pipeline marks its steps with `step(what)`, which
does nothing when nobody listens (the API, tests, --json). On a terminal, a step still running
after a second shows what it is doing and for how long on stderr, updated in place and cleared
when it ends; anywhere else (CI logs) a step that took a second or more gets one line through the
command's log when it ends: `simulate: 17.2 s`."""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Iterator

THRESHOLD = 1.0  # seconds: quicker steps say nothing


class Progress:
    def __init__(self, log: Callable[[str], None], tty: bool) -> None:
        self.log = log
        self.tty = tty
        self.depth = 0

    @contextlib.contextmanager
    def step(self, what: str) -> Iterator[None]:
        if self.depth:  # a step inside a step (a rebuild inside a run): the outer one speaks
            yield
            return
        self.depth += 1
        started = time.monotonic()
        done = threading.Event()
        ticker = None
        if self.tty:
            ticker = threading.Thread(target=self._tick, args=(what, started, done), daemon=True)
            ticker.start()
        try:
            yield
        finally:
            done.set()
            if ticker is not None:
                ticker.join()
            self.depth -= 1
            elapsed = time.monotonic() - started
            if elapsed >= THRESHOLD and not self.tty:
                self.log(f"{what}: {elapsed:.1f} s")

    def _tick(self, what: str, started: float, done: threading.Event) -> None:
        shown = False
        while not done.wait(0.25):
            elapsed = time.monotonic() - started
            if elapsed >= THRESHOLD:
                sys.stderr.write(f"\r\033[K{what}... {elapsed:.0f} s")
                sys.stderr.flush()
                shown = True
        if shown:
            sys.stderr.write(f"\r\033[K{what}: {time.monotonic() - started:.1f} s\n")
            sys.stderr.flush()


_current: Progress | None = None


def start(log: Callable[[str], None], tty: bool | None = None) -> None:
    """Report the steps from now on (the command line, once per command)."""
    global _current
    _current = Progress(log, sys.stderr.isatty() if tty is None else tty)


def stop() -> None:
    global _current
    _current = None


@contextlib.contextmanager
def step(what: str) -> Iterator[None]:
    if _current is None:
        yield
        return
    with _current.step(what):
        yield
