"""The arena checker (planner.arena_check) and the views the ops declare (planner.views): views of
views compose, every plan the planner makes passes the checker, and a wrong placement, a view no op
declares, or a view at the wrong offset fails it."""

from __future__ import annotations

import dataclasses

import pytest

from codegen.errors import RvfwError
from codegen.frontend import load_tflite
from codegen.ir import OpKind
from codegen.memplan import View
from codegen.planner import check_arena, plan_memory
from codegen.planner.arena_check import check_plan
from codegen.planner.inplace import choose_inplace
from tests.conftest import ROOT

CORPUS = ROOT / "tests" / "data" / "converters"
VIEW_MODELS = ["keras_densenet_int8", "keras_densenet_float", "keras_nested_concat_int8", "keras_slice_join_int8",
               "keras_split_join_float", "keras_nchw_concat_int8", "keras_branches_int8"]  # fmt: skip


def _plans(name: str):
    g = load_tflite(CORPUS / f"{name}.tflite")
    return g, [plan_memory(g), plan_memory(g, inplace=choose_inplace(g)), plan_memory(g, "no_reuse")]


@pytest.mark.parametrize("name", VIEW_MODELS)
def test_every_plan_of_a_view_model_passes_the_checker(name):
    g, plans = _plans(name)
    for plan in plans:
        assert check_plan(g, plan) == []


def test_views_of_views_compose_to_the_sum_of_their_offsets():
    g, (plan, *_) = _plans("keras_densenet_int8")
    joins = [op for op in g.ops if op.kind is OpKind.CONCATENATION]
    nested = 0
    for op in joins:
        for part in op.inputs:
            view = plan.views.get((op.index, part))
            if view is None:
                continue
            assert plan.tensor_offsets[part] == plan.tensor_offsets[view.whole] + view.offset
            inner = [v for (i, p), v in plan.views.items() if v.whole == part and i != op.index]
            for v in inner:  # a part of a part sits at the sum of both offsets
                nested += 1
                assert plan.tensor_offsets[v.part] == plan.tensor_offsets[view.whole] + view.offset + v.offset
    assert nested >= 3  # the 1x1 dense block: concatenations of concatenations taken as views


def test_a_wrong_placement_fails_the_checker():
    g, (plan, *_) = _plans("keras_densenet_int8")
    # The second op's output over its input: written while that input is still being read.
    first, second = g.ops[0], g.ops[1]
    a, b = first.outputs[0], second.outputs[0]
    assert a in second.inputs and (second.index, b) not in plan.views
    bad = dataclasses.replace(plan, tensor_offsets={**plan.tensor_offsets, b: plan.tensor_offsets[a]})
    problems = check_plan(g, bad)
    assert problems and "overwrites" in problems[0]
    with pytest.raises(RvfwError, match="internal error: the arena plan .* is unsafe"):
        check_arena(g, bad)


def test_a_view_the_op_does_not_declare_or_at_another_offset_fails_the_checker():
    g, (plan, *_) = _plans("keras_nested_concat_int8")
    (key, view), *_ = ((k, v) for k, v in plan.views.items() if v.offset > 0)
    moved = dataclasses.replace(
        plan, tensor_offsets={**plan.tensor_offsets, view.part: plan.tensor_offsets[view.part] + 1}
    )
    assert any("its view puts it at" in p for p in check_plan(g, moved))
    forged = dataclasses.replace(plan, views={**plan.views, key: View(view.part, view.whole, view.offset + 1)})
    assert any("not one the op declares" in p for p in check_plan(g, forged))
