/* SPDX-License-Identifier: Apache-2.0 */
/* CAST, reference: each element converted as C converts it, as TFLite Micro's static_cast does.
 * Integers pass through int64 (every integer dtype's values survive it; the narrowing store then
 * wraps, as a direct conversion would); float32 to an integer truncates toward zero through
 * int64, so the narrowing wraps as it does on the hosts TFLite Micro's golden outputs come from. */
#include "rvfw_kernels.h"

static int64_t load_int(int32_t dtype, const void *data, int32_t i)
{
    switch (dtype) {
    case RVFW_CAST_INT8:
        return ((const int8_t *)data)[i];
    case RVFW_CAST_INT16:
        return ((const int16_t *)data)[i];
    case RVFW_CAST_INT32:
        return ((const int32_t *)data)[i];
    case RVFW_CAST_UINT8:
        return ((const uint8_t *)data)[i];
    case RVFW_CAST_BOOL:
        return ((const uint8_t *)data)[i] != 0;
    case RVFW_CAST_UINT32:
        return ((const uint32_t *)data)[i];
    case RVFW_CAST_UINT64:
        return (int64_t)((const uint64_t *)data)[i];
    default: /* RVFW_CAST_INT64 */
        return ((const int64_t *)data)[i];
    }
}

static void store_int(int32_t dtype, void *data, int32_t i, int64_t v)
{
    switch (dtype) {
    case RVFW_CAST_INT8:
        ((int8_t *)data)[i] = (int8_t)v;
        break;
    case RVFW_CAST_INT16:
        ((int16_t *)data)[i] = (int16_t)v;
        break;
    case RVFW_CAST_INT32:
        ((int32_t *)data)[i] = (int32_t)v;
        break;
    case RVFW_CAST_UINT8:
        ((uint8_t *)data)[i] = (uint8_t)v;
        break;
    case RVFW_CAST_BOOL:
        ((uint8_t *)data)[i] = v != 0;
        break;
    case RVFW_CAST_UINT32:
        ((uint32_t *)data)[i] = (uint32_t)v;
        break;
    case RVFW_CAST_UINT64:
        ((uint64_t *)data)[i] = (uint64_t)v;
        break;
    default: /* RVFW_CAST_INT64 */
        ((int64_t *)data)[i] = v;
        break;
    }
}

void rvfw_cast_ref(const rvfw_cast_params *p, const void *input, void *output)
{
    for (int32_t i = 0; i < p->count; ++i) {
        if (p->from == RVFW_CAST_FLOAT32) {
            const float x = ((const float *)input)[i];
            if (p->to == RVFW_CAST_FLOAT32) {
                ((float *)output)[i] = x;
            } else if (p->to == RVFW_CAST_BOOL) {
                ((uint8_t *)output)[i] = x != 0.0f;
            } else {
                store_int(p->to, output, i, (int64_t)x);
            }
        } else if (p->to == RVFW_CAST_FLOAT32) {
            const int64_t v = load_int(p->from, input, i);
            ((float *)output)[i] = p->from == RVFW_CAST_UINT64 ? (float)(uint64_t)v : (float)v;
        } else {
            store_int(p->to, output, i, load_int(p->from, input, i));
        }
    }
}
