"""Every reference interpreter (TFLite Micro's, LiteRT's reference kernels) runs in a child process
of its own (issue 55): a stranger's model that makes it abort, crash, loop forever or allocate
without end becomes one error line naming the model, never the death or the hang of rvfw.

The child is forked after the interpreter's module is imported (loaded once, inherited), runs the
work under an address-space limit (RLIMIT_AS: what it already maps plus REFERENCE_MEMORY) and
writes its outputs to a file; the parent waits at most REFERENCE_SECONDS and kills it after, and on
Ctrl-C kills it before giving up itself. tests/unit/test_reference_children.py checks that every
reference goes through here."""

from __future__ import annotations

import contextlib
import faulthandler
import os
import resource
import signal
import tempfile
import time
from collections.abc import Callable

import numpy as np

from codegen.errors import ToolError

REFERENCE_SECONDS = float(os.environ.get("RVFW_TFLM_TIMEOUT", "600"))
REFERENCE_MEMORY = int(os.environ.get("RVFW_REFERENCE_MEMORY", str(8 << 30)))  # bytes beyond what it maps at fork


def _mapped_bytes() -> int:
    """This process's virtual size (what the child inherits at fork)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[0]) * resource.getpagesize()
    except (OSError, ValueError, IndexError):
        return 0


def run_isolated(name: str, who: str, work: Callable[[], list[np.ndarray]],
                 seconds: float | None = None) -> list[np.ndarray]:  # fmt: skip
    """work() in a child process, its arrays back; its failure, crash, overrun or exhaustion as
    one ToolError line: `<name>: <who> ...`."""
    seconds = REFERENCE_SECONDS if seconds is None else seconds
    limit = _mapped_bytes() + REFERENCE_MEMORY
    with tempfile.TemporaryFile() as err, tempfile.TemporaryFile() as out:
        pid = os.fork()
        if pid == 0:  # the child: run, write the outputs, leave without running the parent's cleanup
            code = 1
            try:
                faulthandler.disable()  # a crash here is reported by the parent, not dumped by the child
                signal.signal(signal.SIGINT, signal.SIG_DFL)  # Ctrl-C ends it, whatever the interpreter set
                os.dup2(err.fileno(), 1)  # interpreters print their complaints to the C stdout
                os.dup2(err.fileno(), 2)
                with contextlib.suppress(ValueError, OSError):  # a limit the system refuses: none
                    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
                outputs = work()
                np.savez(out, *outputs)
                out.flush()
                code = 0
            except MemoryError:
                os.write(2, b"MemoryError: the model needs more memory than the reference run may take\n")
            except BaseException as exc:  # noqa: BLE001 - reported to the parent through stderr
                os.write(2, f"{type(exc).__name__}: {exc}\n".encode())
            finally:
                os._exit(code)
        try:
            status = _wait(pid, seconds)
        except BaseException:  # Ctrl-C (or any other end of rvfw): the child goes first
            _kill(pid)
            raise
        if status is None:
            raise ToolError(f"{name}: {who} did not finish running the model within {seconds:g} s "
                            "(RVFW_TFLM_TIMEOUT sets the limit)")  # fmt: skip
        err.seek(0)
        said = [line.strip() for line in err.read().decode("utf-8", "replace").splitlines() if line.strip()]
        message = said[-1][:300] if said else "it printed nothing"
        if os.WIFSIGNALED(status):
            signame = signal.Signals(os.WTERMSIG(status)).name
            raise ToolError(f"{name}: {who} crashed ({signame}) running the model: {message}")
        if os.WEXITSTATUS(status) != 0 and message.startswith("InputRefused: "):
            raise InputsRefused(f"{name}: {who} accepted the model but stopped on these inputs, "
                                f"{message.removeprefix('InputRefused: ')} (docs/tflm-differences.md)")  # fmt: skip
        if os.WEXITSTATUS(status) != 0:
            raise ModelRefused(f"{name}: {who} refused the model: {message}", message)
        out.seek(0)
        with np.load(out) as data:
            return [data[f"arr_{i}"] for i in range(len(data.files))]


class InputsRefused(ToolError):
    """The reference interpreter prepared the model and stopped running it (an index out of range,
    or a kernel that takes the dtype at Prepare and not at Eval): check.reference asks LiteRT's
    reference kernels, and keeps this error where they stop too."""


class ModelRefused(ToolError):
    """The reference interpreter would not load or prepare the model (an op or dtype it lacks):
    check.reference then checks against LiteRT's reference kernels instead."""

    def __init__(self, text: str, reason: str):
        super().__init__(text)
        self.reason = reason


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
        os.waitpid(pid, 0)
    except (ProcessLookupError, ChildProcessError):
        pass


def _wait(pid: int, seconds: float) -> int | None:
    """The child's exit status, or None after killing it when it runs longer than `seconds`."""
    deadline = time.monotonic() + seconds
    delay = 0.001
    while True:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        if time.monotonic() > deadline:
            _kill(pid)
            return None
        time.sleep(delay)
        delay = min(delay * 2, 0.05)
