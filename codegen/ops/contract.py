"""The op contract: what every op module declares, as one value (`CONTRACT = OpContract(...)`).

An op module is found by its CONTRACT (ops.__init__), and everything rvfw knows about an op
comes from it:
- `kinds`: per op kind, what a model file may hold (highest version, input and output counts,
  optional inputs, options it cannot do without). The frontend's version, arity and option
  tables are built from these, so reading and compiling never disagree.
- `forms`: per activation dtype (the op's first input's), the form that checks, counts, plans
  and lowers it. Every dtype form of an op lives in its op's module. The `None` key is the form
  for every other dtype: its check refuses, in one line, what no kernel runs.
- `fold`: the op computed at build time when its inputs are constants (passes.simplify).
- a form's `rows`: how a band of its output rows maps to its input rows, where the tiled stage
  can stream it (ops.contract.Rows); the planner reads no op's options for that.
- a form's `views`: which operand is exactly a byte range of which other (memplan.View): a
  RESHAPE's output is its input, a contiguous CONCATENATION input a slice of its output, a
  contiguous SPLIT part or SLICE a slice of its input. The planner takes a view only where sharing
  the bytes is safe (planner.views) and asks nothing else about the op's geometry; the op's
  lowering copies every part whose view was not taken (LowerContext.is_view).

`OpContract.__post_init__` checks the declaration when the module is imported, so a module that
lacks a part fails at import, not in the middle of some later build.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from codegen.ir import DType, Graph, Op, OpKind
from codegen.memplan import View
from codegen.ops.kernels import Family

if TYPE_CHECKING:
    from codegen.ops.common import Layer, LowerContext

Check = Callable[[Graph, Op], None]
Count = Callable[[Graph, Op], int]
InPlace = Callable[[Graph, Op], list[tuple[int, int]]]
Lower = Callable[["LowerContext", Op], "Layer | list[Layer] | None"]
Fold = Callable[[Graph, Op], Any]
Views = Callable[[Graph, Op], list[View]]


@dataclass(frozen=True)
class Rows:
    """How an op's output rows (an NHWC tensor's height) depend on its streamed inputs' rows, for
    the tiled stage (planner.tiling): "window" (a convolution or pooling window: `window` is
    (stride_h, pad_h, span_h, in_h)); "rows" (row r reads row r of each input: elementwise);
    "transpose" (a copy of the whole input whose output rows are one strided copy each: `band`,
    ops.movement.row_band); "gather" (output row y reads input rows sources[y] = (first, last),
    a resize's table: the kernel takes params row0, the first output row, and row_base, the input
    row its input pointer points at); "upsample" (a nearest-neighbour resize by a whole factor
    band[0]: output row y copies input row y // factor, band[1] bytes a row, from the whole input
    by a strided copy, narrowed in bands of whole factors)."""

    form: str
    window: tuple[int, int, int, int] = (1, 0, 0, 0)
    band: tuple[int, int, int, int] = (0, 0, 0, 0)
    sources: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        assert self.form in ("window", "rows", "transpose", "gather", "upsample"), self.form


RowsOf = Callable[[Graph, Op], "Rows | None"]

# The activation dtypes whose window and elementwise kernels take a band of rows: every one reads
# its rows through the params (in_h, out_h and pad_h; a size or the last dim) and row pointers, as
# the tiled stage narrows them.
STREAMED_DTYPES = (DType.INT8, DType.INT16, DType.FLOAT32)


def no_macs(graph: Graph, op: Op) -> int:
    """`macs` of an op that multiplies nothing (data movement, elementwise, activations)."""
    return 0


def not_in_place(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """`inplace` of an op with no in-place kernel."""
    return []


def no_views(graph: Graph, op: Op) -> list[View]:
    """`views` of an op whose outputs are computed, never a byte range of an operand."""
    return []


def not_streamed(graph: Graph, op: Op) -> Rows | None:
    """`rows` of an op the tiled stage cannot stream row by row."""
    return None


@dataclass(frozen=True)
class Kind:
    """What a model file may hold for one op kind; the frontend refuses anything else in one line.
    max_version None: a kind rvfw's passes make (TILED_STAGE, TT_EINSUM), never read from a file."""

    max_version: int | None
    inputs: tuple[int, int]  # fewest, most (as TFLite's schema defines the op)
    outputs: tuple[int, int] = (1, 1)
    optional: frozenset[int] = frozenset()  # input positions a model may omit (-1)
    options: tuple[str, ...] = ()  # options the op cannot do without

    def __post_init__(self) -> None:
        assert 0 <= self.inputs[0] <= self.inputs[1] and 0 <= self.outputs[0] <= self.outputs[1], self
        assert self.max_version is None or self.max_version >= 1, self


@dataclass(frozen=True)
class Form:
    """One dtype form of an op: how it is checked (refuse in one line what its kernels cannot
    run), counted, planned (in place, scratch) and lowered (one Layer: a kernel call)."""

    check: Check
    lower: Lower
    families: tuple[Family, ...]
    macs: Count = no_macs
    # (input it may overwrite or -1, scratch bytes) in order of preference (planner.inplace)
    inplace: InPlace = not_in_place
    scratch: Count | None = None  # scratch its kernel needs in every memory mode
    spare_scratch: Count | None = None  # scratch a fast kernel uses where it is free (ops.spare_scratch_bytes)
    kinds: tuple[OpKind, ...] | None = None  # the kinds it takes, when not every kind of its op
    views: Views = no_views  # operands that are byte ranges of others (memplan.View)
    rows: RowsOf = not_streamed  # how its output rows read its input rows (the tiled stage), or None

    def __post_init__(self) -> None:
        for name in ("check", "lower", "macs", "inplace", "views", "rows"):
            assert callable(getattr(self, name)), f"Form.{name} must be a function"
        assert all(isinstance(f, Family) for f in self.families), self.families


@dataclass(frozen=True)
class OpContract:
    kinds: dict[OpKind, Kind]
    forms: dict[DType | None, Form]
    fold: Fold | None = None  # values of the outputs from constant inputs, or None to leave it
    folds_any_input: bool = False  # SHAPE: folds whatever its input holds (static shapes)
    families: tuple[Family, ...] = field(init=False)

    def __post_init__(self) -> None:
        assert self.kinds and all(isinstance(k, OpKind) and isinstance(v, Kind) for k, v in self.kinds.items())
        assert self.forms and all(isinstance(f, Form) for f in self.forms.values())
        assert all(d is None or isinstance(d, DType) for d in self.forms), self.forms
        for form in self.forms.values():
            assert form.kinds is None or set(form.kinds) <= set(self.kinds), form.kinds
        fams: list[Family] = []
        for f in (f for form in self.forms.values() for f in form.families):
            if not any(f is g for g in fams):  # a family two forms share is listed once
                fams.append(f)
        object.__setattr__(self, "families", tuple(fams))

    def form(self, graph: Graph, op: Op) -> Form | None:
        """The form for this op's activation dtype (its first input's), else the `None` form."""
        dtype = graph.tensors[op.inputs[0]].dtype if op.inputs and op.inputs[0] >= 0 else None
        for form in (self.forms.get(dtype), self.forms.get(None)):
            if form is not None and (form.kinds is None or op.kind in form.kinds):
                return form
        return None  # no form takes this kind in this dtype (FLOOR_DIV int8: float32 only)
