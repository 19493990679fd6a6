/*
 * heckel.c - hashed Heckel pairing.
 *
 * Pairing mode (the default): after the common prefix and suffix are
 * trimmed, the old ids of the middle go into a compact open-addressing
 * table of 8-byte slots (a 32-bit tag of the id and the index of its first
 * old occurrence; the id itself is read back from the old list when a tag
 * matches), half the memory traffic of storing ids. The new ids then probe
 * the table. Duplicate old ids are linked in order of occurrence through
 * BXD_WS_CHAIN (allocated only when a duplicate shows up), with a cursor
 * per id, so duplicates pair in order (first old with first new) and
 * surplus occurrences stay unpaired (deletes/inserts). The common suffix
 * stays paired in place only when that agrees with pairing in order: if a
 * suffix id has an unpaired occurrence in the middle, the suffix is paired
 * with the middle instead. A short suffix is checked during the pairing
 * (its ids in a small table in BXD_WS_EXTRA, looked up by each new id left
 * unpaired, then each suffix id looked up in the old table); otherwise
 * suffix_unbalanced checks afterwards, from the smaller side.
 *
 * With BXD_FLAG_REJECT_DUPLICATES nothing is trimmed (a duplicate may sit
 * in the common prefix), the shared 16-byte table holds both lists' ids,
 * and the first id seen twice in either list stops the diff with
 * BXD_ERR_DUPLICATE.
 */
#include "internal.h"

/* ---- the compact table (pairing mode) ------------------------------------ */

typedef struct compact_slot {
    uint32_t tag;   /* a 32-bit digest of the id */
    uint32_t index; /* first old occurrence, or BXD_SLOT_EMPTY */
} compact_slot_t;

typedef struct compact_table {
    compact_slot_t *slots;
    size_t mask;
    unsigned shift;
    uint64_t key; /* the workspace's key */
    BXD_PROBES_FIELD
} compact_table_t;

/* The slot of `id` (whose index points into `ids`), or the empty slot where
 * it would go. The tag is the low half of the keyed mix (the home is its
 * top bits), so ids cannot be chosen to share tags either: crafted ids
 * cannot force an id read-back on every probe step. */
static inline compact_slot_t *compact_find_mixed(const compact_table_t *t,
                                                 const uint64_t *ids,
                                                 uint64_t id, uint64_t h) {
    size_t i = (size_t)(h >> t->shift);
    const uint32_t tag = (uint32_t)h;
    for (;;) {
        compact_slot_t *s = &t->slots[i];
        if (s->index == BXD_SLOT_EMPTY) return s;
        if (s->tag == tag && ids[s->index] == id) return s;
        i = (i + 1) & t->mask;
        BXD_PROBE_STEP(t);
    }
}

static inline compact_slot_t *compact_find(const compact_table_t *t,
                                           const uint64_t *ids, uint64_t id) {
    return compact_find_mixed(t, ids, id, bxd_mix(id, t->key));
}


