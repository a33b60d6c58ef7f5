"""The pipeline runs top to bottom: the model is parsed once, each memory option planned at most
once, the memory mode chosen before anything is emitted, and the firmware linked once."""

from __future__ import annotations

from codegen import pipeline
from codegen.build import toolchain
from codegen.errors import BudgetError
from codegen.pipeline import loading, memory
from tests.conftest import mlperf_model


def count_calls(monkeypatch, module, name: str) -> list:
    calls: list = []
    real = getattr(module, name)

    def counting(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counting)
    return calls


def test_kws_on_hifive1_parses_once_plans_twice_and_links_once(tmp_path, sim_tools, monkeypatch):
    # fast does not fit the 16 KiB DTIM, so auto must pick small: decided from the plans.
    links = count_calls(monkeypatch, toolchain, "link")
    parses = count_calls(monkeypatch, loading, "load_tflite")
    plans = count_calls(monkeypatch, memory, "plan_option")
    messages: list[str] = []
    b = pipeline.build(mlperf_model("kws_dscnn"), "hifive1-revb", tmp_path / "out", log=messages.append)
    assert b.memory == "small" and b.plan.inplace
    assert len(links) == 1
    assert len(parses) == 1
    assert [call[3] for call in plans] == ["fast", "small"]
    assert any("running ops in place" in m for m in messages)


def test_a_build_that_does_not_fit_plans_each_option_once(tmp_path, sim_tools, monkeypatch):
    # VWW on the GD32VF103 (32 KiB SRAM, 128 KiB flash): no option fits; the table comes from the plans.
    plans = count_calls(monkeypatch, memory, "plan_option")
    parses = count_calls(monkeypatch, loading, "load_tflite")
    messages: list[str] = []
    try:
        pipeline.build(mlperf_model("vww_mobilenet"), "gd32vf103", tmp_path / "out", log=messages.append)
    except BudgetError:
        pass
    else:
        raise AssertionError("VWW cannot fit the GD32VF103")
    assert len(parses) == 1
    assert sorted(call[3] for call in plans) == ["fast", "small", "tiled"]
    assert any(m.startswith("what it needs:") for m in messages)
