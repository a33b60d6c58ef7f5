"""Broadcasting shapes for the elementwise kernels (rvfw_broadcast.h): the output as five
row-major dimensions, each input's element stride per dimension (0 where it repeats), with
neighbouring dimensions merged wherever both inputs walk them as one."""

from __future__ import annotations

import numpy as np

RANK = 5


def _strides(shape: tuple[int, ...], out: tuple[int, ...]) -> list[int]:
    strides, step = [0] * len(out), 1
    for k in range(len(out) - 1, -1, -1):
        strides[k] = step if shape[k] == out[k] else 0
        step *= shape[k]
    return strides


def broadcast_shape(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...] | None:
    try:
        return tuple(int(d) for d in np.broadcast_shapes(a, b))
    except ValueError:
        return None


def broadcast_layout(a: tuple[int, ...], b: tuple[int, ...], out: tuple[int, ...]) -> list[tuple[str, list[int]]]:
    """The dims / a_strides / b_strides fields of rvfw_binary_params."""
    rank = max(len(out), 1)
    pad = lambda s: (1,) * (rank - len(s)) + tuple(s)  # noqa: E731
    a, b, out = pad(a), pad(b), pad(out)
    dims, sa, sb = list(out), _strides(a, out), _strides(b, out)
    keep = [k for k, d in enumerate(dims) if d != 1] or [len(dims) - 1]
    dims, sa, sb = [dims[k] for k in keep], [sa[k] for k in keep], [sb[k] for k in keep]
    k = len(dims) - 2
    while k >= 0:
        if sa[k] == sa[k + 1] * dims[k + 1] and sb[k] == sb[k + 1] * dims[k + 1]:
            dims[k + 1] *= dims[k]
            del dims[k], sa[k], sb[k]
        k -= 1
    if len(dims) > RANK:
        raise ValueError(f"{len(dims)} dimensions after merging; the kernels take {RANK}")
    lead = RANK - len(dims)
    return [("dims", [1] * lead + dims), ("a_strides", [0] * lead + sa), ("b_strides", [0] * lead + sb)]


def mergeable(a: tuple[int, ...], b: tuple[int, ...], out: tuple[int, ...]) -> bool:
    try:
        broadcast_layout(a, b, out)
    except ValueError:
        return False
    return True
