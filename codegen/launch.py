"""The `rvfw` console script: imports the command line lazily, so an interrupt while Python loads
the compiler (numpy, the flatbuffer reader, Jinja2) is one line too, not a traceback."""

from __future__ import annotations

import sys


def main() -> int:
    try:
        from codegen.cli import main as cli_main
    except KeyboardInterrupt:
        print("rvfw: interrupted", file=sys.stderr)
        return 130
    return cli_main()


if __name__ == "__main__":
    sys.exit(main())
