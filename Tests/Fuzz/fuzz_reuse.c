/*
 * fuzz_reuse.c - libFuzzer target: long lists, colliding table slots, one
 * workspace and one result reused across several diffs, and allocation
 * failure inside that loop.
 *
 * A few bytes decode into lists of up to FZ_MAX elements: a list is a
 * sequence of pool indices built by an edit script, and pool indices become
 * ids only afterwards, so ids can be crafted for the table that the diff
 * will build (the workspace's key is known: it comes from the input).
 *
 * Input (missing bytes read as 0):
 *   bytes 0-7  the workspace's table key (little-endian)
 *   byte 8     bit 0: first create a workspace whose first allocation fails
 *              (must return BXD_ERR_NO_MEMORY and NULL)
 *   then up to FZ_STEPS steps, each a 7-byte header and its edit ops:
 *     h0  bit 0 LCS (else Heckel), bit 1 BXD_FLAG_REJECT_DUPLICATES,
 *         bit 2 BXD_FLAG_PAIRS_ONLY (then the full diff too, compared),
 *         bits 3-4 contents (none, both, old only, new only), bit 5 diff
 *         again under another key (same answer, nothing allocated), bit 6 a
 *         small LCS cost bound, bit 7 a new key for this step
 *     h1  ids: bits 0-1 shape (small sequential, 64-bit random, sharing
 *         one low32 ^ high32, differing only in the high half); bits 2-4
 *         collision level (0 none; else homes confined to a window of
 *         2^-c of a table: c = 2, 4, 6, 8, 10, 12, or one exact slot);
 *         bits 5-6 table size: the size of the middle's table, minus 1,
 *         0, +1, +2 bits; bit 7 size basis (old middle, or both middles)
 *     h2  bits 6-7 length scale (64, 1,024, 8,192, FZ_MAX), bits 0-5 with
 *         h3: the old list's base length (modulo the scale)
 *     h4  allocation failure: 0 none, else the (h4 & 63)-th allocation
 *         of this step's diff fails (if it allocates that often), and the
 *         same diff is then retried
 *     h5  seed of this step's shuffles and random ids
 *     h6  low nibble: ops building the old list from 0, 1, ..., n-1;
 *         high nibble: ops turning a copy of it into the new list
 *     ops 5 bytes each: type, position (16-bit fraction of the length),
 *         length (< 128 as is, else ((len & 127) + 1) / 128 of the list),
 *         target (8-bit fraction). Types: 0 delete, 1 insert fresh ids,
 *         2 move a block, 3 reverse a block, 4 copy a block (duplicates),
 *         5 change contents, 6 shuffle a block, 7 replace by random earlier
 *         pool ids (duplicates).
 *
 * Every diff is checked with the shared verifier (fz_diff_checked in
 * fuzz_common.h, ../CTests/verify.h). A failed allocation must give
 * BXD_ERR_NO_MEMORY and an empty result; the same diff retried on the
 * same workspace and result must then succeed and check out. At the end
 * nothing may be left allocated.
 */
#define FZ_MAX 32768
#include "fuzz_common.h"

#ifdef FZ_TRACE
#include <stdio.h>
#endif

#define FZ_STEPS 6
#define FZ_LCS_MAX 8192          /* LCS lists: Myers is O((N + M) D) */
#define FZ_LCS_WORK (1u << 18)   /* (N + M) x LCS cost bound, at most */
#define FZ_WORK_BUDGET 72000u   /* elements diffed per input (see below) */
#define FZ_CRAFT_BUDGET (1u << 18) /* bxd_table_slot calls per input */
#define FZ_CLUSTER_MAX 1000      /* crafted colliding ids per step */

typedef struct fz_elem {
    uint32_t pool;    /* index into the step's id pool */
    uint32_t changed; /* content version */
} fz_elem_t;

static fz_elem_t old_e[FZ_MAX], new_e[FZ_MAX], tmp_e[FZ_MAX];
#define FZ_POOL (4 * FZ_MAX)
static uint64_t pool_ids[FZ_POOL];
static uint64_t a_ids[FZ_MAX], b_ids[FZ_MAX], a_con[FZ_MAX], b_con[FZ_MAX];
static uint32_t saved_o2n[FZ_MAX];

