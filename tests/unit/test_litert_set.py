"""rvfw against LiteRT's operator set (codegen/ops/litert_set.py, measured by tests/fuzz/litert_probe.py):
every (op, dtype) pair LiteRT's kernels run is run by rvfw, proven by a model that holds it and runs
bit-exact on the simulators (tests/evidence.py), or listed in MISSING; a MISSING pair that such a
model holds fails until it is struck off, so the list only shrinks (issue 56's ratchet)."""

from __future__ import annotations

import json
import subprocess
import sys

from codegen.ops.litert_set import LITERT, LITERT_VERSIONS, MISSING, OPTIMISED_ONLY, VERSION_GAPS, pairs
from tests.conftest import ROOT
from tests.evidence import assert_ratchet


def test_every_litert_pair_is_run_by_rvfw_or_listed_missing(tmp_path_factory):
    assert_ratchet(tmp_path_factory.mktemp("pairs"), pairs(), MISSING, "LiteRT")


def test_the_lists_name_only_litert_pairs():
    litert = {(op, d) for op, dtypes in LITERT.items() for d in dtypes}
    assert litert >= MISSING, sorted(MISSING - litert)
    assert set(LITERT) >= OPTIMISED_ONLY


def test_rvfw_takes_every_litert_version_but_the_listed_gaps_which_only_shrink():
    """Every version LiteRT registers an op at is one rvfw takes, or the op is in VERSION_GAPS at
    exactly rvfw's highest version (a version rvfw starts to take must be struck off the list; one it
    stops taking fails): the versions models carry, not only their (op, dtype) pairs."""
    from codegen.frontend.tflite import MAX_VERSION
    from codegen.ir import OpKind

    assert set(LITERT_VERSIONS) == set(LITERT)
    for op, highest in LITERT_VERSIONS.items():
        ours = MAX_VERSION[OpKind[op]]
        if op in VERSION_GAPS:
            assert VERSION_GAPS[op][0] == ours < highest, (op, VERSION_GAPS[op][0], ours, highest)
        else:
            assert ours >= highest, (op, ours, highest)


def test_ops_litert_prints_the_table_and_its_totals():
    run = [sys.executable, "-m", "codegen.cli", "ops", "--litert"]
    text = subprocess.run([*run, "GELU"], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert "GELU  int8" in text and "LiteRT runs 4 (op, dtype) pairs here" in text
    rows = json.loads(subprocess.run([*run, "--json"], capture_output=True, text=True, cwd=ROOT, check=True).stdout)
    assert len(rows) == len(pairs()) and sum(r["status"] == "missing" for r in rows) == len(MISSING)
    both = subprocess.run([*run, "--tflm"], capture_output=True, text=True, cwd=ROOT)
    assert both.returncode != 0 and len(both.stderr.strip().splitlines()) == 1
