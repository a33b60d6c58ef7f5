"""Image check: the start-up code must not read gp before it loads it.

A linker relaxes `la x, sym` into `addi x, gp, off` when sym lies within 2 KiB of
__global_pointer$; before gp holds that value, such an instruction computes garbage (small images
trapped at boot that way). start.S is assembled without relaxation; this check proves it on the
linked image, from `_start` to the first instruction that writes gp."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

from codegen.build.elfinfo import symbol_address
from codegen.errors import ToolError, install_hint

OBJDUMP = "riscv64-unknown-elf-objdump"
_INSN = re.compile(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$")
# Instructions that can load gp, as objdump -M no-aliases names them.
_GP_WRITERS = ("auipc", "lui", "addi", "c.lui", "c.li", "c.mv")
_LIMIT = 64  # gp is set within the first few instructions; past this the check gives up looking


def startup_listing(elf: Path) -> list[tuple[str, str, list[str]]]:
    """(address, mnemonic, operands) of the instructions from _start, in order."""
    objdump = shutil.which(OBJDUMP)
    if objdump is None:
        raise ToolError(f"{OBJDUMP} not found: {install_hint(debian='binutils-riscv64-unknown-elf')}")
    start = symbol_address(elf, "_start")
    if start is None:
        raise ToolError(f"{elf.name}: no _start symbol")
    proc = subprocess.run(
        [objdump, "-d", "--no-show-raw-insn", "-M", "no-aliases", f"--start-address=0x{start:x}",
         f"--stop-address=0x{start + 4 * _LIMIT:x}", str(elf)],
        capture_output=True,
        text=True,
    )  # fmt: skip
    if proc.returncode != 0:
        raise ToolError(f"{OBJDUMP} failed on {elf.name}: {proc.stderr.strip()[:200]}")
    listing = []
    for line in proc.stdout.splitlines():
        match = _INSN.match(line)
        if not match:
            continue
        address, mnemonic, rest = match.groups()
        operands = [t for t in re.split(r"[,()\s]+", rest.split("#", 1)[0].split("<", 1)[0]) if t]
        listing.append((address, mnemonic, operands))
        if len(listing) >= _LIMIT:
            break
    return listing


def check_gp_set_before_use(elf: Path) -> None:
    """Fail when an instruction before gp is loaded names gp (a relaxed, gp-relative address)."""
    for address, mnemonic, operands in startup_listing(elf):
        if not operands or "gp" not in operands:
            continue
        writes_gp = operands[0] == "gp" and mnemonic in _GP_WRITERS and "gp" not in operands[1:]
        if writes_gp:
            return
        raise ToolError(
            f"{elf.name}: the start-up code uses gp before setting it at 0x{address} "
            f"({mnemonic} {','.join(operands)}): a relaxed address; assemble start-up code with .option norelax"
        )
    raise ToolError(f"{elf.name}: the start-up code does not set gp in its first {_LIMIT} instructions")
