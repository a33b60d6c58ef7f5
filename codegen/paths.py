"""Where the project's data lives: a source checkout's own folders, or in an installed wheel the
copies it carries in codegen/_data (setup.py puts them there); and where outputs go."""

import os
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
_CHECKOUT = PACKAGE_DIR.parent
# A checkout: pyproject.toml and boards/ beside codegen/ (an editable install is one too).
IN_CHECKOUT = (_CHECKOUT / "pyproject.toml").is_file() and (_CHECKOUT / "boards" / "schema.yaml").is_file()
ROOT = _CHECKOUT if IN_CHECKOUT else PACKAGE_DIR / "_data"  # boards, templates, firmware, examples, apps
BOARDS_DIR = ROOT / "boards"
TEMPLATES_DIR = ROOT / "templates"
FIRMWARE_DIR = ROOT / "firmware"
KERNELS_DIR = FIRMWARE_DIR / "kernels"
# Kernel variants made from templates/kernels/ by codegen.emit.kernelgen (never edited by hand)
GENERATED_KERNELS_DIR = KERNELS_DIR / "generated"
EXAMPLES_DIR = ROOT / "examples"
APPS_DIR = ROOT / "apps"
LICENSE_FILE = ROOT / "LICENSE"
DEFAULT_MODEL = EXAMPLES_DIR / "tiny_kws.tflite"
DEFAULT_BOARD = "spike-rv64gcv"
# Default outputs and caches: the checkout's build/; installed, ./build where rvfw runs ($RVFW_BUILD_DIR).
BUILD_DIR = Path(os.environ.get("RVFW_BUILD_DIR") or (_CHECKOUT / "build" if IN_CHECKOUT else Path.cwd() / "build"))
# What rvfw keeps between runs (compiled objects, measured models, the boards' last runs): the
# checkout's build/; installed, the user's cache folder ($RVFW_CACHE_DIR, $XDG_CACHE_HOME/rvfw),
# never the folder it runs in (a command given --out writes nothing else there).
_USER_CACHE = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "rvfw"
CACHE_DIR = Path(os.environ.get("RVFW_CACHE_DIR") or (_CHECKOUT / "build" if IN_CHECKOUT else _USER_CACHE))


def kernel_source(kernel: str) -> Path:
    """The C file of a kernel (a file stem such as conv2d_s8_rvv): a generated variant's, else the
    hand-written one's."""
    generated = GENERATED_KERNELS_DIR / f"{kernel}.c"
    return generated if generated.is_file() else KERNELS_DIR / f"{kernel}.c"
