/*
 * trim.c - the common prefix and suffix, paired in place before any
 * algorithm runs, so identical lists cost one sequential pass.
 */
#include "internal.h"

void bxd_trim(const bxd_list_t *old_list, const bxd_list_t *new_list,
              uint32_t *old_to_new, uint32_t *new_to_old, bxd_span_t *span) {
    const uint64_t *a = old_list->ids, *b = new_list->ids;
    const uint64_t *ca = old_list->contents, *cb = new_list->contents;
    const bool contents = ca != NULL && cb != NULL;
    uint32_t n = (uint32_t)old_list->count, m = (uint32_t)new_list->count;
    uint32_t lo = 0, changed = 0;
    uint32_t limit = n < m ? n : m;
    while (lo < limit && a[lo] == b[lo]) {
        old_to_new[lo] = lo;
        new_to_old[lo] = lo;
        lo++;
    }
    uint32_t ahi = n, bhi = m;
    while (ahi > lo && bhi > lo && a[ahi - 1] == b[bhi - 1]) {
        ahi--;
        bhi--;
        old_to_new[ahi] = bhi;
        new_to_old[bhi] = ahi;
    }
    if (contents) {
        for (uint32_t i = 0; i < lo; i++) changed += ca[i] != cb[i];
        for (uint32_t i = ahi, j = bhi; i < n; i++, j++) changed += ca[i] != cb[j];
    }
    span->prefix = lo;
    span->old_end = ahi;
    span->new_end = bhi;
    span->trimmed_updates = changed;
    span->middle_pairs = 0;
}
