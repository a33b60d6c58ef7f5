"""The `rvfw` command as users and CI meet it: output, exit codes, one-line errors, nothing half-written."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

import numpy as np
import pytest

from codegen.boards.board import available_boards, load_board
from codegen.modelgen import ModelBuilder
from codegen.paths import DEFAULT_MODEL
from tests.conftest import ROOT, mlperf_model


def rvfw(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "codegen.cli", *args], capture_output=True, text=True, cwd=cwd)


def assert_one_line_error(proc: subprocess.CompletedProcess, expected: str) -> None:
    assert proc.returncode != 0
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert expected in lines[0], lines[0]


def test_check_default_prints_plan_size_profile_and_verdict(tmp_path, sim_tools):
    proc = rvfw("check", "--out", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "kernel" in out and "conv2d_s8_rvv" in out  # per-layer plan, vector kernels on the default board
    assert "budget" in out and "weights" in out and "arena" in out  # size table
    assert "instr/MAC" in out  # profile
    assert out.rstrip().endswith("bit-exact: 4/4 outputs match TFLite Micro")
    assert (tmp_path / "out" / "firmware.elf").is_file()


def test_size_json(tmp_path, sim_tools):
    proc = rvfw("size", "--json", "--out", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    assert report["ok"] and {r["name"] for r in report["regions"]} == {"flash", "ram"}


def test_a_flash_read_through_two_windows_is_counted_once(tmp_path, sim_tools):
    """Issue 48: the ESP32-C3's data-bus window (drom) shows the same flash as irom: its read-only
    data, weights and constants are counted once, in irom, under their own categories."""
    proc = rvfw("size", "--json", "--board", "esp32c3", "--out", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    regions = {r["name"]: r for r in json.loads(proc.stdout)["regions"]}
    assert set(regions) == {"irom", "dram"}
    irom = regions["irom"]["by_category"]
    assert irom["weights"] > 0 and irom["constants"] > 0 and irom["data"] == 0
    assert regions["irom"]["used"] == sum(irom.values()) + regions["irom"]["padding"]
    assert regions["irom"]["used"] == (tmp_path / "out" / "firmware.bin").stat().st_size


def test_optimize_size_makes_a_smaller_image_that_is_still_bit_exact(tmp_path, sim_tools):
    def code(optimize: str) -> int:
        out = str(tmp_path / optimize)
        proc = rvfw("size", "--json", "--board", "spike-rv32imc", "--optimize", optimize, "--out", out)
        assert proc.returncode == 0, proc.stderr
        return sum(r["by_category"].get("code", 0) for r in json.loads(proc.stdout)["regions"])

    assert code("size") < code("speed")
    proc = rvfw("check", "--board", "spike-rv32imc", "--optimize", "size", "--out", str(tmp_path / "check"))
    assert proc.returncode == 0 and proc.stdout.rstrip().endswith("outputs match TFLite Micro"), proc.stderr
    proc = rvfw("size", "--optimize", "tiny")
    assert proc.returncode == 2 and "invalid choice: 'tiny'" in proc.stderr and "Traceback" not in proc.stderr


def test_plan_prints_lifetimes_and_bound():
    proc = rvfw("plan", "--model", str(mlperf_model("kws_dscnn")))
    assert proc.returncode == 0, proc.stderr
    assert "arena: 16,000 bytes" in proc.stdout and "lifetime lower bound: 16,000 bytes" in proc.stdout


def test_over_budget_stops_at_size_check_and_writes_nothing(tmp_path, sim_tools):
    out = tmp_path / "vww"
    proc = rvfw("build", "--board", "gd32vf103", "--model", str(mlperf_model("vww_mobilenet")), "--out", str(out))
    assert_one_line_error(proc, "does not fit board gd32vf103: over budget in flash by")
    assert "OVER" in proc.stdout and "flash" in proc.stdout
    # It tried the in-place plan too, then says what would be needed.
    assert "running ops in place" in proc.stdout and "what it needs:" in proc.stdout
    assert "weights would need compression" in proc.stdout
    assert not out.exists()
    assert list(tmp_path.iterdir()) == []


def test_over_budget_json_for_ci(tmp_path, sim_tools):
    proc = rvfw("size", "--json", "--board", "gd32vf103", "--model", str(mlperf_model("vww_mobilenet")),
                "--out", str(tmp_path / "vww"))  # fmt: skip
    assert proc.returncode != 0
    report = json.loads(proc.stdout)
    assert not report["ok"]
    flash = next(r for r in report["regions"] if r["name"] == "flash")
    assert flash["over"] and flash["used"] > flash["budget"] == 131072


def test_small_model_fits_the_small_mcu(tmp_path, sim_tools):
    proc = rvfw("build", "--board", "gd32vf103", "--out", str(tmp_path / "tiny"))
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "tiny" / "firmware.elf").is_file()


def test_bad_model_is_one_line_and_writes_nothing(tmp_path):
    m = ModelBuilder()
    x = m.tensor("x", (1, 4, 4, 2), np.int32, scale=0.1)
    w = m.tensor("w", (2, 1, 1, 2), scale=0.1, data=np.ones((2, 1, 1, 2)))
    y = m.tensor("y", (1, 4, 4, 2), np.int32, scale=0.1)
    m.op("CONV_2D", [x, w], [y])
    bad = tmp_path / "bad.tflite"
    bad.write_bytes(m.finish([x], [y]))
    proc = rvfw("build", "--model", str(bad), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "bad.tflite: not supported: CONV_2D: int32 input not supported (needs int8) (op #0)")
    assert not (tmp_path / "out").exists()


def test_not_a_model(tmp_path):
    junk = tmp_path / "junk.tflite"
    junk.write_text("hello")
    assert_one_line_error(rvfw("plan", "--model", str(junk)), "junk.tflite: not a TFLite flatbuffer")


def test_unknown_board():
    assert_one_line_error(rvfw("plan", "--board", "nope"), "board 'nope' not found")


def test_board_without_simulator_says_so(tmp_path, sim_tools):
    board = tmp_path / "boards" / "nosim.yaml"
    board.parent.mkdir()
    text = (ROOT / "boards" / "gd32vf103.yaml").read_text().replace("name: gd32vf103", "name: nosim")
    board.write_text(text[: text.index("simulator:")] + "simulator: none\n" + text[text.index("flash:") :])
    proc = rvfw("run", "--board", str(board), "--out", str(tmp_path / "nosim"))
    assert_one_line_error(proc, "board nosim has no simulator")


def test_wrong_npy_shape(tmp_path):
    np.save(tmp_path / "x.npy", np.zeros(5, np.float32))
    proc = rvfw("build", "--input", str(tmp_path / "x.npy"), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "x.npy: float32 [5], input 'input' is float32 [1, 49, 10, 1]")


def test_transposed_npy_shape_is_refused(tmp_path):
    """As many values, another shape: another image, not the user's (issue 28)."""
    np.save(tmp_path / "x.npy", np.zeros((1, 10, 49, 1), np.float32))
    proc = rvfw("build", "--input", str(tmp_path / "x.npy"), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "x.npy: float32 [1, 10, 49, 1], input 'input' is float32 [1, 49, 10, 1]")


