"""What the build and the runners read from a linked ELF's symbol table."""

from __future__ import annotations

from pathlib import Path

from elftools.common.exceptions import ELFError
from elftools.elf.elffile import ELFFile


def symbol_address(elf: Path, name: str) -> int | None:
    """The address of a symbol, or None when the image does not define it (or is no ELF at all:
    the tool that runs it then says so in its own words)."""
    try:
        with open(elf, "rb") as fh:
            symtab = ELFFile(fh).get_section_by_name(".symtab")
            symbols = symtab.get_symbol_by_name(name) if symtab else None
    except ELFError:
        return None
    return symbols[0]["st_value"] if symbols else None


def function_range(elf: Path, name: str) -> tuple[int, int] | None:
    """[start, end) of a function symbol, or None."""
    with open(elf, "rb") as fh:
        symtab = ELFFile(fh).get_section_by_name(".symtab")
        symbols = symtab.get_symbol_by_name(name) if symtab else None
    if not symbols:
        return None
    start = symbols[0]["st_value"]
    return start, start + symbols[0]["st_size"]


def entry_point(elf: Path) -> int:
    with open(elf, "rb") as fh:
        return ELFFile(fh).header["e_entry"]


def lowest_load_address(elf: Path) -> int:
    """Where objcopy's binary image starts: the lowest load address of a segment with file bytes."""
    with open(elf, "rb") as fh:
        loads = [s["p_paddr"] for s in ELFFile(fh).iter_segments() if s["p_type"] == "PT_LOAD" and s["p_filesz"]]
    return min(loads)


def symbol_size(elf: Path, name: str) -> int | None:
    with open(elf, "rb") as fh:
        symtab = ELFFile(fh).get_section_by_name(".symtab")
        symbols = symtab.get_symbol_by_name(name) if symtab else None
    return symbols[0]["st_size"] if symbols else None


def patch_symbols(elf: Path, values: dict[str, bytes]) -> None:
    """Write new bytes over initialised data symbols of a linked ELF, in place: each symbol's bytes
    where its section holds them in the file (whatever address the section loads from). Each value
    must fill its symbol exactly: a size that differs is refused, never written past the symbol."""
    with open(elf, "r+b") as fh:
        image = ELFFile(fh)
        symtab = image.get_section_by_name(".symtab")
        offsets = {}
        for name, data in values.items():
            symbols = symtab.get_symbol_by_name(name) if symtab else None
            if not symbols:
                raise ValueError(f"{elf.name}: no symbol {name}")
            symbol = symbols[0]
            if symbol["st_size"] != len(data):
                raise ValueError(f"{elf.name}: {name} holds {symbol['st_size']} bytes, not {len(data)}")
            if not isinstance(symbol["st_shndx"], int):  # SHN_ABS, SHN_COMMON: no bytes of its own
                raise ValueError(f"{elf.name}: {name} has no bytes in the file ({symbol['st_shndx']})")
            section = image.get_section(symbol["st_shndx"])
            if section["sh_type"] == "SHT_NOBITS":
                raise ValueError(f"{elf.name}: {name} has no bytes in the file ({section.name})")
            start = symbol["st_value"] - section["sh_addr"]
            if not 0 <= start <= section["sh_size"] - len(data):
                raise ValueError(f"{elf.name}: {name} lies outside its section {section.name}")
            offsets[name] = section["sh_offset"] + start
        for name, offset in offsets.items():
            fh.seek(offset)
            fh.write(values[name])
