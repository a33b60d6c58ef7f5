"""YAML data files (boards, application manifests) checked against their JSON Schema.

Read defensively: only regular files of at most MAX_YAML_BYTES, UTF-8, no anchors or aliases (a
nested alias bomb took minutes and gigabytes), no duplicate keys (the last one silently won),
integers that are integers (16384.0 is not a stack size); error lines are short and name at
most a few keys."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import jsonschema
import yaml

from codegen.errors import RvfwError

MAX_YAML_BYTES = 1 << 20
MAX_MESSAGE = 160


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader without aliases and with duplicate keys refused."""

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()
            raise yaml.constructor.ConstructorError(
                None, None, "anchors and aliases are not supported", event.start_mark
            )
        return super().compose_node(parent, index)

    def construct_mapping(self, node, deep=False):
        seen = set()
        for key_node, _value in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(None, None, f"duplicate key '{key}'", key_node.start_mark)
            seen.add(key)
        return super().construct_mapping(node, deep)


def _is_integer(_checker, value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _anchored(pattern: str) -> re.Pattern:
    """A schema pattern as ECMA-262 (JSON Schema's dialect) reads it: `$` is the end of the string.
    Python's `$` also matches before a final newline, which let "kws\\n" through "^[a-z]+$"."""
    return re.compile(re.sub(r"(?<!\\)\$", r"\\Z", pattern))


def _pattern(validator, pattern, instance, schema):
    if isinstance(instance, str) and not _anchored(pattern).search(instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


_TYPES = jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer)
_Validator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator, validators={"pattern": _pattern}, type_checker=_TYPES
)


def read_text(path: Path, error: type[RvfwError]) -> str:
    """A data file's text: a regular UTF-8 file of at most MAX_YAML_BYTES."""
    try:
        st = os.stat(path)
    except OSError as exc:
        raise error(f"{path.name}: cannot read: {exc.strerror}") from None
    if not stat.S_ISREG(st.st_mode):  # a device or FIFO: named by its whole path (/dev/zero, not "zero")
        raise error(f"{path}: cannot read: not a regular file")
    if st.st_size > MAX_YAML_BYTES:
        raise error(f"{path.name}: {st.st_size:,} bytes; data files are at most {MAX_YAML_BYTES:,}")
    try:
        return path.read_bytes().decode("utf-8")
    except UnicodeDecodeError as exc:
        raise error(f"{path.name}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise error(f"{path.name}: cannot read: {exc.strerror}") from None


def short(message: str) -> str:
    return message if len(message) <= MAX_MESSAGE else message[: MAX_MESSAGE - 3] + "..."


def _deepest(err: jsonschema.ValidationError) -> jsonschema.ValidationError:
    """Inside a oneOf/anyOf ("not valid under any of the given schemas"), the branch error that
    reaches deepest into the value: the key that is wrong and why (its value, the type expected)."""
    while err.context:
        err = max(err.context, key=lambda e: (len(e.absolute_path), e.validator != "const"))
    return err


def load_validated(path: Path, schema_path: Path, error: type[RvfwError]) -> dict:
    """The file's data, or `error` with one line naming the file, the place and the problem."""
    text = read_text(path, error)
    try:
        data = yaml.load(text, Loader=_StrictLoader)  # noqa: S506 - a SafeLoader subclass
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None)
        detail = f": {short(problem)}" if problem else ""
        raise error(f"{path.name}:{f' line {mark.line + 1}' if mark else ''} not valid YAML{detail}") from None
    schema = yaml.safe_load(schema_path.read_text())
    errors = sorted(_Validator(schema).iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        err = _deepest(errors[0])
        where = "/".join(str(p) for p in err.absolute_path) or "(top level)"
        if err.validator == "additionalProperties" and isinstance(err.instance, dict):
            allowed = set(err.schema.get("properties", {}))
            unknown = [str(k) for k in err.instance if k not in allowed]
            if len(unknown) > 3:  # jsonschema would list them all, however many
                listed = ", ".join(repr(k[:40]) for k in unknown[:3])
                raise error(f"{path.name}: {where}: unknown keys {listed} and {len(unknown) - 3:,} more")
        if err.validator == "maxLength" and isinstance(err.instance, str):
            raise error(f"{path.name}: {where}: {len(err.instance):,} characters; at most {err.validator_value}")
        raise error(f"{path.name}: {where}: {short(err.message)}")
    return data
