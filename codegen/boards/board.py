"""Boards are data: boards/<name>.yaml, validated against boards/schema.yaml before use."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from codegen.boards.yamldata import load_validated
from codegen.errors import BoardError
from codegen.paths import BOARDS_DIR

ROLES = ("code", "rodata", "weights", "data", "arena", "stack")
WRITABLE_ROLES = ("data", "arena", "stack")
RVV_1_0_EXTENSIONS = ("rvv1.0", "zve32x", "zve32f", "zve64x", "zve64d")


@dataclass(frozen=True)
class Region:
    name: str
    origin: int
    length: int
    access: str
    roles: tuple[str, ...]
    mirror_of: str | None = None


@dataclass(frozen=True)
class Board:
    name: str
    description: str
    march: str
    link_march: str
    mabi: str
    xlen: int
    vector: dict | None
    regions: tuple[Region, ...]
    pmp_entries: int
    stack_size: int
    console: str
    simulator: dict | None
    flash_method: str
    source_file: str
    uart: dict | None = None
    image_format: str = "elf"
    flash: dict | None = None
    pmp_granularity: int = 4  # bytes: the smallest PMP region the core supports
    tensor_train: dict = field(default_factory=dict)  # TT design-space thresholds (codegen.tt.space.Profile)
    clint: int | None = None  # base address of the machine timer, when the board has one
    clint_hz: int = 10_000_000  # its mtime rate

    @property
    def vector_kernels(self) -> bool:
        """Whether the board's vector unit runs rvfw's RVV 1.0 kernels."""
        return self.vector is not None and self.vector["extension"] in RVV_1_0_EXTENSIONS

    @property
    def xtheadvector(self) -> bool:
        """Whether the vector unit speaks XTheadVector (RVV 0.7.1, the C906's), for the *_xthead kernels."""
        return self.vector is not None and self.vector["extension"] == "xtheadvector"

    @property
    def vlen(self) -> int:
        """The vector length the kernels and estimates assume (128 without a vector unit)."""
        return self.vector["vlen"] if self.vector else 128

    @property
    def user_mode_simulator(self) -> bool:
        """Whether the simulator runs user-mode programs (xuantie-qemu), not bare-metal images."""
        return self.simulator is not None and self.simulator["machine"] == "linux-user"

    def for_simulator(self) -> Board:
        """The board as its simulator runs it: a user-mode simulator (linux-user) needs an image with
        the Linux-syscall platform layer; every other simulator runs the board's own image."""
        if self.user_mode_simulator:
            return replace(self, name=f"{self.name}-qemu-user", console="linux", uart=None, image_format="elf")
        return self

    def region_for(self, role: str) -> Region:
        return next(r for r in self.regions if role in r.roles)


def board_path(name_or_path: str) -> Path:
    candidate = Path(name_or_path)
    if candidate.suffix in (".yaml", ".yml"):
        return candidate
    return BOARDS_DIR / f"{name_or_path}.yaml"


def available_boards() -> list[str]:
    return sorted(p.stem for p in BOARDS_DIR.glob("*.yaml") if p.stem != "schema")


def load_board(name_or_path: str) -> Board:
    path = board_path(name_or_path)
    if not path.is_file():
        raise BoardError(f"board '{name_or_path}' not found (available: {', '.join(available_boards())})")
    data = load_validated(path, BOARDS_DIR / "schema.yaml", BoardError)
    if data["console"] == "uart" and "uart" not in data:
        raise BoardError(f"{path.name}: uart: required when console is uart")
    if data["name"] != path.stem:
        raise BoardError(f"{path.name}: name: '{data['name']}' must match the file name '{path.stem}'")
    regions = tuple(
        Region(r["name"], r["origin"], r["length"], r["access"], tuple(r["roles"]), r.get("mirror_of"))
        for r in data["memory"]
    )
    _check_regions(path.name, regions)
    isa = data["isa"]
    return Board(
        name=data["name"],
        description=data["description"],
        march=isa["march"],
        link_march=isa.get("link_march", isa["march"]),
        mabi=isa["mabi"],
        xlen=isa["xlen"],
        vector=None if data["vector"] == "none" else data["vector"],
        regions=regions,
        pmp_entries=data["pmp_entries"],
        stack_size=data["stack_size"],
        console=data["console"],
        simulator=None if data["simulator"] == "none" else data["simulator"],
        flash_method=data["flash"]["method"],
        source_file=str(path),
        uart=data.get("uart"),
        image_format=data.get("image", {}).get("format", "elf"),
        flash=data["flash"],
        pmp_granularity=data.get("pmp_granularity", 4),
        tensor_train=data.get("tensor_train", {}),
        clint=data.get("clint", {}).get("base"),
        clint_hz=data.get("clint", {}).get("hz", 10_000_000),
    )


def _check_regions(label: str, regions: tuple[Region, ...]) -> None:
    for role in ROLES:
        holders = [r.name for r in regions if role in r.roles]
        if len(holders) != 1:
            raise BoardError(
                f"{label}: memory: role '{role}' must be in exactly one region (found {holders or 'none'})"
            )
    for region in regions:
        if region.access == "rx" and any(role in WRITABLE_ROLES for role in region.roles):
            raise BoardError(f"{label}: memory: region '{region.name}' is read-only but holds {list(region.roles)}")
    ordered = sorted(regions, key=lambda r: r.origin)
    for a, b in zip(ordered, ordered[1:]):
        if a.origin + a.length > b.origin:
            raise BoardError(f"{label}: memory: regions '{a.name}' and '{b.name}' overlap")
