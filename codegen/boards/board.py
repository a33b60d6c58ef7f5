"""Boards are data: boards/<name>.yaml, validated against boards/schema.yaml before use."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from codegen.boards.yamldata import load_validated
from codegen.errors import BoardError
from codegen.paths import BOARDS_DIR

ROLES = ("code", "rodata", "weights", "data", "arena", "stack")
WRITABLE_ROLES = ("data", "arena", "stack")
SIMULATED_HZ = 1_000_000_000  # Spike, and QEMU with -icount shift=0: one instruction per ns
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
    cpu_hz: int = SIMULATED_HZ  # instructions per second, for default deadlines (one per cycle)
    counter: dict | None = None  # the instruction counter when it is not minstret: {csr, setup, source}
    board_model: dict | None = None  # a Unicorn model for the bare-metal image when `simulator` cannot run it
    mmio: dict | None = None  # an RTL test bench's console: {putc, halt: {address, value?}}
    core: dict = field(default_factory=dict)  # {name, clock_hz, reset_pc, mtvec_align, timings, source}
    custom: tuple[str, ...] = ()  # vendor extensions beyond march (xcvsimd, xcvmem)
    performance: dict | None = None  # {cycles_per_mac, source}: measured, what `rvfw analyze` estimates with

    @property
    def clock_known(self) -> bool:
        """Whether the board file names the core clock (else times assume the simulators' 1 GHz)."""
        return "clock_hz" in self.core or self.clint is not None

    @property
    def rtl(self) -> dict | None:
        """The core's RTL this board's images run on ({core, parameters}), or None."""
        return self.simulator.get("rtl") if self.simulator and self.simulator["machine"] == "rtl" else None

    @property
    def measures_cycles(self) -> bool:
        """Whether a run measures the core's real cycles (mcycle on the RTL), not only instructions."""
        return self.rtl is not None

    @property
    def vector_kernels(self) -> bool:
        """Whether the board's vector unit runs rvfw's RVV 1.0 kernels."""
        return self.vector is not None and self.vector["extension"] in RVV_1_0_EXTENSIONS

    @property
    def xtheadvector(self) -> bool:
        """Whether the vector unit speaks XTheadVector (RVV 0.7.1, the C906's), for the *_xthead kernels."""
        return self.vector is not None and self.vector["extension"] == "xtheadvector"

    @property
    def caps(self) -> frozenset[str]:
        """What the core computes beyond its integer ISA, for choosing kernels: "fpu" (F: hardware
        single-precision float), "fpu64" (D: hardware double precision), and of an RVV unit beyond
        Zve32x "f32" (V, Zve32f and up: the *_f32_rvv kernels), "e64" (ELEN 64: the 16x8 *_s16_rvv
        kernels) and "f64" (V, Zve64d: DEQUANTIZE's double-precision product)."""
        base, _sep, rest = self.march.partition("_")
        extensions = rest.split("_")
        caps = {"fpu"} if any(c in base[4:] for c in "fdg") else set()
        caps |= set(self.custom)
        if "timings" in self.core:  # kernels tuned for cycles on a core whose timings are known (mul_pairs)
            caps.add("mul_pairs")
        if any(c in base[4:] for c in "dg"):
            caps.add("fpu64")
        if self.vector is None or self.xtheadvector:
            return frozenset(caps)
        if "v" in base[4:] or any(z in extensions for z in ("zve32f", "zve64f", "zve64d")):
            caps.add("f32")
        if "v" in base[4:] or any(z.startswith("zve64") for z in extensions):
            caps.add("e64")
        if "v" in base[4:] or "zve64d" in extensions:
            caps.add("f64")
        return frozenset(caps)

    @property
    def vlen(self) -> int:
        """The vector length the kernels and estimates assume (128 without a vector unit)."""
        return self.vector["vlen"] if self.vector else 128

    @property
    def dlen(self) -> int | None:
        """Bits per cycle of the vector unit (the cycle estimate's datapath; default VLEN), or None."""
        return self.vector.get("dlen", self.vector["vlen"]) if self.vector else None

    @property
    def user_mode_simulator(self) -> bool:
        """Whether the simulator runs user-mode programs (xuantie-qemu), not bare-metal images."""
        return self.simulator is not None and self.simulator["machine"] == "linux-user"

    def for_simulator(self) -> Board:
        """The board as its simulator runs it: a user-mode simulator (linux-user) needs an image with
        the Linux-syscall platform layer; every other simulator runs the board's own image, with the
        simulator's timer rate (a simulated core retires 10^9 instructions per second)."""
        if self.user_mode_simulator:
            return replace(self, name=f"{self.name}-qemu-user", console="linux", uart=None, image_format="elf")
        if self.simulator and "timer_hz" in self.simulator:
            return replace(self, clint_hz=self.simulator["timer_hz"], cpu_hz=SIMULATED_HZ)
        return self

    def for_check(self) -> Board:
        """The board whose image `rvfw check` runs: the very image `rvfw build` writes (the same
        bytes; their sha256 is printed by both), on the board's own simulator with a deterministic
        clock (QEMU -icount). Only a user-mode simulator needs another image (its Linux console).
        The emulator's mtime may run at another rate than the board's (QEMU's FE310 model: 10 MHz
        for the board's 32.768 kHz RTC), so a watchdog deadline in the board's ticks passes sooner
        in its instructions there; for_simulator() rescales the deadlines instead (applications'
        preemption tests)."""
        return self.for_simulator() if self.user_mode_simulator else self

    @property
    def model_runs_image(self) -> bool:
        """Whether a board model (the simulator itself, or `board_model`) runs the bare-metal image."""
        return self.board_model is not None or bool(self.simulator and self.simulator["machine"] == "board-model")

    def on_board_model(self) -> Board:
        """The board with its board model as the simulator (the C906: `rvfw check --sim board-model`)."""
        if self.simulator and self.simulator["machine"] == "board-model":
            return self
        if self.board_model is None:
            raise BoardError(f"board {self.name} has no board model (--sim board-model)")
        return replace(self, simulator={"machine": "board-model", **self.board_model})

    def region_for(self, role: str) -> Region:
        return next(r for r in self.regions if role in r.roles)


def board_path(name_or_path: str) -> Path:
    """A path (it names a .yaml, or a folder: /dev/zero is read as the file it is, and refused as
    one) or the name of a board in boards/."""
    candidate = Path(name_or_path)
    if candidate.suffix in (".yaml", ".yml") or "/" in str(name_or_path):
        return candidate
    return BOARDS_DIR / f"{name_or_path}.yaml"


def available_boards() -> list[str]:
    return sorted(p.stem for p in BOARDS_DIR.glob("*.yaml") if p.stem != "schema")


def load_board(name_or_path: str) -> Board:
    path = board_path(name_or_path)
    if not path.exists():
        raise BoardError(f"board '{name_or_path}' not found (available: {', '.join(available_boards())})")
    data = load_validated(path, BOARDS_DIR / "schema.yaml", BoardError)
    for console in ("uart", "mmio"):
        if data["console"] == console and console not in data:
            raise BoardError(f"{path.name}: {console}: required when console is {console}")
    if data["name"] != path.stem:
        raise BoardError(f"{path.name}: name: '{data['name']}' must match the file name '{path.stem}'")
    regions = tuple(
        Region(r["name"], r["origin"], r["length"], r["access"], tuple(r["roles"]), r.get("mirror_of"))
        for r in data["memory"]
    )
    _check_regions(path.name, regions, data["isa"]["xlen"])
    _check_consistency(path.name, data)
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
        cpu_hz=data.get("core", {}).get("clock_hz", data.get("clint", {}).get("cpu_hz", SIMULATED_HZ)),
        counter=data.get("counter"),
        board_model=data.get("board_model"),
        mmio=data.get("mmio"),
        core=data.get("core", {}),
        custom=tuple(isa.get("custom", ())),
        performance=data.get("performance"),
    )


