from codegen.frontend.tflite import load_tflite
from codegen.ir import OpKind
from codegen.passes import fuse_residual_adds
from tests.conftest import mlperf_model


def test_resnet_adds_fold_into_the_last_conv_before_them():
    g = load_tflite(mlperf_model("ic_resnet8"))
    fused = fuse_residual_adds(g)
    assert [op.kind for op in fused.ops].count(OpKind.ADD) == 0
    assert len(fused.ops) == len(g.ops) - 3
    convs = [op for op in fused.ops if "fused_add" in op.options]
    assert [op.index for op in convs] == [2, 6, 10]
    # The first block's residual is the stem's output, the ADD's first input; the other two add
    # the 1x1 shortcut conv to the main branch, whose last conv comes before the shortcut.
    assert [op.options["fused_add"]["residual_first"] for op in convs] == [True, False, False]
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
    from tests.kernels.test_ops_on_sim import pad_then_conv

    path = tmp_path / "padconv.tflite"
    path.write_bytes(pad_then_conv(np.random.default_rng(0), 9, 8, 3, 6, (3, 3), (2, 2), ((0, 1), (0, 1))))
    g = load_tflite(path)
    folded = fold_pad_into_conv(g)
    assert [op.kind for op in g.ops] == [OpKind.PAD, OpKind.CONV_2D]  # the pass is pure
    assert [op.kind for op in folded.ops] == [OpKind.CONV_2D]
    conv = folded.ops[0]
    assert conv.inputs[0] == g.inputs[0] and conv.options["explicit_pad"] == (0, 1, 0, 1)


def test_simplify_folds_constants_and_drops_identity_ops(tmp_path):
    import zlib

    import numpy as np

    from codegen.passes import fold_constants, remove_identity_ops
    from tests.kernels.test_ops_on_sim import simplifiable

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
