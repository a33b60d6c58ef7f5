"""rvfw against TFLite Micro's operator set (codegen/ops/tflm_set.py): every (op, dtype) pair TFLite
Micro runs is either run by rvfw, proven by a model that holds it and runs bit-exact on the
simulators (the kernel tier's single-op cases, the converter corpus, the random graphs, the public
models), or listed in MISSING; a MISSING pair that some such model holds fails until it is struck
off, so the list of missing pairs only shrinks."""

from __future__ import annotations

from codegen.frontend.tflite import load_tflite
from codegen.ops.tflm_set import MISSING, TFLM, TFLM_WRONG, pairs
from tests.evidence import assert_ratchet


def test_every_tflm_pair_is_run_by_rvfw_or_listed_missing(tmp_path_factory):
    assert_ratchet(tmp_path_factory.mktemp("pairs"), pairs(), MISSING, "TFLite Micro")


def test_the_lists_name_only_tflm_pairs():
    tflm = {(op, d) for op, (_src, dtypes) in TFLM.items() for d in dtypes}
    assert tflm >= MISSING, sorted(MISSING - tflm)
    assert set(TFLM_WRONG) <= tflm, sorted(set(TFLM_WRONG) - tflm)


def test_a_tflm_wrong_pair_is_named_and_checked_against_tflite_reference(tmp_path):
    """GREATER int16: the note names it, and the golden is TFLite's reference kernels."""
    import numpy as np

    from codegen.check.reference import golden_outputs, tflm_wrong_note
    from tests.kernels.cases import greater16

    path = tmp_path / "greater16.tflite"
    path.write_bytes(greater16((2, 9), (1, 9)))
    graph = load_tflite(path)
    assert "GREATER int16" in tflm_wrong_note(graph) and "reference kernels" in tflm_wrong_note(graph)
    a = np.arange(-9, 9, dtype=np.int16).reshape(2, 9) * 100
    b = np.full((1, 9), 50, np.int16)
    outputs, against = golden_outputs(graph, [a, b])
    assert against == "TFLite's reference kernels"
    assert (outputs[0] == (a > b)).all()  # the raw values compared, not TFLite Micro's all-false
