/* SPDX-License-Identifier: Apache-2.0 */
/* Per-layer retired-instruction counts: the layer hooks of generated model code. */
#ifndef RVFW_PROFILE_H
#define RVFW_PROFILE_H

#include <stdint.h>

#ifdef RVFW_LINUX_USER
/* User-mode simulation: no instruction counter to read; the runner counts from a trace,
 * split at these markers (console_linux.c). */
void rvfw_layer_begin_mark(int layer);
void rvfw_layer_end_mark(int layer);

static inline uintptr_t rvfw_instret(void)
{
    return 0;
}

#define RVFW_LAYER_BEGIN(model, layer) rvfw_layer_begin_mark(layer)
#define RVFW_LAYER_END(model, layer) (rvfw_layer_end_mark(layer), model##_layer_instret[layer] = 0)
#else
/* minstret, unless the board counts elsewhere (the ESP32-C3 has no minstret: its mpccr, named by
 * the board's generated platform header; a model compiled without one reads minstret). */
#if defined(__has_include)
#if __has_include("rvfw_platform.h")
#include "rvfw_platform.h"
#endif
#endif
#ifndef RVFW_INSTRET_CSR
#define RVFW_INSTRET_CSR minstret
#endif
#define RVFW_CSR_NAME_(csr) #csr
#define RVFW_CSR_NAME(csr) RVFW_CSR_NAME_(csr)

static inline uintptr_t rvfw_instret(void)
{
    uintptr_t value;
    __asm__ volatile("csrr %0, " RVFW_CSR_NAME(RVFW_INSTRET_CSR) : "=r"(value));
    return value;
}

#ifdef RVFW_CYCLE_CSR
/* A core whose mcycle counts real cycles (RTL boards): each layer is timed in both. */
static inline uintptr_t rvfw_cycles(void)
{
    uintptr_t value;
    __asm__ volatile("csrr %0, " RVFW_CSR_NAME(RVFW_CYCLE_CSR) : "=r"(value));
    return value;
}

#define RVFW_LAYER_BEGIN(model, layer)                                                                         \
    const uintptr_t rvfw_cycle_##layer = rvfw_cycles();                                                        \
    const uintptr_t rvfw_start_##layer = rvfw_instret()
#define RVFW_LAYER_END(model, layer)                                                                           \
    do {                                                                                                       \
        model##_layer_instret[layer] = rvfw_instret() - rvfw_start_##layer;                                    \
        model##_layer_cycles[layer] = rvfw_cycles() - rvfw_cycle_##layer;                                      \
    } while (0)
#else
#define RVFW_LAYER_BEGIN(model, layer) const uintptr_t rvfw_start_##layer = rvfw_instret()
#define RVFW_LAYER_END(model, layer) model##_layer_instret[layer] = rvfw_instret() - rvfw_start_##layer
#endif
#endif

#endif
