"""Admission and the degrade ladder, against the worked example of seed 004 §7."""

import pytest

from codegen.app.admission import Admission, AdmissionError, Demand, admit

MIB = 1 << 20


def seed_models() -> list[Demand]:
    # name, weights, activations, KV bytes per token, priority, streams, sequence length, floor (seed 004 §7).
    table = [
        ("wake", 2 * MIB, 1 * MIB, 1024, 0, 1, 64, 32),
        ("asr", 32 * MIB, 6 * MIB, 12 * 1024, 1, 2, 512, 256),
        ("nlu", 110 * MIB, 20 * MIB, 24 * 1024, 2, 2, 256, 128),
        ("vision", 280 * MIB, 40 * MIB, 8 * 1024, 3, 1, 128, 64),
    ]
    return [
        Demand(name, prio, weights, act, instances=streams, tokens=seq, tokens_floor=floor, bytes_per_token=kv)
        for name, weights, act, kv, prio, streams, seq, floor in table
    ]


def test_seed_004_section_7_reproduced():
    lines: list[str] = []
    start = Admission(tuple(seed_models()), {"memory": 512 * MIB}, tuple((d.name,) for d in seed_models()))
    assert start.total == 541_130_752
    adm = admit(seed_models(), {"memory": 512 * MIB}, log=lines.append)
    assert [(s.rung, s.text, s.freed) for s in adm.steps] == [
        (2, "vision seq 128 -> 64", 524_288),
        (2, "nlu seq 256 -> 128", 6_291_456),
    ]
    assert adm.total == 534_315_008
    footprints = {d.name: d.footprint for d in adm.demands}
    assert footprints == {"wake": 3_211_264, "asr": 52_428_800, "nlu": 142_606_336, "vision": 336_068_608}
    assert any("nothing to share" in line for line in lines)
    assert "541,130,752 bytes needed before" in lines[0]


def test_fits_without_ladder():
    adm = admit(seed_models(), {"memory": 1024 * MIB}, log=lambda _m: None)
    assert adm.steps == () and adm.total == 541_130_752


def test_groups_let_arenas_share_first():
    # vision never runs with nlu: their arenas overlay, which alone closes the seed's gap.
    groups = [{"wake", "asr", "nlu"}, {"wake", "vision"}, {"asr", "vision"}]
    adm = admit(seed_models(), {"memory": 512 * MIB}, groups, log=lambda _m: None)
    assert [s.rung for s in adm.steps] == [1]
    assert adm.steps[0].freed == 20 * MIB
    assert ("vision", "nlu") in adm.slots


def test_arena_options_then_failure_with_table():
    demands = [
        Demand("a", 0, 100, 1000, arena_options=(("small", 600),), regions=_split()),
        Demand("b", 1, 100, 1000, arena_options=(("small", 700), ("tiled", 500)), regions=_split()),
    ]
    adm = admit(demands, {"flash": 1000, "ram": 1700}, log=lambda _m: None)
    assert [(s.text, s.freed) for s in adm.steps] == [("b arena 1,000 (fast) -> 700 (small)", 300)]
    lines: list[str] = []
    with pytest.raises(AdmissionError, match="over budget in flash by 100 bytes") as err:
        admit(demands, {"flash": 100, "ram": 1100}, log=lines.append)
    assert "over by 100" in err.value.table
    assert any(line.startswith("step 4 (weights): flash is still over by 100") for line in lines)


def _split() -> dict[str, str]:
    return {"weights": "flash", "arena": "ram", "state": "ram"}