static bxd_status_t pair_compact(bxd_workspace_t *ws, const uint64_t *a,
                                 const uint64_t *b, uint32_t n, uint32_t lo,
                                 uint32_t ahi, uint32_t bhi,
                                 uint32_t *old_to_new, uint32_t *new_to_old,
                                 bxd_span_t *span, const bxd_table_t *suffix,
                                 bool *suffix_hit) {
    size_t capacity;
    unsigned bits;
    bxd_status_t st = bxd_table_capacity(ahi - lo, &capacity, &bits);
    if (st != BXD_OK) return st;
    st = bxd_ws_reserve(ws, BXD_WS_TABLE, capacity, sizeof(compact_slot_t));
    if (st != BXD_OK) return st;
    compact_table_t t;
    t.slots = (compact_slot_t *)ws->buffers[BXD_WS_TABLE].data;
    t.mask = capacity - 1;
    t.shift = 64u - bits;
    t.key = ws->key;
    BXD_PROBES_INIT(&t, ws);
    memset(t.slots, 0xFF, capacity * sizeof(compact_slot_t));

    /* Build, last old element first: a duplicate found later in this walk
     * is an earlier occurrence, pushed in front of the slot's list, so the
     * slot ends at the first occurrence with the rest chained in order.
     * chain[i]: next occurrence after i; cursor[f]: next unpaired
     * occurrence of the id whose first occurrence is f. */
    uint32_t *chain = NULL, *cursor = NULL;
    uint64_t ring[BXD_MIX_RING]; /* bxd_ring_put; here walked downwards */
    for (uint32_t i = ahi; i-- > lo && ahi - i <= BXD_PREFETCH_AHEAD;)
        bxd_ring_put(ring, a, i, t.key, t.slots, sizeof(compact_slot_t), t.shift, false);
    for (uint32_t i = ahi; i-- > lo;) {
        const uint64_t h = ring[i & (BXD_MIX_RING - 1)];
        if (i - lo >= BXD_PREFETCH_AHEAD)
            bxd_ring_put(ring, a, i - BXD_PREFETCH_AHEAD, t.key, t.slots,
                         sizeof(compact_slot_t), t.shift, false);
        compact_slot_t *s = compact_find_mixed(&t, a, a[i], h);
        old_to_new[i] = BXD_NONE;
        if (s->index == BXD_SLOT_EMPTY) {
            s->tag = (uint32_t)h;
            s->index = i;
            if (chain != NULL) chain[i] = BXD_NONE;
            continue;
        }
        if (chain == NULL) {
            st = bxd_ws_reserve(ws, BXD_WS_CHAIN, n, 2 * sizeof(uint32_t));
            if (st != BXD_OK) return st;
            chain = (uint32_t *)ws->buffers[BXD_WS_CHAIN].data;
            cursor = chain + n;
            /* Elements entered so far are each alone in their list. */
            for (uint32_t k = i + 1; k < ahi; k++) chain[k] = BXD_NONE;
        }
        chain[i] = s->index;
        s->index = i;
    }
    if (chain != NULL)
        for (uint32_t i = lo; i < ahi; i++) cursor[i] = i;

    /* Probe. Without duplicates the table is only read: old_to_new says
     * whether the single occurrence is taken, so the table's cache lines
     * stay clean and are never written back. With a `suffix` table, every
     * new id left unpaired (no old occurrence left) is looked up there:
     * a suffix id unpaired in the new middle sets *suffix_hit. */
    uint32_t pairs = 0;
    bxd_ring_start_up(ring, b, lo, bhi, t.key, t.slots, sizeof(compact_slot_t),
                      t.shift, false);
    for (uint32_t j = lo; j < bhi; j++) {
        const uint64_t h = bxd_ring_take_up(ring, b, j, bhi, t.key, t.slots,
                                            sizeof(compact_slot_t), t.shift, false);
        const compact_slot_t *s = compact_find_mixed(&t, a, b[j], h);
        uint32_t i = s->index;
        new_to_old[j] = BXD_NONE;
        if (i != BXD_SLOT_EMPTY) {
            if (chain == NULL) {
                if (old_to_new[i] != BXD_NONE) i = BXD_SLOT_EMPTY; /* surplus new occurrence */
            } else {
                uint32_t first = i;
                i = cursor[first];
                if (i == BXD_NONE) i = BXD_SLOT_EMPTY; /* every old occurrence is taken */
                else cursor[first] = chain[i];
            }
        }
        if (i == BXD_SLOT_EMPTY) {
            if (suffix != NULL && bxd_table_find(suffix, b[j])->cursor != BXD_SLOT_EMPTY)
                *suffix_hit = true;
            continue;
        }
        old_to_new[i] = j;
        new_to_old[j] = i;
        pairs++;
    }
    /* The old side: a suffix id with an occurrence in the old middle that
     * stayed unpaired. Its occurrences are the slot's first one and its
     * chain (the probe only moved cursors). */
    if (suffix != NULL && !*suffix_hit)
        for (uint32_t k = ahi; k < n && !*suffix_hit; k++) {
            const compact_slot_t *s = compact_find(&t, a, a[k]);
            for (uint32_t i = s->index; i != BXD_NONE; /* == BXD_SLOT_EMPTY */
                 i = chain != NULL ? chain[i] : BXD_NONE)
                if (old_to_new[i] == BXD_NONE) {
                    *suffix_hit = true;
                    break;
                }
        }
    span->middle_pairs = pairs;
    return BXD_OK;
}

/* ---- reject mode ---------------------------------------------------------- */

