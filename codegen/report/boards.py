"""`rvfw boards`: every board file in one table, with what runs its exact image and when it last
ran bit-exact here.

The last run comes from board-runs/<board>.json in rvfw's cache folder (paths.CACHE_DIR), written
by `rvfw check` whenever a board's image (the very bytes `rvfw build` writes) matched TFLite
Micro: the test suite's simulator tier checks every board that way, so after `make test` the
column says when, which image and which model; a board never checked on this machine says
"never"."""

from __future__ import annotations

import datetime
import json
import os
from pathlib import Path

from codegen.boards.board import Board, available_boards, load_board
from codegen.escape import terminal_text
from codegen.paths import CACHE_DIR

RUNS_DIR = CACHE_DIR / "board-runs"


def emulator(board: Board) -> str:
    """What runs the board's exact flash image here (the bytes `rvfw build` writes), or none."""
    sim = board.simulator
    machine = sim["machine"] if sim else None
    if machine == "spike":
        return "Spike, or QEMU -machine spike -icount"
    if machine == "sifive_e_revb":
        return "QEMU sifive_e,revb=true -icount"
    if machine == "board-model":
        return "rvfw board model (Unicorn)"
    if machine == "rtl":
        return f"the {board.rtl['core']} RTL, cycle-accurate (Verilator)"
    if board.board_model is not None:
        other = " (vector kernels: xuantie-qemu, user-mode rebuild)" if machine == "linux-user" else ""
        return f"rvfw board model (Unicorn), --kernels scalar only{other}"
    if machine == "linux-user":
        return "none (xuantie-qemu runs a user-mode rebuild)"
    return "none"


def _memory(board: Board) -> str:
    code = board.region_for("code")
    ram = board.region_for("arena")
    return f"{code.length // 1024:,} KiB {code.name} + {ram.length // 1024:,} KiB {ram.name}"


def _isa(board: Board) -> str:
    vector = "".join(f"_{ext}" for ext in board.custom)
    if board.vector:
        vector = f" + {board.vector['extension']} VLEN {board.vector['vlen']}"
    return board.march + vector


def record_run(board: Board, image: Path, sha256: str, model: str, kernels: str) -> None:
    """Note that this board's exact image ran bit-exact now (atomically: test workers run in parallel)."""
    RUNS_DIR.mkdir(parents=True, exist_ok=True)
    record = {"when": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"),
              "image": image.name, "sha256": sha256, "model": model, "kernels": kernels}  # fmt: skip
    target = RUNS_DIR / f"{board.name}.json"
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    tmp.write_text(json.dumps(record, indent=2) + "\n")
    tmp.replace(target)


def last_run(board: Board) -> dict | None:
    try:
        record = json.loads((RUNS_DIR / f"{board.name}.json").read_text())
    except (OSError, ValueError):
        return None
    return record if isinstance(record, dict) and {"when", "model", "sha256"} <= record.keys() else None


def board_rows() -> list[dict]:
    rows = []
    for name in available_boards():
        board = load_board(name)
        run = last_run(board)
        rows.append({
            "board": board.name, "isa": _isa(board), "memory": _memory(board), "image": board.image_format,
            "runs_exact_image": emulator(board), "flash": board.flash_method,
            "last_bit_exact": run,
        })  # fmt: skip
    return rows


def boards_table() -> str:
    head = ("board", "ISA", "memory", "image", "runs its exact image", "flash", "last ran bit-exact here")
    rows = []
    for r in board_rows():
        run = r["last_bit_exact"]
        kernels = f", --kernels {run['kernels']}" if run and run.get("kernels") not in (None, "auto") else ""
        when = terminal_text(f"{run['when']} ({run['model']}{kernels}, {run['sha256'][:12]})") if run else "never"
        rows.append((r["board"], r["isa"], r["memory"], r["image"], r["runs_exact_image"], r["flash"], when))
    widths = [max(len(str(row[i])) for row in [head, *rows]) for i in range(len(head))]
    lines = ["  ".join(str(cell).ljust(w) for cell, w in zip(row, widths)).rstrip() for row in [head, *rows]]
    lines.insert(1, "  ".join("-" * w for w in widths))
    return "\n".join(lines)
