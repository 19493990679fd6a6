/*
 * test_keys.c - the keyed tables (hash flooding) and LCS's total-count limit.
 *
 *  - bxd_workspace_set_key / bxd_workspace_key / bxd_table_slot: NULL
 *    safety, range, fresh workspaces get distinct random keys.
 *  - Results never depend on the key: the same inputs (random with
 *    duplicates, sequential, ids crafted to collide under one of the keys,
 *    short suffixes that pair with the middle) diffed under several keys,
 *    and with a temporary workspace, give identical results (status, every
 *    array, every stage, duplicate fields) for Heckel and LCS, with and
 *    without BXD_FLAG_REJECT_DUPLICATES and BXD_FLAG_PAIRS_ONLY.
 *  - Flooding: ids crafted (with bxd_table_slot) to share a home slot under
 *    key 0 cost a quadratic number of probe steps in a workspace keyed 0,
 *    and a linear number under any other key, in every table (Heckel's
 *    compact table and suffix tables, reject-duplicates, LCS classes).
 *    Probe steps are counted by the core when built with -DBXD_COUNT_PROBES
 *    (scripts/ctests.sh does): a deterministic count, not a timing.
 *  - LCS with old count + new count past BXD_MAX_LCS_TOTAL_COUNT:
 *    BXD_ERR_TOO_LARGE before any id is read or anything allocated.
 *  - A short common suffix of one repeated id whose occurrences in the old
 *    middle are all paired: linear, not suffix x occurrences (CPU time
 *    against the same lists with distinct suffix ids, in one process).
 * Prints "keys: N passed, M failed"; exits non-zero on any failure.
 */
#include "CBoxDiff.h"
#include "check.h"
#include "internal.h" /* struct bxd_workspace: the probe counter */
#include "verify.h"

#include <time.h>

#ifndef BXD_COUNT_PROBES
#error "build with -DBXD_COUNT_PROBES (scripts/ctests.sh)"
#endif

/* ---- crafted ids ------------------------------------------------------------ */

/* `count` distinct ids, from `start` upwards, whose slot under `key` has its
 * top `zero_bits` bits zero: in any table of 2^bits slots they all go home
 * to the first 2^(bits - zero_bits) slots. Returns the next candidate. */
static uint64_t craft(uint64_t key, unsigned zero_bits, uint64_t start,
                      uint64_t *out, size_t count) {
    uint64_t id = start;
    for (size_t k = 0; k < count; id++)
        if (bxd_table_slot(id, key, zero_bits) == 0) out[k++] = id;
    return id;
}

/* ---- API basics --------------------------------------------------------------- */

static void test_api(void) {
    bxd_workspace_set_key(NULL, 5); /* no-op */
    CHECK(bxd_workspace_key(NULL) == 0);
    bxd_workspace_t *a = NULL, *b = NULL;
    CHECK(bxd_workspace_create(NULL, &a) == BXD_OK);
    CHECK(bxd_workspace_create(NULL, &b) == BXD_OK);
    /* Random keys: equal (or zero) with probability 2^-64. */
    CHECK(bxd_workspace_key(a) != bxd_workspace_key(b));
    CHECK(bxd_workspace_key(a) != 0 && bxd_workspace_key(b) != 0);
    bxd_workspace_set_key(a, 0x1234);
    CHECK(bxd_workspace_key(a) == 0x1234);
    bxd_workspace_set_key(a, 0);
    CHECK(bxd_workspace_key(a) == 0);
    bxd_workspace_destroy(a);
    bxd_workspace_destroy(b);

    CHECK(bxd_table_slot(12345, 99, 0) == 0);
    CHECK(bxd_table_slot(12345, 99, 64) == bxd_table_slot(12345, 99, 200));
    for (unsigned bits = 1; bits < 64; bits++) {
        uint64_t full = bxd_table_slot(777, 3, 64);
        CHECK(bxd_table_slot(777, 3, bits) == full >> (64 - bits));
        CHECK(bxd_table_slot(777, 3, bits) < ((uint64_t)1 << bits));
    }
    /* Sequential ids spread: 4096 of them in 4096 slots fill most slots
     * (a random function fills 1 - 1/e = 63%), under key 0 and another. */
    for (int ki = 0; ki < 2; ki++) {
        static uint8_t used[4096];
        memset(used, 0, sizeof used);
        unsigned distinct = 0;
        for (uint64_t id = 0; id < 4096; id++) {
            uint64_t s = bxd_table_slot(id, ki ? 0xABCDEFull : 0, 12);
            distinct += !used[s];
            used[s] = 1;
        }
        CHECK(distinct > 2400);
    }
    /* The key moves homes: ids crafted to share slot 0 under key 0 do not
     * share a slot under key 1 beyond chance. */
    uint64_t ids[256];
    craft(0, 16, 1, ids, 256);
    unsigned zero_under_other = 0;
    for (int k = 0; k < 256; k++) {
        CHECK(bxd_table_slot(ids[k], 0, 16) == 0);
        zero_under_other += bxd_table_slot(ids[k], 1, 16) == 0;
    }
    CHECK(zero_under_other <= 2);
}

