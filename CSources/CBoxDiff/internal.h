/*
 * internal.h - private declarations shared by the C core's files.
 */
#ifndef BXD_INTERNAL_H
#define BXD_INTERNAL_H

#include "CBoxDiff.h"

#include <stdbool.h>
#include <string.h>

#ifdef NDEBUG
#define BXD_ASSERT(x) ((void)0)
#else
#include <assert.h>
#define BXD_ASSERT(x) assert(x)
#endif

/* Table slot cursor markers (never valid indices: see BXD_MAX_COUNT). */
#define BXD_SLOT_EMPTY ((uint32_t)0xFFFFFFFFu)
#define BXD_SLOT_SPENT ((uint32_t)0xFFFFFFFEu)

/* ---- allocation ---------------------------------------------------------- */

/* A growable block; `capacity` in bytes. Contents are not preserved when it
 * grows. */
typedef struct bxd_buffer {
    void *data;
    size_t capacity;
} bxd_buffer_t;

/* a * b into *out; false on overflow. */
static inline bool bxd_mul_size(size_t a, size_t b, size_t *out) {
    if (a != 0 && b > SIZE_MAX / a) return false;
    *out = a * b;
    return true;
}

/* Makes `buffer` hold at least count * element_size bytes (at least 1).
 * Returns BXD_OK, BXD_ERR_TOO_LARGE or BXD_ERR_NO_MEMORY (buffer then
 * unchanged). */
bxd_status_t bxd_buffer_reserve(const bxd_allocator_t *allocator,
                                bxd_buffer_t *buffer, size_t count,
                                size_t element_size);
void bxd_buffer_release(const bxd_allocator_t *allocator, bxd_buffer_t *buffer);

/* The default allocator (malloc/free). */
extern const bxd_allocator_t bxd_default_allocator;

/* ---- workspace ------------------------------------------------------------ */

/* Scratch buffers; each algorithm file documents which ones it uses. */
enum {
    BXD_WS_TABLE = 0,     /* hash table slots (hash_table.c) */
    BXD_WS_CHAIN,         /* uint32 per old element: next occurrence */
    BXD_WS_CLASS_OLD,     /* uint32 per old element: class (LCS) */
    BXD_WS_CLASS_NEW,     /* uint32 per new element: class (LCS) */
    BXD_WS_MYERS_V,       /* int64 diagonal vectors (myers.c) */
    BXD_WS_MYERS_STACK,   /* myers.c split stack */
    BXD_WS_KEEP,          /* uint8 per new element: on the LIS (result.c) */
    BXD_WS_EXTRA,         /* free for any single algorithm step */
    BXD_WS_COMPACT,       /* LCS: the middle without one-sided elements */
    BXD_WS_BUFFER_COUNT
};

struct bxd_workspace {
    bxd_allocator_t allocator;
    bxd_buffer_t buffers[BXD_WS_BUFFER_COUNT];
    uint64_t key; /* secret table key (bxd_mix), random at creation */
#ifdef BXD_COUNT_PROBES
    uint64_t probes; /* tests: probe steps past the home slot, all tables */
#endif
};

/* Test builds (-DBXD_COUNT_PROBES) count every probe step past a home slot
 * in the workspace, so a test can show that no input piles into one
 * cluster; other builds compile the counting away. */
#ifdef BXD_COUNT_PROBES
#define BXD_PROBES_FIELD uint64_t *probes;
#define BXD_PROBES_INIT(table, ws) ((table)->probes = &(ws)->probes)
#define BXD_PROBE_STEP(table) (++*(table)->probes)
#else
#define BXD_PROBES_FIELD
#define BXD_PROBES_INIT(table, ws) ((void)0)
#define BXD_PROBE_STEP(table) ((void)0)
#endif

/* Reserve workspace buffer `which` for count elements of element_size. */
static inline bxd_status_t bxd_ws_reserve(bxd_workspace_t *ws, int which,
                                          size_t count, size_t element_size) {
    return bxd_buffer_reserve(&ws->allocator, &ws->buffers[which], count,
                              element_size);
}

/* ---- hash table ------------------------------------------------------------ */

/* One slot: an id and a cursor (an index, or a BXD_SLOT_* marker). */
typedef struct bxd_slot {
    uint64_t id;
    uint32_t cursor;
    uint32_t aux;
} bxd_slot_t;

typedef struct bxd_table {
    bxd_slot_t *slots;
    size_t mask;   /* capacity - 1; capacity is a power of two */
    unsigned shift; /* 64 - log2(capacity): home = top bits of bxd_mix */
    uint64_t key;   /* the workspace's key */
    BXD_PROBES_FIELD
} bxd_table_t;

/* Capacity (a power of two, 2^bits) of a table for `count` keys. */
bxd_status_t bxd_table_capacity(size_t count, size_t *capacity,
                                unsigned *bits);

/* Prepares an empty table for up to `count` keys in ws buffer BXD_WS_TABLE. */
bxd_status_t bxd_table_prepare(bxd_workspace_t *ws, size_t count,
                               bxd_table_t *table);

/* The same table in workspace buffer `which` (BXD_WS_EXTRA for a second
 * table beside the one in BXD_WS_TABLE). */
bxd_status_t bxd_table_prepare_in(bxd_workspace_t *ws, int which,
                                  size_t count, bxd_table_t *table);

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
 * comes from that one mix.
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

/* Finds the slot of `id` starting from its home slot, or the empty slot
 * where it would go. */
