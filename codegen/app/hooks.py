"""Test hooks of a multi-model image (`--inject-fault`, `--preempt`): what a test makes the image
do to prove its isolation. One value, checked here and rendered here; an image built without
hooks carries none of their code."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from codegen import emit
from codegen.app.builds import ModelBuild
from codegen.app.manifest import App
from codegen.boards import Board
from codegen.errors import RvfwError

# What the faulting model does halfway through its layers: "" stores outside its partition;
# ecall ends itself; exec jumps into the read-only constants; loop loops forever; wfi waits for an
# interrupt; stack overflows its stack; runtime calls the M-mode dispatcher; peer reads another
# model's constants; snoop reads its whole arena before its first layer writes any of it, and
# stores outside its partition if any byte but its input is not zero (another model's leftovers).
FAULT_KINDS = ("", "ecall", "exec", "loop", "wfi", "stack", "runtime", "peer", "snoop")


@dataclass(frozen=True)
class Hooks:
    fault: str | None = None  # "MODEL" or "MODEL:KIND" (FAULT_KINDS)
    preempt: str | None = None  # MODEL also runs from a timer interrupt in the middle of every lower-priority model

    @property
    def fault_target(self) -> str | None:
        return (self.fault or "").partition(":")[0] or None

    @property
    def fault_kind(self) -> str:
        return (self.fault or "").partition(":")[2]

    def check(self, app: App, board: Board) -> None:
        """Refuse, in one line, hooks that name no model of the application or that the board cannot run."""
        if self.fault_kind not in FAULT_KINDS:
            raise RvfwError(f"--inject-fault {self.fault}: the kind after ':' is one of {', '.join(FAULT_KINDS[1:])}")
        for option, name in (("--inject-fault", self.fault_target), ("--preempt", self.preempt)):
            if name is not None and name not in {m.name for m in app.models}:
                raise RvfwError(f"{option}: no model named '{name}' in {Path(app.source).name}")
        if self.preempt is not None and board.clint is None:
            raise RvfwError(f"--preempt: board {board.name} has no machine timer (clint) in its board file")

    def check_model(self, mb: ModelBuild) -> None:
        if mb.graph.variables and self.preempt == mb.entry.name:
            raise RvfwError(f"--preempt {mb.entry.name}: a model with state cannot also run from an interrupt (its "
                            "state would advance twice)")  # fmt: skip

    def fault_files(self, mb: ModelBuild, models: list[ModelBuild], placed: dict, banner: str
                    ) -> tuple[dict[str, str], dict[str, list[str]]]:  # fmt: skip
        """The faulting model's hook header, and the flag that includes it in that model's file."""
        if self.fault_target != mb.entry.name:
            return {}, {}
        others = [p for p in placed["partitions"] if mb.entry.name not in p["members"]]
        victim = others[0]["symbol"] if others else "__rvfw_rx_start"
        peers = [other.entry.name for other in models if other is not mb]
        if self.fault_kind == "peer" and not (placed["isolated"] and peers):
            raise RvfwError(f"--inject-fault {self.fault}: needs another model and per-model PMP ranges")
        g = mb.graph
        fault = {"model": mb.entry.name, "victim": victim,
                 "layer": 0 if self.fault_kind == "snoop" else len(mb.layers) // 2,
                 "kind": self.fault_kind or "store", "stack": placed["slot_of"][mb.entry.name]["stack"],
                 "peer": peers[0] if peers else None, "arena_size": mb.plan.arena_size,
                 "input_offset": mb.plan.tensor_offsets[g.inputs[0]],
                 "input_bytes": g.tensors[g.inputs[0]].nbytes}  # fmt: skip
        files = {"rvfw_test_hooks.h": emit.render_test_hooks(banner, fault)}
        return files, {f"{mb.graph.name}.c": ["-include", "rvfw_test_hooks.h"]}  # found on the -I path

    def preempting(self, harness: list[dict], models: list[ModelBuild], board: Board) -> dict | None:
        """The preempting model's harness data, with when its timer fires."""
        if self.preempt is None:
            return None
        index = next(i for i, mb in enumerate(models) if mb.entry.name == self.preempt)
        # About 10 us in: 10,000 instructions under QEMU -icount shift=0 (one per ns), at least a tick.
        ticks = max(1, board.clint_hz // 100_000)
        return {**harness[index], "index": index, "priority": models[index].entry.priority, "ticks": ticks}


NO_HOOKS = Hooks()