@pytest.mark.parametrize("bad", [np.nan, np.inf, -np.inf])
def test_non_finite_float_input_is_refused(tmp_path, bad):
    x = np.zeros((1, 49, 10, 1), np.float32)
    x[0, 3, 2, 0] = bad
    np.save(tmp_path / "x.npy", x)
    proc = rvfw("build", "--input", str(tmp_path / "x.npy"), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "x.npy: value 32 is")
    assert not (tmp_path / "out").exists()


def test_a_build_never_deletes_its_own_inputs(tmp_path):
    """An earlier output used as the model's folder: refused before anything is written (issue 28)."""
    out = tmp_path / "out"
    assert rvfw("build", "--out", str(out)).returncode == 0
    shutil.copyfile(DEFAULT_MODEL, out / "m.tflite")
    np.save(out / "x.npy", np.zeros((1, 49, 10, 1), np.float32))
    before = sorted(p.name for p in out.iterdir())
    for args in (["--model", str(out / "m.tflite")], ["--input", str(out / "x.npy")]):
        proc = rvfw("build", *args, "--out", str(out))
        assert_one_line_error(proc, f"--out {out}: holds ")
    assert sorted(p.name for p in out.iterdir()) == before


def test_plan_plot_draws_both_plans(tmp_path):
    svg = tmp_path / "kws.svg"
    proc = rvfw("plan", "--model", str(mlperf_model("kws_dscnn")), "--plot", str(svg))
    assert proc.returncode == 0, proc.stderr
    text = svg.read_text()
    assert text.startswith("<svg") and text.count("<rect") > 20
    assert "arena 16,000 B" in text and "arena 8,640 B" in text  # fast, then small


