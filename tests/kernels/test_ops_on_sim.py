"""Each kernel on the simulator against TFLite Micro, through the single-op models of
tests/kernels/cases/, under every kernel set (CONFIGS); cases with an in-place kernel also with
--memory small, conv chains with --memory tiled."""

from __future__ import annotations

import zlib

import numpy as np
import pytest

from codegen import pipeline
from codegen.modelgen import ModelBuilder
from codegen.ops import families
from codegen.tt.space import Config
from tests.conftest import quiet
from tests.kernels.cases import CASES, fully_connected

# (board, kernel set, simulated VLEN): the scalar reference on both XLENs, the fast scalar kernels,
# and the RVV kernels at VLEN 128 and 256 and on RV32 Zve32x (ELEN 32).
CONFIGS = {
    "rv64-ref": ("spike-rv64gcv", "ref", None),
    "rv32-ref": ("spike-rv32imc", "ref", None),
    "rv32-scalar": ("spike-rv32imc", "scalar", None),
    "rv64-rvv-vlen128": ("spike-rv64gcv", "rvv", 128),
    "rv64-rvv-vlen256": ("spike-rv64gcv", "rvv", 256),
    "rv32-zve32x-vlen128": ("spike-rv32zve32x", "rvv", 128),
    "c906-xthead": ("c906", "xthead", None),  # under xuantie-qemu -cpu c906fdv
}


# The in-place kernels (--memory small) for the ops that have them: the single op's input is a
# graph input that dies there, so the planner runs it in place.
INPLACE_CONFIGS = {
    "rv64-rvv-small": ("spike-rv64gcv", "rvv", None),
    "rv32-scalar-small": ("spike-rv32imc", "scalar", None),
    "rv32-zve32x-small": ("spike-rv32zve32x", "rvv", 128),
    "c906-small": ("c906", "xthead", None),
}


def build_and_check(tmp_path, case, config, board, kernels, vlen, memory, request=None):
    if kernels == "xthead" and request is not None:
        request.getfixturevalue("xuantie_sim")
    model = tmp_path / f"{case}.tflite"
    model.write_bytes(CASES[case].build(np.random.default_rng(zlib.crc32(case.encode()))))
    seed = zlib.crc32(config.encode())
    b = pipeline.build(
        model,
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(
            seed=seed, kernels=kernels, memory=memory, for_simulator=True, steps=CASES[case].steps
        ),
        log=quiet,
    )
    result = pipeline.check(pipeline.run(b, timeout=120, log=quiet, vlen=vlen, count=False), log=quiet)
    assert result.bit_exact, result.mismatches
    return b


# The tiled stage on every kernel set: its members' calls narrowed to rows must match TFLite Micro.
TILED_CONFIGS = {**INPLACE_CONFIGS, "rv64-ref-small": ("spike-rv64gcv", "ref", None)}


@pytest.mark.parametrize("config", sorted(TILED_CONFIGS))
@pytest.mark.parametrize("case", sorted(c for c in CASES if CASES[c].tiled))
def test_tiled_stage_bit_exact(tmp_path, request, sim_tools, case, config):
    b = build_and_check(tmp_path, case, config, *TILED_CONFIGS[config], memory="tiled", request=request)
    # a stage is tiled: from the stem, or (where the arena ties and it takes fewer steps) from a
    # later layer through the step where the most bytes are live (planner.tiling)
    assert any(layer.op.startswith("TILED(") for layer in b.layers)
    if case == "stage_widening_lead":  # its output starts before its input, in the input's buffer
        stage = next(op for op in b.graph.ops if op.kind.value == "TILED_STAGE")
        lead = b.plan.inplace[stage.index].lead
        assert lead > 0 and b.plan.tensor_offsets[stage.inputs[0]] - b.plan.tensor_offsets[stage.outputs[0]] == lead


@pytest.mark.parametrize("config", sorted(INPLACE_CONFIGS))
@pytest.mark.parametrize("case", sorted(c for c in CASES if CASES[c].inplace))
def test_inplace_kernel_bit_exact(tmp_path, request, sim_tools, case, config):
    b = build_and_check(tmp_path, case, config, *INPLACE_CONFIGS[config], memory="small", request=request)
    op = b.graph.ops[0]
    if CASES[case].fused:
        assert [layer.op for layer in b.layers] == ["CONV_2D", "CONV_2D+ADD"]
        assert b.plan.tensor_offsets[b.graph.inputs[0]] == b.plan.tensor_offsets[b.graph.outputs[0]]
    elif op.kind.value != "DEPTHWISE_CONV_2D" or op.options["depth_multiplier"] == 1:
        assert b.plan.inplace, "expected the op to run in place"
        assert b.plan.tensor_offsets[op.inputs[0]] == b.plan.tensor_offsets[op.outputs[0]]


