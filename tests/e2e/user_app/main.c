/* A user's application: runs each exported model once on the test's input through the stable C
 * API (an arena of its own, the I/O descriptors, <model>_run) and prints every output as hex.
 * models.h (written by the test) includes the models' headers and lists them:
 *   #define APP_MODELS(X) X(kws_dscnn_int8, KWS_DSCNN_INT8) ...
 * with each model's input bytes in <model>_test_input[], and APP_SELFTEST when every export has
 * its built-in self-test. */
#include <stdint.h>

#include "app.h"
#include "models.h"

static uint32_t dtype_bytes(int32_t dtype)
{
    switch (dtype) {
    case RVFW_DTYPE_INT8:
    case RVFW_DTYPE_UINT8:
    case RVFW_DTYPE_BOOL:
        return 1;
    case RVFW_DTYPE_INT16:
        return 2;
    case RVFW_DTYPE_INT64:
        return 8;
    default:
        return 4;
    }
}

static void put_str(const char *s)
{
    uint32_t n = 0;
    while (s[n])
        ++n;
    app_write(s, n);
}

static void put_hex(const uint8_t *bytes, uint32_t count)
{
    static const char digits[] = "0123456789abcdef";
    char line[64];
    uint32_t n = 0;
    for (uint32_t i = 0; i < count; ++i) {
        line[n++] = digits[bytes[i] >> 4];
        line[n++] = digits[bytes[i] & 15];
        if (n == sizeof(line)) {
            app_write(line, n);
            n = 0;
        }
    }
    app_write(line, n);
}

static int run_model(const char *name, uint8_t *arena, void (*run)(uint8_t *), const rvfw_tensor_info *inputs,
                     int num_inputs, const rvfw_tensor_info *outputs, int num_outputs, const uint8_t *input)
{
    for (int i = 0; i < num_inputs; ++i) {
        uint32_t bytes = inputs[i].count * dtype_bytes(inputs[i].dtype);
        for (uint32_t b = 0; b < bytes; ++b)
            arena[inputs[i].arena_offset + b] = *input++;
    }
    run(arena);
    for (int i = 0; i < num_outputs; ++i) {
        put_str(name);
        put_str(" ");
        put_str(outputs[i].name);
        put_str(" ");
        put_hex(arena + outputs[i].arena_offset, outputs[i].count * dtype_bytes(outputs[i].dtype));
        put_str("\n");
    }
    return 0;
}

#define ARENA(m, M) static uint8_t m##_my_arena[M##_ARENA_SIZE] __attribute__((aligned(M##_ARENA_ALIGN)));
APP_MODELS(ARENA)

int main(void)
{
#define RUN(m, M) run_model(#m, m##_my_arena, m##_run, m##_inputs, M##_NUM_INPUTS, m##_outputs, M##_NUM_OUTPUTS, \
                            m##_test_input);
    APP_MODELS(RUN)
#ifdef APP_SELFTEST
    /* Each export's built-in self-test: 0 when it reproduces TFLite Micro's outputs. */
#define SELFTEST(m, M)                                                                                               \
    {                                                                                                                \
        const int32_t result = m##_selftest(m##_my_arena);                                                          \
        put_str("selftest " #m " ");                                                                                 \
        put_hex((const uint8_t *)&result, sizeof result);                                                           \
        put_str("\n");                                                                                               \
    }
    APP_MODELS(SELFTEST)
#endif
    put_str("done\n");
    return 0;
}
