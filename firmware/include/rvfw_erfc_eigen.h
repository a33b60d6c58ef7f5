/* SPDX-License-Identifier: Apache-2.0 */
/* The coefficients of Eigen's generic_fast_erfc<float>, which LiteRT's float32 GELU runs
 * (gelu_f32_ref, gelu_f32_rvv), highest power first: erfc(x) = 1 + x S(x^2) for x^2 <= 1, and
 * exp(-x^2) P(1/x^2) / (x Q(1/x^2)) (+ 2 below zero) beyond. */
#ifndef RVFW_ERFC_EIGEN_H
#define RVFW_ERFC_EIGEN_H

static const float rvfw_erfc_small[6] = {5.61802298761904239654541015625e-04f, -4.91381669417023658752441406250e-03f,
                                         2.67075151205062866210937500000e-02f, -1.12800106406211853027343750000e-01f,
                                         3.76122951507568359375000000000e-01f, -1.12837910652160644531250000000e+00f};
static const float rvfw_erfc_num[4] = {1.0208116471767425537109375e-01f, 4.2920666933059692382812500e-01f,
                                       3.2379078865051269531250000e-01f, 5.3971976041793823242187500e-02f};
static const float rvfw_erfc_den[5] = {1.7251677811145782470703125e-02f, 3.9137163758277893066406250e-01f, 1.0f,
                                       6.2173241376876831054687500e-01f, 9.5662862062454223632812500e-02f};

#endif
