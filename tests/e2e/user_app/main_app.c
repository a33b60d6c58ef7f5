/* A user's application with an exported multi-model application: its own start-up and console,
 * the dispatcher's API. Runs every model once with rvfw_run, then all again through
 * rvfw_submit/rvfw_dispatch, and prints each output as hex. app_inputs.h (written by the test):
 *   #define APP_MODELS(X) X(kws, KWS) ...   and each model's input bytes in <model>_test_input[]. */
#include <stdint.h>

#include "app.h"
#include "app_inputs.h"
#include "rvfw_app_models.h"

/* The console the dispatcher reports faults on. */
void rvfw_putc(char c)
{
    app_write(&c, 1);
}

static void put_str(const char *s)
{
    uint32_t n = 0;
    while (s[n])
        ++n;
    app_write(s, n);
}

static void put_line(const char *name, const char *how, int status, const uint8_t *bytes, uint32_t count)
{
    static const char digits[] = "0123456789abcdef";
    char hex[2];
    put_str(name);
    put_str(how);
    hex[0] = (char)('0' + status);
    app_write(hex, 1);
    put_str(" ");
    for (uint32_t i = 0; i < count; ++i) {
        hex[0] = digits[bytes[i] >> 4];
        hex[1] = digits[bytes[i] & 15];
        app_write(hex, 2);
    }
    put_str("\n");
}

#define BUFFERS(m, M) static uint8_t m##_out[RVFW_MODEL_##M##_OUTPUT_BYTES], m##_queued[RVFW_MODEL_##M##_OUTPUT_BYTES];
APP_MODELS(BUFFERS)

int main(void)
{
    rvfw_app_init();
#define RUN(m, M) put_line(#m, " run ", rvfw_run(RVFW_MODEL_##M, m##_test_input, m##_out), m##_out, sizeof(m##_out));
    APP_MODELS(RUN)
#define SUBMIT(m, M) rvfw_submit(RVFW_MODEL_##M, m##_test_input, m##_queued);
    APP_MODELS(SUBMIT)
    rvfw_dispatch();
#define SHOW(m, M) put_line(#m, " dispatch ", rvfw_last_status(RVFW_MODEL_##M), m##_queued, sizeof(m##_queued));
    APP_MODELS(SHOW)
    /* The export's built-in self-test: 0 when every model reproduces TFLite Micro's outputs. */
    put_line("app", " selftest ", (int)rvfw_app_selftest(), (const uint8_t *)"", 0);
    put_str("done\n");
    return 0;
}
