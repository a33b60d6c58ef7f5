"""Seeded mutants of a .tflite file, the way careless tools and attackers corrupt one: flipped
bytes, 32-bit fields overwritten with edge values, cut files, zeroed and duplicated ranges.
Most mutations land in the flatbuffer's tables (shapes, indices, options, quantisation), since
flips inside a weight buffer only make another valid model."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import tflite

EDGE_INT32 = (0, 1, 2, 3, -1, -2, 0x7FFFFFFF, -0x80000000, 0x8000, 0xFFFF, 255, 127, 128, 1 << 20)


def buffer_ranges(data: bytes) -> list[tuple[int, int]]:
    """Byte ranges of the model's weight buffers (inline or at an offset)."""
    model = tflite.Model.GetRootAsModel(data, 0)
    ranges = []
    for i in range(model.BuffersLength()):
        b = model.Buffers(i)
        if b.Offset() > 1:
            ranges.append((int(b.Offset()), int(b.Offset() + b.Size())))
        elif b.DataLength():
            start = b._tab.Vector(b._tab.Offset(4))
            ranges.append((start, start + b.DataLength()))
    return ranges


def _table_positions(data: bytes) -> np.ndarray:
    """Every offset outside the weight buffers (all offsets for a file without them)."""
    mask = np.ones(len(data), dtype=bool)
    for start, end in buffer_ranges(data):
        mask[start:end] = False
    positions = np.flatnonzero(mask)
    return positions if positions.size else np.arange(len(data))


def mutants(base: bytes, seed: int, count: int, label: str = "m") -> Iterator[tuple[str, bytes]]:
    rng = np.random.default_rng(seed)
    tables = _table_positions(base)
    for k in range(count):
        data = bytearray(base)
        kind = rng.choice(["flip", "int32", "cut", "zero", "dup", "flip_any"], p=[0.35, 0.3, 0.08, 0.12, 0.05, 0.1])
        if kind == "flip":
            for _ in range(int(rng.integers(1, 5))):
                at = int(rng.choice(tables))
                data[at] ^= 1 << int(rng.integers(0, 8))
        elif kind == "flip_any":
            at = int(rng.integers(0, len(data)))
            data[at] ^= 1 << int(rng.integers(0, 8))
        elif kind == "int32":
            at = int(rng.choice(tables)) & ~3
            at = min(at, len(data) - 4)
            value = int(rng.choice(EDGE_INT32))
            data[at : at + 4] = (value & 0xFFFFFFFF).to_bytes(4, "little")
        elif kind == "cut":
            data = data[: int(rng.integers(0, len(data)))]
        elif kind == "zero":
            at = int(rng.choice(tables))
            data[at : at + int(rng.integers(1, 33))] = bytes(min(32, len(data) - at))[: len(data[at : at + 32])]
        else:  # dup: a chunk of the file written over another place
            a, b = sorted(int(x) for x in rng.choice(tables, 2))
            n = int(rng.integers(4, 64))
            data[b : b + n] = data[a : a + n]
        yield f"{label}-{k:05d}-{kind}", bytes(data[: len(base) + 64])
