/* SPDX-License-Identifier: Apache-2.0 */
/* The multi-model dispatcher: PMP isolation per model, fault containment, fixed-priority queue. */
#include <stdint.h>
#include <string.h>

#include "rvfw_app.h"
#include "rvfw_console.h"
#include "rvfw_platform.h"
#include "rvfw_profile.h"
#include "rvfw_trap.h"

#define PMP_R 0x01u
#define PMP_W 0x02u
#define PMP_X 0x04u
#define PMP_TOR 0x08u
#define PMP_NAPOT 0x18u
/* Entries a model uses, at most: partition and state (TOR pairs), the shared code and constants
 * (three), its own code and constants (three): 10; the configuration bytes cover 16. */
#define PMP_CFG_BYTES 16
#define MCAUSE_ECALL_FROM_U 8

/* Saved by rvfw_enter_user (user.S): ra, sp, s0-s11, then mcause, mepc, mtval of the trap, and
 * two slots the interrupt entry uses before it has a stack. */
typedef struct {
    uintptr_t regs[14];
    uintptr_t mcause, mepc, mtval;
    uintptr_t scratch[2];
} rvfw_user_ctx;

uintptr_t rvfw_enter_user(void (*entry)(uint8_t *, uint8_t *), uint8_t *arena, uint8_t *state, void *sp,
                          rvfw_user_ctx *ctx);

/* The ecall a model's entry function returns into (user.S): the only ecall that ends a run. */
extern char rvfw_user_return[];

/* Code [__rvfw_rx_start, __rvfw_x_end), models may read and execute it; read-only data and weights
 * [__rvfw_x_end, __rvfw_rx_end), they may only read it (linker script). With least privilege this
 * is what all models share (kernels, libraries), and each model's own ranges are in its table. */
extern uint8_t __rvfw_rx_start[], __rvfw_x_end[], __rvfw_rx_end[];

/* The model running in U-mode (-1: none), and its instance: a model run from an interrupt handler
 * hands the PMP back to the one it interrupted. */
static int running = -1, running_instance;
static uint8_t failed[32];
/* The mtime at which the running model overruns its deadline (UINT64_MAX: none). */
static uint64_t running_deadline = UINT64_MAX;
static uint8_t status[32];
static struct {
    const void *input;
    void *output;
    uint8_t pending;
} queue[32];

static void write_pmpaddr(int index, uintptr_t value)
{
    switch (index) {
    case 0: __asm__ volatile("csrw pmpaddr0, %0" ::"r"(value)); break;
    case 1: __asm__ volatile("csrw pmpaddr1, %0" ::"r"(value)); break;
    case 2: __asm__ volatile("csrw pmpaddr2, %0" ::"r"(value)); break;
    case 3: __asm__ volatile("csrw pmpaddr3, %0" ::"r"(value)); break;
    case 4: __asm__ volatile("csrw pmpaddr4, %0" ::"r"(value)); break;
    case 5: __asm__ volatile("csrw pmpaddr5, %0" ::"r"(value)); break;
    case 6: __asm__ volatile("csrw pmpaddr6, %0" ::"r"(value)); break;
    case 7: __asm__ volatile("csrw pmpaddr7, %0" ::"r"(value)); break;
    case 8: __asm__ volatile("csrw pmpaddr8, %0" ::"r"(value)); break;
    case 9: __asm__ volatile("csrw pmpaddr9, %0" ::"r"(value)); break;
    default: break;
    }
}

/* pmpcfg registers hold XLEN/8 entries each; on RV64 only the even-numbered ones exist. */
static void write_pmpcfg(const uint8_t cfg[PMP_CFG_BYTES])
{
#if __riscv_xlen == 64
    uint64_t low = 0, high = 0;
    for (int i = 0; i < 8; ++i) {
        low |= (uint64_t)cfg[i] << (8 * i);
        high |= (uint64_t)cfg[i + 8] << (8 * i);
    }
    __asm__ volatile("csrw pmpcfg0, %0" ::"r"(low));
    if (rvfw_pmp_entries > 8)
        __asm__ volatile("csrw pmpcfg2, %0" ::"r"(high));
#else
    uint32_t word[3] = {0, 0, 0};
    for (int i = 0; i < 12; ++i)
        word[i / 4] |= (uint32_t)cfg[i] << (8 * (i % 4));
    __asm__ volatile("csrw pmpcfg0, %0" ::"r"(word[0]));
    __asm__ volatile("csrw pmpcfg1, %0" ::"r"(word[1]));
    if (rvfw_pmp_entries > 8)
        __asm__ volatile("csrw pmpcfg2, %0" ::"r"(word[2]));
#endif
}

