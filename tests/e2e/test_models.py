"""Whole models on the simulator, bit for bit against TFLite Micro."""

from __future__ import annotations

import numpy as np
import pytest

from codegen import pipeline
from codegen.paths import DEFAULT_BOARD, DEFAULT_MODEL
from tests.conftest import MLPERF_MODELS, ROOT, SIM_BOARDS, mlperf_model, quiet

# TFLite Micro reference kernels on RISC-V, instructions per inference (ANCHORS.md):
# our scalar kernels must not be slower.
TFLM_RV32IMC_INSTRUCTIONS = {"kws_dscnn": 44_312_223, "vww_mobilenet": 109_942_173,
                             "ic_resnet8": 125_522_030, "ad_autoencoder": 2_480_535}  # fmt: skip


def run_under_both(b: pipeline.Build) -> pipeline.Run:
    """The agreement tier: the same image under Spike and under QEMU gives the same outputs and the
    same per-layer and total instruction counts (one-model images have no ecall to count apart)."""
    spike = pipeline.run(b, timeout=600, log=quiet, sim="spike")
    qemu = pipeline.run(b, timeout=600, log=quiet, sim="qemu")
    assert spike.sim.runner == "spike" and qemu.sim.runner == "qemu"
    assert all(np.array_equal(a, b) for a, b in zip(spike.harness.outputs, qemu.harness.outputs))
    assert spike.harness.layer_instret == qemu.harness.layer_instret
    assert spike.harness.total_instret == qemu.harness.total_instret
    return spike


@pytest.mark.parametrize("board", SIM_BOARDS)
@pytest.mark.parametrize("name", MLPERF_MODELS)
def test_mlperf_model_bit_exact(tmp_path, both_simulators, name, board):
    b = pipeline.build(mlperf_model(name), board, tmp_path / "out", options=pipeline.BuildOptions(seed=7), log=quiet)
    r = run_under_both(b)
    result = pipeline.check(r, log=quiet)
    assert result.bit_exact, result.mismatches
    assert len(r.harness.layer_instret) == len(b.layers)
    assert sum(r.harness.layer_instret) <= r.harness.total_instret
    if b.board.vector_kernels:  # a regression guard well above the measured 0.2-0.6
        assert r.harness.total_instret < 1.0 * sum(layer.macs for layer in b.layers)
    else:
        assert r.harness.total_instret < TFLM_RV32IMC_INSTRUCTIONS[name] * 1.02


@pytest.mark.parametrize("board", SIM_BOARDS)
def test_example_model_bit_exact_under_both_simulators(tmp_path, both_simulators, board):
    b = pipeline.build(DEFAULT_MODEL, board, tmp_path / "out", log=quiet)
    result = pipeline.check(run_under_both(b), log=quiet)
    assert result.bit_exact and result.total == 4


def test_user_npy_input(tmp_path, sim_tools):
    x = np.linspace(-1, 1, 490, dtype=np.float32).reshape(1, 49, 10, 1)
    np.save(tmp_path / "x.npy", x)
    b = pipeline.build(
        DEFAULT_MODEL,
        DEFAULT_BOARD,
        tmp_path / "out",
        options=pipeline.BuildOptions(inputs=tmp_path / "x.npy"),
        log=quiet,
    )
    assert np.array_equal(b.inputs[0], x)
    assert pipeline.check(pipeline.run(b, log=quiet), log=quiet).bit_exact


# --memory small: arena bytes at most the targets of the arena issue (TFLM activations: 16,000 /
# 73,728 / 49,152 / 768); measured 8,640 / 46,080 / 33,280 / 768.
SMALL_ARENA_AT_MOST = {"kws_dscnn": 9_216, "vww_mobilenet": 55_296, "ic_resnet8": 36_864, "ad_autoencoder": 768}


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
@pytest.mark.parametrize("name", MLPERF_MODELS)
def test_mlperf_model_in_place_bit_exact(tmp_path, sim_tools, name, board):
    b = pipeline.build(
        mlperf_model(name), board, tmp_path / "out", options=pipeline.BuildOptions(seed=3, memory="small"), log=quiet
    )
    assert b.plan.arena_size <= SMALL_ARENA_AT_MOST[name]
    assert pipeline.check(pipeline.run(b, timeout=600, log=quiet), log=quiet).bit_exact


