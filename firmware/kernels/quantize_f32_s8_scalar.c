/* SPDX-License-Identifier: Apache-2.0 */
/* QUANTIZE float32 -> int8, fast scalar, for cores without a floating-point unit: an input's
 * output is fixed by where its bits fall among 255 build-time thresholds (codegen.quant:
 * quantize_s8_thresholds, the reference's own roundf(x / scale) + zero point, clamped, found
 * exactly), compared as integers in the floats' order: no float division in software. Inputs
 * beyond the table's range (all of which clamp) take the reference's arithmetic. Input and
 * output may be the same bytes (--memory small): each float is read before its byte is written. */
#include <math.h>

#include "rvfw_kernels.h"
#include "rvfw_requant.h"

RVFW_KERNEL void rvfw_quantize_f32_s8_scalar(const rvfw_affine_params *p, const float *input, const int32_t *table,
                                 int8_t *output)
{
    const int32_t lo = table[0], hi = table[1];
    const int32_t *thresholds = table + 2; /* ascending: the first key of outputs -127 .. 127 */
    const float scale = (float)p->scale;
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = input[i];
        int32_t bits;
        __builtin_memcpy(&bits, &x, sizeof bits);
        const int32_t key = bits ^ ((bits >> 31) & 0x7fffffff); /* the floats' order, as integers */
        if (key < lo || key > hi) {
            const int32_t v = (int32_t)roundf(x / scale) + p->zero_point;
            output[i] = (int8_t)rvfw_clamp(v, INT8_MIN, INT8_MAX);
            continue;
        }
        int32_t first = 0, count = 255; /* how many thresholds are at or below the key */
        while (count > 0) {
            const int32_t half = count / 2;
            if (thresholds[first + half] <= key) {
                first += half + 1;
                count -= half + 1;
            } else {
                count = half;
            }
        }
        output[i] = (int8_t)(first - 128);
    }
}
