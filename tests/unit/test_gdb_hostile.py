"""Issue 55: a stranger's GDB server against rvfw's RSP client (codegen.run.gdb_remote), scripted on
the loopback: replies that never end, streams of console packets, non-hex and over-long memory
replies, a memory map with non-numbers or a zero block size. Each is one GdbError, quickly; never a
hang, never another exception."""

from __future__ import annotations

import contextlib
import random
import socket
import threading
import time
from collections.abc import Callable, Iterator

import pytest

from codegen.run import gdb_remote
from codegen.run.gdb_remote import GdbError, GdbRemote


def _packet(data: bytes) -> bytes:
    return b"$" + data + b"#" + b"%02x" % (sum(data) & 0xFF)


class Server:
    """Answers each packet with what `script(request)` yields (payloads, each sent as a packet)."""

    def __init__(self, script: Callable[[bytes], Iterator[bytes]]) -> None:
        self.script = script
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        conn, _ = self.listener.accept()
        conn.settimeout(0.2)
        buffer = b""
        with conn:
            while not self.stop.is_set():
                try:
                    chunk = conn.recv(65536)
                except TimeoutError:
                    continue
                except OSError:
                    return
                if not chunk:
                    return
                buffer += chunk
                while b"#" in buffer and b"$" in buffer:
                    start = buffer.index(b"$")
                    end = buffer.index(b"#", start)
                    if len(buffer) < end + 3:
                        break
                    request, buffer = buffer[start + 1 : end], buffer[end + 3 :]
                    try:
                        conn.sendall(b"+")
                        for reply in self.script(request):
                            if self.stop.is_set():
                                return
                            conn.sendall(_packet(reply))
                    except OSError:
                        return

    def close(self) -> None:
        self.stop.set()
        self.listener.close()


def _session(script, operation, timeout: float = 2.0):
    server = Server(script)
    started = time.monotonic()
    try:
        with GdbRemote("127.0.0.1", server.port, timeout=timeout) as gdb:
            operation(gdb)
    finally:
        server.close()
    return time.monotonic() - started


def _features(extra: bytes = b""):
    def script(request: bytes):
        if request.startswith(b"qSupported"):
            yield b"PacketSize=4000;qXfer:features:read+;qXfer:memory-map:read+" + extra
        elif request.startswith(b"qXfer:features:read"):
            yield b"l<target/>"
        elif request == b"?":
            yield b"S05"
        else:
            yield b""

    return script


def test_an_endless_empty_xfer_is_an_error():
    def script(request: bytes):
        if request.startswith(b"qXfer"):
            yield b"m"  # nothing, forever: offset never moves
        else:
            yield from _features()(request)

    with pytest.raises(GdbError, match="empty chunk"):
        _session(script, lambda gdb: gdb.handshake())


def test_endless_console_packets_after_a_monitor_command_end(monkeypatch):
    monkeypatch.setattr(gdb_remote, "MAX_CONSOLE_PACKETS", 200)

    def script(request: bytes):
        if request.startswith(b"qRcmd"):
            while True:
                yield b"O" + b"41" * 8
        else:
            yield b"OK"

    with pytest.raises(GdbError, match="console packets"):
        assert _session(script, lambda gdb: gdb.monitor("reset halt")) < 30


@pytest.mark.parametrize("reply", [b"zz" * 4, b"00" * 5, b"00" * 3, b"0", b"\xff\xfe" * 4])
def test_memory_replies_that_are_not_the_bytes_asked_for(reply):
    with pytest.raises(GdbError, match="not 8 hex digits"):
        _session(lambda request: iter([reply]), lambda gdb: gdb.read_memory(0x80000000, 4))


@pytest.mark.parametrize("memory", [
    b'<memory type="flash" start="zz" length="0x1000"><property name="blocksize">0x1000</property></memory>',
    b'<memory type="flash" start="0x0" length="0x1000"><property name="blocksize">0</property></memory>',
    b'<memory type="flash" start="0x0" length="-1"><property name="blocksize">0x1000</property></memory>',
    b'<memory type="flash" start="0xffffffffffffffffff" length="1"/>',
])  # fmt: skip
def test_hostile_memory_maps_are_refused(memory):
    def script(request: bytes):
        if request.startswith(b"qXfer:memory-map:read"):
            yield b"l<memory-map>" + memory + b"</memory-map>"
        else:
            yield from _features()(request)

    def operation(gdb):
        gdb.handshake()
        gdb.flash_ranges()

    with pytest.raises(GdbError, match="memory map"):
        _session(script, operation)


def test_an_oversized_packet_is_refused(monkeypatch):
    monkeypatch.setattr(gdb_remote, "MAX_PACKET", 4096)
    with pytest.raises(GdbError, match="more than 4,096 bytes"):
        _session(lambda request: iter([b"0" * 10_000]), lambda gdb: gdb.read_memory(0, 4))


def test_random_replies_are_gdb_errors_or_answers():
    """A fixed-seed fuzz of reply bytes over the client's requests: only GdbError, never another
    exception or a hang."""
    rng = random.Random(55)
    for _round in range(30):
        payload = bytes(rng.choice(b"0123456789abcdefOKEmlSTW*;:=,x#$}zz ") for _ in range(rng.randrange(0, 40)))

        def operation(gdb, payload=payload):
            for call in (gdb.handshake, lambda: gdb.read_memory(0x1000, 8), lambda: gdb.read_register(1, 32),
                         gdb.flash_ranges):  # fmt: skip
                call()

        with contextlib.suppress(GdbError):
            _session(lambda request, payload=payload: iter([payload]), operation, timeout=0.5)
