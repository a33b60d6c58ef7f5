#ifndef APP_H
#define APP_H
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

void app_write(const char *buf, uint32_t len);
void app_exit(int code);

#ifdef __cplusplus
}
#endif

#endif
