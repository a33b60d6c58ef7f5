"""rvfw_expf (firmware/include/rvfw_expf.h) and rvfw_tanhf (rvfw_tanhf.h), compiled for this host,
against the host C library's expf and tanhf, which TFLite Micro's float SOFTMAX, LOGISTIC, TANH and
LSTM call here: every sample must agree to the bit.
The same header runs on the targets (hardware or soft-float doubles give the same IEEE results)."""

from __future__ import annotations

import ctypes
import subprocess

import numpy as np
import pytest

from tests.conftest import host_build


@pytest.fixture(scope="module")
def rvfw_expf(tmp_path_factory):
    out = tmp_path_factory.mktemp("expf")
    source = out / "expf.c"
    source.write_text('#include "rvfw_expf.h"\n#include "rvfw_tanhf.h"\n'
                      "float host_rvfw_expf(float x) { return rvfw_expf(x); }\n"
                      "float host_rvfw_tanhf(float x) { return rvfw_tanhf(x); }\n"
                      "float host_rvfw_expm1f(float x) { return rvfw_expm1f(x); }\n"
                      '#include "rvfw_logf.h"\nfloat host_rvfw_logf(float x) { return rvfw_logf(x); }\n')  # fmt: skip
    return ctypes.CDLL(str(host_build(source, out / "libexpf.so", "-shared", "-fPIC")))


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


EXHAUSTIVE = r"""
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "rvfw_expf_int.h"

static unsigned long check(uint32_t from, uint32_t to, uint32_t stride, int integer)
{
    unsigned long bad = 0;
    for (uint64_t b = from; b <= to; b += stride) {
        const uint32_t bits = (uint32_t)b;
        float x, ours, host;
        memcpy(&x, &bits, sizeof x);
        ours = integer ? rvfw_expf_int(x) : rvfw_expf(x);
        host = expf(x);
        if (memcmp(&ours, &host, sizeof ours) && bad++ < 3)
            printf("%s(%a) = %a, host %a\n", integer ? "rvfw_expf_int" : "rvfw_expf", x, ours, host);
    }
    return bad;
}

int main(void)
{
    /* -0 .. -104 (every softmax argument), then 0 .. 88, on a stride; and the FMA exceptions */
    unsigned long bad = check(0x80000000u, 0xC2D00000u, 7, 1) + check(0x80000000u, 0xC2D00000u, 7, 0) +
                        check(0u, 0x42B00000u, 7, 0) + check(0xC27C65D9u, 0xC27C65D9u, 1, 1) +
                        check(0x4202422Fu, 0x4202422Fu, 1, 0);
    printf("%lu\n", bad);
    return bad != 0;
}
"""


def test_rvfw_expf_int_and_rvfw_expf_equal_the_host_expf_on_every_seventh_float(tmp_path):
    """rvfw_expf_int (the soft-float boards' exp in integer arithmetic, with its fallback to
    rvfw_expf near rounding boundaries) and rvfw_expf against the host's expf, in C, on every 7th
    float of [-104, 0] (and rvfw_expf of [0, 88] too), and at the two arguments where the host's
    FMA build rounds differently (rvfw_expf.h). Every float of the range agreed when written."""
    source = tmp_path / "exhaustive.c"
    source.write_text(EXHAUSTIVE)
    run = subprocess.run([str(host_build(source, tmp_path / "exhaustive"))], capture_output=True, text=True)
    assert run.returncode == 0, run.stdout
