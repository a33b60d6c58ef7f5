"""Several models in one image (apps/*.yaml): PMP partitions, the dispatcher, fault containment,
admission failures. Golden outputs come from TFLite Micro; the simulator enforces PMP."""

from __future__ import annotations

import re

import pytest

from codegen import pipeline
from codegen.app import pipeline as app
from codegen.app.manifest import load_app
from codegen.build.elfinfo import symbol_address
from codegen.check import golden
from codegen.errors import RvfwError
from codegen.paths import DEFAULT_MODEL
from codegen.pipeline import BuildOptions
from tests.conftest import ROOT, mlperf_model, quiet
from tests.e2e.test_cli import assert_one_line_error, rvfw

MANIFEST = ROOT / "apps" / "mlperf_kws_ic_ad.yaml"


@pytest.fixture
def three_models():
    for name in ("kws_dscnn", "ic_resnet8", "ad_autoencoder"):
        mlperf_model(name)  # skips when ../shared/models is absent
    return load_app(MANIFEST)


def test_three_models_bit_exact_in_one_image(tmp_path, sim_tools, three_models):
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "out", log=quiet)
    assert [m.entry.name for m in b.models] == ["kws", "ic", "ad"]
    _sim, results = app.run(b, log=quiet)
    assert all(r.status == 0 and r.dispatch_status == 0 and r.dispatch_same for r in results.values())
    assert app.check(b, results, log=quiet)
    # Every model ran in its own partition: all three arenas live side by side in RAM.
    assert b.admitted.slots == (("kws",), ("ic",), ("ad",))
    assert (tmp_path / "out" / "admission.txt").is_file()


@pytest.mark.parametrize("preempt", [None, "kws"])
def test_app_counts_agree_under_both_simulators(tmp_path, both_simulators, three_models, preempt):
    """Spike and QEMU give the same outputs and per-model counts (QEMU's counted ecall left out)."""
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "out", log=quiet, hooks=app.Hooks(preempt=preempt))
    runs = {sim: app.run(b, log=quiet, sim=sim)[1] for sim in ("spike", "qemu")}
    for name, spike in runs["spike"].items():
        qemu = runs["qemu"][name]
        assert spike.status == qemu.status == 0
        assert all((a == b).all() for a, b in zip(spike.outputs, qemu.outputs))
        if preempt is None:  # a timer interrupt lands at another instruction under each simulator
            assert spike.instret == qemu.instret, name
    assert app.check(b, runs["spike"], log=quiet) and app.check(b, runs["qemu"], log=quiet)


def test_fault_in_one_model_is_contained(tmp_path, sim_tools, three_models):
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "out", log=quiet, hooks=app.Hooks(fault="ic"))
    lines: list[str] = []
    sim, results = app.run(b, log=lines.append)
    # A store access fault (mcause 7) at the first byte of kws's partition, reported for ic.
    fault = re.search(r"RVFW-FAULT ic mcause=0x0*7 mepc=0x[0-9a-f]+ mtval=0x([0-9a-f]+)", sim.console)
    assert fault, sim.console[-2000:]
    kws_partition = _symbol_address(b.elf, "rvfw_part_kws")
    assert int(fault.group(1), 16) == kws_partition
    assert results["ic"].status == 1 and results["ic"].dispatch_status == 2  # failed, then refused
    for name in ("kws", "ad"):
        mb = next(m for m in b.models if m.entry.name == name)
        r = results[name]
        assert r.status == 0 and r.dispatch_status == 0 and r.dispatch_same
        assert golden.compare(r.outputs, golden.reference_outputs(mb.graph.source, mb.inputs, 1)).bit_exact
    assert not app.check(b, results, log=quiet)


def test_an_early_ecall_is_a_fault_not_a_result(tmp_path, sim_tools, three_models):
    """Issue 17: a model that ends itself with an ecall before its entry function returns computed
    nothing trustworthy: the dispatcher reports it (mcause 8) and fails it; the others stay exact."""
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "out", log=quiet, hooks=app.Hooks(fault="ic:ecall"))
    sim, results = app.run(b, log=quiet)
    assert re.search(r"RVFW-FAULT ic mcause=0x0*8 ", sim.console), sim.console[-2000:]
    assert results["ic"].status == 1 and results["ic"].dispatch_status == 2
    for name in ("kws", "ad"):
        assert results[name].status == 0 and results[name].dispatch_same


