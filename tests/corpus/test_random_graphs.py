"""Random architectures against TFLite Micro (issue 50): models that tests/fuzz/graphgen.py drew
and the real converter made, with TFLite Micro's outputs committed beside them (`sample_*`: a
fixed sample of seeds; `regress_*`: a failure the generator found, shrunk, kept so it stays
fixed). Each compiles bit-exact under every memory option on the vector and the scalar board, or
is refused in one line that names the op and the dtype. `make fuzz-graphs` draws fresh ones."""

from __future__ import annotations

from pathlib import Path

import pytest

from codegen import pipeline
from codegen.check import golden
from codegen.errors import ModelError
from tests.conftest import ROOT, quiet
from tests.fuzz.graphcheck import committed

GRAPHS = ROOT / "tests" / "data" / "graphs"
MODELS = sorted(p.stem for p in GRAPHS.glob("*.tflite"))
CONFIGS = [("spike-rv64gcv", m) for m in ("fast", "small", "tiled")] + [("spike-rv32imc", "fast")]


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: "-".join(c))
@pytest.mark.parametrize("name", MODELS)
def test_random_graph_bit_exact_or_refused_by_op_and_dtype(tmp_path: Path, sim_tools, name, config):
    board, memory = config
    files, expected = committed(GRAPHS / f"{name}.npz", tmp_path)
    try:
        b = pipeline.build(
            GRAPHS / f"{name}.tflite",
            board,
            tmp_path / "out",
            options=pipeline.BuildOptions(inputs=files, memory=memory, steps=1, for_simulator=True),
            log=quiet,
        )
    except ModelError as exc:  # a refusal names the op and its dtype
        assert "not supported" in str(exc) and "op #" in str(exc), str(exc)
        return
    r = pipeline.run(b, timeout=300, log=quiet)
    result = golden.compare(r.harness.outputs, expected)
    assert result.bit_exact, f"{name} ({board}, {memory}): {result.total - result.matched} outputs differ"
