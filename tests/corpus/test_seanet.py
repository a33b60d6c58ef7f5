"""TFLite Micro's 127 seanet integration tests (../shared/tflm-seanet): each layer model compiled
and run on the simulator, fed TFLM's shipped input CSVs and compared through `rvfw check --input
... --expect ...` with TFLM's shipped golden output, as a CI pipeline with its own golden files
would (issue 29). A model rvfw refuses must name the op and dtype it lacks, in one line."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest

from codegen.cli import main as rvfw_main
from codegen.frontend import load_tflite
from tests.conftest import ROOT

SEANET = ROOT.parent / "shared" / "tflm-seanet"
MODELS = sorted((SEANET / "models").glob("seanet_*.tflite"), key=lambda p: (re.sub(r"\d+$", "", p.stem),
                int(re.search(r"(\d+)$", p.stem).group(1)))) if SEANET.is_dir() else []  # fmt: skip


def _csv(path: Path, dtype, shape) -> np.ndarray:
    values = np.array([int(v) for v in path.read_text().strip().split(",")], dtype=np.int64)
    return values.astype(dtype).reshape(shape)


@pytest.mark.parametrize("model", MODELS, ids=lambda p: p.stem)
def test_seanet_against_tflms_shipped_golden(tmp_path, sim_tools, capsys, model):
    _check(tmp_path, capsys, model, "spike-rv64gcv")


# The 16x8 convolutions on the other vector ISAs (Zve32x's 32-bit lanes, the C906's XTheadVector),
# and a model whose only op is a view (no kernel call: its image has no layer marks to count by).
OTHER_ISAS = [m for m in MODELS if re.match(r"seanet_(conv|depthwise_conv|strided_slice)\d*0$", m.stem)]


@pytest.mark.parametrize("board", ["spike-rv32zve32x", "c906"])
@pytest.mark.parametrize("model", OTHER_ISAS, ids=lambda p: p.stem)
def test_seanet_on_other_vector_isas(tmp_path, request, sim_tools, capsys, model, board):
    if board == "c906":
        request.getfixturevalue("xuantie_sim")
    _check(tmp_path, capsys, model, board)


def _check(tmp_path, capsys, model, board):
    op, n = re.match(r"seanet_([a-z_]+?)(\d+)$", model.stem).groups()
    graph = load_tflite(model)
    args = ["check", "--model", str(model), "--board", board, "--out", str(tmp_path / "out")]
    for k, index in enumerate(graph.inputs):
        t = graph.tensors[index]
        csv = next((SEANET / "golden" / op).glob(f"{op}{n}_input{k}_*.csv"))
        np.save(tmp_path / f"input{k}.npy", _csv(csv, t.dtype.np_type, t.shape))
        args += ["--input", str(tmp_path / f"input{k}.npy")]
    out = graph.tensors[graph.outputs[0]]
    golden = next((SEANET / "golden" / op).glob(f"{op}{n}_golden_*.csv"))
    np.save(tmp_path / "golden.npy", _csv(golden, out.dtype.np_type, out.shape))
    code = rvfw_main([*args, "--expect", str(tmp_path / "golden.npy")])
    said = capsys.readouterr()
    assert code == 0, (said.out[-1500:], said.err[-500:])
    assert said.out.strip().splitlines()[-1].startswith("bit-exact: ")
