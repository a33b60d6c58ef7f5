"""Generated C compiles: model.c for every kernel set and memory mode through the host compiler
(`gcc -fsyntax-only`, no cross toolchain needed), and the in-place scratch sizes of the C side
equal their Python mirror."""

from __future__ import annotations

import dataclasses
import itertools
import shutil
import subprocess

import pytest

from codegen import emit
from codegen.boards import load_board
from codegen.frontend import load_tflite
from codegen.ops import conv2d, depthwise_conv2d, lower_graph
from codegen.ops.conv_common import Geometry, padding_before
from codegen.paths import DEFAULT_MODEL, FIRMWARE_DIR
from codegen.pipeline import plan_option
from tests.conftest import mlperf_model

HOST_CC = shutil.which("gcc") or shutil.which("cc")
needs_cc = pytest.mark.skipif(HOST_CC is None, reason="needs a host C compiler (Debian package gcc)")


@needs_cc
@pytest.mark.parametrize("kernel_set", ["ref", "scalar", "rvv", "xthead"])
@pytest.mark.parametrize("model,mode", [("example", "fast"), ("kws_dscnn", "small"), ("vww_mobilenet", "tiled"),
                                        ("ic_resnet8", "small")])  # fmt: skip
def test_model_c_compiles_for_every_kernel_set(tmp_path, kernel_set, model, mode):
    graph = load_tflite(DEFAULT_MODEL if model == "example" else mlperf_model(model))
    board = load_board("spike-rv64gcv")
    planned = plan_option(graph, board, "best", mode)
    layers, constants = lower_graph(planned.graph, planned.plan, kernel_set)
    for name, text in emit.render_model(planned.graph, board, planned.plan, layers, constants).items():
        (tmp_path / name).write_text(text)
    cmd = [HOST_CC, "-fsyntax-only", "-std=c11", "-Wall", "-Werror", "-DRVFW_PROFILE", f"-I{FIRMWARE_DIR / 'include'}",
           f"-I{tmp_path}", str(tmp_path / f"{planned.graph.name}.c")]  # fmt: skip
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[:2000]


def test_identical_parameter_structs_are_emitted_once():
    """KWS's four depthwise and four pointwise layers have the same shapes and quantisation: three
    conv structs in all, each call pointing at its group's."""
    graph = load_tflite(mlperf_model("kws_dscnn"))
    board = load_board("spike-rv32imc")
    planned = plan_option(graph, board, "best", "fast")
    layers, constants = lower_graph(planned.graph, planned.plan, "scalar")
    text = emit.render_model(planned.graph, board, planned.plan, layers, constants)[f"{graph.name}.c"]
    assert text.count("static const rvfw_conv_params ") == 3
    assert text.count(f"(&{graph.name}_layer1,") == 4 and text.count(f"(&{graph.name}_layer2,") == 4


SCRATCH_PROGRAM = r"""
#include <stdio.h>
#include "rvfw_inplace_rows.h"
#include "rvfw_kernels.h"
int main(void)
{
    for (int c = 1; c <= 300; c += 37)
        printf("conv %d %d\n", c, (int)rvfw_conv2d_1x1_inplace_scratch_size(c));
    int g[15];
    while (scanf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d", &g[0], &g[1], &g[2], &g[3], &g[4], &g[5], &g[6],
                 &g[7], &g[8], &g[9], &g[10], &g[11], &g[12], &g[13], &g[14]) == 15) {
        rvfw_conv_params p = {0};
        p.batches = g[0], p.in_h = g[1], p.in_w = g[2], p.in_c = g[3], p.out_h = g[4], p.out_w = g[5];
        p.out_c = g[6], p.k_h = g[7], p.k_w = g[8], p.stride_h = g[9], p.stride_w = g[10];
        p.dilation_h = g[11], p.dilation_w = g[12], p.pad_h = g[13], p.pad_w = g[14];
        printf("depthwise %d\n", (int)rvfw_depthwise_conv2d_inplace_scratch_size(&p));
    }
    return 0;
}
"""


def _depthwise_geometries() -> list[Geometry]:
    """SAME and VALID, strides 1-2, dilations 1-2, kernels 1-5 tall, one and two batches."""
    out = []
    for batches, h, w, c, k, stride, dilation, padding in itertools.product(
        (1, 2), (1, 7, 25), (5, 12), (3, 64), (1, 3, 5), (1, 2), (1, 2), ("SAME", "VALID")
    ):
        span = (k - 1) * dilation + 1
        if padding == "VALID" and (span > h or span > w):
            continue
        out_h = -(-h // stride) if padding == "SAME" else (h - span) // stride + 1
        out_w = -(-w // stride) if padding == "SAME" else (w - span) // stride + 1
        pad_h = padding_before(stride, dilation, h, k, out_h) if padding == "SAME" else 0
        pad_w = padding_before(stride, dilation, w, k, out_w) if padding == "SAME" else 0
        out.append(Geometry(batches, h, w, c, out_h, out_w, c, k, k, stride, stride, dilation, dilation, pad_h, pad_w))
    return out


@needs_cc
def test_inplace_scratch_sizes_agree_between_c_and_python(tmp_path):
    (tmp_path / "scratch.c").write_text(SCRATCH_PROGRAM)
    exe = tmp_path / "scratch"
    build = [HOST_CC, f"-I{FIRMWARE_DIR / 'include'}", str(tmp_path / "scratch.c"), "-o", str(exe)]
    subprocess.run(build, check=True, capture_output=True)
    geometries = [g for g in _depthwise_geometries() if depthwise_conv2d.inplace_lag(g) is not None]
    stdin = "".join(" ".join(str(v) for v in dataclasses.astuple(g)) + "\n" for g in geometries)
    lines = subprocess.run([str(exe)], input=stdin, check=True, capture_output=True, text=True).stdout.split("\n")
    conv_sizes = [line.split() for line in lines if line.startswith("conv")]
    assert [conv2d.scratch_1x1_inplace(int(c)) for _, c, _ in conv_sizes] == [int(n) for _, _, n in conv_sizes]
    dw_sizes = [int(line.split()[1]) for line in lines if line.startswith("depthwise")]
    assert dw_sizes == [depthwise_conv2d.scratch_inplace(g) for g in geometries]
    assert len(conv_sizes) == 9 and len(dw_sizes) > 200
    # One row held back for a 3x3 stride-1 SAME layer, none for stride 2: a sliver of the tensor.
    kws = Geometry(1, 25, 5, 64, 25, 5, 64, 3, 3, 1, 1, 1, 1, 1, 1)
    assert depthwise_conv2d.inplace_lag(kws) == 1 and depthwise_conv2d.scratch_inplace(kws) == 2 * 5 * 64
    strided = Geometry(1, 24, 24, 32, 12, 12, 32, 3, 3, 2, 2, 1, 1, 0, 0)
    assert depthwise_conv2d.inplace_lag(strided) == 0


def test_bool_values_are_c_numbers():
    """numpy's bools are Python's True and False, which are not C: a bool constant, input or
    expected output is written 1 or 0 (issue 46)."""
    import numpy as np

    from codegen.emit.render import value_lines

    assert value_lines(np.array([True, False, True])) == ["1, 0, 1,"]
