"""One lowering per op kind, dispatched through a single table."""

from __future__ import annotations

from types import ModuleType

from codegen.ir import Graph, OpKind
from codegen.ops import add, conv2d, fully_connected, pool2d, quantize, reshape, softmax, stage, tt_einsum
from codegen.ops.common import ConstArray, Layer, LowerContext
from codegen.planner import MemoryPlan

LOWERINGS: dict[OpKind, ModuleType] = {
    OpKind.ADD: add,
    OpKind.AVERAGE_POOL_2D: pool2d,
    OpKind.CONV_2D: conv2d,
    OpKind.DEPTHWISE_CONV_2D: conv2d,
    OpKind.DEQUANTIZE: quantize,
    OpKind.FULLY_CONNECTED: fully_connected,
    OpKind.MAX_POOL_2D: pool2d,
    OpKind.QUANTIZE: quantize,
    OpKind.RESHAPE: reshape,
    OpKind.SOFTMAX: softmax,
    OpKind.TILED_STAGE: stage,
    OpKind.TT_EINSUM: tt_einsum,
}


def check_graph(graph: Graph) -> None:
    """Raise ModelError for the first op rvfw cannot compile, before anything is written."""
    for op in graph.ops:
        LOWERINGS[op.kind].check(graph, op)


def lower_graph(
    graph: Graph, plan: MemoryPlan, kernels: str = "ref", vlen: int = 128
) -> tuple[list[Layer], list[ConstArray]]:
    """One Layer per kernel call, from the kernel set "ref", "scalar" or "rvv" where it has one;
    ops the plan runs in place get their in-place kernels."""
    ctx = LowerContext(graph, plan, kernels, vlen)
    layers = [layer for op in graph.ops if (layer := LOWERINGS[op.kind].lower(ctx, op)) is not None]
    # Lowerings may look at a tensor's raw weights and then emit a repacked copy: keep what is called with.
    used = {a.name for layer in layers for call in _calls(layer) for a in call.args if a.kind == "const"}
    return layers, [c for c in ctx.constants.values() if c.name in used]


def _calls(layer: Layer) -> list[Layer]:
    return [layer, *(layer.stage["members"] if layer.stage else [])]


__all__ = ["LOWERINGS", "ConstArray", "Layer", "LowerContext", "check_graph", "lower_graph"]
