"""Nothing half-written, nothing of the user's deleted: outputs are built in a staging directory
beside the output and swapped into place; rvfw only ever replaces a directory it made itself."""

from __future__ import annotations

import contextlib
import errno
import os
import shutil
import stat
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from codegen.errors import RvfwError

# Every output directory rvfw makes holds this file; a directory without it is the user's.
MARKER = ".rvfw-output"
MARKER_TEXT = "made by rvfw: `rvfw build --out` may replace this directory\n"
# In a staging folder (and a set-aside one): the pid of the build that made it, so that the next
# build into the same parent can tell a dead build's leftovers from a running build's folder.
OWNER = ".rvfw-owner"
# Linux's limits on one name and a whole path; the staging folder beside the output adds its
# prefix and suffix (".NAME.partial-XXXXXXXX") to the output's name.
NAME_MAX, PATH_MAX, STAGING_SUFFIX = 255, 4096, 32
_SWAP_ATTEMPTS = 20  # concurrent builds into the same output: each swap retries past the other's


def check_out_dir(out_dir: Path) -> Path:
    """The output directory as an absolute path, or one line saying why rvfw will not write there.

    Refused: the root, the home directory, the current directory or any parent of it, a symlink,
    a file, and an existing directory that is not empty and was not made by rvfw."""
    given = Path(out_dir)
    path = Path(os.path.abspath(given.expanduser()))  # normalises `..` without following links
    what = f"--out {given}"
    longest = max((len(os.fsencode(part)) for part in path.parts), default=0)
    if longest > NAME_MAX - STAGING_SUFFIX or len(os.fsencode(str(path))) > PATH_MAX:
        raise RvfwError(f"--out: a name of {longest:,} bytes or a path of {len(str(path)):,}; rvfw writes at most "
                        f"{NAME_MAX - STAGING_SUFFIX} bytes a name and {PATH_MAX:,} a path")  # fmt: skip
    if path == Path(path.anchor):
        raise RvfwError(f"{what}: refusing to write into the root directory")
    cwd = Path.cwd().resolve()
    home = Path.home().resolve()
    real = path.resolve()
    if real == home:
        raise RvfwError(f"{what}: refusing to replace the home directory")
    if real == cwd or real in cwd.parents:
        raise RvfwError(f"{what}: refusing to replace the current directory or a parent of it")
    try:
        mode = path.lstat().st_mode
    except (FileNotFoundError, NotADirectoryError):  # new (creating it says if it cannot be)
        return path
    if stat.S_ISLNK(mode):
        raise RvfwError(f"{what}: is a symbolic link (give the directory it points to)")
    if not stat.S_ISDIR(mode):
        raise RvfwError(f"{what}: exists and is not a directory")
    names = _listing(path)
    users = bool(names) and MARKER not in names
    if users:
        raise RvfwError(f"{what}: exists, is not empty and was not made by rvfw (choose a new or empty directory)")
    return path


def _listing(path: Path) -> list[str]:
    """The names in one directory, read while that same directory stayed at `path`: a concurrent
    rvfw build may move an old output aside and delete it while we list it (a half-deleted
    listing could lack the marker), so a listing during which `path` changed is read again."""
    names: list[str] = []
    for _attempt in range(_SWAP_ATTEMPTS):
        try:
            before = os.stat(path)
            names = os.listdir(path)
            after = os.stat(path)
        except (FileNotFoundError, NotADirectoryError):
            return []
        if (before.st_dev, before.st_ino) == (after.st_dev, after.st_ino):
            return names
    return names


def refuse_inputs_inside(out_dir: Path, inputs: Iterable[str | Path | None]) -> None:
    """One line, before anything is written, when a file the build reads (the model, the manifest
    and its models, an --input file, the board file) lies inside the output directory that the
    build replaces whole: an earlier output used as a folder for the model would lose it."""
    out = Path(os.path.abspath(Path(out_dir).expanduser())).resolve()
    for given in inputs:
        if given is None:
            continue
        path = Path(os.path.abspath(Path(given).expanduser())).resolve()
        if path == out or out in path.parents:
            raise RvfwError(f"--out {out_dir}: holds {given}, which this command reads; rvfw replaces the whole "
                            "directory (choose another --out or move the file)")  # fmt: skip