def test_out_naming_a_users_directory_deletes_nothing(tmp_path):
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("keep me")
    proc = rvfw("build", "--out", str(tmp_path / "mine"))
    assert_one_line_error(proc, "not made by rvfw")
    assert (tmp_path / "mine" / "notes.txt").read_text() == "keep me"
    for given in (".", ".."):
        (tmp_path / "work").mkdir(exist_ok=True)
        (tmp_path / "work" / "main.c").write_text("int main;")
        proc = rvfw(
            "build", "--model", str(ROOT / "examples" / "tiny_kws.tflite"), "--out", given, cwd=tmp_path / "work"
        )
        assert_one_line_error(proc, "current directory or a parent")
        assert (tmp_path / "work" / "main.c").is_file()


@pytest.mark.parametrize("board", ["spike-rv64gcv", "hifive1-revb"])
def test_the_watchdog_stops_an_inference_past_its_deadline(tmp_path, sim_tools, board):
    """Issue 17: one-model images have the multi-model image's watchdog: the machine timer stops an
    inference that takes longer than --deadline (the bundled model needs ~0.2 ms on rv64gcv and
    ~1 ms on the FE310 of simulated time); a generous one changes nothing, not even the count."""
    proc = rvfw("check", "--board", board, "--deadline", "20us", "--out", str(tmp_path / "short"))
    assert_one_line_error(proc, "the watchdog stopped the inference under ")
    assert proc.returncode == 2
    counts = []
    for deadline in ("1s", "none"):
        proc = rvfw("check", "--board", board, "--deadline", deadline, "--out", str(tmp_path / deadline))
        assert proc.returncode == 0, proc.stderr
        counts.append(re.search(r"ran under \S+: ([\d,]+) instructions for one inference", proc.stdout).group(1))
        assert re.search(r"[\d,]+ bytes of stack at the deepest", proc.stdout)  # the harness measures it
    assert counts[0] == counts[1]


def test_flags_that_would_be_ignored_are_refused(tmp_path):
    cases = [
        (["run", "--inject-fault", "kws"], "--inject-fault needs --app"),
        (["check", "--preempt", "kws"], "--preempt needs --app"),
        (["run", "--board", "spike-rv32imc", "--vlen", "256"], "has no vector unit"),
        (["run", "--vlen", "0"], "must be a power of two"),
        (["run", "--vlen", "64"], "VLEN >= 128"),
        (["build", "--seed", "-1"], "--seed -1"),
        (["run", "--timeout", "nan"], "--timeout nan"),
        (["run", "--timeout", "-5"], "--timeout -5"),
        (["run", "--sim", "spike", "--board", "hifive1-revb"], "runs on its own simulator"),
        (["check", "--deadline", "5 ms"], "--deadline: '5 ms' is not a duration"),
        (["check", "--deadline", "0s"], "--deadline: '0s' is not a duration"),
        (["check", "--app", "apps/mlperf_kws_ic_ad.yaml", "--deadline", "5ms"], "an application's deadlines are"),
    ]
    for args, expected in cases:
        assert_one_line_error(rvfw(*args, "--out", str(tmp_path / "o")), expected)