/* ---- results do not depend on the key -------------------------------------------- */

/* Diffs old/new under every key (and with a temporary workspace) in every
 * mode; every result must equal the one under the first key. Returns the
 * number of comparisons. */
static unsigned check_key_independent(const uint64_t *a, const uint64_t *ac,
                                      uint32_t n, const uint64_t *b,
                                      const uint64_t *bc, uint32_t m,
                                      uint64_t extra_key) {
    const uint64_t keys[] = {0, 1, ~(uint64_t)0, (uint64_t)1 << 63,
                             0x9E3779B97F4A7C15ull, rng_next(), extra_key};
    const int n_keys = (int)(sizeof keys / sizeof keys[0]);
    const bxd_list_t old_list = {a, ac, n}, new_list = {b, bc, m};
    static const uint32_t flag_sets[] = {
        0, BXD_FLAG_REJECT_DUPLICATES, BXD_FLAG_PAIRS_ONLY,
        BXD_FLAG_REJECT_DUPLICATES | BXD_FLAG_PAIRS_ONLY};
    unsigned compared = 0;
    bxd_workspace_t *ws = NULL;
    if (bxd_workspace_create(NULL, &ws) != BXD_OK) {
        CHECK(0);
        return 0;
    }
    for (int alg = 0; alg < 2; alg++)
        for (int f = 0; f < 4; f++) {
            bxd_options_t o = verify_options(alg ? BXD_ALGORITHM_LCS : BXD_ALGORITHM_HECKEL,
                                   flag_sets[f]);
            bxd_result_t first, other;
            bxd_result_init(&first);
            bxd_result_init(&other);
            bxd_workspace_set_key(ws, keys[0]);
            bxd_status_t s0 = bxd_diff(ws, &old_list, &new_list, &o, &first);
            CHECK(s0 == BXD_OK || s0 == BXD_ERR_DUPLICATE);
            for (int k = 1; k <= n_keys; k++) {
                bxd_status_t s;
                if (k < n_keys) {
                    bxd_workspace_set_key(ws, keys[k]);
                    s = bxd_diff(ws, &old_list, &new_list, &o, &other);
                } else {
                    s = bxd_diff(NULL, &old_list, &new_list, &o, &other);
                }
                CHECK(verify_same_result(s0, &first, s, &other));
                compared++;
            }
            bxd_result_free(&first);
            bxd_result_free(&other);
        }
    bxd_workspace_destroy(ws);
    return compared;
}

/* new = old with deletions, insertions of `fresh` ids, a few moves and
 * content changes; *m receives the count. */
static void edit(const uint64_t *a, const uint64_t *ac, uint32_t n,
                 const uint64_t *fresh, uint32_t n_fresh, uint64_t *b,
                 uint64_t *bc, uint32_t *m) {
    uint32_t k = 0, f = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t r = rng_below(20);
        if (r == 0) continue; /* deleted */
        if (r == 1 && f < n_fresh) {
            b[k] = fresh[f++];
            bc[k++] = rng_next();
        }
        b[k] = a[i];
        bc[k++] = r == 2 ? ac[i] + 1 : ac[i];
    }
    for (uint32_t t = 0; t < k / 20 + 1 && k > 1; t++) { /* moves */
        uint32_t x = rng_below(k), y = rng_below(k);
        uint64_t id = b[x], c = bc[x];
        b[x] = b[y];
        bc[x] = bc[y];
        b[y] = id;
        bc[y] = c;
    }
    *m = k;
}

