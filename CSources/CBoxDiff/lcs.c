/*
 * lcs.c - LCS pairing: trim, classify, Myers, then pair what is left.
 *
 * 1. The common prefix and suffix are paired in place.
 * 2. Every id of the middle gets a dense class number through the shared
 *    hash table (as git's xdiff classifies lines), so Myers compares
 *    32-bit integers.
 * 3. Myers' linear-space LCS (myers.c) pairs one common subsequence.
 * 4. Elements outside it whose identity occurs on both sides are paired in
 *    order of occurrence; the finishing step turns them into moves.
 *
 * With BXD_FLAG_REJECT_DUPLICATES, the Heckel pass runs first over the
 * whole lists purely to find the first duplicate.
 */
#include "internal.h"

bxd_status_t bxd_lcs_pair(bxd_workspace_t *ws, const bxd_list_t *old_list,
                          const bxd_list_t *new_list, uint32_t flags,
                          uint64_t cost_bound, uint32_t *old_to_new,
                          uint32_t *new_to_old, bxd_span_t *span,
                          bxd_result_t *result) {
    bxd_status_t s;
    if (flags & BXD_FLAG_REJECT_DUPLICATES) {
        s = bxd_heckel_pair(ws, old_list, new_list, flags, old_to_new,
                            new_to_old, span, result);
        if (s != BXD_OK) return s;
    }
    result->minimal = 1;
    bxd_trim(old_list, new_list, old_to_new, new_to_old, span);
    const uint32_t lo = span->prefix, ahi = span->old_end, bhi = span->new_end;
    const uint32_t n = ahi - lo, m = bhi - lo;
    for (uint32_t i = lo; i < ahi; i++) old_to_new[i] = BXD_NONE;
    for (uint32_t j = lo; j < bhi; j++) new_to_old[j] = BXD_NONE;
    if (n == 0 || m == 0) return BXD_OK;

    const uint64_t *a = old_list->ids + lo, *b = new_list->ids + lo;
    bxd_table_t table;
    if ((s = bxd_table_prepare(ws, (size_t)n + m, &table)) != BXD_OK) return s;
    if ((s = bxd_ws_reserve(ws, BXD_WS_CLASS_OLD, n, sizeof(uint32_t))) ||
        (s = bxd_ws_reserve(ws, BXD_WS_CLASS_NEW, m, sizeof(uint32_t))))
        return s;
    uint32_t *ca = (uint32_t *)ws->buffers[BXD_WS_CLASS_OLD].data;
    uint32_t *cb = (uint32_t *)ws->buffers[BXD_WS_CLASS_NEW].data;

    /* Classes: slot.aux holds the class number. */
    uint32_t classes = 0;
    for (uint32_t i = 0; i < n; i++) {
        bxd_slot_t *sl = bxd_table_find(&table, a[i]);
        if (sl->cursor == BXD_SLOT_EMPTY) {
            sl->id = a[i];
            sl->cursor = 0;
            sl->aux = classes++;
        }
        ca[i] = sl->aux;
    }
    for (uint32_t j = 0; j < m; j++) {
        bxd_slot_t *sl = bxd_table_find(&table, b[j]);
        if (sl->cursor == BXD_SLOT_EMPTY) {
            sl->id = b[j];
            sl->cursor = 0;
            sl->aux = classes++;
        }
        cb[j] = sl->aux;
    }

    /* Myers over the middle, in middle-relative indices. */
    uint32_t *a_to_b = old_to_new + lo, *b_to_a = new_to_old + lo;
    int minimal = 1;
    s = bxd_myers(ws, ca, n, cb, m, cost_bound, a_to_b, b_to_a, &minimal);
    if (s != BXD_OK) return s;
    result->minimal = minimal;

    /* Unpaired old occurrences, queued per class in order: head[c] is the
     * next one to pair, tail[c] the last; next[] links them. */
    if ((s = bxd_ws_reserve(ws, BXD_WS_EXTRA, (size_t)classes * 2,
                            sizeof(uint32_t))) ||
        (s = bxd_ws_reserve(ws, BXD_WS_CHAIN, n, sizeof(uint32_t))))
        return s;
    uint32_t *head = (uint32_t *)ws->buffers[BXD_WS_EXTRA].data;
    uint32_t *tail = head + classes;
    uint32_t *next = (uint32_t *)ws->buffers[BXD_WS_CHAIN].data;
    memset(head, 0xFF, (size_t)classes * sizeof(uint32_t));
    for (uint32_t i = 0; i < n; i++) {
        if (a_to_b[i] != BXD_NONE) continue;
        uint32_t c = ca[i];
        next[i] = BXD_NONE;
        if (head[c] == BXD_NONE) head[c] = i;
        else next[tail[c]] = i;
        tail[c] = i;
    }
    for (uint32_t j = 0; j < m; j++) {
        if (b_to_a[j] != BXD_NONE) continue;
        uint32_t c = cb[j];
        uint32_t i = head[c];
        if (i == BXD_NONE) continue;
        head[c] = next[i];
        a_to_b[i] = j;
        b_to_a[j] = i;
    }

    /* Back to absolute indices. */
    for (uint32_t i = 0; i < n; i++)
        if (a_to_b[i] != BXD_NONE) a_to_b[i] += lo;
    for (uint32_t j = 0; j < m; j++)
        if (b_to_a[j] != BXD_NONE) b_to_a[j] += lo;
    return BXD_OK;
}
