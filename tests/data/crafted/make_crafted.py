"""Crafted models (issue 28): the bundled example under tensor names and file names an attacker
would write, to put code of theirs into the firmware rvfw generates. Each must build bit-exact with
none of that code in the image (or be refused in one line). Regenerate with

    .venv/bin/python tests/data/crafted/make_crafted.py

PAYLOADS maps each model's file name to (the name its graph input gets, its graph output's); the
symbols a payload would define all start with `rvfw_crafted_`, so a test can look for them.
"""

from __future__ import annotations

import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parents[2]))

from codegen.example_model import build_tiny_kws  # noqa: E402

# rvfw once escaped only \\ and " in a name: a backslash, a newline and a quote then closed the C
# string (the backslash-newline splice leaves \\" : an escaped backslash, then the closing quote),
# the rest of the name was compiled, and a // at its end hid the rest of the template's line.
SPLICE = '\\\n"'
TAIL = ", 0, 0, {0}, 0.0f, 0, 0, 0}};\n"
# Code of theirs that defines a symbol.
CLOSE_STRING = SPLICE + TAIL + "int rvfw_crafted_symbol = 1;\nstatic const int rvfw_crafted_rest[] = {0 //"
# The M-mode start-up hook, replaced: the runtime calls it at boot, outside every PMP partition.
PLATFORM_INIT = (
    SPLICE + TAIL + "void rvfw_platform_init(void) { static volatile int rvfw_crafted_spin = 1; "
    "while (rvfw_crafted_spin) {} }\nstatic const int rvfw_crafted_rest[] = {0 //"
)
# The layer hook redefined to write where it likes, then (for comment positions) a comment closer
# and a trigraph splice (??/ is a backslash under -trigraphs).
LAYER_MACRO = (
    SPLICE + TAIL + "char rvfw_crafted_clobber[1];\n#undef RVFW_LAYER_BEGIN\n"
    "#define RVFW_LAYER_BEGIN(model, layer) (rvfw_crafted_clobber[0] = 1)\n"
    "static const int rvfw_crafted_rest[] = {0 // */ ??/"
)
# Every byte value once (not valid UTF-8: the frontend reads U+FFFD for the high half).
ALL_BYTES = bytes(range(256))
# Build-system syntax: CMake variable references and list separators, YAML, a #[[ comment.
BUILD_SYNTAX = '${CMAKE_COMMAND} -E rm -rf /";\n#[[ x ]] message(FATAL_ERROR rvfw_crafted)\nkey: "v"'

PAYLOADS: dict[str, tuple[str | bytes, str | bytes]] = {
    "close_string.tflite": (CLOSE_STRING, "probabilities"),
    "platform_init.tflite": ("input", PLATFORM_INIT),
    "layer_macro.tflite": (LAYER_MACRO, "probabilities"),
    "all_bytes.tflite": (ALL_BYTES, ALL_BYTES[::-1]),
    "build_syntax.tflite": (BUILD_SYNTAX, BUILD_SYNTAX + " out"),
}
# A file name (the generated files' banner comment, the export's README, CMake and Kconfig text):
# a quote, a newline, a trigraph (??= is #), Kconfig and CMake references; no / in a file name.
HOSTILE_FILE = 'm*"\n??= int rvfw_crafted_file; $(x) ${y};.tflite'


def crafted(input_name: str | bytes, output_name: str | bytes) -> bytes:
    names = {"input": input_name, "probabilities": output_name}
    return build_tiny_kws(lambda name: names.get(name, name))


def main() -> int:
    for file, (inp, out) in PAYLOADS.items():
        (HERE / file).write_bytes(crafted(inp, out))
        print(f"wrote {file}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
