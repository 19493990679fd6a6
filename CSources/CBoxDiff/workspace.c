/*
 * workspace.c - workspaces, options, table keys, status strings and the
 * version.
 */
#include "internal.h"

#include <time.h>

#if defined(BXD_NO_SYSTEM_RANDOM) /* tests of the fallback */
#elif defined(__APPLE__)
#include <stdlib.h> /* arc4random_buf */
#define BXD_HAVE_ARC4RANDOM 1
#elif defined(__linux__) && defined(__has_include)
#if __has_include(<sys/random.h>)
#include <errno.h>
#include <sys/random.h>
#define BXD_HAVE_GETRANDOM 1
#endif
#endif

#if !defined(BXD_HAVE_ARC4RANDOM) && !defined(__STDC_NO_ATOMICS__)
#include <stdatomic.h>
#define BXD_HAVE_KEY_COUNTER 1
/* Distinguishes workspaces created in the same clock tick when there is no
 * random source (fallback only; the core keeps no other global state).
 * Not compiled where arc4random_buf is the source (Apple platforms): an
 * unused static is a -Wunused-variable warning there. */
static _Atomic uint64_t bxd_key_counter;
#endif

/* A fresh secret key: the system's random source, or else a mix of
 * addresses (randomised by ASLR), clocks and a per-process counter. Never
 * fails and leaves errno as it found it. */
static uint64_t bxd_fresh_key(const void *workspace) {
    uint64_t key = 0;
#if defined(BXD_HAVE_ARC4RANDOM)
    (void)workspace; /* only the fallback mixes in its address */
    arc4random_buf(&key, sizeof key);
    return key;
#else
#if defined(BXD_HAVE_GETRANDOM)
    int saved = errno;
    ssize_t got = getrandom(&key, sizeof key, GRND_NONBLOCK);
    errno = saved;
    if (got == (ssize_t)sizeof key) return key;
#endif
    uint64_t k = bxd_mix((uint64_t)(uintptr_t)workspace,
                         (uint64_t)(uintptr_t)&key);
    k = bxd_mix(k, (uint64_t)(uintptr_t)&bxd_fresh_key);
    k = bxd_mix(k, (uint64_t)clock());
#if defined(TIME_UTC)
    struct timespec ts;
    if (timespec_get(&ts, TIME_UTC) == TIME_UTC)
        k = bxd_mix(k, (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec);
#endif
#if defined(BXD_HAVE_KEY_COUNTER)
    k = bxd_mix(k, atomic_fetch_add(&bxd_key_counter, 1));
#endif
    return k ^ key;
#endif
}

void bxd_workspace_set_key(bxd_workspace_t *workspace, uint64_t key) {
    if (workspace != NULL) workspace->key = key;
}

uint64_t bxd_workspace_key(const bxd_workspace_t *workspace) {
    return workspace != NULL ? workspace->key : 0;
}

const char *bxd_version(void) { return BXD_VERSION_STRING; }

const char *bxd_status_string(bxd_status_t status) {
    switch (status) {
    case BXD_OK: return "ok";
    case BXD_ERR_NO_MEMORY: return "out of memory";
    case BXD_ERR_INVALID_ARGUMENT: return "invalid argument";
    case BXD_ERR_TOO_LARGE: return "input too large for 32-bit indices";
    case BXD_ERR_DUPLICATE: return "duplicate id rejected";
    case BXD_ERR_CANCELLED: return "cancelled";
    }
    return "unknown status";
}

void bxd_options_init(bxd_options_t *options) {
    if (options == NULL) return;
    options->algorithm = BXD_ALGORITHM_HECKEL;
    options->flags = 0;
    options->lcs_cost_bound = BXD_DEFAULT_LCS_COST_BOUND;
}

bxd_status_t bxd_workspace_create(const bxd_allocator_t *allocator,
                                  bxd_workspace_t **out) {
    if (out == NULL) return BXD_ERR_INVALID_ARGUMENT;
    *out = NULL;
    if (allocator == NULL) allocator = &bxd_default_allocator;
    if (allocator->allocate == NULL || allocator->deallocate == NULL)
        return BXD_ERR_INVALID_ARGUMENT;
    bxd_workspace_t *ws = (bxd_workspace_t *)allocator->allocate(
        allocator->context, sizeof(bxd_workspace_t));
    if (ws == NULL) return BXD_ERR_NO_MEMORY;
    memset(ws, 0, sizeof *ws);
    ws->allocator = *allocator;
    ws->key = bxd_fresh_key(ws);
    *out = ws;
    return BXD_OK;
}

void bxd_workspace_destroy(bxd_workspace_t *ws) {
    if (ws == NULL) return;
    bxd_allocator_t allocator = ws->allocator;
    for (int i = 0; i < BXD_WS_BUFFER_COUNT; i++)
        bxd_buffer_release(&allocator, &ws->buffers[i]);
    allocator.deallocate(allocator.context, ws, sizeof(bxd_workspace_t));
}

void bxd_cancel_init(bxd_cancel_t *cancel) {
    if (cancel == NULL) return;
    cancel->requested_ = 0;
}

void bxd_cancel_request(bxd_cancel_t *cancel) {
    if (cancel == NULL) return;
#if defined(__GNUC__) || defined(__clang__)
    __atomic_store_n(&cancel->requested_, 1u, __ATOMIC_RELAXED);
#else
    *(volatile uint32_t *)&cancel->requested_ = 1u;
#endif
}

int bxd_cancel_requested(const bxd_cancel_t *cancel) {
    return cancel != NULL && bxd_cancel_load(cancel) != 0;
}

void bxd_workspace_set_cancel(bxd_workspace_t *workspace, const bxd_cancel_t *cancel) {
    if (workspace == NULL) return;
    workspace->cancel = cancel;
}
