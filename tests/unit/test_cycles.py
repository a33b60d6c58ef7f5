"""The cycle estimate's cost of each vector instruction, and its reading of a Spike commit log."""

import pytest

from codegen.report.cycles import estimate, vector_groups


@pytest.mark.parametrize(
    "mnemonic, sew, lmul, groups",
    [
        ("vadd.vv", 32, 8, 8),  # LMUL
        ("vadd.vv", 8, 0.25, 1),  # fractional: still a register
        ("vwmacc.vx", 16, 4, 8),  # widening: the destination is 2 x LMUL
        ("vnclip.wi", 8, 2, 4),  # narrowing: the source is 2 x LMUL
        ("vle8.v", 32, 8, 2),  # EEW 8 under SEW 32: EMUL 2
        ("vle32.v", 8, 1, 4),  # EEW 32 under SEW 8: EMUL 4
        ("vluxei8.v", 8, 4, 4),  # indexed: the data's LMUL, or the index's EMUL
        ("vredsum.vs", 32, 8, 8),  # a reduction reads one group
        ("vs8r.v", 8, 1, 8),  # whole registers
        ("vmv.x.s", 32, 8, 1),  # one element
        ("vmand.mm", 8, 8, 1),  # masks are one register
    ],
)
def test_register_groups_of_a_vector_instruction(mnemonic, sew, lmul, groups):
    assert vector_groups(mnemonic, sew, lmul) == groups


def _trace(*instructions):
    """Spike `-l --log-commits` lines: an instruction line and its commit line each."""
    lines = []
    for pc, text, vtype in instructions:
        lines.append(f"core   0: 0x{pc:016x} (0x00000000) {text}\n")
        lines.append(f"core   0: 3 0x{pc:016x} (0x00000000){' ' + vtype if vtype else ''} x1  0x0\n")
    return lines


def test_the_estimate_counts_the_last_inference_and_its_layers():
    main, run = (0x100, 0x200), (0x200, 0x300)
    inference = [
        (0x104, "csrr    a5, minstret", ""),  # harness: start
        (0x204, "csrr    a4, minstret", ""),  # layer 0 begins
        (0x208, "vadd.vv v8, v8, v16", "e32 m8 l32"),  # 8 groups, 2 beats each at VLEN 256 / DLEN 128
        (0x20C, "addi    a0, a0, 1", ""),
        (0x210, "csrr    a3, minstret", ""),  # layer 0 ends
        (0x214, "csrr    a4, minstret", ""),  # layer 1 begins
        (0x218, "vwmacc.vx v8, a0, v4", "e16 m2 l16"),  # 4 groups
        (0x21C, "csrr    a3, minstret", ""),  # layer 1 ends
        (0x108, "csrr    a6, minstret", ""),  # harness: end
    ]
    before = [(0x104, "csrr    a5, minstret", ""), (0x208, "vadd.vv v8, v8, v16", "e8 m1 l16"),
              (0x108, "csrr    a6, minstret", "")]  # fmt: skip
    outside = [(0x400, "vadd.vv v1, v1, v1", "e8 m8 l128")]  # printing, after the inference
    result = estimate(_trace(*before, *inference, *outside), main, run, vlen=256, dlen=128)
    assert result.layers == [1 + 16 + 1, 1 + 8]  # as the harness counts: the begin read to the end read
    assert result.instructions == len(inference) - 1  # from the first read's commit to the last read
    assert result.vector_instructions == 2
    assert result.total == sum(result.layers) + 3  # the harness read and the layers' end reads


def test_the_estimate_stops_reading_after_the_harness_last_inference():
    """With the count of inferences given, nothing after the last one is read (a harness printing a
    large output spins in its console wait loop per character: minutes of commit log)."""
    main, run = (0x100, 0x200), (0x200, 0x300)
    inference = [(0x104, "csrr    a5, minstret", ""), (0x20C, "addi    a0, a0, 1", ""),
                 (0x108, "csrr    a6, minstret", "")]  # fmt: skip
    read = []

    def lines():
        for line in _trace(*inference, *inference):
            read.append(line)
            yield line

    one = estimate(lines(), main, run, vlen=128, dlen=128, inferences=1)
    assert one.instructions == 2 and len(read) == 5  # up to the first inference's closing read
    read.clear()
    last = estimate(lines(), main, run, vlen=128, dlen=128)  # no count: the whole trace, the last one
    assert last.instructions == 2 and len(read) == 12
