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


# Bytes a name-injection mutant writes: what closes or splices a literal or a comment in the
# languages rvfw generates, and any byte at all.
# C, assembly, linker-script, CMake, Kconfig, YAML and JSON syntax, markup (< > &: SVG, HTML,
# Markdown), and every control byte (terminal escapes: ESC is 0x1b).
INJECTION_BYTES = b"\"\\\n\r\t?/*#;${}()[]:'@`<>&" + bytes(range(0x00, 0x20)) + bytes(range(0x7F, 0x100))


def name_ranges(data: bytes) -> list[tuple[int, int]]:
    """Byte ranges of the model's strings: tensor names, the description, custom op codes."""
    model = tflite.Model.GetRootAsModel(data, 0)
    ranges = []

    def string_at(table, field: int) -> None:
        o = table._tab.Offset(field)
        if o:
            start = table._tab.Vector(o)  # a string is a byte vector: its bytes start here
            length = table._tab.VectorLen(o)
            if length:
                ranges.append((start, start + length))

    for s in range(model.SubgraphsLength()):
        sub = model.Subgraphs(s)
        for t in range(sub.TensorsLength()):
            string_at(sub.Tensors(t), 10)  # Tensor.name (field 3)
        string_at(sub, 12)  # SubGraph.name (field 4)
    string_at(model, 10)  # Model.description (field 3)
    return ranges


def name_mutants(base: bytes, seed: int, count: int, label: str = "n") -> Iterator[tuple[str, bytes]]:
    """The model with random bytes, mostly injection syntax, written over its strings (lengths
    kept: the flatbuffer stays valid, so every mutant reaches code generation)."""
    rng = np.random.default_rng(seed)
    ranges = name_ranges(base)
    pool = np.frombuffer(INJECTION_BYTES, dtype=np.uint8)
    for k in range(count):
        data = bytearray(base)
        for start, end in ranges:  # every string: the graph's input and output names reach C
            fill = rng.choice(pool, end - start) if rng.random() < 0.8 else rng.integers(0, 256, end - start)
            data[start:end] = bytes(np.asarray(fill, dtype=np.uint8))
        yield f"{label}-{k:05d}-names", bytes(data)
