"""The size gate measures what the linker placed, and an image the bounded link cannot place is
over budget, full stop."""

from __future__ import annotations

import pytest
from elftools.elf.constants import SH_FLAGS
from elftools.elf.elffile import ELFFile

from codegen import pipeline
from codegen.errors import BudgetError
from codegen.paths import DEFAULT_MODEL
from tests.conftest import mlperf_model, quiet
from tests.e2e.test_models import short_of_ram


def test_used_is_placement_from_the_region_origin(tmp_path, sim_tools):
    b = pipeline.build(DEFAULT_MODEL, "spike-rv64gcv", tmp_path / "out", log=quiet)
    with open(b.elf, "rb") as fh:
        sections = [s for s in ELFFile(fh).iter_sections() if s["sh_flags"] & SH_FLAGS.SHF_ALLOC and s["sh_size"]]
        ends = [s["sh_addr"] + s["sh_size"] for s in sections]
    ram = next(r for r in b.size.regions if r.name == "ram")
    region = next(r for r in b.board.regions if r.name == "ram")
    assert ram.used == max(e for e in ends if e > region.origin) - region.origin
    assert ram.padding >= 2048  # .tohost is page-aligned: the bytes before it count


def test_a_build_the_linker_cannot_place_is_over_budget(tmp_path, sim_tools):
    # 24 KiB of RAM: KWS's fast arena (16,000 B) + 2 KiB stack + the HTIF page do not fit.
    board = short_of_ram(tmp_path, 0x6000)
    with pytest.raises(BudgetError) as err:
        pipeline.build(
            mlperf_model("kws_dscnn"), board, tmp_path / "out", options=pipeline.BuildOptions(memory="fast"), log=quiet
        )
    assert "does not fit" in str(err.value)
    assert err.value.report and not err.value.report["ok"]
    assert not (tmp_path / "out").exists()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".out.")]  # no staging left behind
