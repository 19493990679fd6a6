/*
 * counting_alloc.h - the counting allocator of the C tests and the fuzz
 * targets: a bxd_allocator_t over malloc/free that counts calls, live
 * blocks and bytes, can fail the k-th allocation, and notes misuse.
 *
 * Zero-initialise a counting_alloc_t (fail_at = 0 never fails), hand
 * counting_allocator(&c) to the core, and check counting_alloc_settled(&c)
 * once everything is released.
 */
#ifndef BXD_TEST_COUNTING_ALLOC_H
#define BXD_TEST_COUNTING_ALLOC_H

#include "CBoxDiff.h"

#include <stddef.h>
#include <stdlib.h>

typedef struct counting_alloc {
    unsigned long allocations; /* calls to allocate so far, failed ones too */
    unsigned long fail_at;     /* 0, or the 1-based call that returns NULL */
    unsigned long failures;    /* calls that returned NULL on purpose */
    unsigned long misuses;     /* zero-byte requests, NULL frees, over-frees */
    long long live_blocks;     /* blocks allocated and not yet released */
    long long live_bytes;      /* bytes allocated and not yet released */
} counting_alloc_t;

static inline void *counting_allocate(void *context, size_t size) {
    counting_alloc_t *c = (counting_alloc_t *)context;
    c->allocations++;
    if (size == 0) c->misuses++;
    if (c->fail_at != 0 && c->allocations == c->fail_at) {
        c->failures++;
        return NULL;
    }
    void *p = malloc(size);
    if (p != NULL) {
        c->live_blocks++;
        c->live_bytes += (long long)size;
    }
    return p;
}

static inline void counting_deallocate(void *context, void *pointer, size_t size) {
    counting_alloc_t *c = (counting_alloc_t *)context;
    if (pointer == NULL) {
        c->misuses++;
        return;
    }
    c->live_blocks--;
    c->live_bytes -= (long long)size;
    if (c->live_blocks < 0 || c->live_bytes < 0) c->misuses++;
    free(pointer);
}

static inline bxd_allocator_t counting_allocator(counting_alloc_t *c) {
    bxd_allocator_t a = {counting_allocate, counting_deallocate, c};
    return a;
}

/* bxd_workspace_create on the counting allocator `c`. */
static inline bxd_status_t counting_workspace_create(counting_alloc_t *c,
                                                     bxd_workspace_t **out) {
    const bxd_allocator_t a = counting_allocator(c);
    return bxd_workspace_create(&a, out);
}

/* Nothing left allocated, and no misuse seen. */
static inline int counting_alloc_settled(const counting_alloc_t *c) {
    return c->live_blocks == 0 && c->live_bytes == 0 && c->misuses == 0;
}

#endif /* BXD_TEST_COUNTING_ALLOC_H */
