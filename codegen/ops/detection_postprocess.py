"""TFLite_Detection_PostProcess (the custom op that ends SSD detectors), float32, as TFLite
Micro's kernel computes it: each box encoding decoded against its anchor (centre and size, in
double, the size through exp), then non-max suppression, fast (each anchor scored by its best
classes, one suppression over all anchors) or regular (one suppression per class, the results
merged by score), with scores sorted by value then index; four float32 outputs: boxes (ymin, xmin,
ymax, xmax), classes, scores and the number of detections.

Options come from the model's FlexBuffers map (frontend.custom) and are checked here as TFLite
Micro's Prepare and Eval check them; what TFLite Micro leaves undefined is pinned down: output rows
past the detections of a fast suppression are written 0 (TFLite Micro leaves them as the arena
held them), and boxes are not validated (TFLite Micro fails the inference when a decoded box has
ymin >= ymax or xmin >= xmax; the kernel goes on).
"""

from __future__ import annotations

import math

import numpy as np

from codegen.ir import DType, Graph, Op, OpKind
from codegen.ops.common import Layer, LowerContext, expect_dtype, fail
from codegen.ops.contract import Form, Kind, OpContract
from codegen.ops.kernels import family, lanes

FAMILY = family("TFLite_Detection_PostProcess", "rvfw_detection_params", "detection_postprocess_f32",
                ("ref", "scalar", "rvv"), (OpKind.DETECTION_POSTPROCESS.value,),
                needs={"rvv": lanes("f32")})  # fmt: skip
DETECTIONS_PER_CLASS = 100  # TFLite Micro's default when the map has none
NEEDED = ("max_detections", "max_classes_per_detection", "nms_score_threshold", "nms_iou_threshold", "num_classes",
          "y_scale", "x_scale", "h_scale", "w_scale")  # fmt: skip


def _options(op: Op) -> dict:
    o = op.options
    return {
        "max_detections": int(o["max_detections"]),
        "max_classes": int(o["max_classes_per_detection"]),
        "per_class": int(o.get("detections_per_class", DETECTIONS_PER_CLASS)),
        "regular": bool(o.get("use_regular_nms", False)),
        "score_threshold": float(o["nms_score_threshold"]),
        "iou_threshold": float(o["nms_iou_threshold"]),
        "num_classes": int(o["num_classes"]),
        "scales": tuple(float(o[k]) for k in ("y_scale", "x_scale", "h_scale", "w_scale")),
    }


def _sizes(graph: Graph, op: Op) -> tuple[int, int, int]:
    """(boxes, values per box encoding, classes with background)."""
    box, cls = graph.tensors[op.inputs[0]], graph.tensors[op.inputs[1]]
    return box.shape[1], box.shape[2], cls.shape[2]


def _categories(o: dict) -> int:
    return min(o["max_classes"], o["num_classes"])


