"""Names of the sections rvfw places, computed in one place: a PMP partition's C symbol, the
input section its array goes into, and the output section the linker script makes of it (which
the size report counts as arena)."""

from __future__ import annotations

from dataclasses import dataclass

PARTITION_OUTPUT_PREFIX = ".rvfw_part_"


@dataclass(frozen=True)
class PartitionNames:
    symbol: str  # the C array, also the linker symbol PMP set-up reads
    input_section: str  # __attribute__((section(...))) of the array
    output_section: str  # the linker script's output section holding it


def partition_names(name: str) -> PartitionNames:
    return PartitionNames(f"rvfw_part_{name}", f".rvfw_part.{name}", f"{PARTITION_OUTPUT_PREFIX}{name}")


def state_names(model: str) -> PartitionNames:
    """A model's per-instance state: its own partition, named apart from the arena's."""
    return PartitionNames(f"rvfw_state_{model}", f".rvfw_part.state_{model}", f"{PARTITION_OUTPUT_PREFIX}state_{model}")
