/* SPDX-License-Identifier: Apache-2.0 */
/* The machine timer of a CLINT (SiFive-style core-local interruptor), hart 0.
 *
 * One compare register serves two clients: the application's alarm (rvfw_timer_arm, its
 * rvfw_interrupt handler runs when it fires) and the dispatcher's deadline for the running model
 * (rvfw_timer_deadline). mtimecmp holds the earlier of the two. */
#include <stdint.h>

#include "rvfw_app.h"
#include "rvfw_platform.h"

#define MTIMECMP ((volatile uint32_t *)(RVFW_CLINT_BASE + 0x4000u))
#define MTIME ((volatile uint32_t *)(RVFW_CLINT_BASE + 0xbff8u))
#define MIE_MTIE (1u << 7)

static uint64_t alarm_at = UINT64_MAX, deadline_at = UINT64_MAX;

uint64_t rvfw_mtime(void)
{
    uint32_t high, low;
    do {
        high = MTIME[1];
        low = MTIME[0];
    } while (MTIME[1] != high);
    return ((uint64_t)high << 32) | low;
}

static void program(void)
{
    const uint64_t when = alarm_at < deadline_at ? alarm_at : deadline_at;
    MTIMECMP[1] = 0xffffffffu; /* no spurious match between the two halves */
    MTIMECMP[0] = (uint32_t)when;
    MTIMECMP[1] = (uint32_t)(when >> 32);
    if (when == UINT64_MAX)
        __asm__ volatile("csrc mie, %0" ::"r"(MIE_MTIE));
    else
        __asm__ volatile("csrs mie, %0" ::"r"(MIE_MTIE));
}

void rvfw_timer_arm(uint64_t ticks)
{
    alarm_at = rvfw_mtime() + ticks;
    program();
}

void rvfw_timer_disarm(void)
{
    alarm_at = UINT64_MAX;
    program();
}

void rvfw_timer_deadline(uint64_t when)
{
    deadline_at = when;
    program();
}

int rvfw_timer_alarm_due(void)
{
    if (rvfw_mtime() < alarm_at)
        return 0;
    alarm_at = UINT64_MAX; /* one shot: the handler re-arms if it wants more */
    program();
    return 1;
}