def check(graph: Graph, op: Op) -> None:
    missing = [k for k in NEEDED if k not in op.options]
    if missing:
        raise fail(graph, op, f"option '{missing[0]}' missing")
    for k in ("max_detections", "max_classes_per_detection", "num_classes", "detections_per_class"):
        if k in op.options and isinstance(op.options[k], float):
            raise fail(graph, op, f"option '{k}' is a float, not an integer")
    box = expect_dtype(graph, op, op.inputs[0], "box encodings", DType.FLOAT32)
    cls = expect_dtype(graph, op, op.inputs[1], "class predictions", DType.FLOAT32)
    anchors = expect_dtype(graph, op, op.inputs[2], "anchors", DType.FLOAT32)
    if len(box.shape) != 3 or box.shape[0] != 1 or box.shape[2] < 4:
        raise fail(graph, op, f"box encodings {list(box.shape)} are not [1, boxes, 4 or more]")
    boxes = box.shape[1]
    if len(cls.shape) != 3 or cls.shape[:2] != (1, boxes):
        raise fail(graph, op, f"class predictions {list(cls.shape)} are not [1, {boxes}, classes]")
    if tuple(anchors.shape) != (boxes, 4):
        raise fail(graph, op, f"anchors {list(anchors.shape)} are not [{boxes}, 4]")
    o = _options(op)
    if not all(math.isfinite(v) for v in (o["score_threshold"], o["iou_threshold"], *o["scales"])):
        raise fail(graph, op, "a threshold or scale is not a finite number")
    if not 1 <= o["num_classes"] <= cls.shape[2] <= o["num_classes"] + 1:
        raise fail(graph, op, f"num_classes {o['num_classes']} for {cls.shape[2]} class scores (TFLite Micro "
                   "allows one background column)")  # fmt: skip
    if not 0.0 < o["iou_threshold"] <= 1.0:
        raise fail(graph, op, f"nms_iou_threshold {o['iou_threshold']} outside (0, 1] (TFLite Micro refuses it)")
    if not 0 <= o["max_detections"] <= 1 << 16:
        raise fail(graph, op, f"max_detections {o['max_detections']} outside [0, 65536]")
    if o["regular"] and not 0 < o["per_class"] <= 1 << 16:
        raise fail(graph, op, f"detections_per_class {o['per_class']} must be positive (TFLite Micro refuses it)")
    if not o["regular"] and not 0 < o["max_classes"] <= 1 << 16:
        raise fail(
            graph, op, f"max_classes_per_detection {o['max_classes']} must be positive (TFLite Micro refuses it)"
        )
    # Rows the kernel writes: regular, max_detections; fast, TFLite Micro's num_categories * index + column
    # over num_categories columns of up to max_detections anchors.
    rows = o["max_detections"] if o["regular"] else _categories(o) ** 2 * o["max_detections"]
    shapes = ([1, rows, 4], [1, rows], [1, rows], [1])
    for position, (index, want) in enumerate(zip(op.outputs, shapes)):
        out = expect_dtype(graph, op, index, f"output {position}", DType.FLOAT32)
        if position < 3 and (len(out.shape) != len(want) or out.shape[0] != 1 or out.shape[1] < rows or
                             (position == 0 and out.shape[2] != 4)):  # fmt: skip
            raise fail(graph, op, f"output {position} {list(out.shape)} holds fewer than the {rows} rows written")
        if position == 3 and out.num_elements < 1:
            raise fail(graph, op, "output 3 (the number of detections) is empty")


def _capacity(o: dict) -> int:
    """Entries of the regular suppression's merged list: the kept best and one class's selection."""
    return o["max_detections"] + o["per_class"]


def scratch(graph: Graph, op: Op) -> int:
    """Decoded boxes (16 B each), six int/float arrays of one per box, the active flags, each box's
    best classes (fast), and the merged list of the regular suppression (four arrays)."""
    boxes, _stride, _with_bg = _sizes(graph, op)
    o = _options(op)
    flags = (boxes + 3) // 4 * 4
    return 16 * boxes + 6 * 4 * boxes + flags + 4 * boxes * _categories(o) + 4 * 4 * _capacity(o)


def lower(ctx: LowerContext, op: Op) -> Layer:
    boxes, stride, with_bg = _sizes(ctx.graph, op)
    o = _options(op)
    ys, xs, hs, ws = o["scales"]
    params = [("boxes", boxes), ("box_stride", stride), ("classes_with_background", with_bg),
              ("num_classes", o["num_classes"]), ("max_detections", o["max_detections"]),
              ("categories", _categories(o)), ("detections_per_class", o["per_class"]), ("regular", int(o["regular"])),
              ("output_rows", ctx.tensor(op.outputs[1]).shape[1]), ("capacity", _capacity(o)),
              ("score_threshold", _float(o["score_threshold"])), ("iou_threshold", _float(o["iou_threshold"])),
              ("y_scale", _float(ys)), ("x_scale", _float(xs)), ("h_scale", _float(hs)),
              ("w_scale", _float(ws))]  # fmt: skip
    anchors = op.inputs[2]
    args = [ctx.input(op, 0), ctx.input(op, 1),
            ctx.weights(anchors) if ctx.tensor(anchors).is_constant else ctx.input(op, 2), ctx.scratch(op),
            *(ctx.output(op, k) for k in range(4))]  # fmt: skip
    return ctx.layer(op, ctx.pick(FAMILY), FAMILY, params, args)


def _float(value: float) -> float:
    """A float32 option; emit writes its exact decimal (check() refused the non-finite)."""
    return float(np.float32(value))


CONTRACT = OpContract(
    kinds={OpKind.DETECTION_POSTPROCESS: Kind(1, (3, 3), (4, 4))},
    forms={None: Form(check, lower, (FAMILY,), scratch=scratch)},
)
