"""`rvfw check --layers` (issue 36): every layer's output against TFLite Micro, the first layer that
differs named. The broken image comes from a test hook on this side only: one layer's requantisation
multipliers scaled by 3/4 at lowering time (monkeypatched), so the kernels stay the real ones."""

from __future__ import annotations

import numpy as np
import pytest

from codegen import pipeline
from codegen.cli import main as rvfw_main
from codegen.ops.common import LowerContext
from codegen.paths import DEFAULT_MODEL
from tests.conftest import SHARED_MODELS, mlperf_model, quiet

BROKEN_OP = 4  # KWS: the second pointwise CONV_2D


def _break_layer(monkeypatch, op_index: int) -> None:
    """The test hook: op `op_index`'s multipliers become 3/4 of what they should be."""
    derived = LowerContext.derived

    def broken(self, op, suffix, c_type, values, role="params"):
        if op.index == op_index and suffix == "multiplier":
            values = (np.asarray(values, dtype=np.int64) * 3 // 4).astype(np.int32)
        return derived(self, op, suffix, c_type, values, role)

    monkeypatch.setattr(LowerContext, "derived", broken)


def test_layers_name_the_broken_layer(tmp_path, sim_tools, monkeypatch):
    _break_layer(monkeypatch, BROKEN_OP)
    b = pipeline.build(
        mlperf_model("kws_dscnn"),
        "spike-rv64gcv",
        tmp_path / "out",
        options=pipeline.BuildOptions(dump_layers=True),
        log=quiet,
    )
    r = pipeline.run(b, log=quiet)
    assert not pipeline.check(r, log=quiet).bit_exact
    lines: list[str] = []
    first, whose = pipeline.compare_layers(r, log=lines.append)
    assert whose == "TFLite Micro" and first is not None and first.op_index == BROKEN_OP and first.op == "CONV_2D"
    assert first.layer == next(k for k, layer in enumerate(b.layers) if layer.index == BROKEN_OP)
    table = lines[0].splitlines()
    assert table[0] == "per layer against TFLite Micro:" and len(table) == 2 + len(b.layers)
    assert lines[-1].startswith(f"first layer that differs: layer {first.layer} (op #{BROKEN_OP} CONV_2D")


def test_check_on_a_mismatch_names_the_layer_in_its_last_line(tmp_path, sim_tools, monkeypatch, capsys):
    """Without --layers: the mismatch rebuilds with layer dumps, exits 1, and its last line says how
    many outputs differ and which layer first."""
    _break_layer(monkeypatch, BROKEN_OP)
    code = rvfw_main(["check", "--model", str(mlperf_model("kws_dscnn")), "--out", str(tmp_path / "out")])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 1
    assert last.startswith("MISMATCH: ") and "outputs differ from TFLite Micro" in last
    assert f"(op #{BROKEN_OP} CONV_2D" in last and "--layers" in last


@pytest.mark.parametrize("model", ["example", "lstm"])
def test_layers_table_on_a_real_model(tmp_path, sim_tools, model, capsys):
    """A float-input model with QUANTIZE/DEQUANTIZE, and a stateful LSTM over three steps: every
    layer matches."""
    path = DEFAULT_MODEL if model == "example" else SHARED_MODELS / "public" / "tflm_mnist_lstm_int8.tflite"
    if not path.is_file():
        pytest.skip(f"{path} not present")
    code = rvfw_main(["check", "--layers", "--model", str(path), "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert "per layer against TFLite Micro:" in out and out.strip().endswith("every layer matches TFLite Micro")
    # the dump's cost is not reported as the inference's (issue 48: KWS "722,225,743 instructions")
    assert "instruction counts are not the inference's" in out and "instructions for one inference" not in out


def test_the_layer_dump_is_not_stopped_by_the_inference_watchdog(tmp_path, sim_tools, monkeypatch, capsys):
    """Issue 50: the dump costs about a thousand times the inference. A watchdog that the inference
    meets (--deadline) must not stop the rebuilt image that prints every layer, and the last line
    is the verdict with the layer named, not the watchdog's error."""
    _break_layer(monkeypatch, BROKEN_OP)
    code = rvfw_main(["check", "--model", str(mlperf_model("kws_dscnn")), "--deadline", "100ms",
                      "--out", str(tmp_path / "out")])  # fmt: skip
    out = capsys.readouterr().out
    last = out.strip().splitlines()[-1]
    assert code == 1 and "DEADLINE" not in out
    assert last.startswith("MISMATCH: ") and f"(op #{BROKEN_OP} CONV_2D" in last, last


def test_an_application_model_that_differs_gets_the_single_model_verdict_and_layers(
    tmp_path, sim_tools, monkeypatch, capsys
):
    """Issue 50: in `rvfw check --app`, a model whose outputs differ is reported as a single model's
    check reports it (the differing outputs, the bit-exact count), its layers are compared, and the
    last line is the MISMATCH verdict naming the first layer that differs."""
    _break_layer(monkeypatch, BROKEN_OP)
    manifest = tmp_path / "one.yaml"
    manifest.write_text(f"board: spike-rv64gcv\nmodels:\n  - {{name: kws, model: {mlperf_model('kws_dscnn')}, "
                        "priority: 0}\n")  # fmt: skip
    code = rvfw_main(["check", "--app", str(manifest), "--out", str(tmp_path / "out")])
    out = capsys.readouterr().out
    lines = out.strip().splitlines()
    assert code == 1
    assert any(line.startswith("kws: mismatch: output 0") for line in lines), out[-3000:]
    assert "kws: bit-exact: 10/12 outputs match TFLite Micro" in lines or any(
        line.startswith("kws: bit-exact: ") and "/12 outputs match TFLite Micro" in line for line in lines
    )
    assert "per layer against TFLite Micro:" in out
    assert lines[-1].startswith("MISMATCH: kws: ") and f"(op #{BROKEN_OP} CONV_2D" in lines[-1], lines[-1]


def test_layers_against_litert_where_litert_defines_the_model(tmp_path, sim_tools, monkeypatch, capsys):
    """A model only LiteRT runs (a PyTorch ViT with GELU, converter corpus): the per-layer table is
    LiteRT's reference kernels' (issue 56), every layer matches, and a broken layer is named
    against LiteRT."""
    from tests.conftest import ROOT

    path = ROOT / "tests" / "data" / "converters" / "torch_vit_int8.tflite"
    code = rvfw_main(["check", "--layers", "--model", str(path), "--out", str(tmp_path / "good")])
    out = capsys.readouterr().out
    assert code == 0, out[-2000:]
    assert "per layer against LiteRT's reference kernels:" in out
    assert out.strip().endswith("every layer matches LiteRT's reference kernels")
    _break_layer(monkeypatch, 1)  # the patch embedding's CONV_2D
    code = rvfw_main(["check", "--model", str(path), "--out", str(tmp_path / "broken")])
    last = capsys.readouterr().out.strip().splitlines()[-1]
    assert code == 1 and "the first layer that differs from LiteRT's reference kernels is layer" in last, last
    assert "CONV_2D" in last
