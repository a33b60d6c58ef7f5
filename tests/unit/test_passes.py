import pytest

from codegen.frontend.tflite import load_tflite
from codegen.ir import OpKind
from codegen.passes import fuse_residual_adds
from tests.conftest import mlperf_model


def test_resnet_adds_fold_into_the_last_conv_before_them():
    g = load_tflite(mlperf_model("ic_resnet8"))
    fused = fuse_residual_adds(g)
    assert [op.kind for op in fused.ops].count(OpKind.ADD) == 0
    assert len(fused.ops) == len(g.ops) - 3
    convs = [op for op in fused.ops if op.fused_add is not None]
    assert [op.index for op in convs] == [2, 6, 10]
    # The first block's residual is the stem's output, the ADD's first input; the other two add
    # the 1x1 shortcut conv to the main branch, whose last conv comes before the shortcut.
    assert [op.fused_add.residual_first for op in convs] == [True, False, False]
    assert all(op.outputs == g.ops[op.index + 1].outputs for op in convs)


def test_pass_is_pure_on_a_graph_it_changes():
    g = load_tflite(mlperf_model("ic_resnet8"))
    before = (list(g.ops), [dict(op.options) for op in g.ops], [op.inputs for op in g.ops])
    fused = fuse_residual_adds(g)
    assert len(fused.ops) < len(g.ops)  # the pass did change this graph
    assert (list(g.ops), [dict(op.options) for op in g.ops], [op.inputs for op in g.ops]) == before


def test_pass_leaves_plain_chains_alone():
    g = load_tflite(mlperf_model("kws_dscnn"))
    assert fuse_residual_adds(g).ops == g.ops


def test_reorder_runs_the_branch_that_frees_memory_first():
    from codegen.passes import reorder_for_memory
    from codegen.planner import plan_memory
    from tests.unit.test_planner import graph

    # Model order computes a (100 B) first and keeps it alive while b (100 B) is made and reduced.
    g = graph(
        {"in": 10, "a": 100, "b": 100, "c": 10, "out": 10},
        [
            ("CONV_2D", ["in"], ["a"]),
            ("CONV_2D", ["in"], ["b"]),
            ("CONV_2D", ["b"], ["c"]),
            ("ADD", ["a", "c"], ["out"]),
        ],
        ["in"],
        ["out"],
    )
    r = reorder_for_memory(g)
    assert [op.index for op in r.ops] == [1, 2, 0, 3]
    assert plan_memory(g).lower_bound == 210 and plan_memory(r).lower_bound == 120
    assert reorder_for_memory(r).ops == r.ops  # already the better order: unchanged


def test_pad_folds_into_the_valid_conv_after_it(tmp_path):
    import numpy as np

    from codegen.passes import fold_pad_into_conv
    from tests.kernels.cases import pad_then_conv

    path = tmp_path / "padconv.tflite"
    path.write_bytes(pad_then_conv(np.random.default_rng(0), 9, 8, 3, 6, (3, 3), (2, 2), ((0, 1), (0, 1))))
    g = load_tflite(path)
    folded = fold_pad_into_conv(g)
    assert [op.kind for op in g.ops] == [OpKind.PAD, OpKind.CONV_2D]  # the pass is pure
    assert [op.kind for op in folded.ops] == [OpKind.CONV_2D]
    conv = folded.ops[0]
    assert conv.inputs[0] == g.inputs[0] and conv.explicit_pad == (0, 1, 0, 1)


def test_simplify_folds_constants_and_drops_identity_ops(tmp_path):
    import zlib

    import numpy as np

    from codegen.passes import fold_constants, remove_identity_ops
    from tests.kernels.cases import simplifiable

    path = tmp_path / "s.tflite"
    path.write_bytes(simplifiable(np.random.default_rng(zlib.crc32(b"s"))))
    g = load_tflite(path)
    before = list(g.ops)
    folded = fold_constants(g)
    assert [op.kind for op in folded.ops] == [OpKind.TRANSPOSE, OpKind.TRANSPOSE, OpKind.QUANTIZE, OpKind.ADD,
                                              OpKind.RESHAPE]  # fmt: skip
    add = folded.ops[3]
    assert folded.tensors[add.inputs[1]].is_constant and folded.tensors[add.inputs[1]].shape == (1, 6, 3)
    simple = remove_identity_ops(folded)
    # The RESHAPE writes the graph output, so it stays; the TRANSPOSE pair and the QUANTIZE go.
    assert [op.kind for op in simple.ops] == [OpKind.ADD, OpKind.RESHAPE]
    assert simple.ops[0].inputs[0] == g.inputs[0]
    assert g.ops == before and not g.tensors[add.inputs[1]].is_constant  # pure


