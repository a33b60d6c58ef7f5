"""Crafted models (issue 28): tensor and file names written to put code of their own into the
firmware (tests/data/crafted/make_crafted.py). Each builds bit-exact with TFLite Micro, with no
symbol of theirs in the image, its names kept as data byte for byte; in a two-model application
the other model stays bit-exact; every export format keeps the names as text of its language."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys

import pytest
import yaml

from codegen import pipeline
from codegen.app import pipeline as app_pipeline
from codegen.app.manifest import load_app
from codegen.export import export
from codegen.frontend import load_tflite
from codegen.paths import DEFAULT_MODEL
from codegen.pipeline import BuildOptions
from tests.conftest import ROOT, quiet

CRAFTED = ROOT / "tests" / "data" / "crafted"
sys.path.insert(0, str(CRAFTED))
from make_crafted import HOSTILE_FILE, PAYLOADS  # noqa: E402

NM = "riscv64-unknown-elf-nm"


def _symbols(elf) -> str:
    return subprocess.run([NM, str(elf)], capture_output=True, text=True, check=True).stdout


def _c_strings(text: str) -> list[bytes]:
    """Every C string literal of a generated file, decoded as the C compiler decodes it (rvfw writes
    only printable ASCII, \\\\, \\", \\? and three-digit octal escapes)."""
    out = []
    for literal in re.findall(r'"((?:[^"\\\n]|\\.)*)"', text):
        decoded, k = bytearray(), 0
        while k < len(literal):
            if literal[k] == "\\" and literal[k + 1] in "01234567":
                decoded.append(int(literal[k + 1 : k + 4], 8))
                k += 4
            elif literal[k] == "\\":
                decoded.append(ord(literal[k + 1]))
                k += 2
            else:
                decoded.append(ord(literal[k]))
                k += 1
        out.append(bytes(decoded))
    return out


@pytest.mark.parametrize("name", sorted(PAYLOADS))
def test_crafted_names_build_bit_exact_as_data(tmp_path, sim_tools, name):
    model = CRAFTED / name
    b = pipeline.build(model, "spike-rv64gcv", tmp_path / "out", log=quiet)
    assert "rvfw_crafted" not in _symbols(b.elf)
    assert pipeline.check(pipeline.run(b, log=quiet), log=quiet).bit_exact
    graph = load_tflite(model)
    literals = _c_strings((b.out_dir / "gen" / f"{graph.name}.c").read_text())
    for index in (*graph.inputs, *graph.outputs):  # each name is one literal, its bytes exactly
        assert graph.tensors[index].name.encode() in literals


def test_a_hostile_file_name_is_text_in_every_output(tmp_path, sim_tools):
    (tmp_path / "in").mkdir()
    model = tmp_path / "in" / HOSTILE_FILE
    shutil.copyfile(CRAFTED / "close_string.tflite", model)
    b = pipeline.build(model, "spike-rv64gcv", tmp_path / "out", log=quiet)
    assert pipeline.check(pipeline.run(b, log=quiet), log=quiet).bit_exact
    # Its C name is derived (every character outside [a-z0-9_] an underscore); no symbol of its own.
    assert b.graph.name == "m_______int_rvfw_crafted_file____x____y__"
    assert " rvfw_crafted_file\n" not in _symbols(b.elf)
    for fmt in ("cmake", "zephyr", "espidf"):
        out = tmp_path / f"export-{fmt}"
        export(
            model, "spike-rv64gcv" if fmt != "espidf" else "esp32c3", out, options=BuildOptions(format=fmt), log=quiet
        )
        manifest = json.loads((out / "manifest.json").read_text())
        assert manifest["model"] == HOSTILE_FILE
        for text_file in out.rglob("*"):
            if text_file.suffix in (".txt", ".yml", ".cmake") or text_file.name in ("Kconfig", "CMakeLists.txt"):
                text = text_file.read_text()
                # every line of a build file is rvfw's: the file name's newline never starts one
                assert not any(line.lstrip().startswith(("??=", "int rvfw_crafted")) for line in text.splitlines())
        if fmt == "espidf":
            component = yaml.safe_load((out / "idf_component.yml").read_text())
            assert component["description"].endswith(f"({HOSTILE_FILE}) for esp32c3")


def test_a_crafted_model_beside_another_in_one_application(tmp_path, sim_tools):
    """The crafted model that would replace the M-mode start-up hook, in a two-model image: both
    models bit-exact, the example's outputs untouched."""
    manifest = tmp_path / "two.yaml"
    manifest.write_text(
        "board: spike-rv64gcv\nmodels:\n"
        f"  - {{name: attacker, model: {CRAFTED / 'platform_init.tflite'}, priority: 0}}\n"
        f"  - {{name: example, model: {DEFAULT_MODEL}, priority: 1}}\n"
    )
    b = app_pipeline.build(load_app(manifest), None, tmp_path / "out", BuildOptions(for_simulator=True), quiet)
    assert "rvfw_crafted" not in _symbols(b.elf)
    assert _symbols(b.elf).count(" rvfw_platform_init\n") == 1  # the runtime's own
    _result, results = app_pipeline.run(b, log=quiet)
    assert app_pipeline.check(b, results, log=quiet)
