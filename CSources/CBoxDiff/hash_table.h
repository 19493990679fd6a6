/*
 * hash_table.h - the core's open-addressing tables (private): their shape
 * (hash_table.c), the keyed mixer, the prefetching mix ring of the hot
 * loops, and the shared table of bxd_slot_t.
 */
#ifndef BXD_HASH_TABLE_H
#define BXD_HASH_TABLE_H

#include "workspace.h"

/* Table slot cursor markers (never valid indices: see BXD_MAX_COUNT). */
#define BXD_SLOT_EMPTY ((uint32_t)0xFFFFFFFFu)
#define BXD_SLOT_SPENT ((uint32_t)0xFFFFFFFEu)

/* ---- hash tables --------------------------------------------------------- */

/* What every table of the core shares, whatever its slot type (hash_table.c
 * reserves and empties it): a power-of-two capacity and homes taken from
 * the top bits of the keyed mix. */
typedef struct bxd_table_shape {
    size_t mask;    /* capacity - 1 */
    unsigned shift; /* 64 - log2(capacity): home = bxd_mix(id, key) >> shift */
    uint64_t key;   /* the workspace's key */
    BXD_PROBES_FIELD
} bxd_table_shape_t;

/* One slot of the shared table: an id and a cursor (an index, or a
 * BXD_SLOT_* marker), and a word each user gives its own meaning. */
typedef struct bxd_slot {
    uint64_t id;
    uint32_t cursor;
    uint32_t aux;
} bxd_slot_t;

typedef struct bxd_table {
    bxd_slot_t *slots;
    bxd_table_shape_t shape;
} bxd_table_t;

/* Reserves workspace buffer `which` for a table of `slot_size`-byte slots
 * holding up to `count` keys (load at most 1/2), fills it with 0xFF bytes
 * (so a 32-bit index or cursor field of 0xFFFFFFFF marks a slot empty),
 * and returns the slots and the shape. */
BXD_HIDDEN bxd_status_t bxd_table_reserve(bxd_workspace_t *ws, int which,
                                          size_t count, size_t slot_size,
                                          void **slots,
                                          bxd_table_shape_t *shape);

/* Reserves BXD_WS_TABLE for group_table.c's table of up to `count` keys
 * (load at most 1/2): a control byte per slot, all 0x80 (empty), then a
 * 4-byte index per slot, unset; groups of 8 slots, the home group the top
 * bits of the keyed mix (shape->mask: groups - 1). */
BXD_HIDDEN bxd_status_t bxd_group_table_reserve(bxd_workspace_t *ws,
                                                size_t count,
                                                uint8_t **control,
                                                uint32_t **index,
                                                bxd_table_shape_t *shape);

/* An empty table of bxd_slot_t for up to `count` keys in workspace buffer
 * `which` (BXD_WS_TABLE; BXD_WS_EXTRA for a second table beside it). */
static inline bxd_status_t bxd_table_prepare_in(bxd_workspace_t *ws,
                                                int which, size_t count,
                                                bxd_table_t *table) {
    void *slots = NULL;
    bxd_status_t st = bxd_table_reserve(ws, which, count, sizeof(bxd_slot_t),
                                        &slots, &table->shape);
    table->slots = (bxd_slot_t *)slots;
    return st;
}

static inline bxd_status_t bxd_table_prepare(bxd_workspace_t *ws,
                                             size_t count, bxd_table_t *table) {
    return bxd_table_prepare_in(ws, BXD_WS_TABLE, count, table);
}

/* The keyed slot hash of every table: a bijective xor-shift-multiply
 * mixer (two rounds) of id ^ key. Homes are its top bits, so every bit of
 * the id and of the key reaches the home; without the key, ids cannot be
 * chosen to share a home (an unkeyed function lets whoever picks the ids
 * pile them into one cluster and make every lookup walk it). Sequential
 * ids spread like random ones. Its low 32 bits serve as heckel.c's tag. */
static inline uint64_t bxd_mix(uint64_t id, uint64_t key) {
    uint64_t h = id ^ key;
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ull;
    h ^= h >> 32;
    h *= 0xD6E8FEB86659FD93ull;
    return h;
}

/* How many elements ahead the table loops prefetch home slots: past the L2
 * cache every lookup is a cache miss, and asking early overlaps them. */
#ifndef BXD_PREFETCH_AHEAD
#define BXD_PREFETCH_AHEAD 16
#endif

/* Entries of a mix ring (bxd_ring_put): a power of two, at least BXD_PREFETCH_AHEAD. */
#define BXD_MIX_RING 16
#if BXD_PREFETCH_AHEAD > 64
#error "BXD_PREFETCH_AHEAD must be at most 64"
#elif BXD_PREFETCH_AHEAD > 32
#undef BXD_MIX_RING
#define BXD_MIX_RING 64
#elif BXD_PREFETCH_AHEAD > 16
#undef BXD_MIX_RING
#define BXD_MIX_RING 32
#endif
#if BXD_PREFETCH_AHEAD < 1
#error "BXD_PREFETCH_AHEAD must be at least 1"
#endif

static inline void bxd_prefetch_write(const void *address) {
#if defined(__GNUC__) || defined(__clang__)
    __builtin_prefetch(address, 1, 1);
#else
    (void)address;
#endif
}