def test_a_model_that_crashes_tflite_micro_is_one_line(tmp_path, sim_tools):
    # SOFTMAX with beta = -0.0 makes TFLite Micro abort; it runs in a child process.
    m = ModelBuilder()
    x = m.tensor("x", (1, 10), scale=0.1, zero_point=0)
    y = m.tensor("y", (1, 10), scale=1 / 256, zero_point=-128)
    m.op("SOFTMAX", [x], [y], beta=-0.0)
    (tmp_path / "beta.tflite").write_bytes(m.finish([x], [y]))
    proc = rvfw("check", "--model", str(tmp_path / "beta.tflite"), "--out", str(tmp_path / "out"))
    assert_one_line_error(proc, "beta.tflite: TFLite Micro crashed (SIGABRT)")
    assert proc.returncode == 2


def test_ops_lists_every_op_with_its_kernel_sets():
    proc = rvfw("ops")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0].split() == ["op", "kernel", "family", "dtype", "ref", "scalar", "rvv", "xthead"]
    assert max(len(line) for line in lines) < 120
    rows = {}
    for line in lines[1:]:
        op, family = line.split("  ")[0].strip(), line[lines[0].index("kernel family") :].split("  ")[0].strip()
        rows[(op, family)] = line.split()[-4:]
    # the fast CONV_2D kernels read a folded bias: they run where it fits int32 (yes*, issue 49)
    assert rows[("CONV_2D", "CONV_2D")] == ["yes", "yes*", "yes*", "yes*"]
    assert "CONV_2D, rvv: bias_folds" in rvfw("ops", "CONV_2D").stdout
    assert rows[("SOFTMAX", "SOFTMAX")] == ["yes", "yes", "yes", "yes"]
    assert rows[("LOG_SOFTMAX", "LOG_SOFTMAX")] == ["yes", "-", "-", "-"]
    for activation in ("RELU", "RELU6", "LEAKY_RELU", "LOGISTIC", "TANH", "HARD_SWISH", "ELU", "GELU"):
        assert rows[(activation, "int8 activation (table)")] == ["yes", "yes", "yes", "yes"]
    # issue 58: a long family name is never cut: it goes on in the line below its row
    at = next(k for k, line in enumerate(lines) if "QUANTIZE (thresholds in integer lanes)" in line and
              lines[k + 1].split() == ["(hardware", "float)"])  # fmt: skip
    assert lines[at + 1].index("(hardware") == lines[0].index("kernel family")
    listed = {op for op, _family in rows if op}
    assert {"PAD", "PADV2", "CONCATENATION", "FULLY_CONNECTED", "QUANTIZE", "TRANSPOSE", "MEAN", "MUL",
            "SQUEEZE", "SHAPE"} <= listed  # fmt: skip


def test_ops_filter_and_json():
    proc = rvfw("ops", "leaky")
    assert proc.returncode == 0 and all(line.startswith("LEAKY_RELU") for line in proc.stdout.splitlines()[1:])
    records = json.loads(rvfw("ops", "--json", "SOFTMAX").stdout)
    assert {"ops", "family", "dtype", "kernel_sets"} <= set(records[0])
    assert any(r["family"] == "SOFTMAX int8 -> int16" and r["kernel_sets"] == ["ref", "scalar"] for r in records)


def test_input_files_must_match_the_model_inputs(tmp_path):
    from tests.e2e.test_models import _two_input_model

    model = _two_input_model(tmp_path / "two.tflite")
    np.save(tmp_path / "l.npy", np.zeros((1, 3, 4), np.int8))
    proc = rvfw("build", "--model", str(model), "--input", str(tmp_path / "l.npy"), "--out", str(tmp_path / "o"))
    assert_one_line_error(proc, "1 --input files for a model with 2 inputs (left, right)")
    np.savez(tmp_path / "bad.npz", a=np.zeros(12, np.int8), b=np.zeros(12, np.int8))
    proc = rvfw("build", "--model", str(model), "--input", str(tmp_path / "bad.npz"), "--out", str(tmp_path / "o"))
    assert_one_line_error(proc, "bad.npz: holds ['a', 'b']; the model's inputs are ['left', 'right']")
    assert not (tmp_path / "o").exists()


