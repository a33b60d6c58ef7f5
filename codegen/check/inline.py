"""Buffers stored outside the flatbuffer, moved inside it for TFLite Micro.

A TFLite file may keep a buffer's bytes after the flatbuffer and point at them with the Buffer
table's `offset` and `size` fields (AI Edge Quantizer writes larger models so). rvfw reads those
bytes; TFLite Micro's interpreter does not (tflite-micro issue #3196): it runs such a model without
an error and computes with empty weights. So the golden run gives TFLite Micro a copy in which
every such buffer is an ordinary `data` vector: the same bytes, the rest of the file unchanged.

The copy is made by appending, never by rewriting in place: each external buffer gets a new Buffer
table (with only `data`) and its data vector at the end of the file, and the model's buffers
vector entry is pointed at the new table. Offsets of everything else stay valid.
"""

from __future__ import annotations

import struct

import tflite

MODEL_BUFFERS_FIELD = 12  # Model.buffers: field 4 (vtable offset 4 + 2 * 4)
DATA_ALIGN = 16  # tensor data aligned as the converter aligns it


def external_buffers(data: bytes) -> list[int]:
    """Indices of the buffers whose bytes live outside the flatbuffer (offset > 1). A file the
    flatbuffers reader cannot walk has none here: the frontend has judged it already, and TFLite
    Micro gets it as it is."""
    try:
        model = tflite.Model.GetRootAsModel(data, 0)
        found = []
        for i in range(model.BuffersLength()):
            buffer = model.Buffers(i)
            if buffer is not None and buffer.Offset() > 1 and buffer.Offset() + buffer.Size() <= len(data):
                found.append(i)
        return found
    except (TypeError, ValueError, IndexError, struct.error):
        return []


def inline_buffers(data: bytes) -> bytes:
    """The model with every external buffer's bytes inside the flatbuffer as its `data`."""
    model = tflite.Model.GetRootAsModel(data, 0)
    field = model._tab.Offset(MODEL_BUFFERS_FIELD)
    if not field:
        return data
    vector = model._tab.Vector(field)  # the first entry's position
    body = bytearray(data)
    for i in external_buffers(data):
        buffer = model.Buffers(i)
        start, size = int(buffer.Offset()), int(buffer.Size())
        payload = bytes(data[start : start + size])
        # A vtable (size 6, table size 8, data at 4), the table (its soffset to the vtable, the
        # data's uoffset: forward, as flatbuffers' offsets are), then the data vector: its uint32
        # length and the bytes, the bytes aligned.
        body += bytes(-len(body) % 4)
        vtable = len(body)
        body += struct.pack("<HHH", 6, 8, 4) + bytes(2)
        table = len(body)
        body += bytes(8)
        body += bytes(-(len(body) + 4) % DATA_ALIGN)
        vec = len(body)
        body += struct.pack("<I", size) + payload
        body[table : table + 8] = struct.pack("<iI", table - vtable, vec - (table + 4))
        entry = vector + 4 * i
        body[entry : entry + 4] = struct.pack("<I", table - entry)
    return bytes(body)


def externalize_buffers(data: bytes, minimum: int = 64) -> bytes:
    """The inverse, for tests: every buffer of at least `minimum` bytes moved after the flatbuffer
    and pointed at by offset and size (as AI Edge Quantizer writes large models)."""
    model = tflite.Model.GetRootAsModel(data, 0)
    field = model._tab.Offset(MODEL_BUFFERS_FIELD)
    vector = model._tab.Vector(field)
    body = bytearray(data)
    for i in range(model.BuffersLength()):
        buffer = model.Buffers(i)
        if buffer is None or buffer.DataLength() < minimum:
            continue
        payload = buffer.DataAsNumpy().tobytes()
        body += bytes(-len(body) % DATA_ALIGN)
        start = len(body)
        body += payload
        body += bytes(-len(body) % 8)
        # A vtable (size 10, table size 24, no data, offset at 8, size at 16), then the table:
        # its soffset to the vtable, padding, and the two uint64 fields 8-byte aligned.
        vtable = len(body)
        body += struct.pack("<HHHHH", 10, 24, 0, 8, 16)
        body += bytes(-len(body) % 8)
        table = len(body)
        body += struct.pack("<i", table - vtable) + bytes(4) + struct.pack("<QQ", start, len(payload))
        entry = vector + 4 * i
        body[entry : entry + 4] = struct.pack("<I", table - entry)
    return bytes(body)
