/*
 * lcs.c - LCS pairing: trim, classify, Myers, then pair what is left.
 *
 * 1. The common prefix and suffix are paired in place.
 * 2. Every id of the middle gets a dense class number through the shared
 *    hash table (as git's xdiff classifies lines), so Myers compares
 *    32-bit integers.
 * 3. Elements whose class occurs on one side only can never be on a
 *    common subsequence; like xdiff's cleanup of unmatched records, they
 *    are dropped before the search, which keeps the LCS exact while
 *    shrinking both the input and the edit distance Myers sees.
 *    Myers' linear-space LCS (myers.c) then pairs one common subsequence.
 * 4. Elements outside it whose identity occurs on both sides are paired in
 *    order of occurrence; the finishing step turns them into moves.
 *
 * With BXD_FLAG_REJECT_DUPLICATES, the Heckel pass runs first over the
 * whole lists purely to find the first duplicate.
 */
#include "internal.h"

/* Runs Myers on the elements whose class occurs on both sides (step 3),
 * writing middle-relative pairs into a_to_b / b_to_a (all other entries
 * BXD_NONE). Uses BXD_WS_EXTRA (one byte per class) and BXD_WS_COMPACT. */
static bxd_status_t lcs_search(bxd_workspace_t *ws, const uint32_t *ca,
                               uint32_t n, const uint32_t *cb, uint32_t m,
                               uint32_t classes, uint32_t old_classes,
                               uint64_t cost_bound, uint32_t *a_to_b,
                               uint32_t *b_to_a, int *minimal) {
    bxd_status_t s = bxd_ws_reserve(ws, BXD_WS_EXTRA, classes, 1);
    if (s != BXD_OK) return s;
    uint8_t *in_new = (uint8_t *)ws->buffers[BXD_WS_EXTRA].data;
    memset(in_new, 0, classes);
    uint32_t m2 = 0, n2 = 0;
    for (uint32_t j = 0; j < m; j++) {
        in_new[cb[j]] = 1;
        m2 += cb[j] < old_classes;
    }
    for (uint32_t i = 0; i < n; i++) n2 += in_new[ca[i]];
    if (n2 == n && m2 == m)
        return bxd_myers(ws, ca, n, cb, m, cost_bound, a_to_b, b_to_a, minimal);

    /* Compact: classes (a2, b2), original indices (ia, ib), and the
     * compact pairing (p_ab, p_ba), all in one buffer. */
    /* Computed in 64 bits and checked: on a 32-bit target (n2 + m2) * 3
     * could wrap size_t (unreachable there, as the lists would not fit in
     * memory, but every size is checked). */
    const uint64_t words64 = ((uint64_t)n2 + m2) * 3;
    if (words64 > SIZE_MAX) return BXD_ERR_TOO_LARGE;
    size_t words = (size_t)words64;
    if ((s = bxd_ws_reserve(ws, BXD_WS_COMPACT, words, sizeof(uint32_t))))
        return s;
    uint32_t *a2 = (uint32_t *)ws->buffers[BXD_WS_COMPACT].data;
    uint32_t *ia = a2 + n2, *p_ab = ia + n2;
    uint32_t *b2 = p_ab + n2, *ib = b2 + m2, *p_ba = ib + m2;
    for (uint32_t i = 0, k = 0; i < n; i++)
        if (in_new[ca[i]]) {
            a2[k] = ca[i];
            ia[k++] = i;
        }
    for (uint32_t j = 0, k = 0; j < m; j++)
        if (cb[j] < old_classes) {
            b2[k] = cb[j];
            ib[k++] = j;
        }
    for (uint32_t i = 0; i < n; i++) a_to_b[i] = BXD_NONE;
    for (uint32_t j = 0; j < m; j++) b_to_a[j] = BXD_NONE;
    if (n2 == 0 || m2 == 0) return BXD_OK;
    s = bxd_myers(ws, a2, n2, b2, m2, cost_bound, p_ab, p_ba, minimal);
    if (s != BXD_OK) return s;
    for (uint32_t k = 0; k < n2; k++)
        if (p_ab[k] != BXD_NONE) {
            a_to_b[ia[k]] = ib[p_ab[k]];
            b_to_a[ib[p_ab[k]]] = ia[k];
        }
    return BXD_OK;
}

bxd_status_t bxd_lcs_pair(bxd_workspace_t *ws, const bxd_list_t *old_list,
                          const bxd_list_t *new_list, uint32_t flags,
                          uint64_t cost_bound, bxd_pairing_t *out) {
    bxd_status_t s;
    if (flags & BXD_FLAG_REJECT_DUPLICATES) {
        s = bxd_heckel_pair(ws, old_list, new_list, flags, out);
        if (s != BXD_OK) return s;
    }
    out->minimal = 1;
    uint32_t *old_to_new = out->old_to_new, *new_to_old = out->new_to_old;
    bxd_span_t *span = &out->span;
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

    /* Classes: slot.aux holds the class number. Old classes come first,
     * so a class below `old_classes` occurs in the old list. */
    uint32_t classes = 0;
    uint64_t ring[BXD_MIX_RING];
    bxd_table_ring_start(&table, ring, a, n);
    for (uint32_t i = 0; i < n; i++) {
        bxd_slot_t *sl = bxd_table_find_at(&table, a[i],
                                              bxd_table_ring_take(&table, ring, a, i, n));
        if (sl->cursor == BXD_SLOT_EMPTY) {
            sl->id = a[i];
            sl->cursor = 0;
            sl->aux = classes++;
        }
        ca[i] = sl->aux;
    }
    const uint32_t old_classes = classes;
    bxd_table_ring_start(&table, ring, b, m);
    for (uint32_t j = 0; j < m; j++) {
        bxd_slot_t *sl = bxd_table_find_at(&table, b[j],
                                              bxd_table_ring_take(&table, ring, b, j, m));
        if (sl->cursor == BXD_SLOT_EMPTY) {
            sl->id = b[j];
            sl->cursor = 0;
            sl->aux = classes++;
        }
        cb[j] = sl->aux;
    }

    if (bxd_cancelled(ws)) return BXD_ERR_CANCELLED;

    /* Myers over the middle, in middle-relative indices. */
    uint32_t *a_to_b = old_to_new + lo, *b_to_a = new_to_old + lo;
    int minimal = 1;
    s = lcs_search(ws, ca, n, cb, m, classes, old_classes, cost_bound, a_to_b,
                   b_to_a, &minimal);
    if (s != BXD_OK) return s;
    out->minimal = minimal;

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
    uint32_t pairs = 0;
    for (uint32_t i = 0; i < n; i++)
        if (a_to_b[i] != BXD_NONE) {
            a_to_b[i] += lo;
            pairs++;
        }
    span->middle_pairs = pairs;
    for (uint32_t j = 0; j < m; j++)
        if (b_to_a[j] != BXD_NONE) b_to_a[j] += lo;
    return BXD_OK;
}