def test_constants_are_not_executable(tmp_path, sim_tools, three_models):
    """Issue 17: a model that jumps into the read-only data and weights (bytes that came from the
    .tflite) takes an instruction access fault (mcause 1) there: code is R/X, constants R only."""
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "out", log=quiet, hooks=app.Hooks(fault="ic:exec"))
    sim, results = app.run(b, log=quiet)
    fault = re.search(r"RVFW-FAULT ic mcause=0x0*1 mepc=0x([0-9a-f]+)", sim.console)
    assert fault, sim.console[-2000:]
    assert int(fault.group(1), 16) == _symbol_address(b.elf, "__rvfw_x_end")
    assert results["ic"].status == 1
    for name in ("kws", "ad"):
        assert results[name].status == 0 and results[name].dispatch_same


@pytest.mark.parametrize(
    "kind, mcause, symbol",
    [
        ("runtime", 1, "rvfw_run_instance"),  # executing the M-mode dispatcher: instruction access fault
        ("peer", 5, "__rvfw_kws_x_end"),  # reading KWS's constants: load access fault at their first byte
    ],
)
def test_a_model_reaches_only_its_own_code_and_constants(tmp_path, sim_tools, three_models, kind, mcause, symbol):
    """Issue 17, least privilege: while IC runs, PMP opens the shared kernels and IC's own code and
    constants, nothing of the runtime or of another model."""
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "out", log=quiet, hooks=app.Hooks(fault=f"ic:{kind}"))
    sim, results = app.run(b, log=quiet)
    fault = re.search(rf"RVFW-FAULT ic mcause=0x0*{mcause} mepc=0x[0-9a-f]+ mtval=0x([0-9a-f]+)", sim.console)
    assert fault, sim.console[-2000:]
    assert int(fault.group(1), 16) == _symbol_address(b.elf, symbol)
    assert results["ic"].status == 1
    for name in ("kws", "ad"):
        assert results[name].status == 0 and results[name].dispatch_same
    # Each model's code and constants are ranges of their own, apart from the shared kernels.
    own = [_symbol_address(b.elf, f"__rvfw_{m}_{edge}") for m in ("kws", "ic", "ad") for edge in ("x_start", "r_end")]
    assert own == sorted(own) and _symbol_address(b.elf, "__rvfw_rx_end") <= own[0]


def test_cli_check_app_and_fault_exit_codes(tmp_path, sim_tools, three_models):
    proc = rvfw("check", "--app", str(MANIFEST), "--out", str(tmp_path / "ok"))
    assert proc.returncode == 0, proc.stderr
    assert "ad: bit-exact: 640/640 outputs match TFLite Micro" in proc.stdout
    proc = rvfw("check", "--app", str(MANIFEST), "--inject-fault", "ad", "--out", str(tmp_path / "fault"))
    assert proc.returncode == 1
    assert "RVFW-FAULT ad mcause=" in proc.stdout and "kws: bit-exact: 12/12" in proc.stdout


def test_admission_failure_on_a_small_board(tmp_path, three_models):
    out = tmp_path / "app"
    proc = rvfw("build", "--app", str(MANIFEST), "--board", "hifive1-revb", "--out", str(out))
    assert_one_line_error(proc, "the models do not fit: over budget in dtim by")
    # The ladder, in order: shared arena for ic+ad (the manifest's groups), then smaller arena plans.
    assert "step 1 (limit concurrency): one arena for ic+ad (never run together)" in proc.stdout
    assert "step 3 (arena): ic arena 49,152 (fast) -> 33,280 (small)" in proc.stdout
    assert re.search(r"dtim\s+arena\+state\s+[\d,]+\s+[\d,]+\s+over by", proc.stdout)
    assert not out.exists()


def test_admit_command_reproduces_seed_004():
    proc = rvfw("admit", "--app", str(ROOT / "apps" / "seed004.yaml"))
    assert proc.returncode == 0, proc.stderr
    assert "vision seq 128 -> 64: frees 524,288 bytes" in proc.stdout
    assert "nlu seq 256 -> 128: frees 6,291,456 bytes" in proc.stdout
    assert "534,315,008 bytes needed after the ladder" in proc.stdout


def _symbol_address(elf_path, name: str) -> int:
    address = symbol_address(elf_path, name)
    assert address is not None, name
    return address


def _manifest(path, *models: str, board: str | None = None):
    """A manifest file listing these model entries (YAML flow mappings)."""
    head = f"board: {board}\n" if board else ""
    path.write_text(head + "models:\n" + "".join(f"  - {{{m}}}\n" for m in models))
    return path


