"""Real boards: the HiFive1 Rev B image under QEMU's FE310 model, image checks and flash dry runs
for every board, and the serial golden check through a pseudo-terminal."""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest
from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile

from codegen import pipeline
from codegen.boards.board import available_boards, load_board
from codegen.build.image import ESP32_DIRECT_BOOT_MAGIC
from codegen.check.reference import is_compressed
from codegen.errors import RvfwError
from codegen.paths import DEFAULT_MODEL
from codegen.run import board_check, flash
from codegen.run.sim import SifiveERunner
from tests.conftest import ROOT, mlperf_model, quiet

REAL_BOARDS = ["hifive1-revb", "gd32vf103", "esp32c3", "c906"]


def test_hifive1_image_boots_from_flash_under_qemu_sifive_e(tmp_path, sim_tools):
    b = pipeline.build(DEFAULT_MODEL, "hifive1-revb", tmp_path / "out", log=quiet)
    assert b.image.suffix == ".hex" and b.image.is_file()
    run = pipeline.run(b, timeout=120, log=quiet)
    assert run.sim.runner == "qemu-sifive_e"
    assert pipeline.check(run, log=quiet).bit_exact


def test_small_ad_image_boots_on_hifive1(tmp_path, sim_tools):
    """AD's image is small enough that its stack top lies near __global_pointer$: the image that
    trapped at boot when start-up loaded sp before gp (the linker relaxed it gp-relative)."""
    b = pipeline.build(mlperf_model("ad_autoencoder"), "hifive1-revb", tmp_path / "out", log=quiet)
    assert pipeline.check(pipeline.run(b, log=quiet), log=quiet).bit_exact


def test_kws_fits_the_hifive1_dtim_in_place_and_is_bit_exact(tmp_path, sim_tools):
    messages = []
    b = pipeline.build(mlperf_model("kws_dscnn"), "hifive1-revb", tmp_path / "out", log=messages.append)
    assert any("running ops in place" in m for m in messages)
    dtim = next(r for r in b.size.regions if r.name == "dtim")
    assert dtim.used <= 16 * 1024
    assert pipeline.check(pipeline.run(b, timeout=300, log=quiet), log=quiet).bit_exact


@pytest.mark.parametrize("board", REAL_BOARDS)
def test_image_sections_lie_in_the_datasheet_regions(tmp_path, sim_tools, board):
    b = pipeline.build(DEFAULT_MODEL, board, tmp_path / "out", log=quiet)
    regions = b.board.regions
    code = b.board.region_for("code")
    with open(b.elf, "rb") as fh:
        elf = ELFFile(fh)
        loads = [s for s in elf.iter_segments() if s["p_type"] == "PT_LOAD"]
        for sec in elf.iter_sections():
            if not sec["sh_flags"] & SH_FLAGS.SHF_ALLOC or sec["sh_size"] == 0:
                continue
            vma = sec["sh_addr"]
            assert any(r.origin <= vma and vma + sec["sh_size"] <= r.origin + r.length for r in regions), sec.name
            if sec["sh_type"] != "SHT_NOBITS":  # stored in flash: its load address is in the code region
                seg = next(s for s in loads if s["p_vaddr"] <= vma < s["p_vaddr"] + max(s["p_memsz"], 1))
                lma = seg["p_paddr"] + vma - seg["p_vaddr"]
                assert code.origin <= lma < code.origin + code.length, sec.name
        assert elf.header["e_entry"] == code.origin + (8 if board == "esp32c3" else 0)
    if b.image is not None and b.image.suffix == ".bin":
        data = b.image.read_bytes()
        assert 0 < len(data) <= code.length
        if board == "esp32c3":
            assert data[:8] == ESP32_DIRECT_BOOT_MAGIC


EXPECTED_FLASH = {
    "hifive1-revb": [["openocd", "-f", "board/sifive-hifive1-revb.cfg", "-c", "program {hex} verify reset exit"]],
    "gd32vf103": [["dfu-util", "-a", "0", "-s", "0x08000000:leave", "-D", "{bin}"]],
    "esp32c3": [["esptool", "--chip", "esp32c3", "--port", "/dev/ttyUSB0", "write-flash", "0x0", "{bin}"]],
    "c906": [["xfel", "ddr", "d1"], ["xfel", "write", "0x40000000", "{bin}"], ["xfel", "exec", "0x40000000"]],
}


