"""What a multi-model build is made of: each model lowered for the image, and the image."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from codegen.app import admission
from codegen.app.manifest import App, AppModel
from codegen.boards import Board
from codegen.build import size
from codegen.ir import Graph
from codegen.memplan import MemoryPlan
from codegen.ops import ConstArray, Layer


@dataclass
class ModelBuild:
    entry: AppModel
    graph: Graph
    plan: MemoryPlan
    layers: list[Layer]
    constants: list[ConstArray]
    inputs: list[np.ndarray]
    deadline_ticks: int = 0  # machine-timer ticks a run may take (0: no deadline)


@dataclass
class AppBuild:
    app: App
    board: Board
    admitted: admission.Admission
    models: list[ModelBuild]
    out_dir: Path
    elf: Path
    size: size.SizeReport
