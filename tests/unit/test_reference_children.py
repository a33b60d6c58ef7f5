"""Issue 55: every reference interpreter runs in a child process with a time and memory limit
(codegen.check.child.run_isolated); a reference run left in-process fails here."""

from __future__ import annotations

import os
import re
from pathlib import Path

import numpy as np
import pytest

from codegen.check import golden, litert
from codegen.paths import DEFAULT_MODEL

CODEGEN = Path(__file__).resolve().parents[2] / "codegen"


class Forked(Exception):
    pass


def _no_fork():
    raise Forked


@pytest.mark.parametrize("reference", [golden.reference_outputs, litert.reference_outputs])
def test_each_reference_forks_its_run(monkeypatch, reference):
    monkeypatch.setattr(os, "fork", _no_fork)
    with pytest.raises(Forked):
        reference(DEFAULT_MODEL, [np.zeros((1, 49, 10, 1), np.float32)], 1, 1)


def test_no_module_builds_an_interpreter_outside_the_children():
    """An interpreter is made only in a module whose runs go through run_isolated."""
    makers = re.compile(r"\bInterpreter\(|Interpreter\.from_file\(")
    for path in sorted(CODEGEN.rglob("*.py")):
        text = path.read_text()
        if makers.search(text):
            assert "run_isolated(" in text, f"{path.relative_to(CODEGEN)} makes an interpreter outside a child"