/* ---- edit scripts ------------------------------------------------------------ */

typedef struct fz_seq {
    fz_elem_t *e;
    uint32_t len;
} fz_seq_t;

static uint32_t op_len(uint8_t l, uint32_t len) {
    return l < 128 ? l : (uint32_t)(((uint64_t)(l & 127) + 1) * len / 128);
}

/* Applies one op to `s`; `fresh` counts pool indices handed out. */
static void apply_op(fz_seq_t *s, fz_reader_t *r, uint32_t *fresh,
                     uint64_t *rng) {
    const uint8_t type = fz_byte(r) & 7;
    const uint32_t pos16 = (uint32_t)fz_byte(r) << 8 | fz_byte(r);
    const uint8_t lb = fz_byte(r), qb = fz_byte(r);
    uint32_t p = (uint32_t)(((uint64_t)pos16 * (s->len + 1)) >> 16);
    uint32_t len = op_len(lb, s->len);
    if (type == 1) { /* insert fresh ids at p */
        if (len > FZ_MAX - s->len) len = FZ_MAX - s->len;
        if (len > FZ_POOL - *fresh) len = FZ_POOL - *fresh;
        memmove(s->e + p + len, s->e + p, (s->len - p) * sizeof(fz_elem_t));
        for (uint32_t k = 0; k < len; k++) s->e[p + k] = (fz_elem_t){(*fresh)++, 0};
        s->len += len;
        return;
    }
    if (len > s->len - p) len = s->len - p;
    if (len == 0) return;
    fz_elem_t *blk = s->e + p;
    switch (type) {
    case 0: /* delete */
        memmove(blk, blk + len, (s->len - p - len) * sizeof(fz_elem_t));
        s->len -= len;
        break;
    case 2: { /* move [p, p + len) to position q of the rest */
        memcpy(tmp_e, blk, len * sizeof(fz_elem_t));
        memmove(blk, blk + len, (s->len - p - len) * sizeof(fz_elem_t));
        uint32_t rest = s->len - len;
        uint32_t q = (uint32_t)(((uint64_t)qb * (rest + 1)) >> 8);
        memmove(s->e + q + len, s->e + q, (rest - q) * sizeof(fz_elem_t));
        memcpy(s->e + q, tmp_e, len * sizeof(fz_elem_t));
        break;
    }
    case 3: /* reverse */
        for (uint32_t x = 0, y = len - 1; x < y; x++, y--) {
            fz_elem_t t = blk[x];
            blk[x] = blk[y];
            blk[y] = t;
        }
        break;
    case 4: { /* copy [p, p + len) to position q: duplicates */
        if (len > FZ_MAX - s->len) len = FZ_MAX - s->len;
        memcpy(tmp_e, blk, len * sizeof(fz_elem_t));
        uint32_t q = (uint32_t)(((uint64_t)qb * (s->len + 1)) >> 8);
        memmove(s->e + q + len, s->e + q, (s->len - q) * sizeof(fz_elem_t));
        memcpy(s->e + q, tmp_e, len * sizeof(fz_elem_t));
        s->len += len;
        break;
    }
    case 5: /* change contents (every element, or every (q+1)-th) */
        for (uint32_t k = 0; k < len; k += (qb & 0x80) ? (qb & 0x7F) + 1u : 1u)
            blk[k].changed++;
        break;
    case 6: /* shuffle */
        for (uint32_t k = len - 1; k > 0; k--) {
            uint32_t x = (uint32_t)(splitmix64_next(rng) % (k + 1));
            fz_elem_t t = blk[k];
            blk[k] = blk[x];
            blk[x] = t;
        }
        break;
    case 7: /* replace by random earlier pool ids (within a window of
             * qb + 1 ids before p's pool index when qb < 255) */
        for (uint32_t k = 0; k < len; k++) {
            uint32_t base = blk[k].pool;
            uint32_t span = qb == 255 ? *fresh : (uint32_t)qb + 1u;
            uint32_t pick = (uint32_t)(splitmix64_next(rng) % span);
            blk[k].pool = qb == 255 ? pick : (pick <= base ? base - pick : base);
        }
        break;
    }
}

