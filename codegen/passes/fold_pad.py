"""Fold a PAD into the convolution after it (seed 000, section 3.1: graph simplification).

An int8 PAD fills with the output zero point, which is the real value 0: exactly what a
convolution's own padding contributes. So PAD -> CONV_2D/DEPTHWISE_CONV_2D with VALID padding,
padding only height and width, becomes one convolution with explicit padding (`Op.explicit_pad`:
top, bottom, left, right) reading the PAD's input, and the padded tensor is never stored.
Pools are left alone: a padded cell takes part in a MAX_POOL's max and an AVERAGE_POOL's count.

Requires: the PAD's output is read by that conv alone and is not a graph output; the PAD has the
same quantisation in and out (its check) and the conv reads it as its input 0.
"""

from __future__ import annotations

import dataclasses

from codegen.ir import DType, Graph, OpKind

CONVS = (OpKind.CONV_2D, OpKind.DEPTHWISE_CONV_2D)
# A PAD fills with the real value 0 in each of these (int8 and 16x8: the zero point; float32: 0.0,
# and a float sum that starts at +0.0 is unchanged by adding the padded taps' +-0.0 products), and
# every dtype's conv reads explicit_pad through ops.conv_common.geometry.
DTYPES = (DType.INT8, DType.INT16, DType.FLOAT32)


def fold_pad_into_conv(graph: Graph) -> Graph:
    ops = list(graph.ops)
    for pad in [op for op in graph.ops if op.kind is OpKind.PAD]:
        padded = pad.outputs[0]
        readers = [op for op in ops if padded in op.inputs]
        if len(readers) != 1 or padded in graph.outputs:
            continue
        conv = readers[0]
        if conv.kind not in CONVS or conv.inputs[0] != padded or conv.options.get("padding") != "VALID":
            continue
        if conv.explicit_pad is not None or len(graph.tensors[padded].shape) != 4:
            continue
        if graph.tensors[padded].dtype not in DTYPES or graph.tensors[pad.inputs[0]].dtype not in DTYPES:
            continue
        amounts = graph.tensors[pad.inputs[1]].data.astype(int).reshape(-1, 2)
        if amounts[0].any() or amounts[3].any():  # batch or channel padding: not a conv's padding
            continue
        (top, bottom), (left, right) = amounts[1], amounts[2]
        folded = dataclasses.replace(conv, inputs=(pad.inputs[0], *conv.inputs[1:]),
                                     explicit_pad=(int(top), int(bottom), int(left), int(right)))  # fmt: skip
        ops[ops.index(conv)] = folded
        ops.remove(pad)
    return dataclasses.replace(graph, ops=ops)
