/*
 * reference_lcs.h - the plain O(n*m) dynamic-programming LCS length, the
 * reference the Myers search is checked against (C tests and the LCS fuzz
 * target). calloc failure returns 0 (the tests' inputs are small).
 */
#ifndef BXD_REFERENCE_LCS_H
#define BXD_REFERENCE_LCS_H

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

#endif
