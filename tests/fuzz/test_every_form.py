"""Every (op, dtype) form LiteRT's probe writes (tests/fuzz/litert_probe.py: one single-op model per
op form and each of seven dtypes, LiteRT runs most, not all) through the front half on a vector
and a scalar board with every kernel set: each is lowered or refused in one line, never an
internal error (a form whose check took a dtype or kind its lowering lacks: issue 56 found
FLOOR_MOD int64, REDUCE_ANY int8 and an int16 EXP whose table overflows)."""

from __future__ import annotations

import pytest

from codegen.choices import KernelSet
from codegen.errors import RvfwError
from codegen.ops import lower_graph
from codegen.pipeline.memory import prepare
from tests.fuzz.litert_probe import DTYPES, FORMS

BOARDS = ("spike-rv64gcv", "spike-rv32imc")


@pytest.mark.parametrize("op", sorted(FORMS))
def test_every_dtype_is_lowered_or_refused_in_one_line(tmp_path, op):
    for dtype, np_type in DTYPES.items():
        try:
            m, ins, outs = FORMS[op](np_type)
            data = m.finish(ins, outs)
        except Exception:  # the probe has no such form (e.g. bool weights): nothing to load
            continue
        path = tmp_path / f"{op}_{dtype}.tflite"
        path.write_bytes(data)
        for board in BOARDS:
            try:
                graph, b, plan = prepare(path, board)
                for kernels in (KernelSet.REF, KernelSet.SCALAR, KernelSet.RVV):
                    if kernels is KernelSet.RVV and not b.vector_kernels:
                        continue
                    lower_graph(graph, plan, kernels, b.vlen, b.caps)
            except RvfwError as exc:
                assert len(str(exc).splitlines()) == 1, (op, dtype, board, str(exc))
