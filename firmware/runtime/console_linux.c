/* SPDX-License-Identifier: Apache-2.0 */
/* Console and exit through Linux system calls (write, exit_group), for user-mode simulators.
 * Output is buffered per line: one system call per line, not per character. */
#include <stdint.h>

#include "rvfw_console.h"

#define SYS_WRITE 64
#define SYS_EXIT_GROUP 94

static char line[256];
static unsigned used;

static long syscall3(long n, long a0, long a1, long a2)
{
    register long r_a0 __asm__("a0") = a0;
    register long r_a1 __asm__("a1") = a1;
    register long r_a2 __asm__("a2") = a2;
    register long r_a7 __asm__("a7") = n;
    __asm__ volatile("ecall" : "+r"(r_a0) : "r"(r_a1), "r"(r_a2), "r"(r_a7) : "memory");
    return r_a0;
}

static void flush(void)
{
    if (used)
        syscall3(SYS_WRITE, 1, (long)line, used);
    used = 0;
}

void rvfw_putc(char c)
{
    line[used++] = c;
    if (c == '\n' || used == sizeof line)
        flush();
}

void rvfw_exit(int code)
{
    flush();
    syscall3(SYS_EXIT_GROUP, code, 0, 0);
    for (;;) {
    }
}

/* Layer markers: empty, never inlined, so an instruction trace can split its count by layer
 * (qemu user mode has no usable instret). */
__attribute__((noinline)) void rvfw_layer_begin_mark(int layer)
{
    __asm__ volatile("" ::"r"(layer));
}

__attribute__((noinline)) void rvfw_layer_end_mark(int layer)
{
    __asm__ volatile("" ::"r"(layer));
}
