/* The machine timer of a CLINT (SiFive-style core-local interruptor), hart 0. */
#include <stdint.h>

#include "rvfw_app.h"
#include "rvfw_platform.h"

#define MTIMECMP ((volatile uint32_t *)(RVFW_CLINT_BASE + 0x4000u))
#define MTIME ((volatile uint32_t *)(RVFW_CLINT_BASE + 0xbff8u))
#define MIE_MTIE (1u << 7)

static uint64_t mtime(void)
{
    uint32_t high, low;
    do {
        high = MTIME[1];
        low = MTIME[0];
    } while (MTIME[1] != high);
    return ((uint64_t)high << 32) | low;
}

static void set_mtimecmp(uint64_t when)
{
    MTIMECMP[1] = 0xffffffffu; /* no spurious match between the two halves */
    MTIMECMP[0] = (uint32_t)when;
    MTIMECMP[1] = (uint32_t)(when >> 32);
}

void rvfw_timer_arm(uint64_t ticks)
{
    set_mtimecmp(mtime() + ticks);
    __asm__ volatile("csrs mie, %0" ::"r"(MIE_MTIE));
}

void rvfw_timer_disarm(void)
{
    set_mtimecmp(UINT64_MAX);
    __asm__ volatile("csrc mie, %0" ::"r"(MIE_MTIE));
}
