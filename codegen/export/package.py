"""The parts every export shares: which rvfw files a set of sources needs, the board's compiler
flags, and the build-system files of each format (CMake library and toolchain, prebuilt static
library, Zephyr module, ESP-IDF component), written over a plain list of sources."""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import codegen
from codegen.boards import Board
from codegen.build import toolchain
from codegen.choices import Optimize
from codegen.errors import RvfwError, ToolError, install_hint
from codegen.escape import kconfig_string, line_comment, yaml_string
from codegen.paths import FIRMWARE_DIR, GENERATED_KERNELS_DIR, LICENSE_FILE
from codegen.pipeline.options import ExportFormat

FORMATS = tuple(f.value for f in ExportFormat)
LICENSE = "Apache-2.0"  # rvfw's, and so that of the kernels and runtime an export copies (their SPDX lines)
# rvfw headers a model's header includes: part of its API, so they go in the export's include/.
PUBLIC_HEADERS = ("rvfw_enable.h",)
SECTION_FLAGS = "-ffunction-sections -fdata-sections"  # so that --gc-sections drops what the application never calls
INCLUDE = re.compile(r'^\s*#\s*include "([^"]+)"', re.M)


@dataclass
class Package:
    """What an export compiles, as paths relative to its root."""

    name: str  # the CMake / Zephyr / ESP-IDF target
    board: Board
    description: str  # may hold the model's file name: written only through codegen.escape
    c: list[str]
    rvv: list[str]  # RVV-intrinsics kernels: GCC >= 14 or clang
    asm: list[str] = field(default_factory=list)
    includes: tuple[str, ...] = ("include", "rvfw/include")
    link_dirs: tuple[str, ...] = ()  # where the user's linker script finds INCLUDEd fragments
    for_size: list[str] = field(default_factory=list)  # compiled with -Os, as rvfw's images do

    def size_properties(self, root: str) -> list[str]:
        """CMake: the cold kernels (and runtime) with -Os after the target's -O2 (later wins)."""
        files = [s for s in self.for_size if s in self.c or s in self.rvv]
        if not files:
            return []
        names = " ".join(f"{root}/{s}" for s in files)
        return [f"set_source_files_properties({names} PROPERTIES COMPILE_OPTIONS {toolchain.SIZE_FLAGS[0]})"]


def for_size(
    sources: list[str], cold: set[str], optimize: Optimize = Optimize.SPEED, runtime: bool = False
) -> list[str]:
    """The C sources rvfw's own image compiles for size: the cold kernels and the runtime, or with
    --optimize size every one."""
    stems = {f"{k}.c" for k in cold}
    c = [s for s in sources if s.endswith(".c")]
    if optimize is Optimize.SIZE:
        return c
    return [s for s in c if Path(s).name in stems or (runtime and Path(s).parent.name == "runtime")]


def copy_firmware(staging: Path, files: list[Path], generated_includes: list[str]) -> list[str]:
    """Copy rvfw's hand-written files (kernels, runtime) and, transitively, every rvfw header they
    or the generated files include, under rvfw/. Returns the copied sources, relative."""
    found: set[str] = set()
    todo = [p.read_text() for p in files] + generated_includes
    while todo:
        for name in INCLUDE.findall(todo.pop()):
            header = FIRMWARE_DIR / "include" / name
            if name not in found and header.is_file():
                found.add(name)
                todo.append(header.read_text())
    (staging / "rvfw" / "include").mkdir(parents=True, exist_ok=True)
    (staging / "include").mkdir(exist_ok=True)
    shutil.copyfile(LICENSE_FILE, staging / "rvfw" / "LICENSE")  # the kernels' and runtime's (SPDX lines)
    for name in sorted(found):  # the public ones beside the models' headers: `-Iinclude` is enough to call a model
        folder = staging / "include" if name in PUBLIC_HEADERS else staging / "rvfw" / "include"
        shutil.copyfile(FIRMWARE_DIR / "include" / name, folder / name)
    copied = []
    for src in files:
        # generated kernel variants land beside the hand-written ones (rvfw/kernels/*.c compiles all)
        generated = src.parent == GENERATED_KERNELS_DIR
        rel = Path("rvfw/kernels") / src.name if generated else Path("rvfw") / src.relative_to(FIRMWARE_DIR)
        (staging / rel).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, staging / rel)
        copied.append(rel.as_posix())
    return copied


def flags(board: Board) -> dict[str, str]:
    """The flags rvfw's own builds use: C for GCC, the RVV kernels for clang (GCC >= 14 takes the
    C flags with the -march below), and the -march to link with (picolibc's multilib names)."""
    define = " -DRVFW_XTHEADVECTOR" if board.xtheadvector else ""
    common = f"-mabi={board.mabi} -mcmodel=medany -O2 -ffp-contract=off{define}"
    vector_march = toolchain._with_v(board.march)
    return {
        "c": f"-march={board.march} {common}",
        "rvv": f"--target=riscv{board.xlen}-unknown-elf -ffreestanding -march={vector_march} {common}",
        "link": f"-march={board.link_march} -mabi={board.mabi}",
    }


