/* SPDX-License-Identifier: Apache-2.0 */
/* TFLite_Detection_PostProcess, float32, RVV (V, Zve32f): the fast scalar kernel's layout (the
 * candidates' anchors and areas in sorted order, rvfw_detection.h) with each selected box's IoU
 * against the later candidates in float lanes: their corners gathered from the decoded boxes, every
 * lane repeating iou()'s operations in order (std::max and std::min as compare and merge, so NaN
 * and -0 come out as the reference's), the candidates over the threshold deactivated under a mask. */
#include "rvfw_detection.h"
#include "rvfw_rvv_f32.h"

static int32_t later(const rvfw_detection_params *p, const buffers *b, int32_t i, int32_t kept)
{
    const rvfw_box *a = &b->decoded[b->merge[i]];
    const float area_a = b->kept_scores[i], threshold = p->iou_threshold;
    const float *corners = (const float *)b->decoded;
    int32_t dropped = 0;
    for (int32_t j = i + 1; j < kept;) {
        const size_t vl = __riscv_vsetvl_e32m8((size_t)(kept - j));
        const vuint32m8_t at = __riscv_vsll_vx_u32m8(__riscv_vle32_v_u32m8((const uint32_t *)b->merge + j, vl), 4, vl);
        const vfloat32m8_t ymin_b = __riscv_vluxei32_v_f32m8(corners, at, vl);
        const vfloat32m8_t xmin_b = __riscv_vluxei32_v_f32m8(corners + 1, at, vl);
        const vfloat32m8_t ymax_b = __riscv_vluxei32_v_f32m8(corners + 2, at, vl);
        const vfloat32m8_t xmax_b = __riscv_vluxei32_v_f32m8(corners + 3, at, vl);
        const vfloat32m8_t area_b = __riscv_vle32_v_f32m8(b->kept_scores + j, vl);
        /* larger(a, x) = a < x ? x : a; smaller(a, x) = x < a ? x : a */
        const vfloat32m8_t ymin = __riscv_vmerge_vvm_f32m8(__riscv_vfmv_v_f_f32m8(a->ymin, vl), ymin_b,
                                                           __riscv_vmfgt_vf_f32m8_b4(ymin_b, a->ymin, vl), vl);
        const vfloat32m8_t xmin = __riscv_vmerge_vvm_f32m8(__riscv_vfmv_v_f_f32m8(a->xmin, vl), xmin_b,
                                                           __riscv_vmfgt_vf_f32m8_b4(xmin_b, a->xmin, vl), vl);
        const vfloat32m8_t ymax = __riscv_vmerge_vvm_f32m8(__riscv_vfmv_v_f_f32m8(a->ymax, vl), ymax_b,
                                                           __riscv_vmflt_vf_f32m8_b4(ymax_b, a->ymax, vl), vl);
        const vfloat32m8_t xmax = __riscv_vmerge_vvm_f32m8(__riscv_vfmv_v_f_f32m8(a->xmax, vl), xmax_b,
                                                           __riscv_vmflt_vf_f32m8_b4(xmax_b, a->xmax, vl), vl);
        vfloat32m8_t h = __riscv_vfsub_vv_f32m8(ymax, ymin, vl), w = __riscv_vfsub_vv_f32m8(xmax, xmin, vl);
        h = __riscv_vfmerge_vfm_f32m8(h, 0.0f, __riscv_vmflt_vf_f32m8_b4(h, 0.0f, vl), vl);
        w = __riscv_vfmerge_vfm_f32m8(w, 0.0f, __riscv_vmflt_vf_f32m8_b4(w, 0.0f, vl), vl);
        const vfloat32m8_t inter = __riscv_vfmul_vv_f32m8(h, w, vl);
        const vfloat32m8_t sum = __riscv_vfadd_vf_f32m8(area_b, area_a, vl); /* area_a + area_b: commutes */
        vfloat32m8_t overlap = __riscv_vfdiv_vv_f32m8(inter, __riscv_vfsub_vv_f32m8(sum, inter, vl), vl);
        /* iou() returns 0 where either area is <= 0 (not for a NaN area) */
        vbool4_t empty = __riscv_vmfle_vf_f32m8_b4(area_b, 0.0f, vl);
        if (area_a <= 0)
            empty = __riscv_vmset_m_b4(vl);
        overlap = __riscv_vfmerge_vfm_f32m8(overlap, 0.0f, empty, vl);
        const vuint8m2_t flags = __riscv_vle8_v_u8m2(b->active + j, vl);
        const vbool4_t drop = __riscv_vmand_mm_b4(__riscv_vmsne_vx_u8m2_b4(flags, 0, vl),
                                                  __riscv_vmfgt_vf_f32m8_b4(overlap, threshold, vl), vl);
        __riscv_vse8_v_u8m2_m(drop, b->active + j, __riscv_vmv_v_x_u8m2(0, vl), vl);
        dropped += (int32_t)__riscv_vcpop_m_b4(drop, vl);
        j += (int32_t)vl;
    }
    return dropped;
}

RVFW_KERNEL void rvfw_detection_postprocess_f32_rvv(const rvfw_detection_params *p, const float *box_encodings,
                                        const float *class_predictions, const float *anchors, int8_t *work,
                                        float *boxes, float *classes, float *scores, float *count)
{
    rvfw_detection_postprocess(p, box_encodings, class_predictions, anchors, work, boxes, classes, scores, count,
                               rvfw_detection_select, later, rvfw_top_k_chain);
}