def test_steps_of_a_model_with_state(tmp_path):
    from codegen.family_models import svdf_kws

    model = tmp_path / "kws.tflite"
    model.write_bytes(svdf_kws())
    proc = rvfw("check", "--model", str(model), "--steps", "4", "--out", str(tmp_path / "o"))
    assert proc.returncode == 0, proc.stderr
    assert "bit-exact: 16/16 outputs match TFLite Micro" in proc.stdout + proc.stderr
    # one output, four steps: each step's output 0, not outputs 0..3 (issue 48)
    assert "step 3 output 0 " in proc.stdout and "output 3 " not in proc.stdout.replace("step 3 output", "")
    proc = rvfw("build", "--model", str(model), "--steps", "0", "--out", str(tmp_path / "p"))
    assert_one_line_error(proc, "--steps 0: give 1 to 1024")
    np.save(tmp_path / "x.npy", np.zeros((1, 40), np.int8))
    proc = rvfw("build", "--model", str(model), "--steps", "2", "--input", str(tmp_path / "x.npy"), "--out",
                str(tmp_path / "q"))  # fmt: skip
    assert_one_line_error(proc, "--steps 2 with --input: the files give one step")
    assert not (tmp_path / "p").exists() and not (tmp_path / "q").exists()


def test_the_cycle_estimate_reads_spikes_commit_log(tmp_path, sim_tools):
    """Issue 19: --cycles traces the same image under Spike: the inference it finds retires exactly
    the harness's count, per layer too, and vector instructions cost their register groups (more
    than one cycle each with LMUL > 1)."""
    from codegen import pipeline

    b = pipeline.build(
        DEFAULT_MODEL,
        "spike-rv64gcv",
        tmp_path / "v",
        options=pipeline.BuildOptions(for_simulator=True),
        log=lambda _m: None,
    )
    lines: list[str] = []
    r = pipeline.run(b, log=lines.append, cycles=True)
    assert r.cycles.instructions == r.harness.total_instret
    assert len(r.cycles.layers) == len(b.layers)
    assert r.cycles.total > r.cycles.instructions and r.cycles.vector_instructions > 0
    assert any("est. cycles" in line and "cycles/MAC" in line for line in lines)
    proc = rvfw("run", "--cycles", "--sim", "qemu", "--out", str(tmp_path / "q"))
    assert_one_line_error(proc, "--cycles reads Spike's commit log")


def test_io_int8_runs_the_int8_tensors_and_checks_them_against_tflm(tmp_path, sim_tools):
    """--io int8 (issue 31): build, run and check take the int8 tensors around the model's own
    QUANTIZE and DEQUANTIZE as the I/O (their scale and zero point on the console, in the export's
    header and manifest), still bit-exact with TFLite Micro running the model as it is."""
    from tests.kernels.cases import float_io_relu

    model = tmp_path / "float_io.tflite"
    model.write_bytes(float_io_relu())
    proc = rvfw("check", "--model", str(model), "--io", "int8", "--out", str(tmp_path / "out"))
    assert proc.returncode == 0, proc.stderr
    assert "--io int8: inputs int8[2, 3, 7] scale 0.02 zero point -9; outputs int8[2, 3, 7]" in proc.stdout
    assert "bit-exact: 42/42 outputs match TFLite Micro" in proc.stdout
    proc = rvfw("export", "--model", str(model), "--io", "int8", "--name", "fio", "--out", str(tmp_path / "exp"))
    assert proc.returncode == 0, proc.stderr
    manifest = json.loads((tmp_path / "exp" / "manifest.json").read_text())
    assert manifest["inputs"][0]["dtype"] == "int8" and manifest["inputs"][0]["zero_point"] == -9
    assert "int8_t" in (tmp_path / "exp" / "include" / "fio.h").read_text()
    int8_io = sorted((ROOT / "tests" / "data" / "converters").glob("keras_*int8.tflite"))[0]
    assert_one_line_error(rvfw("plan", "--io", "int8", "--model", str(int8_io)), "--io int8: the model has no QUANTIZE")
    assert_one_line_error(rvfw("build", "--io", "int8", "--app", "apps/mlperf_kws_ic_ad.yaml"), "--io is for one model")


