/* SPDX-License-Identifier: Apache-2.0 */
/* GD32VF103 USART0 on PA9 (TX), after the start-up sets the core clock the board file names:
 * 108 MHz from the PLL (IRC8M / 2 x 27), or the reset clock (IRC8M, 8 MHz). Registers from the
 * GD32VF103 user manual (RCU, GPIO, USART). */
#include <stdint.h>

#include "rvfw_console.h"
#include "rvfw_platform.h"

#define RCU_CTL (*(volatile uint32_t *)0x40021000u)
#define RCU_CFG0 (*(volatile uint32_t *)0x40021004u)
#define RCU_APB2EN (*(volatile uint32_t *)0x40021018u)
#define GPIOA_CTL1 (*(volatile uint32_t *)0x40010804u)
#define USART_REG(offset) (*(volatile uint32_t *)(RVFW_UART_BASE + (offset)))
#define USART_STAT USART_REG(0x00)
#define USART_DATA USART_REG(0x04)
#define USART_BAUD USART_REG(0x08)
#define USART_CTL0 USART_REG(0x0C)

#if RVFW_CORE_CLOCK_HZ == 108000000u
/* User manual, Reset and clock unit (RCU): the PLL from IRC8M / 2 (PLLSEL 0) times 27 (PLLMF:
 * bit 29 and bits 21:18 = 0b1_1010), AHB and APB2 undivided, APB1 halved (54 MHz at most); the
 * system clock switched to the PLL (SCS 0b10) once it is stable, and confirmed by SCSS. The
 * flash needs no wait states on this part: the vendor's own 108 MHz set-up sets none. */
#define RCU_CTL_IRC8MEN (1u << 0)
#define RCU_CTL_IRC8MSTB (1u << 1)
#define RCU_CTL_PLLEN (1u << 24)
#define RCU_CTL_PLLSTB (1u << 25)
#define RCU_CFG0_SCS 0x3u
#define RCU_CFG0_SCSS_PLL (0x2u << 2)
#define RCU_CFG0_BUS_PRESCALERS 0x3FF0u /* AHBPSC 7:4, APB1PSC 10:8, APB2PSC 13:11 */
#define RCU_CFG0_APB1_DIV2 (0x4u << 8)
#define RCU_CFG0_PLL_FIELDS ((1u << 29) | (0xFu << 18) | (1u << 16))
#define RCU_CFG0_PLL_MUL27 ((1u << 29) | (0xAu << 18))

static void clock_108mhz(void)
{
    RCU_CTL |= RCU_CTL_IRC8MEN;
    while (!(RCU_CTL & RCU_CTL_IRC8MSTB)) {
    }
    RCU_CFG0 = (RCU_CFG0 & ~RCU_CFG0_BUS_PRESCALERS) | RCU_CFG0_APB1_DIV2;
    RCU_CFG0 = (RCU_CFG0 & ~RCU_CFG0_PLL_FIELDS) | RCU_CFG0_PLL_MUL27;
    RCU_CTL |= RCU_CTL_PLLEN;
    while (!(RCU_CTL & RCU_CTL_PLLSTB)) {
    }
    RCU_CFG0 = (RCU_CFG0 & ~RCU_CFG0_SCS) | 0x2u;
    while ((RCU_CFG0 & (0x3u << 2)) != RCU_CFG0_SCSS_PLL) {
    }
}
#elif defined(RVFW_CORE_CLOCK_HZ) && RVFW_CORE_CLOCK_HZ != 8000000u
#error "GD32VF103: rvfw's start-up runs the core at 108 MHz (PLL) or 8 MHz (IRC8M, the reset clock)"
#endif

void rvfw_platform_init(void)
{
#if RVFW_CORE_CLOCK_HZ == 108000000u
    clock_108mhz();
#endif
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