def test_per_model_tt_compression_in_a_manifest(tmp_path, sim_tools):
    kws, ad = mlperf_model("kws_dscnn"), mlperf_model("ad_autoencoder")
    manifest = _manifest(
        tmp_path / "tt.yaml",
        f"name: kws, model: {kws}, priority: 0",
        f"name: ad, model: {ad}, priority: 1, compress: {{method: tt, error: 1.0, layers: [0, 9]}}",
    )
    b = app.build(load_app(manifest), "spike-rv64gcv", tmp_path / "out", log=quiet)
    ad_graph = next(m.graph for m in b.models if m.entry.name == "ad")
    assert sorted({op.options["from_op"] for op in ad_graph.ops if op.kind.value == "TT_EINSUM"}) == [0, 9]
    _sim, results = app.run(b, log=quiet)
    lines: list[str] = []
    assert app.check(b, results, log=lines.append)
    assert "ad: bit-exact: 640/640 outputs match its TT graph's numpy reference" in lines


def test_stack_overflow_faults_below_the_partition(tmp_path, sim_tools, three_models):
    # The stack sits below the arena in the partition: overflowing it leaves the partition.
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "out", log=quiet, hooks=app.Hooks(fault="kws:stack"))
    sim, results = app.run(b, log=quiet)
    fault = re.search(r"RVFW-FAULT kws mcause=0x0*7 mepc=0x[0-9a-f]+ mtval=0x([0-9a-f]+)", sim.console)
    assert fault, sim.console[-2000:]
    assert int(fault.group(1), 16) < _symbol_address(b.elf, "rvfw_part_kws")
    assert results["kws"].status == 1 and results["ic"].status == 0 and results["ad"].status == 0


def test_a_stack_below_what_the_model_uses_is_refused(tmp_path, three_models):
    """Issue 17: admission measures the model's deepest stack on the simulator; a smaller `stack:`
    is refused in one line naming the field, before anything is written."""
    kws, ad = mlperf_model("kws_dscnn"), mlperf_model("ad_autoencoder")
    manifest = _manifest(tmp_path / "stack.yaml", f"name: kws, model: {kws}, priority: 0, stack: 16",
                         f"name: ad, model: {ad}, priority: 1")  # fmt: skip
    out = tmp_path / "out"
    proc = rvfw("build", "--app", str(manifest), "--out", str(out))
    assert_one_line_error(proc, "stack.yaml: kws: stack: 16 bytes is below the ")
    assert re.search(r"it needs \(its inference was measured to use [\d,]+\)", proc.stderr), proc.stderr
    assert not out.exists()


@pytest.mark.parametrize(
    "kind, status, event",
    [
        ("loop", 5, r"RVFW-DEADLINE ic ticks=\d+ mepc=0x"),  # stopped by the machine timer
        ("wfi", 1, r"RVFW-FAULT ic mcause=0x0*2 "),  # mstatus.TW: an illegal instruction in U-mode
    ],
)
def test_a_model_that_never_ends_is_stopped(tmp_path, sim_tools, three_models, kind, status, event):
    """Issue 17: a model that loops forever overruns its deadline (measured instructions x 4 by
    default); one that waits for an interrupt faults. Either way it is named and failed, and the
    others, before and after it, stay bit-exact and dispatch again."""
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "out", log=quiet, hooks=app.Hooks(fault=f"ic:{kind}"))
    ic = next(mb for mb in b.models if mb.entry.name == "ic")
    assert ic.deadline_ticks > 0
    lines: list[str] = []
    sim, results = app.run(b, log=lines.append)
    assert re.search(event, sim.console), sim.console[-2000:]
    assert results["ic"].status == status and results["ic"].dispatch_status == 2
    # The loop ran until the deadline (Spike: 100 instructions a tick), then stopped.
    if kind == "loop":
        assert ic.deadline_ticks * 100 <= results["ic"].instret < ic.deadline_ticks * 110
        assert any(re.match(r"ic\s+1\s+DEADLINE", line) for text in lines for line in text.splitlines())
    for name in ("kws", "ad"):
        assert results[name].status == 0 and results[name].dispatch_same
    assert not app.check(b, results, log=quiet)


