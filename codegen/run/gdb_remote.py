"""A GDB remote serial protocol (RSP) client: load an image, run it, read memory back.

This is how a debug probe reaches a real board: OpenOCD (HiFive1, GD32VF103, the ESP32-C3's
built-in USB-JTAG) serves this protocol on port 3333, QEMU's gdbstub (`-s -S`) on 1234. rvfw
speaks it itself (no riscv64-unknown-elf-gdb needed): packets `$data#checksum` acknowledged with
`+`, replies possibly run-length encoded, binary payloads escaped with `}`. Memory is written with
`M` packets, or for the flash ranges a server's memory map names (OpenOCD's) with vFlashErase,
vFlashWrite and vFlashDone, as GDB's `load` does; a breakpoint is a hardware one (`Z1`) where the
server has them, since code in flash cannot take a software breakpoint's instruction.

The GDB protocol reference (Debugging with GDB, appendix E, Remote Serial Protocol) defines every
packet used here."""

from __future__ import annotations

import contextlib
import socket
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass

from codegen.errors import RvfwError, ToolError, one_line

RISCV_PC = 32  # GDB's register number of the pc on RISC-V (x0..x31, then pc)
CONNECT_SECONDS = 3.0  # how long a refused connection is retried
CHUNK = 512  # bytes per memory packet: within every server's PacketSize (QEMU: 4096, OpenOCD: 16384)
# Bounds on what a server may send (issue 55: a stranger's server looped rvfw forever or crashed it):
# the bytes of one packet, of one qXfer object, the console packets of one monitor command, and
# the flash blocks a memory map may make rvfw erase.
MAX_PACKET = 1 << 20
MAX_XFER = 1 << 20
MAX_CONSOLE_PACKETS = 10_000
MONITOR_SECONDS = 60.0
MIN_BLOCK, MAX_BLOCK = 64, 16 << 20
_HEX = frozenset(b"0123456789abcdefABCDEF")
_ESCAPED = frozenset(b"#$}*")


class GdbError(RvfwError):
    """The GDB server refused a request or the connection broke."""


@dataclass(frozen=True)
class FlashRange:
    start: int
    length: int
    blocksize: int


def parse_address(text: str) -> tuple[str, int]:
    """host:port (or :port, or port) of a GDB server; checked before any connection."""
    host, _sep, port = text.rpartition(":")
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise RvfwError(f"--gdb {one_line(text)}: not host:port (e.g. localhost:3333, OpenOCD's GDB port)")
    return host or "localhost", int(port)


def _checksum(data: bytes) -> bytes:
    return b"%02x" % (sum(data) & 0xFF)


def escape_binary(data: bytes) -> bytes:
    out = bytearray()
    for byte in data:
        if byte in _ESCAPED:
            out += bytes((0x7D, byte ^ 0x20))
        else:
            out.append(byte)
    return bytes(out)


def decode_rle(data: bytes) -> bytes:
    """Expand run-length encoding: `c*n` repeats c another (n - 29) times (0 to 97 more: a count
    byte below 29 is refused, as no server sends it)."""
    if b"*" not in data:
        return data
    out = bytearray()
    i = 0
    while i < len(data):
        if data[i] == 0x2A and out and i + 1 < len(data):  # '*'
            if data[i + 1] < 29:
                raise GdbError(f"a run-length count byte {data[i + 1]:#x} below 29")
            out += bytes((out[-1],)) * (data[i + 1] - 29)
            i += 2
        else:
            out.append(data[i])
            i += 1
        if len(out) > MAX_PACKET:
            raise GdbError(f"a reply of more than {MAX_PACKET:,} bytes")
    return bytes(out)


def hex_bytes(reply: bytes, count: int, what: str) -> bytes:
    """`count` bytes from a reply of exactly 2 * count hex digits, or one GdbError line."""
    if len(reply) != 2 * count or not set(reply) <= _HEX:
        raise GdbError(f"{what}: a reply of {len(reply)} characters, not {2 * count} hex digits "
                       f"({one_line(reply[:24].decode(errors='replace'), 40)})")  # fmt: skip
    return bytes.fromhex(reply.decode())


