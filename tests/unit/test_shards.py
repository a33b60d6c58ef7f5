"""validate's shards (codegen.run.shards): contiguous pieces the largest first, and an image's
sample tables overwritten only exactly, symbol by symbol."""

from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pytest

from codegen.build.elfinfo import patch_symbols
from codegen.run.shards import SHARDS_PER_JOB, sample_symbols, split


def test_shards_cover_the_samples_in_order_the_largest_first():
    for samples in (1, 2, 7, 21, 100, 1024):
        for jobs in (1, 2, 3, 64):
            shards = split(samples, jobs)
            assert [i for s in shards for i in s] == list(range(samples))
            sizes = [len(s) for s in shards]
            assert sizes == sorted(sizes, reverse=True) and sizes[0] - sizes[-1] <= 1 and min(sizes) >= 1
            assert len(shards) == (1 if jobs == 1 else min(samples, jobs * SHARDS_PER_JOB))


def test_sample_symbols_store_as_the_harness_does():
    values = sample_symbols([[np.array([1.5], np.float32)], [np.array([-1, 2], np.int16)]])
    assert values["rvfw_sample_steps"] == (2).to_bytes(4, "little")
    assert values["input0_0_data"] == np.float32(1.5).tobytes()
    assert values["input1_0_data"] == b"\xff\xff\x02\x00"


@pytest.mark.skipif(shutil.which("riscv64-unknown-elf-gcc") is None, reason="needs the cross compiler")
def test_patching_writes_exactly_the_symbol_or_nothing(tmp_path):
    (tmp_path / "t.c").write_text("const unsigned char table[8] = {1, 2, 3, 4, 5, 6, 7, 8};\n"
                                  "volatile const unsigned steps = 3;\n"
                                  "unsigned char zeroed[16];\n")  # fmt: skip
    elf = tmp_path / "t.o"
    subprocess.run(["riscv64-unknown-elf-gcc", "-march=rv32imc", "-mabi=ilp32", "-c", "-o", str(elf),
                    str(tmp_path / "t.c")], check=True)  # fmt: skip
    before = elf.read_bytes()
    patch_symbols(elf, {"table": bytes(range(10, 18)), "steps": (5).to_bytes(4, "little")})
    after = elf.read_bytes()
    changed = [k for k in range(len(before)) if before[k] != after[k]]
    assert after.count(bytes(range(10, 18))) == 1 and len(changed) == 8 + 1
    for values, why in (({"table": b"\0" * 9}, "holds 8 bytes, not 9"), ({"nope": b"\0"}, "no symbol nope"),
                        ({"zeroed": b"\0" * 16}, "no bytes in the file")):  # fmt: skip
        with pytest.raises(ValueError, match=why):
            patch_symbols(elf, values)
    assert elf.read_bytes() == after
