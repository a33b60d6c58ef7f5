"""From PyTorch to an rvfw image: a small CNN trained here, exported with litert-torch, quantised to
int8 two ways with a calibration set, and a held-out data set for `rvfw validate`.

    python3 -m venv .venv-torch && .venv-torch/bin/pip install -r examples/pytorch/requirements.txt
    .venv-torch/bin/python examples/pytorch/make_models.py

writes, beside this file:
- cnn_float.tflite: the float model (litert-torch, channels-last input [1, 28, 28, 1]);
- cnn_int8_aeq.tflite: AI Edge Quantizer's static int8 recipe (int8 weights and activations,
  calibrated on 256 training samples; float input and output, as the quantizer leaves them);
- cnn_int8_pt2e.tflite: PyTorch's own PT2E quantiser (litert-torch's symmetric int8 config),
  calibrated on the same samples, then exported by litert-torch;
- data.npz: 200 held-out samples (x: float32 [200, 28, 28, 1]) and their labels (y);
- torch.json: PyTorch's own accuracy on them, to read beside `rvfw validate`'s.

The suite runs rvfw on the committed files (tests/e2e/test_examples.py); nothing here is needed
to build or test rvfw. The task is synthetic so that it trains in seconds on a CPU: each class is
a bar at one of ten orientations, drawn with noise."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import torch
from torch import nn

HERE = Path(__file__).resolve().parent
SIDE, CLASSES = 28, 10


def samples(count: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """Bars through the middle at angle k*18 degrees (class k), random width, shift and noise."""
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, CLASSES, count)
    ys, xs = np.mgrid[0:SIDE, 0:SIDE].astype(np.float32) - (SIDE - 1) / 2
    images = np.empty((count, SIDE, SIDE, 1), np.float32)
    for n, k in enumerate(labels):
        angle = np.pi * k / CLASSES + rng.normal(0, 0.04)
        shift = rng.uniform(-3, 3)
        distance = np.abs(xs * np.sin(angle) - ys * np.cos(angle) - shift)
        bar = np.exp(-((distance / rng.uniform(1.0, 2.5)) ** 2))
        images[n, :, :, 0] = bar + rng.normal(0, 0.15, (SIDE, SIDE))
    return np.round(images * 32) / 32, labels  # steps of 1/32: the committed data set compresses


class SmallCnn(nn.Module):
    def __init__(self) -> None:
        super().__init__()
        self.features = nn.Sequential(
            nn.Conv2d(1, 8, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.ReLU(),
            nn.Conv2d(16, 16, 3, padding=1, groups=16), nn.ReLU(),  # depthwise
            nn.Conv2d(16, 32, 1), nn.ReLU(),
        )  # fmt: skip
        self.head = nn.Linear(32, CLASSES)

    def forward(self, x: torch.Tensor) -> torch.Tensor:  # x: NCHW
        x = self.features(x)
        return self.head(x.mean(dim=(2, 3)))


def train(model: nn.Module, x: np.ndarray, y: np.ndarray) -> None:
    torch.manual_seed(0)
    data, target = torch.from_numpy(x).permute(0, 3, 1, 2), torch.from_numpy(y)
    optimiser = torch.optim.Adam(model.parameters(), lr=3e-3)
    for step in range(600):
        batch = torch.randint(0, len(x), (64,))
        loss = nn.functional.cross_entropy(model(data[batch]), target[batch])
        optimiser.zero_grad()
        loss.backward()
        optimiser.step()


def accuracy(model: nn.Module, x: np.ndarray, y: np.ndarray) -> float:
    with torch.no_grad():
        scores = model(torch.from_numpy(x).permute(0, 3, 1, 2))
    return float((scores.argmax(1).numpy() == y).mean())


def pt2e_int8(model: nn.Module, calibration: np.ndarray, sample: tuple) -> bytes:
    """PyTorch's PT2E flow: export, observers, calibration, convert; litert-torch writes int8 ops."""
    import litert_torch
    from litert_torch.quantize import pt2e_quantizer, quant_config
    from torchao.quantization.pt2e import move_exported_model_to_eval, quantize_pt2e

    quantizer = pt2e_quantizer.PT2EQuantizer().set_global(
        pt2e_quantizer.get_symmetric_quantization_config(is_per_channel=True, is_dynamic=False)
    )
    exported = torch.export.export(model, sample).module()
    prepared = quantize_pt2e.prepare_pt2e(exported, quantizer)
    with torch.no_grad():
        for image in calibration:
            prepared(torch.from_numpy(image[None]))
    converted = quantize_pt2e.convert_pt2e(prepared, fold_quantize=False)
    move_exported_model_to_eval(converted)  # the BatchNorm/dropout-free graph, marked for inference
    edge = litert_torch.convert(converted, sample, quant_config=quant_config.QuantConfig(pt2e_quantizer=quantizer))
    return edge.model_content()


def aeq_int8(float_model: Path, calibration: np.ndarray) -> bytes:
    """AI Edge Quantizer's static int8 recipe (weights and activations), calibrated."""
    from ai_edge_quantizer import quantizer, recipe

    q = quantizer.Quantizer(str(float_model))
    q.load_quantization_recipe(recipe.static_wi8_ai8())
    signature = q.get_signature_list() if hasattr(q, "get_signature_list") else None
    key = next(iter(signature)) if signature else "serving_default"
    name = "args_0"
    calibration_data = {key: [{name: image[None]} for image in calibration]}
    try:
        result = q.calibrate(calibration_data)
    except (KeyError, ValueError):  # the input's name as this export spells it
        from ai_edge_litert.interpreter import Interpreter

        runner = Interpreter(model_path=str(float_model)).get_signature_runner()
        name = next(iter(runner.get_input_details()))
        calibration_data = {key: [{name: image[None]} for image in calibration]}
        result = q.calibrate(calibration_data)
    return q.quantize(result).quantized_model


def main() -> None:
    import litert_torch

    x, y = samples(4000, seed=1)
    held_x, held_y = samples(200, seed=2)
    model = SmallCnn()
    train(model, x, y)
    model.eval()
    # The image is channels-last, as TFLite models are: the export takes NHWC and permutes inside.
    nhwc = litert_torch.to_channel_last_io(model, args=[0]).eval()
    sample = (torch.from_numpy(held_x[:1]),)
    float_path = HERE / "cnn_float.tflite"
    litert_torch.convert(nhwc, sample).export(str(float_path))
    calibration = x[:256]
    (HERE / "cnn_int8_aeq.tflite").write_bytes(aeq_int8(float_path, calibration))
    (HERE / "cnn_int8_pt2e.tflite").write_bytes(pt2e_int8(nhwc, calibration, sample))
    np.savez_compressed(HERE / "data.npz", x=held_x, y=held_y)
    (HERE / "torch.json").write_text(json.dumps({"held_out_samples": len(held_y),
                                                 "torch_float_top1": accuracy(model, held_x, held_y)}, indent=2)
                                     + "\n")  # fmt: skip
    for path in sorted(HERE.glob("*.tflite")):
        print(f"{path.name}: {path.stat().st_size:,} bytes")


if __name__ == "__main__":
    main()
