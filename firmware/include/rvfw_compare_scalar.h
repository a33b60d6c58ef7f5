/* SPDX-License-Identifier: Apache-2.0 */
/* The comparisons' fast scalar loop, for int32 and float32 operands: the comparison chosen once per
 * layer (not per element), each innermost run of the broadcast a tight loop writing one bool byte
 * per element (RVFW_COMPARE_RUNS); the same C comparison as the reference's. */
#ifndef RVFW_COMPARE_SCALAR_H
#define RVFW_COMPARE_SCALAR_H

#include "rvfw_broadcast.h"

#define RVFW_COMPARE_SCALAR(p, T, a, b, output)                                                                    \
    RVFW_COMPARE_RUNS(p, T, a, b, output, RVFW_CMP_ROW_EQ, RVFW_CMP_ROW_NE, RVFW_CMP_ROW_LT, RVFW_CMP_ROW_LE,      \
                      RVFW_CMP_ROW_GT, RVFW_CMP_ROW_GE)
#define RVFW_CMP_ROW(x, sx, y, sy, out, n, OP)                                                                     \
    for (int32_t j_ = 0; j_ < (n); ++j_)                                                                          \
        (out)[j_] = (x)[j_ * (sx)] OP (y)[j_ * (sy)]
#define RVFW_CMP_ROW_EQ(p, x, sx, y, sy, out, n) RVFW_CMP_ROW(x, sx, y, sy, out, n, ==)
#define RVFW_CMP_ROW_NE(p, x, sx, y, sy, out, n) RVFW_CMP_ROW(x, sx, y, sy, out, n, !=)
#define RVFW_CMP_ROW_LT(p, x, sx, y, sy, out, n) RVFW_CMP_ROW(x, sx, y, sy, out, n, <)
#define RVFW_CMP_ROW_LE(p, x, sx, y, sy, out, n) RVFW_CMP_ROW(x, sx, y, sy, out, n, <=)
#define RVFW_CMP_ROW_GT(p, x, sx, y, sy, out, n) RVFW_CMP_ROW(x, sx, y, sy, out, n, >)
#define RVFW_CMP_ROW_GE(p, x, sx, y, sy, out, n) RVFW_CMP_ROW(x, sx, y, sy, out, n, >=)

#endif