def short_of_ram(tmp_path, ram_bytes: int) -> str:
    """spike-rv32imc with only ram_bytes of RAM and a 2 KiB stack, as a board file path."""
    board = (ROOT / "boards" / "spike-rv32imc.yaml").read_text()
    board = board.replace("name: spike-rv32imc", "name: short").replace("stack_size: 0x2000", "stack_size: 0x800")
    board = board.replace("length: 0x01000000, access: rw", f"length: {ram_bytes:#x}, access: rw")
    (tmp_path / "short.yaml").write_text(board)
    return str(tmp_path / "short.yaml")


def test_auto_memory_turns_on_in_place_when_ram_is_short(tmp_path, sim_tools):
    messages = []
    b = pipeline.build(mlperf_model("kws_dscnn"), short_of_ram(tmp_path, 0x5000), tmp_path / "out", log=messages.append)
    assert any("running ops in place" in m for m in messages)
    assert b.plan.inplace and b.plan.arena_size <= 9_216
    assert pipeline.check(pipeline.run(b, log=quiet), log=quiet).bit_exact


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_vww_tiled_is_bit_exact_below_31488(tmp_path, sim_tools, board):
    b = pipeline.build(
        mlperf_model("vww_mobilenet"),
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(seed=5, memory="tiled"),
        log=quiet,
    )
    assert b.plan.arena_size <= 31_488
    assert b.layers[0].op.startswith("TILED(")
    assert pipeline.check(pipeline.run(b, timeout=600, log=quiet), log=quiet).bit_exact


def test_auto_memory_tiles_when_in_place_is_not_enough(tmp_path, sim_tools):
    messages = []
    # 52 KiB: the small plan (46,080 B) does not fit beside the data, the page-aligned HTIF
    # mailbox and the stack; tiled bands do.
    board = short_of_ram(tmp_path, 0xD000)
    b = pipeline.build(mlperf_model("vww_mobilenet"), board, tmp_path / "out", log=messages.append)
    assert any("tiling the first layers" in m for m in messages)
    assert b.plan.arena_size <= 0xD000 - 0x800 - 2 * 4096
    assert pipeline.check(pipeline.run(b, log=quiet), log=quiet).bit_exact


def _two_input_model(path):
    from codegen.modelgen import ModelBuilder

    m = ModelBuilder()
    a = m.tensor("left", (1, 3, 4), scale=0.05, zero_point=2)
    b = m.tensor("right", (1, 3, 4), scale=0.03, zero_point=-1, calibrated=(-0.5, 0.5))
    y = m.tensor("sum", (1, 3, 4), scale=0.08, zero_point=0)
    m.op("ADD", [a, b], [y])
    path.write_bytes(m.finish([a, b], [y]))
    return path


@pytest.mark.parametrize("form", ["npy_per_input", "npz_by_name", "npz_in_order"])
def test_inputs_of_a_two_input_model(tmp_path, sim_tools, form):
    model = _two_input_model(tmp_path / "two.tflite")
    left = np.arange(12, dtype=np.int8).reshape(1, 3, 4)
    right = (-np.arange(12, dtype=np.int8)).reshape(1, 3, 4)
    if form == "npy_per_input":
        np.save(tmp_path / "l.npy", left)
        np.save(tmp_path / "r.npy", right)
        files = [tmp_path / "l.npy", tmp_path / "r.npy"]
    elif form == "npz_by_name":
        np.savez(tmp_path / "in.npz", right=right, left=left)
        files = [tmp_path / "in.npz"]
    else:
        np.savez(tmp_path / "in.npz", left, right)
        files = [tmp_path / "in.npz"]
    b = pipeline.build(model, DEFAULT_BOARD, tmp_path / "out", options=pipeline.BuildOptions(inputs=files), log=quiet)
    assert np.array_equal(b.inputs[0], left) and np.array_equal(b.inputs[1], right)
    assert pipeline.check(pipeline.run(b, log=quiet), log=quiet).bit_exact


