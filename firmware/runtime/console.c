/* SPDX-License-Identifier: Apache-2.0 */
/* Number formatting for the console; the byte sink (rvfw_putc) is per platform. */
#include "rvfw_console.h"

void rvfw_puts(const char *s)
{
    while (*s)
        rvfw_putc(*s++);
}

/* value / 10 in place, returning value % 10, with 32-bit divisions only: on RV32 a 64-bit one is
 * libgcc's __udivdi3 (about 2 KB), which -Os would otherwise call. Long division by 10 over the
 * high word and two 16-bit halves of the low one; each partial dividend stays below 10 * 2^16. */
static uint32_t divide_by_10(uint64_t *value)
{
    const uint32_t hi = (uint32_t)(*value >> 32), lo = (uint32_t)*value;
    const uint32_t mid = (hi % 10) << 16 | lo >> 16;
    const uint32_t low = (mid % 10) << 16 | (lo & 0xFFFF);
    *value = (uint64_t)(hi / 10) << 32 | (mid / 10) << 16 | low / 10;
    return low % 10;
}

void rvfw_put_udec(uint64_t value)
{
    char digits[21];
    int n = 0;
    do
        digits[n++] = (char)('0' + divide_by_10(&value));
    while (value);
    while (n)
        rvfw_putc(digits[--n]);
}

void rvfw_put_dec(int64_t value)
{
    if (value < 0) {
        rvfw_putc('-');
        rvfw_put_udec((uint64_t)0 - (uint64_t)value);
    } else {
        rvfw_put_udec((uint64_t)value);
    }
}

void rvfw_put_hex(uint64_t value)
{
    static const char hex[] = "0123456789abcdef";
    rvfw_puts("0x");
    for (int half = 1; half >= 0; --half) { /* 32-bit shifts: no libgcc 64-bit shift calls on RV32 */
        const uint32_t word = (uint32_t)(value >> (32 * half));
        for (int shift = 28; shift >= 0; shift -= 4)
            rvfw_putc(hex[(word >> shift) & 0xf]);
    }
}
