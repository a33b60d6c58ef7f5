"""The Tensor-Train design space of one M x N fully-connected layer, and the four filters of seed 002.

A configuration factors the input size M = m_1...m_d and the output size N = n_1...n_d and picks
ranks r_0 = 1, r_1 ... r_{d-1}, r_d = 1; core k is G_k[r_{k-1}, m_k, n_k, r_k]. The layer runs as
d einsums, core d first (see `stages`). Counting follows the seed's funnel:
  raw        d in [2, log2 min(M, N)], any factors >= 2, any ranks in [1, min(M, N)];
  (1) shape  the factors multiply to M and to N;
  (2) vector ranks are multiples of the vector width (VLEN / 32: int32 accumulators per register);
  (3) FLOPs  no more than the dense layer;
  (4) scale  d <= max_d, every einsum at least min_einsum_flops, every core dimension >= min_dim.
The first two are counted in closed form; the last two by enumeration.
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass


@dataclass(frozen=True)
class Profile:
    """Filter thresholds: per board (MCU layers are small), or the seed's (VLEN 256, fp32, 50K FLOPs)."""

    rank_multiple: int = 4
    max_d: int = 4
    min_einsum_flops: int = 4096
    min_dim: int = 8

    @classmethod
    def for_vlen(cls, vlen: int, **overrides: int) -> Profile:
        return cls(rank_multiple=max(1, vlen // 32), **overrides)


SEED_PROFILE = Profile(rank_multiple=8, max_d=4, min_einsum_flops=50_000, min_dim=8)


@dataclass(frozen=True)
class Stage:
    """One einsum: for each of rows = outer * prev_m * inner input rows of k = m_k * r_k values, the
    j = n_k * r_{k-1} outputs sum over (m_k, r_k); output (o, p, i; n, r) lands at
    ((o * n + n_k) * inner + i) * (prev_m * r) + p * r + r_{k-1}, so the next einsum's
    reduction (m_{k-1}, r_{k-1}) is contiguous again."""

    core: int  # k, 1-based
    outer: int  # m_1 ... m_{k-2}
    prev_m: int  # m_{k-1} (1 for the last einsum)
    inner: int  # n_{k+1} ... n_d
    n: int  # n_k
    r_out: int  # r_{k-1}
    m: int  # m_k
    r_in: int  # r_k

    @property
    def rows(self) -> int:
        return self.outer * self.prev_m * self.inner

    @property
    def j(self) -> int:
        return self.n * self.r_out

    @property
    def k(self) -> int:
        return self.m * self.r_in

    @property
    def macs(self) -> int:
        return self.rows * self.j * self.k

    @property
    def form(self) -> str:
        """The seed's three einsum forms: the chain's first (r_d = 1), middle, and last (r_0 = 1)."""
        if self.r_in == 1:
            return "first"
        return "last" if self.r_out == 1 else "middle"


@dataclass(frozen=True)
class Config:
    m: tuple[int, ...]
    n: tuple[int, ...]
    ranks: tuple[int, ...]  # r_0 .. r_d

    @property
    def d(self) -> int:
        return len(self.m)

    def core_shapes(self) -> list[tuple[int, int, int, int]]:
        return [(self.ranks[k], self.m[k], self.n[k], self.ranks[k + 1]) for k in range(self.d)]

    @property
    def params(self) -> int:
        return sum(math.prod(s) for s in self.core_shapes())

    def stages(self) -> list[Stage]:
        out = []
        for k in range(self.d, 0, -1):  # core d first
            out.append(
                Stage(
                    core=k,
                    outer=math.prod(self.m[: max(k - 2, 0)]),
                    prev_m=self.m[k - 2] if k >= 2 else 1,
                    inner=math.prod(self.n[k:]),
                    n=self.n[k - 1],
                    r_out=self.ranks[k - 1],
                    m=self.m[k - 1],
                    r_in=self.ranks[k],
                )
            )
        return out

    @property
    def macs(self) -> int:
        return sum(s.macs for s in self.stages())

    def describe(self) -> str:
        cores = " ".join(f"G{k + 1} {'x'.join(map(str, s))}" for k, s in enumerate(self.core_shapes()))
        return f"d={self.d} m={'x'.join(map(str, self.m))} n={'x'.join(map(str, self.n))} ranks={self.ranks} ({cores})"


@dataclass
class Funnel:
    rows: int
    cols: int
    counts: list[tuple[str, int]]
    survivors: list[Config]

    def table(self) -> str:
        lines = [f"TT design space of {self.rows}x{self.cols}:"]
        for label, count in self.counts:
            lines.append(f"  {label:<40} {count:>12.3g}" if count >= 1e6 else f"  {label:<40} {count:>12,}")
        return "\n".join(lines)


@functools.cache
def factorizations(x: int, d: int, least: int = 2) -> tuple[tuple[int, ...], ...]:
    """Ordered factorizations of x into d factors, each >= least."""
    if d == 1:
        return ((x,),) if x >= least else ()
    out = []
    for f in range(least, x + 1):
        if x % f == 0:
            out.extend((f, *rest) for rest in factorizations(x // f, d - 1, least))
    return tuple(out)


def explore(rows: int, cols: int, profile: Profile, depths: tuple[int, ...] | None = None) -> Funnel:
    """Count the space through the four filters and list the configurations that survive all of them.
    rows x cols is M (inputs) x N (outputs). depths restricts d (the seed's worked example fixes d = 2)."""
    max_rank = min(rows, cols)
    top = max(2, int(math.log2(min(rows, cols))))
    depths = depths or tuple(range(2, top + 1))
    dense = rows * cols
    raw = shape = vector = flops_ok = 0
    survivors: list[Config] = []
    for d in depths:
        raw += (rows - 1) ** d * (cols - 1) ** d * max_rank ** (d - 1)
        fm, fn = factorizations(rows, d), factorizations(cols, d)
        shape += len(fm) * len(fn) * max_rank ** (d - 1)
        choices = list(range(profile.rank_multiple, max_rank + 1, profile.rank_multiple))
        vector += len(fm) * len(fn) * len(choices) ** (d - 1)
        scalable_ranks = [r for r in choices if r >= profile.min_dim]
        for m in fm:
            for n in fn:
                flops_ok += _count_within(m, n, choices, dense)
                if d > profile.max_d or min(m + n) < profile.min_dim:
                    continue
                for ranks in _ranks_within(m, n, scalable_ranks, dense):
                    config = Config(m, n, ranks)
                    if _scalable(config, profile):
                        survivors.append(config)
    counts = [
        ("raw (d, any factors, any ranks)", raw),
        ("(1) shape: prod m = M, prod n = N", shape),
        (f"(2) vector: ranks multiple of {profile.rank_multiple}", vector),
        ("(3) FLOPs <= dense", flops_ok),
        (
            f"(4) d <= {profile.max_d}, einsums >= {profile.min_einsum_flops:,} FLOPs, dims >= {profile.min_dim}",
            len(survivors),
        ),
    ]
    return Funnel(rows, cols, counts, survivors)


def _coefficients(m: tuple[int, ...], n: tuple[int, ...]) -> dict[int, int]:
    """The einsum for core k costs coeff_k * r_{k-1} * r_k MACs."""
    probe = Config(m, n, (1,) * (len(m) + 1))
    return {s.core: s.outer * s.prev_m * s.inner * s.n * s.m for s in probe.stages()}


def _count_within(m: tuple[int, ...], n: tuple[int, ...], choices: list[int], dense_macs: int) -> int:
    """How many rank tuples _ranks_within would yield, with the last free rank counted in closed form."""
    d, coeff, step = len(m), _coefficients(m, n), choices[0]

    def count(k: int, r_prev: int, spent: int) -> int:
        if k == d - 1:  # r_{d-1} = r: cost coeff[d-1] * r_prev * r + coeff[d] * r
            bound = (dense_macs - spent) // (coeff[d - 1] * r_prev + coeff[d])
            return max(0, min(bound, choices[-1]) // step)
        floor_rest = sum(coeff[j] * step * step for j in range(k + 1, d)) + coeff[d] * step
        total = 0
        for r in choices:
            cost = spent + coeff[k] * r_prev * r
            if cost + floor_rest > dense_macs:
                break
            total += count(k + 1, r, cost)
        return total

    return count(1, 1, 0)


def _ranks_within(m: tuple[int, ...], n: tuple[int, ...], choices: list[int], dense_macs: int):
    """Rank tuples (1, r_1 .. r_{d-1}, 1) whose einsum chain costs no more MACs than the dense layer."""
    d = len(m)
    coeff = _coefficients(m, n)
    if not choices:
        return

    def walk(k: int, ranks: tuple[int, ...], spent: int):
        # ranks = (r_0 .. r_{k-1}); choose r_k, paying for core k (which links r_{k-1} and r_k).
        if k == d:
            total = spent + coeff[d] * ranks[-1]
            if total <= dense_macs:
                yield (*ranks, 1)
            return
        floor_rest = sum(coeff[j] * choices[0] * choices[0] for j in range(k + 1, d)) + coeff[d] * choices[0]
        for r in choices:
            cost = spent + coeff[k] * ranks[-1] * r
            if cost + floor_rest > dense_macs:
                break
            yield from walk(k + 1, (*ranks, r), cost)

    yield from walk(1, (1,), 0)


def _scalable(config: Config, profile: Profile) -> bool:
    if config.d > profile.max_d:
        return False
    if min(config.m + config.n + config.ranks[1:-1]) < profile.min_dim:
        return False
    return all(2 * s.macs >= profile.min_einsum_flops for s in config.stages())
