/* SPDX-License-Identifier: Apache-2.0 */
/* SiFive UART (FE310-G002, HiFive1 Rev B): the clock is switched to the 16 MHz crystal, then
 * the UART is set to RVFW_UART_BAUD. Registers from the FE310-G002 manual (PRCI, UART). */
#include <stdint.h>

#include "rvfw_console.h"
#include "rvfw_platform.h"

#define PRCI_BASE 0x10008000u
#define PRCI_HFXOSCCFG (*(volatile uint32_t *)(PRCI_BASE + 0x04))
#define PRCI_PLLCFG (*(volatile uint32_t *)(PRCI_BASE + 0x08))
#define UART_REG(offset) (*(volatile uint32_t *)(RVFW_UART_BASE + (offset)))
#define UART_TXDATA UART_REG(0x00)
#define UART_TXCTRL UART_REG(0x08)
#define UART_DIV UART_REG(0x18)

void rvfw_platform_init(void)
{
    PRCI_HFXOSCCFG |= 1u << 30; /* crystal on */
    while (!(PRCI_HFXOSCCFG & (1u << 31))) {
    }
    PRCI_PLLCFG = (1u << 18) | (1u << 17) | (1u << 16); /* bypass the PLL, clock from the crystal */
    UART_DIV = RVFW_UART_CLOCK_HZ / RVFW_UART_BAUD - 1;
    UART_TXCTRL = 1; /* transmit enable, one stop bit */
}

void rvfw_putc(char c)
{
    while (UART_TXDATA & 0x80000000u) { /* FIFO full */
    }
    UART_TXDATA = (uint8_t)c;
}
