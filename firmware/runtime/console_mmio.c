/* SPDX-License-Identifier: Apache-2.0 */
/* Console of an RTL test bench (board file `mmio`): a byte stored at the character port is printed
 * by the simulator; the exit line is printed, then a store to the halt register ends the
 * simulation (Ibex's simple system halts on bit 0: the board names the value; CV32E40P's bench
 * takes the exit code itself). */
#include <stdint.h>

#include "rvfw_console.h"
#include "rvfw_platform.h"

void rvfw_putc(char c)
{
    *(volatile uint32_t *)RVFW_MMIO_PUTC = (uint8_t)c;
}

void rvfw_exit(int code)
{
    rvfw_puts("\nRVFW-EXIT ");
    rvfw_put_dec(code);
    rvfw_putc('\n');
#ifdef RVFW_MMIO_HALT_VALUE
    *(volatile uint32_t *)RVFW_MMIO_HALT = RVFW_MMIO_HALT_VALUE;
#else
    *(volatile uint32_t *)RVFW_MMIO_HALT = (uint32_t)code;
#endif
    for (;;)
        __asm__ volatile("wfi");
}
