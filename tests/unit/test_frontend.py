import numpy as np
import pytest

from codegen.errors import ModelError
from codegen.frontend.tflite import load_tflite
from codegen.ir import DType, OpKind
from codegen.modelgen import ModelBuilder
from codegen.ops import check_graph
from codegen.paths import DEFAULT_MODEL
from tests.conftest import mlperf_model


def fc_model(
    in_dtype=np.int8, signature=None, version=None, kind="FULLY_CONNECTED", subgraphs=1, activation="NONE"
) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (1, 8), in_dtype, scale=0.1, signature=signature)
    w = m.tensor("w", (4, 8), scale=0.01, data=np.ones((4, 8), np.int8))
    y = m.tensor("y", (1, 4), scale=0.2)
    m.op(kind, [x, w], [y], version=version, activation=activation)
    return m.finish([x], [y], subgraphs=subgraphs)


def load_bytes(tmp_path, data: bytes, name="model.tflite"):
    path = tmp_path / name
    path.write_bytes(data)
    graph = load_tflite(path)
    check_graph(graph)
    return graph


def test_reads_kws_into_ir():
    g = load_tflite(mlperf_model("kws_dscnn"))
    assert g.name == "kws_dscnn_int8"
    assert [op.kind for op in g.ops].count(OpKind.CONV_2D) == 5
    x = g.tensors[g.inputs[0]]
    assert x.shape == (1, 49, 10, 1) and x.dtype is DType.INT8
    conv_w = g.tensors[g.ops[0].inputs[1]]
    assert conv_w.is_constant and conv_w.quant.per_channel and conv_w.quant.axis == 0
    assert g.ops[0].options == {"padding": "SAME", "stride": (2, 2), "dilation": (1, 1), "activation": "RELU"}


def test_reads_the_bundled_example():
    g = load_tflite(DEFAULT_MODEL)
    check_graph(g)
    # The example runs the whole first-release op set plus PAD; ops added since are covered by
    # single-op models (tests/kernels), as the op set is about to triple.
    first_release = {
        OpKind.ADD,
        OpKind.AVERAGE_POOL_2D,
        OpKind.CONV_2D,
        OpKind.DEPTHWISE_CONV_2D,
        OpKind.DEQUANTIZE,
        OpKind.FULLY_CONNECTED,
        OpKind.MAX_POOL_2D,
        OpKind.QUANTIZE,
        OpKind.RESHAPE,
        OpKind.SOFTMAX,
    }
    assert {op.kind for op in g.ops} == first_release | {OpKind.PAD}  # fmt: skip


def test_operator_codes_written_only_in_builtin_code(tmp_path):
    """AI Edge Quantizer writes only the int32 builtin_code (the int8 field stays 0, ADD): read the
    larger of the two as TFLite Micro does (issue 36), not the tflite package's BuiltinCode()."""
    m = ModelBuilder(deprecated_codes=False)
    x = m.tensor("x", (1, 8), np.float32)
    q = m.tensor("q", (1, 8), np.int8, scale=0.01, zero_point=3)
    y = m.tensor("y", (1, 8), np.float32)
    m.op("QUANTIZE", [x], [q])
    m.op("DEQUANTIZE", [q], [y])
    graph = load_bytes(tmp_path, m.finish([x], [y]))
    assert [op.kind for op in graph.ops] == [OpKind.QUANTIZE, OpKind.DEQUANTIZE]


def test_free_batch_dimension_is_accepted(tmp_path):
    g = load_bytes(tmp_path, fc_model(signature=(-1, 8)))
    assert g.tensors[g.inputs[0]].shape == (1, 8)


def test_free_dimensions_in_the_signature_take_the_stored_shape(tmp_path):
    """Keras RNN exports: shape_signature [1, -1, 8], stored shape [1, 8] static; TFLite Micro
    uses the stored shape (issue 29)."""
    g = load_bytes(tmp_path, fc_model(signature=(1, -1)))
    assert g.tensors[g.inputs[0]].shape == (1, 8)


def dynamic_model() -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (1, -1))
    y = m.tensor("y", (1, -1))
    m.op("RELU", [x], [y])
    return m.finish([x], [y])


@pytest.mark.parametrize(
    "data, message",
    [
        (b"", "model.tflite: not a TFLite flatbuffer"),
        (b"\x00" * 64, "model.tflite: not a TFLite flatbuffer"),
        (
            fc_model(subgraphs=2),
            "model.tflite: 2 subgraphs; rvfw compiles the main one, the cond and body of WHILE loops, the branches "
            "of IFs and CALL_ONCE initialisers of resource variables, each used once",
        ),
        (dynamic_model(), "model.tflite: tensor 0 'x' has a dynamic shape [1, -1]"),
        (
            fc_model(kind="UNIDIRECTIONAL_SEQUENCE_RNN"),
            "model.tflite: not supported: UNIDIRECTIONAL_SEQUENCE_RNN (op #0)",
        ),
        (fc_model(version=13), "model.tflite: not supported: FULLY_CONNECTED version 13 (op #0)"),
        (fc_model(in_dtype=np.int32), "model.tflite: not supported: FULLY_CONNECTED: int32 input not supported"),
        (fc_model(activation="RELU_N1_TO_1"), None),
    ],
)
def test_rejections_are_one_line(tmp_path, data, message):
    if message is None:  # control: a valid variant loads
        load_bytes(tmp_path, data)
        return
    with pytest.raises(ModelError) as info:
        load_bytes(tmp_path, data)
    assert str(info.value).startswith(message)
    assert "\n" not in str(info.value)


