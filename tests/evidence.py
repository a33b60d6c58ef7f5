"""What proves that rvfw runs an (op, dtype) pair: a model that holds it (as the file holds it, before
the frontend folds anything) and that a simulator tier runs bit-exact: the kernel tier's single-op
cases, the converter corpus, the random graphs' regressions and the public models. Read by the
ratchets over TFLite Micro's set (test_tflm_set) and LiteRT's (test_litert_set)."""

from __future__ import annotations

import zlib
from functools import cache
from pathlib import Path

import numpy as np
import pytest
import tflite
from tflite.BuiltinOperator import BuiltinOperator
from tflite.TensorType import TensorType

from codegen.frontend.custom import CUSTOM_KINDS
from codegen.frontend.tflite import _OP_NAMES, builtin_code, load_tflite
from codegen.ops.tflm_set import ACTIVATION_INPUT
from tests.conftest import ROOT, SHARED_MODELS
from tests.kernels.cases import CASES

_TYPES = {v: k.lower() for k, v in vars(TensorType).items() if not k.startswith("_")}


def pairs_of(path: Path) -> set[tuple[str, str]]:
    """The (op, dtype) pairs of every subgraph as the file holds them (before the frontend turns
    resource ops into resources or folds a SHAPE)."""
    load_tflite(path)  # rvfw reads it: a model the frontend refuses proves nothing
    model = tflite.Model.GetRootAsModel(path.read_bytes(), 0)
    found = set()
    for s in range(model.SubgraphsLength()):
        sub = model.Subgraphs(s)
        for i in range(sub.OperatorsLength()):
            op = sub.Operators(i)
            code = model.OperatorCodes(op.OpcodeIndex())
            if builtin_code(code) == BuiltinOperator.CUSTOM:
                name = CUSTOM_KINDS[code.CustomCode().decode()].value
            else:
                name = _OP_NAMES[builtin_code(code)]
            k = ACTIVATION_INPUT.get(name, 0)
            index = int(op.Inputs(k)) if op.InputsLength() > k else -1
            dtype = _TYPES[sub.Tensors(index).Type()] if index >= 0 else "any"
            found |= {(name, dtype), (name, "any")}
    return found


@cache
def proven(tmp: Path) -> dict[tuple[str, str], str]:
    """(op, dtype) -> the first model that holds it and that a simulator tier runs bit-exact."""
    found: dict[tuple[str, str], str] = {}
    for name, case in CASES.items():
        path = tmp / f"{name}.tflite"
        path.write_bytes(case.build(np.random.default_rng(zlib.crc32(name.encode()))))
        for pair in pairs_of(path):
            found.setdefault(pair, f"kernel case {name}")
    corpus = [*sorted((ROOT / "tests/data/converters").glob("*.tflite")),
              *sorted((ROOT / "tests/data/graphs").glob("*.tflite")),
              *sorted((SHARED_MODELS / "public").glob("*.tflite"))]  # fmt: skip
    for path in corpus:
        for pair in pairs_of(path):
            found.setdefault(pair, path.name)
    return found


def assert_ratchet(tmp: Path, pairs, missing: frozenset, yardstick: str) -> None:
    """Every pair the yardstick runs that is not missing is proven by a bit-exact model, and no
    missing pair is (strike it off: the list only shrinks)."""
    if not (SHARED_MODELS / "public").is_dir():  # TFLite Micro's audio front end proves the Signal pairs
        pytest.skip(f"needs {SHARED_MODELS / 'public'} (the public models: some pairs' only evidence)")
    evidence = proven(tmp)
    unproven = [(p.op, p.dtype) for p in pairs if p.status != "missing" and (p.op, p.dtype) not in evidence]
    assert not unproven, f"{yardstick} runs these and no bit-exact model proves rvfw does: {unproven}"
    now_run = sorted(pair for pair in missing if pair in evidence)
    assert not now_run, f"rvfw runs these now: strike them off MISSING ({[evidence[p] for p in now_run]})"
