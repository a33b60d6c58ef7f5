"""ONNX models for the converter corpus, converted by onnx2tf (issue 29): generate_torch.py's
PyTorch modules exported to ONNX (`export`, in the PyTorch venv), then converted to float32 .tflite
by onnx2tf (`convert`, in a venv with onnx2tf; it brings its own TensorFlow). generate.py quantises
them with AI Edge Quantizer (int8, 16x8) and computes TFLite Micro's outputs (`generate.py onnx`).

    /tmp/torch/bin/pip install onnx onnxscript && /tmp/torch/bin/python generate_onnx.py export
    /tmp/onnx/bin/pip install onnx2tf onnx onnxruntime onnx-graphsurgeon sng4onnx psutil
    /tmp/onnx/bin/python generate_onnx.py convert
"""

from __future__ import annotations

import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODELS = ("conv1d", "residual_se")


def export() -> None:
    import numpy as np
    import torch

    sys.path.insert(0, str(HERE))
    from generate_torch import MODELS as TORCH

    for name in MODELS:
        cls, shape = TORCH[name]
        torch.manual_seed(5)
        # Four input channels, not three: onnx2tf fetches sample images from the web for a 3-channel
        # image input (to compare its outputs), and this machine reaches no web.
        module = (cls(4) if name == "residual_se" else cls()).eval()
        shape = (1, 4, *shape[2:]) if name == "residual_se" else shape
        sample = torch.from_numpy(np.random.default_rng(5).uniform(-1, 1, shape).astype(np.float32))
        torch.onnx.export(module, (sample,), str(HERE / f"onnx_{name}.onnx"), input_names=["x"], output_names=["y"],
                          opset_version=17, dynamo=False)  # fmt: skip
        print(f"onnx_{name}.onnx", flush=True)


def convert() -> None:
    for name in MODELS:
        source = HERE / f"onnx_{name}.onnx"
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run([sys.executable, "-m", "onnx2tf", "-i", str(source), "-o", tmp, "-n"], check=True,
                           stdout=subprocess.DEVNULL)  # fmt: skip
            made = next(Path(tmp).glob("*_float32.tflite"))
            shutil.copyfile(made, HERE / f"onnx_{name}_float.tflite")
        source.unlink()  # the .onnx is an intermediate: the corpus keeps the .tflite
        print(f"onnx_{name}_float.tflite", flush=True)


if __name__ == "__main__":
    {"export": export, "convert": convert}[sys.argv[1]]()
