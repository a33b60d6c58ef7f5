"""`python -m codegen.cli`: the command line, as the `rvfw` script runs it."""

import sys

from codegen.cli import main

sys.exit(main())
