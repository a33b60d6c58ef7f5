/* SPDX-License-Identifier: Apache-2.0 */
/* TFLite_Detection_PostProcess, float32, shared by its kernels: TFLite Micro's kernel, computed as
 * it computes.
 * 1. Each box encoding (y, x, h, w) is decoded against its anchor (y, x, h, w) in double: centre =
 *    encoding / scale * anchor size + anchor centre, half size = 0.5 * exp(encoding / scale) * anchor
 *    size; corners rounded to float.
 * 2. Non-max suppression of one score per anchor: the anchors at or above the score threshold,
 *    sorted by score (descending; equal scores in anchor order), each kept unless its IoU with a
 *    kept one exceeds the threshold, up to a limit.
 *    - fast: each anchor's best `categories` classes (by score, then class), suppressed by its best
 *      score once, up to max_detections anchors; row num_categories * index + column for each class;
 *    - regular: each class suppressed on its own (up to detections_per_class), the selections
 *      merged with the best so far and cut to max_detections by score (then merge order).
 * Rows past the detections are 0; the count is the detections written.
 * The kernels differ in the suppression's inner loop (suppress) and the top-k selection (top_k),
 * which they pass to rvfw_detection_postprocess. */
#ifndef RVFW_DETECTION_H
#define RVFW_DETECTION_H

#include "rvfw_kernels.h"

/* The C library's exp, declared here: the vector kernels are built by clang without libc headers. */
double exp(double);

typedef struct {
    float ymin, xmin, ymax, xmax;
} rvfw_box;

/* The scratch, carved in the order codegen.ops.detection_postprocess.scratch counts it. */
typedef struct {
    rvfw_box *decoded;
    float *values;       /* the scores one suppression runs on */
    int32_t *kept;       /* anchors at or above the threshold, in anchor order */
    float *kept_scores;  /* their scores */
    int32_t *order;      /* positions in kept, sorted */
    int32_t *merge;      /* the sort's scratch */
    int32_t *selected;   /* the anchors a suppression keeps */
    uint8_t *active;
    int32_t *best;       /* fast: each anchor's best classes */
    int32_t *merged;     /* regular: the merged list (anchor * classes_with_background + class column) */
    float *merged_scores;
    int32_t *top;        /* regular: the merged list's order */
    float *top_scores;
} buffers;

static inline buffers carve(const rvfw_detection_params *p, int8_t *work)
{
    buffers b;
    const int32_t n = p->boxes;
    b.decoded = (rvfw_box *)work;
    int32_t *words = (int32_t *)(work + 16 * n);
    b.values = (float *)words;
    b.kept = words + n;
    b.kept_scores = (float *)(words + 2 * n);
    b.order = words + 3 * n;
    b.merge = words + 4 * n;
    b.selected = words + 5 * n;
    b.active = (uint8_t *)(words + 6 * n);
    words = (int32_t *)(b.active + (n + 3) / 4 * 4);
    b.best = words;
    words += n * p->categories;
    b.merged = words;
    b.merged_scores = (float *)(words + p->capacity);
    b.top = words + 2 * p->capacity;
    b.top_scores = (float *)(words + 3 * p->capacity);
    return b;
}

static inline void decode(const rvfw_detection_params *p, const float *encodings, const float *anchors, rvfw_box *out)
{
    for (int32_t i = 0; i < p->boxes; ++i) {
        const float *e = encodings + i * p->box_stride, *a = anchors + 4 * i;
        const float yc = (float)((double)e[0] / (double)p->y_scale * (double)a[2] + (double)a[0]);
        const float xc = (float)((double)e[1] / (double)p->x_scale * (double)a[3] + (double)a[1]);
        const float half_h = (float)(0.5 * exp((double)e[2] / (double)p->h_scale) * (double)a[2]);
        const float half_w = (float)(0.5 * exp((double)e[3] / (double)p->w_scale) * (double)a[3]);
        out[i].ymin = yc - half_h;
        out[i].xmin = xc - half_w;
        out[i].ymax = yc + half_h;
        out[i].xmax = xc + half_w;
    }
}

/* Whether position i sorts before j: the larger value, then the smaller position. */
static inline int before(const float *values, int32_t i, int32_t j)
{
    return values[i] > values[j] || (values[i] == values[j] && i < j);
}

/* order[0..n) = 0..n-1 sorted by before(): a bottom-up merge sort (stable, so any stable sort by
 * value alone, such as TFLite Micro's, gives the same order). */
static inline void sort_desc(const float *values, int32_t n, int32_t *order, int32_t *scratch)
{
    for (int32_t i = 0; i < n; ++i) {
        order[i] = i;
    }
    for (int32_t width = 1; width < n; width *= 2) {
        for (int32_t lo = 0; lo < n; lo += 2 * width) {
            const int32_t mid = lo + width < n ? lo + width : n, hi = lo + 2 * width < n ? lo + 2 * width : n;
            int32_t a = lo, b = mid, k = lo;
            while (a < mid || b < hi) {
                scratch[k++] = (b >= hi || (a < mid && !before(values, order[b], order[a]))) ? order[a++] : order[b++];
            }
        }
        for (int32_t i = 0; i < n; ++i) {
            order[i] = scratch[i];
        }
    }
}

