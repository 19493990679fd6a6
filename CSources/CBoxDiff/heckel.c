/*
 * heckel.c - hashed Heckel pairing.
 *
 * After the common prefix and suffix are trimmed, the old ids of the middle
 * go into the open-addressing table (one slot per distinct id: the cursor
 * is the next unpaired old occurrence, aux the last one; further
 * occurrences are linked through BXD_WS_CHAIN, allocated only when a
 * duplicate shows up). The new ids then probe the table: each takes the
 * cursor's occurrence, so duplicates pair in order of occurrence (first old
 * with first new) and surplus occurrences stay unpaired (deletes/inserts).
 *
 * With BXD_FLAG_REJECT_DUPLICATES nothing is trimmed (a duplicate may sit
 * in the common prefix), new-only ids are entered too, and the first id
 * seen twice in either list stops the diff with BXD_ERR_DUPLICATE.
 */
#include "internal.h"

bxd_status_t bxd_heckel_pair(bxd_workspace_t *ws, const bxd_list_t *old_list,
                             const bxd_list_t *new_list, uint32_t flags,
                             uint32_t *old_to_new, uint32_t *new_to_old,
                             bxd_span_t *span, bxd_result_t *result) {
    const bool reject = (flags & BXD_FLAG_REJECT_DUPLICATES) != 0;
    const uint64_t *a = old_list->ids, *b = new_list->ids;
    uint32_t n = (uint32_t)old_list->count, m = (uint32_t)new_list->count;
    if (reject) {
        span->prefix = 0;
        span->old_end = n;
        span->new_end = m;
        span->trimmed_updates = 0;
    } else {
        bxd_trim(old_list, new_list, old_to_new, new_to_old, span);
    }
    const uint32_t lo = span->prefix, ahi = span->old_end, bhi = span->new_end;
    for (uint32_t i = lo; i < ahi; i++) old_to_new[i] = BXD_NONE;
    for (uint32_t j = lo; j < bhi; j++) new_to_old[j] = BXD_NONE;
    if (!reject && (ahi == lo || bhi == lo)) return BXD_OK;

    size_t keys = (size_t)(ahi - lo) + (reject ? (size_t)(bhi - lo) : 0);
    bxd_table_t table;
    bxd_status_t st = bxd_table_prepare(ws, keys, &table);
    if (st != BXD_OK) return st;
    uint32_t *chain = NULL;

    for (uint32_t i = lo; i < ahi; i++) {
        if (ahi - i > BXD_PREFETCH_AHEAD) bxd_table_prefetch(&table, a[i + BXD_PREFETCH_AHEAD]);
        bxd_slot_t *s = bxd_table_find(&table, a[i]);
        if (s->cursor == BXD_SLOT_EMPTY) {
            s->id = a[i];
            s->cursor = i;
            s->aux = i;
            continue;
        }
        if (reject) return bxd_report_duplicate(result, 0, s->cursor, i);
        if (chain == NULL) {
            st = bxd_ws_reserve(ws, BXD_WS_CHAIN, n, sizeof(uint32_t));
            if (st != BXD_OK) return st;
            chain = (uint32_t *)ws->buffers[BXD_WS_CHAIN].data;
        }
        chain[s->aux] = i;
        s->aux = i;
    }

    for (uint32_t j = lo; j < bhi; j++) {
        if (bhi - j > BXD_PREFETCH_AHEAD) bxd_table_prefetch(&table, b[j + BXD_PREFETCH_AHEAD]);
        bxd_slot_t *s = bxd_table_find(&table, b[j]);
        uint32_t i = s->cursor;
        if (i == BXD_SLOT_EMPTY) {
            if (reject) {
                s->id = b[j];
                s->cursor = BXD_SLOT_SPENT;
                s->aux = j;
            }
            continue;
        }
        if (i == BXD_SLOT_SPENT) {
            if (reject) return bxd_report_duplicate(result, 1, s->aux, j);
            continue;
        }
        old_to_new[i] = j;
        new_to_old[j] = i;
        if (reject) {
            s->cursor = BXD_SLOT_SPENT;
            s->aux = j;
        } else {
            s->cursor = (i == s->aux) ? BXD_SLOT_SPENT : chain[i];
        }
    }
    return BXD_OK;
}
