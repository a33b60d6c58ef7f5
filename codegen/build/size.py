"""Read the ELF and account every allocated section to a board memory region and a category."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile

from codegen.boards.board import Board
from codegen.build.sections import PARTITION_OUTPUT_PREFIX

CATEGORIES = ("code", "rodata", "weights", "constants", "data", "bss", "htif", "arena", "stack")
_SECTION_CATEGORY = {
    ".text": "code",
    ".rodata": "rodata",
    ".weights": "weights",
    ".constants": "constants",
    ".data": "data",
    ".bss": "bss",
    ".tohost": "htif",
    ".arena": "arena",
    ".stack": "stack",
}


@dataclass
class RegionUsage:
    """One region: bytes per category, and `placed`, from the region's origin to the end of its
    last allocated byte (alignment padding included): what the linker really took."""

    name: str
    length: int
    by_category: dict[str, int] = field(default_factory=dict)
    placed: int = 0

    @property
    def used(self) -> int:
        return max(self.placed, sum(self.by_category.values()))

    @property
    def padding(self) -> int:
        return self.used - sum(self.by_category.values())

    @property
    def over(self) -> bool:
        return self.used > self.length


@dataclass
class SizeReport:
    board: str
    elf: str
    regions: list[RegionUsage]
    # The bounded link failed: the image does not fit, whatever the numbers (measured on a
    # relink with stretched regions, which is never the image).
    link_overflow: bool = False

    @property
    def ok(self) -> bool:
        return not self.link_overflow and not any(r.over for r in self.regions)

    def by_category(self, category: str) -> int:
        """Bytes of one category (code, weights, arena, ...) over all regions."""
        return sum(r.by_category[category] for r in self.regions)

    def to_json(self) -> dict:
        return {
            "board": self.board,
            "elf": self.elf,
            "ok": self.ok,
            "link_overflow": self.link_overflow,
            "regions": [
                {
                    "name": r.name,
                    "budget": r.length,
                    "used": r.used,
                    "over": r.over,
                    "padding": r.padding,
                    "by_category": r.by_category,
                }
                for r in self.regions
            ],
        }


def measure(elf_path: Path, board: Board, link_overflow: bool = False) -> SizeReport:
    """Per region. A mirror region (the ESP32-C3's data-bus window on its flash) is no memory of its
    own: what is read through it is counted where its bytes are, in the region it mirrors, under its
    own category (rodata, weights, constants), once."""
    usage = {r.name: RegionUsage(r.name, r.length, dict.fromkeys(CATEGORIES, 0))
             for r in board.regions if r.mirror_of is None}  # fmt: skip
    mirrors = {r.name for r in board.regions if r.mirror_of is not None}
    origin = {r.name: r.origin for r in board.regions}

    by_origin = sorted(board.regions, key=lambda r: r.origin)

    def region_at(address: int) -> str | None:
        """The region a section starts in; past a region's end still counts to it (an overflow)."""
        holder = None
        for r in by_origin:
            if r.origin <= address:
                holder = r.name
        return holder

    def place(region: str, end: int) -> None:
        usage[region].placed = max(usage[region].placed, end - origin[region])

    with open(elf_path, "rb") as fh:
        elf = ELFFile(fh)
        load_address = {}
        for seg in elf.iter_segments():
            if seg["p_type"] == "PT_LOAD":
                load_address[(seg["p_vaddr"], seg["p_memsz"])] = seg["p_paddr"]
        for sec in elf.iter_sections():
            if not sec["sh_flags"] & SH_FLAGS.SHF_ALLOC or sec["sh_size"] == 0:
                continue
            category = _SECTION_CATEGORY.get(sec.name, "rodata" if not sec["sh_flags"] & SH_FLAGS.SHF_WRITE else "data")
            if sec.name.startswith(PARTITION_OUTPUT_PREFIX):
                category = "arena"  # an application's model partitions: arenas, their stacks and state
            size, address = sec["sh_size"], sec["sh_addr"]
            region = region_at(address) or by_origin[0].name
            if region in mirrors:  # read through a window: counted at its load address, in the flash itself
                lma = next((paddr + address - vaddr for (vaddr, memsz), paddr in load_address.items()
                            if vaddr <= address < vaddr + memsz), address)  # fmt: skip
                home = region_at(lma)
                if home is None or home in mirrors:
                    home = next(r.mirror_of for r in board.regions if r.name == region)
                usage[home].by_category[category] += size
                place(home, lma + size)
                continue
            usage[region].by_category[category] += size
            place(region, address + size)
            if sec["sh_type"] != "SHT_NOBITS":
                # Initialised data also occupies its load image in the code region.
                for (vaddr, memsz), paddr in load_address.items():
                    if vaddr <= address < vaddr + memsz and paddr != vaddr:
                        lma = paddr + address - vaddr
                        lma_region = region_at(lma)
                        if lma_region and lma_region != region and lma_region not in mirrors:
                            usage[lma_region].by_category["data"] += size
                            place(lma_region, lma + size)
    return SizeReport(board.name, str(elf_path), list(usage.values()), link_overflow)


def over_budget(report: SizeReport) -> str:
    """Where the image does not fit, for the one-line error."""
    over = ", ".join(f"{r.name} by {r.used - r.length:,} bytes" for r in report.regions if r.over)
    if over:
        return f"over budget in {over}"
    return "the linker could not place it in the board's regions"


def format_table(report: SizeReport) -> str:
    from codegen.report.tables import table

    rows = []
    for r in report.regions:
        pct = f"{100.0 * r.used / r.length:.1f}%" + (" OVER" if r.over else "")
        categories = (f"{r.by_category[c]:,}" for c in CATEGORIES)
        rows.append([r.name, f"{r.used:,}", f"{r.length:,}", pct, *categories, f"{r.padding:,}"])
    text = table(["region", "used", "budget", "%", *CATEGORIES, "padding"], rows)
    if report.link_overflow:
        text += "\nthe linker could not place the image in the board's regions (sizes from a relink with larger ones)"
    return text
