"""Where an application's models live: one PMP-guarded partition per arena slot (its stack below
the arena), one state range per model with state, and whether each model also gets code and
constant ranges of its own; as plain data for the templates."""

from __future__ import annotations

from dataclasses import dataclass

from codegen.app import admission
from codegen.app.builds import ModelBuild
from codegen.app.sizing import STACK_ALIGN, round_up
from codegen.boards import Board
from codegen.build.sections import partition_names, state_names
from codegen.errors import RvfwError

CODE_ENTRIES = 3  # code read/execute + constants read-only: two TOR entries sharing their boundary, and the base


@dataclass(frozen=True)
class Range:
    """A PMP-guarded range: a power-of-two size at its own alignment is one NAPOT entry, else TOR."""

    symbol: str
    size: int
    napot: bool
    align: int


def pmp_range(symbol: str, size: int, granularity: int) -> Range:
    """TOR needs base and size in PMP granules; a power-of-two size also fits one NAPOT entry."""
    align = max(granularity, STACK_ALIGN)
    size = round_up(max(size, align), align)
    napot = size & (size - 1) == 0
    return Range(symbol, size, napot, size if napot else align)


def layout(admitted: admission.Admission, models: list[ModelBuild], board: Board, isolate: bool = True) -> dict:
    """Partitions (one per arena slot) and state ranges, as plain data for the templates, and
    whether each model gets code and constant ranges of its own (least privilege: when every
    model's entries fit the board's PMP; isolate=False for an exported application, whose linker
    script is the user's)."""
    gran = board.pmp_granularity
    by_name = {mb.entry.name: mb for mb in models}
    partitions, slot_of = [], {}
    for slot in admitted.slots:
        stack = max(round_up(by_name[n].entry.stack, STACK_ALIGN) for n in slot)
        arena = max(by_name[n].plan.arena_size for n in slot)
        names = partition_names(slot[0])
        r = pmp_range(names.symbol, stack + arena, gran)
        partitions.append({"symbol": r.symbol, "section": names.input_section, "output_section": names.output_section,
                           "size": r.size, "align": r.align, "napot": int(r.napot), "stack": stack,
                           "members": list(slot)})  # fmt: skip
        for n in slot:
            slot_of[n] = partitions[-1]
    states = {}
    for mb in models:
        d = admitted.demand(mb.entry.name)
        if d.state:
            names = state_names(d.name)
            r = pmp_range(names.symbol, d.state // d.instances, gran)
            states[d.name] = {"symbol": r.symbol, "size": r.size, "align": r.align, "napot": int(r.napot),
                              "instances": d.instances, "section": names.input_section,
                              "output_section": names.output_section}  # fmt: skip
    data_entries = {name: (1 if part["napot"] else 2) + (0 if name not in states else 2 - states[name]["napot"])
                    for name, part in slot_of.items()}  # fmt: skip
    for name, entries in data_entries.items():
        if entries + CODE_ENTRIES > board.pmp_entries:
            raise RvfwError(f"model {name} needs {entries + CODE_ENTRIES} PMP entries; board {board.name} "
                            f"has {board.pmp_entries}")  # fmt: skip
    isolated = isolate and all(n + 2 * CODE_ENTRIES <= board.pmp_entries for n in data_entries.values())
    return {"partitions": partitions, "slot_of": slot_of, "states": states, "isolated": isolated,
            "pmp_entries": board.pmp_entries}  # fmt: skip


def partition_sections(placed: dict) -> list[dict]:
    """Every PMP-guarded section, the largest alignment first (so little is lost to padding)."""
    return sorted(placed["partitions"] + list(placed["states"].values()), key=lambda p: -p["align"])


def model_data(mb: ModelBuild, placed: dict) -> dict:
    g, name = mb.graph, mb.entry.name
    part = placed["slot_of"][name]
    state = placed["states"].get(name)
    inp, out = g.tensors[g.inputs[0]], g.tensors[g.outputs[0]]
    return {
        "name": name,
        "NAME": name.upper(),
        "priority": mb.entry.priority,
        "instances": mb.entry.instances,
        "partition": part["symbol"],
        "partition_size": part["size"],
        "partition_napot": part["napot"],
        "partition_shared": len(part["members"]) > 1,
        "stack": part["stack"],
        "deadline_ticks": mb.deadline_ticks,
        "state": state,
        "model_state": mb.plan.state_size,  # its variable tensors' bytes (0: stateless)
        "input_offset": mb.plan.tensor_offsets[g.inputs[0]],
        "input_bytes": inp.nbytes,
        "output_offset": mb.plan.tensor_offsets[g.outputs[0]],
        "output_bytes": out.nbytes,
    }
