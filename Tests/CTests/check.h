/*
 * check.h - the counting check harness of the C tests. Each test program
 * prints "<name>: N passed, M failed" and exits non-zero on any failure.
 * Brings in the shared seeded generator (rng.h) and counting allocator
 * (counting_alloc.h).
 */
#ifndef BXD_TEST_CHECK_H
#define BXD_TEST_CHECK_H

#include "counting_alloc.h"
#include "rng.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned long check_passed = 0, check_failed = 0;

/* Counts one check, which failed when `failure` is not NULL (then printed,
 * for the first 20 failures). Returns whether it passed. */
static inline int check_count(const char *failure, const char *file, int line) {
    if (failure == NULL) {
        check_passed++;
        return 1;
    }
    check_failed++;
    if (check_failed <= 20)
        fprintf(stderr, "%s:%d: check failed: %s\n", file, line, failure);
    return 0;
}

/* A condition that must hold. */
#define CHECK(cond) check_count((cond) ? NULL : #cond, __FILE__, __LINE__)

/* A verify.h (or alike) answer that must be NULL: no failed check. */
#define CHECK_OK(failure) check_count((failure), __FILE__, __LINE__)

static inline int check_report(const char *name) {
    printf("%s: %lu passed, %lu failed\n", name, check_passed, check_failed);
    return check_failed == 0 ? 0 : 1;
}

#endif
