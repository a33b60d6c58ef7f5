"""Flashable images beside the ELF, in the format the board names (bin, ihex, ESP32-C3 direct boot)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from codegen.boards.board import Board
from codegen.errors import ToolError, install_hint

OBJCOPY = "riscv64-unknown-elf-objcopy"
SUFFIX = {"bin": ".bin", "ihex": ".hex", "esp32-direct": ".bin"}
ESP32_DIRECT_BOOT_MAGIC = bytes.fromhex("1d04dbae1d04dbae")  # 0xaedb041d twice, little-endian


def write_image(elf: Path, board: Board) -> Path | None:
    """Write the flashable image next to the ELF; None when the board flashes the ELF itself."""
    if board.image_format == "elf":
        return None
    objcopy = shutil.which(OBJCOPY)
    if objcopy is None:
        raise ToolError(f"{OBJCOPY} not found: {install_hint(debian='binutils-riscv64-unknown-elf')}")
    out = elf.with_suffix(SUFFIX[board.image_format])
    fmt = "ihex" if board.image_format == "ihex" else "binary"
    # Only what lives in flash: no NOLOAD sections (bss, arena, stack), no debug info.
    cmd = [objcopy, "-O", fmt, "--strip-debug", "-R", ".bss", "-R", ".arena", "-R", ".stack", "-R", ".tohost"]
    proc = subprocess.run([*cmd, str(elf), str(out)], capture_output=True, text=True)
    if proc.returncode != 0:
        raise ToolError(f"objcopy failed: {proc.stderr.strip()[:200]}")
    if board.image_format == "esp32-direct" and out.read_bytes()[:8] != ESP32_DIRECT_BOOT_MAGIC:
        raise ToolError(f"{out.name}: no direct-boot magic at offset 0 (linker script)")
    return out
