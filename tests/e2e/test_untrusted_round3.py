"""Untrusted input, third round (issue 45): every output a person opens, every file kept, and
boards and manifests that disagree with themselves. Each reproducer is refused in one line or
handled without loss."""

from __future__ import annotations

import os
import shutil
import xml.etree.ElementTree as ET

import numpy as np
import pytest

from codegen.modelgen import ModelBuilder
from codegen.paths import DEFAULT_MODEL
from tests.conftest import ROOT
from tests.e2e.test_cli import assert_one_line_error, rvfw

HOSTILE = "</title><script>alert(1)</script>\x1b]52;c;ZXZpbA==\x07\x1b[2K\u202e"


def _named_model(name: str) -> bytes:
    m = ModelBuilder()
    x = m.tensor(name + "in", (1, 8), scale=0.05, zero_point=0)
    y = m.tensor(name + "out", (1, 8), scale=0.05, zero_point=0)
    m.op("RELU", [x], [y])
    return m.finish([x], [y])


def test_expect_inside_out_is_refused_and_kept(tmp_path):
    out = tmp_path / "X"
    out.mkdir()
    (out / ".rvfw-output").write_text("made by rvfw\n")
    golden = out / "golden.npz"
    np.savez(golden, np.zeros((1, 4), np.int8))
    proc = rvfw("check", "--expect", str(golden), "--out", str(out))
    assert_one_line_error(proc, "which this command reads")
    assert golden.is_file()


def test_plot_escapes_names_into_svg(tmp_path):
    model = tmp_path / "m.tflite"
    model.write_bytes(_named_model(HOSTILE))
    svg = tmp_path / "plot.svg"
    proc = rvfw("plan", "--model", str(model), "--plot", str(svg))
    assert proc.returncode == 0, proc.stderr
    tree = ET.parse(svg)  # well-formed XML
    assert not any(el.tag.endswith("script") for el in tree.iter())
    text = svg.read_text()
    assert "<script" not in text and "\x1b" not in text and "&lt;/title&gt;" in text


def test_plan_table_sends_no_terminal_escapes(tmp_path):
    model = tmp_path / "m.tflite"
    model.write_bytes(_named_model(HOSTILE))
    proc = rvfw("plan", "--model", str(model))
    assert proc.returncode == 0, proc.stderr
    assert "\x1b" not in proc.stdout and "\x07" not in proc.stdout and "\u202e" not in proc.stdout
    assert "\\x1b]52;c;" in proc.stdout


def test_a_multiplier_past_tflms_shifts_is_refused_naming_the_op(tmp_path):
    m = ModelBuilder()
    x = m.tensor("x", (1, 4), scale=1e20, zero_point=0)
    w = m.tensor("w", (3, 4), scale=1e20, data=np.ones((3, 4), np.int8))
    y = m.tensor("y", (1, 3), scale=1e-10, zero_point=0)
    m.op("FULLY_CONNECTED", [x, w, -1], [y])
    model = tmp_path / "m.tflite"
    model.write_bytes(m.finish([x], [y]))
    proc = rvfw("build", "--model", str(model), "--out", str(tmp_path / "o"))
    assert_one_line_error(proc, "op #0 FULLY_CONNECTED: requantisation multiplier 1e+50")


def test_trailing_newlines_fail_the_schemas(tmp_path):
    manifest = tmp_path / "a.yaml"
    manifest.write_text(f'board: spike-rv64gcv\nmodels:\n  - {{name: "kws\\n", model: {DEFAULT_MODEL}, priority: 0}}\n')
    proc = rvfw("build", "--app", str(manifest), "--out", str(tmp_path / "o"))
    assert_one_line_error(proc, "does not match")
    board = (ROOT / "boards" / "spike-rv32imc.yaml").read_text().replace("name: flash,", 'name: "flash\\n",')
    (tmp_path / "nl.yaml").write_text(board.replace("name: spike-rv32imc", "name: nl"))
    proc = rvfw("build", "--board", str(tmp_path / "nl.yaml"), "--out", str(tmp_path / "o"))
    assert_one_line_error(proc, "does not match")


@pytest.mark.parametrize("name", ["clint", "stdint", "conv2d_s8_rvv", "rvfw_kernels", "string"])
def test_models_named_after_rvfw_files_build_and_match(tmp_path, sim_tools, name):
    model = tmp_path / f"{name}.tflite"
    shutil.copyfile(DEFAULT_MODEL, model)
    proc = rvfw("check", "--model", str(model), "--out", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.rstrip().endswith("bit-exact: 4/4 outputs match TFLite Micro")


def test_devices_and_fifos_are_named_as_not_regular_files(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for flag, path in (
        ("--model", "/dev/zero"),
        ("--model", str(fifo)),
        ("--app", "/dev/zero"),
        ("--board", "/dev/zero"),
    ):
        proc = rvfw("build", flag, path, "--out", str(tmp_path / "o"))
        assert_one_line_error(proc, "not a regular file")


def _board(tmp_path, name: str, base: str, change) -> str:
    text = (ROOT / "boards" / f"{base}.yaml").read_text().replace(f"name: {base}", f"name: {name}")
    path = tmp_path / f"{name}.yaml"
    path.write_text(change(text))
    return str(path)


def test_boards_that_disagree_with_themselves_are_refused(tmp_path):
    cases = [
        ("low", "spike-rv64gcv", lambda t: t.replace("origin: 0x80000000", "origin: 0x0"), "more than the 2 GiB"),
        ("clintram", "spike-rv64gcv", lambda t: t.replace("base: 0x02000000", "base: 0x81000000"),
         "clint: base 0x81000000 lies inside memory region 'ram'"),
        ("wide", "spike-rv64gcv", lambda t: t.replace("isa: rv64gcv, vlen: 128}", "isa: rv64gcv, vlen: 4096}"),
         "simulator: vlen 4096 is not the vector unit's vlen 128"),
    ]  # fmt: skip
    for name, base, change, said in cases:
        proc = rvfw("build", "--board", _board(tmp_path, name, base, change), "--out", str(tmp_path / "o"))
        assert_one_line_error(proc, said)
