/*
 * heckel.c - hashed Heckel pairing.
 *
 * Pairing mode (the default): after the common prefix and suffix are
 * trimmed, a middle of BXD_GROUP_TABLE_MIN to BXD_GROUP_TABLE_MAX old ids,
 * none of them repeated, is paired through group_table.c's table of slot
 * groups (past the second-level cache, fewer misses and mispredicted
 * branches). Any other middle: the old ids go into a compact
 * open-addressing table of 8-byte slots (a 32-bit tag of the id and the index of its first
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

/* ---- context ------------------------------------------------------------- */

/* What every step of one Heckel pairing shares. The middle being paired is
 * out->span's: old[prefix, old_end) / new[prefix, new_end). */
typedef struct heckel_ctx {
    bxd_workspace_t *ws;
    const uint64_t *a, *b; /* old and new ids */
    uint32_t n, m;         /* old and new counts */
    bxd_pairing_t *out;    /* maps, span, duplicate */
    /* Short-suffix check during the pairing (see the top): a table of the
     * suffix ids, or NULL; set when a suffix id stays unpaired. */
    const bxd_table_t *suffix;
    bool suffix_hit;
} heckel_ctx_t;

/* ---- the compact table (pairing mode) ------------------------------------ */

typedef struct compact_slot {
    uint32_t tag;   /* a 32-bit digest of the id */
    uint32_t index; /* first old occurrence, or BXD_SLOT_EMPTY */
} compact_slot_t;

typedef struct compact_table {
    compact_slot_t *slots;
    bxd_table_shape_t shape;
} compact_table_t;

/* The slot of `id` (whose index points into `ids`), or the empty slot where
 * it would go. The tag is the low half of the keyed mix (the home is its
 * top bits), so ids cannot be chosen to share tags either: crafted ids
 * cannot force an id read-back on every probe step. */
static inline compact_slot_t *compact_find_mixed(const compact_table_t *t,
                                                 const uint64_t *ids,
                                                 uint64_t id, uint64_t h) {
    size_t i = (size_t)(h >> t->shape.shift);
    const uint32_t tag = (uint32_t)h;
    for (;;) {
        compact_slot_t *s = &t->slots[i];
        if (s->index == BXD_SLOT_EMPTY) return s;
        if (s->tag == tag && ids[s->index] == id) return s;
        i = (i + 1) & t->shape.mask;
        BXD_PROBE_STEP(&t->shape);
    }
}

static inline compact_slot_t *compact_find(const compact_table_t *t,
                                           const uint64_t *ids, uint64_t id) {
    return compact_find_mixed(t, ids, id, bxd_mix(id, t->shape.key));
}