# Bytes of registers the runtime touches at a device's base: the CLINT's mtimecmp/mtime (up to
# 0xBFFF), a UART's register block.
CLINT_BYTES = 0xC000
UART_BYTES = 0x100


def _march_parts(march: str) -> tuple[int, str, set[str]]:
    """(xlen, single-letter extensions with g expanded, multi-letter extensions) of an ISA string."""
    base, _, rest = march.lower().partition("_")
    letters = base[4:].replace("g", "imafd")
    return int(base[2:4]), letters, set(rest.split("_")) if rest else set()


def _check_consistency(label: str, data: dict) -> None:
    """What the schema cannot say: fields that must agree with each other and with the target."""
    isa = data["isa"]
    xlen, letters, named = _march_parts(isa["march"])
    if not isa["march"].startswith(("rv32", "rv64")) or xlen != isa["xlen"]:
        raise BoardError(f"{label}: isa: march {isa['march']} does not match xlen {isa['xlen']}")
    if isa["mabi"].startswith("lp64") != (xlen == 64):
        raise BoardError(f"{label}: isa: mabi {isa['mabi']} is not an ABI of rv{xlen}")
    abi_float = isa["mabi"][-1] if isa["mabi"][-1] in "fd" else ""
    if abi_float and abi_float not in letters:
        raise BoardError(f"{label}: isa: mabi {isa['mabi']} needs the {abi_float.upper()} extension in march")
    vector = data["vector"]
    has_v = "v" in letters or any(e.startswith("zve") for e in named)
    if vector == "none" and has_v:
        raise BoardError(f"{label}: vector: none, but march {isa['march']} has a vector extension")
    if vector != "none" and vector["extension"] != "xtheadvector" and not has_v:
        raise BoardError(f"{label}: vector: {vector['extension']}, but march {isa['march']} has no vector extension")
    if vector != "none" and vector["extension"] == "rvv1.0" and vector["vlen"] < 128:
        raise BoardError(f"{label}: vector: the V extension needs vlen >= 128")
    if data["stack_size"] <= 0 or data["stack_size"] % 16:
        raise BoardError(f"{label}: stack_size: {data['stack_size']} must be a positive multiple of 16")
    uart = data.get("uart")
    if uart is not None:
        if uart["baud"] <= 0 or uart["clock_hz"] < 16 * uart["baud"]:
            raise BoardError(f"{label}: uart: clock_hz {uart['clock_hz']} cannot make {uart['baud']} baud")
        if not 0 <= uart["base"] < 1 << xlen:
            raise BoardError(f"{label}: uart: base {uart['base']:#x} is outside the address space")
    _check_core(label, data, xlen)
    clint = data.get("clint")
    if clint is not None and (not 0 <= clint["base"] < 1 << xlen or clint.get("hz", 1) <= 0):
        raise BoardError(f"{label}: clint: base and hz must be a real address and a positive rate")
    # Device registers inside a memory region: the image's data would be written over them.
    devices = [("clint", clint["base"], CLINT_BYTES)] if clint is not None else []
    devices += [("uart", uart["base"], UART_BYTES)] if uart is not None else []
    mmio = data.get("mmio")
    if mmio is not None:
        devices += [("mmio putc", mmio["putc"], 4), ("mmio halt", mmio["halt"]["address"], 4)]
    for device, base, size in devices:
        for r in data["memory"]:
            if base < r["origin"] + r["length"] and r["origin"] < base + size:
                raise BoardError(f"{label}: {device}: base {base:#x} lies inside memory region '{r['name']}' "
                                 f"({r['origin']:#x}..{r['origin'] + r['length']:#x})")  # fmt: skip
    if xlen == 64:  # -mcmodel=medany: every address the code names within 2 GiB of the code
        low = min(r["origin"] for r in data["memory"])
        high = max(r["origin"] + r["length"] for r in data["memory"])
        if high - low > 1 << 31:
            raise BoardError(f"{label}: memory: the regions span {low:#x}..{high:#x}, more than the 2 GiB that "
                             "rv64 code (-mcmodel=medany) reaches from itself")  # fmt: skip
    sim = data["simulator"]
    if sim != "none":
        sim_xlen, sim_letters, _named = (
            _march_parts(sim["isa"]) if sim["isa"][:4] in ("rv32", "rv64") else (0, "", set())
        )
        if sim_xlen != xlen or not set(letters) - {"v"} <= set(sim_letters):
            raise BoardError(f"{label}: simulator: isa {sim['isa']} does not run march {isa['march']}")
        if "vlen" in sim and (sim["vlen"] < 32 or sim["vlen"] & (sim["vlen"] - 1)):
            raise BoardError(f"{label}: simulator: vlen {sim['vlen']} is not a power of two >= 32")
        if "vlen" in sim and vector != "none" and sim["vlen"] != vector["vlen"]:
            raise BoardError(f"{label}: simulator: vlen {sim['vlen']} is not the vector unit's vlen "
                             f"{vector['vlen']} (the image would be checked on another core than the board's; "
                             "--vlen tries others)")  # fmt: skip
        if sim["machine"] == "spike" and data["console"] != "htif":
            raise BoardError(f"{label}: simulator: the spike machine needs console: htif")
        if sim["machine"] == "linux-user" and "cpu" not in sim:
            raise BoardError(f"{label}: simulator: linux-user needs a cpu")
        if (sim["machine"] == "rtl") != ("rtl" in sim):
            raise BoardError(f"{label}: simulator: machine rtl and its rtl (core, parameters) go together")
        if sim["machine"] == "rtl" and data["console"] != "mmio":
            raise BoardError(f"{label}: simulator: an RTL test bench needs console: mmio")
        _check_board_model(label, data, xlen)
    if data.get("board_model") is not None:
        _check_board_model(label, {**data, "simulator": {"machine": "board-model", **data["board_model"]}}, xlen)


