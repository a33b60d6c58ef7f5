/* SPDX-License-Identifier: Apache-2.0 */
/* TFLite_Detection_PostProcess, float32, reference: TFLite Micro's kernel, computed as it computes
 * (rvfw_detection.h): each selected box's IoU with every later candidate, box by box. */
#include "rvfw_detection.h"

/* One suppression over b->values (one score per anchor); the anchors kept, in order, into
 * b->selected; returns how many. */
static int32_t suppress(const rvfw_detection_params *p, const buffers *b, int32_t limit, rvfw_later_fn unused)
{
    (void)unused;
    const int32_t kept = rvfw_detection_candidates(p, b);
    const int32_t most = kept < limit ? kept : limit;
    int32_t selected = 0, active = kept;
    for (int32_t i = 0; i < kept; ++i) {
        b->active[i] = 1;
    }
    for (int32_t i = 0; i < kept; ++i) {
        if (active == 0 || selected >= most) {
            break;
        }
        if (!b->active[i]) {
            continue;
        }
        const int32_t anchor = b->kept[b->order[i]];
        b->selected[selected++] = anchor;
        b->active[i] = 0;
        --active;
        for (int32_t j = i + 1; j < kept; ++j) {
            if (b->active[j] && iou(&b->decoded[anchor], &b->decoded[b->kept[b->order[j]]]) > p->iou_threshold) {
                b->active[j] = 0;
                --active;
            }
        }
    }
    return selected;
}

RVFW_KERNEL void rvfw_detection_postprocess_f32_ref(const rvfw_detection_params *p, const float *box_encodings,
                                        const float *class_predictions, const float *anchors, int8_t *work,
                                        float *boxes, float *classes, float *scores, float *count)
{
    rvfw_detection_postprocess(p, box_encodings, class_predictions, anchors, work, boxes, classes, scores, count,
                               suppress, 0, rvfw_top_k_ref);
}
