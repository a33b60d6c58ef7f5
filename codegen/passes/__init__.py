"""Stage 2: graph-to-graph passes, pure functions over the IR (see PASSES in codegen.pipeline)."""

from codegen.passes.graph import (
    ROLLOUT_MAX_OPS,
    fuse_residual_adds,
    reorder_for_memory,
)

__all__ = [
    "fuse_residual_adds",
    "ROLLOUT_MAX_OPS",
    "reorder_for_memory",
]
