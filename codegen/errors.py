"""The one error type users see: a single line saying what, where and why."""

MAX_NAME = 80  # characters of a stranger's name quoted in a message


def one_line(text: object, limit: int = MAX_NAME) -> str:
    """Text from a file (a tensor name, a path) as it may appear in a message: one line (control
    characters as \\xNN, so a newline in a name cannot forge a second message line), at most
    `limit` characters."""
    visible = "".join(ch if ch.isprintable() else f"\\x{ord(ch):02x}" for ch in str(text))
    return visible if len(visible) <= limit else f"{visible[: limit - 3]}... ({len(visible):,} characters)"


class RvfwError(Exception):
    """A user-facing failure. The CLI prints str(error) on one line and exits non-zero."""

    def __str__(self) -> str:
        return one_line(super().__str__(), 4000)


class ModelError(RvfwError):
    """The model file cannot be compiled (corrupt, or uses something we do not support)."""

    def __init__(self, model: str, reason: str, op_index: int | None = None, op_name: str | None = None):
        where = f"op #{op_index} {op_name}: " if op_index is not None else ""
        super().__init__(f"{model}: {where}{reason}")
        self.model = model
        self.op_index = op_index
        self.op_name = op_name
        self.reason = reason


def summarize(problems: list[ModelError], separator: str = ", ") -> str:
    """'WHAT (op #i)' per distinct problem, in model order, with every op index it affects; WHAT is
    a problem's `what` when it has one (an op kind rvfw lacks), else 'OP: reason'."""
    seen: dict[str, list[int]] = {}
    for p in problems:
        seen.setdefault(getattr(p, "what", None) or f"{p.op_name}: {p.reason}", []).append(p.op_index)
    parts = []
    for what, indices in seen.items():
        ops = ", ".join(f"#{i}" for i in indices)
        parts.append(f"{what} ({'op' if len(indices) == 1 else f'{len(indices)} ops'} {ops})")
    return separator.join(parts)


class BoardError(RvfwError):
    """A board file is missing or does not match the schema."""


class BudgetError(RvfwError):
    """The image does not fit the board's memory regions; `report` is the size report as JSON data."""

    def __init__(self, message: str, report: dict | None = None):
        super().__init__(message)
        self.report = report


class ToolError(RvfwError):
    """An external tool (compiler, simulator, reference interpreter) is missing or failed."""


def install_hint(debian: str = "", pypi: str = "") -> str:
    """How to get a missing tool: in a checkout `make setup` installs them all; installed from a
    wheel there is no `make setup`, so the package itself (Debian's, or PyPI's)."""
    from codegen.paths import IN_CHECKOUT

    if IN_CHECKOUT:
        named = ([f"Debian package {debian}"] if debian else []) + ([f"PyPI {pypi}"] if pypi else [])
        return "run `make setup`" + (f" ({', '.join(named)})" if named else "")
    ways = ([f"apt-get install {debian}"] if debian else []) + ([f"pip install {pypi}"] if pypi else [])
    return " and ".join(ways) if ways else "see the README's first command"
