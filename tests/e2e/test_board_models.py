"""Board models (issue 47): the ESP32-C3 and GD32VF103 flash images, run as the chips boot them on
a model built on Unicorn (QEMU's CPU core), with nothing mapped but the board file's memory, views
and peripherals. What the model catches is what the board would do: a bus fault, or a trap on a
CSR the core does not have."""

from __future__ import annotations

import re

import pytest

from codegen.boards.board import load_board
from codegen.errors import BoardError
from tests.conftest import ROOT
from tests.e2e.test_cli import assert_one_line_error, rvfw


def instructions(stdout: str) -> int:
    return int(re.search(r"ran under .*?: ([0-9,]+) instructions", stdout).group(1).replace(",", ""))


def board_variant(tmp_path, name: str, edit) -> str:
    """A copy of boards/<name>.yaml (same name: the file name must match it), edited."""
    folder = tmp_path / "boards"
    folder.mkdir(exist_ok=True)
    path = folder / f"{name}.yaml"
    path.write_text(edit((ROOT / "boards" / f"{name}.yaml").read_text()))
    return str(path)


def test_the_model_counts_what_qemu_counts(tmp_path, sim_tools):
    """The GD32VF103 and the HiFive1 are both RV32IMAC: one inference is the same instructions, and
    the model's count (its counter CSRs read its own exact count, not the host's clock) equals
    QEMU's -icount one."""
    counts = []
    for board in ("gd32vf103", "hifive1-revb"):
        proc = rvfw("check", "--board", board, "--out", str(tmp_path / board))
        assert proc.returncode == 0, proc.stderr
        counts.append(instructions(proc.stdout))
    assert counts[0] == counts[1] > 100_000


def test_an_access_outside_the_modelled_map_stops_the_run_with_its_address(tmp_path, sim_tools):
    board = board_variant(tmp_path, "esp32c3", lambda t: "\n".join(
        line for line in t.splitlines() if "name: TIMG0" not in line) + "\n")  # fmt: skip
    proc = rvfw("check", "--board", board, "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "board model esp32c3: the image stopped: write to 0x6001f064, outside the board's "
                                "memory map at pc 0x42")  # fmt: skip


def test_a_csr_the_esp32c3_lacks_traps_as_on_the_chip(tmp_path, sim_tools):
    """Without the board's counter (mpccr), the profiler would read minstret, which the ESP32-C3
    does not have: the model raises the illegal-instruction trap the chip raises."""
    board = board_variant(tmp_path, "esp32c3", lambda t: re.sub(r"counter:\n(  .*\n)+", "", t))
    proc = rvfw("check", "--board", board, "--out", str(tmp_path / "out"))
    assert proc.returncode != 0
    assert re.search(r"firmware trapped under board model esp32c3 .*mcause=0x0+2 .*mtval=0x0+b02\w{5}", proc.stderr)


MAP_ERRORS = [  # (text in boards/esp32c3.yaml, its replacement, the refusal)
    ("of: dram", "of: nowhere", "view 'iram' shows 'nowhere', which is no memory region"),
    ("origin: 0x40380000", "origin: 0x3FC90000", "memory region 'dram' and view 'iram' overlap"),
    ("origin: 0x40380000", "origin: 0x40380800", "view 'iram' (0x40380800, 0x50000 bytes) is not 4 KiB"),
    ("entry: 0x42000008", "entry: 0x50000000", "boot: entry 0x50000000 is in no memory region or view"),
    ("base: 0x60000000, size: 0x1000", "base: 0x60001000, size: 0x1000",
     "no uart peripheral at the console's base 0x60000000"),
    ("base: 0x6001F000", "base: 0x3FC81000", "peripheral 'TIMG0' shares a 4 KiB page with memory region 'dram'"),
    ("status: 0x1C", "status: 0x1000", "peripheral 'UART0': its registers lie past its size"),
]  # fmt: skip


@pytest.mark.parametrize(("old", "new", "message"), MAP_ERRORS)
def test_a_board_model_map_that_cannot_be_is_refused(tmp_path, old, new, message):
    with pytest.raises(BoardError, match=re.escape(message)):
        load_board(board_variant(tmp_path, "esp32c3", lambda t: t.replace(old, new)))


def test_board_model_fields_belong_to_board_models_only(tmp_path):
    def edit(text: str) -> str:
        return text.replace("simulator: {machine: sifive_e_revb, isa: rv32imac, timer_hz: 10000000}",
                            "simulator: {machine: sifive_e_revb, isa: rv32imac, timer_hz: 10000000, "
                            "boot: {image_at: 0x20010000, entry: 0x20010000, source: x}}")  # fmt: skip

    with pytest.raises(BoardError, match="boot is for machine board-model only"):
        load_board(board_variant(tmp_path, "hifive1-revb", edit))


def test_the_gd32vf103_start_up_runs_the_core_at_108_mhz(tmp_path, sim_tools):
    """Issue 58: the start-up switches the GD32VF103 from its 8 MHz reset clock to the PLL at 108 MHz
    (the model's RCU settles each flag the code waits on) and sets USART0's divisor for 108 MHz;
    times are reported at 108 MHz. A board file that keeps 8 MHz keeps the reset clock."""
    from codegen import pipeline
    from codegen.build.elfinfo import symbol_address
    from codegen.run import board_model

    b = pipeline.build(ROOT / "examples" / "tiny_kws.tflite", "gd32vf103", tmp_path / "out", log=lambda _m: None)
    image = board_model.image_for(b.elf, b.board).read_bytes()
    model = board_model.BoardModel(b.board, image)
    model.run(60)
    assert model.exit_code == 0 and symbol_address(b.elf, "rvfw_platform_init") is not None
    rcu = next(d for d in model.devices if d.name == "RCU")
    usart = next(d for d in model.devices if d.name == "USART0")
    assert rcu.words[0x04] & 0x3 == 0x2 and rcu.words[0x04] & 0x203D0000 == 0x20280000  # SCS = PLL, x27
    assert rcu.words[0x04] & 0x3FF0 == 0x400 and rcu.words[0x00] & 0x01000000  # APB1 / 2, PLLEN
    assert usart.words[0x08] == (108_000_000 + 57_600) // 115_200  # USART_BAUD for 115200 at 108 MHz
    assert b.board.cpu_hz == 108_000_000  # the clock times are reported at
    slow = board_variant(tmp_path, "gd32vf103", lambda t: t.replace("clock_hz: 108000000", "clock_hz: 8000000"))
    proc = rvfw("check", "--board", slow, "--model", str(ROOT / "examples" / "tiny_kws.tflite"), "--out",
                str(tmp_path / "slow"))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
