"""`rvfw export`: the model inside an application written as a user writes one (tests/e2e/user_app's
main.c with examples/spike_platform's start-up, linker script and HTIF console, nothing from rvfw's
harness), built with CMake and the exported toolchain file, run under Spike, and compared with
TFLite Micro bit for bit."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import time
from pathlib import Path

import numpy as np
import pytest
import yaml

import codegen
from codegen.app.manifest import load_app
from codegen.boards import load_board
from codegen.check import golden
from codegen.export import Export, export, export_app, export_models
from codegen.paths import DEFAULT_MODEL
from codegen.pipeline import BuildOptions
from codegen.run.sim import run_elf, symbol_address
from tests.conftest import ROOT, mlperf_model, quiet
from tests.e2e.test_cli import assert_one_line_error, rvfw

USER_APP = Path(__file__).parent / "user_app"
PLATFORM = ROOT / "examples" / "spike_platform"  # its start-up, HTIF console and linker script


@pytest.fixture
def cmake() -> str:
    """Debian's cmake, which `make setup` installs; CI must have it."""
    path = shutil.which("cmake")
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("CI is missing cmake: .ci/run must install it (make setup)")
        pytest.skip("needs cmake (Debian package, installed by `make setup`)")
    return path


def _models_header(exports: list[Export], inputs: dict[str, list[np.ndarray]], out: Path) -> None:
    """The test's data for main.c: the models' headers, their list, and each model's input bytes."""
    lines = ["#include <stdint.h>"]
    lines += [f'#include "{e.graph.name}.h"' for e in exports]
    entries = " ".join(f"X({e.graph.name}, {e.graph.name.upper()})" for e in exports)
    lines.append(f"#define APP_MODELS(X) {entries}")
    if all(f"{e.graph.name}_selftest" in (e.out_dir / "include" / f"{e.graph.name}.h").read_text() for e in exports):
        lines.append("#define APP_SELFTEST 1")
    for e in exports:
        data = b"".join(a.tobytes() for a in inputs[e.graph.name])
        lines.append(f"static const uint8_t {e.graph.name}_test_input[{len(data)}] = {{{','.join(map(str, data))}}};")
    out.mkdir(parents=True, exist_ok=True)
    (out / "models.h").write_text("\n".join(lines) + "\n")


