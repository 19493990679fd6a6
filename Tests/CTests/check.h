/*
 * check.h - a tiny assertion and counting harness shared by the C tests.
 * Each test program prints "<name>: N passed, M failed" and exits non-zero
 * on any failure.
 */
#ifndef BXD_TEST_CHECK_H
#define BXD_TEST_CHECK_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long check_passed = 0, check_failed = 0;

#define CHECK(cond)                                                          \
    do {                                                                     \
        if (cond) {                                                          \
            check_passed++;                                                  \
        } else {                                                             \
            check_failed++;                                                  \
            if (check_failed <= 20)                                          \
                fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__,       \
                        __LINE__, #cond);                                    \
        }                                                                    \
    } while (0)

static int check_report(const char *name) {
    printf("%s: %lu passed, %lu failed\n", name, check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}

/* splitmix64: a seeded generator for reproducible random inputs. */
static uint64_t rng_state = 0x5EED;
static uint64_t rng_next(void) {
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}
static uint32_t rng_below(uint32_t bound) {
    return bound ? (uint32_t)(rng_next() % bound) : 0;
}

/* An allocator that counts, tracks outstanding bytes, and can fail the
 * k-th allocation (fail_at = k, 1-based; 0 never fails). */
typedef struct counting_allocator {
    unsigned long allocations;
    unsigned long fail_at;
    long long outstanding;
} counting_allocator_t;

static void *counting_allocate(void *ctx, size_t size) {
    counting_allocator_t *c = (counting_allocator_t *)ctx;
    c->allocations++;
    if (c->fail_at != 0 && c->allocations == c->fail_at) return NULL;
    void *p = malloc(size);
    if (p) c->outstanding += (long long)size;
    return p;
}

static void counting_deallocate(void *ctx, void *p, size_t size) {
    counting_allocator_t *c = (counting_allocator_t *)ctx;
    c->outstanding -= (long long)size;
    free(p);
}

#endif