/* ---- ids ------------------------------------------------------------------------- */

static uint32_t capacity_bits(size_t count) {
    size_t c = 16;
    uint32_t b = 4;
    while (c / 3 * 2 < count) {
        c *= 2;
        b++;
    }
    return b;
}

/* One candidate id of `shape` from a random 64-bit value (or the counter
 * for small ids). */
static uint64_t shape_id(int shape, uint64_t x, uint64_t *counter) {
    switch (shape) {
    case 0: return ++*counter;
    case 1: return x;
    case 2: { /* low32 ^ high32 == 0x5A5A5A5A for every id */
        uint64_t hi = x >> 32;
        return hi << 32 | ((hi ^ 0x5A5A5A5Au) & 0xFFFFFFFFu);
    }
    default: return (x >> 32) << 32 | 0x1234567u; /* high half only */
    }
}

/* Gives pool indices [0, count) ids: of `shape`, and when `level` is
 * non-zero, up to FZ_CLUSTER_MAX of them (spread over the pool) with their
 * home slot under `key` in a table of 2^bits slots inside one window of
 * 2^(bits - c) slots (level 7: one exact slot). */
FZ_NOCOV static void make_ids(uint32_t count, int shape, int level, unsigned bits,
                     uint64_t key, uint64_t seed, uint32_t *craft_budget) {
    uint64_t rng = seed, counter = seed & 0xFFFF;
    for (uint32_t k = 0; k < count; k++) pool_ids[k] = shape_id(shape, splitmix64_next(&rng), &counter);
    if (level == 0 || count == 0) return;
    const unsigned c = level == 7 ? bits : 2u * (unsigned)level;
    const unsigned drop = c >= bits ? 0 : bits - c; /* slot bits ignored */
    const uint64_t target = bxd_table_slot(splitmix64_next(&rng), key, bits) >> drop;
    /* Which pool indices collide: every stride-th one. */
    const uint32_t want = count < FZ_CLUSTER_MAX ? count : FZ_CLUSTER_MAX;
    const uint32_t stride = count / want;
    for (uint32_t k = 0, made = 0; made < want && k < count; k += stride, made++) {
        for (;;) {
            if (*craft_budget == 0) return;
            --*craft_budget;
            uint64_t id = shape_id(shape, splitmix64_next(&rng), &counter);
            if (bxd_table_slot(id, key, bits) >> drop == target) {
                pool_ids[k] = id;
                break;
            }
        }
    }
}

