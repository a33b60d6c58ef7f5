"""TFLite_Detection_PostProcess as a single op (issue 30), in the corners a converter-made detector
(tests/data/converters/keras_ssd_*) does not reach: fewer detections than rows, several classes
per anchor (TFLite Micro's row numbering for them), regular suppression without a background
column, tied scores, box encodings with extra values; bit for bit with TFLite Micro on the vector
and the scalar board. Refusals of what TFLite Micro refuses are one line."""

from __future__ import annotations

import flatbuffers.flexbuffers as flexbuffers
import numpy as np
import pytest

from codegen import pipeline
from codegen.errors import RvfwError
from codegen.modelgen import ModelBuilder
from tests.conftest import quiet

BOXES = 24


def detector(tmp_path, *, classes=3, background=True, stride=4, regular=False, max_detections=6, per_class=4,
             categories=1, score=0.3, iou=0.5, rows=None, seed=0, boxes=BOXES):  # fmt: skip
    """The op alone: box encodings and class scores as inputs, the anchors a constant grid."""
    BOXES = boxes  # noqa: N806
    rng = np.random.default_rng(seed)
    width = classes + int(background)
    rows = rows if rows is not None else (max_detections if regular else categories**2 * max_detections)
    options = {"max_detections": max_detections, "max_classes_per_detection": categories,
               "detections_per_class": per_class, "use_regular_nms": regular, "nms_score_threshold": score,
               "nms_iou_threshold": iou, "num_classes": classes, "y_scale": 10.0, "x_scale": 10.0, "h_scale": 5.0,
               "w_scale": 5.0}  # fmt: skip
    centres = (np.arange(BOXES) % 6 + 0.5) / 6
    anchors = np.stack([centres, np.roll(centres, 3), np.full(BOXES, 0.3), np.full(BOXES, 0.25)], 1)
    net = ModelBuilder()
    box = net.tensor("box_encodings", (1, BOXES, stride), np.float32)
    cls = net.tensor("class_predictions", (1, BOXES, width), np.float32)
    anc = net.tensor("anchors", (BOXES, 4), np.float32, data=anchors.astype(np.float32))
    outs = [net.tensor("boxes", (1, rows, 4), np.float32), net.tensor("classes", (1, rows), np.float32),
            net.tensor("scores", (1, rows), np.float32), net.tensor("count", (1,), np.float32)]  # fmt: skip
    net.op("CUSTOM:TFLite_Detection_PostProcess", [box, cls, anc], outs, 1,
           custom_options=bytes(flexbuffers.Dumps(options)))  # fmt: skip
    path = tmp_path / "detector.tflite"
    path.write_bytes(net.finish([box, cls], outs))
    inputs = [
        rng.normal(0, 1, (1, BOXES, stride)).astype(np.float32),
        np.round(rng.uniform(0, 1, (1, BOXES, width)), 1).astype(np.float32),
    ]  # rounded: tied scores
    for k, array in enumerate(inputs):
        np.save(tmp_path / f"in{k}.npy", array)
    return path, [tmp_path / f"in{k}.npy" for k in range(2)]


CASES = {
    "fast_few": {"score": 0.85},  # fewer detections than rows
    "fast_two_classes": {"categories": 2, "max_detections": 4},
    "regular_no_background": {"regular": True, "background": False, "per_class": 3},
    "regular_extra_values": {"regular": True, "stride": 6, "iou": 0.3, "max_detections": 8},
    # more candidates than a vector strip (32 lanes at VLEN 128)
    "regular_many": {"regular": True, "boxes": 40, "per_class": 30, "max_detections": 12, "score": 0.2},
    "fast_many": {"boxes": 40, "max_detections": 20, "score": 0.2, "iou": 0.2},
}
# The vector kernel on rv64gcv, the fast scalar one on rv32imc, and the reference.
CONFIGS = {"rv64-rvv": ("spike-rv64gcv", "rvv"), "rv32-scalar": ("spike-rv32imc", "scalar"),
           "rv64-ref": ("spike-rv64gcv", "ref")}  # fmt: skip


@pytest.mark.parametrize("config", sorted(CONFIGS))
@pytest.mark.parametrize("case", sorted(CASES))
def test_detection_postprocess_bit_exact(tmp_path, sim_tools, case, config):
    board, kernels = CONFIGS[config]
    path, inputs = detector(tmp_path, **CASES[case])
    b = pipeline.build(
        path, board, tmp_path / "out", options=pipeline.BuildOptions(inputs=inputs, kernels=kernels), log=quiet
    )
    assert b.layers[0].kernel == f"detection_postprocess_f32_{kernels}"
    result = pipeline.check(pipeline.run(b, timeout=600, log=quiet), log=quiet)
    assert result.bit_exact, f"{case}: {result.total - result.matched} outputs differ"


@pytest.mark.parametrize(("options", "message"), [
    ({"iou": 0.0}, "nms_iou_threshold 0.0 outside"),
    ({"rows": 3}, "holds fewer than the 6 rows written"),
    ({"categories": 0, "rows": 6}, "max_classes_per_detection 0 must be positive"),
])  # fmt: skip
def test_detection_postprocess_refusals(tmp_path, options, message):
    path, _inputs = detector(tmp_path, **options)
    with pytest.raises(RvfwError, match=message) as info:
        pipeline.prepare(path, "spike-rv64gcv")
    assert "\n" not in str(info.value)
