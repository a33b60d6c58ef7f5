"""Resource variables (VAR_HANDLE, READ_VARIABLE, ASSIGN_VARIABLE, CALL_ONCE) as rvfw's variable
tensors.

TFLite keeps a resource variable in an interpreter-wide table keyed by (container, shared name):
the main subgraph's CALL_ONCE runs an initialiser subgraph on the first invocation, which assigns
each variable its starting value; VAR_HANDLE names a variable, READ_VARIABLE copies it out,
ASSIGN_VARIABLE copies a value in, and the values persist from one invocation to the next. rvfw
has no subgraphs and no table: each variable becomes one variable tensor of the state area whose
reset value is its initialiser's constant; READ_VARIABLE becomes a copy from it and
ASSIGN_VARIABLE a copy into it, in the model's order; VAR_HANDLE and CALL_ONCE disappear."""

from __future__ import annotations

import dataclasses

from codegen.errors import ModelError
from codegen.ir import Op, OpKind, Tensor

Key = tuple[str, str]  # (container, shared name)
# The kinds this module rewrites away (highest version read); READ_VARIABLE and ASSIGN_VARIABLE
# reach the ops as ops.variable's.
RESOURCE_KINDS = {OpKind.VAR_HANDLE: 1, OpKind.CALL_ONCE: 1}


def uses_resources(ops: list[Op]) -> bool:
    return any(op.kind in (OpKind.VAR_HANDLE, OpKind.CALL_ONCE) for op in ops)


def init_subgraphs(ops: list[Op]) -> set[int]:
    return {int(op.options.get("init_subgraph_index", -1)) for op in ops if op.kind is OpKind.CALL_ONCE}


def _key(op: Op) -> Key:
    return str(op.options.get("container", "")), str(op.options.get("shared_name", ""))


def _handles(ops: list[Op]) -> dict[int, Key]:
    return {op.outputs[0]: _key(op) for op in ops if op.kind is OpKind.VAR_HANDLE and op.outputs}


def initial_values(label: str, subgraph: int, tensors: list[Tensor], ops: list[Op]) -> dict[Key, Tensor]:
    """The constants an initialiser subgraph assigns, by variable. It may hold nothing but
    VAR_HANDLE and ASSIGN_VARIABLE of constants (what TFLite's converter writes)."""
    handles = _handles(ops)
    values: dict[Key, Tensor] = {}
    for op in ops:
        if op.kind is OpKind.VAR_HANDLE:
            continue
        if op.kind is not OpKind.ASSIGN_VARIABLE or len(op.inputs) != 2 or op.inputs[0] not in handles:
            what = f"subgraph {subgraph} (a CALL_ONCE initialiser): {op.kind.value} not supported there"
            raise ModelError(label, f"{what} (only VAR_HANDLE and ASSIGN_VARIABLE of constants)", op.index,
                             op.kind.value)  # fmt: skip
        value = tensors[op.inputs[1]]
        if not value.is_constant:
            raise ModelError(label, f"subgraph {subgraph}: the initial value of a resource variable must be a "
                             "constant", op.index, op.kind.value)  # fmt: skip
        values[handles[op.inputs[0]]] = value
    return values


def lower(
    label: str, tensors: list[Tensor], ops: list[Op], initial: dict[Key, Tensor]
) -> tuple[list[Tensor], list[Op]]:
    """The main subgraph with each resource variable as a variable tensor appended to `tensors`."""
    handles = _handles(ops)
    variables: dict[Key, int] = {}

    def like(op: Op) -> Tensor | None:  # what the model reads or writes, when no initialiser says
        if op.kind is OpKind.READ_VARIABLE and op.outputs:
            return tensors[op.outputs[0]]
        if op.kind is OpKind.ASSIGN_VARIABLE and len(op.inputs) == 2:
            return tensors[op.inputs[1]]
        return None

    out_tensors = list(tensors)
    for op in ops:
        if op.kind not in (OpKind.READ_VARIABLE, OpKind.ASSIGN_VARIABLE):
            continue
        if not op.inputs or op.inputs[0] not in handles:
            raise ModelError(label, "its resource input does not come from a VAR_HANDLE", op.index, op.kind.value)
        key = handles[op.inputs[0]]
        if key in variables:
            continue
        spec = initial.get(key) or like(op)
        name = key[1] or f"variable{len(variables)}"
        out_tensors.append(Tensor(index=len(out_tensors), name=name, shape=spec.shape, dtype=spec.dtype,
                                  quant=spec.quant, is_variable=True,
                                  initial=initial[key].data.copy() if key in initial else None))  # fmt: skip
        variables[key] = len(out_tensors) - 1
    rewritten: list[Op] = []
    for op in ops:
        if op.kind in (OpKind.VAR_HANDLE, OpKind.CALL_ONCE):
            continue
        if op.kind is OpKind.READ_VARIABLE:
            op = dataclasses.replace(op, inputs=(variables[handles[op.inputs[0]]],))
        elif op.kind is OpKind.ASSIGN_VARIABLE:
            if len(op.inputs) != 2:
                raise ModelError(label, "ASSIGN_VARIABLE needs a resource and a value", op.index, op.kind.value)
            op = dataclasses.replace(op, inputs=(op.inputs[1],), outputs=(variables[handles[op.inputs[0]]],))
        rewritten.append(dataclasses.replace(op, index=len(rewritten)))
    return out_tensors, rewritten