def check_format(fmt: str, board: Board) -> None:
    """The formats a board can take: an ESP-IDF component only for an Espressif board."""
    if fmt == "espidf" and board.image_format != "esp32-direct":
        raise RvfwError(f"--format espidf: board {board.name} is not an Espressif chip (ESP-IDF builds for ESP32 "
                        "boards such as esp32c3); choose sources, cmake, lib or zephyr")  # fmt: skip


def write_format(staging: Path, pkg: Package, fmt: str) -> None:
    if fmt == "cmake":
        _cmake(staging, pkg)
    if fmt == "lib":
        _library(staging, pkg)
    if fmt in ("cmake", "lib"):
        _toolchain_file(staging, pkg.board)
    if fmt == "zephyr":
        _zephyr(staging, pkg)
    if fmt == "espidf":
        _espidf(staging, pkg)


def _version_guard(name: str) -> list[str]:
    """CMake: every export in one build must come from one rvfw version (their kernels are shared)."""
    version = codegen.__version__
    return [
        "get_property(rvfw_version GLOBAL PROPERTY RVFW_VERSION)",
        f'if(rvfw_version AND NOT rvfw_version STREQUAL "{version}")',
        f'  message(FATAL_ERROR "{name}: exported by rvfw {version}, but this build already has an export from rvfw '
        '${rvfw_version}: their kernels differ; export every model with one rvfw version")',
        "endif()",
        f'set_property(GLOBAL PROPERTY RVFW_VERSION "{version}")',
    ]


def _shared_sources(target: str, variable: str, sources: list[str], link: bool) -> list[str]:
    """CMake: of the rvfw files in `variable`, keep those no export added before compiled; those it
    did are taken from its target (link: linked from it, where the build system does not link
    every library anyway). One compiled copy of each kernel however many separately exported
    models a firmware holds."""
    if not sources:
        return []
    return [
        "function(rvfw_keep_unshared target variable link)",
        "  set(kept)",
        "  foreach(src IN LISTS ${variable})",
        "    get_filename_component(stem ${src} NAME_WE)",
        "    get_property(owner GLOBAL PROPERTY RVFW_FILE_${stem})",
        "    if(NOT owner)",
        "      set_property(GLOBAL PROPERTY RVFW_FILE_${stem} ${target})",
        "      list(APPEND kept ${src})",
        "    elseif(link AND NOT owner STREQUAL target)",
        "      target_link_libraries(${target} PUBLIC ${owner})",
        "    endif()",
        "  endforeach()",
        "  set(${variable} ${kept} PARENT_SCOPE)",
        "endfunction()",
        f"set({variable} {' '.join(sources)})",
        f"rvfw_keep_unshared({target} {variable} {'ON' if link else 'OFF'})",
    ]


