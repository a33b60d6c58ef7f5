"""A model of a board QEMU lacks, on Unicorn (PyPI `unicorn`: QEMU's CPU core as a library).

It runs the very flash image `rvfw build` writes, as the chip boots it: the image's bytes at the
board's boot address (`simulator.boot.image_at`), the core started at `boot.entry`, the memory
regions of the board file and their other views (the ESP32-C3's data-bus window on its flash, its
instruction-bus window on its SRAM, the GD32VF103's boot alias of flash) backed by the same bytes,
and the device registers the image touches (`simulator.peripherals`). Nothing else is mapped: any
other access stops the run with its address and the pc, as a bus fault on the board would stop
the image (or worse). Flash is read-only and executable; SRAM is not executable unless a view says
so. CSRs the core lacks (`simulator.csrs.absent`) raise an illegal-instruction trap into the
image's own handler, as on the chip; the board's own instruction counter (`counter`) counts every
instruction the model runs.

Outputs come from the UART's transmit register, parsed like the board's serial port."""

from __future__ import annotations

import ctypes
import hashlib
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from codegen.boards.board import MODEL_PAGE, Board
from codegen.errors import RvfwError, ToolError, install_hint

EXIT_LINE = re.compile(rb"RVFW-EXIT (-?\d+)\r?\n")
ILLEGAL_INSTRUCTION = 2  # mcause
CSR_OPCODE = 0x73


class BoardModelFault(RvfwError):
    """The image touched an address or a CSR the board does not have."""


@dataclass
class _Device:
    name: str
    base: int
    size: int
    kind: str
    tx: int | None = None
    status: int | None = None
    ready: int = 0
    words: dict[int, int] = field(default_factory=dict)
    mirrors: tuple = ()  # (register, from bits, to bits): `to` reads as `from` of the same register


@dataclass
class ModelRun:
    console: str
    exit_code: int
    instructions: int
    image_sha256: str


def _unicorn():
    try:
        import unicorn
        from unicorn import riscv_const
    except ImportError:
        raise ToolError(f"unicorn not installed: {install_hint(pypi='unicorn')}") from None
    return unicorn, riscv_const


def image_for(elf: Path, board: Board) -> Path:
    """The flash image `rvfw build` wrote beside the ELF."""
    from codegen.build.image import SUFFIX

    image = elf.with_suffix(SUFFIX.get(board.image_format, ".bin"))
    if board.image_format not in SUFFIX or not image.is_file():
        raise RvfwError(f"board {board.name}: no flash image beside {elf.name} (the board model runs the "
                        f"image, format {board.image_format})")  # fmt: skip
    return image


