"""The kernel registry: every family's kernels exist, pick() falls back explicitly, and a layer
that runs a reference kernel on a board with a faster set always says so."""

from __future__ import annotations

import re

import numpy as np
import pytest

from codegen.boards import load_board
from codegen.build import toolchain
from codegen.frontend import load_tflite
from codegen.ops import Layer, cold_kernels, families, lower_graph
from codegen.ops.kernels import SETS, Family, Need, lanes, pick
from codegen.paths import DEFAULT_MODEL, FIRMWARE_DIR, kernel_source
from codegen.pipeline import plan_option
from tests.conftest import MLPERF_MODELS, mlperf_model

FAST_SETS = ("scalar", "rvv", "xthead")


def test_every_family_kernel_has_its_file_and_declaration():
    header = (FIRMWARE_DIR / "include" / "rvfw_kernels.h").read_text()
    for fam in families():
        for kernel in fam.kernels.values():
            assert kernel_source(kernel).is_file(), kernel
            assert re.search(rf"\brvfw_{kernel}\(", header), f"rvfw_{kernel} not declared"
            assert re.search(rf"\brvfw_{kernel}\(", kernel_source(kernel).read_text())


def test_pick_falls_back_vector_then_scalar_then_ref_and_says_so():
    fam = Family("OP", "rvfw_x_params", {"ref": "op_ref", "scalar": "op_scalar"})
    assert pick(fam, "scalar").kernel == "op_scalar" and not pick(fam, "scalar").note
    chosen = pick(fam, "rvv")
    assert chosen.kernel == "op_scalar" and chosen.note == "no RVV kernel for OP: fast scalar"
    needy = fam.requiring({"scalar": Need("depth_multiplier", (1,), "depth multiplier {value}")})
    chosen = pick(needy, "scalar", {"depth_multiplier": 2})
    assert chosen.kernel == "op_ref" and chosen.note == "no fast scalar kernel for OP (depth multiplier 2): reference"
    assert pick(needy, "scalar", {"depth_multiplier": 1}).kernel == "op_scalar"
    assert pick(fam, "ref").kernel == "op_ref" and not pick(fam, "ref").note


def test_a_kernel_needing_vector_lanes_is_passed_over_where_the_board_lacks_them():
    fam = Family("OP", "rvfw_x_params", {"ref": "op_ref", "scalar": "op_scalar", "rvv": "op_rvv"},
                 needs={"rvv": (lanes("f32"), Need("run", minimum=4, why="runs of {value}"))})  # fmt: skip
    assert pick(fam, "rvv", {"f32": True, "run": 8}).kernel == "op_rvv"
    chosen = pick(fam, "rvv", {"run": 2})
    assert chosen.kernel == "op_scalar"
    assert chosen.note == "no RVV kernel for OP (no float32 in the vector unit; runs of 2): fast scalar"


def test_no_lowering_names_a_kernel_set():
    """Issue 49: kernel choice is data (each family's kernels and what they need, ops.kernels.Need);
    no function in ops/, planner/, passes/ or emit/ decides by a kernel set's name. Allowed: a
    default argument, and a family's own reference kernel looked up by its set (FAMILY.kernels["ref"])."""
    import ast

    from tests.conftest import ROOT

    found = []
    for folder in ("ops", "planner", "passes", "emit"):
        for path in sorted((ROOT / "codegen" / folder).rglob("*.py")):
            if path.name == "kernels.py":  # the registry itself
                continue
            tree = ast.parse(path.read_text())
            for fn in (n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))):
                defaults = {id(sub) for d in [*fn.args.defaults, *fn.args.kw_defaults] if d is not None
                            for sub in ast.walk(d)}  # fmt: skip
                lookups = {id(n.slice) for n in ast.walk(fn) if isinstance(n, ast.Subscript)
                           and isinstance(n.value, ast.Attribute) and n.value.attr == "kernels"}  # fmt: skip
                for node in ast.walk(fn):
                    if (isinstance(node, ast.Constant) and node.value in SETS and id(node) not in defaults
                            and id(node) not in lookups):  # fmt: skip
                        found.append(f"{path.relative_to(ROOT)}:{node.lineno} {fn.name}: {node.value!r}")
    assert not found, found


def _models():
    return [("example", DEFAULT_MODEL), *((n, None) for n in MLPERF_MODELS)]


@pytest.mark.parametrize("mode", ["fast", "small", "tiled"])
@pytest.mark.parametrize("name,path", _models())
def test_every_ref_layer_outside_the_ref_set_carries_a_note(name, path, mode):
    graph = load_tflite(path or mlperf_model(name))
    planned = plan_option(graph, load_board("spike-rv64gcv"), "best", mode)
    for kernel_set in FAST_SETS:
        layers, _ = lower_graph(planned.graph, planned.plan, kernel_set)
        for layer in layers:
            if any(k.endswith("_ref") for k in layer.kernels):
                assert layer.note, f"{name} {mode} {kernel_set}: layer op #{layer.index} {layer.kernels} has no note"
    layers, _ = lower_graph(planned.graph, planned.plan, "ref")
    assert all(k.endswith("_ref") for layer in layers for k in layer.kernels)
    assert not any(layer.note and "kernel" in layer.note for layer in layers)  # the ref set has nothing to note


