/* SPDX-License-Identifier: Apache-2.0 */
/* Any trap is a firmware fault: report it on the console and exit non-zero. */
#include <stdint.h>

#include "rvfw_console.h"
#include "rvfw_trap.h"

/* The M-mode trap report runs on this stack, not on the faulting one (start.S), and counts how
 * deep it is nested. */
uint8_t rvfw_trap_stack[RVFW_TRAP_STACK_BYTES] __attribute__((aligned(16)));
uint32_t rvfw_trap_depth;

void rvfw_trap(uintptr_t mcause, uintptr_t mepc, uintptr_t mtval) __attribute__((noreturn));
void rvfw_interrupt(uintptr_t mcause);
int rvfw_dispatch_interrupt(uintptr_t mcause);

void rvfw_trap(uintptr_t mcause, uintptr_t mepc, uintptr_t mtval)
{
    if (mcause == RVFW_MCAUSE_MACHINE_TIMER) {
        /* The one-model harness's watchdog: the inference overran its deadline. */
        rvfw_puts("\nRVFW-DEADLINE mepc=");
        rvfw_put_hex(mepc);
        rvfw_putc('\n');
        rvfw_exit(RVFW_EXIT_DEADLINE);
    }
    rvfw_puts("\nRVFW-TRAP mcause=");
    rvfw_put_hex(mcause);
    rvfw_puts(" mepc=");
    rvfw_put_hex(mepc);
    rvfw_puts(" mtval=");
    rvfw_put_hex(mtval);
    rvfw_putc('\n');
    rvfw_exit(RVFW_EXIT_TRAP);
}

/* Interrupts reach M-mode while a model of a multi-model image runs in U-mode (user.S), and the
 * watchdog's timer while a one-model harness runs an inference. Without a handler of the
 * application's, any other is a firmware fault. */
__attribute__((weak)) void rvfw_interrupt(uintptr_t mcause)
{
    rvfw_puts("\nRVFW-TRAP unexpected interrupt mcause=");
    rvfw_put_hex(mcause);
    rvfw_putc('\n');
    rvfw_exit(RVFW_EXIT_TRAP);
}

/* user.S calls this for an interrupt taken in U-mode; the dispatcher (dispatch.c) defines the
 * real one, which also enforces deadlines. An image without the dispatcher just passes it on. */
__attribute__((weak)) int rvfw_dispatch_interrupt(uintptr_t mcause)
{
    rvfw_interrupt(mcause);
    return 0;
}
