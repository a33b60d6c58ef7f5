"""The wheel carries the data rvfw runs on (boards, templates, the C runtime and kernels, the
example model, the manifest schema, the licence) in codegen/_data, so an installed rvfw works
outside any checkout (codegen/paths.py looks there when there is no checkout); and the `rvfw`
import name for the Python API. Everything else is in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
DATA = {  # folder or file -> the glob patterns of what ships
    "boards": ["*.yaml", "rtl/*/*.patch"],
    "templates": ["*.j2"],
    "firmware": ["include/*.h", "kernels/*.c", "kernels/*.h", "kernels/generated/*.c", "runtime/*.c", "runtime/*.S", "runtime/*.h"],
    "examples": ["tiny_kws.tflite"],
    "apps": ["*.yaml"],
    "LICENSE": [],
}


class BuildPyWithData(build_py):
    def run(self) -> None:
        super().run()
        if getattr(self, "editable_mode", False):  # an editable install reads the checkout itself
            return
        target = Path(self.build_lib) / "codegen" / "_data"
        for name, patterns in DATA.items():
            source = HERE / name
            if source.is_file():
                target.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(source, target / name)
                continue
            for pattern in patterns:
                for path in sorted(source.glob(pattern)):
                    dest = target / name / path.relative_to(source)
                    dest.parent.mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, dest)


setup(
    # `import rvfw` is the API (codegen/_rvfw re-exports codegen.api); the rest is the codegen package
    packages=[*find_packages(include=["codegen", "codegen.*"]), "rvfw"],
    package_dir={"rvfw": "codegen/_rvfw"},
    cmdclass={"build_py": BuildPyWithData},
)
