"""One escaping function per output language (issue 28): the only way a string that came from a
stranger (a model's tensor, op, subgraph, signature or metadata names, its file name, a manifest's
model names, board fields, input file names) reaches a file rvfw generates.

Every function takes any str (any code point; bytes are decoded by the caller) and returns an
`Escaped`: text that, placed where the function's name says, is read back by that language as
data, never as code. Each is correct for every byte 0-255 (encoded as UTF-8 first) and for every
code point: what is not plain printable ASCII is spelled out in an escape of the language (C and
assembly strings keep the bytes exactly), or, where the language has none (comments, CMake, Kconfig),
written as the visible text \\xNN.

The template environment (emit.render) refuses, by `checked`, any other string that could end a
literal or a comment in C, assembly, a linker script, CMake, Kconfig, YAML or JSON: a template that
forgets the filter fails the build instead of writing the name through.
"""

from __future__ import annotations

import json
import re


class Escaped(str):
    """Text an escaping function made safe for its language (templates print it as it is)."""


def _utf8(text: str) -> bytes:
    return str(text).encode("utf-8", "surrogateescape")


def c_string(text: str) -> Escaped:
    """A C string literal, quotes included, that holds exactly the UTF-8 bytes of text: printable
    ASCII as itself except \\, " and ? (trigraphs: ??/ would splice the line), every other byte a
    three-digit octal escape (never hex: a hex escape swallows the digits after it)."""
    out = []
    for byte in _utf8(text):
        ch = chr(byte)
        if ch in '\\"?':
            out.append("\\" + ch)
        elif 0x20 <= byte < 0x7F:
            out.append(ch)
        else:
            out.append(f"\\{byte:03o}")
    return Escaped('"' + "".join(out) + '"')


# GNU as reads the same escapes in .ascii/.string as C does (octal \ooo, \\, \"): one function.
asm_string = c_string


def _visible(text: str, keep: str = "") -> str:
    """Printable ASCII as itself (and the characters in keep), every other byte as the text \\xNN."""
    out = []
    for byte in _utf8(text):
        ch = chr(byte)
        out.append(ch if 0x20 <= byte < 0x7F or ch in keep else f"\\x{byte:02x}")
    return "".join(out)


def c_comment(text: str) -> Escaped:
    """Text for inside a /* ... */ comment of C, assembly or a linker script: one line (no byte
    below 0x20, so no newline and no backslash-newline splice), no */ to close it, no /* to nest,
    no ??/ trigraph."""
    visible = _visible(text)
    for bad, good in (("*/", "*\\/"), ("/*", "/\\*"), ("??", "?\\?")):
        while bad in visible:
            visible = visible.replace(bad, good)
    return Escaped(visible)


# A linker script's comments are C comments.
ld_comment = c_comment

_LD_PATTERN = re.compile(r"[A-Za-z0-9_.*:/]+")


def ld_pattern(text: str) -> Escaped:
    """An input-file pattern of a linker script (`*/obj/rvfw_add_s8_rvv.o`, `*libc.a:*`), built by
    rvfw from names it derived itself: only file-name characters and wildcards pass, anything else
    is a bug of ours (it never carries a stranger's text)."""
    if _LD_PATTERN.fullmatch(text) is None:
        raise UnescapedText(text)
    return Escaped(text)


def line_comment(text: str) -> Escaped:
    """Text for a #-comment of CMake, Kconfig or YAML: one line, every control byte as \\xNN (a
    newline would end the comment). CMake also reads #[[ as a bracket comment: spelled apart."""
    return Escaped(_visible(text).replace("#[", "#\\["))


def cmake_string(text: str) -> Escaped:
    """A quoted CMake argument, quotes included: \\, " and $ (variable references ${...}, $ENV{...})
    escaped, @ too (configure_file's @VAR@), ; as \\; (a list separator), control bytes as \\xNN."""
    body = []
    for ch in _visible(text):
        body.append("\\" + ch if ch in '\\"$@;' else ch)
    return Escaped('"' + "".join(body) + '"')


def kconfig_string(text: str) -> Escaped:
    """A Kconfig string (a prompt), quotes included: \\ and " escaped, and $ too (Kconfig expands
    $(...) macros inside strings); control bytes as the text \\xNN."""
    body = []
    for ch in _visible(text):
        body.append("\\" + ch if ch in '\\"$' else ch)
    return Escaped('"' + "".join(body) + '"')


def json_string(text: str) -> Escaped:
    """A JSON string, quotes included, ASCII only (every other code point a \\u escape)."""
    return Escaped(json.dumps(str(text), ensure_ascii=True))


def yaml_string(text: str) -> Escaped:
    """A YAML double-quoted scalar, quotes included: JSON's escapes for quotes, backslashes and
    control characters, and every non-ASCII code point as \\uXXXX or \\UXXXXXXXX (YAML reads no
    surrogate pairs, so the astral planes take the 8-digit form)."""
    body = json.dumps(str(text), ensure_ascii=False)[1:-1]
    out = []
    for ch in body:
        code = ord(ch)
        out.append(ch if code < 0x7F else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return Escaped('"' + "".join(out) + '"')


def terminal_text(text: str) -> Escaped:
    """Text for a terminal, a log or plan.txt: every code point that is not printable (ESC and the
    other controls, so no escape sequence, OSC-52 clipboard write or line erase; newlines; bidi
    overrides and other format characters) written as the visible text \\xNN, \\uNNNN or
    \\UNNNNNNNN."""
    out = []
    for ch in str(text):
        code = ord(ch)
        if ch.isprintable():
            out.append(ch)
        else:
            out.append(f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}")
    return Escaped("".join(out))


def xml_text(text: str) -> Escaped:
    """Text for XML, SVG or HTML, as element content or a quoted attribute value: &, <, >, " and '
    as entities, and what terminal_text spells out (XML 1.0 forbids most control characters)
    written as visible text, so a name cannot close a <title> and open a <script>."""
    visible = terminal_text(text)
    return Escaped(
        visible.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace('"', "&quot;")
        .replace("'", "&#39;")
    )


# What a template may print without an escaping function: text that cannot end a C or assembly
# literal or comment, a linker-script or CMake argument, a Kconfig or YAML string. Identifiers,
# numbers, C expressions and literals rvfw writes itself pass; a name with a quote, a backslash,
# a control byte, $, ;, ?, a comment opener or closer does not.
_SAFE = re.compile(r"[A-Za-z0-9_ .,:+\-=<>()\[\]{}|&!%^~*/#']*")
_NEVER = ("*/", "/*", "//", "#[")


def checked(value: object) -> object:
    """The template environment's finalize: every value a template prints passes here."""
    if isinstance(value, Escaped) or not isinstance(value, str):
        return value
    if _SAFE.fullmatch(value) is None or any(bad in value for bad in _NEVER):
        raise UnescapedText(value)
    return value


class UnescapedText(Exception):
    """A template printed a string that did not go through its language's escaping function: a
    bug in rvfw (the build stops before anything is written)."""

    def __init__(self, value: str):
        super().__init__(f"unescaped text in a generated file: {value[:60]!r}")


def rendered(text: str) -> Escaped:
    """A macro's output printed by another template line: the macro's own text and the values it
    printed, each of which already passed `checked` (or an escaping function) inside it."""
    return Escaped(text)


FILTERS = {
    "rendered": rendered,
    "c_string": c_string,
    "asm_string": asm_string,
    "c_comment": c_comment,
    "ld_comment": ld_comment,
    "line_comment": line_comment,
    "cmake_string": cmake_string,
    "kconfig_string": kconfig_string,
    "yaml_string": yaml_string,
    "json_string": json_string,
}
