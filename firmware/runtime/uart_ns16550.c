/* SPDX-License-Identifier: Apache-2.0 */
/* 16550-compatible UART with 32-bit register spacing (Allwinner D1 UART0, as the boot ROM and
 * loader leave it: 115200 8N1). Registers from the D1 user manual (UART). */
#include <stdint.h>

#include "rvfw_console.h"
#include "rvfw_platform.h"

#define UART_THR (*(volatile uint32_t *)(RVFW_UART_BASE + 0x00))
#define UART_LSR (*(volatile uint32_t *)(RVFW_UART_BASE + 0x14))

void rvfw_putc(char c)
{
    while (!(UART_LSR & (1u << 5))) { /* THRE */
    }
    UART_THR = (uint8_t)c;
}
