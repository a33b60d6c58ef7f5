/* SPDX-License-Identifier: Apache-2.0 */
/* ESP32-C3 UART0 as the boot ROM leaves it (115200 8N1 on the USB-serial pins); the watchdogs
 * the ROM starts are disabled so a long inference is not reset. Registers from the ESP32-C3
 * technical reference manual (UART, RTC_CNTL, TIMG). */
#include <stdint.h>

#include "rvfw_console.h"
#include "rvfw_platform.h"

#define UART_FIFO (*(volatile uint32_t *)(RVFW_UART_BASE + 0x00))
#define UART_STATUS (*(volatile uint32_t *)(RVFW_UART_BASE + 0x1C))
#define RTC_CNTL_WDTCONFIG0 (*(volatile uint32_t *)0x60008090u)
#define RTC_CNTL_WDTWPROTECT (*(volatile uint32_t *)0x600080A8u)
#define RTC_CNTL_SWD_CONF (*(volatile uint32_t *)0x600080ACu)
#define RTC_CNTL_SWD_WPROTECT (*(volatile uint32_t *)0x600080B0u)
#define TIMG0_WDTCONFIG0 (*(volatile uint32_t *)0x6001F048u)
#define TIMG0_WDTWPROTECT (*(volatile uint32_t *)0x6001F064u)
#define WDT_UNLOCK 0x50D83AA1u
#define SWD_UNLOCK 0x8F1D312Au

void rvfw_platform_init(void)
{
    RTC_CNTL_WDTWPROTECT = WDT_UNLOCK;
    RTC_CNTL_WDTCONFIG0 = 0;
    RTC_CNTL_WDTWPROTECT = 0;
    RTC_CNTL_SWD_WPROTECT = SWD_UNLOCK;
    RTC_CNTL_SWD_CONF |= 1u << 30; /* super watchdog auto-feed */
    RTC_CNTL_SWD_WPROTECT = 0;
    TIMG0_WDTWPROTECT = WDT_UNLOCK;
    TIMG0_WDTCONFIG0 = 0;
    TIMG0_WDTWPROTECT = 0;
}

void rvfw_putc(char c)
{
    while (((UART_STATUS >> 16) & 0x3FFu) >= 126u) { /* TX FIFO almost full */
    }
    UART_FIFO = (uint8_t)c;
}
