"""The command line as data: every command with its help, every option with the commands that take
it (one row each; an option that reads differently for some commands has a row for those), and
the one function that makes argparse's parser from them. The order of the rows is the order
`--help` lists them in."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from codegen import __version__, pipeline
from codegen.boards import timer
from codegen.export.package import FORMATS
from codegen.passes.io import IO_MODES
from codegen.paths import DEFAULT_BOARD, DEFAULT_MODEL
from codegen.run.sim import SIMULATORS

COMMANDS = {
    "build": "generate C, compile and size-check the firmware",
    "run": "build, then run the image under the simulator and print the per-layer profile",
    "check": "build and run, then compare the outputs bit for bit with TFLite Micro",
    "size": "build and print the memory table (--json for CI)",
    "plan": "print the arena plan: each tensor's lifetime, offset and size",
    "flash": "build, then write the image to the board with its flash tool (--dry-run prints the commands)",
    "check-board": "build, flash, and compare the board's serial output with TFLite Micro bit for bit",
    "report": "build, run and compare, then write one self-contained HTML page: sizes, the arena plot, the "
    "per-layer profile (time at the board's clock; estimated cycles with --cycles) and every layer's output "
    "against TFLite Micro",
    "admit": "admission of an application's models: the memory table and the degrade ladder, no build",
    "export": "write the model as sources for your own firmware: C files, exactly the kernels they use, a README "
    "with the API and flags (--format adds CMake, a static library, a Zephyr module or an ESP-IDF component)",
    "validate": "run a data set (.npz: x = N samples, y = labels) through one image, shared over simulator "
    "sessions: bit-exact count against TFLite Micro, accuracy against the labels",
    "analyze": "what a model costs on a board, without building it: per layer the MACs, weights and activations, "
    "the arena of each memory mode and the time at the board's clock",
    "ops": "the ops rvfw compiles, their dtypes and the kernel sets that run them",
    "boards": "every board: ISA, memory, image format, what runs its exact image (or none), flash tool, and when "
    "its image last ran bit-exact here",
}

# Groups of commands that share options.
MODEL = ("build", "run", "check", "size", "plan", "flash", "check-board", "report", "admit", "export")
APP = ("build", "run", "check", "size", "admit", "export")  # the commands that take --app
IMAGE = ("build", "run", "check", "size", "flash", "check-board", "export", "report")  # they compile
SIMULATED = ("run", "check", "report")
INPUTS = ("build", "run", "check", "size", "flash", "check-board", "report", "export")  # they make an input
DEADLINE = ("build", "run", "check", "flash", "check-board", "report")
TT = ("build", "run", "check", "size", "plan", "report")


def _but(commands: tuple[str, ...], *left_out: str) -> tuple[str, ...]:
    return tuple(c for c in commands if c not in left_out)


@dataclass(frozen=True)
class Option:
    commands: tuple[str, ...]
    flags: tuple[str, ...]
    kwargs: dict = field(default_factory=dict)


def _opt(commands, *flags: str, **kwargs) -> Option:
    return Option(tuple(commands), flags, kwargs)


_MEMORY_HELP = ("fast; small: ops in place over inputs that die there; tiled: small, and a stage of layers streams a "
                "few rows at a time through line buffers")  # fmt: skip
_BOARD_HELP = f"board name or YAML path (default: {DEFAULT_BOARD}"
_MODEL_HELP = "path to the .tflite model (default: the bundled example)"
_JSON_HELP = "print the results as JSON only"

OPTIONS: list[Option] = [
    _opt(SIMULATED, "--vlen", type=int, default=None, help="simulate another VLEN than the board's"),
    _opt(["export"], "--model", action="append", default=None,
         help="path to a .tflite model (default: the bundled example); repeat it to export several models for one "
         "firmware"),
    _opt([*_but(MODEL, "export"), "validate", "analyze"], "--model", default=str(DEFAULT_MODEL), help=_MODEL_HELP),
    _opt(APP, "--app", default=None, help="application manifest: several models in one image"),
    # test hooks, off --help: MODEL writes outside its partition (or with :ecall ends itself early);
    # MODEL also runs from a timer interrupt inside each lower-priority model
    _opt(["build", "run", "check"], "--inject-fault", default=None, metavar="MODEL[:ecall]", help=argparse.SUPPRESS),
    _opt(["build", "run", "check"], "--preempt", default=None, metavar="MODEL", help=argparse.SUPPRESS),
    _opt(APP, "--board", default=None, help=_BOARD_HELP + ", or the --app manifest's)"),
    _opt([*_but(MODEL, *APP), "validate", "analyze"], "--board", default=None, help=_BOARD_HELP + ")"),
    _opt(MODEL, "--planner", default="best",
         help="arena planner: best (default), exact, greedy_by_size, greedy_by_conflicts, first_fit_by_first_use, "
         "no_reuse"),
    _opt([*_but(MODEL, "plan"), "validate"], "--memory", default="auto", choices=pipeline.MEMORY_MODES,
         help=_MEMORY_HELP + "; auto: the first of these that fits"),
    _opt(["plan"], "--memory", default="fast", choices=("fast", "small", "tiled"), help=_MEMORY_HELP),
    _opt([*MODEL, "validate"], "--kernels", default="auto", choices=pipeline.KERNEL_SETS,
         help="kernel set (auto: RVV if the board has it)"),
    _opt(_but(MODEL, "admit"), "--io", default="model", choices=IO_MODES,
         help="model (default: its inputs and outputs as they are); int8: leave the model's input QUANTIZE and "
         "output DEQUANTIZE to you, the I/O being the int8 tensors (their scale and zero point in the API, the "
         "manifest and the console); float32: the image quantizes float32 inputs to the model's int8 ones and "
         "dequantizes its int8 outputs"),
    _opt(IMAGE, "--optimize", default="speed", choices=pipeline.OPTIMIZE,
         help="speed (default: -O2, what an inference hardly runs -Os) or size (everything -Os: smaller, slower "
         "kernels)"),
    _opt(TT, "--compress", default=None, choices=("tt",), help="Tensor-Train compress large FULLY_CONNECTED layers"),
    _opt(TT, "--tt-error", type=float, default=None,
         help="largest relative weight/output error of a TT layer (default 0.1; layers above stay dense)"),
    _opt(TT, "--tt-min-params", type=int, default=None, help="smallest layer to compress (default 16384)"),
    _opt([*_but(MODEL, "plan", "export"), "validate"], "--out", default=None,
         help="output directory (default: build/<board>/<model>)"),
    _opt(["export"], "--out", default=None, help="output directory (default: build/export/<model>-<board>)"),
    _opt(INPUTS, "--seed", type=int, default=0, help="seed of the random input (default 0)"),
    _opt(INPUTS, "--input", action="append", default=None,
         help="the model's input instead of the seeded random one: one .npy per graph input (repeat the flag, in "
         "input order) or one .npz holding them by name or in order"),
    _opt(INPUTS, "--steps", type=int, default=None,
         help="inferences in a row, each on its own seeded input (state carries over); default 1, 3 for a model "
         "with state"),
    _opt(DEADLINE, "--deadline", default=None, metavar="TIME",
         help="one model: the watchdog stops an inference that takes longer (e.g. 50ms; none: no watchdog; default "
         f"{timer.WATCHDOG_SECONDS:g}s); an application's deadlines are in its manifest"),
    _opt([*SIMULATED, "validate"], "--timeout", type=float, default=600.0, help="simulator timeout in seconds"),
    _opt(SIMULATED, "--cycles", action="store_true",
         help="also estimate cycles per layer from Spike's commit log (vector instructions by the register groups "
         "they occupy; slower)"),
    _opt(SIMULATED, "--sim", default="auto", choices=SIMULATORS,
         help="simulator of the spike boards: spike, qemu, or auto (Spike when installed, else QEMU); board-model: "
         "the board's Unicorn model (the C906's bare-metal image, with --kernels scalar)"),
    _opt(["run", "check", "plan"], "--json", action="store_true",
         help="print the results as JSON only (the same facts as the tables: plan; sizes, per-layer profile, "
         "outputs; the comparison)"),
    _opt(["run", "check"], "--output", default=None, metavar="FILE.npz",
         help="save the firmware's outputs (by output name), as --expect reads them"),
    _opt(["check"], "--expect", action="append", default=None, metavar="FILE",
         help="compare with your own golden instead of TFLite Micro: one .npy per graph output (repeat the flag, in "
         "output order) or one .npz holding them by output name or in order"),
    _opt(["check"], "--with-tflm", action="store_true",
         help="with --expect: compare with TFLite Micro too (both must match)"),
    _opt(["check"], "--writes", action="store_true",
         help="also check that every layer's kernel stores only into its outputs, scratch, state and the stack "
         "(the image under Spike's commit log)"),
    _opt(["check"], "--layers", action="store_true",
         help="also compare every layer's output with TFLite Micro and name the first layer that differs (done "
         "anyway when an output differs)"),
    _opt(["size"], "--json", action="store_true", help="print the size report as JSON only"),
    _opt(["plan"], "--plot", default=None, help="also draw the fast and small plans into this .svg file"),
    _opt(["flash", "check-board"], "--port", default=None, help="serial port of the board, e.g. /dev/ttyUSB0"),
    _opt(["export"], "--format", default="sources", choices=FORMATS, help="what to write (default: sources)"),
    _opt(["export"], "--name", action="append", default=None,
         help="each --model's C name, its symbols' prefix (default: from the file)"),
    _opt(["export"], "--no-selftest", action="store_true",
         help="leave out <model>_selftest(), its embedded input and expected outputs"),
    _opt(["flash"], "--dry-run", action="store_true", help="print the flash commands, run nothing"),
    _opt(["report"], "--html", default=None, metavar="FILE", help="where to write it (default: <out>/report.html)"),
    _opt(["report"], "--data", default=None, metavar="SET.npz",
         help="also run this data set (as rvfw validate takes it) and add its accuracy section"),
    _opt(["report"], "--no-layers", action="store_true",
         help="leave out the layer-by-layer comparison (another build and run)"),
    _opt(["check-board"], "--gdb", default=None, metavar="HOST:PORT",
         help="instead of the serial port: a debug probe's GDB server (OpenOCD: localhost:3333); rvfw loads the "
         "image through it, runs it to the end and reads the outputs from the arena"),
    _opt(["check-board"], "--no-flash", action="store_true", help="the board already runs this image: just reset"),
    _opt(["check-board"], "--timeout", type=float, default=120.0, help="seconds to wait for the board's output"),
    _opt(["validate"], "--data", required=True,
         help="the data set: .npz with x (N samples) and optionally y (labels)"),
    _opt(["validate"], "--float-model", default=None, metavar="FLOAT.tflite",
         help="also the error metrics against this float model on the same samples (RMSE, L2 relative error, its "
         "top-1 accuracy), as X-CUBE-AI's validate reports them"),
    _opt(["validate"], "--jobs", type=int, default=None, metavar="N",
         help="simulator sessions at a time, each running a shard of the samples (default: one per core; with "
         "--ray, the cluster's CPUs)"),
    _opt(["validate"], "--ray", default=None, metavar="ADDRESS",
         help="run the shards on a Ray cluster (pip install 'rvfw[ray]'): its address (ray://host:10001), auto (the "
         "one running here) or local (start one on this machine)"),
    _opt(["validate", "analyze"], "--json", action="store_true", help=_JSON_HELP),
    _opt(["ops"], "op", nargs="?", default=None, help="only the ops whose name contains this (e.g. CONV)"),
    _opt(["ops"], "--json", action="store_true", help="as JSON: one record per kernel family"),
    _opt(["ops"], "--tflm", action="store_true",
         help="every (op, dtype) pair TFLite Micro runs, and whether rvfw runs it"),
    _opt(["ops"], "--litert", action="store_true",
         help="every (op, dtype) pair LiteRT's reference kernels run (tests/fuzz/litert_probe.py), and whether rvfw "
              "runs it"),
    _opt(["boards"], "--json", action="store_true", help="as JSON: one record per board"),
]  # fmt: skip

# Every option that names a file, a folder or a device, declared once with what the command does
# with it (issue 55: `--expect` and then `--float-model` were each missed by the inside-`--out`
# check). Every "read" one is checked against --out before anything is written (arguments.files_named);
# tests/unit/test_file_options.py walks the parser and fails on a path option missing here.
FILE_OPTIONS = {
    "model": "read", "app": "read", "input": "read", "expect": "read", "data": "read", "float_model": "read",
    "board": "read",  # when it names a board file (.yaml or a path), not a board of boards/
    "out": "written", "output": "written", "plot": "written", "html": "written",
    "port": "device", "gdb": "device",
}  # fmt: skip


def make_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    """The parser, and each command's own (for its usage line in an error)."""
    what = "Compile a .tflite model into bare-metal RISC-V firmware."
    parser = argparse.ArgumentParser(prog="rvfw", description=what)
    parser.add_argument("--version", action="version", version=f"rvfw {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    commands = {name: sub.add_parser(name, help=text, description=text) for name, text in COMMANDS.items()}
    for option in OPTIONS:
        for name in option.commands:
            commands[name].add_argument(*option.flags, **option.kwargs)
    return parser, commands