@contextlib.contextmanager
def staged(out_dir: Path, inputs: Iterable[str | Path | None] = ()) -> Iterator[Path]:
    """Yield an empty staging directory (unique to this process, beside out_dir); on success it
    replaces out_dir, on any failure it goes and out_dir is untouched. inputs: the files the build
    reads, none of which may lie inside out_dir (refuse_inputs_inside)."""
    out_dir = check_out_dir(out_dir)
    refuse_inputs_inside(out_dir, inputs)
    try:
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        remove_stale(out_dir.parent)
        staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.partial-", dir=out_dir.parent))
    except OSError as exc:
        raise RvfwError(f"--out {out_dir}: cannot create it: {exc.strerror or exc}") from None
    try:
        (staging / MARKER).write_text(MARKER_TEXT)
        (staging / OWNER).write_text(f"{os.getpid()}\n")
        yield staging
        _swap_in(staging, out_dir)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise


def remove_stale(parent: Path) -> list[Path]:
    """Remove the staging and set-aside folders that dead builds left in `parent` (a build killed
    by SIGKILL runs no cleanup): only folders named as rvfw names them, holding rvfw's marker and
    the pid of a process that is gone. Returns what it removed."""
    removed = []
    try:
        names = os.listdir(parent)
    except OSError:
        return removed
    for name in names:
        if not (name.startswith(".") and (".partial-" in name or ".old-" in name)):
            continue
        folder = parent / name
        if not _owner_is_gone(folder):
            continue
        shutil.rmtree(folder, ignore_errors=True)
        removed.append(folder)
    return removed


def _owner_is_gone(folder: Path) -> bool:
    """Whether `folder` is rvfw's and the process that made it has ended: a staging folder holds
    rvfw's marker and its builder's pid; a set-aside folder (.NAME.old-*) holds the pid and the old
    output (rvfw's marker inside)."""
    try:
        if folder.is_symlink() or not folder.is_dir():
            return False
        entries = [p for p in folder.iterdir() if p.name != OWNER]
        if ".partial-" in folder.name:
            ours = (folder / MARKER).is_file()
        else:
            ours = all(p.is_dir() and not p.is_symlink() and (p / MARKER).is_file() for p in entries)
        if not ours:
            return False
        pid = int((folder / OWNER).read_text().strip())
    except (OSError, ValueError):
        return False
    if pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except PermissionError:  # alive, another user's
        return False
    return False


def _swap_in(staging: Path, out_dir: Path) -> None:
    """Rename the old output aside, the new one in, then delete the old: at no moment is there a
    half-deleted output, and a failed swap puts the old one back."""
    for _attempt in range(_SWAP_ATTEMPTS):
        aside = None
        if out_dir.exists():
            check_out_dir(out_dir)  # it may have changed since the build started
            aside = Path(tempfile.mkdtemp(prefix=f".{out_dir.name}.old-", dir=out_dir.parent))
            (aside / OWNER).write_text(f"{os.getpid()}\n")
            try:
                out_dir.rename(aside / out_dir.name)
            except FileNotFoundError:  # another build moved it first
                shutil.rmtree(aside, ignore_errors=True)
                aside = None
        try:
            (staging / OWNER).unlink(missing_ok=True)  # the output itself carries no pid
            staging.rename(out_dir)
        except OSError as exc:
            if aside is not None:
                with contextlib.suppress(OSError):
                    (aside / out_dir.name).rename(out_dir)
                shutil.rmtree(aside, ignore_errors=True)
            if exc.errno in (errno.ENOTEMPTY, errno.EEXIST):  # another build swapped in meanwhile
                continue
            raise RvfwError(f"--out {out_dir}: cannot move the new output into place: {exc.strerror}") from None
        if aside is not None:
            shutil.rmtree(aside, ignore_errors=True)
        return
    raise RvfwError(f"--out {out_dir}: other builds kept replacing it; try again")
