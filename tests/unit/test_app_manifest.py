"""Application manifests, admission from a manifest, PMP ranges and the partitioned linker script."""

import re

import pytest

from codegen import emit
from codegen.app import layout, sizing
from codegen.app.manifest import ManifestError, load_app
from codegen.boards.board import load_board
from codegen.build.sections import partition_names
from codegen.errors import RvfwError
from codegen.paths import ROOT


def test_seed_004_through_the_manifest():
    manifest = load_app(ROOT / "apps" / "seed004.yaml")
    lines: list[str] = []
    adm = sizing.admit(manifest, load_board(manifest.board), "best", "auto", lines.append)
    assert [(s.text, s.freed) for s in adm.steps] == [
        ("vision seq 128 -> 64", 524_288),
        ("nlu seq 256 -> 128", 6_291_456),
    ]
    assert adm.total == 534_315_008
    assert lines[0] == "admission: 541,130,752 bytes needed before the ladder"


@pytest.mark.parametrize(
    "text, message",
    [
        ("models: []", "seed.yaml: models: [] should be non-empty"),
        ("models: [{name: a, sizes: {weights: 1, arena: 1}}]", "'priority' is a required property"),
        ("models: [{name: A, priority: 0, sizes: {weights: 1, arena: 1}}]", "models/0/name: 'A' does not match"),
        ("models: [{name: a, priority: 0, model: nowhere.tflite}]", "models/0 (a): nowhere.tflite not found"),
        (
            "models: [{name: a, priority: 0, sizes: {weights: 1, arena: 1}}]\ngroups: [[a, b]]",
            "groups/0: no model named b",
        ),
        (
            "models: [{name: a, priority: 0, sizes: {weights: 1, arena: 1}}, "
            "{name: a, priority: 1, sizes: {weights: 1, arena: 1}}]",
            "the name 'a' is used twice",
        ),  # fmt: skip
        ("models: [", "seed.yaml: line 2 not valid YAML"),
        # The dispatcher's table holds them in a byte each: 256 would become 0 in C (issue 17).
        ("models: [{name: a, priority: 256, sizes: {weights: 1, arena: 1}}]", "models/0/priority: 256 is greater"),
        (
            "models: [{name: a, priority: 0, instances: 256, sizes: {weights: 1, arena: 1}}]",
            "models/0/instances: 256 is greater",
        ),  # fmt: skip
    ],
)
def test_bad_manifests_say_where(tmp_path, text, message):
    path = tmp_path / "seed.yaml"
    path.write_text(text + "\n")
    with pytest.raises(ManifestError, match=re.escape(message)):
        load_app(path)


def test_sizes_only_models_cannot_be_built(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("models: [{name: a, priority: 0, sizes: {weights: 1, arena: 1}}]\n")
    with pytest.raises(RvfwError, match="admission only"):
        sizing.check_app(load_app(path), load_board("spike-rv64gcv"))


def test_boards_without_enough_pmp_entries_are_refused(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("models: [{name: a, priority: 0, sizes: {weights: 1, arena: 1}}]\n")
    with pytest.raises(RvfwError, match="gd32vf103: 0 PMP entries"):
        sizing.check_app(load_app(path), load_board("gd32vf103"))


def test_pmp_ranges_napot_when_a_power_of_two_else_tor():
    assert layout.pmp_range("p", 16_384, 4) == layout.Range("p", 16_384, True, 16_384)
    assert layout.pmp_range("p", 20_100, 4) == layout.Range("p", 20_112, False, 16)
    # The C906's 4 KiB granules: TOR base and size in whole granules.
    assert layout.pmp_range("p", 20_100, 4096) == layout.Range("p", 20_480, False, 4096)
    assert layout.pmp_range("p", 100, 4096) == layout.Range("p", 4096, True, 4096)


def test_linker_script_places_partitions_and_the_read_execute_range():
    board = load_board("spike-rv64gcv")
    kws, ad = partition_names("kws"), partition_names("ad")
    parts = [
        {"section": kws.input_section, "output_section": kws.output_section, "align": 32_768, "napot": 1},
        {"section": ad.input_section, "output_section": ad.output_section, "align": 16, "napot": 0},
    ]
    banner = {"version": "x", "model": "a.yaml", "sha256": "-", "board": board.name}
    text = emit.render_linker_script(None, board, partitions=parts, banner=banner)
    assert ".rvfw_part_kws (NOLOAD) : ALIGN(32768)" in text
    assert "KEEP(*(.rvfw_part.ad))" in text
    assert "__rvfw_rx_end = ALIGN(ADDR(.constants) + SIZEOF(.constants), 4);" in text
    assert "__rvfw_rx_start = .;" in text


def test_deadlines_as_written_and_in_timer_ticks(tmp_path):
    from codegen.boards import timer

    assert timer.parse_duration("20ms", "x") == pytest.approx(0.02)
    assert timer.parse_duration("1.5s", "x") == pytest.approx(1.5)
    assert timer.parse_duration("none", "x") is None
    for bad in ("20", "ms", "-1ms", "0us", "1 ms"):
        with pytest.raises(RvfwError, match="is not a duration"):
            timer.parse_duration(bad, "deadline")
    spike, hifive1 = load_board("spike-rv64gcv"), load_board("hifive1-revb")
    assert timer.seconds_to_ticks(spike, 100e-6) == 1000  # 10 MHz
    assert timer.seconds_to_ticks(hifive1, 1e-9) == 1  # never zero
    # The default: measured instructions x 4 at the board's clock (Spike: 10^9 a second).
    assert timer.instructions_to_ticks(spike, 1_000_000) == 40_000
    # 16 MHz core, 32.768 kHz RTC on the board; QEMU's FE310 model: 10 MHz timer, 10^9 instructions/s.
    assert timer.instructions_to_ticks(hifive1, 16_000_000) == 4 * 32768
    assert timer.instructions_to_ticks(hifive1.for_simulator(), 1_000_000) == 40_000
    manifest = tmp_path / "m.yaml"
    model = ROOT / "codegen" / "paths.py"  # any file: the manifest only checks it exists
    manifest.write_text(f"models:\n  - {{name: a, model: {model}, priority: 0, deadline: 2ms}}\n"
                        f"  - {{name: b, model: {model}, priority: 1, deadline: none}}\n"
                        f"  - {{name: c, model: {model}, priority: 2}}\n")  # fmt: skip
    a, b, c = load_app(manifest).models
    assert a.deadline == pytest.approx(0.002) and b.deadline is None and c.deadline == "measured"