static void test_key_independence(void) {
    enum { MAX = 600 };
    static uint64_t a[MAX], ac[MAX], b[2 * MAX], bc[2 * MAX], pool[2 * MAX];
    const uint64_t craft_key = 0x5DEECE66Dull;
    unsigned compared = 0;
    for (int trial = 0; trial < 120; trial++) {
        uint32_t n = 1 + rng_below(MAX), m = 0;
        int kind = trial % 5;
        uint64_t key_for_craft = (trial / 5) % 2 ? craft_key : 0;
        if (kind == 0 || kind == 1) {
            /* Crafted to collide under key 0 or craft_key; kind 1 with
             * duplicates (ids drawn from a small pool). */
            uint32_t pool_size = kind == 1 ? n / 3 + 1 : n + n / 2;
            craft(key_for_craft, 10, rng_next() >> 20, pool, pool_size);
            if (kind == 0)
                for (uint32_t i = 0; i < n; i++) a[i] = pool[i];
            else
                for (uint32_t i = 0; i < n; i++) a[i] = pool[rng_below(pool_size)];
            for (uint32_t i = 0; i < n; i++) ac[i] = rng_below(4);
            edit(a, ac, n, pool + (kind == 0 ? n : 0), pool_size - (kind == 0 ? n : 0),
                 b, bc, &m);
        } else if (kind == 2) {
            /* Random ids with many duplicates. */
            uint32_t distinct = 1 + rng_below(n);
            for (uint32_t i = 0; i < n; i++) {
                a[i] = rng_below(distinct) * 0x100000001ull;
                ac[i] = rng_below(3);
            }
            for (uint32_t i = 0; i < MAX; i++) pool[i] = rng_below(2 * distinct) * 0x100000001ull;
            edit(a, ac, n, pool, MAX, b, bc, &m);
        } else if (kind == 3) {
            /* Sequential ids, reversed halves. */
            for (uint32_t i = 0; i < n; i++) {
                a[i] = i;
                ac[i] = i % 7;
            }
            m = n;
            for (uint32_t j = 0; j < m; j++) {
                b[j] = j < m / 2 ? a[m / 2 - 1 - j] : a[j];
                bc[j] = j % 5;
            }
        } else {
            /* A short common suffix whose ids also occur in the middle
             * (the suffix then pairs with the middle): old [x..., y s],
             * new [s, x..., s]. */
            uint32_t distinct = 2 + rng_below(8);
            for (uint32_t i = 0; i < n; i++) {
                a[i] = rng_below(distinct) + 1000;
                ac[i] = 0;
            }
            m = 0;
            b[m] = a[n - 1];
            bc[m++] = 0;
            for (uint32_t i = 0; i < n; i++) {
                b[m] = rng_below(10) ? a[i] : rng_below(distinct) + 1000;
                bc[m++] = rng_below(2);
            }
        }
        compared += check_key_independent(a, ac, n, b, bc, m, key_for_craft ^ 1);
        /* Also without contents. */
        if (trial % 10 == 0)
            compared += check_key_independent(a, NULL, n, b, NULL, m, key_for_craft);
    }
    CHECK(compared > 120 * 8 * 7);
}

/* ---- flooding: probe steps ------------------------------------------------------ */

/* Probe steps of one diff in a workspace keyed `key` (status must be `expect`). */
static uint64_t probes_of(uint64_t key, const bxd_list_t *o, const bxd_list_t *n,
                          bxd_algorithm_t algorithm, uint32_t flags,
                          bxd_status_t expect) {
    bxd_workspace_t *ws = NULL;
    if (bxd_workspace_create(NULL, &ws) != BXD_OK) {
        CHECK(0);
        return 0;
    }
    bxd_workspace_set_key(ws, key);
    bxd_result_t r;
    bxd_result_init(&r);
    bxd_options_t op = verify_options(algorithm, flags);
    ws->probes = 0;
    CHECK(bxd_diff(ws, o, n, &op, &r) == expect);
    uint64_t probes = ws->probes;
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    return probes;
}