def test_einsum_chain_of_the_converter_runs_as_two_tt_einsums(tmp_path):
    from codegen.family_models import tt_einsum_export
    from codegen.passes import fuse_einsum_transposes

    path = tmp_path / "tt.tflite"
    path.write_bytes(tt_einsum_export())
    g = load_tflite(path)
    kinds = [op.kind for op in g.ops]
    fused = fuse_einsum_transposes(g)
    assert [op.kind for op in g.ops] == kinds  # the pass is pure
    assert [op.kind for op in fused.ops] == [OpKind.RESHAPE, OpKind.TT_EINSUM, OpKind.RESHAPE, OpKind.TT_EINSUM,
                                             OpKind.RESHAPE]  # fmt: skip
    first, second = (op for op in fused.ops if op.kind is OpKind.TT_EINSUM)
    # The first FC's 8 rows (m1) of 16 x 8 outputs (n2, rank) land as [n2][m1][rank]: r_out = rank.
    assert (first.options["prev_m"], first.options["n"], first.options["r_out"]) == (8, 16, 8)
    assert (second.options["prev_m"], second.options["n"], second.options["r_out"]) == (16, 8, 1)
    assert first.options["exact"] and second.inputs[2] >= 0  # the second keeps its bias
    # Each einsum writes the tensor its TRANSPOSE wrote, the RESHAPE views after it stay.
    transposes = [op for op in g.ops if op.kind is OpKind.TRANSPOSE]
    assert [first.outputs, second.outputs] == [t.outputs for t in transposes]


def test_einsum_pass_leaves_a_transpose_that_mixes_rows_into_outputs(tmp_path):
    import numpy as np

    from codegen.modelgen import ModelBuilder
    from codegen.passes import fuse_einsum_transposes

    m = ModelBuilder()
    x = m.tensor("x", (4, 5), scale=0.05, zero_point=0)
    w = m.tensor("w", (6, 5), scale=0.01, data=np.arange(30).reshape(6, 5) % 7 - 3)
    y = m.tensor("y", (4, 6), scale=0.1, zero_point=0)
    shape = m.tensor("shape", (3,), np.int32, data=np.array([4, 2, 3], np.int32))
    r = m.tensor("r", (4, 2, 3), scale=0.1, zero_point=0)
    perm = m.tensor("perm", (3,), np.int32, data=np.array([2, 1, 0], np.int32))
    t = m.tensor("t", (3, 2, 4), scale=0.1, zero_point=0)
    m.op("FULLY_CONNECTED", [x, w], [y])
    m.op("RESHAPE", [y, shape], [r])
    m.op("TRANSPOSE", [r, perm], [t])
    path = tmp_path / "mixed.tflite"
    path.write_bytes(m.finish([x], [t]))
    g = load_tflite(path)
    # Output (a, b) of row r lands at b * 8 + a * 4 + r: no (r_out) of the einsum form gives that.
    assert fuse_einsum_transposes(g).ops == g.ops


def test_shape_folds_to_a_constant_and_its_readers_after_it(tmp_path):
    """PyTorch and ONNX exports: SHAPE -> STRIDED_SLICE -> PACK -> RESHAPE's shape (issue 29): the
    shapes are static, so the chain folds away and the RESHAPE reads a constant shape."""
    import numpy as np

    from codegen.frontend.tflite import load_tflite
    from codegen.ir import OpKind
    from codegen.modelgen import ModelBuilder
    from codegen.ops import check_graph
    from codegen.passes import fold_constants

    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 6), scale=0.1)
    shape = m.tensor("shape", (3,), np.int32)
    begin = m.tensor("begin", (1,), np.int32, data=np.array([0], np.int32))
    end = m.tensor("end", (1,), np.int32, data=np.array([1], np.int32))
    stride = m.tensor("stride", (1,), np.int32, data=np.array([1], np.int32))
    batch = m.tensor("batch", (), np.int32)
    minus_one = m.tensor("minus_one", (), np.int32, data=np.array(-1, np.int32))
    target = m.tensor("target", (2,), np.int32)
    y = m.tensor("y", (1, 24), scale=0.1)
    m.op("SHAPE", [x], [shape])
    m.op("STRIDED_SLICE", [shape, begin, end, stride], [batch], shrink_axis_mask=1)
    m.op("PACK", [batch, minus_one], [target], axis=0, values_count=2)
    m.op("RESHAPE", [x, target], [y])
    (tmp_path / "m.tflite").write_bytes(m.finish([x], [y]))
    graph = fold_constants(load_tflite(tmp_path / "m.tflite"))
    assert [op.kind for op in graph.ops] == [OpKind.RESHAPE]
    assert graph.tensors[target].data.tolist() == [1, -1]
    check_graph(graph)