def test_a_deadline_from_the_manifest_and_a_hung_image_still_reports(tmp_path, sim_tools):
    """A manifest deadline shorter than the model's work stops it (100us: IC needs ~2.8 ms of
    Spike time). With `deadline: none` and a model that loops, the image hangs until the simulator
    times out; the host still reports the model that finished before it."""
    kws, ic = mlperf_model("kws_dscnn"), mlperf_model("ic_resnet8")
    manifest = _manifest(tmp_path / "dl.yaml", f"name: kws, model: {kws}, priority: 0",
                         f"name: ic, model: {ic}, priority: 1, deadline: 100us")  # fmt: skip
    b = app.build(load_app(manifest), "spike-rv64gcv", tmp_path / "out", log=quiet)
    assert next(mb for mb in b.models if mb.entry.name == "ic").deadline_ticks == 1000  # 100 us at 10 MHz
    sim, results = app.run(b, log=quiet)
    assert re.search(r"RVFW-DEADLINE ic ticks=1000 ", sim.console)
    assert results["ic"].status == 5 and results["kws"].status == 0
    manifest.write_text(manifest.read_text().replace("deadline: 100us", "deadline: none"))
    b = app.build(load_app(manifest), "spike-rv64gcv", tmp_path / "hang", log=quiet, hooks=app.Hooks(fault="ic:loop"))
    lines: list[str] = []
    with pytest.raises(RvfwError, match="timed out after 10 s"):
        app.run(b, timeout=10, log=lines.append)
    text = "\n".join(lines)
    assert "finished before the run stopped:" in text and re.search(r"kws\s+0\s+ok\s+[\d,]+", text), text


def test_deadlines_need_a_timer(tmp_path):
    manifest = _manifest(tmp_path / "c906.yaml", f"name: kws, model: {DEFAULT_MODEL}, priority: 0, deadline: 5ms",
                         board="c906")  # fmt: skip
    proc = rvfw("build", "--app", str(manifest), "--out", str(tmp_path / "x"))
    assert_one_line_error(proc, "c906.yaml: kws: deadline: board c906 has no machine timer (clint) to enforce it")
    manifest.write_text(manifest.read_text().replace("5ms", "5 ms"))
    proc = rvfw("build", "--app", str(manifest), "--out", str(tmp_path / "x"))
    assert_one_line_error(proc, "deadline")


def test_a_timer_interrupt_runs_kws_over_the_others(tmp_path, sim_tools, three_models):
    # KWS (priority 0) runs from a timer interrupt about 10,000 instructions into IC and into AD:
    # the paused model's registers (vector ones included) and PMP come back, and everything is exact.
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "out", log=quiet, hooks=app.Hooks(preempt="kws"))
    _sim, results = app.run(b, log=quiet)
    assert results["kws"].preempt_status is None
    for name in ("ic", "ad"):
        assert results[name].preempt_status == 0 and results[name].preempt_same, name
    # The preempted runs include the nested KWS inference.
    assert results["ic"].instret > results["kws"].instret
    assert app.check(b, results, log=quiet)


def test_preempt_needs_a_timer(tmp_path, three_models):
    proc = rvfw("build", "--app", str(MANIFEST), "--board", "c906", "--preempt", "kws", "--out", str(tmp_path / "x"))
    assert_one_line_error(proc, "--preempt: board c906 has no machine timer (clint) in its board file")


def test_two_models_on_the_hifive1_with_preemption(tmp_path, sim_tools):
    # The real board's image (code and weights in SPI flash, 16 KiB DTIM) on QEMU's FE310 model:
    # PMP partitions in the DTIM, and the bundled KWS run from the RTC timer interrupt over AD.
    ad = mlperf_model("ad_autoencoder")
    manifest = _manifest(
        tmp_path / "hifive1.yaml",
        f"name: kws, model: {DEFAULT_MODEL}, priority: 0, stack: 1024",
        f"name: ad, model: {ad}, priority: 1, stack: 1024",
        board="hifive1-revb",
    )
    # For the simulator: QEMU's FE310 runs mtime at 10 MHz (the board's RTC is 32.768 kHz), and
    # the deadlines are in its ticks.
    b = app.build(
        load_app(manifest),
        None,
        tmp_path / "out",
        options=BuildOptions(for_simulator=True),
        log=quiet,
        hooks=app.Hooks(preempt="kws"),
    )
    assert b.board.name == "hifive1-revb"
    _sim, results = app.run(b, log=quiet)
    assert results["ad"].preempt_status == 0 and results["ad"].preempt_same
    assert app.check(b, results, log=quiet)


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_two_instances_of_a_streaming_model_interleave(tmp_path, sim_tools, board):
    """Each instance of a model with state has its own state partition: stepping them in turn, each
    is bit-exact against its own TFLite Micro interpreter, beside a stateless model."""
    from codegen.family_models import svdf_kws

    (tmp_path / "kws.tflite").write_bytes(svdf_kws())
    manifest = _manifest(tmp_path / "stream.yaml", "name: kws, model: kws.tflite, priority: 0, instances: 2",
                         f"name: ex, model: {DEFAULT_MODEL}, priority: 1", board=board)  # fmt: skip
    b = app.build(load_app(manifest), board, tmp_path / "out", log=quiet)
    kws = next(mb for mb in b.models if mb.entry.name == "kws")
    assert kws.plan.state_size == 960 and len(kws.inputs) == app.STATE_STEPS * 2
    assert b.admitted.demand("kws").state >= 2 * 960
    _sim, results = app.run(b, log=quiet)
    assert results["kws"].status == 0 and len(results["kws"].outputs) == app.STATE_STEPS * 2
    assert results["kws"].dispatch_same  # instance 0 started over gives its first output again
    assert app.check(b, results, log=quiet)
    outputs = results["kws"].outputs  # the two instances' inputs differ, so do their outputs
    assert not all((a == b).all() for a, b in zip(outputs[0::2], outputs[1::2]))


