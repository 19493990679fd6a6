/*
 * reference.h - plain reference answers the C tests and the fuzz targets
 * check the core against: the O(n*m) dynamic-programming LCS length (for
 * Myers) and the patience-sorting LIS length (for minimal moves).
 */
#ifndef BXD_REFERENCE_H
#define BXD_REFERENCE_H

#include "CBoxDiff.h"

#include <stdint.h>
#include <stdlib.h>

static inline uint32_t ref_lcs_length(const uint64_t *a, uint32_t n,
                                      const uint64_t *b, uint32_t m) {
    uint32_t *row = (uint32_t *)calloc((size_t)m + 1, sizeof *row);
    if (row == NULL) return 0;
    for (uint32_t i = 1; i <= n; i++) {
        uint32_t diag = 0;
        for (uint32_t j = 1; j <= m; j++) {
            uint32_t up = row[j];
            if (a[i - 1] == b[j - 1]) row[j] = diag + 1;
            else if (row[j - 1] > row[j]) row[j] = row[j - 1];
            diag = up;
        }
    }
    uint32_t r = row[m];
    free(row);
    return r;
}

/* Length of a longest strictly increasing subsequence of the values other
 * than BXD_NONE (patience sorting); tails has room for count values. */
static inline uint32_t ref_lis_length(const uint32_t *v, uint32_t count,
                                      uint32_t *tails) {
    uint32_t len = 0;
    for (uint32_t p = 0; p < count; p++) {
        if (v[p] == BXD_NONE) continue;
        uint32_t lo = 0, hi = len;
        while (lo < hi) {
            uint32_t mid = (lo + hi) / 2;
            if (tails[mid] < v[p]) lo = mid + 1;
            else hi = mid;
        }
        tails[lo] = v[p];
        if (lo == len) len++;
    }
    return len;
}

#endif
