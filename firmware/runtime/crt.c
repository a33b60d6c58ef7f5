/* SPDX-License-Identifier: Apache-2.0 */
/* C run-time initialisation: copy .data from its load address, zero .bss, then the platform's
 * clocks and console. */
#include <stdint.h>
#include <string.h>

#include "rvfw_platform.h"

extern uint8_t __data_lma[], __data_start[], __data_end[];
extern uint8_t __bss_start[], __bss_end[];

/* Boards with a UART bring up clocks and the UART here; simulators need nothing. */
__attribute__((weak)) void rvfw_platform_init(void)
{
}

void rvfw_crt_init(void)
{
    if (__data_lma != __data_start)
        memcpy(__data_start, __data_lma, (size_t)(__data_end - __data_start));
    memset(__bss_start, 0, (size_t)(__bss_end - __bss_start));
#ifdef RVFW_COUNTER_SETUP
    RVFW_COUNTER_SETUP(); /* a board whose instruction counter is not minstret: make it count */
#endif
    rvfw_platform_init();
}
