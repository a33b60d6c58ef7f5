/* SPDX-License-Identifier: Apache-2.0 */
/* Exit on boards whose console is a UART: report the code on the console, then park the core.
 * The host side (simulator runner or `rvfw check-board`) reads the RVFW-EXIT line. */
#include "rvfw_console.h"

void rvfw_exit(int code)
{
    rvfw_puts("\nRVFW-EXIT ");
    rvfw_put_dec(code);
    rvfw_putc('\n');
    for (;;)
        __asm__ volatile("wfi");
}
