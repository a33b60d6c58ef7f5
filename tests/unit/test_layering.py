"""Data flows one way through the stages: no module imports a later stage (docs/architecture.md).
Imports under `if TYPE_CHECKING:` are for type hints only and do not count."""

from __future__ import annotations

import ast

from tests.conftest import ROOT

# Each stage may import itself and the stages before it.
STAGES = [
    ("core", ["codegen", "codegen.ir", "codegen.errors", "codegen.paths", "codegen.quant", "codegen.fixedpoint"]),
    ("boards", ["codegen.boards"]),
    ("frontend", ["codegen.frontend", "codegen.modelgen", "codegen.example_model", "codegen.family_models"]),
    ("ops", ["codegen.ops"]),
    ("planner", ["codegen.planner"]),
    ("check", ["codegen.check"]),
    ("passes", ["codegen.passes", "codegen.tt"]),
    ("report", ["codegen.report"]),
    ("emit", ["codegen.emit"]),
    ("build", ["codegen.build"]),
    ("run", ["codegen.run"]),
    ("pipeline", ["codegen.pipeline"]),
    ("app", ["codegen.app"]),
    ("export", ["codegen.export"]),
    ("cli", ["codegen.cli", "codegen.launch"]),
]


def stage_of(module: str) -> int:
    best = None
    for k, (_name, prefixes) in enumerate(STAGES):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[1]):
                best = (k, len(prefix))
    assert best is not None, f"{module} belongs to no stage: add it to STAGES"
    return best[0]


def imports(tree: ast.AST) -> list[str]:
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            return
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("codegen"):
            base = node.module
            found.extend(f"{base}.{a.name}" if base == "codegen" else base for a in node.names)
        elif isinstance(node, ast.Import):
            found.extend(a.name for a in node.names if a.name.startswith("codegen"))
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def test_no_stage_imports_a_later_one():
    violations = []
    for path in sorted((ROOT / "codegen").rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        own = stage_of(module)
        for imported in imports(ast.parse(path.read_text())):
            if imported == "codegen.__version__":
                continue
            if stage_of(imported) > own:
                violations.append(f"{module} ({STAGES[own][0]}) imports {imported} ({STAGES[stage_of(imported)][0]})")
    assert not violations, "\n".join(violations)
