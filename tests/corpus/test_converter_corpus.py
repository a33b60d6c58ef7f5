"""The converter corpus (tests/data/converters): models the real converters made, each compiled and
run on the simulator and compared bit for bit with the TFLite Micro outputs committed beside it
(computed when the model was made, by generate.py), under every memory option."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from codegen import pipeline
from codegen.check import golden
from tests.conftest import ROOT, quiet
from tests.fuzz import graphcheck

CORPUS = ROOT / "tests" / "data" / "converters"
MODELS = sorted(p.stem for p in CORPUS.glob("*.tflite"))
# Every memory option on the vector and the scalar board, and every other kernel set once: the
# reference kernels, Zve32x (vector integer, scalar float) and the C906's XTheadVector.
BOARDS = ("spike-rv64gcv", "spike-rv32imc")
CONFIGS = [(board, memory, "auto") for board in BOARDS for memory in ("fast", "small", "tiled")]
CONFIGS += [("spike-rv64gcv", "fast", "ref"), ("spike-rv32zve32x", "fast", "auto"), ("c906", "fast", "auto")]


def committed(name: str, tmp_path: Path) -> tuple[list[Path], list[np.ndarray]]:
    """The committed inputs (as .npy files, for --input) and TFLite Micro's outputs for them."""
    return graphcheck.committed(CORPUS / f"{name}.npz", tmp_path)


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(x for x in c if x != "auto"))
@pytest.mark.parametrize("name", MODELS)
def test_converter_model_bit_exact(tmp_path, request, sim_tools, name, config):
    board, memory, kernels = config
    if board == "c906":
        request.getfixturevalue("xuantie_sim")
    files, expected = committed(name, tmp_path)
    b = pipeline.build(
        CORPUS / f"{name}.tflite",
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(inputs=files, memory=memory, kernels=kernels, steps=1, for_simulator=True),
        log=quiet,
    )
    r = pipeline.run(b, timeout=600, log=quiet)
    result = golden.compare(r.harness.outputs, expected)
    assert result.bit_exact, f"{name} on {board} ({memory}, {kernels}): {result.total - result.matched} outputs " \
        f"differ: {result.mismatches[:5]}"  # fmt: skip
