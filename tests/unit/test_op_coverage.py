"""Every op kind the frontend reads has an op module that checks and lowers it, and every kernel
a family names exists as a file with a declaration."""

from __future__ import annotations

import re

from codegen.frontend import MAX_VERSION
from codegen.frontend.validate import ARITY
from codegen.ir import OpKind
from codegen.ops import OPS, families
from tests.conftest import ROOT

# Read by the frontend and rewritten there (frontend.resources): no op reaches the ops with them.
FRONTEND_ONLY = {OpKind.VAR_HANDLE, OpKind.CALL_ONCE}


def test_every_readable_kind_has_an_op_module_and_an_arity():
    assert set(MAX_VERSION) - FRONTEND_ONLY <= set(OPS)
    assert set(MAX_VERSION) - FRONTEND_ONLY <= set(ARITY)


def test_every_family_kernel_is_a_declared_file():
    header = (ROOT / "firmware/include/rvfw_kernels.h").read_text()
    for family in families():
        for kernel in family.kernels.values():
            assert (ROOT / "firmware/kernels" / f"{kernel}.c").is_file(), kernel
            assert re.search(rf"\brvfw_{kernel}\(", header), kernel