static inline float larger(float a, float b)
{
    return a < b ? b : a; /* std::max */
}

static inline float smaller(float a, float b)
{
    return b < a ? b : a; /* std::min */
}

static inline float iou(const rvfw_box *a, const rvfw_box *b)
{
    const float area_a = (a->ymax - a->ymin) * (a->xmax - a->xmin);
    const float area_b = (b->ymax - b->ymin) * (b->xmax - b->xmin);
    if (area_a <= 0 || area_b <= 0) {
        return 0.0f;
    }
    const float ymin = larger(a->ymin, b->ymin), xmin = larger(a->xmin, b->xmin);
    const float ymax = smaller(a->ymax, b->ymax), xmax = smaller(a->xmax, b->xmax);
    const float inter = larger(ymax - ymin, 0.0f) * larger(xmax - xmin, 0.0f);
    return inter / (area_a + area_b - inter);
}

static inline void put(float *boxes, float *classes, float *scores, int32_t row, const rvfw_box *box, float cls, float score)
{
    boxes[4 * row + 0] = box->ymin;
    boxes[4 * row + 1] = box->xmin;
    boxes[4 * row + 2] = box->ymax;
    boxes[4 * row + 3] = box->xmax;
    classes[row] = cls;
    scores[row] = score;
}

/* A suppression's candidates: the anchors at or above the score threshold (b->kept, their scores in
 * b->kept_scores), sorted (b->order); returns how many. The sort's scratch (b->merge) and the
 * scores are free again afterwards. */
static inline int32_t rvfw_detection_candidates(const rvfw_detection_params *p, const buffers *b)
{
    int32_t kept = 0;
    for (int32_t i = 0; i < p->boxes; ++i) {
        if (b->values[i] >= p->score_threshold) {
            b->kept[kept] = i;
            b->kept_scores[kept++] = b->values[i];
        }
    }
    sort_desc(b->kept_scores, kept, b->order, b->merge);
    return kept;
}

/* The fast kernels' candidates in sorted order: anchor[i] (into b->merge) and the area of its box
 * (into b->kept_scores), computed once instead of once per pair, as iou() computes it. */
static inline int32_t rvfw_detection_sorted(const rvfw_detection_params *p, const buffers *b)
{
    const int32_t kept = rvfw_detection_candidates(p, b);
    for (int32_t i = 0; i < kept; ++i) {
        const int32_t anchor = b->kept[b->order[i]];
        const rvfw_box *x = &b->decoded[anchor];
        b->merge[i] = anchor;
        b->kept_scores[i] = (x->ymax - x->ymin) * (x->xmax - x->xmin);
    }
    return kept;
}

/* The fast kernels' suppression over the sorted candidates (rvfw_detection_sorted): each still
 * active one in turn is selected, and later(p, b, i, kept) deactivates the later active ones its
 * IoU exceeds the threshold with, returning how many; the reference's loop otherwise. */
typedef int32_t (*rvfw_later_fn)(const rvfw_detection_params *p, const buffers *b, int32_t i, int32_t kept);

static inline int32_t rvfw_detection_select(const rvfw_detection_params *p, const buffers *b, int32_t limit,
                                            rvfw_later_fn later)
{
    const int32_t kept = rvfw_detection_sorted(p, b);
    const int32_t most = kept < limit ? kept : limit;
    int32_t selected = 0, active = kept;
    for (int32_t i = 0; i < kept; ++i)
        b->active[i] = 1;
    for (int32_t i = 0; i < kept && active > 0 && selected < most; ++i) {
        if (!b->active[i])
            continue;
        b->selected[selected++] = b->merge[i];
        b->active[i] = 0;
        active -= 1 + later(p, b, i, kept);
    }
    return selected;
}

/* One suppression over b->values, up to limit anchors into b->selected; returns how many. The fast
 * kernels' is rvfw_detection_select with their `later`; the reference's ignores it. */
typedef int32_t (*rvfw_suppress_fn)(const rvfw_detection_params *p, const buffers *b, int32_t limit,
                                    rvfw_later_fn later);
typedef void (*rvfw_top_k_fn)(const float *values, int32_t n, int32_t k, int32_t *out);

/* The first k of 0..n-1 in before() order (TFLite Micro's partial sort: a total order, so any
 * selection gives the same k). */
static inline void rvfw_top_k_ref(const float *values, int32_t n, int32_t k, int32_t *out)
{
    for (int32_t r = 0; r < k; ++r) {
        int32_t best = -1;
        for (int32_t i = 0; i < n; ++i) {
            int32_t taken = 0;
            for (int32_t s = 0; s < r && !taken; ++s) {
                taken = out[s] == i;
            }
            if (!taken && (best < 0 || before(values, i, best))) {
                best = i;
            }
        }
        out[r] = best;
    }
}

