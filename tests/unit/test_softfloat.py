"""rvfw_softfloat.h's add, multiply and divide on float bits, and rvfw_tanhf_soft (the fast scalar
TANH of cores without an FPU), compiled for this host and compared with the host FPU's IEEE
single-precision results and with rvfw_tanhf (the reference kernel's tanhf): every sample must
agree to the bit, or the operation must say it left the normal range (then the kernels fall back
to the reference). Run once over every float in [2^-56, 23) (tanhf's non-trivial range): no
difference; here a stride through it, so the check takes seconds."""

from __future__ import annotations

import ctypes

import pytest

from tests.conftest import host_build

SOURCE = r"""
#include <stdint.h>
#include "rvfw_tanhf_soft.h"

static uint64_t state;
static uint64_t next(void) { state ^= state << 13; state ^= state >> 7; state ^= state << 17; return state; }

/* a normal float: any exponent, or (a quarter of them) one near 1, so sums cancel and round */
static uint32_t normal(void)
{
    const uint64_t r = next();
    const uint32_t e = (r >> 50) % 4 ? 1 + (uint32_t)((r >> 40) % 254) : 100 + (uint32_t)((r >> 52) % 50);
    return (uint32_t)(r & 0x807fffffu) | (e << 23);
}

long mismatched_ops(uint64_t seed, long n)
{
    long bad = 0;
    state = seed;
    for (long i = 0; i < n; ++i) {
        const uint32_t a = normal();
        uint32_t b = normal();
        if (i % 3 == 0) /* the same exponent or one or two apart, either sign: cancellations */
            b = ((a & 0x7f800000u) + (uint32_t)((int32_t)(next() % 5) - 2) * 0x800000u) |
                (uint32_t)(next() & 0x807fffffu);
        const float fa = rvfw_f32_from_bits(a), fb = rvfw_f32_from_bits(b);
        int odd = 0;
        uint32_t r = rvfw_sf_add(a, b, &odd);
        bad += !odd && r != rvfw_f32_bits(fa + fb);
        odd = 0;
        r = rvfw_sf_mul(a, b, &odd);
        bad += !odd && r != rvfw_f32_bits(fa * fb);
        odd = 0;
        r = rvfw_sf_div(a, b, &odd);
        bad += !odd && r != rvfw_f32_bits(fa / fb);
    }
    return bad;
}

long mismatched_tanh(uint32_t lo, uint32_t hi, uint32_t step)
{
    long bad = 0;
    for (uint32_t u = lo; u < hi; u += step) {
        const float x = rvfw_f32_from_bits(u);
        bad += rvfw_f32_bits(rvfw_tanhf_soft(x)) != rvfw_f32_bits(rvfw_tanhf(x));
        bad += rvfw_f32_bits(rvfw_tanhf_soft(-x)) != rvfw_f32_bits(rvfw_tanhf(-x));
    }
    return bad;
}
"""


@pytest.fixture(scope="module")
def softfloat(tmp_path_factory):
    out = tmp_path_factory.mktemp("softfloat")
    (out / "softfloat.c").write_text(SOURCE)
    so = ctypes.CDLL(str(host_build(out / "softfloat.c", out / "libsoftfloat.so", "-shared", "-fPIC")))
    so.mismatched_ops.restype, so.mismatched_ops.argtypes = ctypes.c_long, [ctypes.c_uint64, ctypes.c_long]
    so.mismatched_tanh.restype = ctypes.c_long
    so.mismatched_tanh.argtypes = [ctypes.c_uint32, ctypes.c_uint32, ctypes.c_uint32]
    return so


def test_add_multiply_divide_round_as_the_fpu(softfloat):
    assert softfloat.mismatched_ops(88172645463325252, 3_000_000) == 0


def test_tanhf_soft_equals_the_reference_tanhf(softfloat):
    # every 61st float from 2^-56 to 23 (about 8 million, both signs), and every float around
    # the branch points 1, ln2/2 and 1.5 ln2 of the argument 2|x|, 22 and 2^-55
    assert softfloat.mismatched_tanh(0x23800000, 0x41B80000, 61) == 0
    for centre in (0x3F800000, 0x3E317218, 0x3F051592, 0x41B00000, 0x24000000):
        assert softfloat.mismatched_tanh(centre - 4096, centre + 4096, 1) == 0
