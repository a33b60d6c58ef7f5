"""What the build and the runners read from a linked ELF's symbol table."""

from __future__ import annotations

from pathlib import Path

from elftools.elf.elffile import ELFFile


def symbol_address(elf: Path, name: str) -> int | None:
    """The address of a symbol, or None when the image does not define it."""
    with open(elf, "rb") as fh:
        symtab = ELFFile(fh).get_section_by_name(".symtab")
        symbols = symtab.get_symbol_by_name(name) if symtab else None
    return symbols[0]["st_value"] if symbols else None