/* Pairs the middle (both sides non-empty) through the compact table. */
static bxd_status_t pair_compact(heckel_ctx_t *c) {
    bxd_workspace_t *ws = c->ws;
    const uint64_t *a = c->a, *b = c->b;
    const uint32_t n = c->n;
    const uint32_t lo = c->out->span.prefix, ahi = c->out->span.old_end,
                   bhi = c->out->span.new_end;
    uint32_t *old_to_new = c->out->old_to_new, *new_to_old = c->out->new_to_old;
    const bxd_table_t *suffix = c->suffix;
    bool suffix_hit = false;

    compact_table_t t;
    void *slots = NULL;
    bxd_status_t st = bxd_table_reserve(ws, BXD_WS_TABLE, ahi - lo,
                                        sizeof(compact_slot_t), &slots,
                                        &t.shape);
    if (st != BXD_OK) return st;
    t.slots = (compact_slot_t *)slots;
    const uint64_t key = t.shape.key;
    const unsigned shift = t.shape.shift;

    /* Build, last old element first: a duplicate found later in this walk
     * is an earlier occurrence, pushed in front of the slot's list, so the
     * slot ends at the first occurrence with the rest chained in order.
     * chain[i - lo]: next occurrence after i; cursor[f - lo]: next
     * unpaired occurrence of the id whose first occurrence is f. Both
     * span the middle alone (the prefix is paired in place): sized by the
     * whole list, a spare workspace kept after a one-id append to a
     * 1,000,000-id list with a repeated id held 8 MB (found by review,
     * 2026-12-03). */
    uint32_t *chain = NULL, *cursor = NULL;
    uint64_t ring[BXD_MIX_RING]; /* mixes (bxd_ring_put), not homes */
    bxd_ring_start_down(ring, a, lo, ahi, key, t.slots, sizeof(compact_slot_t),
                        shift, false);
    for (uint32_t i = ahi; i-- > lo;) {
        const uint64_t h = bxd_ring_take_down(ring, a, i, lo, key, t.slots,
                                              sizeof(compact_slot_t), shift,
                                              false);
        compact_slot_t *s = compact_find_mixed(&t, a, a[i], h);
        old_to_new[i] = BXD_NONE;
        if (s->index == BXD_SLOT_EMPTY) {
            s->tag = (uint32_t)h;
            s->index = i;
            if (chain != NULL) chain[i - lo] = BXD_NONE;
            continue;
        }
        if (chain == NULL) {
            st = bxd_ws_reserve(ws, BXD_WS_CHAIN, ahi - lo, 2 * sizeof(uint32_t));
            if (st != BXD_OK) return st;
            chain = (uint32_t *)ws->buffers[BXD_WS_CHAIN].data;
            cursor = chain + (ahi - lo);
            /* Elements entered so far are each alone in their list. */
            for (uint32_t k = i + 1; k < ahi; k++) chain[k - lo] = BXD_NONE;
        }
        chain[i - lo] = s->index;
        s->index = i;
    }
    if (chain != NULL)
        for (uint32_t i = lo; i < ahi; i++) cursor[i - lo] = i;
    /* A look at the cancel flag between the build and the probe (read
     * through `c`, which stays live: `ws` kept live through the probe, or
     * a look after it, cost about 0.7 instructions an id). */
    if (bxd_cancelled(c->ws)) return BXD_ERR_CANCELLED;

    /* Probe. Without duplicates the table is only read: old_to_new says
     * whether the single occurrence is taken, so the table's cache lines
     * stay clean and are never written back. With a `suffix` table, every
     * new id left unpaired (no old occurrence left) is looked up there:
     * a suffix id unpaired in the new middle is a suffix hit. */
    uint32_t pairs = 0;
    bxd_ring_start_up(ring, b, lo, bhi, key, t.slots, sizeof(compact_slot_t),
                      shift, false);
    for (uint32_t j = lo; j < bhi; j++) {
        const uint64_t h = bxd_ring_take_up(ring, b, j, bhi, key, t.slots,
                                            sizeof(compact_slot_t), shift, false);
        const compact_slot_t *s = compact_find_mixed(&t, a, b[j], h);
        uint32_t i = s->index;
        new_to_old[j] = BXD_NONE;
        if (i != BXD_SLOT_EMPTY) {
            if (chain == NULL) {
                if (old_to_new[i] != BXD_NONE) i = BXD_SLOT_EMPTY; /* surplus new occurrence */
            } else {
                uint32_t first = i;
                i = cursor[first - lo];
                if (i == BXD_NONE) i = BXD_SLOT_EMPTY; /* every old occurrence is taken */
                else cursor[first - lo] = chain[i - lo];
            }
        }
        if (i == BXD_SLOT_EMPTY) {
            if (suffix != NULL && bxd_table_find(suffix, b[j])->cursor != BXD_SLOT_EMPTY)
                suffix_hit = true;
            continue;
        }
        old_to_new[i] = j;
        new_to_old[j] = i;
        pairs++;
    }
    /* The old side: a suffix id with an occurrence in the old middle that
     * stayed unpaired. The probe pairs an id's occurrences in order, first
     * to last, so some occurrence is unpaired exactly when the id's cursor
     * has not run off its chain (or, with no chain, when its one
     * occurrence is unpaired): one look per suffix id. (Walking the chain
     * instead cost suffix x occurrences: old [y, x x ... x], new [x ... x,
     * y, x ... x] with a suffix a quarter of the middle took 47 s at
     * 500,000 ids.) */
    if (suffix != NULL && !suffix_hit)
        for (uint32_t k = ahi; k < n && !suffix_hit; k++) {
            const compact_slot_t *s = compact_find(&t, a, a[k]);
            const uint32_t first = s->index;
            if (first == BXD_SLOT_EMPTY) continue; /* not in the old middle */
            if (chain != NULL ? cursor[first - lo] != BXD_NONE : old_to_new[first] == BXD_NONE)
                suffix_hit = true;
        }
    c->suffix_hit = suffix_hit;
    c->out->span.middle_pairs = pairs;
    return BXD_OK;
}