@pytest.mark.parametrize(
    ("case", "config"),
    [(c, k) for c in sorted(CASES) for k in sorted(CONFIGS) if CASES[c].configs is None or k in CASES[c].configs],
)
def test_kernel_bit_exact(tmp_path, request, sim_tools, case, config):
    board, kernels, vlen = CONFIGS[config]
    if kernels == "xthead":
        request.getfixturevalue("xuantie_sim")
    model = tmp_path / f"{case}.tflite"
    model.write_bytes(CASES[case].build(np.random.default_rng(zlib.crc32(case.encode()))))
    b = pipeline.build(
        model,
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(
            seed=zlib.crc32(config.encode()), kernels=kernels, memory="fast", for_simulator=True
        ),
        log=quiet,
    )
    # The case's vector sets run its vector kernel, unless the note names a shape that kernel does
    # not take, and only where the op variant's family has a kernel of that set at all (the rest
    # say so in their note).
    family = next((f for f in families() if b.layers and b.layers[0].kernel in f.kernels.values()), None)
    has_set = family is not None and kernels in family.kernels
    if kernels in CASES[case].vector and has_set and "(" not in b.layers[0].note:
        assert b.layers[0].kernel.endswith(f"_{kernels}"), b.layers[0].note
    result = pipeline.check(pipeline.run(b, timeout=120, log=quiet, vlen=vlen, count=False), log=quiet)
    assert result.bit_exact, result.mismatches


# The RTL boards (issue 60): their cycle-tuned kernels (two int8 products per 32-bit multiply, the
# CORE-V SIMD set) on the convolution and fully-connected cases, on the cores themselves.
RTL_CONFIGS = {"ibex-small": ("ibex-small", "scalar", None), "cv32e40p": ("cv32e40p", "scalar", None)}
RTL_CASES = sorted(c for c in CASES if c.startswith(("conv1", "conv3", "conv5", "dw", "fc_", "add_large", "maxpool")))


@pytest.mark.parametrize("config", sorted(RTL_CONFIGS))
@pytest.mark.parametrize("case", RTL_CASES)
def test_rtl_kernel_bit_exact(tmp_path, rtl_tools, case, config):
    board, kernels, vlen = RTL_CONFIGS[config]
    build_and_check(tmp_path, case, config, board, kernels, vlen, "fast")


# Tensor-Train einsum kernels: a fully-connected layer compressed with a forced configuration
# (so d = 3 exercises the middle form), checked against the numpy reference of the TT graph.
TT_CASES = {
    "tt_d2_512x256": (512, 256, "RELU", Config((16, 32), (32, 8), (1, 12, 1))),
    "tt_d3_512x512": (512, 512, "NONE", Config((8, 8, 8), (8, 8, 8), (1, 8, 12, 1))),
    "tt_d3_uneven": (360, 96, "RELU6", Config((6, 10, 6), (4, 3, 8), (1, 5, 7, 1))),
}


@pytest.mark.parametrize("config", sorted(CONFIGS))
@pytest.mark.parametrize("case", sorted(TT_CASES))
def test_tt_einsum_bit_exact(tmp_path, request, sim_tools, case, config):
    depth, units, activation, tt = TT_CASES[case]
    board, kernels, vlen = CONFIGS[config]
    if kernels == "xthead":
        request.getfixturevalue("xuantie_sim")
    model = tmp_path / f"{case}.tflite"
    model.write_bytes(fully_connected(np.random.default_rng(zlib.crc32(case.encode())), 1, depth, units, activation))
    compress = pipeline.Compression(min_params=0, forced=((0, tt),))
    b = pipeline.build(
        model,
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(kernels=kernels, memory="fast", compress=compress, for_simulator=True),
        log=quiet,
    )
    forms = [layer.op.split()[1] for layer in b.layers]
    assert forms == (["first", "middle", "last"] if tt.d == 3 else ["first", "last"])
    if kernels in ("rvv", "xthead"):
        assert all(layer.kernel == f"tt_einsum_s8_{kernels}" for layer in b.layers)
    result = pipeline.check(pipeline.run(b, timeout=120, log=quiet, vlen=vlen, count=False), log=quiet, accuracy=False)
    assert result.bit_exact, result.mismatches


