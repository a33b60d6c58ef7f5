"""Untrusted input, fourth round (issue 55): memory safety on the device by construction. Each
reproducer (the report's, kept aside: described in the issue) is refused in one line or handled."""

from __future__ import annotations

import flatbuffers.flexbuffers as flexbuffers
import numpy as np
import pytest

from codegen.frontend.signal import MAX_STATE
from codegen.frontend.tflite import load_tflite
from codegen.modelgen import ModelBuilder
from tests.conftest import ROOT
from tests.e2e.test_cli import assert_one_line_error, rvfw


def _signal(kind: str, in_shape, out_shape, options: dict) -> bytes:
    m = ModelBuilder()
    x = m.tensor("x", in_shape, np.int16)
    y = m.tensor("y", out_shape, np.int16)
    outputs = [y]
    if kind == "SignalFramer":
        outputs.append(m.tensor("valid", (), np.bool_))
    m.op(f"CUSTOM:{kind}", [x], outputs, custom_options=bytes(flexbuffers.Dumps(options)))
    return m.finish([x], outputs)


# Defect 1: states over 2^20 elements were shrunk to one element while the kernel ran with the
# real size (~2 MB written past a 2-byte buffer). Each shape is the report's kind of reproducer.
OVERSIZED = {
    # capacity ceil(size / step) * step just past 2^20 for one row
    "framer_capacity": ("SignalFramer", (1, 4), (1, 1, MAX_STATE + 3), {"frame_size": MAX_STATE + 3, "frame_step": 4}),
    # 2^21 rows of a small frame: each dimension within bounds, their product not
    "framer_rows": ("SignalFramer", (1 << 21, 2), (1 << 21, 1, 4), {"frame_size": 4, "frame_step": 2}),
    "delay_rows_times_length": ("SignalDelay", (1 << 11, 4), (1 << 11, 4), {"delay_length": 1 << 10}),
    "overlap_add_rows": ("SignalOverlapAdd", (1 << 19, 2, 8), (1 << 19, 8), {"frame_step": 4}),
}


@pytest.mark.parametrize("case", sorted(OVERSIZED))
def test_signal_state_over_the_bound_is_refused_at_load(tmp_path, case):
    kind, in_shape, out_shape, options = OVERSIZED[case]
    path = tmp_path / f"{case}.tflite"
    path.write_bytes(_signal(kind, in_shape, out_shape, options))
    proc = rvfw("build", "--model", str(path), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "state would hold")
    assert "#0" in proc.stderr and f"over the {MAX_STATE:,}" in proc.stderr
    assert not (tmp_path / "out" / "firmware.elf").exists()


def test_signal_state_is_sized_as_its_kernel_uses_it(tmp_path):
    """Within the bound, the state tensor is what the kernel is sized by (no second copy)."""
    path = tmp_path / "framer.tflite"
    path.write_bytes(_signal("SignalFramer", (3, 48), (3, 3, 40), {"frame_size": 40, "frame_step": 16}))
    graph = load_tflite(path)
    framer = graph.ops[0]
    state = graph.tensors[framer.inputs[1]]
    assert tuple(state.shape) == (3, 48)  # rows, capacity ceil(40 / 16) * 16


def test_float_model_inside_out_is_refused_and_kept(tmp_path):
    """Defect 2: `validate --float-model X/f.tflite --out X` deleted f.tflite (the third file option
    the inside-`--out` check missed; cli.FILE_OPTIONS now declares every one)."""
    from codegen.paths import DEFAULT_MODEL

    out = tmp_path / "X"
    out.mkdir()
    (out / ".rvfw-output").write_text("made by rvfw\n")
    float_model = out / "f.tflite"
    float_model.write_bytes(DEFAULT_MODEL.read_bytes())
    data = tmp_path / "d.npz"
    np.savez(data, x=np.zeros((2, 1, 49, 10, 1), np.float32))
    proc = rvfw("validate", "--data", str(data), "--float-model", str(float_model), "--out", str(out))
    assert_one_line_error(proc, "which this command reads")
    assert float_model.is_file()


def test_a_reader_that_goes_away_is_no_internal_error():
    """Defect 11: `rvfw plan | (sleep 1; head -1)` ended in internal error BrokenPipeError."""
    import subprocess

    from tests.conftest import ROOT

    proc = subprocess.Popen([str(ROOT / ".venv" / "bin" / "rvfw"), "plan"], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)  # fmt: skip
    proc.stdout.close()  # before rvfw writes: its first write meets a closed pipe
    err = proc.stderr.read().decode()
    assert proc.wait() == 141 and err == "", err


def _npz_with(path, name: str, header_shape: tuple, payload: bytes, dtype="<i1") -> None:
    """An .npz whose member `name` declares header_shape and holds payload (forged or compressed)."""
    import io
    import zipfile

    buffer = io.BytesIO()
    np.lib.format.write_array_header_1_0(buffer, {"descr": dtype, "fortran_order": False, "shape": header_shape})
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr(f"{name}.npy", buffer.getvalue() + payload)


