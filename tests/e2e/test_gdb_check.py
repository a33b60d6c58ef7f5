"""The flash path through a debug probe (issue 47): `rvfw check-board --gdb` loads the HiFive1's
Intel HEX image through a GDB server, runs it to the end of the inference, reads the outputs
back from the arena by its symbol and compares them with TFLite Micro. CI's GDB server is QEMU's
gdbstub on the FE310 model (`-S -gdb`): the protocol OpenOCD serves for the real board."""

from __future__ import annotations

import re
import socket
import subprocess
from pathlib import Path

import pytest
from elftools.elf.elffile import ELFFile

from codegen import pipeline
from codegen.errors import RvfwError
from codegen.paths import DEFAULT_MODEL
from codegen.run.gdb_check import check_over_gdb, read_ihex
from tests.e2e.test_cli import assert_one_line_error, rvfw


def quiet(_message: str) -> None:
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def fe310_gdbstub(tmp_path):
    """QEMU's FE310 (HiFive1 Rev B) halted at reset with empty flash, its gdbstub listening (the
    client retries while QEMU starts, as it does for an OpenOCD still probing its JTAG chain)."""
    port = free_port()
    qemu = subprocess.Popen(
        ["qemu-system-riscv32", "-machine", "sifive_e,revb=true", "-nographic", "-monitor", "none", "-serial",
         f"file:{tmp_path / 'console.txt'}", "-bios", "none", "-icount", "shift=0", "-S",
         "-gdb", f"tcp:127.0.0.1:{port}"],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        yield f"127.0.0.1:{port}"
    finally:
        qemu.kill()
        qemu.wait()


def test_check_board_through_gdb_loads_runs_and_reads_back(tmp_path, sim_tools, fe310_gdbstub):
    proc = rvfw("check-board", "--board", "hifive1-revb", "--gdb", fe310_gdbstub, "--out", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    built = re.search(r"image firmware.hex sha256 (\w+)", proc.stdout).group(1)
    assert re.search(rf"loaded firmware.hex \([0-9,]+ bytes, sha256 {built}\) through .*; read back equal", proc.stdout)
    assert "bit-exact: 4/4 outputs (read from tiny_kws_arena over GDB) match TFLite Micro" in proc.stdout


def test_a_wrong_symbol_fails_the_gdb_check(tmp_path, sim_tools, fe310_gdbstub):
    b = pipeline.build(DEFAULT_MODEL, "hifive1-revb", tmp_path / "out", log=quiet)
    with pytest.raises(RvfwError, match="has no symbol tiny_kws_outputs_nowhere"):
        check_over_gdb(b, fe310_gdbstub, 60, quiet, arena_symbol="tiny_kws_outputs_nowhere")
    # a real symbol, the wrong bytes: the input buffer holds no outputs
    result = check_over_gdb(b, fe310_gdbstub, 60, quiet, arena_symbol="input0_0_data")
    assert not result.bit_exact


def _corrupt_weights(b) -> None:
    """XOR the first 256 bytes of the weights section in the Intel HEX image (checksums fixed)."""
    with open(b.elf, "rb") as fh:
        weights = ELFFile(fh).get_section_by_name(".weights")["sh_addr"]
    lines, base = [], 0
    for line in Path(b.image).read_text().splitlines():
        record = bytearray.fromhex(line[1:])
        if record[3] == 4:
            base = int.from_bytes(record[4:6], "big") << 16
        elif record[3] == 0:
            at = base + int.from_bytes(record[1:3], "big")
            for i in range(record[0]):
                if weights <= at + i < weights + 256:
                    record[4 + i] ^= 0x5A
            record[-1] = (-sum(record[:-1])) & 0xFF
        lines.append(":" + record.hex().upper())
    Path(b.image).write_text("\n".join(lines) + "\n")


def test_a_corrupted_image_fails_the_gdb_check(tmp_path, sim_tools, fe310_gdbstub):
    b = pipeline.build(DEFAULT_MODEL, "hifive1-revb", tmp_path / "out", log=quiet)
    before = read_ihex(b.image)
    _corrupt_weights(b)
    assert read_ihex(b.image) != before
    assert not check_over_gdb(b, fe310_gdbstub, 60, quiet).bit_exact


def test_gdb_addresses_are_checked_and_an_absent_server_is_named(tmp_path, sim_tools):
    proc = rvfw("check-board", "--board", "hifive1-revb", "--gdb", "localhost:nope", "--out", str(tmp_path / "a"))
    assert_one_line_error(proc, "--gdb localhost:nope: not host:port")
    proc = rvfw(
        "check-board", "--board", "hifive1-revb", "--gdb", f"127.0.0.1:{free_port()}", "--out", str(tmp_path / "b")
    )
    assert_one_line_error(proc, "cannot reach a GDB server at 127.0.0.1:")
