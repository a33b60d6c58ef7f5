"""What a kernel-tier case is (Case) and the kernel-set tuples and scales the cases share."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

VECTOR = ("rvv", "xthead")  # every vector set has a kernel for the op
RVV = ("rvv",)  # float32 and 16x8 convolutions and FULLY_CONNECTED: RVV kernels only
FAST = ("scalar", *VECTOR)  # the fast scalar set has one too
S16_FAST = ("scalar", "rvv")  # 16x8 and float32 weighted layers: fast scalar and RVV kernels
F32_CONV = (*S16_FAST, "xthead")  # float32 convolutions: the C906's too
S16_CONV = (*S16_FAST, "xthead")  # 16x8 convolutions: the C906's too


@dataclass(frozen=True)
class Case:
    """One single-op model and what the kernel tier asserts about it."""

    build: Callable[[np.random.Generator], bytes]
    inplace: bool = False  # its op has an in-place kernel: also run with --memory small, asserted in place
    # The vector sets whose kernel must run it (unless a note names a shape that kernel does not
    # take, or its family has no kernel of that set).
    vector: tuple[str, ...] = ()
    fused: bool = False  # a conv then the residual ADD passes.fuse_residual_adds fuses into it
    tiled: bool = False  # a first stage --memory tiled streams through line buffers
    steps: int = 1  # inferences in a row (state carried from one to the next)
    # The kernel-tier configurations it runs under (test_ops_on_sim.CONFIGS), None every one: a form
    # whose kernels other cases already cover everywhere (the uint8 probe forms run the int8
    # kernels) is proven on one scalar set of each XLEN.
    configs: tuple[str, ...] | None = None


def _scale_for(in_scale: float, w_scale: float, fan_in: int) -> float:
    return float(np.float32(in_scale * w_scale * 40 * 73 * np.sqrt(fan_in) / 32))


def _coarse_scale(s_in: float, ws: np.ndarray) -> float:
    """An output scale that puts the channels' requantisation scales (s_in * ws / s_out) on both
    sides of 0.5 (shifts from -2 to +1: the vector kernels' general requantisation, not only
    their right-shift form); weights in [-2, 2] keep some outputs unsaturated."""
    return float(np.float32(s_in * float(ws.mean())))
