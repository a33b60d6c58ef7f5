/* Console and exit through HTIF, the host interface of Spike and QEMU -machine spike.
 * Uses the riscv-pk handshake: wait until the host has consumed the previous
 * command (acknowledging any reply), then post the next one. */
#include <stdint.h>

#include "rvfw_console.h"

volatile uint64_t tohost __attribute__((section(".tohost"), aligned(8)));
volatile uint64_t fromhost __attribute__((section(".tohost"), aligned(8)));

#define HTIF_CMD(dev, cmd, payload) (((uint64_t)(dev) << 56) | ((uint64_t)(cmd) << 48) | (payload))

static void htif_send(uint64_t command)
{
    while (tohost) {
        if (fromhost)
            fromhost = 0;
    }
    /* Low word first: on RV32 the host acts when the high word is written. */
    volatile uint32_t *words = (volatile uint32_t *)&tohost;
    words[0] = (uint32_t)command;
    words[1] = (uint32_t)(command >> 32);
}

void rvfw_putc(char c)
{
    htif_send(HTIF_CMD(1, 1, (uint8_t)c));
}

void rvfw_exit(int code)
{
    htif_send(((uint64_t)(uint32_t)code << 1) | 1);
    for (;;) {
    }
}
