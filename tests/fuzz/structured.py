"""The structured cases of issue 28: inputs that once gave an internal error, lost a user's file or
were taken silently. Each is a command line with what it must do: build, or be refused in one
line containing the given text (tests/fuzz/campaign.py runs them; `make fuzz` reports them)."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import numpy as np

from codegen.modelgen import ModelBuilder
from codegen.paths import DEFAULT_MODEL, ROOT


def _one_op(kind: str, **options) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", (1, 8), scale=0.05, zero_point=0)
    y = m.tensor("y", (1, 8), scale=0.05 if kind != "SOFTMAX" else 1 / 256, zero_point=0 if kind != "SOFTMAX" else -128)
    m.op(kind, [x], [y], **options)
    return m.finish([x], [y])


def _huge_bias_conv() -> bytes:
    """A conv whose folded bias (bias + input offset x tap sum) passes int32: TFLite Micro runs it."""
    m = ModelBuilder()
    x = m.tensor("x", (1, 3, 3, 4), scale=0.1, zero_point=-128)
    w = m.tensor("w", (2, 1, 1, 4), scale=0.01, data=np.full((2, 1, 1, 4), -100, np.int8))
    b = m.tensor("b", (2,), np.int32, scale=0.001, data=np.full(2, -(2**31) + 10, np.int32))
    y = m.tensor("y", (1, 3, 3, 2), scale=1000.0)
    m.op("CONV_2D", [x, w, b], [y], padding="VALID", stride=(1, 1), dilation=(1, 1))
    return m.finish([x], [y])


def _huge_npy_header() -> bytes:
    buf = io.BytesIO()
    np.lib.format.write_array_header_1_0(buf, {"descr": "<f4", "fortran_order": False, "shape": (10**13,)})
    return buf.getvalue() + bytes(16)


def cases(work: Path) -> list[tuple[str, list[str], str]]:
    work.mkdir(parents=True, exist_ok=True)
    (work / "bias.tflite").write_bytes(_huge_bias_conv())
    (work / "alpha.tflite").write_bytes(_one_op("LEAKY_RELU", alpha=float("nan")))
    (work / "beta.tflite").write_bytes(_one_op("SOFTMAX", beta=float("nan")))
    (work / "huge.npy").write_bytes(_huge_npy_header())
    np.save(work / "transposed.npy", np.zeros((1, 10, 49, 1), np.float32))
    nan = np.zeros((1, 49, 10, 1), np.float32)
    nan[0, 0, 0, 0] = np.nan
    np.save(work / "nan.npy", nan)
    (work / "long.yaml").write_text(f"board: spike-rv64gcv\nmodels:\n  - {{name: {'a' * 5000}, model: {DEFAULT_MODEL}, "
                                    "priority: 0}\n")  # fmt: skip
    board = (ROOT / "boards" / "spike-rv32imc.yaml").read_text().replace("name: spike-rv32imc", "name: typed")
    (work / "typed.yaml").write_text(board.replace("stack_size: 0x2000", "stack_size: lots"))
    earlier = work / "earlier"
    earlier.mkdir(exist_ok=True)
    (earlier / ".rvfw-output").write_text("made by rvfw\n")
    shutil.copyfile(DEFAULT_MODEL, earlier / "m.tflite")
    out = str(work / "o")
    return [
        ("folded bias past int32", ["build", "--model", str(work / "bias.tflite"), "--out", out], "builds"),
        ("NaN LEAKY_RELU alpha", ["build", "--model", str(work / "alpha.tflite"), "--out", out], "option alpha is nan"),
        ("NaN SOFTMAX beta", ["build", "--model", str(work / "beta.tflite"), "--out", out], "option beta is nan"),
        ("5,000-character manifest model name", ["build", "--app", str(work / "long.yaml"), "--out", out],
         "models/0/name: 5,000 characters; at most 64"),
        ("5,000-character --out", ["build", "--out", str(work / ("x" * 5000))], "--out: a name of 5,000 bytes"),
        ("npy header of 10^13 elements", ["build", "--input", str(work / "huge.npy"), "--out", out],
         "float32 [10000000000000]"),
        ("a device as the model", ["build", "--model", "/dev/zero", "--out", out], "/dev/zero: cannot read model"),
        ("the model inside --out", ["build", "--model", str(earlier / "m.tflite"), "--out", str(earlier)],
         "which this command reads"),
        ("a transposed input", ["build", "--input", str(work / "transposed.npy"), "--out", out],
         "is float32 [1, 49, 10, 1]"),
        ("NaN in a float input", ["build", "--input", str(work / "nan.npy"), "--out", out], "must be finite"),
        ("a wrong-type board value", ["build", "--board", str(work / "typed.yaml"), "--out", out],
         "stack_size: 'lots' is not of type 'integer'"),
    ]  # fmt: skip
