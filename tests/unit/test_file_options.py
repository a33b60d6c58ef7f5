"""Issue 55: every option that names a file, a folder or a device is declared once (cli.options.FILE_OPTIONS);
the inside-`--out` check reads every declared input. A path option added without a declaration
fails here (the class of the `--expect` and `--float-model` losses)."""

from __future__ import annotations

import argparse
import inspect
import re

from codegen import api
from codegen.cli import arguments, options

# What an option that names a path says of itself: its metavar or help.
PATH_WORDS = re.compile(r"(\.tflite|\.npz|\.yaml|\.svg|\.html|\bfile\b|\bFILE\b|director|folder|\bpath\b|"
                        r"/dev/|HOST:PORT|manifest|data set)", re.IGNORECASE)  # fmt: skip


def _actions(parser: argparse.ArgumentParser):
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                yield from _actions(sub)
        elif action.option_strings:
            yield action


def _names_a_path(action: argparse.Action) -> bool:
    """Its metavar, or what its help says it is (the words before any '(', ':' or ';'), names a path."""
    what = re.split(r"[(:;]", action.help or "", maxsplit=1)[0]
    return bool(PATH_WORDS.search(f"{action.metavar or ''} {what}"))


def test_every_path_option_is_declared():
    actions = list(_actions(options.make_parser()[0]))
    undeclared = sorted({a.dest for a in actions if _names_a_path(a) and a.dest not in options.FILE_OPTIONS})
    assert not undeclared, f"options naming paths, not in cli.options.FILE_OPTIONS: {undeclared}"
    # and the walk sees the ones it must: the check would pass vacuously if it saw none
    assert {"model", "out", "data", "float_model", "expect", "html"} <= {a.dest for a in actions if _names_a_path(a)}


def test_every_declared_input_is_checked_against_out():
    reads = [flag for flag, use in options.FILE_OPTIONS.items() if use == "read"]
    args = argparse.Namespace(**{flag: f"/tmp/in_{flag}.yaml" for flag in reads})
    assert sorted(arguments.files_named(args)) == sorted(f"/tmp/in_{flag}.yaml" for flag in reads)


def test_api_path_parameters_are_known():
    """The API's parameters that take paths: a new one must be added here and checked by the API."""
    known = {("compile", "model"), ("compile", "board"), ("compile", "out_dir"), ("export", "out_dir"),
             ("run", "inputs"), ("check", "inputs")}  # fmt: skip
    found = set()
    for name, fn in [("compile", api.compile), ("run", api.Compiled.run), ("check", api.Compiled.check),
                     ("export", api.Compiled.export)]:  # fmt: skip
        for param in inspect.signature(fn).parameters.values():
            if "Path" in str(param.annotation) or param.name in ("model", "board", "inputs", "out_dir", "path"):
                found.add((name, param.name))
    assert found <= known, found - known