/* The hot loops mix each id once: the mix of element i +- AHEAD is
 * computed when element i is looked up, its home slot prefetched, and the
 * mix (or, with `home`, the home slot itself) kept in a ring of
 * BXD_MIX_RING entries, indexed by element index, until its own lookup
 * reads it (before the entry is reused). Every home, and heckel.c's tag,
 * comes from that one mix. The key and shift are passed as values (not
 * through a shape pointer) so the loops keep them in registers.
 *
 * bxd_ring_put: ring[i] = bxd_mix(ids[i], key), or its home
 * bxd_mix(..) >> shift when `home` (a constant at every call), prefetching
 * that home in a table of `slot_size`-byte slots. */
static inline void bxd_ring_put(uint64_t *ring, const uint64_t *ids, size_t i,
                                uint64_t key, const void *slots,
                                size_t slot_size, unsigned shift, bool home) {
    const uint64_t h = bxd_mix(ids[i], key);
    const size_t slot = (size_t)(h >> shift);
    ring[i & (BXD_MIX_RING - 1)] = home ? (uint64_t)slot : h;
    bxd_prefetch_write((const char *)slots + slot * slot_size);
}

/* Fills the ring for a forward walk of ids[begin, end). */
static inline void bxd_ring_start_up(uint64_t *ring, const uint64_t *ids,
                                     size_t begin, size_t end, uint64_t key,
                                     const void *slots, size_t slot_size,
                                     unsigned shift, bool home) {
    const size_t stop = end - begin > BXD_PREFETCH_AHEAD ? begin + BXD_PREFETCH_AHEAD : end;
    for (size_t i = begin; i < stop; i++)
        bxd_ring_put(ring, ids, i, key, slots, slot_size, shift, home);
}

/* Element i's ring entry in a forward walk of ids[.., end); then mixes and
 * prefetches element i + BXD_PREFETCH_AHEAD. */
static inline uint64_t bxd_ring_take_up(uint64_t *ring, const uint64_t *ids,
                                        size_t i, size_t end, uint64_t key,
                                        const void *slots, size_t slot_size,
                                        unsigned shift, bool home) {
    const uint64_t h = ring[i & (BXD_MIX_RING - 1)];
    if (end - i > BXD_PREFETCH_AHEAD)
        bxd_ring_put(ring, ids, i + BXD_PREFETCH_AHEAD, key, slots, slot_size,
                     shift, home);
    return h;
}

/* Fills the ring for a backward walk of ids[begin, end) (end - 1 first). */
static inline void bxd_ring_start_down(uint64_t *ring, const uint64_t *ids,
                                       size_t begin, size_t end, uint64_t key,
                                       const void *slots, size_t slot_size,
                                       unsigned shift, bool home) {
    for (size_t i = end; i-- > begin && end - i <= BXD_PREFETCH_AHEAD;)
        bxd_ring_put(ring, ids, i, key, slots, slot_size, shift, home);
}

/* Element i's ring entry in a backward walk of ids[begin, ..); then mixes
 * and prefetches element i - BXD_PREFETCH_AHEAD. */
static inline uint64_t bxd_ring_take_down(uint64_t *ring, const uint64_t *ids,
                                          size_t i, size_t begin, uint64_t key,
                                          const void *slots, size_t slot_size,
                                          unsigned shift, bool home) {
    const uint64_t h = ring[i & (BXD_MIX_RING - 1)];
    if (i - begin >= BXD_PREFETCH_AHEAD)
        bxd_ring_put(ring, ids, i - BXD_PREFETCH_AHEAD, key, slots, slot_size,
                     shift, home);
    return h;
}

/* Finds the slot of `id` starting from its home slot, or the empty slot
 * where it would go. */
static inline bxd_slot_t *bxd_table_find_at(const bxd_table_t *t, uint64_t id,
                                            size_t home) {
    size_t i = home;
    for (;;) {
        bxd_slot_t *s = &t->slots[i];
        if (s->cursor == BXD_SLOT_EMPTY || s->id == id) return s;
        i = (i + 1) & t->shape.mask;
        BXD_PROBE_STEP(&t->shape);
    }
}

/* Finds the slot of `id`, or the empty slot where it would go. */
static inline bxd_slot_t *bxd_table_find(const bxd_table_t *t, uint64_t id) {
    return bxd_table_find_at(
        t, id, (size_t)(bxd_mix(id, t->shape.key) >> t->shape.shift));
}

/* The ring walk (homes) over ids[0, count) for table t:
 *   bxd_table_ring_start(t, ring, ids, count);
 *   for (i = 0; i < count; i++)
 *       s = bxd_table_find_at(t, ids[i], bxd_table_ring_take(t, ring, ids, i, count)); */
static inline void bxd_table_ring_start(const bxd_table_t *t, uint64_t *ring,
                                        const uint64_t *ids, size_t count) {
    bxd_ring_start_up(ring, ids, 0, count, t->shape.key, t->slots,
                      sizeof(bxd_slot_t), t->shape.shift, true);
}

static inline size_t bxd_table_ring_take(const bxd_table_t *t, uint64_t *ring,
                                         const uint64_t *ids, size_t i,
                                         size_t count) {
    return (size_t)bxd_ring_take_up(ring, ids, i, count, t->shape.key, t->slots,
                                    sizeof(bxd_slot_t), t->shape.shift, true);
}

#endif /* BXD_HASH_TABLE_H */
