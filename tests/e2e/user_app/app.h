#ifndef APP_H
#define APP_H
#include <stdint.h>

void app_write(const char *buf, uint32_t len);
void app_exit(int code);

#endif