/* Appends the entries that open [base, base + size) with `perm`; returns the next free entry. */
static int map_range(uint8_t cfg[PMP_CFG_BYTES], int next, uint8_t *base, uintptr_t size, int napot, uint8_t perm)
{
    const uintptr_t start = (uintptr_t)base;
    if (napot) {
        write_pmpaddr(next, (start >> 2) | ((size >> 3) - 1));
        cfg[next] = perm | PMP_NAPOT;
        return next + 1;
    }
    write_pmpaddr(next, start >> 2);
    cfg[next] = 0; /* off: only the bottom of the next entry's range */
    write_pmpaddr(next + 1, (start + size) >> 2);
    cfg[next + 1] = perm | PMP_TOR;
    return next + 2;
}

/* Code read/execute from x_start to x_end, then constants read-only up to r_end: three entries. */
static int map_code(uint8_t cfg[PMP_CFG_BYTES], int next, const uint8_t *x_start, const uint8_t *x_end,
                    const uint8_t *r_end)
{
    write_pmpaddr(next, (uintptr_t)x_start >> 2);
    cfg[next] = 0;
    write_pmpaddr(next + 1, (uintptr_t)x_end >> 2);
    cfg[next + 1] = PMP_R | PMP_X | PMP_TOR;
    write_pmpaddr(next + 2, (uintptr_t)r_end >> 2);
    cfg[next + 2] = PMP_R | PMP_TOR;
    return next + 3;
}

static void open_for(const rvfw_model *m, int instance)
{
    uint8_t cfg[PMP_CFG_BYTES] = {0};
    write_pmpcfg(cfg); /* all off while the addresses change */
    int next = map_range(cfg, 0, m->partition.base, m->partition.size, m->partition.napot, PMP_R | PMP_W);
    if (m->state.size)
        next = map_range(cfg, next, m->state.base + (uintptr_t)instance * m->state.size, m->state.size,
                         m->state.napot, PMP_R | PMP_W);
    /* The kernels every model may run and their constants; then, with least privilege, the
     * model's own code and constants (without it, the shared range holds every model's). */
    next = map_code(cfg, next, __rvfw_rx_start, __rvfw_x_end, __rvfw_rx_end);
    if (m->code.x_start)
        map_code(cfg, next, m->code.x_start, m->code.x_end, m->code.r_end);
    write_pmpcfg(cfg);
}

/* Instructions spent printing fault reports: callers that count a model's instructions subtract
 * them, so a count is the model's work alone. */
uintptr_t rvfw_console_instret;

static void report_fault(const rvfw_model *m, const rvfw_user_ctx *ctx)
{
    const uintptr_t start = rvfw_instret();
    rvfw_puts("RVFW-FAULT ");
    rvfw_puts(m->name);
    rvfw_puts(" mcause=");
    rvfw_put_hex(ctx->mcause);
    rvfw_puts(" mepc=");
    rvfw_put_hex(ctx->mepc);
    rvfw_puts(" mtval=");
    rvfw_put_hex(ctx->mtval);
    rvfw_putc('\n');
    rvfw_console_instret += rvfw_instret() - start;
}

static void report_deadline(const rvfw_model *m, const rvfw_user_ctx *ctx)
{
    const uintptr_t start = rvfw_instret();
    rvfw_puts("RVFW-DEADLINE ");
    rvfw_puts(m->name);
    rvfw_puts(" ticks=");
    rvfw_put_udec((uintptr_t)m->deadline_ticks);
    rvfw_puts(" mepc=");
    rvfw_put_hex(ctx->mepc);
    rvfw_putc('\n');
    rvfw_console_instret += rvfw_instret() - start;
}

#ifdef RVFW_CLINT_BASE
static uint64_t now(void)
{
    return rvfw_mtime();
}

static void set_deadline(uint64_t when)
{
    rvfw_timer_deadline(when);
}
#else
/* No machine timer: no deadlines (the build says so). */
static uint64_t now(void)
{
    return 0;
}

static void set_deadline(uint64_t when)
{
    (void)when;
}
#endif

/* From user.S, for an interrupt taken while a model runs (it is paused): nonzero ends the
 * model's turn (it overran its deadline); otherwise the application's handler runs and the model
 * resumes. */
