"""`rvfw export`: a model, or a multi-model application, as sources for the user's own firmware
and build system (stage after `app`: it reuses the build's checks, plans and lowering).

The folder holds the generated sources, exactly the rvfw kernels (and, for an application, the
dispatcher) they call and the headers those include, a README with the C API and the flags the
board needs, and a manifest.json; `--format` adds a CMake library (with a toolchain file for the
board), a prebuilt static library, a Zephyr module or an ESP-IDF component. No harness, start-up
or linker script of ours: the arena and the weights go to sections any linker script places.
The folder appears whole or not at all.
"""

from codegen.export.app import AppExport, export_app
from codegen.export.model import Export, export, export_models
from codegen.export.package import FORMATS

__all__ = ["FORMATS", "AppExport", "Export", "export", "export_app", "export_models"]
