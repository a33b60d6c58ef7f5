/* SPDX-License-Identifier: Apache-2.0 */
/* Minimal console used by the harness: no printf, so no libc stdio in the image. */
#ifndef RVFW_CONSOLE_H
#define RVFW_CONSOLE_H

#include <stdint.h>

void rvfw_putc(char c);
void rvfw_exit(int code) __attribute__((noreturn));

void rvfw_puts(const char *s);
void rvfw_put_dec(int64_t value);
void rvfw_put_udec(uint64_t value);
void rvfw_put_hex(uint64_t value);

#endif