def _cmake_build(
    cmake: str, toolchain: Path, dirs: list[Path], names: list[str], work: Path, app: bool = False
) -> Path:
    configure = [cmake, "-S", str(USER_APP), "-B", str(work / "build"), f"-DCMAKE_TOOLCHAIN_FILE={toolchain}",
                 f"-DMODEL_DIRS={';'.join(map(str, dirs))}", f"-DMODEL_NAMES={';'.join(names)}",
                 f"-DGENERATED_DIR={work / 'generated'}", f"-DAPP={'ON' if app else 'OFF'}"]  # fmt: skip
    for cmd in (configure, [cmake, "--build", str(work / "build")]):
        proc = subprocess.run(cmd, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return work / "build" / "app.elf"


def _console_lines(elf: Path, board: str) -> list[str]:
    result = run_elf(elf, load_board(board), timeout=300)
    assert result.exit_code == 0, result.console
    lines = result.console.strip().splitlines()
    assert lines[-1] == "done", result.console
    return lines[:-1]


def _build_and_run(
    cmake: str, exports: list[Export], board: str, work: Path, target: str | None = None
) -> dict[tuple[str, str], bytes]:
    """target: the one CMake target of an export of several models (rvfw export --model a --model b)."""
    inputs = {e.graph.name: golden.make_inputs(e.graph, seed=3) for e in exports}
    _models_header(exports, inputs, work / "generated")
    toolchain = exports[0].out_dir / "cmake" / f"riscv-{board}.cmake"
    dirs, names = ([exports[0].out_dir], [target]) if target else ([e.out_dir for e in exports],
                                                                   [e.graph.name for e in exports])  # fmt: skip
    elf = _cmake_build(cmake, toolchain, dirs, names, work)
    return _check_run(exports, inputs, elf, board)


def _check_run(exports: list[Export], inputs: dict[str, list[np.ndarray]], elf: Path, board: str
               ) -> dict[tuple[str, str], bytes]:  # fmt: skip
    """Run the user's application: every model's outputs are TFLite Micro's bit for bit, and every
    export's self-test passes on the board."""
    printed = {}
    selftests = {}
    for line in _console_lines(elf, board):
        if line.startswith("selftest "):  # its result, as 4 little-endian bytes: 0 is a pass
            _word, model, result = line.split()
            selftests[model] = int.from_bytes(bytes.fromhex(result), "little", signed=True)
            continue
        model, rest = line.split(" ", 1)
        tensor, hexbytes = rest.rsplit(" ", 1)
        printed[(model, tensor)] = bytes.fromhex(hexbytes)
    for e in exports:
        g = e.graph
        reference = golden.reference_outputs(g.source, inputs[g.name], len(g.outputs), len(g.inputs))
        for index, ref in zip(g.outputs, reference):
            ours = printed[(g.name, g.tensors[index].name)]
            assert ours == np.ascontiguousarray(ref).tobytes(), f"{g.name} {g.tensors[index].name} differs from TFLM"
    assert selftests == {e.graph.name: 0 for e in exports}, selftests  # every export's self-test passes on the board
    return printed


@pytest.mark.parametrize("board", ["spike-rv64gcv", "spike-rv32imc"])
def test_kws_in_a_users_cmake_application_is_bit_exact(tmp_path, sim_tools, cmake, board):
    e = export(mlperf_model("kws_dscnn"), board, tmp_path / "kws", options=BuildOptions(format="cmake"), log=quiet)
    if board == "spike-rv64gcv":
        assert any(k.endswith("_rvv") for k in e.kernels)  # the RVV kernels, built by the exported CMake
    _build_and_run(cmake, [e], board, tmp_path / "app")


@pytest.mark.parametrize("fmt", ["cmake", "lib"])
def test_two_models_exported_together_in_one_application(tmp_path, sim_tools, cmake, fmt):
    """rvfw export --model a --model b (issue 33): one folder, one header and source per model, one
    copy of the kernels, one target; both bit-exact, both self-tests pass, on Spike."""
    exports = export_models(
        [mlperf_model("kws_dscnn"), DEFAULT_MODEL],
        "spike-rv64gcv",
        tmp_path / "both",
        options=BuildOptions(format=fmt, names=["kws", "tiny"]),
        log=quiet,
    )
    assert {p.name for p in (tmp_path / "both" / "include").glob("*.h")} == {"kws.h", "tiny.h", "rvfw_enable.h"}
    kernels = list((tmp_path / "both" / "rvfw" / "kernels").glob("*.c")) if fmt == "cmake" else []
    assert fmt == "lib" or len(kernels) == len({k for e in exports for k in e.kernels})
    _build_and_run(cmake, exports, "spike-rv64gcv", tmp_path / "app", target="rvfw_models")


def test_prebuilt_library_and_two_models_in_one_application(tmp_path, sim_tools, cmake):
    """The lib format links into the same application unchanged, beside a second model: every
    symbol is prefixed by the model's name."""
    board = "spike-rv64gcv"
    kws = export(mlperf_model("kws_dscnn"), board, tmp_path / "kws", options=BuildOptions(format="lib"), log=quiet)
    assert (kws.out_dir / "lib" / "libkws_dscnn_int8.a").is_file()
    tiny = export(DEFAULT_MODEL, board, tmp_path / "tiny", options=BuildOptions(format="cmake"), log=quiet)
    printed = _build_and_run(cmake, [kws, tiny], board, tmp_path / "app")
    assert {model for model, _ in printed} == {"kws_dscnn_int8", "tiny_kws"}


@pytest.mark.parametrize("fmt", ["cmake", "lib"])
def test_two_separate_exports_share_their_kernels(tmp_path, sim_tools, cmake, fmt):
    """Issue 33: KWS and IC exported separately share most of their kernels. cmake: in one build
    each shared kernel is compiled once (by the first export), the second links it from the first's
    target; lib: the two prebuilt libraries link in one image. Both run bit-exact, self-tests passing."""
    board = "spike-rv64gcv"
    kws = export(
        mlperf_model("kws_dscnn"), board, tmp_path / "kws", options=BuildOptions(format=fmt, names=("kws",)), log=quiet
    )
    ic = export(
        mlperf_model("ic_resnet8"), board, tmp_path / "ic", options=BuildOptions(format=fmt, names=("ic",)), log=quiet
    )
    shared = set(kws.kernels) & set(ic.kernels)
    assert shared
    _build_and_run(cmake, [kws, ic], board, tmp_path / "app")
    if fmt == "cmake":
        objects = [p.name.split(".")[0] for p in (tmp_path / "app" / "build").rglob("*.o")]
        for kernel in shared:
            assert objects.count(kernel) == 1, f"{kernel} compiled {objects.count(kernel)} times"


def test_exports_from_two_rvfw_versions_are_refused_at_configure(tmp_path, cmake):
    board = "spike-rv64gcv"
    one = export(
        DEFAULT_MODEL, board, tmp_path / "one", options=BuildOptions(format="cmake", names=("one",)), log=quiet
    )
    two = export(
        DEFAULT_MODEL, board, tmp_path / "two", options=BuildOptions(format="cmake", names=("two",)), log=quiet
    )
    text = (two.out_dir / "CMakeLists.txt").read_text()
    (two.out_dir / "CMakeLists.txt").write_text(text.replace(codegen.__version__, "9.9.9"))  # another version
    work = tmp_path / "app"
    (work / "generated").mkdir(parents=True)
    (work / "generated" / "models.h").write_text("")
    configure = [cmake, "-S", str(USER_APP), "-B", str(work / "build"),
                 f"-DCMAKE_TOOLCHAIN_FILE={one.out_dir / 'cmake' / f'riscv-{board}.cmake'}",
                 f"-DMODEL_DIRS={one.out_dir};{two.out_dir}", "-DMODEL_NAMES=one;two",
                 f"-DGENERATED_DIR={work / 'generated'}"]  # fmt: skip
    proc = subprocess.run(configure, capture_output=True, text=True)
    message = " ".join(proc.stderr.split())  # CMake wraps its messages
    assert proc.returncode != 0
    assert (
        f"two: exported by rvfw 9.9.9, but this build already has an export from rvfw {codegen.__version__}" in message
        and "export every model with one rvfw version" in message
    )


@pytest.mark.parametrize("every_file", [False, True], ids=["shared-once", "every-file"])
def test_cpp_application_links_two_separately_exported_source_models(tmp_path, sim_tools, every_file):
    """Issue 33: a C++ application (the user app's main compiled as C++) with two models exported
    separately as `sources`: the kernel files both exports carry are the same file, compiled once;
    it links, runs on Spike, and both models are TFLite Micro's bit for bit, self-tests passing.
    Issue 48: compiled as a hand-written Makefile compiles them, every .c of both folders (each
    shared kernel twice), it links too: kernels are weak definitions."""
    gxx, gcc = shutil.which("riscv64-unknown-elf-g++"), shutil.which("riscv64-unknown-elf-gcc")
    if gxx is None:
        pytest.skip("needs riscv64-unknown-elf-g++")
    board = "spike-rv64gcv"
    kws = export(
        mlperf_model("kws_dscnn"),
        board,
        tmp_path / "kws",
        options=BuildOptions(format="sources", kernels="scalar", names=("kws",)),
        log=quiet,
    )
    tiny = export(
        DEFAULT_MODEL,
        board,
        tmp_path / "tiny",
        options=BuildOptions(format="sources", kernels="scalar", names=("tiny",)),
        log=quiet,
    )
    exports = [kws, tiny]
    inputs = {e.graph.name: golden.make_inputs(e.graph, seed=3) for e in exports}
    _models_header(exports, inputs, tmp_path / "generated")
    kernels: dict[str, Path] = {}
    twice: list[Path] = []
    for e in exports:
        for path in sorted((e.out_dir / "rvfw").rglob("*.c")):
            if path.name in kernels:  # one rvfw version: the same file in both exports
                assert path.read_bytes() == kernels[path.name].read_bytes(), path.name
                twice.append(path)
            kernels.setdefault(path.name, path)
    if every_file:
        assert twice  # the two exports share kernels: each is now compiled and linked twice
        kernels.update({f"again-{p.name}": p for p in twice})
    arch = ["-march=rv64gc", "-mabi=lp64d", "-mcmodel=medany", "--specs=picolibc.specs", "-O2", "-ffp-contract=off"]
    includes = [f"-I{d}" for e in exports for d in (e.out_dir / "include", e.out_dir / "rvfw" / "include")]
    includes += [f"-I{USER_APP}", f"-I{PLATFORM}", f"-I{tmp_path / 'generated'}"]
    objects = []
    jobs = [(gcc, [], p) for p in [*kernels.values(), *(e.out_dir / "src" / f"{e.graph.name}.c" for e in exports),
                                   PLATFORM / "htif.c", PLATFORM / "start.S"]]  # fmt: skip
    jobs.append((gxx, ["-x", "c++", "-fno-exceptions", "-fno-rtti"], USER_APP / "main.c"))
    for k, (compiler, extra, src) in enumerate(jobs):
        obj = tmp_path / "obj" / f"{k}_{src.stem}.o"
        obj.parent.mkdir(exist_ok=True)
        proc = subprocess.run([compiler, *arch, *extra, *includes, "-c", str(src), "-o", str(obj)],
                              capture_output=True, text=True)  # fmt: skip
        assert proc.returncode == 0, f"{src.name}: {proc.stderr[-2000:]}"
        objects.append(str(obj))
    elf = tmp_path / "app.elf"
    link = [gcc, *arch, "-nostartfiles", f"-T{PLATFORM / 'link.ld'}", "-Wl,--gc-sections", "-Wl,--no-warn-rwx-segments",
            *objects, "-lm", "-o", str(elf)]  # fmt: skip
    proc = subprocess.run(link, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    printed = _check_run(exports, inputs, elf, board)
    assert {model for model, _ in printed} == {"kws", "tiny"}


@pytest.mark.parametrize("fmt", ["cmake", "lib"])
def test_multi_model_application_in_a_users_firmware(tmp_path, sim_tools, cmake, fmt):
    """An exported application (dispatcher, partitions, PMP) inside the user's firmware: its own
    start-up and linker script with the exported fragment INCLUDEd; every model bit-exact through
    rvfw_run and again through rvfw_submit/rvfw_dispatch, each in U-mode under PMP; the export's
    built-in self-test (rvfw_app_selftest) passes on the board."""
    manifest = ROOT / "apps" / "mlperf_kws_ic_ad.yaml"
    mlperf_model("kws_dscnn")
    e = export_app(manifest, None, tmp_path / "app_export", options=BuildOptions(format=fmt), log=quiet)
    assert (e.out_dir / "ld" / "rvfw_partitions.ld").is_file()
    names = [mb.graph.name for mb in e.models]
    inputs = {mb.graph.name: golden.make_inputs(mb.graph, seed=5) for mb in e.models}
    lines = ["#include <stdint.h>", "#define APP_MODELS(X) " + " ".join(f"X({n}, {n.upper()})" for n in names)]
    for n in names:
        data = inputs[n][0].tobytes()
        lines.append(f"static const uint8_t {n}_test_input[{len(data)}] = {{{','.join(map(str, data))}}};")
    (tmp_path / "work" / "generated").mkdir(parents=True)
    (tmp_path / "work" / "generated" / "app_inputs.h").write_text("\n".join(lines) + "\n")
    toolchain = e.out_dir / "cmake" / f"riscv-{e.board.name}.cmake"
    target = f"rvfw_app_{load_app(manifest).name}"
    elf = _cmake_build(cmake, toolchain, [e.out_dir], [target], tmp_path / "work", app=True)
    assert symbol_address(elf, "rvfw_part_kws") is not None
    printed = {}
    for line in _console_lines(elf, e.board.name):
        model, how, status, hexbytes = line.split(" ")
        assert status == "0", line  # RVFW_OK; for the self-test: every model bit-exact
        printed[(model, how)] = bytes.fromhex(hexbytes)
    assert ("app", "selftest") in printed
    for mb in e.models:
        g = mb.graph
        (reference,) = golden.reference_outputs(g.source, inputs[g.name], 1, 1)
        expected = np.ascontiguousarray(reference).tobytes()
        assert printed[(g.name, "run")] == expected, f"{g.name} differs from TFLM"
        assert printed[(g.name, "dispatch")] == expected


def test_sources_manifest_and_readme(tmp_path):
    e = export(DEFAULT_MODEL, "spike-rv64gcv", tmp_path / "out", options=BuildOptions(format="sources"), log=quiet)
    files = {p.relative_to(e.out_dir).as_posix() for p in e.out_dir.rglob("*") if p.is_file()}
    assert {"include/tiny_kws.h", "src/tiny_kws.c", "manifest.json", "README.md", "rvfw/LICENSE"} <= files
    assert "Apache License" in (e.out_dir / "rvfw" / "LICENSE").read_text()  # the copied kernels' licence
    assert {f"rvfw/kernels/{k}.c" for k in e.kernels} == {f for f in files if f.startswith("rvfw/kernels/")}
    assert not any("start" in f or f.endswith(".ld") or "main" in f for f in files)  # no harness, no start-up
    manifest = json.loads((e.out_dir / "manifest.json").read_text())
    assert manifest["board"] == "spike-rv64gcv" and manifest["model_sha256"] == e.graph.sha256
    assert manifest["arena_bytes"] == e.plan.arena_size and manifest["weights_bytes"] > 0
    assert manifest["inputs"][0]["shape"] == list(e.graph.tensors[e.graph.inputs[0]].shape)
    readme = (e.out_dir / "README.md").read_text()
    assert "TINY_KWS_ARENA_SIZE" in readme and "-march=rv64gcv" in readme and "clang" in readme


def test_zephyr_module_and_espidf_component_structure(tmp_path, cmake):
    z = export(DEFAULT_MODEL, "spike-rv32imc", tmp_path / "z", options=BuildOptions(format="zephyr"), log=quiet)
    module = yaml.safe_load((z.out_dir / "zephyr" / "module.yml").read_text())
    assert module["build"]["cmake"] == "zephyr" and module["build"]["kconfig"] == "zephyr/Kconfig"
    assert "config RVFW_TINY_KWS" in (z.out_dir / "zephyr" / "Kconfig").read_text()
    zephyr_cmake = (z.out_dir / "zephyr" / "CMakeLists.txt").read_text()
    assert "zephyr_library_named(rvfw_tiny_kws)" in zephyr_cmake
    for src in ("src/tiny_kws.c", *(f"rvfw/kernels/{k}.c" for k in z.kernels)):
        assert src in zephyr_cmake and (z.out_dir / src).is_file()
    # The kernels rvfw's own image compiles for size (the model's SOFTMAX) are -Os here too.
    size_line = next(line for line in zephyr_cmake.splitlines() if "COMPILE_OPTIONS -Os" in line)
    assert "rvfw/kernels/softmax_s8_scalar.c" in size_line and "conv2d" not in size_line
    # --optimize size: every source.
    zs = export(
        DEFAULT_MODEL,
        "spike-rv32imc",
        tmp_path / "zs",
        options=BuildOptions(format="zephyr", optimize="size"),
        log=quiet,
    )
    text = (zs.out_dir / "zephyr" / "CMakeLists.txt").read_text()
    size_line = next(line for line in text.splitlines() if "COMPILE_OPTIONS -Os" in line)
    assert all(src in size_line for src in ("src/tiny_kws.c", *(f"rvfw/kernels/{k}.c" for k in zs.kernels)))
    assert "`--optimize size`" in (zs.out_dir / "README.md").read_text()
    idf = export(DEFAULT_MODEL, "esp32c3", tmp_path / "idf", options=BuildOptions(format="espidf"), log=quiet)
    component = yaml.safe_load((idf.out_dir / "idf_component.yml").read_text())
    assert component["version"] and "tiny_kws" in component["description"]
    assert component["license"] == "Apache-2.0" and component["targets"] == ["esp32c3"]
    text = (idf.out_dir / "CMakeLists.txt").read_text()
    assert "idf_component_register(" in text and '"rvfw/include"' in text
    # Both parse as CMake: run them in script mode with the build-system commands stubbed out.
    zephyr_stubs = ["zephyr_library_named", "zephyr_library_sources", "zephyr_include_directories",
                    "zephyr_library_compile_options", "set_source_files_properties"]  # fmt: skip
    idf_stubs = ["idf_component_register", "target_compile_options", "set_source_files_properties"]
    for cmake_file, stubs in ((z.out_dir / "zephyr" / "CMakeLists.txt", zephyr_stubs),
                              (idf.out_dir / "CMakeLists.txt", idf_stubs)):  # fmt: skip
        script = tmp_path / f"{cmake_file.parent.name}-check.cmake"
        body = [f"macro({s})\nendmacro()" for s in stubs]
        body += ["set(CONFIG_RVFW_TINY_KWS y)", "set(COMPONENT_LIB lib)", f"include({cmake_file})"]
        script.write_text("\n".join(body) + "\n")
        proc = subprocess.run([cmake, "-P", str(script)], capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr


def test_export_to_an_unwritable_place_is_one_line(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    proc = rvfw("export", "--out", str(blocker / "sub"))
    assert_one_line_error(proc, str(blocker))
    proc = rvfw("export", "--format", "nope")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    proc = rvfw("export", "--model", str(ROOT / "README.md"), "--out", str(tmp_path / "x"))
    assert proc.returncode != 0 and "Traceback" not in proc.stderr
    assert not (tmp_path / "x").exists()


def test_readme_example_compiles_against_an_export(tmp_path):
    """The 20-line example of README.md ("Use it in your firmware") is real code: it compiles
    warning-free against a model exported as `kws`."""
    gcc = shutil.which("riscv64-unknown-elf-gcc")
    if gcc is None:
        pytest.skip("needs riscv64-unknown-elf-gcc (make setup)")
    readme = (ROOT / "README.md").read_text()
    section = readme[readme.index("## Use it in your firmware") :]
    example = section[section.index("```c\n") + 5 : section.index("```", section.index("```c\n") + 5)]
    assert 15 <= len(example.splitlines()) <= 30
    e = export(
        mlperf_model("kws_dscnn"),
        "spike-rv32imc",
        tmp_path / "kws",
        options=BuildOptions(format="sources", names=("kws",)),
        log=quiet,
    )
    (tmp_path / "example.c").write_text(example)
    proc = subprocess.run(
        [gcc, "--specs=picolibc.specs", "-march=rv32imc", "-mabi=ilp32", "-Wall", "-Wextra", "-Werror", "-c",
         f"-I{e.out_dir / 'include'}", str(tmp_path / "example.c"), "-o", str(tmp_path / "example.o")],
        capture_output=True, text=True,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    proc = rvfw("export", "--name", "9lives", "--out", str(tmp_path / "bad"))
    assert_one_line_error(proc, "C identifier")
    assert not (tmp_path / "bad").exists()


def test_cpp_includes_two_exported_models_and_calls_them_as_c(tmp_path, sim_tools):
    """C++ (issue 33): the generated headers carry extern "C" guards, so a C++ file that includes two
    models' headers calls their functions by their C names (no mangled reference to resolve)."""
    gxx = shutil.which("riscv64-unknown-elf-g++")
    if gxx is None:
        pytest.skip("needs riscv64-unknown-elf-g++")
    kws = export(
        mlperf_model("kws_dscnn"),
        "spike-rv64gcv",
        tmp_path / "kws",
        options=BuildOptions(format="sources", names=("kws",)),
        log=quiet,
    )
    tiny = export(
        DEFAULT_MODEL,
        "spike-rv64gcv",
        tmp_path / "tiny",
        options=BuildOptions(format="sources", names=("tiny",)),
        log=quiet,
    )
    app = tmp_path / "app.cpp"
    app.write_text(
        '#include "kws.h"\n#include "tiny.h"\n#include "rvfw_kernels.h"\n'
        "static uint8_t arena[KWS_ARENA_SIZE > TINY_ARENA_SIZE ? KWS_ARENA_SIZE : TINY_ARENA_SIZE];\n"
        'extern "C" int app_main(void) { kws_run(arena); tiny_run(arena); return kws_outputs[0].count; }\n'
    )
    obj = tmp_path / "app.o"
    includes = [f"-I{d}" for d in (kws.out_dir / "include", tiny.out_dir / "include", kws.out_dir / "rvfw" / "include")]
    flags = [
        "--specs=picolibc.specs",
        "-march=rv64gc",
        "-mabi=lp64d",
        "-fno-exceptions",
        "-fno-rtti",
        "-Wall",
        "-Werror",
    ]
    proc = subprocess.run([gxx, *flags, *includes, "-c", str(app), "-o", str(obj)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    undefined = subprocess.run(["riscv64-unknown-elf-nm", "-u", str(obj)], capture_output=True, text=True).stdout
    assert {"kws_run", "tiny_run", "kws_outputs"} <= {line.split()[-1] for line in undefined.splitlines()}
    assert "_Z" not in undefined


CRT0_MAIN = """#include <stdio.h>
#include <string.h>
#include "tiny.h"
static const float input[TINY_INPUT0_COUNT] = {%s};
int main(void)
{
    rvfw_vector_enable(); /* picolibc's crt0 leaves mstatus.FS and VS off */
    memcpy(TINY_INPUT0, input, sizeof input);
    tiny_invoke();
    for (uint32_t i = 0; i < TINY_OUTPUT0_COUNT; ++i) {
        uint32_t bits;
        memcpy(&bits, &TINY_OUTPUT0[i], sizeof bits);
        printf("%%08lx\\n", (unsigned long)bits);
    }
    printf("done\\n");
    return 0;
}
"""


def test_an_rvv_export_runs_from_picolibcs_own_crt0(tmp_path, sim_tools):
    """Issue 33: an application with picolibc's crt0 (which sets neither mstatus.FS nor VS), built
    for rv64gc, links the exported RVV library and calls rvfw_vector_enable() first: it runs under
    QEMU (semihosting console) and its outputs are TFLite Micro's, bit for bit."""
    qemu = shutil.which("qemu-system-riscv64")
    if qemu is None:
        pytest.skip("needs qemu-system-riscv64")
    e = export(
        DEFAULT_MODEL, "spike-rv64gcv", tmp_path / "exp", options=BuildOptions(format="lib", names=("tiny",)), log=quiet
    )
    x = golden.make_inputs(e.graph, seed=5)
    (tmp_path / "main.c").write_text(CRT0_MAIN % ", ".join(repr(float(v)) + "f" for v in x[0].reshape(-1)))
    memory = ["-Wl,--defsym=__flash=0x80000000", "-Wl,--defsym=__flash_size=0x400000",
              "-Wl,--defsym=__ram=0x80400000", "-Wl,--defsym=__ram_size=0x400000"]  # fmt: skip
    elf = tmp_path / "app.elf"
    subprocess.run(["riscv64-unknown-elf-gcc", "--specs=picolibc.specs", "--oslib=semihost", "-march=rv64gc",
                    "-mabi=lp64d", "-mcmodel=medany", "-O2", *memory, f"-I{e.out_dir / 'include'}",
                    f"-I{e.out_dir / 'rvfw' / 'include'}", str(tmp_path / "main.c"),
                    str(e.out_dir / "lib" / "libtiny.a"), "-o", str(elf)], check=True)  # fmt: skip
    console = tmp_path / "console.txt"
    command = [qemu, "-machine", "virt", "-cpu", "rv64,v=true,vlen=128", "-display", "none", "-serial", "none",
               "-monitor", "none", "-bios", "none", "-kernel", str(elf), "-chardev", f"file,id=out,path={console}",
               "-semihosting-config", "enable=on,target=native,chardev=out"]  # fmt: skip
    # QEMU 7.2 does not end on picolibc's semihosted exit: stop it once the program printed "done".
    proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and "done" not in (console.read_text() if console.exists() else ""):
        time.sleep(0.2)
    proc.terminate()
    proc.wait(timeout=30)
    printed = console.read_text()
    lines = printed.split()
    assert "done" in lines, printed[-500:]
    ours = np.array([int(v, 16) for v in lines[: lines.index("done")]], dtype=np.uint32)
    reference = golden.reference_outputs(e.graph.source, x, 1, 1)[0].reshape(-1).view(np.uint32)
    assert np.array_equal(ours, reference)
