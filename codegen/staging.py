"""Nothing half-written: outputs are built in a sibling staging directory and renamed into place."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def staged(out_dir: Path) -> Iterator[Path]:
    """Yield an empty staging directory; on success it replaces out_dir, on any failure it goes."""
    staging = out_dir.with_name(f".{out_dir.name}.partial")
    shutil.rmtree(staging, ignore_errors=True)
    try:
        yield staging
        shutil.rmtree(out_dir, ignore_errors=True)
        staging.rename(out_dir)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
