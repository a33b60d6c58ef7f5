"""`import rvfw`: rvfw's Python API (codegen.api). Installed as the `rvfw` package (setup.py maps
the name to this folder), so the API has one home and one set of classes."""

from codegen import __version__
from codegen.api import (
    BuildOptions,
    CheckResult,
    Compiled,
    LayerInfo,
    RegionSize,
    RunResult,
    Sizes,
    compile,
)
from codegen.errors import RvfwError

__all__ = ["BuildOptions", "CheckResult", "Compiled", "LayerInfo", "RegionSize", "RunResult", "RvfwError", "Sizes",
           "__version__", "compile"]  # fmt: skip