static bxd_status_t pair_rejecting(bxd_workspace_t *ws, const uint64_t *a,
                                   const uint64_t *b, uint32_t n, uint32_t m,
                                   uint32_t *old_to_new, uint32_t *new_to_old,
                                   bxd_span_t *span, bxd_result_t *result) {
    bxd_table_t table;
    bxd_status_t st = bxd_table_prepare(ws, (size_t)n + m, &table);
    if (st != BXD_OK) return st;
    uint64_t ring[BXD_MIX_RING];
    bxd_table_ring_start(&table, ring, a, n);
    for (uint32_t i = 0; i < n; i++) {
        bxd_slot_t *s = bxd_table_find_at(&table, a[i],
                                             bxd_table_ring_take(&table, ring, a, i, n));
        old_to_new[i] = BXD_NONE;
        if (s->cursor != BXD_SLOT_EMPTY) return bxd_report_duplicate(result, 0, s->cursor, i);
        s->id = a[i];
        s->cursor = i;
    }
    /* Every new id enters the table too; a slot seen on the new side is
     * SPENT with aux = its new index, so a second sighting is a duplicate. */
    uint32_t pairs = 0;
    bxd_table_ring_start(&table, ring, b, m);
    for (uint32_t j = 0; j < m; j++) {
        bxd_slot_t *s = bxd_table_find_at(&table, b[j],
                                             bxd_table_ring_take(&table, ring, b, j, m));
        uint32_t i = s->cursor;
        new_to_old[j] = BXD_NONE;
        if (i == BXD_SLOT_SPENT) return bxd_report_duplicate(result, 1, s->aux, j);
        if (i != BXD_SLOT_EMPTY) {
            old_to_new[i] = j;
            new_to_old[j] = i;
            pairs++;
        } else {
            s->id = b[j];
        }
        s->cursor = BXD_SLOT_SPENT;
        s->aux = j;
    }
    span->middle_pairs = pairs;
    return BXD_OK;
}

/* Pairs the middle old[lo, ahi) / new[lo, bhi). */
static bxd_status_t pair_middle(bxd_workspace_t *ws, const uint64_t *a,
                                const uint64_t *b, uint32_t n, uint32_t lo,
                                uint32_t ahi, uint32_t bhi,
                                uint32_t *old_to_new, uint32_t *new_to_old,
                                bxd_span_t *span, const bxd_table_t *suffix,
                                bool *suffix_hit) {
    span->middle_pairs = 0;
    if (ahi == lo || bhi == lo) {
        for (uint32_t i = lo; i < ahi; i++) old_to_new[i] = BXD_NONE;
        for (uint32_t j = lo; j < bhi; j++) new_to_old[j] = BXD_NONE;
        return BXD_OK;
    }
    return pair_compact(ws, a, b, n, lo, ahi, bhi, old_to_new, new_to_old,
                        span, suffix, suffix_hit);
}

/* Pairing the trimmed suffix in place keeps duplicates paired in order of
 * occurrence only when each suffix id occurs as often in the old middle as
 * in the new one, that is, when no occurrence of it in the middle is left
 * unpaired (e.g. old [x y x], new [x x y x]: the last x must pair with the
 * second new x, not the last). Sets *out when some suffix id has an
 * unpaired middle occurrence. The compact table is dead by now: its
 * buffer holds a table of the smaller side (the suffix ids or the
 * unpaired middle ids), probed by the other. */
