/* SPDX-License-Identifier: Apache-2.0 */
/* GD32VF103 USART0 on PA9 (TX), from the chip's reset clock (IRC8M, 8 MHz). Registers from the
 * GD32VF103 user manual (RCU, GPIO, USART). */
#include <stdint.h>

#include "rvfw_console.h"
#include "rvfw_platform.h"

#define RCU_APB2EN (*(volatile uint32_t *)0x40021018u)
#define GPIOA_CTL1 (*(volatile uint32_t *)0x40010804u)
#define USART_REG(offset) (*(volatile uint32_t *)(RVFW_UART_BASE + (offset)))
#define USART_STAT USART_REG(0x00)
#define USART_DATA USART_REG(0x04)
#define USART_BAUD USART_REG(0x08)
#define USART_CTL0 USART_REG(0x0C)

void rvfw_platform_init(void)
{
    RCU_APB2EN |= (1u << 2) | (1u << 14);                  /* GPIOA and USART0 clocks */
    GPIOA_CTL1 = (GPIOA_CTL1 & ~(0xFu << 4)) | (0xBu << 4); /* PA9: alternate push-pull, 50 MHz */
    USART_BAUD = (RVFW_UART_CLOCK_HZ + RVFW_UART_BAUD / 2) / RVFW_UART_BAUD;
    USART_CTL0 = (1u << 13) | (1u << 3); /* UEN, TEN */
}

void rvfw_putc(char c)
{
    while (!(USART_STAT & (1u << 7))) { /* TBE */
    }
    USART_DATA = (uint8_t)c;
}