def test_ops_filter_that_matches_nothing_is_an_error_and_a_closed_pipe_is_quiet():
    """Issue 48: `rvfw ops NOSUCH` said nothing and exited 0; `rvfw ops | head` ended in a traceback."""
    assert_one_line_error(rvfw("ops", "NOSUCH"), "no op whose name contains 'NOSUCH'")
    proc = subprocess.run(f"{sys.executable} -m codegen.cli ops | head -1", shell=True, capture_output=True, text=True,
                          cwd=ROOT)  # fmt: skip
    assert proc.stdout.startswith("op ") and "Traceback" not in proc.stderr and "Error" not in proc.stderr
    assert "auto" not in rvfw("plan", "--help").stdout.split("--memory", 1)[1].split("--kernels", 1)[0]


def test_test_hooks_stay_off_the_users_help():
    """--inject-fault and --preempt exist for the test suite, not for a user's --help (issue 48)."""
    for command in ("build", "run", "check"):
        proc = rvfw(command, "--help")
        assert proc.returncode == 0 and "--inject-fault" not in proc.stdout and "--preempt" not in proc.stdout


def test_the_over_budget_hint_proposes_tt_only_where_fully_connected_weights_are(tmp_path):
    """--compress tt compresses FULLY_CONNECTED weights: a convolutional model short of flash is not
    told to try it (issue 48: VWW was)."""
    from codegen import pipeline
    from codegen.boards import load_board
    from codegen.pipeline.memory import MemoryOptions, needs_table
    from tests.conftest import mlperf_model

    board = load_board("spike-rv64gcv")
    over = {"regions": [{"name": "flash", "over": True, "used": 300_000, "budget": 100_000,
                         "by_category": {"weights": 250_000, "code": 50_000}}]}  # fmt: skip
    conv = MemoryOptions(pipeline.load(mlperf_model("vww_mobilenet"), board), board)
    assert "(--compress tt)" not in needs_table(conv, over)
    assert "FULLY_CONNECTED weights only" in needs_table(conv, over)
    dense = MemoryOptions(pipeline.load(mlperf_model("ad_autoencoder"), board), board)
    assert "(--compress tt)" in needs_table(dense, over)


# Every board file, and how its exact image runs here (the RTL boards on their Verilated cores): the
# C906's on its board model (no vector unit there: scalar kernels); its vector kernels run on
# xuantie-qemu in a user-mode rebuild (test_c906).
EXACT_IMAGE_RUNS = {
    "hifive1-revb": [], "spike-rv32imc": [], "spike-rv64gcv": [], "spike-rv32zve32x": [], "esp32c3": [],
    "gd32vf103": [], "c906": ["--kernels", "scalar", "--sim", "board-model"],
    "ibex-small": [], "ibex-maxperf": [], "cv32e40p": [],
}  # fmt: skip


def test_every_board_file_has_its_exact_image_run():
    assert sorted(EXACT_IMAGE_RUNS) == available_boards()


@pytest.mark.parametrize("board", sorted(EXACT_IMAGE_RUNS))
def test_check_runs_the_bytes_build_writes(tmp_path, sim_tools, board):
    """Issue 47: `rvfw check` runs the very image `rvfw build` writes (the FE310's Intel HEX, the
    ESP32-C3's direct-boot and the GD32VF103's flash .bin are the same bytes, sha256 printed by
    both): under QEMU's FE310 model with a deterministic clock, no simulator variant with another
    watchdog constant; the boards QEMU lacks on rvfw's board models (Unicorn). The vector boards
    run KWS on their vector kernels. `rvfw boards` then names the run."""
    extra = EXACT_IMAGE_RUNS[board]
    hashes = []
    for command in ("build", "check"):
        args = [a for a in extra if command == "check" or a not in ("--sim", "board-model")]
        proc = rvfw(command, "--board", board, "--out", str(tmp_path / command), *args)
        assert proc.returncode == 0, proc.stderr
        hashes.append(re.search(r"image \S+ sha256 ([0-9a-f]{64})", proc.stdout).group(1))
    assert hashes[0] == hashes[1]
    assert "bit-exact: 4/4 outputs match TFLite Micro" in proc.stdout
    if load_board(board).vector and not extra:
        assert re.search(r"_(rvv|xthead) ", proc.stdout), "the vector board ran no vector kernel"
    rows = {r["board"]: r for r in json.loads(rvfw("boards", "--json").stdout)}
    assert rows[board]["last_bit_exact"]["sha256"] == hashes[0]