@pytest.mark.parametrize("board", REAL_BOARDS)
def test_flash_dry_run_prints_the_exact_commands(tmp_path, sim_tools, board):
    out = tmp_path / "out"
    proc = subprocess.run(
        [sys.executable, "-m", "codegen.cli", "flash", "--board", board, "--dry-run", "--port", "/dev/ttyUSB0",
         "--out", str(out)],
        capture_output=True, text=True, cwd=ROOT,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    files = {"hex": str(out / "firmware.hex"), "bin": str(out / "firmware.bin")}
    expected = [[arg.format(**files) for arg in cmd] for cmd in EXPECTED_FLASH[board]]
    printed = [shlex.split(line) for line in proc.stdout.strip().splitlines()[-len(expected) :]]
    # a tool is printed by the path it runs from (the .venv's esptool): compare the name
    assert [[Path(cmd[0]).name, *cmd[1:]] for cmd in printed] == expected


def test_every_board_has_a_flash_method_or_a_simulator():
    for name in available_boards():
        board = load_board(name)
        assert board.flash_method in flash.RUNNERS or board.simulator is not None, name
        if board.flash_method == "none":
            with pytest.raises(RvfwError, match="simulator board"):
                flash.runner_for(board)


def test_missing_flash_tool_says_how_to_install(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(tmp_path))
    with pytest.raises(RvfwError, match=r"dfu-util not found: apt-get install dfu-util"):
        flash.DfuUtil().check_tool()


def check_over_pty(b: pipeline.Build):
    """The FE310 model's UART on a pseudo-terminal stands in for the board's USB serial port."""
    cmd = [c for c in SifiveERunner().command(b.elf) if c not in ("stdio",)]
    serial_at = cmd.index("-serial")
    cmd[serial_at + 1 : serial_at + 1] = ["pty"]
    monitor_at = cmd.index("-monitor")
    cmd[monitor_at + 1] = "stdio"
    qemu = subprocess.Popen([*cmd, "-S"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        port, started = None, time.monotonic()
        while port is None and time.monotonic() - started < 10:
            line = qemu.stdout.readline().decode(errors="replace")
            found = re.search(r"(/dev/pts/\d+)", line)
            port = found.group(1) if found else None
        assert port, "QEMU did not report its pty"

        def start() -> None:  # "reset": let the paused machine run
            qemu.stdin.write(b"cont\n")
            qemu.stdin.flush()

        lines: list[str] = []
        return board_check.check_board(b, port, start, timeout=60, log=lines.append), lines
    finally:
        qemu.kill()
        qemu.wait()


def test_check_board_over_a_serial_line(tmp_path, sim_tools):
    b = pipeline.build(DEFAULT_MODEL, "hifive1-revb", tmp_path / "out", log=quiet)
    result, _lines = check_over_pty(b)
    assert result.bit_exact and result.total == 4


def test_check_board_of_a_tt_compressed_model_uses_its_tt_reference(tmp_path, sim_tools):
    # TFLite Micro has no TT op: the board's outputs are compared with the compressed graph's reference.
    compress = pipeline.Compression(error_budget=1.0)
    b = pipeline.build(
        mlperf_model("ad_autoencoder"),
        "hifive1-revb",
        tmp_path / "tt",
        options=pipeline.BuildOptions(compress=compress),
        log=quiet,
    )
    assert is_compressed(b.graph)
    result, lines = check_over_pty(b)
    assert result.bit_exact and result.total == 640
    assert lines[-1] == "bit-exact: 640/640 outputs match its TT graph's numpy reference"


def test_esptool_is_found_in_the_venv_without_it_on_path(tmp_path, sim_tools):
    """Issue 47: `make setup` installs esptool into .venv; `make flash BOARD=esp32c3` must find it
    there even when the venv is not on PATH."""
    env = {**os.environ, "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-m", "codegen.cli", "flash", "--board", "esp32c3", "--dry-run", "--out",
                           str(tmp_path / "o")], capture_output=True, text=True, env=env, cwd=ROOT)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1].startswith(str(Path(sys.executable).parent / "esptool"))


def test_check_board_without_a_port_says_so_in_one_line(tmp_path):
    proc = subprocess.run(["make", "-s", "check-board", "BOARD=esp32c3"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode != 0
    lines = [line for line in proc.stderr.splitlines() if line.strip() and not line.startswith("make")]
    assert lines == ["rvfw: error: check-board needs --port (the board's serial port) or --gdb HOST:PORT (a debug "
                     "probe's GDB server, e.g. OpenOCD's localhost:3333)"], proc.stderr  # fmt: skip


def test_esptool_flash_without_a_port_is_one_line_not_a_scan(tmp_path, sim_tools):
    """Issue 58: without PORT esptool scanned every serial port, /dev/ttyS0 first; the commands are
    esptool 5's (`esptool`, `write-flash`: no deprecation warnings)."""
    proc = subprocess.run([sys.executable, "-m", "codegen.cli", "flash", "--board", "esp32c3", "--out",
                           str(tmp_path / "o")], capture_output=True, text=True, cwd=ROOT)  # fmt: skip
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().splitlines()[-1].endswith("give the board's serial port (PORT=/dev/ttyUSB0 with make, "
                                                         "--port with rvfw flash)")  # fmt: skip
