/* Console and exit through the simulator's HTIF mailbox: write(1, ...) as a proxied system call
 * (one 64-bit command whose high word is zero, so RV32 posts it with one store) and exit. */
#include <stdint.h>

#include "app.h"

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(8)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(8)));

static volatile uint64_t syscall_block[8] __attribute__((aligned(64)));

static void post(uintptr_t command)
{
    while (tohost)
        ;
    *(volatile uintptr_t *)&tohost = command; /* the low word; the high word stays 0 */
}

void app_write(const char *buf, uint32_t len)
{
    syscall_block[0] = 64; /* SYS_write */
    syscall_block[1] = 1;
    syscall_block[2] = (uintptr_t)buf;
    syscall_block[3] = len;
    post((uintptr_t)syscall_block);
    while (!fromhost)
        ;
    fromhost = 0;
}

void app_exit(int code)
{
    post(((uintptr_t)code << 1) | 1);
    for (;;)
        ;
}
