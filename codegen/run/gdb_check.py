"""The golden check through a debug probe's GDB server: load the flash image, run it to the end,
read the output tensors back from the arena by its symbol, compare with TFLite Micro.

Where a serial console is awkward (no adapter wired, a board whose UART is busy), the probe alone
suffices: OpenOCD's GDB server for the HiFive1, the GD32VF103 and the ESP32-C3's USB-JTAG. CI
runs the same path against QEMU's gdbstub, which speaks the same protocol."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from codegen.build.elfinfo import entry_point, lowest_load_address, symbol_address, symbol_size
from codegen.check import golden
from codegen.check.reference import golden_outputs
from codegen.errors import RvfwError
from codegen.run.gdb_remote import RISCV_PC, GdbError, GdbRemote, parse_address

if TYPE_CHECKING:  # the run stage reads a build; it does not import the pipeline
    from codegen.pipeline import Build

END_SYMBOL = "rvfw_exit"  # the harness calls it once the outputs are printed
TRAP_SYMBOL = "rvfw_trap"  # the trap handler's report: a0..a2 = mcause, mepc, mtval
A0 = 10


def read_ihex(path: Path) -> list[tuple[int, bytes]]:
    """Intel HEX data records as contiguous (address, bytes) segments; checksums checked."""
    segments: list[tuple[int, bytearray]] = []
    base = 0
    for number, line in enumerate(path.read_text().splitlines(), 1):
        line = line.strip()
        if not line:
            continue
        try:
            if not line.startswith(":"):
                raise ValueError
            record = bytes.fromhex(line[1:])
        except ValueError:
            raise RvfwError(f"{path.name}:{number}: not an Intel HEX record") from None
        if len(record) < 5 or len(record) != record[0] + 5 or sum(record) & 0xFF:
            raise RvfwError(f"{path.name}:{number}: bad Intel HEX record (length or checksum)")
        kind, address, data = record[3], int.from_bytes(record[1:3], "big"), record[4:-1]
        if kind == 0:
            at = base + address
            if segments and segments[-1][0] + len(segments[-1][1]) == at:
                segments[-1][1].extend(data)
            else:
                segments.append((at, bytearray(data)))
        elif kind == 1:
            break
        elif kind == 2:
            base = int.from_bytes(data, "big") << 4
        elif kind == 4:
            base = int.from_bytes(data, "big") << 16
    return [(a, bytes(d)) for a, d in segments]


def image_segments(b: Build) -> list[tuple[int, bytes]]:
    """What the probe writes: the flash image `rvfw build` wrote (Intel HEX records, or a binary
    from the ELF's lowest load address, as objcopy wrote it), else the ELF's loadable segments."""
    if b.image is not None and b.image.suffix == ".hex":
        return read_ihex(b.image)
    if b.image is not None:
        return [(lowest_load_address(b.elf), b.image.read_bytes())]
    from elftools.elf.elffile import ELFFile

    with open(b.elf, "rb") as fh:
        return [(s["p_paddr"], s.data()) for s in ELFFile(fh).iter_segments()
                if s["p_type"] == "PT_LOAD" and s["p_filesz"]]  # fmt: skip


def _symbol(b: Build, name: str) -> int:
    address = symbol_address(b.elf, name)
    if address is None:
        raise RvfwError(f"{b.elf.name} has no symbol {name}")
    return address


def read_outputs(gdb: GdbRemote, b: Build, arena_symbol: str) -> list[np.ndarray]:
    """Each graph output from the arena, at the offset the plan gave it."""
    arena = _symbol(b, arena_symbol)
    size = symbol_size(b.elf, arena_symbol)
    outputs = []
    for k, index in enumerate(b.graph.outputs):
        t = b.graph.tensors[index]
        offset = b.plan.tensor_offsets.get(index)
        if offset is None:
            raise RvfwError(f"output {k} ({t.name}) is not in the arena: the GDB check reads arena outputs only")
        if size is not None and offset + t.nbytes > size:
            raise RvfwError(f"output {k} ({t.name}) lies past the end of {arena_symbol} ({size:,} bytes)")
        raw = gdb.read_memory(arena + offset, t.nbytes)
        outputs.append(np.frombuffer(raw, np.dtype(t.dtype.np_type).newbyteorder("<")).reshape(t.shape))
    return outputs


def check_over_gdb(
    b: Build, address: str, timeout: float = 120.0, log: Callable[[str], None] = print, arena_symbol: str | None = None
) -> golden.Comparison:
    host, port = parse_address(address)
    arena_symbol = arena_symbol or f"{b.graph.name}_arena"
    _symbol(b, arena_symbol)  # a wrong symbol is refused before anything is written
    segments = image_segments(b)
    entry, end, trap = entry_point(b.elf), _symbol(b, END_SYMBOL), _symbol(b, TRAP_SYMBOL)
    image = b.image or b.elf
    with GdbRemote(host, port) as gdb:
        gdb.handshake()
        gdb.monitor("reset halt")  # OpenOCD: a known state before loading (QEMU's gdbstub has no such command)
        gdb.load(segments)
        loaded = b"".join(gdb.read_memory(a, len(d)) for a, d in segments)
        if loaded != b"".join(d for _a, d in segments):
            raise RvfwError(f"the target at {gdb.where} does not hold the image after loading it (read back differs)")
        log(f"loaded {image.name} ({sum(len(d) for _a, d in segments):,} bytes, sha256 "
            f"{hashlib.sha256(image.read_bytes()).hexdigest()}) through {gdb.where}; read back equal")  # fmt: skip
        gdb.set_pc(entry, b.board.xlen)
        gdb.breakpoint(end)
        gdb.breakpoint(trap)
        gdb.cont(timeout)
        pc = gdb.read_register(RISCV_PC, b.board.xlen)
        if pc == trap:
            mcause, mepc, mtval = (gdb.read_register(A0 + i, b.board.xlen) for i in range(3))
            raise RvfwError(f"the firmware trapped: mcause={mcause:#x} mepc={mepc:#x} mtval={mtval:#x}")
        if pc != end:
            raise GdbError(f"the target stopped at {pc:#x}, not at {END_SYMBOL} ({end:#x})")
        code = gdb.read_register(A0, b.board.xlen)
        if code:
            raise RvfwError(f"the firmware exited with code {code}")
        outputs = read_outputs(gdb, b, arena_symbol)
    reference, against = golden_outputs(b.graph, b.inputs)
    result = golden.compare(outputs, reference[-len(b.graph.outputs) :])
    for k, i, ours, ref in result.mismatches:
        log(f"mismatch: output {k} [{i}]: board {ours}, {against} {ref}")
    log(f"bit-exact: {result.matched}/{result.total} outputs (read from {arena_symbol} over GDB) match {against}")
    return result
