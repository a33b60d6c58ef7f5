"""rvfw_expf (firmware/include/rvfw_expf.h), compiled for this host, against the host C library's
expf, which is what TFLite Micro's float SOFTMAX calls here: every sample must agree to the bit.
The same header runs on the targets (hardware or soft-float doubles give the same IEEE results)."""

from __future__ import annotations

import ctypes
import shutil
import subprocess

import numpy as np
import pytest

from tests.conftest import ROOT


@pytest.fixture(scope="module")
def rvfw_expf(tmp_path_factory):
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("needs a host C compiler (make setup installs gcc)")
    out = tmp_path_factory.mktemp("expf")
    source = out / "expf.c"
    source.write_text('#include "rvfw_expf.h"\nfloat host_rvfw_expf(float x) { return rvfw_expf(x); }\n')
    lib = out / "libexpf.so"
    subprocess.run([cc, "-O2", "-ffp-contract=off", "-shared", "-fPIC", f"-I{ROOT / 'firmware/include'}",
                    str(source), "-o", str(lib)], check=True)  # fmt: skip
    function = ctypes.CDLL(str(lib)).host_rvfw_expf
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    return function


def test_rvfw_expf_equals_the_host_expf(rvfw_expf):
    libm = ctypes.CDLL("libm.so.6").expf
    libm.restype, libm.argtypes = ctypes.c_float, [ctypes.c_float]
    rng = np.random.default_rng(7)
    xs = np.concatenate([rng.uniform(-110, 0, 40_000), rng.uniform(-3, 0, 40_000), [0.0, -1e-30, -87.9, -103.9]])
    xs = xs.astype(np.float32)
    ours = np.array([rvfw_expf(float(x)) for x in xs], dtype=np.float32)
    theirs = np.array([libm(float(x)) for x in xs], dtype=np.float32)
    bad = np.flatnonzero(ours.view(np.uint32) != theirs.view(np.uint32))
    assert bad.size == 0, f"x = {xs[bad[:5]]}: ours {ours[bad[:5]]}, libm {theirs[bad[:5]]}"