def _cmake(staging: Path, pkg: Package) -> None:
    name = pkg.name
    vector_flags = flags(pkg.board)["rvv"]
    languages = "C ASM" if pkg.asm else "C"
    includes = " ".join(f"${{CMAKE_CURRENT_SOURCE_DIR}}/{d}" for d in pkg.includes)
    define = " -DRVFW_XTHEADVECTOR" if pkg.board.xtheadvector else ""
    own = [s for s in pkg.c + pkg.asm if not s.startswith("rvfw/")]
    shared = [s for s in pkg.c + pkg.asm if s.startswith("rvfw/")]
    text = [
        f"# {line_comment(pkg.description)} as a static library. Use: add_subdirectory(<this dir>) and",
        f"# target_link_libraries(app PRIVATE {name}); the toolchain file for board {pkg.board.name} is",
        f"# cmake/riscv-{pkg.board.name}.cmake (or your own with the flags of README.md). Several exports",
        "# in one build share their kernels: each is compiled once, by the first export that has it.",
        "cmake_minimum_required(VERSION 3.16)",
        f"project({name} {languages})",
        *_version_guard(name),
        f"add_library({name} STATIC",
        *(f"    {s}" for s in own),
        ")",
        *_shared_sources(name, "rvfw_sources", shared + pkg.rvv, True),
        *(
            [
                "set(rvfw_vector_sources ${rvfw_sources})",
                'list(FILTER rvfw_vector_sources INCLUDE REGEX "_rvv[.]c$")',
                'list(FILTER rvfw_sources EXCLUDE REGEX "_rvv[.]c$")',
            ]
            if pkg.rvv
            else []
        ),
        f"target_sources({name} PRIVATE ${{rvfw_sources}})" if shared else "",
        f"target_include_directories({name} PUBLIC {includes})",
        f"target_compile_options({name} PRIVATE -O2 -ffp-contract=off {SECTION_FLAGS}{define})",
        *pkg.size_properties("${CMAKE_CURRENT_SOURCE_DIR}"),
        *(f"target_link_directories({name} INTERFACE ${{CMAKE_CURRENT_SOURCE_DIR}}/{d})" for d in pkg.link_dirs),
    ]
    if pkg.rvv:
        text += [
            "# RVV 1.0 intrinsics: GCC >= 14 compiles them as they are; with an older GCC, clang does.",
            "find_program(RVFW_VECTOR_CC NAMES clang-19 clang-20 clang-18 clang-17 clang)",
            "if(NOT rvfw_vector_sources)",
            'elseif(CMAKE_C_COMPILER_ID STREQUAL "GNU" AND CMAKE_C_COMPILER_VERSION VERSION_GREATER_EQUAL 14)',
            f"  target_sources({name} PRIVATE ${{rvfw_vector_sources}})",
            "elseif(RVFW_VECTOR_CC)",
            f'  separate_arguments(rvfw_vector_flags UNIX_COMMAND "{vector_flags} {SECTION_FLAGS}")',
            "  foreach(src IN LISTS rvfw_vector_sources)",
            "    get_filename_component(stem ${src} NAME_WE)",
            "    set(obj ${CMAKE_CURRENT_BINARY_DIR}/${stem}.o)",
            "    add_custom_command(OUTPUT ${obj}",
            "      COMMAND ${RVFW_VECTOR_CC} ${rvfw_vector_flags} -I${CMAKE_CURRENT_SOURCE_DIR}/rvfw/include",
            "              -c ${CMAKE_CURRENT_SOURCE_DIR}/${src} -o ${obj}",
            "      DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/${src} VERBATIM)",
            f"    target_sources({name} PRIVATE ${{obj}})",
            "  endforeach()",
            "else()",
            '  message(FATAL_ERROR "the RVV kernels need GCC >= 14 or clang >= 17 (or export with --kernels scalar)")',
            "endif()",
        ]
    (staging / "CMakeLists.txt").write_text("\n".join(line for line in text if line) + "\n")


def _library(staging: Path, pkg: Package) -> None:
    """A prebuilt lib<name>.a (rvfw's own compilers and flags), and a CMakeLists.txt that makes it
    the same target `cmake` defines: an application's CMake does not change between the two."""
    include = [staging / d for d in pkg.includes]
    sources = [staging / s for s in pkg.c + pkg.rvv + pkg.asm]
    objects = toolchain.compile_objects(pkg.board, sources, include, staging / "obj",
                                        for_size=frozenset(Path(f).name for f in pkg.for_size))  # fmt: skip
    (staging / "lib").mkdir()
    archive = staging / "lib" / f"lib{pkg.name}.a"
    ar = shutil.which("riscv64-unknown-elf-ar")
    if ar is None:
        raise ToolError(f"riscv64-unknown-elf-ar not found: {install_hint(debian='binutils-riscv64-unknown-elf')}")
    proc = subprocess.run([ar, "rcs", str(archive), *map(str, objects)], capture_output=True, text=True)
    if proc.returncode:
        raise ToolError(f"riscv64-unknown-elf-ar failed: {proc.stderr.strip()[:200]}")
    shutil.rmtree(staging / "obj")
    text = [
        f"# {line_comment(pkg.description)}: the prebuilt lib/lib{pkg.name}.a as a CMake target. Use:",
        f"# add_subdirectory(<this dir>) and target_link_libraries(app PRIVATE {pkg.name}).",
        "# Several prebuilt exports from one rvfw version link in any order: their shared kernels are the",
        "# same objects, and the linker takes each from the first library that has it.",
        "cmake_minimum_required(VERSION 3.16)",
        *_version_guard(pkg.name),
        f"add_library({pkg.name} STATIC IMPORTED GLOBAL)",
        f"set_target_properties({pkg.name} PROPERTIES",
        f"  IMPORTED_LOCATION ${{CMAKE_CURRENT_SOURCE_DIR}}/lib/lib{pkg.name}.a",
        '  INTERFACE_INCLUDE_DIRECTORIES "'
        + ";".join(f"${{CMAKE_CURRENT_SOURCE_DIR}}/{d}" for d in pkg.includes)
        + '"'
        + "".join(f"\n  INTERFACE_LINK_DIRECTORIES ${{CMAKE_CURRENT_SOURCE_DIR}}/{d}" for d in pkg.link_dirs)
        + ")",
    ]
    (staging / "CMakeLists.txt").write_text("\n".join(text) + "\n")


