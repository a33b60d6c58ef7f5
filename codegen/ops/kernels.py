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

from codegen.choices import SETS, KernelSet

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
    # 16x8 and float32 in place: each set's own out-of-place kernel, a row or a block of pixels a call
    **{f"{op}_inplace_{dtype}_{s}": (f"{base}_{dtype}_{s}",)
       for op, base in (("depthwise_conv2d", "depthwise_conv2d"), ("conv2d_1x1", "conv2d"))
       for dtype in ("s16", "f32") for s in ("ref", "scalar", "rvv")},
}  # fmt: skip


# Why a kernel needing a capability of the vector unit cannot run on a board without it.
VECTOR_CAPS = {"f32": "no float32 in the vector unit", "f64": "no float64 in the vector unit",
               "e64": "no 64-bit vector elements"}  # fmt: skip


@dataclass(frozen=True)
class Need:
    """What one kernel requires, declared beside it (XNNPACK's way: the name is the spec, the row
    says what it runs on): a fact of the board (a capability such as f32/f64/e64 lanes, true when
    the board has it) or of the layer (the lowering states facts such as the element size), the
    values that satisfy it, and the words that say why not (`{value}` is the fact's value)."""

    fact: str
    allowed: tuple = (True,)
    why: str = ""
    minimum: int | None = None  # instead of allowed: a number at least this
    maximum: int | None = None  # instead of allowed: a number at most this

    def holds(self, facts: dict) -> bool:
        bounded = self.minimum is not None or self.maximum is not None
        flag = len(self.allowed) == 1 and self.allowed[0] is True  # a capability: absent is False
        value = facts.get(self.fact, False if flag and not bounded else None)
        if bounded:
            return (value is not None and (self.minimum is None or value >= self.minimum)
                    and (self.maximum is None or value <= self.maximum))  # fmt: skip
        return value in self.allowed

    def reason(self, facts: dict) -> str:
        """Why it fails: `why` with {value} (this fact's) and any other fact by name."""
        text = self.why or VECTOR_CAPS.get(self.fact, f"{self.fact} {{value}}")
        return text.format_map({**facts, "value": facts.get(self.fact)})


def lanes(cap: str) -> Need:
    """A kernel that needs a capability of the vector unit (f32, f64 or e64 lanes)."""
    return Need(cap, (True,), VECTOR_CAPS[cap])


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
    # What each set's kernel requires of the board and the layer (Need): pick() passes over a
    # kernel whose needs do not hold, to the next set in FALLBACK, and says why.
    needs: dict[str, tuple[Need, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        assert KernelSet.REF in self.kernels, f"{self.what}: every family has a reference kernel"
        assert set(self.kernels) <= set(SETS), self.kernels
        assert set(self.args) <= set(self.kernels.values()), f"{self.what}: args of kernels it does not have"
        assert self.tables <= set(self.kernels) - {"ref"}, f"{self.what}: the reference carries no speed table"
        assert set(self.needs) <= set(self.kernels) - {"ref"}, f"{self.what}: the reference runs everywhere"

    def requiring(self, needs: dict[str, tuple[Need, ...] | Need]) -> Family:
        """This family with more needs declared (a set's kernel and what it requires)."""
        merged = dict(self.needs)
        for kernel_set, more in needs.items():
            merged[kernel_set] = merged.get(kernel_set, ()) + ((more,) if isinstance(more, Need) else tuple(more))
        return Family(self.what, self.params_type, self.kernels, self.ops, self.args, self.tables, merged)

    def variant(self, what: str, kernels: dict[str, str], args: dict[str, tuple[str, ...]] | None = None) -> Family:
        """This family with some sets' kernels replaced (`kernels`: set -> stem; args: their
        operands by set), e.g. a vector kernel that puts output pixels across lanes."""
        merged = {**self.kernels, **kernels}
        own = {k: v for k, v in self.args.items() if k in merged.values()}
        own.update({kernels[s]: names for s, names in (args or {}).items()})
        needs = {s: n for s, n in self.needs.items() if s not in kernels}  # a replaced kernel's needs go with it
        return Family(what, self.params_type, merged, self.ops, own, self.tables, needs)

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


def pick(family: Family, kernel_set: str, facts: dict | None = None, avoid: frozenset[str] = frozenset(),
         avoid_why: str = "") -> Pick:  # fmt: skip
    """The kernel of `family` for the requested set, else the next in FALLBACK whose needs hold
    (Family.needs over `facts`: the board's capabilities and the layer's facts), with a note
    saying why. avoid: sets passed over for the build's sake (`--optimize size` and speed tables),
    said by avoid_why."""
    facts = facts or {}
    why: list[str] = []
    for candidate in FALLBACK[kernel_set]:
        if candidate not in family.kernels:
            continue
        failed = [n.reason(facts) for n in family.needs.get(candidate, ()) if not n.holds(facts)]
        if candidate in avoid:
            failed.append(avoid_why)
        if failed:
            why += [w for w in failed if w and w not in why]
            continue
        if candidate == kernel_set:
            return Pick(family.kernels[candidate], candidate, "")
        what = family.what + (f" ({'; '.join(why)})" if why else "")
        return Pick(family.kernels[candidate], candidate, f"no {SET_NAMES[kernel_set]} kernel for {what}: "
                    f"{SET_NAMES[candidate]}")  # fmt: skip
    raise AssertionError("unreachable: every family has a ref kernel and it needs nothing")


def family(
    what: str,
    params_type: str,
    stem: str,
    sets: tuple[str, ...],
    ops: tuple[str, ...] = (),
    args: dict[str, tuple[str, ...]] | None = None,
    tables: tuple[str, ...] = (),
    needs: dict[str, tuple[Need, ...] | Need] | None = None,
) -> Family:
    """A family whose kernels are named `<stem>_<set>`; args: their operands by set (Family.args);
    tables: the sets whose kernel reads a speed table (Family.tables); needs: what each set's
    kernel requires (Family.needs)."""
    kernels = {s: f"{stem}_{s}" for s in sets}
    declared = {s: (n,) if isinstance(n, Need) else tuple(n) for s, n in (needs or {}).items()}
    return Family(what, params_type, kernels, ops, {kernels[s]: names for s, names in (args or {}).items()},
                  frozenset(tables), declared)  # fmt: skip