static void test_flooding(void) {
    /* 4,000 distinct ids whose home, under key 0, is among the first
     * 2^(bits - 12) slots of any table: one cluster, ~n^2/4 probe steps
     * per pass. Under any other key they behave like random ids: at load
     * <= 1/2, a few steps per lookup. */
    enum { N = 4000, F = N };
    static uint64_t ids[N + F], a[N], b[N + F], dup[N];
    craft(0, 12, 1, ids, N + F);
    for (uint32_t i = 0; i < N; i++) a[i] = ids[i];
    /* new: old reversed (nothing to trim), every 10th replaced by a
     * fresh crafted id. */
    for (uint32_t j = 0; j < N; j++)
        b[j] = j % 10 == 3 ? ids[N + N / 2 + j / 10] : a[N - 1 - j];
    /* duplicates: each id twice, so the reject modes stop late, at the
     * second half of the old list. */
    for (uint32_t i = 0; i < N; i++) dup[i] = ids[i % (N / 2)];
    const bxd_list_t old_list = {a, NULL, N}, new_list = {b, NULL, N};
    const bxd_list_t dup_list = {dup, NULL, N};
    /* A short suffix (Heckel's suffix table) and a long one (the
     * suffix-balance check's table). */
    static uint64_t s_old[N], s_new[N];
    for (uint32_t i = 0; i < N; i++) s_old[i] = s_new[N - 1 - i] = a[i];
    for (uint32_t i = N - 200; i < N; i++) s_new[i] = s_old[i];
    const bxd_list_t short_old = {s_old, NULL, N}, short_new = {s_new, NULL, N};
    static uint64_t l_old[N], l_new[N];
    for (uint32_t i = 0; i < N; i++) l_old[i] = l_new[i] = a[i];
    /* the middle of new: fresh ids, all unpaired, more than the suffix. */
    for (uint32_t i = 0; i < N / 2; i++) l_new[i] = ids[N + i];
    l_new[0] = a[N - 1]; /* a suffix id, unpaired in the middle of new */
    const bxd_list_t long_old = {l_old, NULL, N}, long_new = {l_new, NULL, N};

    struct {
        const char *name;
        const bxd_list_t *o, *n;
        bxd_algorithm_t algorithm;
        uint32_t flags;
        bxd_status_t expect;
        uint64_t lookups; /* table lookups of the diff, roughly */
    } cases[] = {
        {"heckel", &old_list, &new_list, BXD_ALGORITHM_HECKEL, 0, BXD_OK, 2 * N},
        {"heckel pairs-only", &old_list, &new_list, BXD_ALGORITHM_HECKEL,
         BXD_FLAG_PAIRS_ONLY, BXD_OK, 2 * N},
        {"heckel reject", &old_list, &new_list, BXD_ALGORITHM_HECKEL,
         BXD_FLAG_REJECT_DUPLICATES, BXD_OK, 2 * N},
        {"heckel reject dup", &dup_list, &new_list, BXD_ALGORITHM_HECKEL,
         BXD_FLAG_REJECT_DUPLICATES, BXD_ERR_DUPLICATE, N},
        {"heckel short suffix", &short_old, &short_new, BXD_ALGORITHM_HECKEL, 0,
         BXD_OK, 3 * N},
        {"heckel long suffix", &long_old, &long_new, BXD_ALGORITHM_HECKEL, 0,
         BXD_OK, 4 * N},
        {"lcs", &old_list, &new_list, BXD_ALGORITHM_LCS, 0, BXD_OK, 2 * N},
        {"lcs reject", &old_list, &new_list, BXD_ALGORITHM_LCS,
         BXD_FLAG_REJECT_DUPLICATES, BXD_OK, 4 * N},
        {"lcs duplicates", &dup_list, &new_list, BXD_ALGORITHM_LCS,
         BXD_FLAG_PAIRS_ONLY, BXD_OK, 2 * N},
    };
    const uint64_t other_keys[] = {1, 0xFFFFFFFF00000000ull, rng_next()};
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        uint64_t flooded = probes_of(0, cases[c].o, cases[c].n, cases[c].algorithm,
                                     cases[c].flags, cases[c].expect);
        /* The crafted ids do collide under key 0 (the counter sees it). */
        if (flooded < (uint64_t)N * N / 16) {
            fprintf(stderr, "%s: key 0 only %llu probe steps\n", cases[c].name,
                    (unsigned long long)flooded);
            CHECK(0);
        }
        uint64_t worst = 0;
        for (size_t k = 0; k < sizeof other_keys / sizeof other_keys[0]; k++) {
            uint64_t keyed = probes_of(other_keys[k], cases[c].o, cases[c].n,
                                       cases[c].algorithm, cases[c].flags,
                                       cases[c].expect);
            if (keyed > worst) worst = keyed;
            if (keyed > 3 * cases[c].lookups) {
                fprintf(stderr, "%s: key %llx: %llu probe steps for ~%llu lookups\n",
                        cases[c].name, (unsigned long long)other_keys[k],
                        (unsigned long long)keyed,
                        (unsigned long long)cases[c].lookups);
                CHECK(0);
            } else {
                CHECK(1);
            }
        }
        printf("flooding %-20s probe steps: key 0 %10llu, other keys at most %6llu\n",
               cases[c].name, (unsigned long long)flooded, (unsigned long long)worst);
    }
}