def test_random_inputs_respect_the_calibrated_range(tmp_path):
    from codegen.check.golden import make_inputs
    from codegen.frontend import load_tflite

    graph = load_tflite(_two_input_model(tmp_path / "two.tflite"))
    left, right = make_inputs(graph, seed=3)
    assert left.min() < -100 and left.max() > 100  # no range recorded: all of int8
    # right: [-0.5, 0.5] at scale 0.03, zero point -1 -> [-18, 16]
    assert right.min() >= -18 and right.max() <= 16 and right.max() - right.min() > 20


@pytest.mark.parametrize(
    "name, board",
    [("ad_autoencoder", "spike-rv64gcv"), ("ad_autoencoder", "spike-rv32imc"), ("ic_resnet8", "spike-rv64gcv"),
     ("ic_resnet8", "spike-rv32imc"), ("vww_mobilenet", "spike-rv64gcv")],
)  # fmt: skip
def test_float_mlperf_model_bit_exact(tmp_path, sim_tools, name, board):
    """float32 models: hardware F/D and the float RVV kernels on rv64gcv, soft-float on rv32imc."""
    model = mlperf_model(name).with_name(f"{name}_float.tflite")
    b = pipeline.build(model, board, tmp_path / "out", options=pipeline.BuildOptions(seed=7), log=quiet)
    result = pipeline.check(pipeline.run(b, timeout=600, log=quiet), log=quiet)
    assert result.bit_exact, result.mismatches
    # the float32 RVV kernels on rv64gcv; on rv32imc the fast scalar weighted layers, elementwise
    # arithmetic and max pooling and, with no double-precision FPU, SOFTMAX's integer exp; the
    # reference for the rest
    vector = {"CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "ADD", "SUB", "MUL", "MEAN", "MAX_POOL_2D",
              "AVERAGE_POOL_2D", "SOFTMAX"}  # fmt: skip
    scalar = {"CONV_2D", "DEPTHWISE_CONV_2D", "FULLY_CONNECTED", "ADD", "SUB", "MUL", "MAX_POOL_2D", "SOFTMAX"}
    fast, suffix = (vector, "_f32_rvv") if board == "spike-rv64gcv" else (scalar, "_f32_scalar")
    for layer in b.layers:
        if layer.op != "RESHAPE":
            want = suffix if layer.op in fast and "(" not in layer.note else "_f32_ref"
            assert layer.kernel.endswith(want), (layer.op, layer.kernel, layer.note)


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_mlperf_float_kws_a_hybrid_model_is_bit_exact_against_litert(tmp_path, sim_tools, board):
    """MLPerf Tiny's float KWS is a hybrid model (float32 activations, per-tensor int8 CONV_2D
    weights): TFLite Micro refuses it, LiteRT's hybrid kernels define it (ops.hybrid)."""
    hybrid = mlperf_model("kws_dscnn").with_name("kws_dscnn_float.tflite")
    b = pipeline.build(hybrid, board, tmp_path / "o", options=pipeline.BuildOptions(seed=5), log=quiet)
    fast = "rvv" if board == "spike-rv64gcv" else "scalar"  # the set's own int8 sums (rvfw_hybrid_dots.h)
    assert [layer.kernel for layer in b.layers if layer.op == "CONV_2D"] == [f"conv2d_hybrid_symmetric_f32_{fast}"] * 5
    lines: list[str] = []
    assert pipeline.check(pipeline.run(b, timeout=600, log=quiet), log=lines.append).bit_exact
    assert lines[-1].endswith("match LiteRT's reference kernels (TFLite Micro has no hybrid CONV_2D "
                              "(float32 activations, int8 weights))")  # fmt: skip