def test_eight_pmp_entries_and_a_model_with_state_share_one_code_range(tmp_path, sim_tools):
    """On the HiFive1 (8 PMP entries) a model with state needs partition + state (4 entries): its
    own code ranges (3 more) do not fit beside the shared ones, so the image falls back to one code
    range and one constants range for all models (still W^X), and says so; both stay bit-exact."""
    from codegen.family_models import svdf_kws

    (tmp_path / "kws.tflite").write_bytes(svdf_kws())
    models = ("name: kws, model: kws.tflite, priority: 0, stack: 1024",
              f"name: ex, model: {DEFAULT_MODEL}, priority: 1, stack: 1024")  # fmt: skip
    manifest = _manifest(tmp_path / "h1.yaml", *models, board="hifive1-revb")
    lines: list[str] = []
    b = app.build(
        load_app(manifest), None, tmp_path / "out", options=BuildOptions(for_simulator=True), log=lines.append
    )
    assert any("the models share one code range" in line for line in lines), lines
    assert symbol_address(b.elf, "__rvfw_kws_x_start") is None
    _sim, results = app.run(b, log=quiet)
    assert app.check(b, results, log=quiet)


def test_a_shared_partition_is_cleared_before_another_model_runs_in_it(tmp_path, sim_tools, three_models):
    """Issue 45 (seed 004's isolation): models the admission ladder puts in one partition never see
    each other's activations. The hook makes AD read its whole arena before its first layer and
    fault if anything but its input is there; IC ran in the same partition just before it."""
    manifest = tmp_path / "tight.yaml"
    manifest.write_text(MANIFEST.read_text().replace("../../shared/models", str(ROOT.parent / "shared" / "models"))
                        + "budget: {flash: 16777216, ram: 72000}\n")  # fmt: skip
    b = app.build(load_app(manifest), "spike-rv64gcv", tmp_path / "out", log=quiet, hooks=app.Hooks(fault="ad:snoop"))
    assert ("ic", "ad") in b.admitted.slots or ("ad", "ic") in b.admitted.slots, b.admitted.slots
    sim, results = app.run(b, log=quiet)
    assert "RVFW-FAULT" not in sim.console, sim.console[-2000:]
    assert results["ad"].status == 0 and results["ad"].dispatch_status == 0
    assert app.check(b, results, log=quiet)
    # The hook does see leftovers: in a partition of its own, AD's dispatched rerun finds its first run's.
    b = app.build(three_models, "spike-rv64gcv", tmp_path / "own", log=quiet, hooks=app.Hooks(fault="ad:snoop"))
    sim, results = app.run(b, log=quiet)
    assert results["ad"].status == 0 and results["ad"].dispatch_status != 0
    assert re.search(r"RVFW-FAULT ad mcause=", sim.console)


def test_an_application_lowers_as_the_single_model_build_does(tmp_path, sim_tools, three_models):
    """Issue 57: the front half has one definition (pipeline.lower): with --optimize size and the
    scalar set, each model of an application calls the kernels its single-model build calls (the
    application's three copies lowered without --optimize: softmax_s8_scalar against softmax_s8_ref)."""
    _board, admitted, models = app.prepare(three_models, "spike-rv32imc", kernels="scalar", log=quiet, optimize="size")
    for m in models:
        memory = admitted.demand(m.entry.name).arena_label
        options = BuildOptions(kernels="scalar", optimize="size", memory=memory)
        single = pipeline.build(m.entry.model, "spike-rv32imc", tmp_path / m.entry.name, options, quiet)
        assert [layer.kernel for layer in m.layers] == [layer.kernel for layer in single.layers], m.entry.name


def test_lower_graph_is_called_from_the_front_half_only():
    callers = [p.relative_to(ROOT) for p in (ROOT / "codegen").rglob("*.py")
               if "lower_graph(" in p.read_text() and p.name != "__init__.py" or
               p.name == "__init__.py" and p.parent.name != "ops" and "lower_graph(" in p.read_text()]  # fmt: skip
    assert [str(p) for p in callers] == ["codegen/pipeline/memory.py"]