def test_kernels_with_a_sliver_of_the_work_are_the_cold_ones():
    """KWS: the FULLY_CONNECTED (768 of 2.66 M MACs) and SOFTMAX kernels are compiled for size;
    the convolutions and the pooling (0.3% of the work: reads its whole input) are not."""
    graph = load_tflite(mlperf_model("kws_dscnn"))
    planned = plan_option(graph, load_board("spike-rv32imc"), "best", "fast")
    layers, _ = lower_graph(planned.graph, planned.plan, "scalar")
    assert cold_kernels([layers]) == {"fully_connected_s8_scalar", "softmax_s8_scalar"}
    # A kernel hot in one model of an app is hot: its speed shows there.
    fc = Layer(0, "FULLY_CONNECTED", "fully_connected_s8_scalar", "", [], [], macs=10**6, work=10**6)
    assert cold_kernels([layers, [fc]]) == {"softmax_s8_scalar"}


def test_runtime_harness_and_cold_kernels_are_the_sources_built_for_size():
    board = load_board("spike-rv32imc")
    names = toolchain.size_sources(board, {"softmax_s8_ref"}, [FIRMWARE_DIR / "runtime" / "clint.c"], ("main.c",))
    assert {"start.S", "crt.c", "trap.c", "console.c", "htif.c", "clint.c", "main.c", "softmax_s8_ref.c"} <= names
    sources = toolchain.firmware_sources(board, {"conv2d_s8_scalar", "softmax_s8_ref"})
    kernels = {p.name for p in sources if p.parent.name == "kernels"}
    assert names & kernels == {"softmax_s8_ref.c"}


def test_resize_bilinear_rows_past_the_gather_offsets_fall_back_and_say_so(tmp_path):
    """The RVV RESIZE_BILINEAR kernels gather through 16-bit offsets: an input row of more than
    64 KiB runs the next set's kernel (int8: the fast scalar one; float32 with an FPU: the
    reference), with the reason in the note."""
    from tests.kernels.cases import movement

    for dtype, width, kernel in (
        (np.int8, 1100, "resize_bilinear_s8_scalar"),
        (np.float32, 300, "resize_bilinear_f32_ref"),
    ):  # rows of 70,400 and 76,800 bytes
        model = tmp_path / "resize.tflite"
        model.write_bytes(movement("RESIZE_BILINEAR", (1, 2, width, 64), [(1, 3, width, 64)], [[3, width]], dtype))
        planned = plan_option(load_tflite(model), load_board("spike-rv64gcv"), "best", "fast")
        (layer,), _ = lower_graph(planned.graph, planned.plan, "rvv")
        assert layer.kernel == kernel and "(an input row over 64 KiB)" in layer.note


def test_transpose_conv_with_more_taps_per_pixel_than_the_scalar_kernel_lists_runs_the_reference(tmp_path):
    from tests.kernels.cases import transpose_conv

    model = tmp_path / "tconv.tflite"
    model.write_bytes(transpose_conv(np.random.default_rng(0), 3, 3, 2, 3, (9, 9), (1, 1)))  # 81 taps reach a pixel
    planned = plan_option(load_tflite(model), load_board("spike-rv64gcv"), "best", "fast")
    (layer,), _ = lower_graph(planned.graph, planned.plan, "scalar")
    assert layer.kernel == "transpose_conv_s8_ref" and "(81 taps reach an output pixel, over 64)" in layer.note
    (layer,), _ = lower_graph(planned.graph, planned.plan, "rvv")  # the RVV kernel walks the taps without a list
    assert layer.kernel == "transpose_conv_s8_rvv" and not layer.note


def test_ic_three_by_three_layers_take_the_row_kernels_int16_form():
    """IC's 16-channel 32x32 3x3 layers fill the row kernel's lanes and their weights allow runs
    of about five taps inside int16: the row kernel with its run table (0.44 -> 0.39 est.
    cycles/MAC); its first layer (3 input channels, runs within one pixel) keeps the channel kernel."""
    planned = plan_option(load_tflite(mlperf_model("ic_resnet8")), load_board("spike-rv64gcv"), "best", "fast")
    layers, _ = lower_graph(planned.graph, planned.plan, "rvv")
    with_runs = [k for k, layer in enumerate(layers) if any("pair_chunks" in (a.name or "") for a in layer.args)]
    assert with_runs == [1, 2] and all(layers[k].kernel == "conv2d_rows_s8_rvv" for k in with_runs)
    assert layers[0].kernel == "conv2d_s8_rvv"
