"""passes.uint8_as_int8: a legacy uint8 model's tensors become int8 ones (zero points and constant
bytes moved by 128) while its own inputs and outputs stay uint8; what it cannot run that way is
refused in one line naming why. (The kernel tier checks the results against LiteRT's reference:
tests/kernels/cases/legacy_uint8.py.)"""

from __future__ import annotations

import numpy as np
import pytest

from codegen.errors import ModelError
from codegen.frontend.tflite import load_tflite
from codegen.ir import DType, OpKind
from codegen.modelgen import ModelBuilder
from codegen.passes.uint8 import uint8_as_int8
from tests.kernels.cases.legacy_uint8 import legacy_net


def test_a_legacy_net_runs_on_int8_tensors_behind_uint8_io(tmp_path):
    path = tmp_path / "net.tflite"
    path.write_bytes(legacy_net(np.random.default_rng(5)))
    graph = load_tflite(path)
    before = [(t.dtype, t.quant) for t in graph.tensors]
    out = uint8_as_int8(graph)
    assert [(t.dtype, t.quant) for t in graph.tensors] == before  # pure
    io = {*out.inputs, *out.outputs}
    assert all(out.tensors[t].dtype is DType.UINT8 for t in io)
    inner = {t for op in out.ops for t in (*op.inputs, *op.outputs)} - io
    assert not [t for t in inner if out.tensors[t].dtype is DType.UINT8]
    assert out.ops[0].kind is OpKind.QUANTIZE and out.ops[-1].kind is OpKind.QUANTIZE
    x, first = graph.tensors[graph.inputs[0]], out.tensors[out.ops[0].outputs[0]]
    assert first.quant.scale == x.quant.scale and first.quant.zero_point == (x.quant.zero_point[0] - 128,)
    w = next(t for t in graph.tensors if t.name == "w1")
    assert np.array_equal(out.tensors[w.index].data.astype(int), w.data.astype(int) - 128)


def _conv(weights_zero_point: int) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 4, 2), np.uint8, scale=0.02, zero_point=100)
    w = m.tensor("w", (3, 1, 1, 2), np.uint8, scale=0.01, zero_point=weights_zero_point,
                 data=np.full((3, 1, 1, 2), 140))  # fmt: skip
    y = m.tensor("y", (1, 4, 4, 3), np.uint8, scale=0.05, zero_point=120)
    m.op("CONV_2D", [x, w], [y], padding="SAME", stride=(1, 1))
    return m.finish([x], [y])


def _average_pool() -> bytes:
    """An ADD (which the pass runs) then an AVERAGE_POOL_2D (which it does not)."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 4, 2), np.uint8, scale=0.02, zero_point=100)
    s = m.tensor("s", (1, 4, 4, 2), np.uint8, scale=0.04, zero_point=100)
    m.op("ADD", [x, x], [s])
    y = m.tensor("y", (1, 2, 2, 2), np.uint8, scale=0.04, zero_point=100)
    m.op("AVERAGE_POOL_2D", [s], [y], filter=(2, 2), stride=(2, 2))
    return m.finish([x], [y])


@pytest.mark.parametrize(
    ("model", "says"),
    [(_conv(131), "uint8 weights at zero point 131"), (_average_pool(), "rvfw has no uint8 AVERAGE_POOL_2D")],
)
def test_what_it_cannot_shift_is_refused_in_one_line(tmp_path, model, says):
    path = tmp_path / "m.tflite"
    path.write_bytes(model)
    with pytest.raises(ModelError) as err:
        uint8_as_int8(load_tflite(path))
    assert says in str(err.value) and len(str(err.value).splitlines()) == 1


def test_weights_at_zero_point_128_are_taken(tmp_path):
    path = tmp_path / "m.tflite"
    path.write_bytes(_conv(128))
    out = uint8_as_int8(load_tflite(path))
    assert out.tensors[1].dtype is DType.INT8 and out.tensors[1].quant.zero_point == (0,)