/* ---- reject mode ---------------------------------------------------------- */

/* Pairs the whole lists through the shared table, stopping at the first
 * repeated id. */
static bxd_status_t pair_rejecting(const heckel_ctx_t *c) {
    const uint64_t *a = c->a, *b = c->b;
    const uint32_t n = c->n, m = c->m;
    bxd_pairing_t *out = c->out;
    uint32_t *old_to_new = out->old_to_new, *new_to_old = out->new_to_old;
    bxd_table_t table;
    bxd_status_t st = bxd_table_prepare(c->ws, (size_t)n + m, &table);
    if (st != BXD_OK) return st;
    uint64_t ring[BXD_MIX_RING];
    bxd_table_ring_start(&table, ring, a, n);
    for (uint32_t i = 0; i < n; i++) {
        bxd_slot_t *s = bxd_table_find_at(&table, a[i],
                                             bxd_table_ring_take(&table, ring, a, i, n));
        old_to_new[i] = BXD_NONE;
        if (s->cursor != BXD_SLOT_EMPTY) return bxd_report_duplicate(out, 0, s->cursor, i);
        s->id = a[i];
        s->cursor = i;
    }
    if (bxd_cancelled(c->ws)) return BXD_ERR_CANCELLED;
    /* Every new id enters the table too; a slot seen on the new side is
     * SPENT with aux = its new index, so a second sighting is a duplicate. */
    uint32_t pairs = 0;
    bxd_table_ring_start(&table, ring, b, m);
    for (uint32_t j = 0; j < m; j++) {
        bxd_slot_t *s = bxd_table_find_at(&table, b[j],
                                             bxd_table_ring_take(&table, ring, b, j, m));
        uint32_t i = s->cursor;
        new_to_old[j] = BXD_NONE;
        if (i == BXD_SLOT_SPENT) return bxd_report_duplicate(out, 1, s->aux, j);
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
    out->span.middle_pairs = pairs;
    return BXD_OK;
}

/* The middles paired through group_table.c's table: from MIN old ids
 * (pairing alone, random ids: at 10,000 the compact table takes 2/3 of
 * the group table's time, from 16,000 to 1,000,000 the group table at most
 * 3/4 of the compact table's, 0.9 at 3,000,000) to below MAX (at
 * 10,000,000 the group table took 8-20% longer: its lookups read two
 * arrays at random, and there even the control bytes miss the caches).
 * The tests also run with MIN set to 1. */
#ifndef BXD_GROUP_TABLE_MIN
#define BXD_GROUP_TABLE_MIN 16384
#endif
#ifndef BXD_GROUP_TABLE_MAX
#define BXD_GROUP_TABLE_MAX 4194304
#endif

/* Pairs the middle of out->span: a large one without repeated old ids
 * through a table of slot groups, any other through the compact table. */
static bxd_status_t pair_middle(heckel_ctx_t *c) {
    bxd_span_t *span = &c->out->span;
    const uint32_t lo = span->prefix, ahi = span->old_end, bhi = span->new_end;
    span->middle_pairs = 0;
    c->suffix_hit = false;
    if (ahi == lo || bhi == lo) {
        for (uint32_t i = lo; i < ahi; i++) c->out->old_to_new[i] = BXD_NONE;
        for (uint32_t j = lo; j < bhi; j++) c->out->new_to_old[j] = BXD_NONE;
        return BXD_OK;
    }
    if (ahi - lo >= BXD_GROUP_TABLE_MIN && ahi - lo < BXD_GROUP_TABLE_MAX) {
        bxd_group_span_t g = {c->a, c->b, c->n, lo, ahi, bhi,
                              c->out->old_to_new, c->out->new_to_old,
                              c->suffix, false, 0};
        bool duplicate = false;
        bxd_status_t st = bxd_group_pair(c->ws, &g, &duplicate);
        if (st != BXD_OK) return st;
        if (!duplicate) {
            c->suffix_hit = g.suffix_hit;
            span->middle_pairs = g.pairs;
            return BXD_OK;
        }
    }
    return pair_compact(c);
}

/* Pairing the trimmed suffix in place keeps duplicates paired in order of
 * occurrence only when each suffix id occurs as often in the old middle as
 * in the new one, that is, when no occurrence of it in the middle is left
 * unpaired (e.g. old [x y x], new [x x y x]: the last x must pair with the
 * second new x, not the last). Sets *out when some suffix id has an
 * unpaired middle occurrence. The compact table is dead by now: its
 * buffer holds a table of the smaller side (the suffix ids or the
 * unpaired middle ids), probed by the other. */
static bxd_status_t suffix_unbalanced(const heckel_ctx_t *c, bool *out) {
    const uint64_t *a = c->a, *b = c->b;
    const uint32_t n = c->n;
    const bxd_span_t *span = &c->out->span;
    const uint32_t lo = span->prefix, ahi = span->old_end, bhi = span->new_end;
    const uint32_t *old_to_new = c->out->old_to_new;
    const uint32_t *new_to_old = c->out->new_to_old;
    *out = false;
    /* In 64 bits: both middles together may pass 2^32 ids (each list
     * holds up to BXD_MAX_COUNT), and a wrapped count would size the
     * table below what it must hold. */
    const uint64_t unpaired = (uint64_t)(ahi - lo) + (uint64_t)(bhi - lo) -
                              2 * (uint64_t)span->middle_pairs;
    if (unpaired == 0) return BXD_OK;
    if (bxd_cancelled(c->ws)) return BXD_ERR_CANCELLED;
    bxd_table_t table;
    bxd_status_t st;
    if ((uint64_t)(n - ahi) < unpaired) {
        /* The suffix is the smaller side: a table of its ids, probed by
         * the unpaired middle ids (a small, cache-resident table). */
        st = bxd_table_prepare(c->ws, n - ahi, &table);
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
    if (unpaired > SIZE_MAX / 2) return BXD_ERR_TOO_LARGE;
    st = bxd_table_prepare(c->ws, (size_t)unpaired, &table);
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
                             bxd_pairing_t *out) {
    heckel_ctx_t c = {ws,  old_list->ids, new_list->ids,
                      (uint32_t)old_list->count, (uint32_t)new_list->count,
                      out, NULL, false};
    const uint32_t n = c.n, m = c.m;
    const uint64_t *a = c.a;
    bxd_span_t *span = &out->span;
    out->minimal = 1;
    if (flags & BXD_FLAG_REJECT_DUPLICATES) {
        *span = (bxd_span_t){0, n, m, 0, 0};
        return pair_rejecting(&c);
    }
    bxd_trim(old_list, new_list, out->old_to_new, out->new_to_old, span);
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
        c.suffix = &suffix;
        st = pair_middle(&c);
        c.suffix = NULL;
        if (st != BXD_OK) return st;
        unbalanced = c.suffix_hit;
    } else {
        st = pair_middle(&c);
        if (st != BXD_OK || ahi == n) return st;
        st = suffix_unbalanced(&c, &unbalanced);
        if (st != BXD_OK) return st;
    }
    if (!unbalanced) return BXD_OK;
    if (bxd_cancelled(ws)) return BXD_ERR_CANCELLED;
    /* Pair the suffix with the middle instead (the prefix stays). */
    span->old_end = n;
    span->new_end = m;
    span->trimmed_updates = 0;
    if (old_list->contents != NULL && new_list->contents != NULL)
        for (uint32_t i = 0; i < lo; i++)
            span->trimmed_updates +=
                old_list->contents[i] != new_list->contents[i];
    return pair_middle(&c);
}
