import numpy as np
import pytest

from codegen.errors import RvfwError
from codegen.frontend.tflite import load_tflite
from codegen.ir import DType, Graph, Op, OpKind, Tensor
from codegen.planner import ALGORITHMS, analyze_lifetimes, check_overlaps, plan_memory
from tests.conftest import MLPERF_MODELS, mlperf_model


def graph(sizes: dict[str, int], ops: list[tuple[str, list[str], list[str]]], inputs, outputs, consts=()) -> Graph:
    """A hand-built graph: tensors of the given byte sizes, ops wired by tensor name."""
    names = list(sizes)
    tensors = [
        Tensor(i, n, (sizes[n],), DType.INT8, data=np.zeros(sizes[n], np.int8) if n in consts else None)
        for i, n in enumerate(names)
    ]
    idx = {n: i for i, n in enumerate(names)}
    ir_ops = [
        Op(k, OpKind(kind), 1, tuple(idx[n] for n in ins), tuple(idx[n] for n in outs))
        for k, (kind, ins, outs) in enumerate(ops)
    ]
    return Graph(
        "g", "g.tflite", "0" * 64, tensors, ir_ops, tuple(idx[n] for n in inputs), tuple(idx[n] for n in outputs)
    )


def linear():
    # in(100) -> a(200) -> b(50) -> out(30); w is a constant.
    return graph(
        {"in": 100, "w": 64, "a": 200, "b": 50, "out": 30},
        [("CONV_2D", ["in", "w"], ["a"]), ("CONV_2D", ["a", "w"], ["b"]), ("SOFTMAX", ["b"], ["out"])],
        ["in"],
        ["out"],
        consts=("w",),
    )


def fan_out():
    # x feeds two branches that an ADD joins: x stays live across both.
    return graph(
        {"x": 64, "p": 128, "q": 32, "y": 64},
        [("CONV_2D", ["x"], ["p"]), ("CONV_2D", ["p"], ["q"]), ("ADD", ["x", "q"], ["y"])],
        ["x"],
        ["y"],
    )


def test_lifetimes_linear_chain():
    buffers = {b.name: (b.first, b.last, b.size) for b in analyze_lifetimes(linear())}
    assert buffers == {"in": (0, 0, 100), "a": (0, 1, 200), "b": (1, 2, 50), "out": (2, 3, 30)}


def test_greedy_offsets_linear_chain_exact():
    plan = plan_memory(linear(), "greedy_by_size", alignment=16)
    offsets = {b.name: o for b, o in zip(plan.buffers, plan.offsets)}
    # a (largest) at 0; in and b conflict with a -> 208; out conflicts with b only -> 0.
    assert offsets == {"a": 0, "in": 208, "b": 208, "out": 0}
    assert plan.arena_size == 320
    assert plan.lower_bound == 300


def test_fan_out_keeps_the_skip_tensor_alive():
    plan = plan_memory(fan_out(), "greedy_by_size", alignment=16)
    offsets = {b.name: o for b, o in zip(plan.buffers, plan.offsets)}
    assert offsets == {"p": 0, "x": 128, "y": 0, "q": 192}
    assert plan.arena_size == 224
    assert plan.lower_bound == 224


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_every_algorithm_on_hand_built_graphs(algorithm):
    """Exact workspace per algorithm (TVM's style of planner test)."""
    expected = {
        # linear chain: in 100, a 200, b 50, out 30 (16-byte aligned: 112, 208, 64, 32)
        "linear": {"best": 320, "exact": 320, "first_fit_by_first_use": 320, "greedy_by_conflicts": 320,
                   "greedy_by_size": 320, "no_reuse": 416},
        # fan-out: x stays live across the branch
        "fan_out": {"best": 224, "exact": 224, "first_fit_by_first_use": 224, "greedy_by_conflicts": 224,
                    "greedy_by_size": 224, "no_reuse": 288},
    }  # fmt: skip
    for name, g in (("linear", linear()), ("fan_out", fan_out())):
        plan = plan_memory(g, algorithm, alignment=16)
        check_overlaps(plan)
        assert plan.arena_size == expected[name][algorithm], (name, algorithm)


def test_exact_beats_greedy_where_greedy_fragments():
    # Size-first greedy places c (80) beside a (80) and must put e above both; exact packs the bound.
    g = graph(
        {"a": 80, "b": 32, "c": 80, "d": 48, "e": 64},
        [("CONV_2D", ["a"], ["b"]), ("ADD", ["b", "a"], ["c"]), ("CONV_2D", ["c"], ["d"]), ("CONV_2D", ["d"], ["e"])],
        ["a"],
        ["e"],
    )
    assert plan_memory(g, "greedy_by_size").arena_size == 208
    assert plan_memory(g, "exact").arena_size == plan_memory(g, "best").arena_size == 192
    assert plan_memory(g).lower_bound == 192


