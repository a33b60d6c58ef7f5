/* Per-layer retired-instruction counts: the layer hooks of generated model code. */
#ifndef RVFW_PROFILE_H
#define RVFW_PROFILE_H

#include <stdint.h>

static inline uintptr_t rvfw_instret(void)
{
    uintptr_t value;
    __asm__ volatile("csrr %0, minstret" : "=r"(value));
    return value;
}

#define RVFW_LAYER_BEGIN(model, layer) const uintptr_t rvfw_start_##layer = rvfw_instret()
#define RVFW_LAYER_END(model, layer) model##_layer_instret[layer] = rvfw_instret() - rvfw_start_##layer

#endif