def _check_core(label: str, data: dict, xlen: int) -> None:
    """The core's reset address inside the code region, aligned; addresses of the mmio console
    inside the address space and word-aligned."""
    core = data.get("core", {})
    code = next((r for r in data["memory"] if "code" in r["roles"]), None)
    if "reset_pc" in core and code is not None:
        pc = core["reset_pc"]
        if pc % 4 or not code["origin"] <= pc < code["origin"] + code["length"]:
            raise BoardError(f"{label}: core: reset_pc {pc:#x} is not a word in the code region '{code['name']}'")
    mmio = data.get("mmio")
    if mmio is not None:
        for what, address in (("putc", mmio["putc"]), ("halt", mmio["halt"]["address"])):
            if address % 4 or address >= 1 << xlen:
                raise BoardError(f"{label}: mmio: {what} {address:#x} is not a word address of rv{xlen}")


MODEL_PAGE = 0x1000  # the board model maps memory and devices in 4 KiB pages (Unicorn's granule)
BOARD_MODEL_ONLY = ("boot", "views", "peripherals", "csrs")


def _check_board_model(label: str, data: dict, xlen: int) -> None:
    """A board model's map: every window page-aligned, inside the address space, none overlapping;
    views show a region; the image and the entry inside what is mapped; a UART console on a uart."""
    sim = data["simulator"]
    where = f"{label}: simulator"
    if sim["machine"] != "board-model":
        extra = [k for k in BOARD_MODEL_ONLY if k in sim]
        if extra:
            raise BoardError(f"{where}: {extra[0]} is for machine board-model only")
        return
    if "boot" not in sim:
        raise BoardError(f"{where}: board-model needs boot (image_at, entry)")
    regions = {r["name"]: r for r in data["memory"]}
    windows = [(f"memory region '{r['name']}'", r["origin"], r["length"]) for r in data["memory"]]
    for view in sim.get("views", []):
        if view["of"] not in regions:
            raise BoardError(f"{where}: view '{view['name']}' shows '{view['of']}', which is no memory region")
        length = view.get("length", regions[view["of"]]["length"])
        if length > regions[view["of"]]["length"]:
            raise BoardError(f"{where}: view '{view['name']}' is longer than region '{view['of']}'")
        windows.append((f"view '{view['name']}'", view["origin"], length))
    mapped = list(windows)
    for dev in sim.get("peripherals", []):
        if dev["kind"] == "uart" and not {"tx", "status", "ready"} <= dev.keys():
            raise BoardError(f"{where}: peripheral '{dev['name']}': a uart needs tx, status and ready")
        if dev["kind"] == "uart" and max(dev["tx"], dev["status"]) + 4 > dev["size"]:
            raise BoardError(f"{where}: peripheral '{dev['name']}': its registers lie past its size")
        if dev["base"] % 4 or dev["size"] % 4:
            raise BoardError(f"{where}: peripheral '{dev['name']}': base and size must be 4-byte aligned")
        windows.append((f"peripheral '{dev['name']}'", dev["base"], dev["size"]))
    for what, origin, length in windows:
        if what.startswith("peripheral"):  # mapped by the pages that hold it, shared only with devices
            first, end = origin // MODEL_PAGE * MODEL_PAGE, -(-(origin + length) // MODEL_PAGE) * MODEL_PAGE
            for memory, m_origin, m_length in mapped:
                if first < m_origin + m_length and m_origin < end:
                    raise BoardError(f"{where}: {what} shares a 4 KiB page with {memory}")
        elif origin % MODEL_PAGE or length % MODEL_PAGE:
            raise BoardError(f"{where}: {what} ({origin:#x}, {length:#x} bytes) is not 4 KiB aligned, as the "
                             "board model maps it")  # fmt: skip
        if origin + length > 1 << xlen:
            raise BoardError(f"{where}: {what} wraps past the end of the address space")
    ordered = sorted(windows, key=lambda w: w[1])
    for a, b in zip(ordered, ordered[1:]):
        if a[1] + a[2] > b[1]:
            raise BoardError(f"{where}: {a[0]} and {b[0]} overlap")
    boot = sim["boot"]
    for key in ("image_at", "entry"):
        if not any(origin <= boot[key] < origin + length for _what, origin, length in mapped):
            raise BoardError(f"{where}: boot: {key} {boot[key]:#x} is in no memory region or view")
    uart = data.get("uart")
    if data["console"] == "uart" and not any(
        d["kind"] == "uart" and d["base"] == uart["base"] for d in sim.get("peripherals", [])
    ):
        raise BoardError(f"{where}: no uart peripheral at the console's base {uart['base']:#x}")


def _check_regions(label: str, regions: tuple[Region, ...], xlen: int = 64) -> None:
    for role in ROLES:
        holders = [r.name for r in regions if role in r.roles]
        if len(holders) != 1:
            raise BoardError(
                f"{label}: memory: role '{role}' must be in exactly one region (found {holders or 'none'})"
            )
    for region in regions:
        if region.access == "rx" and any(role in WRITABLE_ROLES for role in region.roles):
            raise BoardError(f"{label}: memory: region '{region.name}' is read-only but holds {list(region.roles)}")
    for region in regions:
        if region.origin % 4 or region.length % 4 or region.length <= 0:
            raise BoardError(
                f"{label}: memory: region '{region.name}' origin and length must be positive and 4-byte aligned"
            )
        if region.origin < 0 or region.origin + region.length > 1 << xlen:
            raise BoardError(f"{label}: memory: region '{region.name}' wraps past the end of the address space")
    ordered = sorted(regions, key=lambda r: r.origin)
    for a, b in zip(ordered, ordered[1:]):
        if a.origin + a.length > b.origin:
            raise BoardError(f"{label}: memory: regions '{a.name}' and '{b.name}' overlap")
