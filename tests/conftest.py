"""Shared test fixtures: where the models are, and whether the simulator tier can run here."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SHARED_MODELS = ROOT.parent / "shared" / "models"
MLPERF_MODELS = ["kws_dscnn", "vww_mobilenet", "ic_resnet8", "ad_autoencoder"]
SIM_BOARDS = ["spike-rv64gcv", "spike-rv32imc", "spike-rv32zve32x"]


def mlperf_model(name: str) -> Path:
    path = SHARED_MODELS / f"{name}_int8.tflite"
    if not path.is_file():
        pytest.skip(f"{path} not present (MLPerf Tiny models live in ../shared/models)")
    return path


def _missing_tools() -> list[str]:
    tools = ["riscv64-unknown-elf-gcc"]
    if not shutil.which("spike"):
        tools += ["qemu-system-riscv64", "qemu-system-riscv32"]
    return [t for t in tools if not shutil.which(t)]


@pytest.fixture
def sim_tools() -> None:
    """Simulator-tier tests need the real cross compiler and simulator; CI must have them."""
    missing = _missing_tools()
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI is missing {', '.join(missing)}: .ci/run must install them (make setup)")
        pytest.skip(f"needs {', '.join(missing)} (run `make setup`)")


@pytest.fixture
def xuantie_sim(sim_tools) -> None:
    """XTheadVector images run under xuantie-qemu (PyPI, installed by `make setup`); CI must have it."""
    from codegen.sim import xuantie_qemu

    if xuantie_qemu() is None:
        if os.environ.get("CI"):
            pytest.fail("CI is missing xuantie-qemu: .ci/run must install it (make setup)")
        pytest.skip("needs xuantie-qemu (PyPI) to run C906 XTheadVector images: run `make setup`")


def quiet(_msg: str) -> None:
    pass
