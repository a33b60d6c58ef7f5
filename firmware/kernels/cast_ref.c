/* SPDX-License-Identifier: Apache-2.0 */
/* CAST, reference: each element converted as C converts it, as TFLite Micro's static_cast does.
 * Integers pass through int64 (every integer dtype's values survive it; the narrowing store then
 * wraps, as a direct conversion would); float32 to an integer truncates toward zero through
 * int64, so the narrowing wraps as it does on the hosts TFLite Micro's golden outputs come from.
 * Elements go through a small int64 / float buffer a chunk at a time: one dtype switch per chunk,
 * not per element. */
#include "rvfw_kernels.h"

enum { CHUNK = 32 };

#define LOAD_INTS(type) \
    for (int32_t k = 0; k < n; ++k) v[k] = (int64_t)((const type *)input)[first + k]
#define STORE_INTS(type) \
    for (int32_t k = 0; k < n; ++k) ((type *)output)[first + k] = (type)v[k]

static void load_ints(int32_t dtype, const void *input, int32_t first, int32_t n, int64_t *v)
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
        for (int32_t k = 0; k < n; ++k) v[k] = (int64_t)((const float *)input)[first + k];
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

void rvfw_cast_ref(const rvfw_cast_params *p, const void *input, void *output)
{
    int64_t v[CHUNK];
    for (int32_t first = 0; first < p->count; first += CHUNK) {
        const int32_t n = p->count - first < CHUNK ? p->count - first : CHUNK;
        if (p->to != RVFW_CAST_FLOAT32) {
            if (p->from == RVFW_CAST_FLOAT32 && p->to == RVFW_CAST_BOOL) {
                for (int32_t k = 0; k < n; ++k) ((uint8_t *)output)[first + k] = ((const float *)input)[first + k] != 0.0f;
                continue;
            }
            load_ints(p->from, input, first, n, v);
            store_ints(p->to, output, first, n, v);
        } else if (p->from == RVFW_CAST_FLOAT32) {
            for (int32_t k = 0; k < n; ++k) ((float *)output)[first + k] = ((const float *)input)[first + k];
        } else {
            load_ints(p->from, input, first, n, v);
            for (int32_t k = 0; k < n; ++k) {
                ((float *)output)[first + k] = p->from == RVFW_CAST_UINT64 ? (float)(uint64_t)v[k] : (float)v[k];
            }
        }
    }
}
