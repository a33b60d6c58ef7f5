"""Tensor-Train compression in Python: the design space (seed 002's worked example), TT-SVD, the
einsum chain's layout, and the integer reference's requantisation."""

import numpy as np
import pytest

from codegen.check import tt_reference as reference
from codegen.tt import compress
from codegen.tt.space import SEED_PROFILE, Config, Profile, explore, factorizations
from codegen.tt.svd import reconstruct, relative_error, tt_svd


def test_seed_002_worked_example():
    # 2048x1000 with d = 2: G1 1x32x100x16, G2 16x64x10x1, 61,440 parameters, 33x smaller.
    config = Config((32, 64), (100, 10), (1, 16, 1))
    assert config.core_shapes() == [(1, 32, 100, 16), (16, 64, 10, 1)]
    assert config.params == 61_440
    assert round(2048 * 1000 / config.params) == 33
    funnel = explore(2048, 1000, SEED_PROFILE, depths=(2,))
    assert config in funnel.survivors
    counts = [c for _label, c in funnel.counts]
    assert counts == sorted(counts, reverse=True)  # each filter only removes
    assert counts[1:] == [140_000, 17_500, 436, 95]


def test_funnel_512x512_with_the_seed_thresholds():
    funnel = explore(512, 512, SEED_PROFILE)
    counts = dict(funnel.counts)
    assert counts["(2) vector: ranks multiple of 8"] == 620_276_311_199_744
    assert counts["(3) FLOPs <= dense"] == 110_235
    assert len(funnel.survivors) == 15
    assert all(c.d <= 4 and min(c.m + c.n) >= 8 and c.macs <= 512 * 512 for c in funnel.survivors)


def test_rank_multiple_follows_the_vlen():
    assert Profile.for_vlen(128).rank_multiple == 4
    assert Profile.for_vlen(256).rank_multiple == 8
    assert all(r % 4 == 0 for c in explore(640, 128, Profile.for_vlen(128)).survivors for r in c.ranks[1:-1])


def test_factorizations_are_ordered():
    assert factorizations(12, 2) == ((2, 6), (3, 4), (4, 3), (6, 2))
    assert factorizations(8, 3) == ((2, 2, 2),)


def test_tt_svd_is_exact_at_full_rank_and_the_chain_matches_the_matrix():
    rng = np.random.default_rng(1)
    w = rng.normal(size=(64, 48))
    full = Config((4, 4, 4), (4, 3, 4), (1, 16, 16, 1))
    assert relative_error(w, reconstruct(tt_svd(w, full), full)) < 1e-12
    config = Config((4, 4, 4), (4, 3, 4), (1, 4, 8, 1))
    cores = tt_svd(w, config)
    x = rng.normal(size=(5, 64))
    y = x
    for stage in config.stages():
        y = compress.stage_float(y, stage, compress.core_matrix(cores[stage.core - 1]))
    assert np.allclose(y, x @ reconstruct(cores, config))
    assert [s.form for s in config.stages()] == ["first", "middle", "last"]


def test_stage_geometry_counts_macs():
    config = Config((10, 64), (16, 8), (1, 12, 1))
    first, last = config.stages()
    assert (first.rows, first.j, first.k) == (10, 96, 64)
    assert (last.rows, last.j, last.k) == (8, 16, 120)
    assert config.macs == 76_800


@pytest.mark.parametrize(
    "acc, multiplier, shift, expected",
    [
        (1000, 1 << 30, 0, 500),
        (-1000, 1 << 30, 0, -500),
        (7, 1 << 30, -1, 2),
        (-7, 1 << 30, -1, -2),
        (3, 1 << 30, 2, 6),
    ],
)
def test_requantize_matches_tflm_rounding(acc, multiplier, shift, expected):
    assert int(reference.requantize(np.array([acc]), multiplier, shift)[0]) == expected
