/* SPDX-License-Identifier: Apache-2.0 */
/* TFLite_Detection_PostProcess, float32, fast scalar: the reference's kernel (rvfw_detection.h)
 * with the candidates' anchors and box areas laid out in sorted order once per suppression, so
 * each pair's IoU reads them directly (the same float operations as iou(), in its order), and the
 * top-k selections in O(k * n) instead of O(k^2 * n). */
#include "rvfw_detection.h"

static int32_t later(const rvfw_detection_params *p, const buffers *b, int32_t i, int32_t kept)
{
    const rvfw_box *a = &b->decoded[b->merge[i]];
    const float area_a = b->kept_scores[i], threshold = p->iou_threshold;
    int32_t dropped = 0;
    for (int32_t j = i + 1; j < kept; ++j) {
        if (!b->active[j])
            continue;
        const rvfw_box *x = &b->decoded[b->merge[j]];
        const float area_b = b->kept_scores[j];
        float overlap = 0.0f;
        if (!(area_a <= 0 || area_b <= 0)) { /* as iou() tests it: a NaN area goes on */
            const float ymin = larger(a->ymin, x->ymin), xmin = larger(a->xmin, x->xmin);
            const float ymax = smaller(a->ymax, x->ymax), xmax = smaller(a->xmax, x->xmax);
            const float inter = larger(ymax - ymin, 0.0f) * larger(xmax - xmin, 0.0f);
            overlap = inter / (area_a + area_b - inter);
        }
        if (overlap > threshold) {
            b->active[j] = 0;
            ++dropped;
        }
    }
    return dropped;
}

RVFW_KERNEL void rvfw_detection_postprocess_f32_scalar(const rvfw_detection_params *p, const float *box_encodings,
                                           const float *class_predictions, const float *anchors, int8_t *work,
                                           float *boxes, float *classes, float *scores, float *count)
{
    rvfw_detection_postprocess(p, box_encodings, class_predictions, anchors, work, boxes, classes, scores, count,
                               rvfw_detection_select, later, rvfw_top_k_chain);
}