def test_no_reuse_is_the_sum_of_aligned_sizes():
    plan = plan_memory(linear(), "no_reuse", alignment=16)
    assert plan.arena_size == 112 + 208 + 64 + 32


def test_reshape_is_a_view_without_arena_space():
    g = graph(
        {"in": 40, "r": 40, "out": 10},
        [("RESHAPE", ["in"], ["r"]), ("SOFTMAX", ["r"], ["out"])],
        ["in"],
        ["out"],
    )
    plan = plan_memory(g)
    assert plan.tensor_offsets[0] == plan.tensor_offsets[1]
    assert len(plan.buffers) == 2
    assert plan.buffers[0].last == 1  # the view extends its root's lifetime


def test_overlap_checker_rejects_a_bad_plan():
    plan = plan_memory(linear())
    plan.offsets[plan.buffers.index(next(b for b in plan.buffers if b.name == "in"))] = 0
    with pytest.raises(RvfwError, match="overlaps"):
        check_overlaps(plan)


def test_unknown_planner_lists_choices():
    with pytest.raises(
        RvfwError,
        match="choose from: best, exact, first_fit_by_first_use, greedy_by_conflicts, greedy_by_size, no_reuse",
    ):
        plan_memory(linear(), "magic")


# TFLite Micro's activation bytes for the same models (ANCHORS.md): we must not be worse.
TFLM_ACTIVATIONS = {"kws_dscnn": 16000, "vww_mobilenet": 73728, "ic_resnet8": 49152, "ad_autoencoder": 768}
LOWER_BOUND = {"kws_dscnn": 16000, "vww_mobilenet": 55296, "ic_resnet8": 49152, "ad_autoencoder": 768}


@pytest.mark.parametrize("name", MLPERF_MODELS)
def test_mlperf_plans_are_overlap_free_and_no_worse_than_tflm(name):
    g = load_tflite(mlperf_model(name))
    for algorithm in ALGORITHMS:
        check_overlaps(plan_memory(g, algorithm))
    plan = plan_memory(g)
    assert plan.lower_bound == LOWER_BOUND[name]
    assert plan.lower_bound <= plan.arena_size <= TFLM_ACTIVATIONS[name]
    # Without in-place execution the best plans reach the lifetime bound on all four models.
    assert plan.arena_size == LOWER_BOUND[name]


def test_outermost_split_and_join_parts_live_inside_their_whole(tmp_path):
    from codegen.frontend import load_tflite
    from codegen.ops import lower_graph
    from codegen.planner import plan_memory
    from codegen.planner.inplace import choose_inplace
    from tests.kernels.cases import zero_copy_join_and_split

    path = tmp_path / "z.tflite"
    path.write_bytes(zero_copy_join_and_split())
    g = load_tflite(path)
    x, y = g.inputs[0], g.outputs[0]
    split, *acts, concat = g.ops
    for inplace in ({}, choose_inplace(g)):
        plan = plan_memory(g, inplace=inplace)
        parts, results = split.outputs, concat.inputs
        assert {part for _op, part in plan.views} == set(parts) | set(results)
        for k, (part, result) in enumerate(zip(parts, results)):
            assert plan.tensor_offsets[part] == plan.tensor_offsets[x] + 20 * k
            assert plan.tensor_offsets[result] == plan.tensor_offsets[y] + 20 * k
        layers, _ = lower_graph(g, plan)
        assert [layer.op for layer in layers] == [op.kind.value for op in acts]  # no copies at all
        assert plan.arena_size == 128  # x and y (60 bytes each, 16-aligned); the parts take nothing


def test_variable_tensors_live_in_the_state_area_not_the_arena(tmp_path):
    from codegen.boards import load_board
    from codegen.emit import render_model
    from codegen.family_models import svdf_kws
    from codegen.frontend import load_tflite
    from codegen.ops import lower_graph
    from codegen.planner import plan_memory

    path = tmp_path / "svdf.tflite"
    path.write_bytes(svdf_kws())
    g = load_tflite(path)
    plan = plan_memory(g)
    assert len(g.variables) == 2
    assert set(plan.state_offsets) == set(g.variables) and not set(plan.tensor_offsets) & set(g.variables)
    assert plan.state_size == sum(-(-g.tensors[v].nbytes // 16) * 16 for v in g.variables)
    layers, constants = lower_graph(g, plan)
    files = render_model(g, load_board("spike-rv64gcv"), plan, layers, constants)
    header, source = files[f"{g.name}.h"], files[f"{g.name}.c"]
    assert f"void {g.name}_run(uint8_t *arena, uint8_t *state);" in header
    assert f"void {g.name}_reset(uint8_t *state);" in header
    assert f"#define {g.name.upper()}_STATE_SIZE {plan.state_size}" in header
    assert "(void *)(state + " in source and source.count("memset(state + ") == 2
