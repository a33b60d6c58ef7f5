"""passes.uint8_as_int8: a legacy uint8 model's tensors become int8 ones (zero points and constant
bytes moved by 128) while its own inputs and outputs stay uint8; what it cannot run that way is
refused in one line naming why. (The kernel tier checks the results against LiteRT's reference:
tests/kernels/cases/legacy_uint8.py.)"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from codegen.errors import ModelError
from codegen.frontend.tflite import load_tflite
from codegen.ir import DType, OpKind
from codegen.modelgen import ModelBuilder
from codegen.ops.common import offset_weights
from codegen.ops.tflm_set import litert_only_in
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
    data = np.full((3, 1, 1, 2), 140)
    data.flat[0], data.flat[1] = 1, 255  # narrow range's ends: w - z fits int8 at zero point 128 alone
    w = m.tensor("w", (3, 1, 1, 2), np.uint8, scale=0.01, zero_point=weights_zero_point, data=data)
    y = m.tensor("y", (1, 4, 4, 3), np.uint8, scale=0.05, zero_point=120)
    m.op("CONV_2D", [x, w], [y], padding="SAME", stride=(1, 1))
    return m.finish([x], [y])


def _add_then_cast() -> bytes:
    """An ADD (which the pass runs) then a CAST of the uint8 sum (which reads raw values)."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 4, 2), np.uint8, scale=0.02, zero_point=100)
    s = m.tensor("s", (1, 4, 4, 2), np.uint8, scale=0.04, zero_point=100)
    m.op("ADD", [x, x], [s])
    y = m.tensor("y", (1, 4, 4, 2), np.float32)
    m.op("CAST", [s], [y])
    return m.finish([x], [y])


def _per_channel_uint8() -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (1, 4), np.uint8, scale=0.02, zero_point=100)
    w = m.tensor("w", (2, 4), np.uint8, scale=np.array([0.01, 0.02]), zero_point=np.array([128, 120]),
                 data=np.full((2, 4), 140), axis=0)  # fmt: skip
    y = m.tensor("y", (1, 2), np.uint8, scale=0.05, zero_point=120)
    m.op("FULLY_CONNECTED", [x, w], [y])
    return m.finish([x], [y])


def test_an_op_on_raw_uint8_gets_the_models_bytes_back(tmp_path):
    """A CAST of a uint8 sum reads raw uint8 values: a QUANTIZE back to uint8 runs before it."""
    path = tmp_path / "m.tflite"
    path.write_bytes(_add_then_cast())
    out = uint8_as_int8(load_tflite(path))
    kinds = [op.kind for op in out.ops]
    cast = next(op for op in out.ops if op.kind is OpKind.CAST)
    assert kinds[kinds.index(OpKind.CAST) - 1] is OpKind.QUANTIZE
    assert out.tensors[cast.inputs[0]].dtype is DType.UINT8 and out.tensors[cast.inputs[0]].quant.zero_point == (100,)


@pytest.mark.parametrize(("model", "says"), [(_per_channel_uint8(), "with per-channel quantisation")])
def test_what_it_cannot_shift_is_refused_in_one_line(tmp_path, model, says):
    path = tmp_path / "m.tflite"
    path.write_bytes(model)
    with pytest.raises(ModelError) as err:
        uint8_as_int8(load_tflite(path))
    assert says in str(err.value) and len(str(err.value).splitlines()) == 1


@pytest.mark.parametrize(("zero_point", "offset"), [(128, False), (131, True)])
def test_weights_at_128_are_symmetric_and_others_offset(tmp_path, zero_point, offset):
    """Weights whose w - z fit int8 become symmetric int8 ones (the fast kernels); others keep an
    offset, which the reference kernels add (common.offset_weights)."""
    path = tmp_path / "m.tflite"
    path.write_bytes(_conv(zero_point))
    graph = load_tflite(path)
    out = uint8_as_int8(replace(graph, litert_only=tuple(litert_only_in(graph))))
    assert out.tensors[1].dtype is DType.INT8 and out.tensors[1].quant.zero_point == ((zero_point - 128) * offset,)
    conv = next(op for op in out.ops if op.kind is OpKind.CONV_2D)
    assert offset_weights(out, conv) is offset