def _toolchain_file(staging: Path, board: Board) -> None:
    text = [
        f"# Cross toolchain for board {board.name}: riscv64-unknown-elf-gcc with picolibc and the flags",
        "# rvfw builds with (linking with the plain -march that picolibc's libraries are named by).",
        "set(CMAKE_SYSTEM_NAME Generic)",
        "set(CMAKE_SYSTEM_PROCESSOR riscv)",
        "set(CMAKE_C_COMPILER riscv64-unknown-elf-gcc)",
        "set(CMAKE_ASM_COMPILER riscv64-unknown-elf-gcc)",
        f'set(CMAKE_C_FLAGS_INIT "-march={board.march} -mabi={board.mabi} -mcmodel=medany --specs=picolibc.specs")',
        'set(CMAKE_ASM_FLAGS_INIT "${CMAKE_C_FLAGS_INIT}")',
        f'set(CMAKE_EXE_LINKER_FLAGS_INIT "{flags(board)["link"]}")',
        "set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)",
    ]
    (staging / "cmake").mkdir()
    (staging / "cmake" / f"riscv-{board.name}.cmake").write_text("\n".join(text) + "\n")


def _zephyr(staging: Path, pkg: Package) -> None:
    symbol = f"RVFW_{pkg.name.upper()}"
    (staging / "zephyr").mkdir()
    (staging / "zephyr" / "module.yml").write_text(
        f"name: rvfw_{pkg.name}\nbuild:\n  cmake: zephyr\n  kconfig: zephyr/Kconfig\n"
    )
    (staging / "zephyr" / "Kconfig").write_text(
        f"config {symbol}\n\tbool {kconfig_string(pkg.description)}\n\tdefault y\n\thelp\n"
        f"\t  {line_comment(pkg.description)}, from rvfw.\n"
    )
    includes = " ".join(f"${{CMAKE_CURRENT_LIST_DIR}}/../{d}" for d in pkg.includes)
    all_sources = pkg.c + pkg.rvv + pkg.asm
    shared = [s for s in all_sources if s.startswith("rvfw/")]
    lines = [
        f"# {line_comment(pkg.description)}. RVV kernels need GCC >= 14 (Zephyr SDK 0.17) or --kernels scalar.",
        f"if(CONFIG_{symbol})",
        *(
            [
                '  if(CMAKE_C_COMPILER_ID STREQUAL "GNU" AND CMAKE_C_COMPILER_VERSION VERSION_LESS 14)',
                f'    message(FATAL_ERROR "rvfw_{pkg.name}: the RVV kernels need GCC >= 14 (<riscv_vector.h>): '
                'use the Zephyr SDK 0.17 or later, or export with --kernels scalar")',
                "  endif()",
            ]
            if pkg.rvv
            else []
        ),
        *(f"  {line}" for line in _version_guard(pkg.name)),
        f"  zephyr_library_named(rvfw_{pkg.name})",
        *(f"  zephyr_library_sources(${{CMAKE_CURRENT_LIST_DIR}}/../{s})" for s in all_sources if s not in shared),
        # Zephyr links every library whole: a kernel another module compiled is only left out.
        *(f"  {line}" for line in _shared_sources(f"rvfw_{pkg.name}", "rvfw_sources", shared, False)),
        "  foreach(src IN LISTS rvfw_sources)" if shared else "",
        "    zephyr_library_sources(${CMAKE_CURRENT_LIST_DIR}/../${src})" if shared else "",
        "  endforeach()" if shared else "",
        f"  zephyr_include_directories({includes})",
        "  zephyr_library_compile_options(-ffp-contract=off)",
        *(f"  {line}" for line in pkg.size_properties("${CMAKE_CURRENT_LIST_DIR}/..")),
        "endif()",
    ]
    (staging / "zephyr" / "CMakeLists.txt").write_text("\n".join(line for line in lines if line) + "\n")


def _espidf(staging: Path, pkg: Package) -> None:
    srcs = " ".join(f'"{s}"' for s in pkg.c + pkg.rvv + pkg.asm)
    dirs = " ".join(f'"{d}"' for d in pkg.includes)
    (staging / "CMakeLists.txt").write_text(
        f"idf_component_register(SRCS {srcs}\n                       INCLUDE_DIRS {dirs})\n"
        "target_compile_options(${COMPONENT_LIB} PRIVATE -ffp-contract=off)\n"
        + "".join(f"{line}\n" for line in pkg.size_properties("${CMAKE_CURRENT_SOURCE_DIR}"))
    )
    (staging / "idf_component.yml").write_text(
        f"version: {yaml_string(codegen.__version__)}\ndescription: {yaml_string(pkg.description)}\n"
        f"license: {yaml_string(LICENSE)}\ntargets:\n  - {yaml_string(pkg.board.name)}\n"
    )