def test_run_check_and_plan_speak_json(tmp_path, sim_tools):
    """Issue 48: --json on run, check and plan: the same facts as the tables, nothing else on stdout."""
    check = json.loads(rvfw("check", "--json", "--out", str(tmp_path / "c")).stdout)
    assert check["comparison"] == {"bit_exact": True, "matched": 4, "total": 4, "against": "TFLite Micro",
                                   "mismatches": []}  # fmt: skip
    profile = check["profile"]
    assert profile["instructions"] >= sum(row["instructions"] for row in profile["layers"]) > 0
    assert check["size"]["ok"] and check["outputs"][0]["shape"] == [1, 4]
    run = json.loads(rvfw("run", "--json", "--out", str(tmp_path / "r")).stdout)
    assert run["profile"] == profile and "comparison" not in run
    plan = json.loads(rvfw("plan", "--json").stdout)
    assert plan["arena_bytes"] == check["arena_bytes"] and plan["buffers"]


def test_report_is_one_self_contained_page(tmp_path, sim_tools):
    proc = rvfw("report", "--out", str(tmp_path / "out"), "--html", str(tmp_path / "r.html"))
    assert proc.returncode == 0, proc.stderr
    page = (tmp_path / "r.html").read_text()
    assert "bit-exact: 4/4 outputs match TFLite Micro" in page and "<svg" in page
    assert "Every layer against TensorFlow Lite Micro" in page and "ms at 1000 MHz" in page
    assert "<script" not in page and "src=" not in page and "href=" not in page  # nothing to fetch
    assert ">weights B</th>" in page and ">activations B</th>" in page  # issue 58: per-layer ROM and RAM


def test_report_with_a_data_set_has_its_accuracy(tmp_path, sim_tools):
    """Issue 58: `report --data` adds the data set's section: bit-exact samples, top-1 and top-5,
    per-class accuracy and the confusion matrix."""
    model = mlperf_model("kws_dscnn")
    rng = np.random.default_rng(3)
    np.savez(tmp_path / "kws.npz", x=rng.integers(-128, 128, (6, 1, 49, 10, 1)).astype(np.int8),
             y=rng.integers(0, 12, 6))  # fmt: skip
    proc = rvfw("report", "--model", str(model), "--data", str(tmp_path / "kws.npz"), "--no-layers", "--out",
                str(tmp_path / "out"))  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    page = (tmp_path / "out" / "report.html").read_text()
    assert "Accuracy on the data set" in page and "bit-exact: 6/6 samples match TFLite Micro" in page
    assert "top-5:" in page and "<h3>Per class</h3>" in page and "<h3>Confusion matrix" in page


def test_a_check_asks_the_reference_once(tmp_path, sim_tools, monkeypatch):
    """The verdict and its words come from one TFLite Micro run, however often they are asked."""
    from codegen import pipeline
    from codegen.check import golden
    from codegen.check.reference import golden_outputs

    runs = []
    real = golden.reference_outputs
    monkeypatch.setattr(golden, "reference_outputs", lambda *a, **k: runs.append(1) or real(*a, **k))
    b = pipeline.build(DEFAULT_MODEL, "spike-rv64gcv", tmp_path / "out", log=lambda _m: None)
    r = pipeline.run(b, log=lambda _m: None)
    assert pipeline.check(r, log=lambda _m: None).bit_exact
    first, against = golden_outputs(b.graph, b.inputs)
    assert against == "TFLite Micro" and len(runs) == 1
    first[0][...] = 1 - np.asarray(first[0])  # a copy: the next asking gets the reference's own values
    again, _ = golden_outputs(b.graph, b.inputs)
    assert len(runs) == 1 and np.array_equal(np.asarray(again[0]).reshape(-1), r.harness.outputs[0].reshape(-1))


