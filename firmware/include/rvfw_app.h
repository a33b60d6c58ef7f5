/* SPDX-License-Identifier: Apache-2.0 */
/* Several models in one image: each runs in U-mode with only its own partition writable. */
#ifndef RVFW_APP_H
#define RVFW_APP_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* rvfw_run() results. */
#define RVFW_OK 0
#define RVFW_FAULT 1  /* the model trapped (e.g. a PMP access fault) during this run; it is now failed */
#define RVFW_FAILED 2 /* the model faulted earlier: it is not run again */
#define RVFW_BAD_ARG 3
#define RVFW_BUSY 4 /* from an interrupt: the paused model has the same or higher priority, or shares memory */
#define RVFW_DEADLINE 5 /* the model overran its time budget during this run and was stopped; it is now failed */

/* A memory range the model may write while it runs: NAPOT (one PMP entry) or TOR (two). */
typedef struct {
    uint8_t *base;
    uintptr_t size;
    uint8_t napot;
} rvfw_range;

/* A model's own code [x_start, x_end) (read/execute) and constants [x_end, r_end) (read-only);
 * all null when the image gives every model the same code range. */
typedef struct {
    const uint8_t *x_start, *x_end, *r_end;
} rvfw_code_range;

typedef struct {
    const char *name;
    uint8_t priority; /* 0 is the highest */
    uint8_t instances;
    void (*run)(uint8_t *arena, uint8_t *state); /* generated: one inference (state: the instance's) */
    rvfw_range partition;        /* [stack | arena], maybe shared with models it never overlaps */
    uint8_t shared;              /* 1: other models run in this partition too (it is cleared between them) */
    uintptr_t stack_size;
    uint64_t deadline_ticks; /* machine-timer ticks a run may take (0: no deadline) */
    rvfw_code_range code;
    rvfw_range state;   /* instance 0's state; instance k is at base + k * size (size 0: none) */
    uint32_t input_offset, input_bytes;
    uint32_t output_offset, output_bytes;
} rvfw_model;

extern const rvfw_model rvfw_models[];
extern const int rvfw_num_models;
extern const int rvfw_pmp_entries; /* the core's PMP entries (8 or 16 here) */
/* Instructions the dispatcher spent printing fault reports (to leave out of a model's count). */
extern uintptr_t rvfw_console_instret;

/* Runs one inference of `model` (instance 0) synchronously: copies the input into its arena,
 * runs it in U-mode with its partition and state writable and code/weights read/execute-only,
 * copies the output back. A trap names the model, marks it failed and returns RVFW_FAULT; a run
 * that overruns the model's deadline is stopped the same way and returns RVFW_DEADLINE. */
int rvfw_run(int model, const void *input, void *output);
int rvfw_run_instance(int model, int instance, const void *input, void *output);

/* Fixed-priority dispatch: queue requests, then run every pending one, highest priority first. */
int rvfw_submit(int model, const void *input, void *output);
void rvfw_dispatch(void);
int rvfw_last_status(int model);

/* The per-instance state of a model, or 0. */
uint8_t *rvfw_state(int model, int instance);

/* Called for an interrupt taken while a model runs in U-mode, with that model paused (its
 * registers saved); the application's handler may rvfw_run() a higher-priority model. */
void rvfw_interrupt(uintptr_t mcause);

/* Machine timer (CLINT): an interrupt `ticks` from now while a model runs; disarm in the handler. */
void rvfw_timer_arm(uint64_t ticks);
void rvfw_timer_disarm(void);

/* The dispatcher's side of the timer (clint.c): the current mtime, the running model's deadline
 * (an mtime; UINT64_MAX: none), and whether the application's alarm is due (then it is cleared). */
uint64_t rvfw_mtime(void);
void rvfw_timer_deadline(uint64_t when);
int rvfw_timer_alarm_due(void);

#ifdef __cplusplus
}
#endif

#endif