def test_truncated_model_is_rejected(tmp_path):
    data = mlperf_model("kws_dscnn").read_bytes()
    for cut in (len(data) // 2, len(data) - 100, 64):
        with pytest.raises(ModelError, match="truncated or corrupt"):
            load_bytes(tmp_path, data[:cut])


def test_missing_file(tmp_path):
    with pytest.raises(ModelError, match="nope.tflite: cannot read model"):
        load_tflite(tmp_path / "nope.tflite")


def test_every_missing_op_kind_in_one_line(tmp_path):
    # A keyword-spotting-like graph of ops rvfw lacks: all of them are named at once, with indices.
    m = ModelBuilder()
    shape = (1, 8)
    x = m.tensor("x", shape, scale=0.1)
    t = [m.tensor(f"t{i}", shape, scale=0.1) for i in range(4)]
    m.op("BIDIRECTIONAL_SEQUENCE_LSTM", [x], [t[0]])
    m.op("UNIDIRECTIONAL_SEQUENCE_RNN", [t[0]], [t[1]])
    m.op("SOFTMAX", [t[1]], [t[2]])
    m.op("BIDIRECTIONAL_SEQUENCE_LSTM", [t[2]], [t[3]])
    with pytest.raises(ModelError) as info:
        load_bytes(tmp_path, m.finish([x], [t[3]]))
    assert (
        str(info.value) == "model.tflite: not supported: BIDIRECTIONAL_SEQUENCE_LSTM (2 ops #0, #3), "
        "UNIDIRECTIONAL_SEQUENCE_RNN (op #1)"
    )


def test_lstm_variants_tflm_refuses_are_refused(tmp_path):
    from codegen.ops import check_graph
    from tests.kernels.cases import lstm

    path = tmp_path / "model.tflite"
    path.write_bytes(lstm(np.random.default_rng(1), 1, 3, 4, 5, peephole=True))
    with pytest.raises(ModelError, match=r"peephole LSTM not supported \(TFLite Micro runs the standard LSTM only\)"):
        check_graph(load_tflite(path))


def test_every_unsupported_dtype_in_one_line(tmp_path):
    m = ModelBuilder()
    x = m.tensor("x", (1, 8), np.int32, scale=0.1)
    w = m.tensor("w", (4, 8), scale=0.01, data=np.ones((4, 8), np.int8))
    y = m.tensor("y", (1, 4), np.int32, scale=0.2)
    z = m.tensor("z", (1, 4), np.int32, scale=0.2)
    m.op("FULLY_CONNECTED", [x, w], [y])
    m.op("SOFTMAX", [y], [z])
    with pytest.raises(ModelError) as info:
        load_bytes(tmp_path, m.finish([x], [z]))
    text = str(info.value)
    assert text.startswith("model.tflite: not supported: FULLY_CONNECTED: int32 input not supported")
    assert "(op #0); SOFTMAX: int32 input not supported" in text and text.endswith("(op #1)")


def test_resource_variables_become_state_with_their_initial_value(tmp_path):
    from tests.kernels.cases import resource_accumulator

    path = tmp_path / "model.tflite"
    path.write_bytes(resource_accumulator(np.random.default_rng(3), read_after=True))
    graph = load_tflite(path)
    assert [op.kind.value for op in graph.ops] == ["READ_VARIABLE", "ADD", "ASSIGN_VARIABLE", "READ_VARIABLE",
                                                    "QUANTIZE"]  # fmt: skip
    (variable,) = graph.variables
    t = graph.tensors[variable]
    assert t.name == "acc" and t.shape == (2, 8) and t.initial is not None and t.initial.shape == (2, 8)
    assert graph.ops[0].inputs == (variable,) and graph.ops[2].outputs == (variable,)


def test_a_call_once_initialiser_with_other_ops_is_refused(tmp_path):
    m = ModelBuilder()
    x = m.tensor("x", (1, 4), scale=0.1)
    h = m.tensor("h", (), "resource")
    y = m.tensor("y", (1, 4), scale=0.1)
    m.op("CALL_ONCE", [], [], init_subgraph_index=1)
    m.op("VAR_HANDLE", [], [h], shared_name="v")
    m.op("READ_VARIABLE", [h], [y])
    init = ModelBuilder()
    ih = init.tensor("h", (), "resource")
    a = init.tensor("a", (1, 4), scale=0.1, data=np.ones(4))
    b = init.tensor("b", (1, 4), scale=0.1)
    init.op("VAR_HANDLE", [], [ih], shared_name="v")
    init.op("RELU", [a], [b])
    init.op("ASSIGN_VARIABLE", [ih, b], [])
    with pytest.raises(ModelError, match="subgraph 1 \\(a CALL_ONCE initialiser\\): RELU not supported there"):
        load_bytes(tmp_path, m.finish([x], [y], init=init))
