import pytest

from codegen.boards.board import available_boards, load_board
from codegen.errors import BoardError

GOOD = """\
name: {name}
description: test board
isa: {{march: rv32imc_zicsr, link_march: rv32imc, mabi: ilp32, xlen: 32}}
vector: none
memory:
  - {{name: flash, origin: 0x80000000, length: 0x10000, access: rx, roles: [code, rodata, weights]}}
  - {{name: ram, origin: 0x80010000, length: 0x4000, access: rw, roles: [data, arena, stack]}}
pmp_entries: 8
stack_size: 0x800
console: htif
simulator: {{machine: spike, isa: rv32imc}}
flash: {{method: none}}
"""


def write(tmp_path, text, name="tiny"):
    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    return str(path)


def test_every_shipped_board_validates():
    names = available_boards()
    assert {"spike-rv64gcv", "spike-rv32imc", "c906", "gd32vf103"} <= set(names)
    for name in names:
        board = load_board(name)
        assert board.name == name
        assert board.region_for("arena").access != "rx"


def test_hex_sizes_and_roles(tmp_path):
    board = load_board(write(tmp_path, GOOD.format(name="tiny")))
    assert board.region_for("weights").origin == 0x80000000
    assert board.region_for("arena").length == 0x4000
    assert board.link_march == "rv32imc"


@pytest.mark.parametrize(
    "edit, message",
    [
        (lambda t: t + "turbo: true\n", "Additional properties are not allowed ('turbo'"),
        (lambda t: t.replace("pmp_entries: 8\n", ""), "'pmp_entries' is a required property"),
        (lambda t: t.replace("mabi: ilp32,", "mabi: ilp64,"), "isa/mabi"),
        (lambda t: t.replace("roles: [data, arena, stack]", "roles: [data, stack]"), "role 'arena'"),
        (lambda t: t.replace("access: rw", "access: rx"), "read-only"),
        (lambda t: t.replace("origin: 0x80010000", "origin: 0x80008000"), "overlap"),
        (lambda t: t.replace("name: tiny", "name: other"), "must match the file name"),
        (lambda t: t.replace("memory:", "memory: [").replace("pmp_entries", "]pmp"), "not valid YAML"),
        # Consistency the schema cannot express (issue: wrong boards were accepted).
        (lambda t: t.replace("xlen: 32", "xlen: 64"), "does not match xlen"),
        (lambda t: t.replace("march: rv32imc_zicsr", "march: rv32imcv_zicsr"), "has a vector extension"),
        (
            lambda t: t.replace("vector: none", "vector: {extension: rvv1.0, vlen: 128, elen: 64}"),
            "no vector extension",
        ),
        (lambda t: t.replace("origin: 0x80000000", "origin: 0x80000002"), "4-byte aligned"),
        (lambda t: t.replace("origin: 0x80010000, length: 0x4000", "origin: 0xfffff000, length: 0x4000"), "wraps"),
        (lambda t: t.replace("isa: rv32imc}", "isa: banana}"), "simulator/isa: 'banana' does not match"),
        (lambda t: t.replace("isa: rv32imc}", "isa: rv64imc}"), "does not run march"),
        (lambda t: t.replace("isa: rv32imc}", "isa: rv32imc, vlen: 7}"), "power of two"),
        (lambda t: t + "clint: {base: -1, hz: 10}\n", "clint"),
        (
            lambda t: t.replace("stack_size: 0x800", "stack_size: 16384.0"),
            "stack_size: 16384.0 is not of type 'integer'",
        ),
        (lambda t: t.replace("stack_size: 0x800", "stack_size: 0x801"), "multiple of 16"),
        (lambda t: t + "pmp_entries: 16\n", "duplicate key 'pmp_entries'"),
        (lambda t: t.replace("description: test board", "description: &a x\nsource: *a"), "aliases are not supported"),
        (lambda t: t + "".join(f"k{i}: 1\n" for i in range(200)), "unknown keys 'k0', 'k1', 'k2' and 197 more"),
        (
            lambda t: t.replace(
                "console: htif", "console: uart\nuart: {driver: sifive, base: 0x10013000, baud: 0, clock_hz: 16000000}"
            ),
            "cannot make 0 baud",
        ),  # fmt: skip
    ],
)
def test_malformed_board_is_one_clear_error(tmp_path, edit, message):
    with pytest.raises(BoardError) as info:
        load_board(write(tmp_path, edit(GOOD.format(name="tiny"))))
    text = str(info.value)
    assert message in text
    assert "\n" not in text and text.startswith("tiny.yaml")


def test_unknown_board_lists_the_available_ones():
    with pytest.raises(BoardError, match="available: .*spike-rv64gcv"):
        load_board("no-such-board")


def test_a_board_file_that_is_not_utf8_or_not_a_file(tmp_path):
    (tmp_path / "bin.yaml").write_bytes(b"name: bin\n\xff\xfe")
    with pytest.raises(BoardError, match="bin.yaml: not UTF-8"):
        load_board(str(tmp_path / "bin.yaml"))
    import os

    os.mkfifo(tmp_path / "fifo.yaml")
    with pytest.raises(BoardError, match="not a regular file"):
        load_board(str(tmp_path / "fifo.yaml"))