/* ---- the diff loop ------------------------------------------------------------- */

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_reader_t rd = {data, size, 0};
    uint64_t key = 0;
    for (int k = 0; k < 8; k++) key |= (uint64_t)fz_byte(&rd) << (8 * k);
    const uint8_t flags = fz_byte(&rd);

    counting_alloc_t counter;
    memset(&counter, 0, sizeof counter);
    const bxd_allocator_t allocator = counting_allocator(&counter);
    bxd_workspace_t *ws = NULL;
    if (flags & 1) {
        counter.fail_at = 1;
        ws = (bxd_workspace_t *)&counter; /* must be overwritten with NULL */
        FZ_CHECK(bxd_workspace_create(&allocator, &ws) == BXD_ERR_NO_MEMORY);
        FZ_CHECK(ws == NULL && counter.failures == 1 && counting_alloc_settled(&counter));
        counter.fail_at = 0;
    }
    FZ_CHECK(bxd_workspace_create(&allocator, &ws) == BXD_OK && ws != NULL);
    bxd_workspace_set_key(ws, key);
    FZ_CHECK(bxd_workspace_key(ws) == key);
    bxd_result_t result;
    bxd_result_init(&result);

    uint32_t spent = 0, craft_budget = FZ_CRAFT_BUDGET;
    for (int step = 0; step < FZ_STEPS && rd.pos < rd.size; step++) {
        const uint8_t h0 = fz_byte(&rd), h1 = fz_byte(&rd), h2 = fz_byte(&rd),
                      h3 = fz_byte(&rd), h4 = fz_byte(&rd), h5 = fz_byte(&rd),
                      h6 = fz_byte(&rd);
        uint64_t rng = key ^ ((uint64_t)h5 << 32 | (uint64_t)step << 16 | h6);
        if (h0 & 0x80) {
            key = splitmix64_next(&rng);
            bxd_workspace_set_key(ws, key);
            FZ_CHECK(bxd_workspace_key(ws) == key);
        }
        bxd_options_t o;
        bxd_options_init(&o);
        o.algorithm = (h0 & 1) ? BXD_ALGORITHM_LCS : BXD_ALGORITHM_HECKEL;
        if (h0 & 2) o.flags |= BXD_FLAG_REJECT_DUPLICATES;
        if (h0 & 0x40) o.lcs_cost_bound = 1u + (h5 & 15u);
        const int contents = (h0 >> 3) & 3;

        /* Lists as pool indices. */
        static const uint32_t scale[4] = {64, 1024, 8192, FZ_MAX};
        const uint32_t limit = o.algorithm == BXD_ALGORITHM_LCS ? FZ_LCS_MAX : FZ_MAX;
        uint32_t n = ((uint32_t)(h2 & 0x3F) << 8 | h3) % (scale[h2 >> 6] + 1u);
        if (n > limit) n = n % (limit + 1u);
        uint32_t fresh = n;
        for (uint32_t i = 0; i < n; i++) old_e[i] = (fz_elem_t){i, 0};
        fz_seq_t os = {old_e, n};
        for (int k = 0; k < (h6 & 15); k++) apply_op(&os, &rd, &fresh, &rng);
        if (os.len > limit) os.len = limit;
        memcpy(new_e, old_e, os.len * sizeof(fz_elem_t));
        fz_seq_t ns = {new_e, os.len};
        for (int k = 0; k < (h6 >> 4); k++) apply_op(&ns, &rd, &fresh, &rng);
        if (ns.len > limit) ns.len = limit;
        /* The work budget: elements diffed (and checked), LCS counting 4x. */
        const uint32_t diffs = 1u + ((h4 & 63) != 0) + ((h0 >> 2) & 1) + ((h0 >> 5) & 1);
        const uint32_t work = (os.len + ns.len + 1u) * diffs *
                              (o.algorithm == BXD_ALGORITHM_LCS ? 4u : 1u);
        if (work > FZ_WORK_BUDGET - spent) break;
        spent += work;

        /* The middle (pool indices stand for ids), and the table size. */
        uint32_t pre = 0, suf = 0;
        while (pre < os.len && pre < ns.len && old_e[pre].pool == new_e[pre].pool) pre++;
        while (suf < os.len - pre && suf < ns.len - pre &&
               old_e[os.len - 1 - suf].pool == new_e[ns.len - 1 - suf].pool)
            suf++;
        size_t basis = os.len - pre - suf;
        if (h1 & 0x80) basis += ns.len - pre - suf;
        int bits = (int)capacity_bits(basis) + ((h1 >> 5) & 3) - 1;
        if (bits < 4) bits = 4;
        make_ids(fresh, h1 & 3, (h1 >> 2) & 7, (unsigned)bits, key,
                 rng ^ 0xC0FFEE, &craft_budget);

        for (uint32_t i = 0; i < os.len; i++) {
            a_ids[i] = pool_ids[old_e[i].pool];
            a_con[i] = a_ids[i] * 0x2545F4914F6CDD1Dull + old_e[i].changed;
        }
        for (uint32_t j = 0; j < ns.len; j++) {
            b_ids[j] = pool_ids[new_e[j].pool];
            b_con[j] = b_ids[j] * 0x2545F4914F6CDD1Dull + new_e[j].changed;
        }
        bxd_list_t ol = {a_ids, contents == 1 || contents == 2 ? a_con : NULL, os.len};
        bxd_list_t nl = {b_ids, contents == 1 || contents == 3 ? b_con : NULL, ns.len};
#ifdef FZ_TRACE /* a debugging aid: -DFZ_TRACE prints each step */
        fprintf(stderr, "step %d: %s flags %u old %u new %u bits %d ids %d level %d fail %u\n",
                step, o.algorithm ? "lcs" : "heckel", o.flags, os.len, ns.len, bits,
                h1 & 3, (h1 >> 2) & 7, h4 & 63u);
#endif
        if (o.algorithm == BXD_ALGORITHM_LCS) {
            /* Bound the LCS work ((N + M) x cost bound per split) on long
             * lists. */
            uint64_t bound = o.lcs_cost_bound ? o.lcs_cost_bound : BXD_DEFAULT_LCS_COST_BOUND;
            uint64_t cap = FZ_LCS_WORK / ((uint64_t)os.len + ns.len + 1);
            if (cap < 8) cap = 8;
            o.lcs_cost_bound = bound < cap ? bound : cap;
        }
        const int dup = (o.flags & BXD_FLAG_REJECT_DUPLICATES) && verify_has_duplicate(&ol, &nl);
        if (h0 & 4) o.flags |= BXD_FLAG_PAIRS_ONLY;

        /* The diff, with the (h4 & 63)-th allocation failing. */
        if (h4 & 63) {
            counter.fail_at = counter.allocations + (h4 & 63u);
            const unsigned long failures = counter.failures;
            bxd_status_t s = bxd_diff(ws, &ol, &nl, &o, &result);
            counter.fail_at = 0;
#ifdef FZ_TRACE
            fprintf(stderr, "  injected failure: %s, status %d\n",
                    counter.failures != failures ? "hit" : "not reached", (int)s);
#endif
            if (counter.failures != failures) {
                FZ_CHECK(s == BXD_ERR_NO_MEMORY);
                FZ_VERIFY(verify_empty(&result));
            } else if (dup) {
                FZ_CHECK(s == BXD_ERR_DUPLICATE);
                FZ_VERIFY(verify_duplicate(&ol, &nl, &result));
            } else {
                FZ_CHECK(s == BXD_OK);
            }
        }
        bxd_status_t s = fz_diff_checked(ws, &ol, &nl, &o, &result, dup);
        if (s == BXD_OK && (o.flags & BXD_FLAG_PAIRS_ONLY)) {
            /* The same pairing as the full diff. */
            const uint32_t matched = result.matched_count;
            const int minimal = result.minimal;
            memcpy(saved_o2n, result.old_to_new, os.len * sizeof(uint32_t));
            bxd_options_t full = o;
            full.flags &= ~BXD_FLAG_PAIRS_ONLY;
            FZ_CHECK(fz_diff_checked(ws, &ol, &nl, &full, &result, 0) == BXD_OK);
            FZ_CHECK(result.matched_count == matched && result.minimal == minimal);
            FZ_CHECK(os.len == 0 ||
                     memcmp(saved_o2n, result.old_to_new, os.len * sizeof(uint32_t)) == 0);
        }
        if (h0 & 0x20) {
            /* Again under another key: the same answer, nothing allocated. */
            const bxd_status_t first = s;
            if (s == BXD_OK) memcpy(saved_o2n, result.old_to_new, os.len * sizeof(uint32_t));
            const uint32_t moves = result.move_count;
            bxd_workspace_set_key(ws, ~key * 0x9E3779B97F4A7C15ull);
            const unsigned long before = counter.allocations;
            bxd_options_t full = o;
            full.flags &= ~BXD_FLAG_PAIRS_ONLY;
            s = fz_diff_checked(ws, &ol, &nl, &full, &result, dup);
            FZ_CHECK(s == first && counter.allocations == before);
            if (s == BXD_OK) {
                FZ_CHECK(result.move_count == moves);
                FZ_CHECK(os.len == 0 ||
                         memcmp(saved_o2n, result.old_to_new, os.len * sizeof(uint32_t)) == 0);
            }
            bxd_workspace_set_key(ws, key);
        }
    }
    bxd_result_free(&result);
    bxd_result_free(&result);
    bxd_workspace_destroy(ws);
    FZ_CHECK(counting_alloc_settled(&counter));
    return 0;
}