def test_plan_help_offers_only_what_plan_takes():
    """Issue 48: plan has no --app and no --memory auto: its help says neither."""
    text = rvfw("plan", "--help").stdout
    board = " ".join(text.split("--board BOARD")[2].split("--planner")[0].split())
    assert board == "board name or YAML path (default: spike-rv64gcv)"
    assert "--app" not in text and "--memory {fast,small,tiled}" in text


@pytest.mark.parametrize("variable", ["RVFW_SPIKE", "RVFW_XUANTIE_QEMU"])
def test_a_simulator_variable_naming_nothing_is_one_line(tmp_path, monkeypatch, variable):
    """Issue 58: RVFW_SPIKE=/nonexistent/spike stopped with an internal FileNotFoundError (exit 70)."""
    from codegen.errors import ToolError
    from codegen.run.sim import spike_binary, xuantie_qemu

    monkeypatch.setenv(variable, str(tmp_path / "nonexistent"))
    with pytest.raises(ToolError, match=f"\\${variable} is .*nonexistent: no executable there"):
        (spike_binary if variable == "RVFW_SPIKE" else xuantie_qemu)()
    if variable == "RVFW_SPIKE":
        proc = subprocess.run([sys.executable, "-m", "codegen.cli", "run", "--board", "spike-rv64gcv", "--out",
                               str(tmp_path / "out")], capture_output=True, text=True, cwd=ROOT,
                              env={**os.environ, variable: str(tmp_path / "nonexistent")})  # fmt: skip
        assert_one_line_error(proc, "$RVFW_SPIKE is")


def test_commands_write_nothing_outside_out_in_the_folder_they_run_in(tmp_path, sim_tools):
    """Issue 58: rvfw wrote ./build/.objects and ./build/board-runs in the current folder; caches
    now live in paths.CACHE_DIR (the checkout's build/, installed the user's cache folder)."""
    here = tmp_path / "here"
    here.mkdir()
    for command in (["check"], ["run"], ["build"], ["size"]):
        proc = subprocess.run([sys.executable, "-m", "codegen.cli", *command, "--out", str(tmp_path / "out")],
                              capture_output=True, text=True, cwd=here,
                              env={**os.environ, "PYTHONPATH": str(ROOT)})  # fmt: skip
        assert proc.returncode == 0, proc.stderr
    assert sorted(p.name for p in here.iterdir()) == []
    from codegen import paths

    assert paths.CACHE_DIR == paths.BUILD_DIR  # in a checkout; installed: $XDG_CACHE_HOME/rvfw


def test_the_spike_elf_is_the_same_bytes_from_any_folder_and_installation(tmp_path):
    """Issue 58: the Spike image's sha256 depended on the output folder, the folder rvfw ran in and
    where it is installed (debug info's paths); now none of them is in the ELF."""
    env = {**os.environ, "RVFW_OBJECT_CACHE": "off", "PYTHONPATH": str(ROOT)}
    digests = set()
    for k, cwd in enumerate((ROOT, tmp_path)):
        out = tmp_path / f"out{k}" / ("deep" * k)
        proc = subprocess.run([sys.executable, "-m", "codegen.cli", "build", "--board", "spike-rv64gcv", "--out",
                               str(out)], capture_output=True, text=True, cwd=cwd, env=env)  # fmt: skip
        assert proc.returncode == 0, proc.stderr
        elf = (out / "firmware.elf").read_bytes()
        assert str(ROOT).encode() not in elf and str(tmp_path).encode() not in elf
        digests.add(hashlib.sha256(elf).hexdigest())
    assert len(digests) == 1