def test_every_pass_leaves_the_dtypes_it_does_not_declare_alone():
    """Pass.dtypes is what a pass rewrites: run over the converter corpus's models of every other
    dtype, it changes no op (issue 36: fusions right for int8 only broke float32 and 16x8 models)."""
    from codegen.frontend.tflite import load_tflite
    from codegen.ir import DType
    from codegen.passes import PASSES, fold_constants, remove_identity_ops
    from tests.conftest import ROOT

    dtypes = {"int8": DType.INT8, "int8f": DType.INT8, "uint8": DType.INT8, "int4w": DType.INT8, "16x8": DType.INT16,
              "float": DType.FLOAT32, "float16": DType.FLOAT32, "dynamic": DType.FLOAT32}  # fmt: skip
    checked = 0
    for model in sorted((ROOT / "tests" / "data" / "converters").glob("*.tflite")):
        dtype = dtypes[model.stem.rsplit("_", 1)[1]]
        graph = remove_identity_ops(fold_constants(load_tflite(model)))
        for p in PASSES:
            if dtype in p.dtypes:
                continue
            after = p.run(graph)
            assert [(op.kind, op.inputs, op.outputs) for op in after.ops] == [
                (op.kind, op.inputs, op.outputs) for op in graph.ops
            ], f"{p.name} rewrote {model.name}, a {dtype.name} model it does not declare"
            checked += 1
    assert checked > 50


def test_io_int8_leaves_the_models_quantize_and_dequantize_to_the_caller(tmp_path):
    """--io int8 (issue 31): the graph's I/O become the int8 tensors around the model's own
    QUANTIZE and DEQUANTIZE, which the graph no longer runs; it records the float tensors TFLite
    Micro still reads and writes. A model without them is refused in one line."""
    from codegen.errors import ModelError
    from codegen.ir import DType
    from codegen.passes.io import strip_io_quantization
    from tests.kernels.cases import activation, float_io_relu, quantize_float

    model = tmp_path / "float_io.tflite"
    model.write_bytes(float_io_relu())
    graph = load_tflite(model)
    stripped = strip_io_quantization(graph)
    assert [op.kind.value for op in stripped.ops] == ["RELU"]
    assert [stripped.tensors[t].dtype for t in (*stripped.inputs, *stripped.outputs)] == [DType.INT8, DType.INT8]
    assert stripped.float_inputs == {stripped.inputs[0]: graph.inputs[0]}
    assert stripped.float_outputs == {stripped.outputs[0]: graph.outputs[0]}
    assert len(graph.ops) == 3  # pure: its argument is left alone
    plain = tmp_path / "int8_io.tflite"
    plain.write_bytes(activation("RELU", (3, 4), 0.05, -3, 0.03, -128))
    with pytest.raises(ModelError, match="--io int8: the model has no QUANTIZE"):
        strip_io_quantization(load_tflite(plain))
    only_quantize = tmp_path / "quantize.tflite"
    only_quantize.write_bytes(quantize_float())  # its QUANTIZE writes the graph output: nothing left to run
    with pytest.raises(ModelError, match="--io int8"):
        strip_io_quantization(load_tflite(only_quantize))


def test_io_float32_wraps_the_models_int8_io(tmp_path):
    """--io float32 (issue 31): an int8 input gets a QUANTIZE from a float32 input and an int8 output
    a DEQUANTIZE to a float32 output, run by the image; a model with nothing int8 to wrap is refused
    in one line."""
    from codegen.errors import ModelError
    from codegen.ir import DType
    from codegen.passes.io import wrap_io_float
    from tests.kernels.cases import activation, float_io_relu

    plain = tmp_path / "int8_io.tflite"
    plain.write_bytes(activation("RELU", (3, 4), 0.05, -3, 0.03, -128))
    graph = load_tflite(plain)
    wrapped = wrap_io_float(graph)
    assert [op.kind.value for op in wrapped.ops] == ["QUANTIZE", "RELU", "DEQUANTIZE"]
    assert [wrapped.tensors[t].dtype for t in (*wrapped.inputs, *wrapped.outputs)] == [DType.FLOAT32] * 2
    assert wrapped.float_wrapped == {wrapped.inputs[0]: graph.inputs[0], wrapped.outputs[0]: graph.outputs[0]}
    assert len({op.index for op in wrapped.ops}) == 3 and len(graph.ops) == 1  # pure
    float_io = tmp_path / "float_io.tflite"
    float_io.write_bytes(float_io_relu())
    with pytest.raises(ModelError, match="--io float32: the model has no int8 input or output"):
        wrap_io_float(load_tflite(float_io))