# The cost model the TT pass picks configurations with (codegen.tt.compress): within 10% of the
# instructions the RVV kernels retire, for einsums and dense layers it was not fitted on.
COST_CASES = {
    **{case: (depth, units, tt) for case, (depth, units, _act, tt) in TT_CASES.items()},
    "tt_d2_384x192": (384, 192, Config((16, 24), (12, 16), (1, 10, 1))),
    "tt_d2_narrow_last": (200, 60, Config((10, 20), (12, 5), (1, 6, 1))),
}


@pytest.mark.parametrize("vlen", [128, 256])
@pytest.mark.parametrize("case", sorted(COST_CASES))
def test_tt_cost_estimate_within_ten_percent(tmp_path, sim_tools, case, vlen):
    from codegen.tt.compress import estimate_einsum, estimate_instructions_dense

    depth, units, tt = COST_CASES[case]
    model = tmp_path / f"{case}.tflite"
    model.write_bytes(fully_connected(np.random.default_rng(zlib.crc32(case.encode())), 1, depth, units))
    compress = pipeline.Compression(min_params=0, forced=((0, tt),))
    for comp, out in ((None, "dense"), (compress, "tt")):
        b = pipeline.build(
            model,
            "spike-rv64gcv",
            tmp_path / out,
            options=pipeline.BuildOptions(compress=comp, for_simulator=True),
            log=quiet,
        )
        r = pipeline.run(b, log=quiet, vlen=vlen)
        measured = r.harness.layer_instret
        if comp is None:
            estimated = [estimate_instructions_dense(depth, units, vlen)]
        else:
            estimated = [estimate_einsum(stage, vlen) for stage in tt.stages()]
        assert len(measured) == len(estimated)
        for m, e in zip(measured, estimated):
            assert abs(e - m) <= 0.10 * m, (out, measured, estimated)


@pytest.mark.parametrize("config", ["rv32-scalar", "rv32-zve32x-vlen128", "rv64-rvv-vlen128"])
def test_quantize_at_its_thresholds_bit_exact(tmp_path, sim_tools, config):
    """QUANTIZE float32 -> int8 on the floats just below and at the scalar kernel's thresholds
    (where roundf(x / scale) changes), from an --input file, against TFLite Micro (issue 32)."""
    from codegen.quant import _key_floats, quantize_s8_thresholds
    from tests.kernels.cases import quantize_float

    board, kernels, vlen = CONFIGS[config]
    model = tmp_path / "quantize.tflite"
    model.write_bytes(quantize_float())  # (3, 11), scale 0.0123, zero point -7
    table = quantize_s8_thresholds(0.0123, -7)
    keys = table[2:][100:117]
    np.save(tmp_path / "x.npy", _key_floats(np.concatenate([keys - 1, keys]))[:33].reshape(3, 11))
    b = pipeline.build(
        model,
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(kernels=kernels, inputs=tmp_path / "x.npy", for_simulator=True),
        log=quiet,
    )
    result = pipeline.check(pipeline.run(b, timeout=120, log=quiet, vlen=vlen, count=False), log=quiet)
    assert result.bit_exact, result.mismatches