/* The same k in O(k * n): the r-th is the best of those the (r-1)-th sorts before (before() is a
 * total order on non-NaN scores). A NaN score breaks that chain; then the reference's selection. */
static inline void rvfw_top_k_chain(const float *values, int32_t n, int32_t k, int32_t *out)
{
    for (int32_t r = 0, prev = -1; r < k; ++r) {
        int32_t best = -1;
        for (int32_t i = 0; i < n; ++i) {
            if ((prev < 0 || before(values, prev, i)) && (best < 0 || before(values, i, best)))
                best = i;
        }
        if (best < 0) {
            rvfw_top_k_ref(values, n, k, out);
            return;
        }
        out[r] = prev = best;
    }
}

static inline int32_t rvfw_detection_fast(const rvfw_detection_params *p, const float *predictions, const buffers *b,
                                          float *boxes, float *classes, float *scores, rvfw_suppress_fn suppress,
                                          rvfw_later_fn later, rvfw_top_k_fn top_k)
{
    const int32_t offset = p->classes_with_background - p->num_classes, k = p->categories;
    for (int32_t i = 0; i < p->boxes; ++i) {
        const float *row = predictions + i * p->classes_with_background + offset;
        top_k(row, p->num_classes, k, b->best + i * k);
        b->values[i] = row[b->best[i * k]];
    }
    const int32_t selected = suppress(p, b, p->max_detections, later);
    int32_t written = 0;
    for (int32_t s = 0; s < selected; ++s) {
        const int32_t anchor = b->selected[s];
        const float *row = predictions + anchor * p->classes_with_background + offset;
        for (int32_t c = 0; c < k; ++c) {
            const int32_t cls = b->best[anchor * k + c];
            put(boxes, classes, scores, k * written + c, &b->decoded[anchor], (float)cls, row[cls]);
            ++written;
        }
    }
    return written;
}

static inline int32_t rvfw_detection_regular(const rvfw_detection_params *p, const float *predictions, const buffers *b,
                                             float *boxes, float *classes, float *scores, rvfw_suppress_fn suppress,
                                             rvfw_later_fn later, rvfw_top_k_fn top_k)
{
    const int32_t with_bg = p->classes_with_background, offset = with_bg - p->num_classes;
    int32_t size = 0;
    for (int32_t c = 0; c < p->num_classes; ++c) {
        for (int32_t i = 0; i < p->boxes; ++i) {
            b->values[i] = predictions[i * with_bg + c + offset];
        }
        const int32_t selected = suppress(p, b, p->detections_per_class, later);
        int32_t n = size;
        for (int32_t s = 0; s < selected; ++s, ++n) {
            b->merged[n] = b->selected[s] * with_bg + c + offset;
            b->merged_scores[n] = b->values[b->selected[s]];
        }
        const int32_t keep = n < p->max_detections ? n : p->max_detections;
        top_k(b->merged_scores, n, keep, b->top);
        for (int32_t r = 0; r < keep; ++r) {
            b->top_scores[r] = b->merged_scores[b->top[r]];
            b->top[r] = b->merged[b->top[r]];
        }
        for (int32_t r = 0; r < keep; ++r) {
            b->merged[r] = b->top[r];
            b->merged_scores[r] = b->top_scores[r];
        }
        size = keep;
    }
    for (int32_t r = 0; r < size; ++r) {
        const int32_t anchor = b->merged[r] / with_bg;
        put(boxes, classes, scores, r, &b->decoded[anchor], (float)(b->merged[r] - anchor * with_bg - offset),
            b->merged_scores[r]);
    }
    return size;
}


/* The kernel: outputs zeroed, boxes decoded, then the fast or the regular suppression with the
 * kernel's suppress and top_k. */
static inline void rvfw_detection_postprocess(const rvfw_detection_params *p, const float *box_encodings,
                                              const float *class_predictions, const float *anchors, int8_t *work,
                                              float *boxes, float *classes, float *scores, float *count,
                                              rvfw_suppress_fn suppress, rvfw_later_fn later, rvfw_top_k_fn top_k)
{
    const buffers b = carve(p, work);
    for (int32_t r = 0; r < p->output_rows; ++r) {
        boxes[4 * r] = boxes[4 * r + 1] = boxes[4 * r + 2] = boxes[4 * r + 3] = 0.0f;
        classes[r] = scores[r] = 0.0f;
    }
    decode(p, box_encodings, anchors, b.decoded);
    const int32_t written =
        p->regular ? rvfw_detection_regular(p, class_predictions, &b, boxes, classes, scores, suppress, later, top_k)
                   : rvfw_detection_fast(p, class_predictions, &b, boxes, classes, scores, suppress, later, top_k);
    *count = (float)written;
}

#endif
