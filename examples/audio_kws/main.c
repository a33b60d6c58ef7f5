/* Raw audio to keyword in one image: TFLite Micro's micro_speech pipeline, compiled by rvfw.
 *
 * Every 20 ms hop, the last 30 ms of 16 kHz audio (480 int16 samples) go through the audio
 * front end (`frontend`: window, FFT, filter bank, noise reduction, PCAN, log: TFLite Micro's
 * Signal library ops), which keeps its noise estimates in its own state buffer and gives 40 int8
 * features. The newest 49 frames of features (about one second) are the keyword model's input
 * (`kws`: micro_speech's int8 classifier: silence, unknown, yes, no); once 49 frames have been
 * seen it runs after every hop. Each run prints its four scores:
 *     kws <frame> <4 scores as hex bytes>
 * then `done`. audio.h (written by run.py) holds the samples. */
#include <stdint.h>
#include <string.h>

#include "app.h"
#include "audio.h"
#include "frontend.h"
#include "kws.h"

enum { FEATURES = 40, FRAMES = 49 };
_Static_assert(FRONTEND_INPUT0_COUNT == AUDIO_WINDOW && FRONTEND_OUTPUT0_COUNT == FEATURES, "front end I/O");
_Static_assert(KWS_INPUT0_COUNT == FRAMES * FEATURES, "keyword model input");

static int8_t features[FRAMES][FEATURES]; /* oldest first */

static void put_str(const char *s)
{
    app_write(s, (uint32_t)strlen(s));
}

static void put_number(uint32_t n)
{
    char digits[10];
    int k = 0;
    do {
        digits[k++] = (char)('0' + n % 10);
        n /= 10;
    } while (n);
    while (k)
        app_write(&digits[--k], 1);
}

static void put_hex(const uint8_t *bytes, uint32_t count)
{
    static const char hex[] = "0123456789abcdef";
    for (uint32_t i = 0; i < count; ++i) {
        const char pair[2] = {hex[bytes[i] >> 4], hex[bytes[i] & 15]};
        app_write(pair, 2);
    }
}

int main(void)
{
    /* Each model's own arena and state (frontend_invoke resets the state before its first step). */
    for (uint32_t frame = 0; frame < AUDIO_FRAMES; ++frame) {
        /* The front end's window: 480 samples starting one hop after the previous window's. */
        memcpy(FRONTEND_INPUT0, &audio_samples[frame * AUDIO_HOP], FRONTEND_INPUT0_COUNT * sizeof(int16_t));
        frontend_invoke();
        memmove(features[0], features[1], sizeof(features) - sizeof(features[0]));
        memcpy(features[FRAMES - 1], FRONTEND_OUTPUT0, FEATURES);
        if (frame + 1 < FRAMES)
            continue;
        memcpy(KWS_INPUT0, features, sizeof(features));
        kws_invoke();
        put_str("kws ");
        put_number(frame);
        put_str(" ");
        put_hex((const uint8_t *)KWS_OUTPUT0, KWS_OUTPUT0_COUNT);
        put_str("\n");
    }
    put_str("done\n");
    return 0;
}
