"""Graph-to-graph passes: each a pure function Graph -> Graph that leaves its argument alone.
PASSES lists them in the order the pipeline runs them: the simplifications first, once, right after
the model is read and before the ops' checks (modes "load"), then per memory option the ones that
belong to it; `PASS_BY_NAME` finds one by name. Tensor-Train compression (codegen.tt) and tiling
(codegen.planner.tiling) are passes too, run by the pipeline where their option asks."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from codegen.choices import PLANNED_MODES, VECTOR_SETS, KernelSet, MemoryMode
from codegen.ir import DType, Graph
from codegen.passes import fold_pad, fuse
from codegen.passes.einsum import fuse_einsum_transposes
from codegen.passes.float16 import fold_float16_weights
from codegen.passes.fold_pad import fold_pad_into_conv
from codegen.passes.fuse import fuse_residual_adds
from codegen.passes.reorder import ROLLOUT_MAX_OPS, reorder_for_memory
from codegen.passes.simplify import fold_constants, remove_identity_ops
from codegen.passes.space_to_batch import split_padded_space_to_batch
from codegen.passes.stored_shapes import resolve_stored_shapes
from codegen.passes.uint8 import uint8_as_int8


@dataclass(frozen=True)
class Pass:
    name: str
    run: Callable[[Graph], Graph]
    modes: tuple[MemoryMode | str, ...]  # the memory options it is part of, or ("load",): once, before the checks
    doc: str
    kernel_sets: tuple[KernelSet, ...] = ()  # the kernel sets it pays off for; () all of them
    # The activation dtypes it rewrites ops of; it leaves every other op alone (the pass-on/off
    # tier, tests/corpus, runs every corpus model with the pass on and off and wants the same bits).
    dtypes: tuple[DType, ...] = tuple(DType)
    # A rewrite without which a form does not compile at all (not an optimisation: the pass-on/off
    # tier leaves it on).
    required: bool = False


PASSES: tuple[Pass, ...] = (
    Pass("uint8_as_int8", uint8_as_int8, ("load",),
         "a legacy uint8 model's tensors become int8 ones, zero points and bytes moved by 128 (exact for the ops it "
         "names); its uint8 inputs and outputs stay the caller's", required=True),
    Pass("fold_float16_weights", fold_float16_weights, ("load",),
         "float16 weights (widened when read): their DEQUANTIZE to float32 is dropped", required=True),
    Pass("fold_constants", fold_constants, ("load",),
         "an op whose inputs are all constant is computed at build time; its outputs become weights"),
    Pass("resolve_stored_shapes", resolve_stored_shapes, ("load",),
         "a dynamic-batch model's RESHAPE and FULLY_CONNECTED outputs take the shapes the ops make once their new "
         "shape is a constant (LiteRT's, not the converter's stored guess)", required=True),
    Pass("remove_identity_ops", remove_identity_ops, ("load",),
         "TRANSPOSE pairs that cancel, same-shape reshapes and same-quantisation QUANTIZEs are dropped"),
    Pass("split_padded_space_to_batch", split_padded_space_to_batch, ("load",),
         "a SPACE_TO_BATCH_ND with paddings becomes a PAD then one without (the padding's values)", required=True),
    Pass("fold_pad_into_conv", fold_pad_into_conv, PLANNED_MODES,
         "a PAD before a VALID convolution becomes the convolution's own padding", dtypes=fold_pad.DTYPES),
    Pass("fuse_einsum_transposes", fuse_einsum_transposes, PLANNED_MODES,
         "a FULLY_CONNECTED over rows whose outputs a TRANSPOSE scatters (tf.einsum) runs as one TT_EINSUM",
         VECTOR_SETS, (DType.INT8,)),  # scalar sets have no fast TT_EINSUM kernel: their FC and copy are faster
    Pass("fuse_residual_adds", fuse_residual_adds, (MemoryMode.SMALL, MemoryMode.TILED),
         "a residual ADD runs in the epilogue of the conv before it, written over the residual", dtypes=fuse.DTYPES),
    Pass("reorder_for_memory", reorder_for_memory, PLANNED_MODES,
         "an operator order with fewer bytes live at once, for branching graphs"),
)  # fmt: skip
PASS_BY_NAME = {p.name: p for p in PASSES}


def run_passes(
    graph: Graph, mode: MemoryMode | str, kernel_set: KernelSet | None = None
) -> tuple[Graph, list[tuple[str, int]]]:
    """The passes of `mode` ("load", or a memory option) that pay off for `kernel_set` (None: every
    set), in PASSES order: the graph they make and (name, ops removed) of each that removed some."""
    removed = []
    for p in PASSES:
        if mode in p.modes and (kernel_set is None or not p.kernel_sets or kernel_set in p.kernel_sets):
            before = len(graph.ops)
            graph = p.run(graph)
            if len(graph.ops) < before:
                removed.append((p.name, before - len(graph.ops)))
    return graph, removed


__all__ = ["PASSES", "PASS_BY_NAME", "ROLLOUT_MAX_OPS", "Pass", "fold_constants", "fold_pad_into_conv",
           "fuse_einsum_transposes", "fuse_residual_adds", "remove_identity_ops", "reorder_for_memory",
           "run_passes"]  # fmt: skip
