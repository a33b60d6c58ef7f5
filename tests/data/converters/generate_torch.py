"""PyTorch models for the converter corpus, converted by litert-torch (issue 36: what PyTorch
exports -- explicit padding as PAD + VALID conv, stride 2, squeeze-excite, upsampling -- broke
rvfw's float32 and 16x8 paths). Float32 here; generate.py quantises them (int8 and 16x8) with AI
Edge Quantizer and computes TFLite Micro's outputs for every model.

    python -m venv /tmp/torch && /tmp/torch/bin/pip install torch litert-torch tflite-micro
    /tmp/torch/bin/python tests/data/converters/generate_torch.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import torch
from torch import nn

HERE = Path(__file__).resolve().parent


class Conv1dNet(nn.Module):
    """nn.Conv1d(padding=2, stride=2), TANH, a mean over time and a Linear."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(4, 8, 5, stride=2, padding=2)
        self.conv2 = nn.Conv1d(8, 8, 3, padding=1)
        self.fc = nn.Linear(8, 5)

    def forward(self, x):
        x = torch.tanh(self.conv(x))
        x = torch.relu(self.conv2(x))
        return self.fc(x.mean(dim=2))


class ResidualSE(nn.Module):
    """Conv2d(padding=1) blocks, squeeze-excite (AdaptiveAvgPool, 1x1 convs, sigmoid), residual add."""

    def __init__(self, channels: int = 3):
        super().__init__()
        self.stem = nn.Conv2d(channels, 8, 3, stride=2, padding=1)
        self.a = nn.Conv2d(8, 8, 3, padding=1)
        self.b = nn.Conv2d(8, 8, 3, padding=1)
        self.squeeze = nn.Conv2d(8, 4, 1)
        self.excite = nn.Conv2d(4, 8, 1)
        self.head = nn.Linear(8, 4)

    def forward(self, x):
        x = torch.relu(self.stem(x))
        y = self.b(torch.relu(self.a(x)))
        s = torch.sigmoid(self.excite(torch.relu(self.squeeze(y.mean(dim=(2, 3), keepdim=True)))))
        x = torch.relu(x + y * s)
        return self.head(x.mean(dim=(2, 3)))


class Upsample(nn.Module):
    """ConvTranspose2d, nearest upsampling, a crop (slice) and a concatenation."""

    def __init__(self):
        super().__init__()
        self.down = nn.Conv2d(4, 8, 3, stride=2, padding=1)
        self.up = nn.ConvTranspose2d(8, 4, 2, stride=2)
        self.mix = nn.Conv2d(8, 4, 1)
        self.out = nn.Conv2d(12, 3, 3, padding=1)

    def forward(self, x):
        a = torch.relu(self.down(x))
        b = self.up(a)
        c = self.mix(nn.functional.interpolate(a, scale_factor=2, mode="nearest"))
        y = torch.cat([b, c, x], dim=1)
        return self.out(y[:, :, 1:-1, 1:-1])


class Mlp(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 16), nn.ReLU(), nn.Linear(16, 3))

    def forward(self, x):
        return self.net(x)


class EncoderBlock(nn.Module):
    """A pre-norm transformer encoder block: LayerNorm, multi-head self-attention (softmax of the
    scaled q k^T), a residual add, LayerNorm, an MLP with GELU (exact, or PyTorch's tanh form)."""

    def __init__(self, dim: int, heads: int, approximate: str):
        super().__init__()
        self.heads = heads
        self.norm1, self.norm2 = nn.LayerNorm(dim), nn.LayerNorm(dim)
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.fc1 = nn.Linear(dim, 2 * dim)
        self.act = nn.GELU(approximate=approximate)
        self.fc2 = nn.Linear(2 * dim, dim)

    def forward(self, x):
        b, n, d = x.shape
        qkv = self.qkv(self.norm1(x)).reshape(b, n, 3, self.heads, d // self.heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        a = torch.softmax(q @ k.transpose(-2, -1) * (d // self.heads) ** -0.5, dim=-1)
        x = x + self.proj((a @ v).transpose(1, 2).reshape(b, n, d))
        return x + self.fc2(self.act(self.fc1(self.norm2(x))))


class TinyViT(nn.Module):
    """A ViT as PyTorch users write one (issue 56: GELU is what TFLite Micro lacks): 4x4 patches of a
    16x16 image by a strided Conv2d, a learned position embedding, two encoder blocks (GELU exact in
    the first, tanh form in the second), a final LayerNorm, a mean over the tokens, a Linear head."""

    def __init__(self, dim: int = 32, heads: int = 2):
        super().__init__()
        self.patch = nn.Conv2d(3, dim, 4, stride=4)
        self.pos = nn.Parameter(torch.randn(1, 16, dim) * 0.1)
        self.blocks = nn.ModuleList([EncoderBlock(dim, heads, "none"), EncoderBlock(dim, heads, "tanh")])
        self.norm = nn.LayerNorm(dim)
        self.head = nn.Linear(dim, 5)

    def forward(self, x):
        x = self.patch(x).flatten(2).transpose(1, 2) + self.pos
        for block in self.blocks:
            x = block(x)
        return self.head(self.norm(x).mean(dim=1))


MODELS = {
    "conv1d": (Conv1dNet, (1, 4, 64)),
    "residual_se": (ResidualSE, (1, 3, 16, 16)),
    "upsample": (Upsample, (1, 4, 8, 8)),
    "mlp": (Mlp, (1, 20)),
    "vit": (TinyViT, (1, 3, 16, 16)),
}


def main(names: list[str]) -> None:
    import litert_torch

    for name, (cls, shape) in MODELS.items():
        if names and name not in names:
            continue
        torch.manual_seed(5)
        module = cls().eval()
        sample = (torch.from_numpy(np.random.default_rng(5).uniform(-1, 1, shape).astype(np.float32)),)
        edge = litert_torch.convert(module, sample)
        path = HERE / f"torch_{name}_float.tflite"
        edge.export(str(path))
        print(f"{path.name}: {path.stat().st_size:,} bytes", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
