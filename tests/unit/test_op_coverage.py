"""The op contract (ops.contract): every op module declares one, the frontend's version, arity and
option tables are built from them, and a module that lacks a part fails when it is imported."""

from __future__ import annotations

import pytest

from codegen.frontend import MAX_VERSION
from codegen.frontend.resources import RESOURCE_KINDS
from codegen.frontend.validate import ARITY, NEEDED_OPTIONS, OPTIONAL_INPUTS
from codegen.ir import DType, OpKind
from codegen.ops import CONTRACTS, KINDS, MODULES
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family


def test_every_op_kind_has_exactly_one_contract():
    declared = [kind for module in MODULES for kind in module.CONTRACT.kinds]
    assert len(declared) == len(set(declared)), "a kind declared by two op modules"
    assert set(OpKind) == set(declared) | set(RESOURCE_KINDS)


def test_the_frontend_tables_are_the_contracts():
    readable = {kind for kind, spec in KINDS.items() if spec.max_version is not None}
    assert set(MAX_VERSION) == readable | set(RESOURCE_KINDS)
    for kind in readable:
        spec = CONTRACTS[kind].kinds[kind]
        assert MAX_VERSION[kind] == spec.max_version
        assert ARITY[kind] == (spec.inputs, spec.outputs)
        assert OPTIONAL_INPUTS[kind] == set(spec.optional)
        assert NEEDED_OPTIONS[kind] == spec.options
    # rvfw's own kinds are never read from a file
    assert OpKind.TILED_STAGE not in MAX_VERSION and OpKind.TT_EINSUM not in MAX_VERSION


def test_every_form_is_whole():
    for module in MODULES:
        for dtype, form in module.CONTRACT.forms.items():
            for part in ("check", "lower", "macs", "inplace"):
                assert callable(getattr(form, part)), f"{module.__name__} {dtype}: {part}"


def _noop(*_args):
    return None


def test_a_contract_missing_a_part_fails_at_import():
    fam = family("X", "rvfw_x_params", "x_s8", ("ref",))
    with pytest.raises(TypeError):  # no lower
        Form(_noop, families=(fam,))  # type: ignore[call-arg]
    with pytest.raises(AssertionError):
        Form(_noop, None, (fam,))  # type: ignore[arg-type]
    with pytest.raises(AssertionError):
        OpContract(kinds={}, forms={None: Form(_noop, _noop, (fam,))})
    with pytest.raises(AssertionError):  # a form for a kind the op does not declare
        OpContract(kinds={OpKind.ELU: Kind(1, (1, 1))},
                   forms={DType.INT8: Form(_noop, _noop, (fam,), kinds=(OpKind.RELU,))})  # fmt: skip
    with pytest.raises(AssertionError):
        Kind(0, (1, 1))
