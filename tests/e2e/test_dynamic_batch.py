"""Issue 56 (2): a dilated causal Conv1D (a TCN) exported with a dynamic batch, where TFLite Micro
is known wrong. The converter stores SPACE_TO_BATCH_ND's output and the convolution's with batch 1
although the ops make 2 and 4; LiteRT resizes them and TFLite Micro keeps them. rvfw computes what
the ops define (passes.stored_shapes), says that TFLite Micro is known wrong, and is checked
against LiteRT's reference kernels."""

from __future__ import annotations

import numpy as np
import pytest

from codegen import pipeline
from codegen.check import golden, litert
from tests.conftest import ROOT, quiet

CORPUS = ROOT / "tests" / "data" / "converters"


@pytest.mark.parametrize("name", ["keras_tcn_int8", "keras_tcn_float"])
def test_tflm_is_wrong_and_litert_is_the_golden(tmp_path, sim_tools, name):
    model = CORPUS / f"{name}.tflite"
    committed = np.load(CORPUS / f"{name}.npz")
    x = committed["input_0"]
    np.save(tmp_path / "x.npy", x)
    # TFLite Micro runs the model and disagrees with LiteRT's reference kernels (which the corpus
    # committed as the golden); rvfw's graph holds the shapes the ops make and says why.
    tflm = golden.reference_outputs(model, [x], 1)[0]
    lite = litert.reference_outputs(model, [x], 1, 1)[0]
    assert np.array_equal(lite, committed["output_0"]) and not np.array_equal(tflm, lite)
    built = pipeline.build(model, "spike-rv32imc", tmp_path / "out",
                           pipeline.BuildOptions(inputs=[tmp_path / "x.npy"], for_simulator=True), quiet)  # fmt: skip
    assert built.graph.tflm_wrong and "SPACE_TO_BATCH_ND" in built.graph.tflm_wrong[0]
    batched = [built.graph.tensors[op.outputs[0]].shape[0] for op in built.graph.ops
               if op.kind.value == "SPACE_TO_BATCH_ND"]  # fmt: skip
    assert batched == [2, 4]
    lines: list[str] = []
    result = pipeline.check(pipeline.run(built, log=quiet), lines.append)
    assert result.bit_exact
    assert "LiteRT's reference kernels (TFLite Micro keeps the converter's stored batch-1 shapes" in lines[-1]
