/*
 * group_table.c - heckel.c's pairing of a large middle through a table of
 * slot groups.
 *
 * Past the second-level cache every table lookup is a cache miss, and the
 * compact table's 8-byte slots make the table itself most of the misses.
 * Here a slot is one control byte and a 4-byte old index, in two arrays:
 * the control bytes of 8 slots (a group) are one 64-bit word, so one load
 * tells which of 8 slots are empty and which hold an id whose 7-bit tag
 * matches. Groups fill in order from a home group (the top bits of the
 * keyed mix; the tag is its low bits), and with no key ever removed a
 * lookup stops at the first group with an empty slot. 5 bytes a slot
 * instead of 8, at the same load (at most 1/2), and a lookup's branches
 * follow the groups, not the run of slots: a whole Heckel diff (boxdiff-
 * bench core-heckel) takes about 10% less time at 40,000 ids and 12% at
 * 100,000 and 1,000,000, with half the mispredicted branches. Below
 * BXD_GROUP_TABLE_MIN (heckel.c) the compact table is faster: at 10,000
 * ids the whole table stays in the second-level cache and its first probe
 * is nearly always the last; from BXD_GROUP_TABLE_MAX too (see there).
 *
 * Only for old middles without a repeated id (the usual list): the first
 * repeated old id found while building stops it (*duplicate), and the
 * caller pairs the middle with the compact table instead, which links
 * occurrences (so duplicates pair in order). New ids may repeat: a surplus
 * occurrence stays unpaired, as there.
 */
#include "internal.h"

/* Keeps a function out of line (see group_build). */
#if defined(__GNUC__) || defined(__clang__)
#define BXD_NOINLINE __attribute__((noinline))
#else
#define BXD_NOINLINE
#endif

#define BXD_GROUP_LOW UINT64_C(0x0101010101010101)
#define BXD_GROUP_HIGH UINT64_C(0x8080808080808080)

/* The control word of group g: its 8 control bytes read little-endian, so
 * byte k of the word (bits 8k..8k+7, what BXD_GROUP_SLOT counts) is slot
 * 8g + k on every host. A native load on a big-endian host would put slot
 * 8g + k in byte 7 - k: lookups would read the index of another slot
 * (unset if that slot is empty) and inserts overwrite a full slot. */
static inline uint64_t group_word(const uint8_t *control, size_t g) {
    const uint8_t *p = control + g * 8;
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint64_t w;
    memcpy(&w, p, sizeof w);
    return w;
#else
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32) |
           ((uint64_t)p[5] << 40) | ((uint64_t)p[6] << 48) |
           ((uint64_t)p[7] << 56);
#endif
}

/* Flags (0x80) in the bytes of `w` equal to the tag repeated in `tags`.
 * Every equal byte is flagged; a byte above an equal one may be flagged
 * too (the borrow of the subtraction), never an empty one: a flagged slot
 * always holds an index, to be checked against the id. */
static inline uint64_t group_match(uint64_t w, uint64_t tags) {
    const uint64_t x = w ^ tags;
    return (x - BXD_GROUP_LOW) & ~x & BXD_GROUP_HIGH;
}

/* The slot within its group of the lowest flagged byte of `mask`
 * (nonzero). */
#if defined(__GNUC__) || defined(__clang__)
#define BXD_GROUP_SLOT(mask) ((unsigned)__builtin_ctzll(mask) >> 3)
#else
static inline unsigned group_slot(uint64_t mask) {
    unsigned k = 0;
    while (!(mask & 0x80u)) {
        mask >>= 8;
        k++;
    }
    return k;
}
#define BXD_GROUP_SLOT(mask) group_slot(mask)
#endif

/* What a lookup walk shares: the arrays and the table's shape. */
typedef struct group_table {
    uint8_t *control;
    uint32_t *index;
    bxd_table_shape_t shape; /* mask: groups - 1; shift: home group */
} group_table_t;

/* The old index of `id` (mix h), or BXD_SLOT_EMPTY. */
static inline uint32_t group_find(const group_table_t *t, const uint64_t *a,
                                  uint64_t id, uint64_t h) {
    size_t g = (size_t)(h >> t->shape.shift);
    const uint64_t tags = (h & 0x7Fu) * BXD_GROUP_LOW;
    for (;;) {
        const uint64_t w = group_word(t->control, g);
        for (uint64_t m = group_match(w, tags); m != 0; m &= m - 1) {
            const uint32_t i = t->index[g * 8 + BXD_GROUP_SLOT(m)];
            if (a[i] == id) return i;
        }
        if (w & BXD_GROUP_HIGH) return BXD_SLOT_EMPTY;
        g = (g + 1) & t->shape.mask;
        BXD_PROBE_STEP(&t->shape);
    }
}

/* Enters old index i (id a[i], mix h); false if its id is there already. */
static inline bool group_insert(group_table_t *t, const uint64_t *a,
                                uint32_t i, uint64_t h) {
    size_t g = (size_t)(h >> t->shape.shift);
    const uint64_t tag = h & 0x7Fu;
    const uint64_t tags = tag * BXD_GROUP_LOW;
    for (;;) {
        const uint64_t w = group_word(t->control, g);
        for (uint64_t m = group_match(w, tags); m != 0; m &= m - 1)
            if (a[t->index[g * 8 + BXD_GROUP_SLOT(m)]] == a[i]) return false;
        const uint64_t empty = w & BXD_GROUP_HIGH;
        if (empty) {
            const size_t s = g * 8 + BXD_GROUP_SLOT(empty);
            t->control[s] = (uint8_t)tag;
            t->index[s] = i;
            return true;
        }
        g = (g + 1) & t->shape.mask;
        BXD_PROBE_STEP(&t->shape);
    }
}

