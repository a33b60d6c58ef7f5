/* SPDX-License-Identifier: Apache-2.0 */
/* Console and exit through HTIF, the host interface of Spike and QEMU -machine spike.
 * Uses the riscv-pk handshake: wait until the host has consumed the previous
 * command (acknowledging any reply), then post the next one.
 *
 * On RV32 `tohost` (64 bits) takes two stores, and the simulators read it differently: QEMU acts
 * when the high word is written; Spike polls the whole word between batches of instructions and
 * may see the low word alone (which decodes as an exit or a system call). So on RV32 under Spike
 * (marchid 5) every command has a zero high word and is posted by one store: characters go
 * through the front end's write system call on a buffer, exits are plain. */
#include <stdint.h>

#include "rvfw_console.h"

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(8)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(8)));

#define HTIF_CMD(dev, cmd, payload) (((uint64_t)(dev) << 56) | ((uint64_t)(cmd) << 48) | (payload))

static void htif_wait_idle(void)
{
    while (tohost) {
        if (fromhost)
            fromhost = 0;
    }
}

static void htif_send(uint64_t command)
{
    htif_wait_idle();
#if __riscv_xlen == 32
    /* Low word first: QEMU acts when the high word is written. */
    volatile uint32_t *words = (volatile uint32_t *)&tohost;
    words[0] = (uint32_t)command;
    words[1] = (uint32_t)(command >> 32);
#else
    tohost = command;
#endif
}

#if __riscv_xlen == 32
#define SPIKE_MARCHID 5
#define SYS_WRITE 64

static int on_spike(void)
{
    static int known, spike;
    if (!known) {
        uintptr_t marchid;
        __asm__ volatile("csrr %0, marchid" : "=r"(marchid));
        spike = marchid == SPIKE_MARCHID;
        known = 1;
    }
    return spike;
}

/* The front end's system-call block: write(1, buf, len), answered through fromhost. */
static volatile uint64_t htif_syscall[8] __attribute__((aligned(64)));
static volatile char htif_char;

static void spike_putc(char c)
{
    htif_wait_idle();
    htif_char = c;
    htif_syscall[0] = SYS_WRITE;
    htif_syscall[1] = 1;
    htif_syscall[2] = (uintptr_t)&htif_char;
    htif_syscall[3] = 1;
    __asm__ volatile("fence" ::: "memory");
    ((volatile uint32_t *)&tohost)[0] = (uint32_t)(uintptr_t)htif_syscall; /* the high word is 0 */
    while (!fromhost) {
    }
    fromhost = 0;
}
#endif

void rvfw_putc(char c)
{
#if __riscv_xlen == 32
    if (on_spike()) {
        spike_putc(c);
        return;
    }
#endif
    htif_send(HTIF_CMD(1, 1, (uint8_t)c));
}

void rvfw_exit(int code)
{
    htif_send((uint64_t)((uint32_t)code << 1) | 1); /* high word 0: one store on RV32 */
    for (;;) {
    }
}