class BoardModel:
    def __init__(self, board: Board, image: bytes) -> None:
        self.board = board
        self.sim = board.simulator
        uc_mod, rc = _unicorn()
        self.uc_mod, self.rc = uc_mod, rc
        mode = uc_mod.UC_MODE_RISCV32 if board.xlen == 32 else uc_mod.UC_MODE_RISCV64
        self.uc = uc_mod.Uc(uc_mod.UC_ARCH_RISCV, mode)
        self.console = bytearray()
        self.fault: str | None = None
        self.exit_code: int | None = None
        self.instructions = 0
        self._block_sizes: dict[tuple[int, int], int] = {}
        self._buffers: dict[str, ctypes.Array] = {}
        self._map_memory()
        self._load(image)
        self._map_devices()
        self._hook_csrs()
        self.uc.hook_add(uc_mod.UC_HOOK_BLOCK, self._on_block)
        self.uc.hook_add(uc_mod.UC_HOOK_MEM_UNMAPPED, self._on_unmapped)
        self.uc.hook_add(uc_mod.UC_HOOK_MEM_PROT, self._on_protected)

    # --- memory -----------------------------------------------------------------------------
    def _perms(self, access: str, executable: bool) -> int:
        u = self.uc_mod
        perms = u.UC_PROT_READ
        if "w" in access:
            perms |= u.UC_PROT_WRITE
        if executable:
            perms |= u.UC_PROT_EXEC
        return perms

    def _map_memory(self) -> None:
        """Each region's bytes once (ctypes buffers), mapped at the region and at its views."""
        views = {r.name: [] for r in self.board.regions}
        for view in self.sim.get("views", []):
            views[view["of"]].append(view)
        for region in self.board.regions:
            if region.mirror_of is not None:
                continue
            buf = (ctypes.c_ubyte * region.length)()
            self._buffers[region.name] = buf
            self.uc.mem_map_ptr(region.origin, region.length, self._perms(region.access, "x" in region.access), buf)
        for region in self.board.regions:  # a mirror region (the ESP32-C3's data bus on flash): read-only data
            if region.mirror_of is not None:
                buf = self._buffers[region.mirror_of]
                self.uc.mem_map_ptr(region.origin, min(region.length, len(buf)), self._perms("r", False), buf)
        for region in self.board.regions:
            for view in views[region.name]:
                buf = self._buffers[region.mirror_of or region.name]
                length = view.get("length", region.length)
                # another bus's view of the same memory: executable (an instruction bus or a boot alias)
                self.uc.mem_map_ptr(view["origin"], length, self._perms(region.access, True), buf)

    def _load(self, image: bytes) -> None:
        at = self.sim["boot"]["image_at"]
        for region in self.board.regions:
            if region.mirror_of is None and region.origin <= at < region.origin + region.length:
                offset = at - region.origin
                if offset + len(image) > region.length:
                    raise RvfwError(f"the image ({len(image):,} bytes) does not fit region '{region.name}' "
                                    f"from {at:#x}")  # fmt: skip
                ctypes.memmove(ctypes.addressof(self._buffers[region.name]) + offset, image, len(image))
                return
        raise RvfwError(f"board {self.board.name}: boot.image_at {at:#x} is in no memory region the image can be in")

    # --- devices ----------------------------------------------------------------------------
    def _map_devices(self) -> None:
        self.devices = [
            _Device(
                d["name"],
                d["base"],
                d["size"],
                d["kind"],
                d.get("tx"),
                d.get("status"),
                d.get("ready", 0),
                mirrors=tuple((m["register"], m["from"], m["to"]) for m in d.get("mirrors", ())),
            )
            for d in self.sim.get("peripherals", [])
        ]
        pages = sorted({page for d in self.devices
                        for page in range(d.base // MODEL_PAGE * MODEL_PAGE, d.base + d.size, MODEL_PAGE)})  # fmt: skip
        for page in pages:
            self.uc.mmio_map(page, MODEL_PAGE, self._read, page, self._write, page)

    def _device(self, address: int) -> _Device | None:
        return next((d for d in self.devices if d.base <= address < d.base + d.size), None)

    def _read(self, uc, offset: int, size: int, page: int) -> int:
        address = page + offset
        dev = self._device(address)
        if dev is None:
            self._stop(f"read of {address:#x} (no device there in the board model)")
            return 0
        reg = address - dev.base
        if dev.kind == "uart" and reg == dev.status:
            return dev.ready
        word = dev.words.get(reg & ~3, 0)
        for register, source, target in dev.mirrors:  # a ready flag that follows its enable, at once
            if register == reg & ~3:
                shift = (target & -target).bit_length() - (source & -source).bit_length()
                follows = (word & source) << shift if shift >= 0 else (word & source) >> -shift
                word = (word & ~target) | (follows & target)
        return word >> (8 * (reg & 3)) & ((1 << (8 * size)) - 1)

    def _write(self, uc, offset: int, size: int, value: int, page: int) -> None:
        address = page + offset
        dev = self._device(address)
        if dev is None:
            self._stop(f"write of {value:#x} to {address:#x} (no device there in the board model)")
            return
        reg = address - dev.base
        if dev.kind == "uart" and reg == dev.tx:
            self.console.append(value & 0xFF)
            if value & 0xFF == 0x0A:
                match = EXIT_LINE.search(self.console[-64:])
                if match:
                    self.exit_code = int(match.group(1))
                    uc.emu_stop()
            return
        shift = 8 * (reg & 3)
        mask = ((1 << (8 * size)) - 1) << shift
        old = dev.words.get(reg & ~3, 0)
        dev.words[reg & ~3] = (old & ~mask) | ((value << shift) & mask)

    # --- CSRs -------------------------------------------------------------------------------
    def _hook_csrs(self) -> None:
        """A code hook on each CSR instruction that names an absent CSR or a counter. The candidates
        come from every halfword of the executable memory: a hook at an address that is not an
        instruction's start never fires (the pc never lands there). Counters read the model's exact
        count of instructions run (Unicorn's own mcycle/minstret read the host's clock)."""
        absent = [tuple(r) for r in self.sim.get("csrs", {}).get("absent", [])]
        counter = self.board.counter
        if counter:
            self._csr_roles = {counter["csr"]: "low", **{w["csr"]: "setup" for w in counter["setup"]}}
        else:
            self._csr_roles = {0xB00: "low", 0xB02: "low", 0xC00: "low", 0xC02: "low"}
            if self.board.xlen == 32:
                self._csr_roles.update({0xB80: "high", 0xB82: "high", 0xC80: "high", 0xC82: "high"})
        for region in self.board.regions:
            if "x" not in region.access or region.mirror_of is not None:
                continue
            data = bytes(self._buffers[region.name])
            used = len(data.rstrip(b"\0"))
            for offset in range(0, max(used - 3, 0), 2):
                word = int.from_bytes(data[offset : offset + 4], "little")
                if word & 0x7F != CSR_OPCODE or (word >> 12) & 7 in (0, 4):
                    continue
                csr = word >> 20
                role = "absent" if any(lo <= csr <= hi for lo, hi in absent) else self._csr_roles.get(csr)
                if role is None:
                    continue
                for base in [region.origin, *self._view_origins(region.name)]:
                    self.uc.hook_add(self.uc_mod.UC_HOOK_CODE, self._on_csr, (word, role), base + offset, base + offset)

    def _view_origins(self, name: str) -> list[int]:
        return [v["origin"] for v in self.sim.get("views", []) if v["of"] == name]

    def _on_csr(self, uc, address: int, size: int, data: tuple[int, str]) -> None:
        word, role = data
        rc = self.rc
        if role == "absent":  # the chip has no such CSR: an illegal instruction, taken by the image's handler
            uc.reg_write(rc.UC_RISCV_REG_MEPC, address)
            uc.reg_write(rc.UC_RISCV_REG_MCAUSE, ILLEGAL_INSTRUCTION)
            uc.reg_write(rc.UC_RISCV_REG_MTVAL, word)
            uc.reg_write(rc.UC_RISCV_REG_PC, uc.reg_read(rc.UC_RISCV_REG_MTVEC) & ~3)
            return
        # A counter reads the instructions run so far (this block counted whole, up to this one: a
        # hooked instruction ends its block); writes to counters and their setup are accepted and
        # change nothing (the model always counts instructions).
        rd = (word >> 7) & 31
        if rd and role != "setup":
            value = self.instructions >> (32 if role == "high" else 0)
            uc.reg_write(rc.UC_RISCV_REG_X0 + rd, value & ((1 << self.board.xlen) - 1))
        elif rd:
            uc.reg_write(rc.UC_RISCV_REG_X0 + rd, 0)
        uc.reg_write(rc.UC_RISCV_REG_PC, address + 4)

    # --- counting and faults ----------------------------------------------------------------
    def _on_block(self, uc, address: int, size: int, _data) -> None:
        key = (address, size)
        count = self._block_sizes.get(key)
        if count is None:
            code = bytes(uc.mem_read(address, size))
            count = offset = 0
            while offset < size:
                offset += 4 if code[offset] & 3 == 3 else 2
                count += 1
            self._block_sizes[key] = count
        self.instructions += count

    def _stop(self, what: str) -> None:
        if self.fault is None:
            pc = self.uc.reg_read(self.rc.UC_RISCV_REG_PC)
            self.fault = f"{what} at pc {pc:#x}"
        self.uc.emu_stop()

    def _on_unmapped(self, uc, access: int, address: int, size: int, value: int, _data) -> bool:
        u = self.uc_mod
        kind = {u.UC_MEM_READ_UNMAPPED: "read of", u.UC_MEM_WRITE_UNMAPPED: "write to",
                u.UC_MEM_FETCH_UNMAPPED: "instruction fetch from"}.get(access, "access to")  # fmt: skip
        self._stop(f"{kind} {address:#x}, outside the board's memory map")
        return False

    def _on_protected(self, uc, access: int, address: int, size: int, value: int, _data) -> bool:
        u = self.uc_mod
        kind = {u.UC_MEM_WRITE_PROT: "write to read-only", u.UC_MEM_FETCH_PROT: "instruction fetch from "
                "non-executable"}.get(access, "forbidden access to")  # fmt: skip
        self._stop(f"{kind} memory at {address:#x}")
        return False

    def run(self, timeout: float) -> None:
        entry = self.sim["boot"]["entry"]
        try:
            # until: an address the pc never reaches (past a 32-bit space; the last byte of a 64-bit one)
            until = 1 << 32 if self.board.xlen == 32 else (1 << 64) - 2
            self.uc.emu_start(entry, until, timeout=int(timeout * 1_000_000))
        except self.uc_mod.UcError as exc:
            if self.fault is None:
                pc = self.uc.reg_read(self.rc.UC_RISCV_REG_PC)
                self.fault = f"{exc} at pc {pc:#x}"


VECTOR_KERNEL_SUFFIXES = ("_rvv", "_xthead")


def _refuse_vector_code(elf: Path, board: Board) -> None:
    """Unicorn has no vector unit: an image with vector kernels would stop at the first one."""
    if board.vector is None:
        return
    from elftools.elf.elffile import ELFFile

    with open(elf, "rb") as fh:
        symtab = ELFFile(fh).get_section_by_name(".symtab")
        names = [s.name for s in symtab.iter_symbols()] if symtab else []
    vector = sorted(n for n in names if n.endswith(VECTOR_KERNEL_SUFFIXES))
    if vector:
        raise RvfwError(f"board model {board.name}: no vector unit in the model, and the image calls "
                        f"{vector[0]}: build it with --kernels scalar (the vector kernels run on the board's "
                        "own simulator)")  # fmt: skip


def run_image(elf: Path, board: Board, timeout: float) -> ModelRun:
    """Run the flash image beside `elf` on the board model until it prints RVFW-EXIT."""
    _refuse_vector_code(elf, board)
    image_path = image_for(elf, board)
    image = image_path.read_bytes()
    model = BoardModel(board, image)
    started = time.monotonic()
    model.run(timeout)
    console = model.console.decode("utf-8", "replace")
    if model.fault is not None:
        raise BoardModelFault(f"board model {board.name}: the image stopped: {model.fault}")
    if model.exit_code is None:
        if time.monotonic() - started >= timeout * 0.99:
            from codegen.run.sim import SimTimeout

            raise SimTimeout(f"board model {board.name} timed out after {timeout:g} s running {image_path}", console)
        raise BoardModelFault(f"board model {board.name}: the image stopped without RVFW-EXIT")
    return ModelRun(console, model.exit_code, model.instructions, hashlib.sha256(image).hexdigest())
