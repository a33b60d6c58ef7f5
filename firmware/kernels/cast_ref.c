/* SPDX-License-Identifier: Apache-2.0 */
/* CAST, reference: each element converted as C converts it, as TFLite Micro's static_cast does.
 * Integers pass through int64 (every integer dtype's values survive it; the narrowing store then
 * wraps, as a direct conversion would, and as TFLite Micro's do); float32 to an integer
 * truncates toward zero and saturates (float_to_int).
 * Elements go through a small int64 / float buffer a chunk at a time: one dtype switch per chunk,
 * not per element. */
#include "rvfw_kernels.h"

enum { CHUNK = 32 };

#define LOAD_INTS(type) \
    for (int32_t k = 0; k < n; ++k) v[k] = (int64_t)((const type *)input)[first + k]
#define STORE_INTS(type) \
    for (int32_t k = 0; k < n; ++k) ((type *)output)[first + k] = (type)v[k]

/* float -> integer as TFLite Micro's CAST converts it: truncated toward zero, saturated to the
 * output type's range, NaN to 0 (measured on its interpreter; a plain C conversion is undefined
 * out of range). */
static int64_t float_to_int(float x, int32_t to)
{
    int64_t lo, hi;
    switch (to) {
    case RVFW_CAST_INT8: lo = INT8_MIN, hi = INT8_MAX; break;
    case RVFW_CAST_INT16: lo = INT16_MIN, hi = INT16_MAX; break;
    case RVFW_CAST_INT32: lo = INT32_MIN, hi = INT32_MAX; break;
    case RVFW_CAST_UINT8: lo = 0, hi = UINT8_MAX; break;
    case RVFW_CAST_UINT32: lo = 0, hi = UINT32_MAX; break;
    case RVFW_CAST_UINT64: lo = 0, hi = INT64_MAX; break; /* (as int64: what load_ints carries) */
    default: lo = INT64_MIN, hi = INT64_MAX; break;
    }
    if (x != x) {
        return 0;
    }
    if ((double)x <= (double)lo) {
        return lo;
    }
    if ((double)x >= (double)hi) {
        return hi;
    }
    return (int64_t)x;
}

/* to: the output dtype, which decides how a float converts (float_to_int). */
static void load_ints(int32_t dtype, int32_t to, const void *input, int32_t first, int32_t n, int64_t *v)
{
    switch (dtype) {
    case RVFW_CAST_INT8: LOAD_INTS(int8_t); break;
    case RVFW_CAST_INT16: LOAD_INTS(int16_t); break;
    case RVFW_CAST_INT32: LOAD_INTS(int32_t); break;
    case RVFW_CAST_UINT8: LOAD_INTS(uint8_t); break;
    case RVFW_CAST_UINT32: LOAD_INTS(uint32_t); break;
    case RVFW_CAST_UINT64: LOAD_INTS(uint64_t); break;
    case RVFW_CAST_BOOL:
        for (int32_t k = 0; k < n; ++k) v[k] = ((const uint8_t *)input)[first + k] != 0;
        break;
    case RVFW_CAST_FLOAT32: /* truncated toward zero */
        for (int32_t k = 0; k < n; ++k) v[k] = float_to_int(((const float *)input)[first + k], to);
        break;
    default: LOAD_INTS(int64_t); break;
    }
}

static void store_ints(int32_t dtype, void *output, int32_t first, int32_t n, const int64_t *v)
{
    switch (dtype) {
    case RVFW_CAST_INT8: STORE_INTS(int8_t); break;
    case RVFW_CAST_INT16: STORE_INTS(int16_t); break;
    case RVFW_CAST_INT32: STORE_INTS(int32_t); break;
    case RVFW_CAST_UINT8: STORE_INTS(uint8_t); break;
    case RVFW_CAST_UINT32: STORE_INTS(uint32_t); break;
    case RVFW_CAST_UINT64: STORE_INTS(uint64_t); break;
    case RVFW_CAST_BOOL:
        for (int32_t k = 0; k < n; ++k) ((uint8_t *)output)[first + k] = v[k] != 0;
        break;
    default: STORE_INTS(int64_t); break;
    }
}

RVFW_KERNEL void rvfw_cast_ref(const rvfw_cast_params *p, const void *input, void *output)
{
    int64_t v[CHUNK];
    for (int32_t first = 0; first < p->count; first += CHUNK) {
        const int32_t n = p->count - first < CHUNK ? p->count - first : CHUNK;
        if (p->to != RVFW_CAST_FLOAT32) {
            if (p->from == RVFW_CAST_FLOAT32 && p->to == RVFW_CAST_BOOL) {
                for (int32_t k = 0; k < n; ++k) ((uint8_t *)output)[first + k] = ((const float *)input)[first + k] != 0.0f;
                continue;
            }
            load_ints(p->from, p->to, input, first, n, v);
            store_ints(p->to, output, first, n, v);
        } else if (p->from == RVFW_CAST_FLOAT32) {
            for (int32_t k = 0; k < n; ++k) ((float *)output)[first + k] = ((const float *)input)[first + k];
        } else {
            load_ints(p->from, p->to, input, first, n, v);
            for (int32_t k = 0; k < n; ++k) {
                ((float *)output)[first + k] = p->from == RVFW_CAST_UINT64 ? (float)(uint64_t)v[k] : (float)v[k];
            }
        }
    }
}
