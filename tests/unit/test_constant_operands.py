"""Any op input may be a constant (issue 56): a GATHER over a constant embedding table stopped with
an internal KeyError, as a constant DEQUANTIZE and ZEROS_LIKE did before: each was fixed where it
was found. Here every input of every kernel-case model (tests/kernels/cases/: every op form the
contract declares a kernel for) is made a constant in turn, and the model must plan and lower for
the scalar and the RVV kernel set, or be refused in one line (an RvfwError): never anything else.
Constants are read from flash where they are (LowerContext.arena)."""

from __future__ import annotations

import copy
import zlib

import numpy as np
import pytest

from codegen.boards import load_board
from codegen.errors import RvfwError
from codegen.frontend import load_tflite
from codegen.ops import check_graph, lower_graph
from codegen.pipeline.memory import plan_option
from tests.kernels.cases import CASES


def _constant_variants(graph):
    """The graph with each graph input, in turn, a constant of seeded values in its dtype's range
    (indices and counts within 0..3, so a GATHER or a TILE reads inside its table)."""
    for t in graph.inputs:
        g = copy.deepcopy(graph)
        tensor = g.tensors[t]
        rng = np.random.default_rng(t)
        dtype = np.dtype(tensor.dtype.np_type)
        if dtype.kind == "f":
            values = rng.standard_normal(tensor.shape).astype(dtype)
        elif dtype.kind == "b":
            values = rng.integers(0, 2, tensor.shape).astype(dtype)
        else:
            values = rng.integers(0, 4, tensor.shape).astype(dtype)
        tensor.data = values
        g.inputs = tuple(i for i in g.inputs if i != t)
        yield t, g


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_input_may_be_a_constant(tmp_path, case):
    model = tmp_path / f"{case}.tflite"
    model.write_bytes(CASES[case].build(np.random.default_rng(zlib.crc32(case.encode()))))
    graph = load_tflite(model)
    for kernels, board in (("scalar", load_board("spike-rv32imc")), ("rvv", load_board("spike-rv64gcv"))):
        for _t, g in _constant_variants(graph):
            if not g.inputs:  # nothing left to compute from at run time: the converter folds these
                continue
            try:
                check_graph(g)
                planned = plan_option(g, board, "best", "fast", kernel_set=kernels)
                lower_graph(planned.graph, planned.plan, kernels, board.vlen or 128, board.caps)
            except RvfwError:
                continue  # refused in one line: allowed
