"""The ops rvfw compiles: one module per op kind (or closely related kinds), each declaring its
whole Python story as one value, `CONTRACT` (ops.contract.OpContract): the kinds it reads with
their versions, arity and options; per activation dtype a form with `check` (refuse what its
kernels cannot run), `macs`, `inplace` (which input it may overwrite and the scratch its in-place
kernel needs), its kernel families (see ops.kernels) and `lower` (one Layer: a kernel call with
literal arguments); and `fold` where it can be computed at build time.

Adding an op: a module here (found by its CONTRACT), its kernels in firmware/kernels/ with their
declarations in firmware/include/rvfw_kernels.h, and a single-op test model (see
docs/architecture.md)."""

from __future__ import annotations

import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

from codegen.choices import KernelSet, Optimize
from codegen.errors import ModelError, summarize
from codegen.ir import Graph, Op, OpKind
from codegen.memplan import View
from codegen.ops import int4
from codegen.ops.common import ConstArray, Layer, LowerContext, cold_kernels, fail
from codegen.ops.contract import Form, Kind, OpContract, Rows
from codegen.ops.kernels import Family
from codegen.quant import MultiplierError


def _op_modules() -> tuple[ModuleType, ...]:
    """Every module of this package that declares a CONTRACT is an op: found, not listed by hand."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "CONTRACT"):
            assert isinstance(module.CONTRACT, OpContract), f"{module.__name__}.CONTRACT is not an OpContract"
            found.append(module)
    return tuple(found)


MODULES = _op_modules()
CONTRACTS: dict[OpKind, OpContract] = {kind: m.CONTRACT for m in MODULES for kind in m.CONTRACT.kinds}
# What a model file may hold, per kind (the frontend's version, arity and option tables).
KINDS: dict[OpKind, Kind] = {kind: spec for m in MODULES for kind, spec in m.CONTRACT.kinds.items()}


def form_of(graph: Graph, op: Op) -> Form:
    """The form that checks and lowers this op (ops.contract.OpContract.form); an op whose
    activation dtype no form takes is refused in one line naming the op and the dtype."""
    form = CONTRACTS[op.kind].form(graph, op)
    if form is None:
        dtype = graph.tensors[op.inputs[0]].dtype.name.lower()
        forms = CONTRACTS[op.kind].forms
        have = ", ".join(sorted(d.name.lower() for d, f in forms.items()
                                if d is not None and (f.kinds is None or op.kind in f.kinds)))  # fmt: skip
        raise fail(graph, op, f"{dtype} not supported (rvfw has {have})")
    return form


def families() -> list[Family]:
    """Every kernel family of every op (the registry, for `rvfw ops` and tests), each once (RESHAPE
    copies with CONCATENATION's family where its view was not taken)."""
    found: list[Family] = []
    for f in (f for module in MODULES for f in module.CONTRACT.families):
        if not any(f is g for g in found):
            found.append(f)
    return found


def check_graph(graph: Graph) -> None:
    """Every op's own check, before anything is written: one ModelError naming the op when one
    fails, or one line listing every op rvfw cannot compile and why when several do."""
    failures: list[ModelError] = []
    for op in graph.ops:
        try:
            form_of(graph, op).check(graph, op)
        except ModelError as exc:
            failures.append(exc)
        except MultiplierError as exc:
            failures.append(fail(graph, op, str(exc)))
    if failures:  # one form for one problem or many: what, then the ops it affects
        raise ModelError(Path(graph.source).name, f"not supported: {summarize(failures, '; ')}")


def macs(graph: Graph, op: Op) -> int:
    return form_of(graph, op).macs(graph, op)


def inplace_candidates(graph: Graph, op: Op) -> list[tuple[int, int]]:
    """(input tensor it may overwrite or -1, scratch bytes), in order of preference."""
    return form_of(graph, op).inplace(graph, op)


def declared_views(graph: Graph, op: Op) -> list[View]:
    """The byte ranges this op declares one operand to be of another (a form's `views`): only
    between arena operands of the op, each part once (what the planner may share)."""
    found, seen = [], set()
    for view in form_of(graph, op).views(graph, op):
        tensors = (graph.tensors[view.part], graph.tensors[view.whole])
        if view.part in seen or any(t.is_constant or t.is_variable for t in tensors):
            continue
        inside = view.offset >= 0 and view.offset + tensors[0].nbytes <= tensors[1].nbytes
        assert inside and view.part != view.whole, f"{op.kind.value} declares {view} outside its whole"
        found.append(view)
        seen.add(view.part)
    return found


def streaming_rows(graph: Graph, op: Op) -> Rows | None:
    """How the tiled stage can stream this op's output rows (a form's `rows`), or None."""
    try:
        form = form_of(graph, op)
    except ModelError:
        return None
    return form.rows(graph, op)


def scratch_bytes(graph: Graph, op: Op) -> int:
    """Scratch an op's kernel needs in every memory mode (a form's `scratch`, e.g. the LSTM's
    gate buffers), beside any its in-place kernel asks for."""
    scratch = form_of(graph, op).scratch
    return scratch(graph, op) if scratch else 0


def spare_scratch_bytes(graph: Graph, op: Op) -> int:
    """Scratch an op's fast kernel can use to run faster but does without (a form's
    `spare_scratch`, e.g. the fast scalar convolution's im2col columns): the planner gives it only where it
    does not grow the arena (whatever the kernel set: it is free), the lowering passes NULL where
    it got none."""
    spare = form_of(graph, op).spare_scratch
    return spare(graph, op) if spare else 0


def lower_graph(
    graph: Graph,
    plan,
    kernels: KernelSet | str = KernelSet.REF,
    vlen: int = 128,
    caps: frozenset[str] = frozenset({"fpu", "fpu64", "f32", "e64", "f64"}),
    optimize: Optimize | str = Optimize.SPEED,
) -> tuple[list[Layer], list[ConstArray]]:
    """One Layer per kernel call, from the requested kernel set where it has one (ops.kernels.pick
    falls back with a note); ops the plan runs in place get their in-place kernels; with optimize
    "size" no kernel that reads a speed table."""
    ctx = LowerContext(graph, plan, KernelSet(kernels), vlen, caps, Optimize(optimize))
    layers = lower_ops(ctx)
    # Lowerings may look at a tensor's raw weights and then emit a repacked copy: keep what is called with.
    used = {a.name for layer in layers for call in _calls(layer) for a in _const_args(call) if a.kind == "const"}
    return layers, [c for c in ctx.constants.values() if c.name in used]


def lower_ops(ctx: LowerContext) -> list[Layer]:
    """The layers of ctx.graph's ops, in order (a WHILE loop's subgraphs lower through this too,
    with a context of their own that shares the constants)."""
    layers = []
    for op in ctx.graph.ops:
        try:
            lowered = form_of(ctx.graph, op).lower(ctx, op)  # None (a view), a Layer, or several (one per input)
        except MultiplierError as exc:  # the scales ask for arithmetic TFLite Micro does not define
            raise fail(ctx.graph, op, str(exc)) from None
        lowered = [] if lowered is None else lowered if isinstance(lowered, list) else [lowered]
        layers += int4.unpack_before(ctx, op, lowered)
    return layers


def _calls(layer: Layer) -> list[Layer]:
    return [layer, *(c for child in layer.children for c in _calls(child))]


def _const_args(layer: Layer) -> list:
    """A layer's arguments, and a loop's copies' sources (a constant the loop starts from)."""
    copies = [c.src for c in (*layer.loop.enter, *layer.loop.back)] if layer.loop else []
    if layer.branch:
        b = layer.branch
        copies = [c.src for c in (*b.then_enter, *b.then_leave, *b.else_enter, *b.else_leave)]
    return [*layer.args, *copies]


__all__ = [
    "CONTRACTS",
    "KINDS",
    "MODULES",
    "ConstArray",
    "Layer",
    "LowerContext",
    "check_graph",
    "cold_kernels",
    "declared_views",
    "families",
    "inplace_candidates",
    "lower_graph",
    "macs",
    "scratch_bytes",
    "spare_scratch_bytes",
    "streaming_rows",
    "form_of",
]
