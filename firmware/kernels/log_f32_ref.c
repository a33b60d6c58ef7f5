/* SPDX-License-Identifier: Apache-2.0 */
/* LOG, float32: logf as the host C library TFLite Micro runs with computes it (rvfw_logf, glibc's
 * algorithm), over the whole float range: glibc's special cases first (NaN stays NaN, log(+inf) =
 * +inf, log(+-0) = -inf, a negative number gives the default NaN of the x86-64 hosts TFLite Micro's
 * Python interpreter runs on), and a subnormal scaled by 2^23 into the normal range first. */
#include "rvfw_kernels.h"
#include "rvfw_logf.h"

static float rvfw_log_bits(uint32_t bits)
{
    float f;
    __builtin_memcpy(&f, &bits, sizeof f);
    return f;
}

RVFW_KERNEL void rvfw_log_f32_ref(const rvfw_lut_params *p, const float *input, float *output)
{
    for (int32_t i = 0; i < p->size; ++i) {
        const float x = input[i];
        uint32_t ix;
        __builtin_memcpy(&ix, &x, sizeof ix);
        if (ix - 0x00800000u < 0x7f800000u - 0x00800000u) { /* positive, normal, finite */
            output[i] = rvfw_logf(x);
        } else if ((ix & 0x7fffffffu) == 0) {
            output[i] = rvfw_log_bits(0xff800000u); /* -inf */
        } else if (ix == 0x7f800000u) {
            output[i] = x;
        } else if ((ix & 0x7fffffffu) > 0x7f800000u) {
            output[i] = x + x;
        } else if (ix & 0x80000000u) {
            output[i] = rvfw_log_bits(0xffc00000u);
        } else { /* subnormal: normalise, then the exponent takes the 23 back */
            uint32_t scaled;
            const float y = x * 0x1p23f;
            __builtin_memcpy(&scaled, &y, sizeof scaled);
            output[i] = rvfw_logf_scaled(scaled - (23u << 23));
        }
    }
}
