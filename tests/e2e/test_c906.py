"""The XuanTie C906 (board c906): XTheadVector kernels, run under xuantie-qemu -cpu c906fdv in
user mode (the image rebuilt with a Linux-syscall console), bit for bit against TFLite Micro."""

from __future__ import annotations

import pytest

from codegen import pipeline
from codegen.errors import RvfwError
from codegen.paths import DEFAULT_MODEL
from tests.conftest import MLPERF_MODELS, mlperf_model, quiet
from tests.e2e.test_app import MANIFEST
from tests.e2e.test_cli import assert_one_line_error, rvfw

VECTOR_OPS = ("CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED")


@pytest.mark.parametrize("name", MLPERF_MODELS)
def test_mlperf_model_bit_exact_on_c906(tmp_path, xuantie_sim, name):
    b = pipeline.build(
        mlperf_model(name),
        "c906",
        tmp_path / "out",
        options=pipeline.BuildOptions(seed=5, for_simulator=True),
        log=quiet,
    )
    assert b.board.console == "linux" and b.board.name == "c906-qemu-user"
    assert all(layer.kernel.endswith("_xthead") for layer in b.layers if layer.op in VECTOR_OPS)
    r = pipeline.run(b, timeout=600, log=quiet, count=False)
    assert r.sim.runner == "xuantie-qemu -cpu c906fdv"
    result = pipeline.check(r, log=quiet)
    assert result.bit_exact, result.mismatches


def test_vector_kernels_cut_instructions_per_layer(tmp_path, xuantie_sim):
    counts = {}
    for kernels in ("scalar", "xthead"):
        b = pipeline.build(
            DEFAULT_MODEL,
            "c906",
            tmp_path / kernels,
            options=pipeline.BuildOptions(kernels=kernels, for_simulator=True),
            log=quiet,
        )
        r = pipeline.run(b, log=quiet)  # counts from an instruction trace, split at the layer markers
        assert pipeline.check(r, log=quiet).bit_exact
        assert len(r.harness.layer_instret) == len(b.layers) and r.harness.total_instret > 0
        counts[kernels] = (b.layers, r.harness.layer_instret)
    (layers, scalar), (_, vector) = counts["scalar"], counts["xthead"]
    for layer, s, v in zip(layers, scalar, vector):
        if layer.op in VECTOR_OPS and layer.macs >= 1000:
            assert v * 2 < s, (layer.op, s, v)


def test_rvv_1_0_image_traps_on_the_c906(tmp_path, xuantie_sim):
    # The same model with RVV 1.0 kernels: the C906's 0.7.1 unit does not decode them.
    b = pipeline.build(
        DEFAULT_MODEL,
        "c906",
        tmp_path / "rvv",
        options=pipeline.BuildOptions(kernels="rvv", for_simulator=True),
        log=quiet,
    )
    with pytest.raises(RvfwError, match="SIGILL"):
        pipeline.run(b, log=quiet, count=False)


def test_c906_board_image_keeps_its_uart_console(tmp_path, sim_tools):
    b = pipeline.build(DEFAULT_MODEL, "c906", tmp_path / "board", log=quiet)
    assert b.board.console == "uart" and b.image is not None and b.image.suffix == ".bin"
    assert any(layer.kernel.endswith("_xthead") for layer in b.layers)


def test_multi_model_image_is_not_simulated_on_c906(tmp_path, sim_tools):
    for name in ("kws_dscnn", "ic_resnet8", "ad_autoencoder"):
        mlperf_model(name)
    proc = rvfw("check", "--app", str(MANIFEST), "--board", "c906", "--out", str(tmp_path / "app"))
    assert_one_line_error(proc, "board c906: its simulator runs user-mode programs, and a multi-model image needs")
