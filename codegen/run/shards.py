"""A data set over several simulator sessions (issue 58: `validate --jobs N`, `--ray ADDRESS`).

The image is built once, with its input tables as global symbols and its sample count a volatile
(`BuildOptions.patchable_inputs`), for the largest shard. Each shard is that ELF with the shard's
samples and count written over those symbols (build.elfinfo.patch_symbols), run in a simulator
session of its own: in threads on this machine (Spike, QEMU and the RTL are processes of their own
and run side by side; a board model runs Unicorn with Python hooks, so its shards share the GIL),
or as Ray tasks on a cluster. A task whose worker dies is
run again by Ray (max_retries); a simulator that fails fails the validation. Results come back in
sample order, whatever order the shards finish in.

Only a model without state is sharded: a stateful model's samples are one stream, and the second
shard would start from the reset state where the one-session run carries the first shard's."""

from __future__ import annotations

import contextlib
import socket
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from codegen.errors import RvfwError, one_line
from codegen.run.sim import SimResult

SHARDS_PER_JOB = 4  # more shards than sessions: the last ones balance the load, progress is finer
SHARD_BYTES = 1 << 20  # at most this many bytes of samples in one image: its C and its flash stay small


def most_per_shard(sample_bytes: int, flash_bytes: int) -> int:
    """Samples one image holds: 1 MiB of them, or a quarter of the board's flash where that is less
    (a data set larger than either runs as more shards, one session after another with --jobs 1)."""
    return max(1, min(SHARD_BYTES, flash_bytes // 4) // max(1, sample_bytes))


SAMPLE_STEPS = "rvfw_sample_steps"
CONNECT_SECONDS = 10.0  # a cluster's address answers within this, or is refused


def split(samples: int, jobs: int, most: int | None = None) -> list[range]:
    """Contiguous shards of sizes that differ by at most one, the largest first (the image is built
    for the first), each of at most `most` samples (what one image holds)."""
    count = max(1, min(samples, jobs * SHARDS_PER_JOB if jobs > 1 else 1))
    if most is not None:
        count = max(count, -(-samples // max(1, most)))
    base, extra = divmod(samples, count)
    shards, first = [], 0
    for k in range(count):
        size = base + (k < extra)
        shards.append(range(first, first + size))
        first += size
    return shards


def sample_symbols(steps: Sequence[Sequence[np.ndarray]]) -> dict[str, bytes]:
    """What a shard writes into the image: step s's input k as `input{s}_{k}_data` (the harness's
    tables, main.c.j2) and the number of steps. Arrays are stored as the harness stores them:
    float32 as its bits, everything else in its own type, little-endian."""
    values = {SAMPLE_STEPS: len(steps).to_bytes(4, "little")}
    for s, step in enumerate(steps):
        for k, array in enumerate(step):
            array = np.ascontiguousarray(array)
            values[f"input{s}_{k}_data"] = array.astype(array.dtype.newbyteorder("<"), copy=False).tobytes()
    return values


@dataclass(frozen=True)
class ShardRun:
    first: int  # the shard's first sample
    samples: int
    sim: SimResult


def run_shard(elf_bytes: bytes, board, steps: list[list[np.ndarray]], timeout: float, vlen: int | None,
              sim: str) -> SimResult:  # fmt: skip
    """One shard in a session of its own: the image with the shard's samples, in a folder of its own
    (a Ray worker runs this on another machine: everything it needs comes in its arguments)."""
    from codegen.build.elfinfo import patch_symbols
    from codegen.build.image import write_image
    from codegen.run.sim import run_elf

    with tempfile.TemporaryDirectory(prefix="rvfw-shard-") as tmp:
        elf = Path(tmp) / "shard.elf"
        elf.write_bytes(elf_bytes)
        values = sample_symbols(steps)
        try:
            patch_symbols(elf, values)
        except ValueError as exc:
            raise RvfwError(f"validate: the image cannot take the shard's samples ({one_line(str(exc))})") from None
        write_image(elf, board)  # the flash image a board model runs, from the patched ELF
        return run_elf(elf, board, timeout, vlen, True, sim)


Progress = Callable[[int, int, float], None]  # samples done, of, seconds since the start


def run_local(elf: Path, board, shards: list[list[list[np.ndarray]]], firsts: list[int], jobs: int,
              timeout: float, vlen: int | None, sim: str, progress: Progress) -> list[ShardRun]:  # fmt: skip
    """The shards over `jobs` sessions on this machine."""
    elf_bytes = elf.read_bytes()
    total = sum(len(s) for s in shards)
    started, done, runs = time.monotonic(), 0, []
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(run_shard, elf_bytes, board, steps, timeout, vlen, sim): k
                   for k, steps in enumerate(shards)}  # fmt: skip
        try:
            for future in as_completed(futures):
                k = futures[future]
                runs.append(ShardRun(firsts[k], len(shards[k]), future.result()))
                done += len(shards[k])
                progress(done, total, time.monotonic() - started)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return sorted(runs, key=lambda r: r.first)


def _ray():
    try:
        import ray
    except ImportError:
        raise RvfwError("--ray needs Ray: pip install 'rvfw[ray]' (or pip install ray)") from None
    return ray


@contextlib.contextmanager
def cluster(address: str | None, cpus: int | None = None) -> Iterator[int | None]:
    """Joined to a Ray cluster for the block, yielding its CPUs (None without an address). address:
    `local` starts a cluster on this machine (cpus workers, else one per core), `auto` joins the one
    running here, anything else is a cluster's address (ray://host:10001 or host:6379)."""
    if not address:
        yield None
        return
    ray = _ray()
    started_here = not ray.is_initialized()
    if started_here and address not in ("local", "auto"):
        _answers(address)
    if started_here:
        try:
            if address == "local":
                ray.init(num_cpus=cpus, include_dashboard=False, log_to_driver=False, configure_logging=False)
            else:
                ray.init(address=address, log_to_driver=False, configure_logging=False)
        except Exception as exc:  # Ray's own words, in one line
            raise RvfwError(f"--ray {one_line(address)}: {one_line(str(exc), 200)}") from None
    try:
        yield max(1, int(ray.cluster_resources().get("CPU", 1)))
    finally:
        if started_here:
            ray.shutdown()


def _answers(address: str) -> None:
    """A cluster's address must answer before Ray is asked to join it: Ray itself retries a dead
    address for minutes, logging as it goes."""
    hostport = address.removeprefix("ray://")
    host, _, port = hostport.rpartition(":")
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise RvfwError(f"--ray {one_line(address)}: give local, auto, host:port or ray://host:port")
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_SECONDS).close()
    except OSError as exc:
        raise RvfwError(f"--ray {one_line(address)}: nothing answers there ({one_line(str(exc), 80)})") from None


def run_ray(elf: Path, board, shards: list[list[list[np.ndarray]]], firsts: list[int], timeout: float,
            vlen: int | None, sim: str, progress: Progress) -> list[ShardRun]:  # fmt: skip
    """The shards as Ray tasks on the cluster joined (`cluster`). The image goes to the object store
    once; every worker simulates from it. A worker that dies has its task run again (max_retries);
    the workers need rvfw and the board's simulator installed."""
    ray = _ray()
    task = ray.remote(max_retries=2, num_cpus=1)(run_shard)
    image = ray.put(elf.read_bytes())
    pending = {task.remote(image, board, steps, timeout, vlen, sim): k for k, steps in enumerate(shards)}
    total = sum(len(s) for s in shards)
    started, done, runs = time.monotonic(), 0, []
    try:
        while pending:
            ready, _ = ray.wait(list(pending), num_returns=1)
            k = pending.pop(ready[0])
            try:
                result = ray.get(ready[0])
            except ray.exceptions.RayTaskError as exc:  # the task's own error: its one line
                cause = getattr(exc, "cause", None)
                raise RvfwError(one_line(str(cause) if cause is not None else str(exc), 300)) from None
            runs.append(ShardRun(firsts[k], len(shards[k]), result))
            done += len(shards[k])
            progress(done, total, time.monotonic() - started)
    except BaseException:
        for ref in pending:
            ray.cancel(ref, force=True)
        raise
    return sorted(runs, key=lambda r: r.first)