static bxd_status_t suffix_unbalanced(bxd_workspace_t *ws, const uint64_t *a,
                                      const uint64_t *b, uint32_t n,
                                      uint32_t lo, uint32_t ahi, uint32_t bhi,
                                      uint32_t pairs,
                                      const uint32_t *old_to_new,
                                      const uint32_t *new_to_old, bool *out) {
    *out = false;
    const uint32_t unpaired = (ahi - lo) + (bhi - lo) - 2 * pairs;
    if (unpaired == 0) return BXD_OK;
    bxd_table_t table;
    bxd_status_t st;
    if (n - ahi < unpaired) {
        /* The suffix is the smaller side: a table of its ids, probed by
         * the unpaired middle ids (a small, cache-resident table). */
        st = bxd_table_prepare(ws, n - ahi, &table);
        if (st != BXD_OK) return st;
        for (uint32_t i = ahi; i < n; i++) {
            bxd_slot_t *s = bxd_table_find(&table, a[i]);
            s->id = a[i];
            s->cursor = 0;
        }
        for (uint32_t i = lo; i < ahi; i++)
            if (old_to_new[i] == BXD_NONE &&
                bxd_table_find(&table, a[i])->cursor != BXD_SLOT_EMPTY) {
                *out = true;
                return BXD_OK;
            }
        for (uint32_t j = lo; j < bhi; j++)
            if (new_to_old[j] == BXD_NONE &&
                bxd_table_find(&table, b[j])->cursor != BXD_SLOT_EMPTY) {
                *out = true;
                return BXD_OK;
            }
        return BXD_OK;
    }
    st = bxd_table_prepare(ws, unpaired, &table);
    if (st != BXD_OK) return st;
    for (uint32_t i = lo; i < ahi; i++)
        if (old_to_new[i] == BXD_NONE) {
            bxd_slot_t *s = bxd_table_find(&table, a[i]);
            s->id = a[i];
            s->cursor = 0;
        }
    for (uint32_t j = lo; j < bhi; j++)
        if (new_to_old[j] == BXD_NONE) {
            bxd_slot_t *s = bxd_table_find(&table, b[j]);
            s->id = b[j];
            s->cursor = 0;
        }
    for (uint32_t i = ahi; i < n; i++)
        if (bxd_table_find(&table, a[i])->cursor != BXD_SLOT_EMPTY) {
            *out = true;
            break;
        }
    return BXD_OK;
}

bxd_status_t bxd_heckel_pair(bxd_workspace_t *ws, const bxd_list_t *old_list,
                             const bxd_list_t *new_list, uint32_t flags,
                             uint32_t *old_to_new, uint32_t *new_to_old,
                             bxd_span_t *span, bxd_result_t *result) {
    const uint64_t *a = old_list->ids, *b = new_list->ids;
    uint32_t n = (uint32_t)old_list->count, m = (uint32_t)new_list->count;
    if (flags & BXD_FLAG_REJECT_DUPLICATES) {
        span->prefix = 0;
        span->old_end = n;
        span->new_end = m;
        span->trimmed_updates = 0;
        span->middle_pairs = 0;
        return pair_rejecting(ws, a, b, n, m, old_to_new, new_to_old, span,
                              result);
    }
    bxd_trim(old_list, new_list, old_to_new, new_to_old, span);
    const uint32_t lo = span->prefix, ahi = span->old_end, bhi = span->new_end;
    bxd_status_t st;
    bool unbalanced = false;
    if (ahi < n && ahi > lo && bhi > lo && (n - ahi) <= (ahi - lo) / 4) {
        /* A short suffix beside a larger middle: its ids go into a small
         * table first, and the pairing itself notes a suffix id left
         * unpaired in the middle (no extra pass over the middle). */
        bxd_table_t suffix;
        if ((st = bxd_table_prepare_in(ws, BXD_WS_EXTRA, n - ahi, &suffix)) != BXD_OK)
            return st;
        for (uint32_t i = ahi; i < n; i++) {
            bxd_slot_t *slot = bxd_table_find(&suffix, a[i]);
            slot->id = a[i];
            slot->cursor = 0;
        }
        st = pair_middle(ws, a, b, n, lo, ahi, bhi, old_to_new, new_to_old,
                         span, &suffix, &unbalanced);
        if (st != BXD_OK) return st;
    } else {
        st = pair_middle(ws, a, b, n, lo, ahi, bhi, old_to_new, new_to_old,
                         span, NULL, NULL);
        if (st != BXD_OK || ahi == n) return st;
        st = suffix_unbalanced(ws, a, b, n, lo, ahi, bhi, span->middle_pairs,
                               old_to_new, new_to_old, &unbalanced);
        if (st != BXD_OK) return st;
    }
    if (!unbalanced) return BXD_OK;
    /* Pair the suffix with the middle instead (the prefix stays). */
    span->old_end = n;
    span->new_end = m;
    span->trimmed_updates = 0;
    if (old_list->contents != NULL && new_list->contents != NULL)
        for (uint32_t i = 0; i < lo; i++)
            span->trimmed_updates +=
                old_list->contents[i] != new_list->contents[i];
    return pair_middle(ws, a, b, n, lo, n, m, old_to_new, new_to_old, span,
                       NULL, NULL);
}