def test_validate_data_is_judged_by_its_headers_first(tmp_path):
    """Defect 6: an .npz declaring 2^33 samples (MemoryError, exit 70) and a zip bomb (1 GB taken
    before the refusal): both refused in one line from the header and the zip directory."""
    forged = tmp_path / "forged.npz"
    _npz_with(forged, "x", (1 << 33, 1, 49, 10, 1), b"")
    proc = rvfw("validate", "--data", str(forged), "--out", str(tmp_path / "o1"))
    assert_one_line_error(proc, "8589934592 samples; give 1 to 1024")
    bomb = tmp_path / "bomb.npz"
    _npz_with(bomb, "x", (2, 1, 49, 10, 1), bytes(200 * 1024 * 1024))  # 200 MB of zeros, deflated to ~200 KB
    assert bomb.stat().st_size < 1 << 20
    proc = rvfw("validate", "--data", str(bomb), "--out", str(tmp_path / "o2"))
    assert_one_line_error(proc, "unpacks to")


def test_out_through_a_missing_folder_is_the_folder_it_names(tmp_path):
    """Defect 7: `--out W/missing/../b` built into W/b, then an internal error (FileNotFoundError);
    the API raised it raw. The folder is normalised once, and every path after names it."""
    from codegen import api

    proc = rvfw("build", "--out", str(tmp_path / "missing" / ".." / "b"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "b" / "firmware.elf").is_file() and not (tmp_path / "missing").exists()
    compiled = api.compile(str(ROOT / "examples" / "tiny_kws.tflite"), out_dir=tmp_path / "gone" / ".." / "c")
    assert compiled.image == tmp_path / "c" / "firmware.elf" and compiled.image.is_file()


def test_api_runs_with_inputs_in_a_folder_of_their_own(tmp_path, monkeypatch, sim_tools):
    """Defect 8: Compiled.run(inputs) rebuilt into <out_dir>/../api-inputs (a model compiled into a
    folder of that name later returned stale outputs) and left rvfw-inputs-* behind."""
    import tempfile

    from codegen import api

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", None)  # re-read TMPDIR
    other = api.compile(str(ROOT / "examples" / "tiny_kws.tflite"), out_dir=tmp_path / "api-inputs")
    mine = api.compile(str(ROOT / "examples" / "tiny_kws.tflite"), out_dir=tmp_path / "mine")
    zeros = np.zeros((1, 49, 10, 1), np.float32)
    assert mine.check([zeros]).bit_exact
    assert other.image.is_file() and (tmp_path / "api-inputs" / "firmware.elf").stat().st_size > 0
    assert list(scratch.iterdir()) == []  # nothing left in the temporary folder


def _endless_float_loop() -> bytes:
    """A float model of the example's input whose WHILE never ends (its counter runs to 2^31 - 1)."""
    main = ModelBuilder()
    x = main.tensor("x", (1, 49, 10, 1), np.float32)
    zero = main.tensor("zero", (), np.int32, data=np.int32(0))
    outs = [main.tensor("i_out", (), np.int32), main.tensor("x_out", (1, 49, 10, 1), np.float32)]
    main.op("WHILE", [zero, x], outs, 1, cond=1, body=2)
    cond = ModelBuilder()
    ci = [cond.tensor("i", (), np.int32), cond.tensor("x", (1, 49, 10, 1), np.float32)]
    limit = cond.tensor("limit", (), np.int32, data=np.int32(2**31 - 1))
    flag = cond.tensor("flag", (), np.bool_)
    cond.op("LESS", [ci[0], limit], [flag], 1)
    body = ModelBuilder()
    bi = [body.tensor("i", (), np.int32), body.tensor("x", (1, 49, 10, 1), np.float32)]
    one = body.tensor("one", (), np.int32, data=np.int32(1))
    i_next = body.tensor("i_next", (), np.int32)
    body.op("ADD", [bi[0], one], [i_next], 1)
    return main.finish([x], [outs[1]], extra=[(cond, ci, [flag]), (body, bi, [i_next, bi[1]])])


def test_a_float_model_that_never_ends_is_stopped(tmp_path, sim_tools):
    """Defect 3: `validate --float-model` with a WHILE that never ends hung forever (LiteRT ran in
    rvfw's own process, with no limit, deaf to Ctrl-C). It runs in a child with a time limit now."""
    import os
    import subprocess
    import time

    float_model = tmp_path / "endless.tflite"
    float_model.write_bytes(_endless_float_loop())
    data = tmp_path / "d.npz"
    np.savez(data, x=np.zeros((1, 1, 49, 10, 1), np.float32))
    env = {**os.environ, "RVFW_TFLM_TIMEOUT": "5"}
    started = time.monotonic()
    proc = subprocess.run([str(ROOT / ".venv" / "bin" / "rvfw"), "validate", "--data", str(data), "--float-model",
                           str(float_model), "--out", str(tmp_path / "out")], capture_output=True, text=True,
                          env=env, timeout=300)  # fmt: skip
    assert proc.returncode != 0 and time.monotonic() - started < 240
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "did not finish running the model within 5 s" in lines[0], proc.stderr


def test_bool_inputs_other_than_0_and_1_are_refused(tmp_path):
    """Defect 9: bool input bytes 2, 0x80, 0xff were true to the image and their raw byte to TFLite
    Micro (LOGICAL_NOT differed on 5 of 8 values). A bool input is 0 or 1, or refused in one line."""
    m = ModelBuilder()
    x = m.tensor("x", (8,), np.bool_)
    y = m.tensor("y", (8,), np.bool_)
    m.op("LOGICAL_NOT", [x], [y])
    model = tmp_path / "not.tflite"
    model.write_bytes(m.finish([x], [y]))
    raw = np.array([0, 1, 2, 0x80, 0xFF, 1, 0, 3], np.uint8).view(np.bool_)
    np.save(tmp_path / "x.npy", raw)
    proc = rvfw("build", "--model", str(model), "--input", str(tmp_path / "x.npy"), "--out", str(tmp_path / "o"))
    assert_one_line_error(proc, "bool value 2 is the byte 2; bools are 0 or 1")


def test_a_zero_divisor_from_the_inputs_is_named_as_the_inputs(tmp_path, sim_tools):
    """Defect 10: int32 DIV by zero from the inputs: `check` said TFLite Micro refused the model."""
    m = ModelBuilder()
    a, b = m.tensor("a", (4,), np.int32), m.tensor("b", (4,), np.int32)
    y = m.tensor("y", (4,), np.int32)
    m.op("DIV", [a, b], [y])
    model = tmp_path / "div.tflite"
    model.write_bytes(m.finish([a, b], [y]))
    np.save(tmp_path / "a.npy", np.array([7, -7, 1, 2**31 - 1], np.int32))
    np.save(tmp_path / "b.npy", np.array([2, 0, 1, 3], np.int32))
    proc = rvfw("check", "--model", str(model), "--input", str(tmp_path / "a.npy"), "--input", str(tmp_path / "b.npy"),
                "--out", str(tmp_path / "o"))  # fmt: skip
    assert_one_line_error(proc, "accepted the model but stopped on these inputs")


def test_the_write_checker_catches_a_kernel_writing_past_its_output(tmp_path, sim_tools):
    """Issue 55: the checker proves itself on real stores: with one layer's output allowance one
    byte short (as if its kernel wrote one byte past a buffer that size), the stores to that byte
    are stray, named by layer, op and address; with the plan's own allowances, none are."""
    from codegen import pipeline
    from codegen.build.elfinfo import symbol_address
    from codegen.paths import DEFAULT_MODEL
    from codegen.run.trace import spike_command_for
    from codegen.run.writes import allowed_ranges, check_writes

    b = pipeline.build(DEFAULT_MODEL, "spike-rv32imc", tmp_path / "out", log=lambda _m: None,
                       options=pipeline.BuildOptions(for_simulator=True))  # fmt: skip
    arena = symbol_address(b.elf, f"{b.graph.name}_arena")
    allowed = allowed_ranges(b.graph, b.plan, b.layers, arena, None)
    cmd = spike_command_for(b.elf, b.board, None)
    assert not check_writes(b.elf, b.graph, b.plan, b.layers, cmd, 1, allowed).stray
    victim = next(k for k, layer in enumerate(b.layers) if layer.op == "CONV_2D")
    lo, hi = allowed[victim][0]
    allowed[victim] = [(lo, hi - 1), *allowed[victim][1:]]
    stray = check_writes(b.elf, b.graph, b.plan, b.layers, cmd, 1, allowed).stray
    assert stray and all(s.layer == victim and s.address + s.size > hi - 1 for s in stray)
    assert f"layer {victim} (op #{b.layers[victim].index} CONV_2D" in str(stray[0])


def test_a_model_far_over_the_flash_is_refused_before_it_is_read(tmp_path):
    """The audit's last item: a 200 MB-weight model was refused as over the flash budget only after
    57 s and 2.2 GB. The buffer table alone says so now, before any tensor is parsed."""
    import time

    m = ModelBuilder()
    x = m.tensor("x", (1, 2048), scale=0.05, zero_point=0)
    w = m.tensor("w", (1024, 2048), scale=0.01, data=np.ones((1024, 2048), np.int8))  # 16x the flash
    y = m.tensor("y", (1, 1024), scale=0.5, zero_point=0)
    m.op("FULLY_CONNECTED", [x, w], [y])
    model = tmp_path / "big.tflite"
    model.write_bytes(m.finish([x], [y]))
    started = time.monotonic()
    proc = rvfw("build", "--board", "gd32vf103", "--model", str(model), "--out", str(tmp_path / "o"))
    assert_one_line_error(proc, "its constant tensors take 2,097,152 bytes, more than the board's flash (131,072")
    assert time.monotonic() - started < 20
