"""WHILE and IF (issue 30): control flow lowered into C loops and branches, bit for bit with TFLite
Micro. The converter corpus runs the Keras GRU, SimpleRNN and RNN(LSTMCell) layers the converter
writes as WHILE loops and a tf.cond it writes as an IF; here: both branches of that IF, loops built
by hand (float32 and int8; a trip count from the condition, constants carried in, a carried value
the body passes through), and one-line refusals of malformed control flow."""

from __future__ import annotations

import numpy as np
import pytest

from codegen import pipeline
from codegen.errors import RvfwError
from codegen.modelgen import ModelBuilder
from tests.conftest import ROOT, quiet

CORPUS = ROOT / "tests" / "data" / "converters"
BOARDS = ["spike-rv64gcv", "spike-rv32imc"]


def _check(tmp_path, model, board, inputs) -> None:
    for k, array in enumerate(inputs):
        np.save(tmp_path / f"in{k}.npy", array)
    files = [tmp_path / f"in{k}.npy" for k in range(len(inputs))]
    b = pipeline.build(model, board, tmp_path / "out", options=pipeline.BuildOptions(inputs=files), log=quiet)
    result = pipeline.check(pipeline.run(b, timeout=600, log=quiet), log=quiet)
    assert result.bit_exact, f"{result.total - result.matched} outputs differ"


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_if_takes_each_branch_bit_exact(tmp_path, sim_tools, board, sign):
    x = (sign * np.linspace(0.1, 0.8, 8)).astype(np.float32).reshape(1, 8)
    _check(tmp_path, CORPUS / "keras_cond_if_float.tflite", board, [x])


def counting_loop(trips: int = 5, cond_output=np.bool_, body_shape=(4,), cond_index=1) -> bytes:
    """acc = acc * 1.5 + x, `trips` times: the counter starts from a constant, x rides along
    unchanged (a body output that is its own input)."""
    main = ModelBuilder()
    x = main.tensor("x", (4,), np.float32)
    zero = main.tensor("zero", (), np.int32, data=np.int32(0))
    acc0 = main.tensor("acc0", (4,), np.float32, data=np.zeros(4, np.float32))
    outs = [main.tensor("i_out", (), np.int32), main.tensor("acc_out", (4,), np.float32),
            main.tensor("x_out", (4,), np.float32)]  # fmt: skip
    main.op("WHILE", [zero, acc0, x], outs, 1, cond=cond_index, body=2)
    cond = ModelBuilder()
    ci = [cond.tensor("i", (), np.int32), cond.tensor("acc", (4,), np.float32), cond.tensor("x", (4,), np.float32)]
    limit = cond.tensor("limit", (), np.int32, data=np.int32(trips))
    flag = cond.tensor("flag", (), cond_output)
    cond.op("LESS", [ci[0], limit], [flag], 1)
    body = ModelBuilder()
    bi = [
        body.tensor("i", (), np.int32),
        body.tensor("acc", body_shape, np.float32),
        body.tensor("x", (4,), np.float32),
    ]
    one = body.tensor("one", (), np.int32, data=np.int32(1))
    rate = body.tensor("rate", (), np.float32, data=np.float32(1.5))
    i_next, scaled, acc_next = (body.tensor("i_next", (), np.int32), body.tensor("scaled", body_shape, np.float32),
                                body.tensor("acc_next", body_shape, np.float32))  # fmt: skip
    body.op("ADD", [bi[0], one], [i_next], 1)
    body.op("MUL", [bi[1], rate], [scaled], 1)
    body.op("ADD", [scaled, bi[2]], [acc_next], 1)
    return main.finish([x], [outs[1]], extra=[(cond, ci, [flag]), (body, bi, [i_next, acc_next, bi[2]])])


@pytest.mark.parametrize("board", BOARDS)
def test_counting_loop_bit_exact(tmp_path, sim_tools, board):
    model = tmp_path / "loop.tflite"
    model.write_bytes(counting_loop())
    _check(tmp_path, model, board, [np.array([0.5, -1.25, 3.0, 1e-3], np.float32)])


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"cond_index": 0}, "cond subgraph 0 does not exist, is used twice or encloses the loop"),
    ({"cond_output": np.float32}, "the cond subgraph must give one bool"),
    ({"body_shape": (2, 2)}, r"loop value 1: its body input's float32 \[2, 2\] is not float32 \[4\]"),
])  # fmt: skip
def test_malformed_loops_are_refused_in_one_line(tmp_path, kwargs, message):
    model = tmp_path / "loop.tflite"
    model.write_bytes(counting_loop(**kwargs))
    with pytest.raises(RvfwError, match=message) as info:
        pipeline.prepare(model, "spike-rv64gcv")
    assert "\n" not in str(info.value)


def int8_loop(trips: int = 4) -> bytes:
    """An int8 loop (TensorFlow 2.21's converter crashes quantizing WHILE loops, so none is in the
    corpus): acc = acc + x, `trips` times, in int8 with TFLite Micro's rescaling ADD."""
    main = ModelBuilder()
    x = main.tensor("x", (1, 6), np.int8, 0.05, -3)
    zero = main.tensor("zero", (), np.int32, data=np.int32(0))
    acc0 = main.tensor("acc0", (1, 6), np.int8, 0.2, 5, data=np.full((1, 6), 5, np.int8))
    outs = [main.tensor("i_out", (), np.int32), main.tensor("acc_out", (1, 6), np.int8, 0.2, 5),
            main.tensor("x_out", (1, 6), np.int8, 0.05, -3)]  # fmt: skip
    main.op("WHILE", [zero, acc0, x], outs, 1, cond=1, body=2)
    cond = ModelBuilder()
    ci = [cond.tensor("i", (), np.int32), cond.tensor("acc", (1, 6), np.int8, 0.2, 5),
          cond.tensor("x", (1, 6), np.int8, 0.05, -3)]  # fmt: skip
    limit = cond.tensor("limit", (), np.int32, data=np.int32(trips))
    flag = cond.tensor("flag", (), np.bool_)
    cond.op("LESS", [ci[0], limit], [flag], 1)
    body = ModelBuilder()
    bi = [body.tensor("i", (), np.int32), body.tensor("acc", (1, 6), np.int8, 0.2, 5),
          body.tensor("x", (1, 6), np.int8, 0.05, -3)]  # fmt: skip
    one = body.tensor("one", (), np.int32, data=np.int32(1))
    i_next, acc_next = body.tensor("i_next", (), np.int32), body.tensor("acc_next", (1, 6), np.int8, 0.2, 5)
    body.op("ADD", [bi[0], one], [i_next], 1)
    body.op("ADD", [bi[1], bi[2]], [acc_next])
    return main.finish([x], [outs[1]], extra=[(cond, ci, [flag]), (body, bi, [i_next, acc_next, bi[2]])])


@pytest.mark.parametrize("board", BOARDS)
def test_int8_loop_bit_exact(tmp_path, sim_tools, board):
    model = tmp_path / "loop8.tflite"
    model.write_bytes(int8_loop())
    _check(tmp_path, model, board, [np.array([[-128, -60, -3, 0, 77, 127]], np.int8)])
