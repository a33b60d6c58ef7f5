"""codegen.escape: every escaping function, for every byte value and the payloads of issue 28, checked
by the language's own reader (the host C compiler, CMake, a YAML parser), and the template
environment that refuses unescaped text."""

from __future__ import annotations

import json
import shutil
import subprocess

import jinja2
import pytest
import yaml

from codegen.emit import environment
from codegen.escape import (
    UnescapedText,
    c_comment,
    c_string,
    checked,
    cmake_string,
    json_string,
    kconfig_string,
    ld_pattern,
    line_comment,
    yaml_string,
)
from tests.conftest import host_cc

EVERY_BYTE = bytes(range(256)).decode("latin-1")  # code points 0-255: UTF-8 makes them 384 bytes
PAYLOADS = [
    EVERY_BYTE,
    'a"b\\c',
    "x\\\ny",
    '\\\n"; int evil; //',
    "*/ int evil; /*",
    "??/\nint evil;",
    "??=define X",
    "#include <stdio.h>",
    "${CMAKE_COMMAND};$ENV{HOME}@VAR@",
    "#[[ bracket ]]",
    "key: value\n- item",
    "$(shell rm -rf /)",
    "\u00e9\u4e2d\U0001f600",
    "",
]


def test_c_strings_and_comments_keep_every_byte_as_data(tmp_path):
    """A C program holding each payload as a string literal (and in comments, under -trigraphs)
    prints the literal's bytes: exactly the payload's UTF-8 bytes."""
    lines = ["#include <stdio.h>", "static const char *const names[] = {"]
    for k, text in enumerate(PAYLOADS):
        lines.append(f"    /* {c_comment(text)} */ {c_string(text)}, /* {k} */")
    lines += ["};", "int main(void) {", "    for (unsigned k = 0; k < sizeof names / sizeof *names; ++k) {",
              "        const unsigned char *p = (const unsigned char *)names[k];",
              '        while (*p) printf("%02x", *p++);', '        printf("\\n");', "    }",
              "    return 0;", "}"]  # fmt: skip
    src, exe = tmp_path / "names.c", tmp_path / "names"
    src.write_text("\n".join(lines) + "\n")
    proc = subprocess.run([host_cc(), "-std=c99", "-trigraphs", "-Wall", "-Werror", "-o", str(exe), str(src)],
                          capture_output=True, text=True)  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    printed = subprocess.run([str(exe)], capture_output=True, text=True, check=True).stdout.splitlines()
    # C strings end at a NUL: compare up to the first one (rvfw's names never hold NUL: the
    # flatbuffer reader stops there too).
    expected = [text.encode("utf-8").split(b"\0")[0].hex() for text in PAYLOADS]
    assert printed == expected


@pytest.mark.parametrize("text", PAYLOADS)
def test_one_line_forms_have_no_line_break_or_closer(text):
    for escaped in (c_comment(text), line_comment(text)):
        assert "\n" not in escaped and "\r" not in escaped and all(0x20 <= ord(c) < 0x7F for c in escaped)
    assert "*/" not in c_comment(text) and "/*" not in c_comment(text) and "??" not in c_comment(text)
    for quoted in (c_string(text), cmake_string(text), kconfig_string(text), yaml_string(text)):
        assert all(0x20 <= ord(c) < 0x7F for c in quoted) and quoted[0] == quoted[-1] == '"'
    assert "$(" not in kconfig_string(text).replace("\\$", "")


def test_yaml_and_json_strings_read_back_exactly():
    for text in PAYLOADS:
        assert yaml.safe_load(f"description: {yaml_string(text)}\n")["description"] == text
        assert json.loads(json_string(text)) == text


def test_cmake_strings_read_back_as_one_argument(tmp_path):
    cmake = shutil.which("cmake")
    if cmake is None:
        pytest.skip("needs cmake (make setup installs it)")
    script = tmp_path / "names.cmake"
    lines = []
    for text in PAYLOADS:
        lines += [f"set(value {cmake_string(text)})", "list(LENGTH value n)", 'message("${n}|${value}|")']
    script.write_text("\n".join(lines) + "\n")
    proc = subprocess.run([cmake, "-P", str(script)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    printed = proc.stderr.splitlines()
    assert len(printed) == len(PAYLOADS)
    for text, line in zip(PAYLOADS, printed):
        # one list element whatever the text (";" escaped), its printable characters verbatim and
        # nothing expanded (no ${...} or $ENV{...} reference ran)
        assert line.startswith("1|") or (line.startswith("0|") and text == "")
        assert "HOME" not in line or "$ENV{HOME}" in line


def test_the_environment_refuses_unescaped_text():
    env = environment()
    assert env.from_string("{{ n | c_string }}").render(n='a"b') == '"a\\"b"'
    for bad in ('a"b', "a\\b", "a\nb", "x */ y", "$x", "a;b", "??"):
        with pytest.raises(UnescapedText):
            env.from_string("/* {{ n }} */").render(n=bad)
    assert checked("rvfw_conv2d_s8_rvv") == "rvfw_conv2d_s8_rvv"
    assert checked(12) == 12
    assert isinstance(env, jinja2.Environment)


def test_linker_patterns_take_file_names_only():
    assert ld_pattern("*/obj/rvfw_add_s8_rvv.o") == "*/obj/rvfw_add_s8_rvv.o"
    with pytest.raises(UnescapedText):
        ld_pattern("*/obj/x.o) } evil = .; {")
