"""FULLY_CONNECTED: int8 input and weights (per-tensor or per-channel), int32 bias; its 16x8 form
(int64 or int32 bias, as conv2d's) and float32 form."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops import conv_common, hybrid
from codegen.ops.common import (
    BIAS_FOLDS,
    Layer,
    LowerContext,
    Operands,
    acc32_s16,
    bias_folds,
    expect_activation,
    expect_constant,
    expect_float,
    expect_weighted_int8,
    expect_weighted_s16,
    fail,
    float_activation,
    folded_bias,
    offset_weights,
    optional_input,
)
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.conv2d import pairs_fit, pairs_table
from codegen.ops.int4 import UNPACK4
from codegen.ops.kernels import Need, family, lanes
from codegen.ops.tflm_set import litert_semantics
from codegen.quant import activation_range

PARAMS = "rvfw_fc_params"
OUT = ("multiplier", "shift", "output")
FC = family("FULLY_CONNECTED", PARAMS, "fully_connected_s8", ("ref", "scalar", "rvv", "xthead"), args={
    "ref": ("input", "filter", "bias", *OUT),
    # the fast scalar kernel reads the shifts (-31..31) as int8: a quarter of the table
    "scalar": ("input", "filter", "bias_folded", "multiplier", "shift8", "output"),
    # the vector kernel puts output units across lanes, so it reads the filter transposed
    "rvv": ("input", "filter_t", "bias_folded", *OUT),
    "xthead": ("input", "filter_t", "bias", *OUT),
})  # fmt: skip
FC_S16 = family(
    "FULLY_CONNECTED 16x8",
    PARAMS,
    "fully_connected_s16",
    ("ref", "scalar", "rvv", "xthead"),
    args={
        "ref": ("input", "filter", "bias", *OUT),
        "scalar": ("input", "filter", "bias", *OUT),
        "rvv": ("input", "filter_t", "bias", *OUT),
        "xthead": ("input", "filter_t", "bias", "requant64", "output"),
    },
    # The C906's kernel sums in int64 lanes as TFLite Micro does; the int32-bias form is the int8 one's.
    needs={"xthead": conv_common.S16_VECTOR[1]},
)
# A model only LiteRT runs (tflm_set.LITERT_ONLY) rounds as LiteRT's reference kernel: its single
# rounding (p->single_rounding), in the reference and fast scalar kernels, and in the RVV one when
# every shift is at most -2 (it rounds the product's high word).
SINGLE_SHIFTS = Need("single_shifts", (True,), "a shift above -2: LiteRT's single rounding below the high word")
FC_LITERT = family("FULLY_CONNECTED (LiteRT's single rounding)", PARAMS, "fully_connected_s8",
                   ("ref", "scalar", "rvv"),
                   args={s: FC.args[f"fully_connected_s8_{s}"] for s in ("ref", "scalar", "rvv")},
                   needs={"scalar": BIAS_FOLDS, "rvv": (BIAS_FOLDS, SINGLE_SHIFTS)})  # fmt: skip
# In 32-bit lanes, for vector units without 64-bit elements (Zve32x): layers whose sums fit int32.
FC_S16_LANES32 = FC_S16.variant("FULLY_CONNECTED 16x8 in 32-bit lanes", {"rvv": "fully_connected_lanes32_s16_rvv"},
                                {"rvv": ("input", "filter_t", "bias", *OUT)}).requiring(
    {"rvv": conv_common.S16_LANES32})  # fmt: skip
FC_F32 = family("FULLY_CONNECTED float32", PARAMS, "fully_connected_f32", ("ref", "scalar", "rvv"),
                args={"ref": ("input", "filter", "bias", "act", "output"),
                      "scalar": ("input", "filter", "bias", "act", "output"),
                      "rvv": ("input", "filter_t", "bias", "act", "output")})  # fmt: skip
# The cycle-tuned scalar kernels, as the convolutions' (ops.conv2d): two units per 32-bit multiply
# on boards whose core timings are documented (a speed table: the weights packed in pairs), and
# the CORE-V SIMD kernel on the boards that declare it.
FC_PAIRS = replace(
    FC.variant(
        "FULLY_CONNECTED, two units per multiply",
        {"scalar": "fully_connected_pairs_s8_scalar"},
        {"scalar": ("input", "filter_pairs", "bias_folded", "multiplier", "shift8", "output")},
    ),
    tables=frozenset({"scalar"}),
).requiring({"scalar": conv_common.PAIRS})
FC_XCV = FC.variant(
    "FULLY_CONNECTED, CORE-V SIMD dot products",
    {"scalar": "fully_connected_s8_xcvsimd"},
    {"scalar": FC.args["fully_connected_s8_scalar"]},
).requiring({"scalar": conv_common.CORE_V})
# What each kernel needs (ops.kernels.Need), as the convolutions' (ops.conv2d).
FC, FC_PAIRS, FC_XCV = (f.requiring({"scalar": BIAS_FOLDS, "rvv": BIAS_FOLDS, "xthead": BIAS_FOLDS})
                        for f in (FC, FC_PAIRS, FC_XCV))  # fmt: skip
FC_S16 = FC_S16.requiring({"rvv": conv_common.S16_VECTOR})
# 16x8 in a model only LiteRT runs: its rounding of the 64-bit sum (p->single_rounding; measured to
# differ from TFLite Micro's on a third of the outputs), in the reference, fast scalar and RVV kernels.
FC_S16_LITERT = family("FULLY_CONNECTED 16x8 (LiteRT's rounding)", PARAMS, "fully_connected_s16",
                       ("ref", "scalar", "rvv"),
                       args={s: FC_S16.args[f"fully_connected_s16_{s}"] for s in ("ref", "scalar", "rvv")},
                       needs={"rvv": conv_common.S16_VECTOR})  # fmt: skip
FC_F32 = FC_F32.requiring({"rvv": lanes("f32")})


def check(graph: Graph, op: Op) -> None:
    inp, flt, _ = expect_weighted_int8(graph, op)
    if op.options.get("weights_format", 0) != 0:
        raise fail(graph, op, "shuffled weights format not supported")
    if len(flt.shape) != 2 or flt.shape[1] == 0 or inp.num_elements % flt.shape[1]:
        raise fail(graph, op, f"input of {inp.num_elements} elements does not match filter {list(flt.shape)}")
    out = graph.tensors[op.outputs[0]]
    batches = inp.num_elements // flt.shape[1]
    if out.num_elements != batches * flt.shape[0]:
        raise fail(graph, op, f"output {list(out.shape)} is not {batches} x {flt.shape[0]} values")
    bias = op.inputs[2] if len(op.inputs) > 2 else -1
    if bias >= 0 and graph.tensors[bias].num_elements != flt.shape[0]:
        raise fail(graph, op, f"bias of {graph.tensors[bias].num_elements} values for {flt.shape[0]} outputs")


def macs(graph: Graph, op: Op) -> int:
    out_depth, accum_depth = graph.tensors[op.inputs[1]].shape
    return graph.tensors[op.inputs[0]].num_elements // accum_depth * accum_depth * out_depth


def lower(ctx: LowerContext, op: Op) -> Layer:
    inp, flt, out = ctx.tensor(op.inputs[0]), ctx.tensor(op.inputs[1]), ctx.tensor(op.outputs[0])
    out_depth, accum_depth = flt.shape
    batches = inp.num_elements // accum_depth
    act_min, act_max = activation_range(expect_activation(ctx.graph, op), out.quant.scale[0], out.quant.zero_point[0])
    params = [
        ("batches", batches),
        ("accum_depth", accum_depth),
        ("out_depth", out_depth),
        ("input_offset", -inp.quant.zero_point[0]),
        ("filter_offset", -flt.quant.zero_point[0]),
        ("output_offset", out.quant.zero_point[0]),
        ("output_activation_min", act_min),
        ("output_activation_max", act_max),
    ]
    bias_index = optional_input(op, 2)
    raw_bias = ctx.tensor(bias_index).data if bias_index >= 0 else None
    folds = bias_folds(flt.data, raw_bias, -inp.quant.zero_point[0]) and not offset_weights(ctx.graph, op)
    if folds:
        shifts = conv_common.requant(ctx, op, out_depth)[1]
        folded = folded_bias(flt.data, raw_bias, -inp.quant.zero_point[0])
        params.append(("fast_requant", int(conv_common.fast_requant(shifts, flt.data, folded))))
    if litert_semantics(ctx.graph):
        single_shifts = all(s <= -2 for s in conv_common.requant(ctx, op, out_depth)[1])
        fam, chosen = FC_LITERT, ctx.pick(FC_LITERT, {"bias_folds": folds, "single_shifts": single_shifts})
        params.append(("single_rounding", 1))
    else:
        fam, chosen = ctx.pick_tuned((FC_XCV, FC_PAIRS), FC, {"bias_folds": folds, "pairs_fit": pairs_fit(flt.data)})
    operands: Operands = {
        "input": lambda: ctx.input(op),
        "filter": lambda: ctx.weights(op.inputs[1]),
        "filter_t": lambda: ctx.derived(op, "filter_t", "int8_t", flt.data.T, role="weights"),
        "filter_pairs": lambda: ctx.derived(op, "filter_pairs", "int32_t", pairs_table(flt.data), role="weights"),
        "bias": lambda: ctx.weights(bias_index),
        "bias_folded": lambda: ctx.derived(op, "bias_folded", "int32_t",
                                           folded_bias(flt.data, raw_bias, -inp.quant.zero_point[0])),
        **conv_common.requant_operands(ctx, op, out_depth),
        "output": lambda: ctx.output(op),
    }  # fmt: skip
    return ctx.layer(op, chosen, fam, params, operands, macs(ctx.graph, op))


def _check_shapes(graph: Graph, op: Op) -> None:
    inp, flt, out = (graph.tensors[i] for i in (op.inputs[0], op.inputs[1], op.outputs[0]))
    batches = inp.num_elements // flt.shape[1] if len(flt.shape) == 2 and flt.shape[1] else 0
    if not batches or inp.num_elements % flt.shape[1] or out.num_elements != batches * flt.shape[0]:
        raise fail(graph, op, f"filter {list(flt.shape)} does not map {list(inp.shape)} to {list(out.shape)}")


def check_s16(graph: Graph, op: Op) -> None:
    expect_weighted_s16(graph, op)
    _check_shapes(graph, op)
    conv_common.expect_litert_s16_bias(graph, op)


def check_f32(graph: Graph, op: Op) -> None:
    expect_float(graph, op)
    expect_constant(graph, op, op.inputs[1], "filter")
    _check_shapes(graph, op)


def _wide_operands(ctx: LowerContext, op: Op, c_type: str, role: str) -> Operands:
    flt = ctx.tensor(op.inputs[1])
    return {
        "input": lambda: ctx.input(op),
        "filter": lambda: ctx.weights(op.inputs[1]),
        "filter_t": lambda: ctx.derived(op, "filter_t", c_type, np.ascontiguousarray(flt.data.T), role=role),
        "output": lambda: ctx.output(op),
    }


def _wide_params(ctx: LowerContext, op: Op, act_min: int = 0, act_max: int = 0) -> list[tuple[str, object]]:
    depth = ctx.tensor(op.inputs[1]).shape[1]
    return [("batches", ctx.tensor(op.inputs[0]).num_elements // depth), ("accum_depth", depth),
            ("out_depth", ctx.tensor(op.inputs[1]).shape[0]), ("input_offset", 0), ("filter_offset", 0),
            ("output_offset", 0), ("output_activation_min", act_min), ("output_activation_max", act_max)]  # fmt: skip


def lower_s16(ctx: LowerContext, op: Op) -> Layer:
    litert = litert_semantics(ctx.graph)
    if litert:
        fam = FC_S16_LITERT
        chosen = ctx.pick(fam, conv_common.layer_facts(ctx, op))
    else:
        fam, chosen = ctx.pick_among((FC_S16, FC_S16_LANES32), conv_common.layer_facts(ctx, op))
    operands: Operands = {
        **_wide_operands(ctx, op, "int8_t", "weights"),
        "bias": lambda: replace(ctx.weights(optional_input(op, 2)), c_type="void"),  # int64 or int32 (acc32)
        **conv_common.requant_operands(ctx, op, ctx.tensor(op.inputs[1]).shape[0]),
    }
    params = [*_wide_params(ctx, op, *conv_common.s16_clamp(ctx, op)), ("acc32", acc32_s16(ctx.graph, op)),
              ("single_rounding", int(litert))]  # fmt: skip
    return ctx.layer(op, chosen, fam, params, operands, macs(ctx.graph, op))


def lower_f32(ctx: LowerContext, op: Op) -> Layer:
    chosen = ctx.pick(FC_F32, conv_common.layer_facts(ctx, op))
    operands: Operands = {
        **_wide_operands(ctx, op, "float", "params"),
        "bias": lambda: ctx.weights(optional_input(op, 2)),
        "act": lambda: float_activation(ctx, op),
    }
    return ctx.layer(op, chosen, FC_F32, _wide_params(ctx, op), operands, macs(ctx.graph, op))


CONTRACT = OpContract(
    kinds={
        OpKind.FULLY_CONNECTED: Kind(12, (2, 3), optional=frozenset({2})),
    },  # versions: 8 sparse (refused by the frontend), 10 int4 (by dtype), 11 16x8 with int32 bias, 12 hybrid
    # with per-channel weights
    forms={
        DType.INT16: Form(check_s16, lower_s16, (FC_S16, FC_S16_LANES32, FC_S16_LITERT), macs=macs),
        DType.FLOAT32: Form(
            hybrid.check_or(check_f32, _check_shapes),
            hybrid.lower_or(lower_f32),
            (FC_F32, hybrid.FC),
            macs=macs,
            scratch=hybrid.scratch,
        ),
        None: Form(check, lower, (FC, FC_PAIRS, FC_XCV, FC_LITERT, UNPACK4), macs=macs),
    },
)
