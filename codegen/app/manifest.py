"""Application manifests: several models in one image (apps/<name>.yaml, validated against apps/schema.yaml).

A single-model build is the one-model case: `single_model_app` gives the same structure."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from codegen.boards.timer import parse_duration
from codegen.boards.yamldata import load_validated
from codegen.errors import RvfwError
from codegen.frontend.tflite import RESERVED_NAMES, c_identifier
from codegen.paths import APPS_DIR

SCHEMA = APPS_DIR / "schema.yaml"
DEFAULT_STACK = 4096
DEFAULT_DEADLINE = "measured"


@dataclass(frozen=True)
class AppModel:
    name: str
    priority: int
    model: Path | None  # None: an admission-only entry with given sizes
    sizes: dict | None = None
    instances: int = 1
    stack: int = DEFAULT_STACK
    memory: str = "auto"
    tokens: int = 0
    tokens_floor: int = 0
    bytes_per_token: int = 0
    fixed_state: int = 0
    compress: dict | None = None  # {method, error, min_params, layers}
    # Seconds a run may take; None: no deadline; DEFAULT_DEADLINE: measured on the simulator x margin.
    deadline: float | None | str = DEFAULT_DEADLINE


@dataclass(frozen=True)
class App:
    name: str
    source: str
    board: str | None
    models: tuple[AppModel, ...]
    groups: list[set[str]] | None
    budget: dict[str, int] | None

    def by_priority(self) -> list[AppModel]:
        return sorted(self.models, key=lambda m: (m.priority, m.name))


class ManifestError(RvfwError):
    """The manifest is missing, not YAML, or breaks the schema."""


def load_app(path: str | Path) -> App:
    path = Path(path)
    if not path.exists():
        raise ManifestError(f"{path}: manifest not found")
    data = load_validated(path, SCHEMA, ManifestError)
    models = []
    for i, m in enumerate(data["models"]):
        state = m.get("state", {})
        tokens = state.get("tokens", 0)
        model_path = (path.parent / m["model"]).resolve() if "model" in m else None
        if model_path is not None and not model_path.is_file():
            raise ManifestError(f"{path.name}: models/{i} ({m['name']}): {m['model']} not found")
        models.append(
            AppModel(
                name=m["name"],
                priority=m["priority"],
                model=model_path,
                sizes=m.get("sizes"),
                instances=m.get("instances", 1),
                stack=m.get("stack", DEFAULT_STACK),
                memory=m.get("memory", "auto"),
                tokens=tokens,
                tokens_floor=state.get("floor", tokens),
                bytes_per_token=state.get("bytes_per_token", 0),
                fixed_state=state.get("fixed", 0),
                compress=m.get("compress"),
                deadline=(
                    parse_duration(m["deadline"], f"{path.name}: models/{i} ({m['name']}): deadline")
                    if "deadline" in m
                    else DEFAULT_DEADLINE
                ),
            )
        )
    names = [m.name for m in models]
    for name in names:
        if names.count(name) > 1:
            raise ManifestError(f"{path.name}: models: the name '{name}' is used twice")
        if name in RESERVED_NAMES or name.startswith("rvfw") or name.endswith("_rvv"):
            raise ManifestError(f"{path.name}: models: the name '{name}' is rvfw's own (a generated file or symbol)")
    groups = None
    if "groups" in data:
        groups = [set(g) for g in data["groups"]]
        for k, g in enumerate(groups):
            unknown = sorted(g - set(names))
            if unknown:
                raise ManifestError(f"{path.name}: groups/{k}: no model named {', '.join(unknown)}")
    # The application's name prefixes exported targets and folders: derived, never the file's own bytes.
    return App(c_identifier(path.stem), str(path), data.get("board"), tuple(models), groups, data.get("budget"))


def single_model_app(model: str | Path, name: str, board: str | None = None) -> App:
    """The one-model application that `--model` means."""
    entry = AppModel(name=name, priority=0, model=Path(model))
    return App(name, str(model), board, (entry,), None, None)
