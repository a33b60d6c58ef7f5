/* SPDX-License-Identifier: Apache-2.0 */
/* Console and exit through HTIF, the host interface of Spike and QEMU -machine spike.
 * Uses the riscv-pk handshake: wait until the host has consumed the previous
 * command (acknowledging any reply), then post the next one.
 *
 * On RV32 `tohost` (64 bits) takes two stores, and the simulators read it differently: QEMU acts
 * when the high word is written; Spike polls the whole word between batches of instructions and
 * may see the low word alone (which decodes as an exit or a system call). So under Spike (marchid
 * 5) every command has a zero high word and is posted by one store: characters go through the front
 * end's write system call on a buffer, exits are plain. */
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

#define SPIKE_MARCHID 5
#define SYS_WRITE 64
#define SPIKE_BUFFER 1024

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

/* Under Spike characters gather here and reach the host one write system call a line (or a full
 * buffer): Spike looks at tohost only between batches of thousands of instructions, so a command a
 * character costs a batch each (the layer dump of a large model took most of an hour that way).
 * It lies in the mailbox's page, which is padding otherwise; QEMU never sees it used. */
static char spike_buffer[SPIKE_BUFFER] __attribute__((section(".tohost")));
static uint32_t spike_length;

static void spike_flush(void)
{
    if (!spike_length)
        return;
    htif_wait_idle();
    htif_syscall[0] = SYS_WRITE;
    htif_syscall[1] = 1;
    htif_syscall[2] = (uintptr_t)spike_buffer;
    htif_syscall[3] = spike_length;
    __asm__ volatile("fence" ::: "memory");
    /* One store of the block's address (below 4 GiB: the high word is 0), as RV32 needs. */
    ((volatile uint32_t *)&tohost)[0] = (uint32_t)(uintptr_t)htif_syscall;
    while (!fromhost) {
    }
    fromhost = 0;
    spike_length = 0;
}

void rvfw_putc(char c)
{
    if (on_spike()) {
        spike_buffer[spike_length++] = c;
        if (c == '\n' || spike_length == SPIKE_BUFFER)
            spike_flush();
        return;
    }
    htif_send(HTIF_CMD(1, 1, (uint8_t)c));
}

void rvfw_exit(int code)
{
    if (on_spike())
        spike_flush();
    htif_send((uint64_t)((uint32_t)code << 1) | 1); /* high word 0: one store on RV32 */
    for (;;) {
    }
}
