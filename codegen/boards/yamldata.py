"""YAML data files (boards, application manifests) checked against their JSON Schema."""

from __future__ import annotations

from pathlib import Path

import jsonschema
import yaml

from codegen.errors import RvfwError


def load_validated(path: Path, schema_path: Path, error: type[RvfwError]) -> dict:
    """The file's data, or `error` with one line naming the file, the place and the problem."""
    try:
        data = yaml.safe_load(path.read_text())
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise error(f"{path.name}:{f' line {mark.line + 1}' if mark else ''} not valid YAML") from None
    schema = yaml.safe_load(schema_path.read_text())
    errors = sorted(jsonschema.Draft202012Validator(schema).iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        err = errors[0]
        where = "/".join(str(p) for p in err.absolute_path) or "(top level)"
        raise error(f"{path.name}: {where}: {err.message}")
    return data
