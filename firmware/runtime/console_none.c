/* SPDX-License-Identifier: Apache-2.0 */
/* Boards without a console: output is dropped and exit parks the core. */
#include "rvfw_console.h"

void rvfw_putc(char c)
{
    (void)c;
}

void rvfw_exit(int code)
{
    (void)code;
    for (;;) {
    }
}
