"""README figures that drift when the code changes are measured here (issue 48): a figure in the
README that no longer holds fails the suite instead of misleading a reader."""

from __future__ import annotations

import re

import pytest

from codegen import pipeline
from tests.conftest import ROOT, SHARED_MODELS, mlperf_model, quiet

README = (ROOT / "README.md").read_text()
PUBLIC = SHARED_MODELS / "public"


def _number(text: str) -> int:
    return int(text.replace(",", ""))


def test_c906_kws_counts_in_the_readme_are_measured(tmp_path, xuantie_sim):
    match = re.search(r"bit-exact,\s+([0-9,]+) instructions against ([0-9,]+) with the scalar kernels", README)
    assert match, "the README's c906 KWS sentence moved"
    measured = []
    for kernels in ("auto", "scalar"):
        b = pipeline.build(
            mlperf_model("kws_dscnn"),
            "c906",
            tmp_path / kernels,
            options=pipeline.BuildOptions(kernels=kernels, for_simulator=True),
            log=quiet,
        )
        r = pipeline.run(b, log=quiet)
        assert pipeline.check(r, log=quiet).bit_exact
        measured.append(r.harness.total_instret)
    assert measured == [_number(match.group(1)), _number(match.group(2))]


TILED = [  # (model file, --io, the README's words before the figure)
    ("tflm_person_detect_int8", "model", "person_detect"),
    ("mcunetv2_large_int8", "int8", "mcunetv2_large"),
    ("mcunet_vww_int8", "int8", "mcunet_vww"),
    ("mcunet_detection_int8", "int8", "mcunet_detection"),
]


@pytest.mark.parametrize(("model", "io", "words"), TILED)
def test_tiled_public_cnn_arenas_in_the_readme_are_planned(model, io, words):
    path = PUBLIC / f"{model}.tflite"
    if not path.is_file():
        pytest.skip(f"needs {path}")
    paragraph = README[README.index("With `--memory tiled` the public CNNs need") :]
    figure = _number(re.search(rf"{words} ([0-9,]+) B", paragraph).group(1))
    _graph, _board, plan = pipeline.prepare(path, "spike-rv64gcv", "best", "tiled", log=quiet, io=io)
    assert plan.arena_size == figure
