"""The sizes the planner gives kernels and the C constants the kernels size their work by (issue 57:
copied by hand, so tied here): each Python mirror against the #define in rvfw_kernels.h, and the
CORE-V convolution's column scratch (whole-word rows) against the spare scratch the plan gives."""

from __future__ import annotations

import re

import pytest

from codegen.ops import conv2d
from codegen.paths import FIRMWARE_DIR

HEADER = (FIRMWARE_DIR / "include" / "rvfw_kernels.h").read_text()


def define(name: str) -> str:
    match = re.search(rf"^#define {name}(\([a-z]\))? (.+?)\s*(/\*.*)?$", HEADER, re.MULTILINE)
    assert match, f"{name} is not #defined in rvfw_kernels.h"
    return match.group(2)


@pytest.mark.parametrize(("name", "value"), [
    ("RVFW_CONV_IM2COL_PIXELS", conv2d.IM2COL_PIXELS),
    ("RVFW_CONV_RVV_COLUMNS", conv2d.RVV_COLUMNS),
    ("RVFW_CONV_ROWS_I16_MAX_KW", conv2d.I16_MAX_KW),
    ("RVFW_CONV2D_1X1_INPLACE_SCRATCH_PIXELS", conv2d.PIXEL_BLOCK),
])  # fmt: skip
def test_each_python_mirror_is_the_headers_constant(name, value):
    assert int(define(name)) == value


def test_the_plans_column_scratch_holds_the_core_v_kernels_columns():
    """RVFW_CONV_XCV_COLUMNS(n) (the macro's C text evaluated: it is Python too) never exceeds the
    spare scratch conv2d.spare_scratch gives a filter of n taps, for every n up to 4,608."""
    row, pixels = define("RVFW_CONV_XCV_ROW"), int(define("RVFW_CONV_IM2COL_PIXELS"))
    for n in range(1, 4609):
        columns = pixels * eval(row.replace("(n)", f"({n})"))  # noqa: S307 - the header's own arithmetic
        assert columns <= conv2d.column_scratch(n), n