@pytest.mark.parametrize("memory", ["fast", "small"])
@pytest.mark.parametrize("config", ["rv32-scalar", "rv32-zve32x-vlen128", "rv64-rvv-vlen128", "c906-xthead"])
def test_quantize_beyond_its_thresholds_bit_exact(tmp_path, request, sim_tools, config, memory):
    """QUANTIZE float32 -> int8 on inputs beyond the thresholds' table (1024 steps of the scale
    either side: they clamp, and the threshold kernels take the reference's arithmetic for them)
    mixed with inputs inside it and at its edges, in place too (--memory small); on the C906 (an
    FPU, no RVV 1.0) the scalar kernel's division and rounding conversion, overflow included."""
    from codegen.quant import QUANTIZE_TABLE_STEPS
    from tests.kernels.cases import quantize_float

    board, kernels, vlen = CONFIGS[config]
    if kernels == "xthead":
        request.getfixturevalue("xuantie_sim")
    model = tmp_path / "quantize.tflite"
    model.write_bytes(quantize_float())  # (3, 11), scale 0.0123, zero point -7
    edge = np.float32(QUANTIZE_TABLE_STEPS) * np.float32(0.0123)
    values = [1e6, -1e6, 3e38, -3e38, edge, -edge, np.nextafter(edge, np.float32(np.inf)), 0.0, -0.0, 1.5, -2.25,
              np.nextafter(-edge, np.float32(-np.inf)), 1e-40, -1e-40, 7.0, -1.6, 2e9, -2e9, 12.0, -12.0, 0.5, 40.0,
              -40.0, 0.006, -0.006, 0.00615, -0.00615, 100.0, -100.0, 1.0, -1.0, 3.3, -3.3]  # fmt: skip
    np.save(tmp_path / "x.npy", np.array(values, np.float32).reshape(3, 11))
    b = pipeline.build(
        model,
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(kernels=kernels, inputs=tmp_path / "x.npy", memory=memory, for_simulator=True),
        log=quiet,
    )
    if config == "rv32-zve32x-vlen128":  # no vector float: the thresholds' search in integer lanes
        assert b.layers[0].kernel == "quantize_thresholds_f32_s8_rvv"
    if config == "c906-xthead":
        assert b.layers[0].kernel == "quantize_rmm_f32_s8_scalar"
    assert (memory == "small") == bool(b.plan.inplace)
    result = pipeline.check(pipeline.run(b, timeout=120, log=quiet, vlen=vlen, count=False), log=quiet)
    assert result.bit_exact, result.mismatches


FLOATS = [1.7, -2.5, 3e9, -3e9, 1e20, -1e20, 300.7, -300.7, 70000.5, -70000.5, 2147483520.0, -0.0]


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.uint32])
@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_cast_float_to_integers_saturates_bit_exact(tmp_path, sim_tools, board, dtype):
    """CAST float32 -> integers out of the integer's range saturates, as TFLite Micro's does (a C
    conversion is undefined there); a constant input with NaN (which an --input file cannot carry)
    converts on the device too, to 0."""
    m = ModelBuilder()
    x = m.tensor("x", (12,), np.float32)
    nan = m.tensor("nan", (2,), np.float32, data=np.array([np.nan, 5e9], np.float32))
    y, z = m.tensor("y", (12,), dtype), m.tensor("z", (2,), dtype)
    m.op("CAST", [x], [y], 1)
    m.op("CAST", [nan], [z], 1)
    model = tmp_path / "cast.tflite"
    model.write_bytes(m.finish([x], [y, z]))
    np.save(tmp_path / "x.npy", np.array(FLOATS, np.float32))
    b = pipeline.build(
        model, board, tmp_path / "out", options=pipeline.BuildOptions(inputs=tmp_path / "x.npy"), log=quiet
    )
    result = pipeline.check(pipeline.run(b, timeout=120, log=quiet), log=quiet)
    assert result.bit_exact, result.mismatches


@pytest.mark.parametrize("config", ["rv64-rvv-vlen128", "rv32-scalar", "c906-xthead"])
def test_float_logistic_and_softmaxes_at_exp_corners_bit_exact(tmp_path, request, sim_tools, config):
    """LOGISTIC (its exp in float64 lanes on RVV and XTheadVector, the integer exp on rv32imc) on
    the corners of the host's expf: an argument where its FMA build rounds differently, the
    underflow bound, the logistic's branch points, signed zeros and a sweep; and SOFTMAX (float64
    lanes on RVV and XTheadVector, the integer exp on rv32imc) and LOG_SOFTMAX (the reference with
    a double FPU, the integer exp on rv32imc) on the same rows. From an --input file, against
    TFLite Micro."""
    from tests.kernels.cases import float_op

    board, kernels, vlen = CONFIGS[config]
    if kernels == "xthead":
        request.getfixturevalue("xuantie_sim")
    hexes = ["-0x1.f8cbb2p+5", "0x1.04845ep+5", "-0x1.9fe368p6", "-0x1.9fe366p6"]
    corners = np.array([*map(float.fromhex, hexes), -104.0, -9.0, -8.999999, 16.619047, 16.61905, 0.0, -0.0, 3.0,
                        -87.5, 1e-30], dtype=np.float32)  # fmt: skip
    sweep = np.random.default_rng(3).uniform(-110, 30, 242).astype(np.float32)
    for kind in ("LOGISTIC", "SOFTMAX", "LOG_SOFTMAX"):
        model = tmp_path / f"{kind}.tflite"
        model.write_bytes(float_op(np.random.default_rng(0), kind, (16, 16), (16, 16)))
        np.save(tmp_path / "x.npy", np.concatenate([corners, sweep]).reshape(16, 16))
        b = pipeline.build(
            model,
            board,
            tmp_path / kind,
            options=pipeline.BuildOptions(kernels=kernels, inputs=tmp_path / "x.npy", for_simulator=True),
            log=quiet,
        )
        expected = {
            ("LOGISTIC", "rvv"): "logistic_f32_rvv",
            ("LOGISTIC", "scalar"): "logistic_f32_scalar",
            ("SOFTMAX", "rvv"): "softmax_f32_rvv",
            ("SOFTMAX", "scalar"): "softmax_f32_scalar",
            ("LOG_SOFTMAX", "rvv"): "log_softmax_f32_ref",
            ("LOG_SOFTMAX", "scalar"): "log_softmax_f32_scalar",
            ("LOGISTIC", "xthead"): "logistic_f32_xthead",
            ("SOFTMAX", "xthead"): "softmax_f32_xthead",
            ("LOG_SOFTMAX", "xthead"): "log_softmax_f32_ref",
        }
        assert b.layers[0].kernel == expected[kind, kernels]
        result = pipeline.check(pipeline.run(b, timeout=120, log=quiet, vlen=vlen, count=False), log=quiet)
        assert result.bit_exact, (kind, result.mismatches)