/* ---- LCS total count ------------------------------------------------------------- */

static void test_lcs_total_count(void) {
    counting_alloc_t c = {0};
    bxd_workspace_t *ws = NULL;
    CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
    bxd_result_t r;
    bxd_result_init(&r);
    static const uint64_t tiny[1] = {42};
    const bxd_list_t one = {tiny, NULL, 1};
    bxd_options_t lcs = verify_options(BXD_ALGORITHM_LCS, 0);
    CHECK(bxd_diff(ws, &one, &one, &lcs, &r) == BXD_OK && r.matched_count == 1);
    const unsigned long before = c.allocations;
    /* Each count is legal alone; together they pass the limit. The ids
     * are a one-element buffer: reading past it would trip ASan. */
    size_t halves[][2] = {
        {BXD_MAX_LCS_TOTAL_COUNT / 2 + 1, BXD_MAX_LCS_TOTAL_COUNT / 2 + 1},
        {BXD_MAX_COUNT, 1},
        {1, BXD_MAX_COUNT},
        {BXD_MAX_COUNT, BXD_MAX_COUNT},
    };
    for (size_t h = 0; h < sizeof halves / sizeof halves[0]; h++)
        for (uint32_t flags = 0; flags < 4; flags++)
            for (int use_ws = 0; use_ws < 2; use_ws++) {
                bxd_options_t o = verify_options(BXD_ALGORITHM_LCS, flags);
                bxd_list_t x = {tiny, NULL, halves[h][0]}, y = {tiny, NULL, halves[h][1]};
                CHECK(bxd_diff(use_ws ? ws : NULL, &x, &y, &o, &r) == BXD_ERR_TOO_LARGE);
                CHECK(r.old_count == 0 && r.matched_count == 0 && r.old_to_new == NULL);
            }
    CHECK(c.allocations == before);
#if SIZE_MAX > 0xFFFFFFFFu
    /* Exactly at the limit is legal: not BXD_ERR_TOO_LARGE (found by
     * mutation testing: `>=` for `>` in diff.c's check passed every test).
     * The diff's first allocation (the index maps, before any id is read)
     * is made to fail, so the one-element buffer is never read past.
     * 64-bit only: on a 32-bit target the maps' byte count itself is too
     * large for size_t. */
    size_t at_limit[][2] = {
        {BXD_MAX_LCS_TOTAL_COUNT - 1, 1},
        {1, BXD_MAX_LCS_TOTAL_COUNT - 1},
        {BXD_MAX_LCS_TOTAL_COUNT / 2, BXD_MAX_LCS_TOTAL_COUNT / 2},
    };
    for (size_t h = 0; h < sizeof at_limit / sizeof at_limit[0]; h++)
        for (uint32_t flags = 0; flags < 4; flags++) {
            bxd_options_t o = verify_options(BXD_ALGORITHM_LCS, flags);
            bxd_list_t x = {tiny, NULL, at_limit[h][0]}, y = {tiny, NULL, at_limit[h][1]};
            c.fail_at = c.allocations + 1;
            CHECK(bxd_diff(ws, &x, &y, &o, &r) == BXD_ERR_NO_MEMORY);
            CHECK(c.failures > 0 && c.allocations == c.fail_at);
            CHECK(r.old_count == 0 && r.matched_count == 0 && r.old_to_new == NULL);
        }
    c.fail_at = 0;
#endif
    /* Still usable. */
    CHECK(bxd_diff(ws, &one, &one, &lcs, &r) == BXD_OK && r.matched_count == 1);
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    CHECK(counting_alloc_settled(&c));
}

