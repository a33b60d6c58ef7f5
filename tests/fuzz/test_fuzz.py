"""The fuzz tier: a seeded corpus of 2,000 mutated models (the bundled example and MLPerf KWS)
through `plan`, 300 through `build`, and every mutant `plan` accepts through `check`; 40
name-injection mutants built, run and compared, and issue 28's structured cases. No
traceback, no crash, no hang, nothing left behind, no accepted model whose image disagrees with
TFLite Micro. `make fuzz N=...` runs a longer campaign with a fresh seed (tests/fuzz/campaign.py)."""

from __future__ import annotations

import pytest

from tests.fuzz import campaign

SEED = 20261201
NAMES = 40  # name-injection mutants, each built and run (issue 28)


@pytest.fixture(scope="module")
def results(tmp_path_factory):
    return campaign.campaign(SEED, 2000, 300, tmp_path_factory.mktemp("fuzz"), names=NAMES)


def test_fuzz_corpus_plan_build_check(results, sim_tools):
    print(results.summary())
    assert sum(results.plan.values()) == 2000
    assert results.plan["rejected"] > 1000 and results.plan["ok"] > 100  # the corpus exercises both
    assert sum(results.build.values()) == 300
    assert sum(n for k, n in results.check.items() if k != "distinct images") == len(results.accepted)
    assert sum(results.names.values()) == NAMES and results.names["exact"] == NAMES
    assert results.structured["as expected"] == sum(results.structured.values()) > 10
    assert not results.failures, "\n".join(results.failures[:20])