@pytest.mark.parametrize("config", ["rv64-rvv-vlen128", "rv32-scalar", "c906-xthead"])
def test_float_hard_swish_at_its_branch_points_bit_exact(tmp_path, request, sim_tools, config):
    """HARD_SWISH float32 where its comparisons turn (x + 3 at 0 and at 6, signed zeros, the
    extremes of the finite floats, subnormals), from an --input file, against TFLite Micro: the
    RVV and XTheadVector kernels' compare-and-merge and, on rv32imc, the fast scalar kernel's
    integer compares."""
    from tests.kernels.cases import float_op

    board, kernels, vlen = CONFIGS[config]
    if kernels == "xthead":
        request.getfixturevalue("xuantie_sim")
    f = np.float32
    corners = [-3.0, np.nextafter(f(-3), f(-4)), np.nextafter(f(-3), f(0)), 3.0, np.nextafter(f(3), f(0)),
               np.nextafter(f(3), f(4)), 0.0, -0.0, 6.0, -6.0, 1e-45, -1e-45, 1e-38, -1e-38, 3.4e38, -3.4e38,
               100.0, -100.0, 0.5, -0.5]  # fmt: skip
    sweep = np.random.default_rng(5).uniform(-9, 9, 44)
    model = tmp_path / "hs.tflite"
    model.write_bytes(float_op(np.random.default_rng(0), "HARD_SWISH", (8, 8), (8, 8)))
    np.save(tmp_path / "x.npy", np.concatenate([np.array(corners, f), sweep.astype(f)]).reshape(8, 8))
    b = pipeline.build(
        model,
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(kernels=kernels, inputs=tmp_path / "x.npy", for_simulator=True),
        log=quiet,
    )
    assert b.layers[0].kernel == f"hard_swish_f32_{kernels}"
    result = pipeline.check(pipeline.run(b, timeout=120, log=quiet, vlen=vlen, count=False), log=quiet)
    assert result.bit_exact, result.mismatches


