"""Data flows one way through the stages: no module imports a later stage (docs/architecture.md),
and some stages never import some earlier ones (NEVER: the passes and the TT pass never reach for a
golden, the planner never reads the file format). Every import counts: `from x import y`, `import x`,
relative imports and importlib.import_module with a literal name. Imports under
`if TYPE_CHECKING:` are for type hints only and do not count."""

from __future__ import annotations

import ast

from tests.conftest import ROOT

# Each stage may import itself and the stages before it.
STAGES = [
    (
        "core",
        [
            "codegen",
            "codegen.ir",
            "codegen.errors",
            "codegen.paths",
            "codegen.quant",
            "codegen.fixedpoint",
            "codegen.memplan",
            "codegen.escape",
        ],
    ),
    ("boards", ["codegen.boards"]),
    # The op contracts come before the frontend: it reads which kinds, versions and arities exist
    # from them (as TFLite Micro's interpreter asks its op resolver).
    ("ops", ["codegen.ops"]),
    (
        "frontend",
        [
            "codegen.frontend",
            "codegen.modelgen",
            "codegen.example_model",
            "codegen.family_models",
            "codegen.long_graphs",
        ],
    ),
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
    ("api", ["codegen.api", "codegen._rvfw"]),  # `import rvfw`: over the whole pipeline, beside the command line
    ("cli", ["codegen.cli", "codegen.launch"]),
]


# (importer prefix, imported prefix): never, whatever the stage order allows.
NEVER = [
    ("codegen.passes", "codegen.check"),
    ("codegen.tt", "codegen.check"),
    ("codegen.planner", "codegen.frontend"),
    ("codegen.ops", "codegen.frontend"),
]


def stage_of(module: str) -> int:
    best = None
    for k, (_name, prefixes) in enumerate(STAGES):
        for prefix in prefixes:
            if (module == prefix or module.startswith(prefix + ".")) and (best is None or len(prefix) > best[1]):
                best = (k, len(prefix))
    assert best is not None, f"{module} belongs to no stage: add it to STAGES"
    return best[0]


def imports(tree: ast.AST, package: str = "codegen") -> list[str]:
    """The codegen modules a module imports; package: its own package, for relative imports."""
    found: list[str] = []

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING":
            return
        if isinstance(node, ast.ImportFrom) and node.level:  # from . import x, from ..y import z
            base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
            base = f"{base}.{node.module}" if node.module else base
            found.extend(f"{base}.{a.name}" for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("codegen"):
            base = node.module
            found.extend(f"{base}.{a.name}" if base == "codegen" else base for a in node.names)
        elif isinstance(node, ast.Import):
            found.extend(a.name for a in node.names if a.name.startswith("codegen"))
        elif isinstance(node, ast.Call) and _literal_import_module(node):
            found.append(node.args[0].value)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return found


def _literal_import_module(call: ast.Call) -> bool:
    """importlib.import_module("codegen....") (or import_module from importlib) with a literal name."""
    name = getattr(call.func, "attr", getattr(call.func, "id", ""))
    literal = bool(call.args) and isinstance(call.args[0], ast.Constant) and isinstance(call.args[0].value, str)
    return name == "import_module" and literal and call.args[0].value.startswith("codegen")


def _module(path) -> tuple[str, str]:
    """(module name, its package) of a file under codegen/."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    package = module if parts[-1] == "__init__" else ".".join(parts[:-1])
    return module, package


def test_no_stage_imports_what_it_never_may():
    violations = []
    for path in sorted((ROOT / "codegen").rglob("*.py")):
        module, package = _module(path)
        for imported in imports(ast.parse(path.read_text()), package):
            for importer, forbidden in NEVER:
                inside = module == importer or module.startswith(importer + ".")
                if inside and (imported == forbidden or imported.startswith(forbidden + ".")):
                    violations.append(f"{module} imports {imported}: {importer} never imports {forbidden}")
    assert not violations, "\n".join(violations)


def test_relative_and_importlib_imports_are_seen():
    tree = ast.parse(
        "from . import x\nfrom ..check import golden\nimport importlib\nimportlib.import_module('codegen.frontend')"
    )
    assert imports(tree, "codegen.passes") == ["codegen.passes.x", "codegen.check.golden", "codegen.frontend"]


def test_no_stage_imports_a_later_one():
    violations = []
    for path in sorted((ROOT / "codegen").rglob("*.py")):
        module, package = _module(path)
        own = stage_of(module)
        for imported in imports(ast.parse(path.read_text()), package):
            if imported == "codegen.__version__":
                continue
            if stage_of(imported) > own:
                violations.append(f"{module} ({STAGES[own][0]}) imports {imported} ({STAGES[stage_of(imported)][0]})")
    assert not violations, "\n".join(violations)
