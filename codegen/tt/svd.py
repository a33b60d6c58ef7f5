"""TT-SVD of a fully-connected layer's weights for a chosen configuration (numpy, float64)."""

from __future__ import annotations

import numpy as np

from codegen.tt.space import Config


def to_tensor(w: np.ndarray, config: Config) -> np.ndarray:
    """W[M, N] (inputs x outputs) as T[m_1, n_1, ..., m_d, n_d]."""
    d = config.d
    t = w.reshape(*config.m, *config.n)
    order = [x for k in range(d) for x in (k, d + k)]
    return t.transpose(order)


def tt_svd(w: np.ndarray, config: Config) -> list[np.ndarray]:
    """Cores G_k[r_{k-1}, m_k, n_k, r_k] with the configuration's ranks (truncated SVDs, left to right)."""
    t = to_tensor(np.asarray(w, dtype=np.float64), config)
    cores = []
    rest = t.reshape(1, -1)
    for k in range(config.d - 1):
        r_prev, r = config.ranks[k], config.ranks[k + 1]
        mat = rest.reshape(r_prev * config.m[k] * config.n[k], -1)
        u, s, vt = np.linalg.svd(mat, full_matrices=False)
        keep = min(r, len(s))
        core = np.zeros((r_prev * config.m[k] * config.n[k], r))
        core[:, :keep] = u[:, :keep]
        cores.append(core.reshape(r_prev, config.m[k], config.n[k], r))
        carry = np.zeros((r, vt.shape[1]))
        carry[:keep] = s[:keep, None] * vt[:keep]
        rest = carry
    cores.append(rest.reshape(config.ranks[-2], config.m[-1], config.n[-1], 1))
    return cores


def reconstruct(cores: list[np.ndarray], config: Config) -> np.ndarray:
    """W[M, N] from the cores."""
    full = cores[0]
    for core in cores[1:]:
        full = np.tensordot(full, core, axes=([-1], [0]))
    # full: [1, m1, n1, m2, n2, ..., md, nd, 1]
    d = config.d
    full = full.reshape([x for k in range(d) for x in (config.m[k], config.n[k])])
    order = [2 * k for k in range(d)] + [2 * k + 1 for k in range(d)]
    return full.transpose(order).reshape(int(np.prod(config.m)), int(np.prod(config.n)))


def relative_error(w: np.ndarray, approx: np.ndarray) -> float:
    return float(np.linalg.norm(w - approx) / max(np.linalg.norm(w), 1e-30))