class GdbRemote:
    def __init__(self, host: str, port: int, timeout: float = 10.0) -> None:
        self.where = one_line(f"{host}:{port}")
        deadline = time.monotonic() + CONNECT_SECONDS
        while True:  # a server just started (OpenOCD probing the JTAG chain) may not listen yet
            try:
                self.sock = socket.create_connection((host, port), timeout=timeout)
                break
            except OSError as exc:
                if isinstance(exc, ConnectionRefusedError) and time.monotonic() < deadline:
                    time.sleep(0.1)
                    continue
                why = exc.strerror or exc
                raise ToolError(f"cannot reach a GDB server at {self.where} ({why}): start the probe's server "
                                "first (e.g. openocd -f <board .cfg>, GDB port 3333)") from None  # fmt: skip
        self.timeout = timeout
        self.buffer = bytearray()
        self.features: dict[str, str] = {}

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.sock.close()

    def __enter__(self) -> GdbRemote:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # --- packets ------------------------------------------------------------------------
    def _recv_byte(self, deadline: float) -> int:
        while not self.buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise GdbError(f"GDB server {self.where}: no answer")
            self.sock.settimeout(min(remaining, 1.0))
            try:
                chunk = self.sock.recv(65536)
            except TimeoutError:
                continue
            except OSError as exc:
                raise GdbError(f"GDB server {self.where}: {exc}") from None
            if not chunk:
                raise GdbError(f"GDB server {self.where} closed the connection")
            self.buffer += chunk
        return self.buffer.pop(0)

    def send(self, data: bytes) -> None:
        packet = b"$" + data + b"#" + _checksum(data)
        for _attempt in range(3):
            self.sock.sendall(packet)
            ack = self._recv_byte(time.monotonic() + self.timeout)
            if ack == ord("+"):
                return
        raise GdbError(f"GDB server {self.where} did not acknowledge {data[:16]!r}")

    def receive(self, timeout: float | None = None) -> bytes:
        deadline = time.monotonic() + (self.timeout if timeout is None else timeout)
        while True:
            while self._recv_byte(deadline) != ord("$"):
                pass
            data = bytearray()
            while (byte := self._recv_byte(deadline)) != ord("#"):
                data.append(byte)
                if len(data) > MAX_PACKET:
                    raise GdbError(f"GDB server {self.where}: a packet of more than {MAX_PACKET:,} bytes")
            given = bytes((self._recv_byte(deadline), self._recv_byte(deadline)))
            if given.lower() == _checksum(bytes(data)):
                self.sock.sendall(b"+")
                return decode_rle(bytes(data))
            self.sock.sendall(b"-")

    def request(self, data: bytes, timeout: float | None = None) -> bytes:
        self.send(data)
        return self.receive(timeout)

    def _ok(self, reply: bytes, what: str) -> None:
        if reply != b"OK":
            raise GdbError(
                f"GDB server {self.where} refused {what}: {one_line(reply.decode(errors='replace'), 40) or 'empty'}"
            )

    # --- session ------------------------------------------------------------------------
    def handshake(self) -> None:
        reply = self.request(b"qSupported:swbreak+;hwbreak+").decode(errors="replace")
        for item in reply.split(";"):
            if "=" in item:
                key, value = item.split("=", 1)
                self.features[key] = value
            elif item:
                self.features[item[:-1]] = item[-1]
        if self.features.get("qXfer:features:read") == "+":
            # as GDB does: the target description first (QEMU answers p/P only after it was read)
            self._read_xfer(b"qXfer:features:read:target.xml")
        self.request(b"?")  # the halted state (QEMU -S, OpenOCD after reset halt)

    def _read_xfer(self, query: bytes) -> bytes | None:
        """A qXfer object, chunk by chunk; None when the server has none. A chunk that brings
        nothing ends it (an `m` with no data forever looped rvfw), and so does MAX_XFER bytes."""
        data, offset = b"", 0
        while True:
            reply = self.request(query + b":%x,%x" % (offset, 1000))
            if not reply or reply[:1] not in (b"m", b"l"):
                return None
            data += reply[1:]
            offset += len(reply) - 1
            if reply[:1] == b"l":
                return data
            if len(reply) == 1:
                raise GdbError(f"GDB server {self.where}: an empty chunk of {query.decode(errors='replace')}")
            if len(data) > MAX_XFER:
                raise GdbError(f"GDB server {self.where}: {query.decode(errors='replace')} past {MAX_XFER:,} bytes")

    def monitor(self, command: str) -> bytes:
        """A server command (qRcmd, OpenOCD's `monitor ...`); empty when the server has none."""
        self.send(b"qRcmd," + command.encode().hex().encode())
        deadline = time.monotonic() + MONITOR_SECONDS  # for the whole command, however chatty
        for _packet in range(MAX_CONSOLE_PACKETS):
            reply = self.receive(max(deadline - time.monotonic(), 0.0))
            if reply.startswith(b"O") and reply != b"OK":  # console output of the command
                continue
            return reply
        raise GdbError(f"GDB server {self.where}: more than {MAX_CONSOLE_PACKETS:,} console packets for "
                       f"`monitor {one_line(command, 40)}`")  # fmt: skip

    def flash_ranges(self) -> list[FlashRange]:
        """The flash a server's memory map names (qXfer:memory-map:read): written with vFlash*."""
        if self.features.get("qXfer:memory-map:read") != "+":
            return []
        xml = self._read_xfer(b"qXfer:memory-map:read:")
        if xml is None:
            return []
        ranges = []
        try:
            root = ET.fromstring(xml.decode(errors="replace"))
        except ET.ParseError:
            return []
        for memory in root.iter("memory"):
            if memory.get("type") == "flash":
                block = next((p.text for p in memory.iter("property") if p.get("name") == "blocksize"), None)
                start, length = self._map_number(memory.get("start")), self._map_number(memory.get("length"))
                size = self._map_number(block) if block else 4096
                if not MIN_BLOCK <= size <= MAX_BLOCK or length <= 0 or start + length > 1 << 64:
                    raise GdbError(f"GDB server {self.where}: its memory map's flash at {start:#x} ({length:#x} "
                                   f"bytes, blocks of {size:#x}) is not a flash rvfw writes")  # fmt: skip
                ranges.append(FlashRange(start, length, size))
        return ranges

    def _map_number(self, text: str | None) -> int:
        try:
            value = int(text or "", 0)
        except ValueError:
            raise GdbError(f"GDB server {self.where}: its memory map says {one_line(text or 'nothing', 24)} "
                           "where a number belongs") from None  # fmt: skip
        if not 0 <= value < 1 << 64:
            raise GdbError(f"GDB server {self.where}: its memory map names {value:#x}, outside 64 bits")
        return value

    def write_memory(self, address: int, data: bytes) -> None:
        for offset in range(0, len(data), CHUNK):
            chunk = data[offset : offset + CHUNK]
            reply = self.request(b"M%x,%x:" % (address + offset, len(chunk)) + chunk.hex().encode())
            self._ok(reply, f"a write of {len(chunk)} bytes at {address + offset:#x}")

    def write_flash(self, segments: list[tuple[int, bytes]], ranges: list[FlashRange]) -> None:
        """Erase the blocks the segments touch, write them, then commit (vFlashDone)."""
        blocks: set[tuple[int, int]] = set()
        for address, data in segments:
            for r in ranges:
                first = max(address, r.start)
                end = min(address + len(data), r.start + r.length)
                for block in range((first - r.start) // r.blocksize, -(-(end - r.start) // r.blocksize)):
                    blocks.add((r.start + block * r.blocksize, r.blocksize))
        for start, length in sorted(blocks):
            self._ok(self.request(b"vFlashErase:%x,%x" % (start, length), 120.0), f"erasing flash at {start:#x}")
        for address, data in segments:
            for offset in range(0, len(data), CHUNK):
                chunk = data[offset : offset + CHUNK]
                reply = self.request(b"vFlashWrite:%x:" % (address + offset) + escape_binary(chunk), 120.0)
                self._ok(reply, f"a flash write at {address + offset:#x}")
        self._ok(self.request(b"vFlashDone", 120.0), "committing the flash writes")

    def load(self, segments: list[tuple[int, bytes]]) -> None:
        """The image's bytes where they belong: flash through vFlash* when the server maps it
        (OpenOCD), plain memory writes elsewhere (QEMU's gdbstub writes its ROM-backed flash)."""
        ranges = self.flash_ranges()
        in_flash = [s for s in segments if any(r.start <= s[0] < r.start + r.length for r in ranges)]
        if in_flash:
            self.write_flash(in_flash, ranges)
        for address, data in segments:
            if (address, data) not in in_flash:
                self.write_memory(address, data)

    def read_memory(self, address: int, length: int) -> bytes:
        out = bytearray()
        while len(out) < length:
            n = min(CHUNK, length - len(out))
            reply = self.request(b"m%x,%x" % (address + len(out), n))
            if not reply or reply.startswith(b"E") and len(reply) == 3:
                raise GdbError(f"GDB server {self.where} cannot read {n} bytes at {address + len(out):#x}: "
                               f"{one_line(reply.decode(errors='replace'), 40) or 'empty reply'}")  # fmt: skip
            out += hex_bytes(reply, n, f"GDB server {self.where}, {n} bytes at {address + len(out):#x}")
        return bytes(out)

    def set_pc(self, value: int, xlen: int) -> None:
        encoded = value.to_bytes(xlen // 8, "little").hex().encode()
        self._ok(self.request(b"P%x=" % RISCV_PC + encoded), f"setting the pc to {value:#x}")

    def read_register(self, number: int, xlen: int) -> int:
        reply = self.request(b"p%x" % number)
        if len(reply) != xlen // 4:
            raise GdbError(f"GDB server {self.where} cannot read register {number}: {one_line(reply[:20])}")
        return int.from_bytes(hex_bytes(reply, xlen // 8, f"GDB server {self.where}, register {number}"), "little")

    def breakpoint(self, address: int) -> None:
        """A hardware breakpoint (code in flash), else a software one."""
        for kind in (b"Z1", b"Z0"):
            reply = self.request(b"%s,%x,4" % (kind, address))
            if reply == b"OK":
                return
        raise GdbError(f"GDB server {self.where} cannot set a breakpoint at {address:#x}")

    def cont(self, timeout: float) -> bytes:
        """Continue until the target stops; the stop reply (T05..., S05, W..)."""
        self.send(b"c")
        try:
            return self.receive(timeout)
        except GdbError:
            self.sock.sendall(b"\x03")  # interrupt: leave the target halted, not running wild
            raise GdbError(f"the target did not stop within {timeout:g} s") from None
