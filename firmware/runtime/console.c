/* Number formatting for the console; the byte sink (rvfw_putc) is per platform. */
#include "rvfw_console.h"

void rvfw_puts(const char *s)
{
    while (*s)
        rvfw_putc(*s++);
}

void rvfw_put_udec(uint64_t value)
{
    char digits[21];
    int n = 0;
    do {
        digits[n++] = (char)('0' + value % 10);
        value /= 10;
    } while (value);
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
    for (int shift = 60; shift >= 0; shift -= 4)
        rvfw_putc(hex[(value >> shift) & 0xf]);
}
