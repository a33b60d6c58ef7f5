"""The kernel registry: for each op's kernel family (op, variant) the kernel every set has, and the
one `pick()` that chooses among them.

Kernel sets, fastest first for the boards that have them: `rvv` (RVV 1.0), `xthead`
(XTheadVector, RVV 0.7.1), `scalar` (fast portable C), `ref` (plain reference loops, one per op).
A family without a kernel in the requested set falls back explicitly, vector -> scalar -> ref,
and the pick carries a note saying so: the layer table shows every layer that runs slower code
than the board could.

A kernel's name is its file under firmware/kernels/ (`<op>_<dtype>_<set>.c`); its C function
carries the `rvfw_` prefix (C_PREFIX).
"""

from __future__ import annotations

from dataclasses import dataclass, field

SETS = ("ref", "scalar", "rvv", "xthead")
SET_NAMES = {"ref": "reference", "scalar": "fast scalar", "rvv": "RVV", "xthead": "XTheadVector"}
FALLBACK = {"rvv": ("rvv", "scalar", "ref"), "xthead": ("xthead", "scalar", "ref"), "scalar": ("scalar", "ref"),
            "ref": ("ref",)}  # fmt: skip
C_PREFIX = "rvfw_"
# Kernels built on another kernel's public function: the image links both.
CALLS = {
    "conv2d_1x1_inplace_s8_scalar": ("conv2d_s8_scalar",),
    "conv2d_tail_s8_scalar": ("conv2d_s8_scalar",),
    "depthwise_conv2d_inplace_s8_ref": ("depthwise_conv2d_s8_ref",),
    "depthwise_conv2d_inplace_s8_scalar": ("depthwise_conv2d_s8_scalar",),
    "depthwise_conv2d_inplace_s8_rvv": ("depthwise_conv2d_s8_rvv",),
    "depthwise_conv2d_inplace_s8_xthead": ("depthwise_conv2d_s8_xthead", "depthwise_conv2d_rows_s8_xthead"),
}


@dataclass(frozen=True)
class Family:
    """The kernels of one op variant (e.g. CONV_2D in place), by set, and their parameter struct.

    Every kernel of a family reads the same parameter struct. Where their pointer arguments differ
    (a vector kernel reads its weights repacked, a fast one its bias with the input offset folded
    in), `args` declares each kernel's, by name, in order: the lowering offers every operand once
    (ops.common.Operands) and the picked kernel's declaration takes what it reads, so no lowering
    asks which set it got. Kernels not in `args` take the arguments the lowering lists."""

    what: str  # for notes: "CONV_2D 1x1 in place"
    params_type: str
    kernels: dict[str, str]
    ops: tuple[str, ...] = ()  # the op kinds it runs, when not every kind of its module
    args: dict[str, tuple[str, ...]] = field(default_factory=dict)  # kernel stem -> its operands' names
    # Sets whose kernel trades flash for speed (a build-time table it reads): `--optimize size`
    # skips them (ops.common.LowerContext.pick), as it compiles for flash.
    tables: frozenset[str] = frozenset()

    def __post_init__(self) -> None:
        assert "ref" in self.kernels, f"{self.what}: every family has a reference kernel"
        assert set(self.kernels) <= set(SETS), self.kernels
        assert set(self.args) <= set(self.kernels.values()), f"{self.what}: args of kernels it does not have"
        assert self.tables <= set(self.kernels) - {"ref"}, f"{self.what}: the reference carries no speed table"

    def variant(self, what: str, kernels: dict[str, str], args: dict[str, tuple[str, ...]] | None = None) -> Family:
        """This family with some sets' kernels replaced (`kernels`: set -> stem; args: their
        operands by set), e.g. a vector kernel that puts output pixels across lanes."""
        merged = {**self.kernels, **kernels}
        own = {k: v for k, v in self.args.items() if k in merged.values()}
        own.update({kernels[s]: names for s, names in (args or {}).items()})
        return Family(what, self.params_type, merged, self.ops, own, self.tables)

    def has_own(self, base: Family, kernel_set: str) -> bool:
        """Whether this variant has a kernel of its own for `kernel_set` (not `base`'s)."""
        return self.kernels.get(kernel_set) != base.kernels.get(kernel_set)

    def replaces(self, base: Family, kernel: str) -> bool:
        """Whether this variant swaps `kernel`, one of `base`'s, for a kernel of its own."""
        return any(k == kernel and self.kernels.get(s) != kernel for s, k in base.kernels.items())

    def signature(self, kernel: str) -> tuple[str, ...] | None:
        """The operands `kernel` reads, in order (None: the arguments the lowering lists)."""
        return self.args.get(kernel)


@dataclass(frozen=True)
class Pick:
    kernel: str  # file stem, e.g. conv2d_s8_rvv
    kernel_set: str  # the set it comes from
    note: str  # empty when the requested set has it


def pick(family: Family, kernel_set: str, unless: set[str] | None = None, detail: str = "") -> Pick:
    """The kernel of `family` for the requested set, else the next in FALLBACK (with a note).
    unless: sets whose kernel cannot run this layer (a shape or option it does not handle), named
    in the note by `detail`."""
    skip = unless or set()
    for candidate in FALLBACK[kernel_set]:
        if candidate in family.kernels and candidate not in skip:
            if candidate == kernel_set:
                return Pick(family.kernels[candidate], candidate, "")
            what = family.what + (f" ({detail})" if detail else "")
            return Pick(family.kernels[candidate], candidate, f"no {SET_NAMES[kernel_set]} kernel for {what}: "
                        f"{SET_NAMES[candidate]}")  # fmt: skip
    raise AssertionError("unreachable: every family has a ref kernel")


def family(
    what: str,
    params_type: str,
    stem: str,
    sets: tuple[str, ...],
    ops: tuple[str, ...] = (),
    args: dict[str, tuple[str, ...]] | None = None,
    tables: tuple[str, ...] = (),
) -> Family:
    """A family whose kernels are named `<stem>_<set>`; args: their operands by set (Family.args);
    tables: the sets whose kernel reads a speed table (Family.tables)."""
    kernels = {s: f"{stem}_{s}" for s in sets}
    return Family(what, params_type, kernels, ops, {kernels[s]: names for s, names in (args or {}).items()},
                  frozenset(tables))  # fmt: skip