int rvfw_dispatch_interrupt(uintptr_t mcause)
{
#ifdef RVFW_CLINT_BASE
    if (mcause == RVFW_MCAUSE_MACHINE_TIMER) {
        if (now() >= running_deadline)
            return 1;
        if (!rvfw_timer_alarm_due())
            return 0;
    }
#endif
    rvfw_interrupt(mcause);
    return 0;
}

/* Per model, the model that last ran in its partition (-1: none yet); kept by every model that
 * shares the partition, so each sees it. */
static signed char last_runner[32] = { [0 ... 31] = -1 };

static int last_in_partition(const rvfw_model *m)
{
    return last_runner[m - rvfw_models];
}

static void set_last_in_partition(const rvfw_model *m, int model)
{
    for (int k = 0; k < rvfw_num_models; k++)
        if (rvfw_models[k].partition.base == m->partition.base)
            last_runner[k] = (signed char)model;
}

int rvfw_run_instance(int model, int instance, const void *input, void *output)
{
    if (model < 0 || model >= rvfw_num_models || instance < 0 || instance >= rvfw_models[model].instances)
        return RVFW_BAD_ARG;
    if (failed[model])
        return status[model] = RVFW_FAILED;
    const rvfw_model *m = &rvfw_models[model];
    const int interrupted = running, interrupted_instance = running_instance;
    if (interrupted >= 0) {
        /* Called from an interrupt handler while another model is paused: only a model of higher
         * priority, with memory of its own, may run over it. */
        const rvfw_model *paused = &rvfw_models[interrupted];
        if (m->priority >= paused->priority || m->partition.base == paused->partition.base)
            return RVFW_BUSY;
    }
    uint8_t *arena = m->partition.base + m->stack_size;
    if (m->shared && last_in_partition(m) != model) {
        /* Another model ran here last (the admission ladder gave them one partition: they never
         * run at once): clear its leftovers, so no model can read another's activations. */
        memset(m->partition.base, 0, m->partition.size);
    }
    set_last_in_partition(m, model);
    memcpy(arena + m->input_offset, input, m->input_bytes);
    open_for(m, instance);
    running = model;
    running_instance = instance;
    rvfw_user_ctx ctx;
    uint8_t *state = m->state.size ? m->state.base + (uintptr_t)instance * m->state.size : 0;
    /* The paused model's clock stops while this one runs: its deadline moves by this run's time. */
    const uint64_t paused_deadline = running_deadline, started = now();
    running_deadline = m->deadline_ticks ? started + m->deadline_ticks : UINT64_MAX;
    set_deadline(running_deadline);
    const uintptr_t cause = rvfw_enter_user(m->run, arena, state, arena, &ctx);
    running_deadline = paused_deadline == UINT64_MAX ? UINT64_MAX : paused_deadline + (now() - started);
    set_deadline(running_deadline);
    running = interrupted;
    running_instance = interrupted_instance;
    if (interrupted >= 0)
        open_for(&rvfw_models[interrupted], interrupted_instance);
    if (cause == RVFW_MCAUSE_MACHINE_TIMER) {
        failed[model] = 1;
        report_deadline(m, &ctx);
        return status[model] = RVFW_DEADLINE;
    }
    /* An ecall anywhere else is the model ending itself early, having computed nothing trustworthy. */
    if (cause != MCAUSE_ECALL_FROM_U || ctx.mepc != (uintptr_t)rvfw_user_return) {
        failed[model] = 1;
        report_fault(m, &ctx);
        return status[model] = RVFW_FAULT;
    }
    memcpy(output, arena + m->output_offset, m->output_bytes);
    return status[model] = RVFW_OK;
}

int rvfw_run(int model, const void *input, void *output)
{
    return rvfw_run_instance(model, 0, input, output);
}

int rvfw_submit(int model, const void *input, void *output)
{
    if (model < 0 || model >= rvfw_num_models)
        return RVFW_BAD_ARG;
    queue[model].input = input;
    queue[model].output = output;
    queue[model].pending = 1;
    return RVFW_OK;
}

void rvfw_dispatch(void)
{
    for (;;) {
        int best = -1;
        for (int i = 0; i < rvfw_num_models; ++i)
            if (queue[i].pending && (best < 0 || rvfw_models[i].priority < rvfw_models[best].priority))
                best = i;
        if (best < 0)
            return;
        queue[best].pending = 0;
        rvfw_run(best, queue[best].input, queue[best].output);
    }
}

int rvfw_last_status(int model)
{
    return status[model];
}

uint8_t *rvfw_state(int model, int instance)
{
    const rvfw_model *m = &rvfw_models[model];
    return m->state.size ? m->state.base + (uintptr_t)instance * m->state.size : 0;
}
