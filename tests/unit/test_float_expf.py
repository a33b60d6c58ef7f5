"""rvfw_expf (firmware/include/rvfw_expf.h) and rvfw_tanhf (rvfw_tanhf.h), compiled for this host,
against the host C library's expf and tanhf, which TFLite Micro's float SOFTMAX, LOGISTIC, TANH and
LSTM call here: every sample must agree to the bit.
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
    source.write_text('#include "rvfw_expf.h"\n#include "rvfw_tanhf.h"\n'
                      "float host_rvfw_expf(float x) { return rvfw_expf(x); }\n"
                      "float host_rvfw_tanhf(float x) { return rvfw_tanhf(x); }\n"
                      "float host_rvfw_expm1f(float x) { return rvfw_expm1f(x); }\n"
                      '#include "rvfw_logf.h"\nfloat host_rvfw_logf(float x) { return rvfw_logf(x); }\n')  # fmt: skip
    lib = out / "libexpf.so"
    subprocess.run([cc, "-O2", "-ffp-contract=off", "-shared", "-fPIC", f"-I{ROOT / 'firmware/include'}",
                    str(source), "-o", str(lib)], check=True)  # fmt: skip
    return ctypes.CDLL(str(lib))


def _c_float(function):
    function.restype, function.argtypes = ctypes.c_float, [ctypes.c_float]
    return function


def _same_bits(ours_fn, libm_fn, xs) -> None:
    ours = np.array([ours_fn(float(x)) for x in xs], dtype=np.float32)
    theirs = np.array([libm_fn(float(x)) for x in xs], dtype=np.float32)
    bad = np.flatnonzero(ours.view(np.uint32) != theirs.view(np.uint32))
    assert bad.size == 0, f"x = {xs[bad[:5]]}: ours {ours[bad[:5]]}, libm {theirs[bad[:5]]}"


def test_rvfw_expf_equals_the_host_expf(rvfw_expf):
    rng = np.random.default_rng(7)
    xs = np.concatenate([rng.uniform(-110, 0, 40_000), rng.uniform(-3, 0, 40_000), rng.uniform(0, 17, 20_000),
                         [0.0, -1e-30, -87.9, -103.9, 9.0, 16.6]])  # fmt: skip
    _same_bits(_c_float(rvfw_expf.host_rvfw_expf), _c_float(ctypes.CDLL("libm.so.6").expf), xs.astype(np.float32))


def test_rvfw_tanhf_equals_the_host_tanhf(rvfw_expf):
    rng = np.random.default_rng(8)
    xs = np.concatenate([rng.uniform(-30, 30, 40_000), rng.uniform(-1.5, 1.5, 40_000), rng.normal(0, 1e-3, 5_000),
                         [0.0, -0.0, 1.0, -1.0, 22.0, 0.34657359, 1e-20, np.inf, -np.inf]])  # fmt: skip
    _same_bits(_c_float(rvfw_expf.host_rvfw_tanhf), _c_float(ctypes.CDLL("libm.so.6").tanhf), xs.astype(np.float32))


def test_rvfw_expm1f_equals_the_host_expm1f_where_elu_calls_it(rvfw_expf):
    rng = np.random.default_rng(9)
    xs = np.concatenate([rng.uniform(-40, 0, 40_000), rng.uniform(-1, 0, 20_000), [-0.0, -1e-30, -18.7, -200.0]])
    _same_bits(_c_float(rvfw_expf.host_rvfw_expm1f), _c_float(ctypes.CDLL("libm.so.6").expm1f), xs.astype(np.float32))


def test_rvfw_logf_equals_the_host_logf(rvfw_expf):
    rng = np.random.default_rng(10)
    xs = np.concatenate([rng.uniform(1, 300, 30_000), np.exp(rng.uniform(-80, 80, 30_000)), [1.0, 2.0, 1e-30, 3e38]])
    _same_bits(_c_float(rvfw_expf.host_rvfw_logf), _c_float(ctypes.CDLL("libm.so.6").logf), xs.astype(np.float32))
