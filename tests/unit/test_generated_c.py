"""Generated C compiles: model.c for every kernel set and memory mode through the host compiler
(`gcc -fsyntax-only`, no cross toolchain needed), and the in-place scratch sizes of the C side
equal their Python mirror."""

from __future__ import annotations

import shutil
import subprocess

import pytest

from codegen import emit
from codegen.boards import load_board
from codegen.frontend import load_tflite
from codegen.ops import conv2d, depthwise_conv2d, lower_graph
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


SCRATCH_PROGRAM = r"""
#include <stdio.h>
#include "rvfw_kernels.h"
int main(void)
{
    for (int c = 1; c <= 300; c += 37)
        printf("conv %d %d\n", c, (int)rvfw_conv2d_1x1_inplace_scratch_size(c));
    for (int h = 1; h <= 64; h += 9)
        printf("depthwise %d %d %d\n", h, h + 3, (int)rvfw_depthwise_conv2d_inplace_scratch_size(h, h + 3));
    return 0;
}
"""


@needs_cc
def test_inplace_scratch_sizes_agree_between_c_and_python(tmp_path):
    (tmp_path / "scratch.c").write_text(SCRATCH_PROGRAM)
    exe = tmp_path / "scratch"
    build = [HOST_CC, f"-I{FIRMWARE_DIR / 'include'}", str(tmp_path / "scratch.c"), "-o", str(exe)]
    subprocess.run(build, check=True, capture_output=True)
    lines = subprocess.run([str(exe)], check=True, capture_output=True, text=True).stdout.split("\n")
    checked = 0
    for words in (line.split() for line in lines if line):
        if words[0] == "conv":
            assert conv2d.scratch_1x1_inplace(int(words[1])) == int(words[2])
        else:
            assert depthwise_conv2d.scratch_inplace(int(words[1]), int(words[2])) == int(words[3])
        checked += 1
    assert checked == 17  # 9 channel counts, 8 plane sizes