static inline bxd_slot_t *bxd_table_find_at(const bxd_table_t *t, uint64_t id,
                                            size_t home) {
    size_t i = home;
    for (;;) {
        bxd_slot_t *s = &t->slots[i];
        if (s->cursor == BXD_SLOT_EMPTY || s->id == id) return s;
        i = (i + 1) & t->mask;
        BXD_PROBE_STEP(t);
    }
}

/* Finds the slot of `id`, or the empty slot where it would go. */
static inline bxd_slot_t *bxd_table_find(const bxd_table_t *t, uint64_t id) {
    return bxd_table_find_at(t, id, (size_t)(bxd_mix(id, t->key) >> t->shift));
}

/* The ring walk (homes) over ids[0, count) for table t:
 *   bxd_table_ring_start(t, ring, ids, count);
 *   for (i = 0; i < count; i++)
 *       s = bxd_table_find_at(t, ids[i], bxd_table_ring_take(t, ring, ids, i, count)); */
static inline void bxd_table_ring_start(const bxd_table_t *t, uint64_t *ring,
                                        const uint64_t *ids, size_t count) {
    bxd_ring_start_up(ring, ids, 0, count, t->key, t->slots,
                      sizeof(bxd_slot_t), t->shift, true);
}

static inline size_t bxd_table_ring_take(const bxd_table_t *t, uint64_t *ring,
                                         const uint64_t *ids, size_t i,
                                         size_t count) {
    return (size_t)bxd_ring_take_up(ring, ids, i, count, t->key, t->slots,
                                    sizeof(bxd_slot_t), t->shift, true);
}

/* ---- result storage -------------------------------------------------------- */

struct bxd_result_storage_ {
    bxd_allocator_t allocator;
    bxd_buffer_t old_to_new, new_to_old, deletes, inserts, moves, updates,
        stage_moves;
};

/* What a pairing step tells the finishing step: old[0, prefix) paired with
 * new[0, prefix) in place; old[old_end, n) with new[new_end, m) in place;
 * the middle old[prefix, old_end) / new[prefix, new_end) paired anyhow.
 * trimmed_updates: paired prefix/suffix elements whose contents differ.
 * middle_pairs: pairs inside the middle, counted by the pairing algorithm
 * so the finishing step needs no counting pass. */
typedef struct bxd_span {
    uint32_t prefix;
    uint32_t old_end;
    uint32_t new_end;
    uint32_t trimmed_updates;
    uint32_t middle_pairs;
} bxd_span_t;

/* ---- algorithms -------------------------------------------------------------- */

/* Every pairing algorithm fills old_to_new / new_to_old (BXD_NONE where
 * unpaired) for the whole lists and sets *minimal. On BXD_ERR_DUPLICATE it
 * fills the result's duplicate fields. */
bxd_status_t bxd_heckel_pair(bxd_workspace_t *ws, const bxd_list_t *old_list,
                             const bxd_list_t *new_list, uint32_t flags,
                             uint32_t *old_to_new, uint32_t *new_to_old,
                             bxd_span_t *span, bxd_result_t *result);

bxd_status_t bxd_lcs_pair(bxd_workspace_t *ws, const bxd_list_t *old_list,
                          const bxd_list_t *new_list, uint32_t flags,
                          uint64_t cost_bound, uint32_t *old_to_new,
                          uint32_t *new_to_old, bxd_span_t *span,
                          bxd_result_t *result);

/* Trims the common prefix and suffix (ids equal), pairing them in place in
 * the maps and counting their content changes into span. (trim.c) */
void bxd_trim(const bxd_list_t *old_list, const bxd_list_t *new_list,
              uint32_t *old_to_new, uint32_t *new_to_old, bxd_span_t *span);

/* Reports a duplicate in the result (side 0 old, 1 new). */
static inline bxd_status_t bxd_report_duplicate(bxd_result_t *result, int side,
                                                uint32_t first,
                                                uint32_t second) {
    result->duplicate_side = side;
    result->duplicate_first_index = first;
    result->duplicate_index = second;
    return BXD_ERR_DUPLICATE;
}

/*
 * Myers' O((N+M)D) LCS in linear space (myers.c) over dense class numbers.
 * Pairs a[i] with b[j] (a_to_b[i] = j, b_to_a[j] = i) for one common
 * subsequence; all other entries are set to BXD_NONE. Both arrays must be
 * allocated by the caller (n and m entries). Past `cost_bound` diagonals in
 * one middle-snake search, the split is chosen heuristically; *minimal is
 * then 0, else 1. Uses BXD_WS_MYERS_V and BXD_WS_MYERS_STACK.
 */
bxd_status_t bxd_myers(bxd_workspace_t *ws, const uint32_t *a, uint32_t n,
                       const uint32_t *b, uint32_t m, uint64_t cost_bound,
                       uint32_t *a_to_b, uint32_t *b_to_a, int *minimal);

/* Longest increasing subsequence over new_to_old (skipping BXD_NONE): sets
 * keep[j] = 1 for new indices on it. `keep` has new_count bytes. Uses
 * BXD_WS_TABLE (the table is dead by then). */
bxd_status_t bxd_lis(bxd_workspace_t *ws, const uint32_t *values,
                     uint32_t count, uint8_t *keep, uint32_t *length);

/* Builds deletes, inserts, moves, updates and stages from the maps already
 * stored in the result's storage (result.c / stage.c). */
bxd_status_t bxd_result_finish(bxd_workspace_t *ws, const bxd_list_t *old_list,
                               const bxd_list_t *new_list,
                               const bxd_span_t *span, bxd_result_t *result);

#endif /* BXD_INTERNAL_H */