@pytest.mark.parametrize("config", ["rv64-rvv-vlen128", "rv32-zve32x-vlen128", "rv32-scalar", "c906-xthead"])
def test_float_tanh_across_its_branches_bit_exact(tmp_path, request, sim_tools, config):
    """TANH float32 (every branch of tanhf and of its expm1f computed per lane on RVV, and on the
    integer float operations of the fast scalar kernel for cores without an FPU) on 16,384
    inputs, log-uniform in magnitude from 1e-40 to 60 with both signs, and the branch points
    (1, 22, 2^-55, the expm1 reduction bounds at half the argument), against TFLite Micro."""
    from tests.kernels.cases import float_op

    board, kernels, vlen = CONFIGS[config]
    if kernels == "xthead":
        request.getfixturevalue("xuantie_sim")
    rng = np.random.default_rng(11)
    xs = np.exp(rng.uniform(np.log(1e-40), np.log(60.0), 16_384 - 64)) * rng.choice([-1.0, 1.0], 16_384 - 64)
    bounds = np.array([1.0, 22.0, 2.0**-55, 0x3EB17218, 0x3F851592, 0x33000000], dtype=np.float64)
    bounds[3:] = np.array(bounds[3:], dtype=np.uint32).view(np.float32) / 2  # expm1f's bounds, at 2|x|
    near = np.array([np.nextafter(np.float32(b), np.float32(s)) for b in bounds.astype(np.float32)
                     for s in (0, np.inf)])  # fmt: skip
    corners = np.concatenate([bounds.astype(np.float32), near, [0.0, -0.0, 39.0, 43.9, 21.99, 0.35]]).astype(np.float32)
    corners = np.concatenate([corners, -corners])
    x = np.concatenate([xs.astype(np.float32), corners, np.zeros(64 - corners.size, np.float32)]).reshape(128, 128)
    model = tmp_path / "tanh.tflite"
    model.write_bytes(float_op(rng, "TANH", (128, 128), (128, 128)))
    np.save(tmp_path / "x.npy", x)
    b = pipeline.build(
        model,
        board,
        tmp_path / "out",
        options=pipeline.BuildOptions(kernels=kernels, inputs=tmp_path / "x.npy", for_simulator=True),
        log=quiet,
    )
    assert b.layers[0].kernel == {"spike-rv64gcv": "tanh_f32_rvv", "c906": "tanh_f32_xthead"}.get(
        board, "tanh_f32_scalar"
    )
    result = pipeline.check(pipeline.run(b, timeout=300, log=quiet, vlen=vlen, count=False), log=quiet)
    assert result.bit_exact, result.mismatches


# The write checker (issue 55) over the kernel tier: every store of every kernel inside its layer's
# outputs, scratch, state or the stack, for the weighted, pooling, Signal and data-dependent cases
# on the scalar, RVV and cycle-tuned (Ibex) kernels.
WRITE_CONFIGS = {"rv32-scalar": ("spike-rv32imc", "scalar", None), "rv64-rvv-vlen128": ("spike-rv64gcv", "rvv", 128),
                 "ibex-small": ("ibex-small", "scalar", None)}  # fmt: skip
WRITE_CASES = ["conv3x3_same_perchannel_relu", "conv1x1_pointwise_odd_channels", "conv3x3_dilation2",
               "conv3x3_same_stride2_odd_pad_relu6", "conv3x3_odd_pixels_two_channels", "dw3x3_same_stride2",
               "dw3x3_tall_narrow_odd_channels", "dw3x3_same_long_rows",
               "dw3x3_same_rows_past_a_segment", "dw5x5_same_relu", "fc_3_batches",
               "fc_one_row_nine_units", "maxpool3x3_same_stride2", "avgpool3x3_same_stride2",
               "signal_framer_prefill", "signal_delay_rows", "signal_overlap_add_s16", "signal_stacker_contexts",
               "circular_buffer_every_invocation", "gather_rows_by_index", "embedding_lookup_s8",
               "f32_gelu_litert", "f32_gelu_scalar_tail_litert", "f32_gelu_tanh_litert", "f32_pow_litert",
               "conv5x4_one_channel_wide_pad", "conv3x3_wide_pads_three_channels", "dw3x3_wide_pads",
               "conv10x4_one_channel_stride2_same", "hybrid_lstm_three_batches_seven_units_litert",
               "f32_lstm_three_batches_five_units_litert", "s16_gelu_table_litert", "hybrid_fc_deep_odd_units",
               "hybrid_conv_stride2_2_batches_relu6", "hybrid_conv_1x1_stride2_odd_channels",
               "hybrid_depthwise_150_channels", "add_large_flash_tables", "f32_relu_long",
               "f32_sqrt_rsqrt_of_squares", "s16_avgpool_wide_relu6", "f32_svdf_rank3_litert"]  # fmt: skip


@pytest.mark.parametrize("config", sorted(WRITE_CONFIGS))
@pytest.mark.parametrize("case", WRITE_CASES)
def test_kernel_writes_stay_inside_their_buffers(tmp_path, sim_tools, case, config):
    board, kernels, vlen = WRITE_CONFIGS[config]
    model = tmp_path / f"{case}.tflite"
    model.write_bytes(CASES[case].build(np.random.default_rng(zlib.crc32(case.encode()))))
    b = pipeline.build(model, board, tmp_path / "out", log=quiet, options=pipeline.BuildOptions(
        seed=zlib.crc32(config.encode()), kernels=kernels, for_simulator=True, steps=CASES[case].steps))  # fmt: skip
    report = pipeline.check_writes(b, quiet, vlen)
    assert report.layer_calls == len(b.layers) * b.steps and report.stores > 0
    assert not report.stray, [str(s) for s in report.stray[:3]]
