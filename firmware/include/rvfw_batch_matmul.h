/* SPDX-License-Identifier: Apache-2.0 */
/* BATCH_MATMUL's walk over its (up to three) batch dimensions, shared by every kernel set:
 * MATRIX(am, bm, out) computes one [rows x cols] product of the matrices at am and bm (read through
 * the parameter struct's strides, so a transposed or broadcast operand needs no copy) into out. */
#ifndef RVFW_BATCH_MATMUL_H
#define RVFW_BATCH_MATMUL_H

#include <stddef.h>

#include "rvfw_kernels.h"

#define RVFW_BATCH_MATRICES(p, a, b, output, MATRIX)                                                               \
    do {                                                                                                          \
        int32_t matrix_ = 0;                                                                                      \
        for (int32_t b0_ = 0; b0_ < (p)->batch[0]; ++b0_)                                                         \
            for (int32_t b1_ = 0; b1_ < (p)->batch[1]; ++b1_)                                                     \
                for (int32_t b2_ = 0; b2_ < (p)->batch[2]; ++b2_, ++matrix_)                                      \
                    MATRIX((a) + b0_ * (p)->a_batch_strides[0] + b1_ * (p)->a_batch_strides[1] +                  \
                               b2_ * (p)->a_batch_strides[2],                                                     \
                           (b) + b0_ * (p)->b_batch_strides[0] + b1_ * (p)->b_batch_strides[1] +                  \
                               b2_ * (p)->b_batch_strides[2],                                                     \
                           (output) + matrix_ * (p)->rows * (p)->cols);                                           \
    } while (0)

#endif
