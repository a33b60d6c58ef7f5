"""The arena plot leaves room for its text (issue 58: MobileNetV2's "1,505,280" and the title were
cut off): each panel's left margin holds the arena's size, the width holds the title."""

from __future__ import annotations

import re

from codegen.memplan import MemoryPlan
from codegen.report.plot import CHAR_WIDTH, svg


class _Graph:
    source = "a_rather_long_model_file_name_from_a_converter_int8.tflite"


def _plan(arena: int) -> MemoryPlan:
    return MemoryPlan("test", 16, [], [], arena, arena, {})


def test_labels_fit_inside_the_drawing():
    text = svg(_Graph(), [("fast plan", _plan(1_505_280)), ("tiled plan", _plan(256_032))])
    width = int(re.search(r'<svg [^>]*width="(\d+)"', text).group(1))
    for x, label in re.findall(r'<text x="([\d.]+)" y="[\d.]+" font-size="11" text-anchor="end">([^<]+)</text>', text):
        assert float(x) - CHAR_WIDTH * len(label) >= 0, label  # right-aligned: it ends at x
    for x, label in re.findall(r'<text x="([\d.]+)" y="[\d.]+" font-size="1[23]">([^<]+)</text>', text):
        assert float(x) + CHAR_WIDTH * len(label) <= width, label
