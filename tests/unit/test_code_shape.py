"""Issue 57: the shape of the code a next engineer reads, held by tests rather than by review. No
function in codegen/ runs over 80 lines; the command line's dispatch module stays small (its
parser is a table, its commands functions elsewhere); the front half has one definition: graphs
become kernel calls only in codegen.pipeline.memory.lower."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODEGEN = ROOT / "codegen"
LONGEST = 80


def _trees():
    for path in sorted(CODEGEN.rglob("*.py")):
        yield path, ast.parse(path.read_text(), str(path))


def test_no_function_runs_over_80_lines():
    long = [f"{path.relative_to(ROOT)}:{node.lineno} {node.name} ({node.end_lineno - node.lineno + 1} lines)"
            for path, tree in _trees() for node in ast.walk(tree)
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
            and node.end_lineno - node.lineno + 1 > LONGEST]  # fmt: skip
    assert not long, "functions over 80 lines: " + "; ".join(long)


def test_the_command_lines_dispatch_module_stays_small():
    for module in ("__init__.py", "commands.py", "options.py"):
        lines = len((CODEGEN / "cli" / module).read_text().splitlines())
        assert lines < (300 if module == "__init__.py" else 500), f"codegen/cli/{module}: {lines} lines"


def test_graphs_are_lowered_in_one_place():
    """lower_graph (codegen.ops) is called by codegen.pipeline.memory.lower alone: build, export, an
    application, its sizing and its measurement all go through that one front half."""
    callers = [f"{path.relative_to(ROOT)}:{node.lineno}" for path, tree in _trees() for node in ast.walk(tree)
               if isinstance(node, ast.Call)
               and (getattr(node.func, "id", None) or getattr(node.func, "attr", None)) == "lower_graph"]  # fmt: skip
    assert callers == ["codegen/pipeline/memory.py:" + callers[0].rsplit(":", 1)[1]], callers


OPTION_NAMES = {"mode", "memory", "kernels", "kernel_set", "optimize", "planner"}
OPTION_WORDS = {"auto", "fast", "small", "tiled", "ref", "scalar", "rvv", "xthead", "speed", "size", "best"}
EDGE = ("codegen/cli/", "codegen/api.py", "codegen/_rvfw/")


def _option(node: ast.AST) -> bool:
    name = getattr(node, "id", None) or getattr(node, "attr", None)
    return name in OPTION_NAMES


def _word(node: ast.AST) -> bool:
    values = node.elts if isinstance(node, ast.Tuple | ast.List | ast.Set) else [node]
    return any(isinstance(v, ast.Constant) and v.value in OPTION_WORDS for v in values)


def test_options_are_compared_as_members_below_the_edge():
    """Below the command line and the API the kernel set, memory mode, optimisation goal and planner
    are codegen.choices members: `mode is MemoryMode.TILED`, never `mode == "tiled"`."""
    found = []
    for path, tree in _trees():
        if str(path.relative_to(ROOT)).startswith(EDGE):
            continue
        for node in ast.walk(tree):
            if isinstance(node, ast.Compare):
                sides = [node.left, *node.comparators]
                if any(_option(a) for a in sides) and any(_word(b) for b in sides):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, "option words compared as strings: " + ", ".join(found)