/* ---- repeated suffix ids ------------------------------------------------------ */

/* old = [y, x * (K + S)], new = [x * K, y, x * S], S = K / 4: a short common
 * suffix (x * S) beside a middle whose K occurrences of x all pair. The
 * check for a suffix id left unpaired in the old middle walked all of an
 * id's occurrences for every suffix element: S * K steps (12 s at 250,000
 * ids, found by review), whatever the key. It must cost about what the same
 * lists with distinct suffix ids cost: CPU time of the two diffs in this
 * process, as a ratio (quadratic work here is hundreds of times more). */
static void test_repeated_suffix_ids(void) {
    enum { K = 160000, S = K / 4, N = 1 + K + S };
    uint64_t *a = malloc(N * sizeof *a), *b = malloc(N * sizeof *b);
    uint64_t *a2 = malloc(N * sizeof *a2), *b2 = malloc(N * sizeof *b2);
    if (!CHECK(a != NULL && b != NULL && a2 != NULL && b2 != NULL)) goto done;
    const uint64_t x = 7, y = 9;
    a[0] = y;
    for (uint32_t i = 1; i < N; i++) a[i] = x;
    for (uint32_t j = 0; j < K; j++) b[j] = x;
    b[K] = y;
    for (uint32_t j = K + 1; j < N; j++) b[j] = x;
    /* The control: the suffix's ids distinct (and unlike x and y). */
    for (uint32_t i = 0; i < N; i++) {
        a2[i] = i < 1 + K ? a[i] : 1000 + i;
        b2[i] = i < 1 + K ? b[i] : 1000 + i;
    }
    bxd_workspace_t *ws = NULL;
    CHECK(bxd_workspace_create(NULL, &ws) == BXD_OK);
    bxd_result_t r;
    bxd_result_init(&r);
    const bxd_options_t o = verify_options(BXD_ALGORITHM_HECKEL, 0);
    const bxd_list_t old_list = {a, NULL, N}, new_list = {b, NULL, N};
    const bxd_list_t old2 = {a2, NULL, N}, new2 = {b2, NULL, N};
    /* Warm the workspace and result to this size first. */
    CHECK(bxd_diff(ws, &old2, &new2, &o, &r) == BXD_OK);
    const clock_t t0 = clock();
    CHECK(bxd_diff(ws, &old2, &new2, &o, &r) == BXD_OK);
    const clock_t t1 = clock();
    CHECK_OK(verify_result(&old2, &new2, &r, 1));
    const clock_t t2 = clock();
    CHECK(bxd_diff(ws, &old_list, &new_list, &o, &r) == BXD_OK);
    const clock_t t3 = clock();
    CHECK_OK(verify_result(&old_list, &new_list, &r, 1));
    const double control = (double)(t1 - t0), crafted = (double)(t3 - t2);
    /* 10 ms of slack for clock granularity. */
    if (!CHECK(crafted <= 20.0 * control + 0.01 * CLOCKS_PER_SEC))
        fprintf(stderr, "repeated suffix ids: %.3f s, distinct: %.3f s\n", crafted / CLOCKS_PER_SEC,
                control / CLOCKS_PER_SEC);
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
done:
    free(a);
    free(b);
    free(a2);
    free(b2);
    verify_release();
}

int main(void) {
    test_api();
    test_key_independence();
    test_flooding();
    test_lcs_total_count();
    test_repeated_suffix_ids();
    return check_report("keys");
}