/* Mixes ids[k] into the ring and prefetches its home group's control word
 * and indices (the walk's two misses per id). */
static inline void group_ring_put(uint64_t *ring, const uint64_t *ids,
                                  size_t k, const group_table_t *t,
                                  uint64_t key, unsigned shift) {
    const uint64_t h = bxd_mix(ids[k], key);
    const size_t g = (size_t)(h >> shift);
    ring[k & (BXD_MIX_RING - 1)] = h;
    bxd_prefetch_write(t->control + g * 8);
    bxd_prefetch_write(t->index + g * 8);
}

/* Fills the ring for a forward walk of ids[begin, end). */
static inline void group_ring_start(uint64_t *ring, const uint64_t *ids,
                                    uint32_t begin, uint32_t end,
                                    const group_table_t *t, uint64_t key,
                                    unsigned shift) {
    for (uint32_t k = begin; k < end && k - begin < BXD_PREFETCH_AHEAD; k++)
        group_ring_put(ring, ids, k, t, key, shift);
}

/* The mix of ids[k] in a forward walk of ids[.., end); then mixes and
 * prefetches element k + BXD_PREFETCH_AHEAD. */
static inline uint64_t group_ring_take(uint64_t *ring, const uint64_t *ids,
                                       uint32_t k, uint32_t end,
                                       const group_table_t *t, uint64_t key,
                                       unsigned shift) {
    const uint64_t h = ring[k & (BXD_MIX_RING - 1)];
    if (end - k > BXD_PREFETCH_AHEAD)
        group_ring_put(ring, ids, k + BXD_PREFETCH_AHEAD, t, key, shift);
    return h;
}

/* The build: enters old ids [lo, old_end) of `g` into `t` (and marks
 * them unpaired); false at the first repeated id. Out of line, as is the
 * probe: a look at the cancel flag between the two loops in one function
 * changed how both were compiled (3 instructions an id more). */
BXD_NOINLINE static bool group_build(const group_table_t *tp, const bxd_group_span_t *g) {
    group_table_t t = *tp; /* the arrays it points to are written */
    const uint64_t *a = g->a;
    const uint32_t lo = g->lo, ahi = g->old_end;
    uint32_t *old_to_new = g->old_to_new;
    const uint64_t key = t.shape.key;
    const unsigned shift = t.shape.shift;
    uint64_t ring[BXD_MIX_RING];
    group_ring_start(ring, a, lo, ahi, &t, key, shift);
    for (uint32_t i = lo; i < ahi; i++) {
        const uint64_t h = group_ring_take(ring, a, i, ahi, &t, key, shift);
        old_to_new[i] = BXD_NONE;
        if (!group_insert(&t, a, i, h)) return false;
    }
    return true;
}

/* The probe: pairs new ids [lo, new_end) of `g` through `t`, then looks
 * for a suffix id left unpaired in the old middle; sets g's outputs. The
 * table is only read; old_to_new tells whether an old id is taken (a
 * surplus new occurrence stays unpaired). */
BXD_NOINLINE static void group_probe(const group_table_t *tp, bxd_group_span_t *g) {
    const group_table_t t = *tp;
    const uint64_t *a = g->a, *b = g->b;
    const uint32_t lo = g->lo, ahi = g->old_end, bhi = g->new_end;
    uint32_t *old_to_new = g->old_to_new, *new_to_old = g->new_to_old;
    const uint64_t key = t.shape.key;
    const unsigned shift = t.shape.shift;
    uint64_t ring[BXD_MIX_RING];
    const bxd_table_t *suffix = g->suffix;
    bool suffix_hit = false;
    uint32_t pairs = 0;
    group_ring_start(ring, b, lo, bhi, &t, key, shift);
    for (uint32_t j = lo; j < bhi; j++) {
        const uint64_t h = group_ring_take(ring, b, j, bhi, &t, key, shift);
        uint32_t i = group_find(&t, a, b[j], h);
        if (i != BXD_SLOT_EMPTY && old_to_new[i] != BXD_NONE) i = BXD_SLOT_EMPTY;
        new_to_old[j] = i == BXD_SLOT_EMPTY ? BXD_NONE : i;
        if (i == BXD_SLOT_EMPTY) {
            if (suffix != NULL && bxd_table_find(suffix, b[j])->cursor != BXD_SLOT_EMPTY)
                suffix_hit = true;
            continue;
        }
        old_to_new[i] = j;
        pairs++;
    }
    /* The old side: a suffix id whose one occurrence in the old middle
     * stayed unpaired. */
    if (suffix != NULL)
        for (uint32_t k = ahi; k < g->n && !suffix_hit; k++) {
            const uint32_t i = group_find(&t, a, a[k], bxd_mix(a[k], key));
            if (i != BXD_SLOT_EMPTY && old_to_new[i] == BXD_NONE) suffix_hit = true;
        }
    g->suffix_hit = suffix_hit;
    g->pairs = pairs;
}

bxd_status_t bxd_group_pair(bxd_workspace_t *ws, bxd_group_span_t *g,
                            bool *duplicate) {
    *duplicate = false;
    group_table_t t;
    bxd_status_t st = bxd_group_table_reserve(ws, g->old_end - g->lo, &t.control,
                                              &t.index, &t.shape);
    if (st != BXD_OK) return st;
    if (!group_build(&t, g)) {
        *duplicate = true;
        return BXD_OK;
    }
    /* The build and the probe each take a few milliseconds at 1,000,000
     * ids: a look at the cancel flag between them. */
    if (bxd_cancelled(ws)) return BXD_ERR_CANCELLED;
    group_probe(&t, g);
    return BXD_OK;
}
