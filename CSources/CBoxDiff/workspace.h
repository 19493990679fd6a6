/*
 * workspace.h - allocation and workspaces (private): growable buffers
 * through the caller's allocator (alloc.c), and the workspace that holds a
 * diff's scratch buffers and table key (workspace.c).
 */
#ifndef BXD_WORKSPACE_H
#define BXD_WORKSPACE_H

#include "CBoxDiff.h"
#include "visibility.h"

#include <stdbool.h>
#include <string.h>

/* ---- allocation ---------------------------------------------------------- */

/* A growable block; `capacity` in bytes. Contents are not preserved when it
 * grows. */
typedef struct bxd_buffer {
    void *data;
    size_t capacity;
} bxd_buffer_t;

/* a * b into *out; false on overflow. */
static inline bool bxd_mul_size(size_t a, size_t b, size_t *out) {
    if (a != 0 && b > SIZE_MAX / a) return false;
    *out = a * b;
    return true;
}

/* Makes `buffer` hold at least count * element_size bytes (at least 1).
 * Returns BXD_OK, BXD_ERR_TOO_LARGE or BXD_ERR_NO_MEMORY (buffer then
 * unchanged). */
BXD_HIDDEN bxd_status_t bxd_buffer_reserve(const bxd_allocator_t *allocator,
                                           bxd_buffer_t *buffer, size_t count,
                                           size_t element_size);
BXD_HIDDEN void bxd_buffer_release(const bxd_allocator_t *allocator,
                                   bxd_buffer_t *buffer);

/* The default allocator (malloc/free). */
BXD_HIDDEN extern const bxd_allocator_t bxd_default_allocator;

/* ---- workspace ------------------------------------------------------------ */

/* Scratch buffers; each algorithm file documents which ones it uses. */
enum {
    BXD_WS_TABLE = 0,     /* table slots (hash_table.c); later the LIS (moves.c) */
    BXD_WS_CHAIN,         /* per old element: next occurrence (+ cursors, heckel.c) */
    BXD_WS_CLASS_OLD,     /* uint32 per old element: class (LCS) */
    BXD_WS_CLASS_NEW,     /* uint32 per new element: class (LCS) */
    BXD_WS_MYERS_V,       /* int64 diagonal vectors (myers.c) */
    BXD_WS_MYERS_STACK,   /* myers.c split stack */
    BXD_WS_KEEP,          /* uint8 per new element: on the LIS (result.c) */
    BXD_WS_EXTRA,         /* any one step: heckel.c's suffix table, lcs.c's class arrays */
    BXD_WS_COMPACT,       /* LCS: the middle without one-sided elements */
    BXD_WS_BUFFER_COUNT
};

struct bxd_workspace {
    bxd_allocator_t allocator;
    bxd_buffer_t buffers[BXD_WS_BUFFER_COUNT];
    uint64_t key; /* secret table key (bxd_mix), random at creation */
    const bxd_cancel_t *cancel; /* watched flag (bxd_workspace_set_cancel), or NULL */
#ifdef BXD_COUNT_PROBES
    uint64_t probes; /* tests: probe steps past the home slot, all tables */
    uint64_t myers_work; /* tests: diagonals the LCS searches visited */
    uint64_t cancel_looks; /* tests: looks at a watched cancel flag */
    uint64_t cancel_at;    /* tests: the look (from 1) that finds it raised; 0: none */
#endif
};

/* Test builds (-DBXD_COUNT_PROBES) count every probe step past a home slot
 * in the workspace, so a test can show that no input piles into one
 * cluster; other builds compile the counting away. */
#ifdef BXD_COUNT_PROBES
#define BXD_PROBES_FIELD uint64_t *probes;
#define BXD_PROBES_INIT(shape, ws) ((shape)->probes = &(ws)->probes)
#define BXD_PROBE_STEP(shape) (++*(shape)->probes)
#define BXD_COUNT_MYERS_WORK(ws, work) ((ws)->myers_work += (work))
#else
#define BXD_PROBES_FIELD
#define BXD_PROBES_INIT(shape, ws) ((void)0)
#define BXD_PROBE_STEP(shape) ((void)0)
#define BXD_COUNT_MYERS_WORK(ws, work) ((void)(work))
#endif

/* ---- cancellation --------------------------------------------------------- */

/* The flag, read atomically (relaxed: it orders nothing, it only stops). */
static inline uint32_t bxd_cancel_load(const bxd_cancel_t *cancel) {
#if defined(__GNUC__) || defined(__clang__)
    return __atomic_load_n(&cancel->requested_, __ATOMIC_RELAXED);
#else
    return *(const volatile uint32_t *)&cancel->requested_;
#endif
}

/* Whether the workspace's watched flag is raised. Test builds
 * (-DBXD_COUNT_PROBES) count the looks, and can raise it at a given look
 * (cancel_at), to stop a diff at each of its checks in turn. */
static inline bool bxd_cancelled(bxd_workspace_t *ws) {
    if (ws->cancel == NULL) return false;
#ifdef BXD_COUNT_PROBES
    if (++ws->cancel_looks == ws->cancel_at) return true;
#endif
    return bxd_cancel_load(ws->cancel) != 0;
}

/* Reserve workspace buffer `which` for count elements of element_size. */
static inline bxd_status_t bxd_ws_reserve(bxd_workspace_t *ws, int which,
                                          size_t count, size_t element_size) {
    return bxd_buffer_reserve(&ws->allocator, &ws->buffers[which], count,
                              element_size);
}

#endif /* BXD_WORKSPACE_H */
