/*
 * test_core.c - tests of the C core through its public header only.
 *
 * Build and run with scripts/ctests.sh (compiled together with every
 * CSources/CBoxDiff/ *.c under ASan + UBSan).
 *
 * Covers:
 *  - known answers for both algorithms (identical lists, empty -> N,
 *    N -> empty, one move, full reverse, swaps, duplicates, surplus
 *    duplicates, rejected duplicates, content updates);
 *  - every result checked by the shared verifier (verify.h): the stages
 *    replay the old list into the new one (ids and contents), the index
 *    maps partition both lists and are inverse, moves are minimal
 *    (matched - LIS), duplicate reports name the first repeat, failed
 *    diffs leave the result empty;
 *  - random property checks: both algorithms agree on unique ids, LCS
 *    length against a plain DP;
 *  - invalid arguments, too-large counts (no allocation), result_free
 *    twice, workspace reuse without allocation, every allocation failing
 *    in turn without leaks, bxd_hash_bytes;
 *  - bad input (issue #7): NULL ids/values/keep with a non-zero count,
 *    counts past UINT32_MAX over a one-element buffer (too large, nothing
 *    read, allocated or written), an allocator that always returns NULL;
 *    every allocation failing in turn over edge-case shapes (empty,
 *    identical, reversed, disjoint, one id repeated, one-sided ids), after
 *    a workspace and result were grown by an earlier diff, and for
 *    bxd_lis_mark over several shapes and on a grown workspace.
 *  - found by mutation testing: each branch of Heckel's check that pairs
 *    the common suffix with the middle; contents given for one list only
 *    (either one) over a middle and a rebalanced suffix; the exact step
 *    count of the LCS cost bound; ids on one side only never count
 *    against it; errno unchanged when malloc fails (ASan builds).
 * Prints "core: N passed, M failed"; exits non-zero on any failure.
 */
#include "CBoxDiff.h"
#include "check.h"
#include "reference.h"
#include "verify.h"

#include <errno.h>

/* ASan builds (scripts/ctests.sh): a request past 1 GiB fails, as NULL,
 * instead of stopping the process, so test_errno_on_malloc_failure can
 * make the default allocator's malloc fail. */
#if defined(__SANITIZE_ADDRESS__)
#define BXD_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define BXD_TEST_ASAN 1
#endif
#endif
#ifndef BXD_TEST_ASAN
#define BXD_TEST_ASAN 0
#endif
#if BXD_TEST_ASAN
const char *__asan_default_options(void);
const char *__asan_default_options(void) {
    return "allocator_may_return_null=1:max_allocation_size_mb=1024";
}
#endif

/* ---- helpers ------------------------------------------------------------- */

static bxd_options_t opts(bxd_algorithm_t algorithm, uint32_t flags,
                          uint64_t bound) {
    bxd_options_t o;
    bxd_options_init(&o);
    o.algorithm = algorithm;
    o.flags = flags;
    o.lcs_cost_bound = bound;
    return o;
}

/* Length of a longest strictly increasing subsequence of the non-NONE
 * values: O(k^2) for small inputs, patience sorting (length only) above. */
static uint32_t lis_length(const uint32_t *v, uint32_t count) {
    if (count <= 400) {
        uint32_t best = 0, len[400];
        for (uint32_t p = 0; p < count; p++) {
            len[p] = 0;
            if (v[p] == BXD_NONE) continue;
            uint32_t l = 1;
            for (uint32_t q = 0; q < p; q++)
                if (v[q] != BXD_NONE && v[q] < v[p] && len[q] + 1 > l)
                    l = len[q] + 1;
            len[p] = l;
            if (l > best) best = l;
        }
        return best;
    }
    uint32_t *tails = malloc(count * sizeof *tails);
    uint32_t len = ref_lis_length(v, count, tails);
    free(tails);
    return len;
}

/* Runs one diff and verifies its result (verify.h) whatever the status;
 * returns the status. */
static bxd_status_t diff_verify(bxd_workspace_t *ws, const uint64_t *a,
                                const uint64_t *ca, uint32_t n,
                                const uint64_t *b, const uint64_t *cb,
                                uint32_t m, const bxd_options_t *o,
                                bxd_result_t *r) {
    bxd_list_t ol = {a, ca, n}, nl = {b, cb, m};
    bxd_status_t s = bxd_diff(ws, &ol, &nl, o, r);
    const int in_order = o == NULL || o->algorithm == BXD_ALGORITHM_HECKEL;
    const char *failure = s == BXD_OK             ? verify_result(&ol, &nl, r, in_order)
                          : s == BXD_ERR_DUPLICATE ? verify_duplicate(&ol, &nl, r)
                                                   : verify_empty(r);
    if (!CHECK_OK(failure))
        fprintf(stderr, "  (n=%u m=%u algorithm=%d bound=%llu)\n", n, m,
                o ? (int)o->algorithm : 0,
                o ? (unsigned long long)o->lcs_cost_bound : 0ull);
    return s;
}

static const bxd_algorithm_t algorithms[2] = {BXD_ALGORITHM_HECKEL,
                                              BXD_ALGORITHM_LCS};

/* ---- known answers ---------------------------------------------------------- */

static void test_known_answers(void) {
    bxd_result_t r;
    bxd_result_init(&r);
    for (int ai = 0; ai < 2; ai++) {
        bxd_options_t o = opts(algorithms[ai], 0, 0);
        const uint64_t five[] = {1, 2, 3, 4, 5};

        /* Identical. */
        CHECK(diff_verify(NULL, five, NULL, 5, five, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.stage_count == 0 && r.matched_count == 5 && r.move_count == 0);

        /* Both empty. */
        CHECK(diff_verify(NULL, NULL, NULL, 0, NULL, NULL, 0, &o, &r) == BXD_OK);
        CHECK(r.stage_count == 0 && r.matched_count == 0);

        /* Empty -> N and N -> empty. */
        CHECK(diff_verify(NULL, NULL, NULL, 0, five, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.insert_count == 5 && r.delete_count == 0 && r.move_count == 0);
        CHECK(r.stage_count == 1 && r.stages[0].kind == BXD_STAGE_INSERT_MOVE);
        CHECK(diff_verify(NULL, five, NULL, 5, NULL, NULL, 0, &o, &r) == BXD_OK);
        CHECK(r.delete_count == 5 && r.insert_count == 0 && r.move_count == 0);
        CHECK(r.stage_count == 1 && r.stages[0].kind == BXD_STAGE_DELETE);

        /* Last -> first: exactly one move, of old index 4 to new 0. */
        const uint64_t last_first[] = {5, 1, 2, 3, 4};
        CHECK(diff_verify(NULL, five, NULL, 5, last_first, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.move_count == 1 && r.delete_count == 0 && r.insert_count == 0);
        CHECK(r.move_count == 1 && r.moves[0].from == 4 && r.moves[0].to == 0);

        /* First -> last: one move too. */
        const uint64_t first_last[] = {2, 3, 4, 5, 1};
        CHECK(diff_verify(NULL, five, NULL, 5, first_last, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.move_count == 1);

        /* Full reverse of 100: 99 moves. */
        uint64_t up[100], down[100];
        for (int i = 0; i < 100; i++) {
            up[i] = (uint64_t)i + 1000;
            down[99 - i] = (uint64_t)i + 1000;
        }
        CHECK(diff_verify(NULL, up, NULL, 100, down, NULL, 100, &o, &r) == BXD_OK);
        CHECK(r.move_count == 99 && r.matched_count == 100);

        /* Swap of two adjacent elements: one move. (Swapping two far
         * apart elements needs two: {5,2,3,4,1} keeps only 2,3,4.) */
        const uint64_t swap_adj[] = {1, 3, 2, 4, 5};
        const uint64_t swap_far[] = {5, 2, 3, 4, 1};
        CHECK(diff_verify(NULL, five, NULL, 5, swap_adj, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.move_count == 1);
        CHECK(diff_verify(NULL, five, NULL, 5, swap_far, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.move_count == 2);
        const uint64_t swap_last[] = {1, 2, 3, 5, 4};
        CHECK(diff_verify(NULL, five, NULL, 5, swap_last, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.move_count == 1);

        /* Duplicates paired in order of occurrence. */
        const uint64_t dup_old[] = {7, 8, 7, 9, 7};
        const uint64_t dup_new[] = {9, 7, 7, 8, 7};
        CHECK(diff_verify(NULL, dup_old, NULL, 5, dup_new, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.matched_count == 5 && r.delete_count == 0 && r.insert_count == 0);
        if (ai == 0) {
            /* Heckel: first 7 with first 7, and so on. */
            CHECK(r.old_to_new[0] == 1 && r.old_to_new[2] == 2 &&
                  r.old_to_new[4] == 4);
            CHECK(r.old_to_new[1] == 3 && r.old_to_new[3] == 0);
        }

        /* A duplicate in the common suffix with a surplus occurrence in the
         * middle: still paired in order (old's second 7 with new's second
         * 7, not with the last one). */
        const uint64_t tail_old[] = {7, 8, 7};
        const uint64_t tail_new[] = {7, 7, 8, 7};
        CHECK(diff_verify(NULL, tail_old, NULL, 3, tail_new, NULL, 4, &o, &r) == BXD_OK);
        CHECK(r.matched_count == 3 && r.insert_count == 1);
        if (ai == 0) CHECK(r.old_to_new[2] == 1 && r.inserts[0] == 3);

        /* Surplus duplicates: deletes and inserts. */
        const uint64_t sur_old[] = {7, 7, 7, 8};
        const uint64_t sur_new[] = {8, 7};
        CHECK(diff_verify(NULL, sur_old, NULL, 4, sur_new, NULL, 2, &o, &r) == BXD_OK);
        CHECK(r.matched_count == 2 && r.delete_count == 2 && r.insert_count == 0);
        if (ai == 0) CHECK(r.old_to_new[0] == 1 && r.deletes[0] == 1 && r.deletes[1] == 2);
        CHECK(diff_verify(NULL, sur_new, NULL, 2, sur_old, NULL, 4, &o, &r) == BXD_OK);
        CHECK(r.matched_count == 2 && r.delete_count == 0 && r.insert_count == 2);
        if (ai == 0) CHECK(r.new_to_old[0] == 1 && r.inserts[0] == 1 && r.inserts[1] == 2);

        /* Rejected duplicates: old side, then new side. */
        bxd_options_t rej = opts(algorithms[ai], BXD_FLAG_REJECT_DUPLICATES, 0);
        const uint64_t d_old[] = {1, 2, 3, 2, 4, 3};
        const uint64_t uniq[] = {4, 3, 2, 1};
        const uint64_t d_new[] = {1, 5, 6, 7, 6, 1};
        CHECK(diff_verify(NULL, d_old, NULL, 6, uniq, NULL, 4, &rej, &r) == BXD_ERR_DUPLICATE);
        CHECK(r.duplicate_side == 0 && r.duplicate_first_index == 1 &&
              r.duplicate_index == 3);
        CHECK(r.stage_count == 0 && r.matched_count == 0 && r.move_count == 0);
        CHECK(diff_verify(NULL, uniq, NULL, 4, d_new, NULL, 6, &rej, &r) == BXD_ERR_DUPLICATE);
        CHECK(r.duplicate_side == 1 && r.duplicate_first_index == 2 &&
              r.duplicate_index == 4);
        /* A duplicate inside the common prefix is found too. */
        const uint64_t pre[] = {1, 1, 2};
        CHECK(diff_verify(NULL, pre, NULL, 3, pre, NULL, 3, &rej, &r) == BXD_ERR_DUPLICATE);
        CHECK(r.duplicate_side == 0 && r.duplicate_first_index == 0 &&
              r.duplicate_index == 1);
        /* No duplicate: succeeds. */
        CHECK(diff_verify(NULL, uniq, NULL, 4, five, NULL, 5, &rej, &r) == BXD_OK);
        CHECK(r.matched_count == 4 && r.insert_count == 1);

        /* Contents: paired element with a different content -> update in
         * stage 1, as an old index. */
        const uint64_t c_old[] = {10, 20, 30, 40, 50};
        const uint64_t c_new[] = {10, 21, 30, 40, 51};
        CHECK(diff_verify(NULL, five, c_old, 5, five, c_new, 5, &o, &r) == BXD_OK);
        CHECK(r.update_count == 2 && r.updates[0] == 1 && r.updates[1] == 4);
        CHECK(r.stage_count == 1 && r.stages[0].kind == BXD_STAGE_UPDATE &&
              r.stages[0].index_count == 2);
        /* Moved and updated: old index in stage 1. */
        const uint64_t c_moved[] = {51, 10, 20, 30, 40};
        CHECK(diff_verify(NULL, five, c_old, 5, last_first, c_moved, 5, &o, &r) == BXD_OK);
        CHECK(r.update_count == 1 && r.updates[0] == 4 && r.move_count == 1);
        CHECK(r.stage_count == 2 && r.stages[0].kind == BXD_STAGE_UPDATE);
        /* Contents on one side only: no updates. */
        CHECK(diff_verify(NULL, five, c_old, 5, five, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.update_count == 0 && r.stage_count == 0);

        /* Delete + insert + move: stage 3 `from` is post-delete. */
        const uint64_t x_old[] = {1, 2, 3, 4, 5, 6};
        const uint64_t x_new[] = {6, 1, 3, 9, 4};
        CHECK(diff_verify(NULL, x_old, NULL, 6, x_new, NULL, 5, &o, &r) == BXD_OK);
        CHECK(r.delete_count == 2 && r.insert_count == 1 && r.move_count == 1);
        CHECK(r.stage_count == 2 && r.stages[1].move_count == 1 &&
              r.stages[1].moves[0].from == 3 && r.stages[1].moves[0].to == 0);
    }
    bxd_result_free(&r);
}

/* ---- random properties ------------------------------------------------------- */

/* Fills v with n ids: from a pool of `pool` values (0: all distinct). */
static void fill_ids(uint64_t *v, uint32_t n, uint32_t pool) {
    for (uint32_t i = 0; i < n; i++)
        v[i] = pool ? 0xABC000000ull + rng_below(pool) : 0x100000000ull + i;
    if (!pool)
        for (uint32_t i = n; i > 1; i--) {
            uint32_t j = rng_below(i);
            uint64_t t = v[i - 1];
            v[i - 1] = v[j];
            v[j] = t;
        }
}

/* An edited copy of a: some deleted, some inserted (fresh ids), some moved. */
static uint32_t fill_edit(const uint64_t *a, uint32_t n, uint64_t *b,
                          uint32_t cap, uint32_t pool, uint64_t *fresh) {
    uint32_t m = 0;
    uint32_t del = rng_below(30), ins = rng_below(30);
    for (uint32_t i = 0; i < n && m < cap; i++) {
        if (rng_below(100) < del) continue;
        if (rng_below(100) < ins && m < cap)
            b[m++] = pool ? 0xABC000000ull + rng_below(pool) : (*fresh)++;
        b[m++] = a[i];
    }
    uint32_t moves = m ? rng_below(m / 4 + 2) : 0;
    for (uint32_t t = 0; t < moves && m > 1; t++) {
        uint32_t from = rng_below(m), to = rng_below(m);
        uint64_t x = b[from];
        if (from < to) memmove(b + from, b + from + 1, (to - from) * sizeof *b);
        else memmove(b + to + 1, b + to, (from - to) * sizeof *b);
        b[to] = x;
    }
    return m;
}

static void test_random(void) {
    enum { CAP = 2100 };
    uint64_t *a = malloc(CAP * sizeof *a), *b = malloc(CAP * sizeof *b);
    uint64_t *ca = malloc(CAP * sizeof *ca), *cb = malloc(CAP * sizeof *cb);
    bxd_workspace_t *ws = NULL;
    CHECK(bxd_workspace_create(NULL, &ws) == BXD_OK);
    bxd_result_t r, r2;
    bxd_result_init(&r);
    bxd_result_init(&r2);
    uint64_t fresh = 0x900000000ull;
    for (int iter = 0; iter < 600; iter++) {
        uint32_t size_class = rng_below(10);
        uint32_t n = size_class < 6 ? rng_below(40)
                     : size_class < 9 ? rng_below(400)
                                      : rng_below(2001);
        uint32_t unique = rng_below(3) == 0;
        uint32_t pool = unique ? 0 : 1 + rng_below(size_class < 6 ? 12 : 60);
        fill_ids(a, n, pool);
        uint32_t m;
        if (rng_below(4) == 0) {
            m = size_class < 6 ? rng_below(40) : rng_below(n + 50);
            if (unique) {
                /* Distinct ids overlapping a's: a shuffled subset + fresh. */
                m = 0;
                for (uint32_t i = 0; i < n; i++)
                    if (rng_below(3)) b[m++] = a[i];
                uint32_t extra = rng_below(20);
                for (uint32_t t = 0; t < extra; t++) b[m++] = fresh++;
                for (uint32_t i = m; i > 1; i--) {
                    uint32_t j = rng_below(i);
                    uint64_t x = b[i - 1];
                    b[i - 1] = b[j];
                    b[j] = x;
                }
            } else {
                fill_ids(b, m, pool);
            }
        } else {
            m = fill_edit(a, n, b, CAP, pool, &fresh);
        }
        for (uint32_t i = 0; i < n; i++) ca[i] = rng_below(3);
        for (uint32_t j = 0; j < m; j++) cb[j] = rng_below(3);
        const int with_contents = rng_below(3) != 0;
        const uint64_t *pca = with_contents ? ca : NULL;
        const uint64_t *pcb = with_contents ? cb : (rng_below(2) ? cb : NULL);

        bxd_options_t h = opts(BXD_ALGORITHM_HECKEL, 0, 0);
        bxd_options_t l = opts(BXD_ALGORITHM_LCS, 0, 0);
        bxd_options_t lt = opts(BXD_ALGORITHM_LCS, 0, 1 + rng_below(3));
        CHECK(diff_verify(ws, a, pca, n, b, pcb, m, &h, &r) == BXD_OK);
        uint32_t heckel_moves = r.move_count;
        CHECK(diff_verify(ws, a, pca, n, b, pcb, m, &l, &r2) == BXD_OK);
        CHECK(r2.minimal == 1 || n + m > 600);
        if (unique) CHECK(heckel_moves == r2.move_count);
        CHECK(r.matched_count == r2.matched_count);
        CHECK(diff_verify(ws, a, pca, n, b, pcb, m, &lt, &r2) == BXD_OK);
        if (unique) CHECK(heckel_moves == r2.move_count);
        if (unique) {
            bxd_options_t hr = opts(BXD_ALGORITHM_HECKEL, BXD_FLAG_REJECT_DUPLICATES, 0);
            bxd_options_t lr = opts(BXD_ALGORITHM_LCS, BXD_FLAG_REJECT_DUPLICATES, 0);
            CHECK(diff_verify(ws, a, pca, n, b, pcb, m, &hr, &r2) == BXD_OK);
            CHECK(r2.move_count == heckel_moves);
            CHECK(diff_verify(ws, a, pca, n, b, pcb, m, &lr, &r2) == BXD_OK);
            CHECK(r2.move_count == heckel_moves);
        } else if (n > 1 && pool < n) {
            /* A pool smaller than the list forces a duplicate. */
            bxd_options_t hr = opts(BXD_ALGORITHM_HECKEL, BXD_FLAG_REJECT_DUPLICATES, 0);
            CHECK(diff_verify(ws, a, pca, n, b, pcb, m, &hr, &r2) == BXD_ERR_DUPLICATE);
        }
    }
    bxd_result_free(&r);
    bxd_result_free(&r2);
    bxd_workspace_destroy(ws);
    free(a);
    free(b);
    free(ca);
    free(cb);
}

/* LCS against a plain DP on small inputs. */
/* Heckel at the sizes whose middle heckel.c pairs through group_table.c's
 * table (16,384 old ids and up, none repeated), around that bound: each
 * result verified as maximal and in order of occurrence. Shapes: 0
 * distinct ids; 1 repeated ids (the compact table instead); 2 a short
 * common suffix (checked during the pairing); 3 a long one (checked
 * afterwards); 4 and 5 a short suffix one of whose ids also sits, unpaired,
 * in the old or the new middle (so the suffix is paired with the middle).
 * Every other test's lists are below the table's threshold (they go
 * through it when built with -DBXD_GROUP_TABLE_MIN=1). */
static void test_group_sizes(void) {
    enum { CAP = 50000 };
    uint64_t *a = malloc(CAP * sizeof *a), *b = malloc(2 * CAP * sizeof *b);
    uint64_t *ca = malloc(CAP * sizeof *ca), *cb = malloc(2 * CAP * sizeof *cb);
    bxd_workspace_t *ws = NULL;
    bxd_result_t r;
    bxd_result_init(&r);
    CHECK(a && b && ca && cb && bxd_workspace_create(NULL, &ws) == BXD_OK);
    bxd_options_t h = opts(BXD_ALGORITHM_HECKEL, 0, 0);
    uint64_t fresh = 0xA00000000ull;
    const uint32_t sizes[] = {16383, 16384, 20000, CAP};
    for (uint32_t s = 0; ws && s < sizeof sizes / sizeof *sizes; s++)
        for (int shape = 0; shape < 6; shape++) {
            const uint32_t n = sizes[s];
            const uint32_t pool = shape == 1 ? n / 3 : 0;
            const uint32_t tail = shape == 0 || shape == 1 ? 0 : shape == 3 ? n / 2 : 50;
            fill_ids(a, n, pool);
            /* An edited copy of the old list's head, then its tail as is. */
            uint32_t m = fill_edit(a, n - tail, b, 2 * CAP - tail, pool, &fresh);
            for (uint32_t t = n - tail; t < n; t++) b[m++] = a[t];
            if (shape == 4) a[rng_below(n - tail)] = a[n - 1 - rng_below(tail)];
            if (shape == 5 && m > tail) b[rng_below(m - tail)] = a[n - 1 - rng_below(tail)];
            for (uint32_t i = 0; i < n; i++) ca[i] = rng_below(3);
            for (uint32_t j = 0; j < m; j++) cb[j] = rng_below(3);
            CHECK(diff_verify(ws, a, ca, n, b, cb, m, &h, &r) == BXD_OK);
            CHECK(r.matched_count > n / 2);
        }
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    free(a);
    free(b);
    free(ca);
    free(cb);
}

static void test_lcs_dp(void) {
    enum { CAP = 300 };
    uint64_t a[CAP], b[CAP];
    bxd_workspace_t *ws = NULL;
    CHECK(bxd_workspace_create(NULL, &ws) == BXD_OK);
    bxd_result_t r;
    bxd_result_init(&r);
    for (int iter = 0; iter < 800; iter++) {
        uint32_t alphabet = 1 + rng_below(20);
        uint32_t n = rng_below(iter < 400 ? 30 : CAP + 1);
        uint32_t m = rng_below(iter < 400 ? 30 : CAP + 1);
        for (uint32_t i = 0; i < n; i++) a[i] = 77 + rng_below(alphabet);
        if (rng_below(2)) {
            for (uint32_t j = 0; j < m; j++) b[j] = 77 + rng_below(alphabet);
        } else {
            m = 0;
            for (uint32_t i = 0; i < n && m < CAP; i++) {
                if (rng_below(8) == 0) continue;
                if (rng_below(8) == 0 && m < CAP) b[m++] = 77 + rng_below(alphabet + 2);
                if (m < CAP) b[m++] = a[i];
            }
        }
        uint32_t lcs = ref_lcs_length(a, n, b, m);
        bxd_options_t o = opts(BXD_ALGORITHM_LCS, 0, 0);
        CHECK(diff_verify(ws, a, NULL, n, b, NULL, m, &o, &r) == BXD_OK);
        uint32_t kept = r.matched_count - r.move_count;
        CHECK(kept <= lcs);
        if (r.minimal == 1) CHECK(kept == lcs);
        CHECK(r.minimal == 1); /* 300 elements stay under the default bound */
        for (uint64_t bound = 1; bound <= 2; bound++) {
            o.lcs_cost_bound = bound;
            CHECK(diff_verify(ws, a, NULL, n, b, NULL, m, &o, &r) == BXD_OK);
            kept = r.matched_count - r.move_count;
            CHECK(kept <= lcs);
            if (r.minimal == 1) CHECK(kept == lcs);
        }
        /* Heckel's kept pairs never beat the LCS either. */
        o = opts(BXD_ALGORITHM_HECKEL, 0, 0);
        CHECK(diff_verify(ws, a, NULL, n, b, NULL, m, &o, &r) == BXD_OK);
        CHECK(r.matched_count - r.move_count <= lcs);
    }
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
}

/* ---- the common suffix paired with the middle ------------------------------------ */

/* Heckel keeps the trimmed common suffix paired in place only when no
 * occurrence of a suffix id is left unpaired in the middle; otherwise it
 * pairs the suffix with the middle (in order of occurrence). Each case
 * below takes one branch of that check: a suffix longer than a quarter of
 * the middle, checked afterwards from the suffix's side (an unpaired
 * suffix id in the old middle, or in the new one) or from the unpaired
 * middle's side (the suffix's first id, or its last, unpaired in the old
 * middle); and a rebalanced diff whose prefix holds a content change. */
static void test_suffix_rebalance(void) {
    bxd_result_t r;
    bxd_result_init(&r);
    bxd_options_t o = opts(BXD_ALGORITHM_HECKEL, 0, 0);
    enum { S = 50, Y = 60, Z = 70, W = 80, P = 90, T1 = 101, T2 = 102, T3 = 103 };

    /* Suffix [s], old middle [s y], new middle [z]: the suffix is the
     * smaller side and the unpaired s sits in the old middle. */
    const uint64_t a1[] = {S, Y, S}, b1[] = {Z, S};
    CHECK(diff_verify(NULL, a1, NULL, 3, b1, NULL, 2, &o, &r) == BXD_OK);
    CHECK(r.matched_count == 1 && r.old_to_new[0] == 1 && r.old_to_new[2] == BXD_NONE);

    /* Suffix [s], old middle [y], new middle [s z]: in the new middle. */
    const uint64_t a2[] = {Y, S}, b2[] = {S, Z, S};
    CHECK(diff_verify(NULL, a2, NULL, 2, b2, NULL, 3, &o, &r) == BXD_OK);
    CHECK(r.matched_count == 1 && r.new_to_old[0] == 1 && r.new_to_old[2] == BXD_NONE);

    /* Suffix [t1 t2 t3], old middle [t1 y w], new middle [w z]: three
     * unpaired middle ids, no more than the suffix; the suffix's first id
     * is among them. Then the same with its last id. */
    const uint64_t a3[] = {T1, Y, W, T1, T2, T3}, b3[] = {W, Z, T1, T2, T3};
    CHECK(diff_verify(NULL, a3, NULL, 6, b3, NULL, 5, &o, &r) == BXD_OK);
    CHECK(r.matched_count == 4 && r.old_to_new[0] == 2 && r.old_to_new[3] == BXD_NONE);
    const uint64_t a4[] = {T3, Y, W, T1, T2, T3}, b4[] = {W, Z, T1, T2, T3};
    CHECK(diff_verify(NULL, a4, NULL, 6, b4, NULL, 5, &o, &r) == BXD_OK);
    CHECK(r.matched_count == 4 && r.old_to_new[0] == 4 && r.old_to_new[5] == BXD_NONE);

    /* Rebalanced with a content change in the kept prefix: old [p s y s],
     * new [p z s], p's content changed: one update, of old index 0. */
    const uint64_t a5[] = {P, S, Y, S}, b5[] = {P, Z, S};
    const uint64_t ca5[] = {1, 2, 3, 4}, cb5[] = {9, 5, 2};
    CHECK(diff_verify(NULL, a5, ca5, 4, b5, cb5, 3, &o, &r) == BXD_OK);
    CHECK(r.old_to_new[1] == 2 && r.update_count == 1 && r.updates[0] == 0);
    bxd_result_free(&r);
}

/* The LCS cost bound counts the D-steps of one middle-snake search: old
 * [1 2 3], new [3 2 1] (nothing to trim, 4 edits apart) meet at step 2.
 * A bound of 2 still finds that split (minimal); a bound of 1 stops the
 * search short (not minimal), with a valid result either way. */
static void test_lcs_cost_bound_steps(void) {
    bxd_result_t r;
    bxd_result_init(&r);
    const uint64_t a[] = {1, 2, 3}, b[] = {3, 2, 1};
    bxd_options_t o = opts(BXD_ALGORITHM_LCS, 0, 2);
    CHECK(diff_verify(NULL, a, NULL, 3, b, NULL, 3, &o, &r) == BXD_OK);
    CHECK(r.minimal == 1 && r.matched_count - r.move_count == 1);
    o.lcs_cost_bound = 1;
    CHECK(diff_verify(NULL, a, NULL, 3, b, NULL, 3, &o, &r) == BXD_OK);
    CHECK(r.minimal == 0);
    bxd_result_free(&r);
}

/* When the cost bound stops a search and the two searches' furthest points
 * are out of order, the box is split at the point that covered more ground
 * (xdiff's "mxcost" rule; myers.c step 4). old [1 0], new [0 0 1 0 1] with
 * a bound of 1: the backward search covered more (its point (0, 2) is 5
 * steps from the end, the forward one (2, 1) 3 from the start), and the
 * split there still finds the common subsequence [1 0] (no move); a split
 * at the forward point (found by mutation testing: `<=` for `>=` in that
 * choice passed every test) lost it to a move. */
static void test_lcs_cost_bound_split_choice(void) {
    bxd_result_t r;
    bxd_result_init(&r);
    const uint64_t a[] = {1, 0}, b[] = {0, 0, 1, 0, 1};
    bxd_options_t o = opts(BXD_ALGORITHM_LCS, 0, 1);
    CHECK(diff_verify(NULL, a, NULL, 2, b, NULL, 5, &o, &r) == BXD_OK);
    CHECK(r.matched_count == 2 && r.move_count == 0);
    CHECK(r.old_to_new[0] < r.old_to_new[1]);
    bxd_result_free(&r);
}

/* A workspace holds memory for the middle of a diff, not the prefix it
 * trims: a one-id append after a long common prefix, with an id repeated
 * past it (Heckel's duplicate chain), leaves the workspace holding little.
 * The chain was sized by the whole old list (found by review,
 * 2026-12-03: 8 MB kept by a Swift spare workspace after an append to
 * 1,000,000 ids). */
static void test_workspace_sized_by_the_middle(void) {
    enum { N = 100000 };
    uint64_t *a = malloc((N + 3) * sizeof *a), *b = malloc((N + 3) * sizeof *b);
    CHECK(a != NULL && b != NULL);
    for (uint32_t i = 0; i < N; i++) a[i] = b[i] = i;
    a[N] = 7777777, a[N + 1] = 7777777, a[N + 2] = 8888888;
    b[N] = 8888888, b[N + 1] = 7777777, b[N + 2] = 7777777;
    counting_alloc_t c = {0};
    bxd_workspace_t *ws = NULL;
    CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
    bxd_result_t r;
    bxd_result_init(&r);
    bxd_options_t o = opts(BXD_ALGORITHM_HECKEL, 0, 0);
    CHECK(diff_verify(ws, a, NULL, N + 3, b, NULL, N + 3, &o, &r) == BXD_OK);
    CHECK(r.matched_count == N + 3);
    /* The result's maps span the lists (800 KB here); the workspace alone
     * is what a kept workspace holds. */
    bxd_result_free(&r);
    CHECK(c.live_bytes < 64 * 1024);
    bxd_workspace_destroy(ws);
    CHECK(counting_alloc_settled(&c));
    free(a);
    free(b);
}

/* The core never touches errno, also when the default allocator's malloc
 * fails (which sets it): a diff whose first result buffer is too large to
 * allocate reports BXD_ERR_NO_MEMORY with errno as it was. Under ASan only:
 * the test's ASan options (above) make a request past 1 GiB fail, before
 * any id of the one-element buffer is read. 2^29 ids: 2 GiB of 32-bit
 * indices, past that limit on a 32-bit host too, where BXD_MAX_COUNT ids
 * are refused as too large (their buffers' sizes overflow size_t). */
static void test_errno_on_malloc_failure(void) {
#if BXD_TEST_ASAN
    static const uint64_t one[1] = {42};
    const bxd_list_t huge = {one, NULL, (size_t)1 << 29}, small = {one, NULL, 1};
    bxd_result_t r;
    bxd_result_init(&r);
    errno = 4321;
    CHECK(bxd_diff(NULL, &huge, &small, NULL, &r) == BXD_ERR_NO_MEMORY);
    CHECK(errno == 4321);
    CHECK_OK(verify_empty(&r));
    bxd_result_free(&r);
#endif
}

/* LCS drops the ids that occur on one side only before its search, so
 * they never count against the cost bound: an old list with a fresh id
 * inserted after each element (or the reverse: each old element followed
 * by one that is deleted) is diffed exactly, as pure inserts (deletes),
 * even with a cost bound of 1. */
static void test_lcs_one_sided_ids_free(void) {
    enum { K = 40 };
    uint64_t plain[K], spread[2 * K];
    for (uint32_t i = 0; i < K; i++) {
        plain[i] = 500 + i;
        spread[2 * i] = 500 + i;
        spread[2 * i + 1] = 9000 + i; /* on one side only */
    }
    bxd_result_t r;
    bxd_result_init(&r);
    const bxd_options_t o = opts(BXD_ALGORITHM_LCS, 0, 1);
    CHECK(diff_verify(NULL, plain, NULL, K, spread, NULL, 2 * K, &o, &r) == BXD_OK);
    CHECK(r.minimal == 1 && r.matched_count == K && r.insert_count == K && r.move_count == 0);
    CHECK(diff_verify(NULL, spread, NULL, 2 * K, plain, NULL, K, &o, &r) == BXD_OK);
    CHECK(r.minimal == 1 && r.matched_count == K && r.delete_count == K && r.move_count == 0);
    bxd_result_free(&r);
}

/* Contents given for one list only: no updates, and nothing read from the
 * missing side, whether the contents are the old list's or the new one's,
 * over a middle with pairs, a move, deletes and an insert, and over a
 * suffix that Heckel pairs with the middle after a prefix. */
static void test_one_sided_contents(void) {
    bxd_result_t r;
    bxd_result_init(&r);
    const uint64_t x_old[] = {1, 2, 3, 4, 5, 6}, x_new[] = {6, 1, 3, 9, 4};
    const uint64_t cx_old[] = {11, 12, 13, 14, 15, 16}, cx_new[] = {26, 21, 23, 29, 24};
    const uint64_t s_old[] = {90, 50, 60, 50}, s_new[] = {90, 70, 50};
    const uint64_t cs_old[] = {1, 2, 3, 4}, cs_new[] = {9, 5, 2};
    for (int ai = 0; ai < 2; ai++) {
        const bxd_options_t o = opts(algorithms[ai], 0, 0);
        for (int side = 0; side < 2; side++) {
            CHECK(diff_verify(NULL, x_old, side ? NULL : cx_old, 6, x_new,
                              side ? cx_new : NULL, 5, &o, &r) == BXD_OK);
            CHECK(r.update_count == 0 && r.move_count == 1 && r.delete_count == 2);
            CHECK(diff_verify(NULL, s_old, side ? NULL : cs_old, 4, s_new,
                              side ? cs_new : NULL, 3, &o, &r) == BXD_OK);
            CHECK(r.update_count == 0 && r.matched_count == 2);
        }
    }
    bxd_result_free(&r);
}

/* ---- arguments, memory ----------------------------------------------------------- */

static void test_arguments(void) {
    counting_alloc_t c = {0};
    bxd_workspace_t *ws = NULL;
    CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
    bxd_result_t r;
    bxd_result_init(&r);
    const uint64_t ids[] = {1, 2, 3};
    bxd_list_t ok = {ids, NULL, 3}, null_ids = {NULL, NULL, 2},
               empty_null = {NULL, NULL, 0};
    bxd_options_t o;

    CHECK(bxd_diff(ws, &ok, &ok, NULL, NULL) == BXD_ERR_INVALID_ARGUMENT);
    CHECK(bxd_diff(ws, NULL, &ok, NULL, &r) == BXD_ERR_INVALID_ARGUMENT);
    CHECK(bxd_diff(ws, &ok, NULL, NULL, &r) == BXD_ERR_INVALID_ARGUMENT);
    CHECK(bxd_diff(ws, &null_ids, &ok, NULL, &r) == BXD_ERR_INVALID_ARGUMENT);
    CHECK(bxd_diff(ws, &ok, &null_ids, NULL, &r) == BXD_ERR_INVALID_ARGUMENT);
    CHECK(bxd_diff(ws, &empty_null, &empty_null, NULL, &r) == BXD_OK);
    o = opts(BXD_ALGORITHM_HECKEL, 0, 0);
    o.algorithm = (bxd_algorithm_t)2;
    CHECK(bxd_diff(ws, &ok, &ok, &o, &r) == BXD_ERR_INVALID_ARGUMENT);
    o.algorithm = (bxd_algorithm_t)-1;
    CHECK(bxd_diff(ws, &ok, &ok, &o, &r) == BXD_ERR_INVALID_ARGUMENT);
    o = opts(BXD_ALGORITHM_LCS, 0x4, 0);
    CHECK(bxd_diff(ws, &ok, &ok, &o, &r) == BXD_ERR_INVALID_ARGUMENT);
    o = opts(BXD_ALGORITHM_HECKEL, 0x80000000u | BXD_FLAG_REJECT_DUPLICATES, 0);
    CHECK(bxd_diff(ws, &ok, &ok, &o, &r) == BXD_ERR_INVALID_ARGUMENT);
    CHECK_OK(verify_empty(&r));

    /* Too large: checked before any allocation and before reading ids. */
    static const uint64_t fake[1] = {0};
    bxd_list_t huge = {fake, NULL, BXD_MAX_COUNT + 1};
    bxd_list_t huge2 = {fake, NULL, SIZE_MAX};
    bxd_result_t fresh;
    bxd_result_init(&fresh);
    unsigned long before = c.allocations;
    CHECK(bxd_diff(ws, &huge, &ok, NULL, &fresh) == BXD_ERR_TOO_LARGE);
    CHECK(bxd_diff(ws, &ok, &huge, NULL, &fresh) == BXD_ERR_TOO_LARGE);
    CHECK(bxd_diff(ws, &huge2, &huge2, NULL, &fresh) == BXD_ERR_TOO_LARGE);
    o = opts(BXD_ALGORITHM_LCS, 0, 0);
    CHECK(bxd_diff(ws, &huge, &ok, &o, &fresh) == BXD_ERR_TOO_LARGE);
    CHECK(bxd_diff(NULL, &huge, &ok, &o, &fresh) == BXD_ERR_TOO_LARGE);
    CHECK(c.allocations == before);
    CHECK_OK(verify_empty(&fresh));
    uint8_t keep[1];
    CHECK(bxd_lis_mark(ws, (const uint32_t *)fake, BXD_MAX_COUNT + 1, keep,
                       NULL) == BXD_ERR_TOO_LARGE);
    CHECK(c.allocations == before);
    CHECK(bxd_lis_mark(ws, NULL, 3, keep, NULL) == BXD_ERR_INVALID_ARGUMENT);
    uint32_t len = 99;
    CHECK(bxd_lis_mark(ws, NULL, 0, NULL, &len) == BXD_OK && len == 0);
    bxd_result_free(&fresh);

    /* Workspace arguments. */
    CHECK(bxd_workspace_create(NULL, NULL) == BXD_ERR_INVALID_ARGUMENT);
    bxd_allocator_t broken = {NULL, counting_deallocate, &c};
    bxd_workspace_t *w2 = (bxd_workspace_t *)1;
    CHECK(bxd_workspace_create(&broken, &w2) == BXD_ERR_INVALID_ARGUMENT && w2 == NULL);
    bxd_workspace_destroy(NULL);

    /* Options init / status strings. */
    bxd_options_init(NULL);
    bxd_options_init(&o);
    CHECK(o.algorithm == BXD_ALGORITHM_HECKEL && o.flags == 0);
    CHECK(bxd_status_string(BXD_OK) != NULL &&
          bxd_status_string((bxd_status_t)99) != NULL);

    /* result_free: NULL, twice, and reuse after free. */
    bxd_result_free(NULL);
    CHECK(bxd_diff(ws, &ok, &ok, NULL, &r) == BXD_OK);
    bxd_result_free(&r);
    bxd_result_free(&r);
    CHECK(r.stage_count == 0 && r.old_count == 0);
    CHECK(bxd_diff(ws, &ok, &empty_null, NULL, &r) == BXD_OK && r.delete_count == 3);
    bxd_result_free(&r);
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    CHECK(counting_alloc_settled(&c));
}

/* bxd_lis_mark against the independent LIS length. A third of the lists
 * are mostly increasing, as pairs in new order are (runs of kept positions,
 * broken by moved and unpaired ones), so that the read-back's runs of four
 * and their ends are exercised. */
static void test_lis_mark(void) {
    uint32_t v[500];
    uint8_t keep[500];
    for (int iter = 0; iter < 300; iter++) {
        uint32_t n = rng_below(400);
        for (uint32_t i = 0; i < n; i++) {
            if (iter % 3 == 2) {
                uint32_t r = rng_below(20);
                v[i] = r == 0 ? BXD_NONE : r == 1 ? rng_below(2 * n + 1) : 2 * i;
            } else {
                v[i] = rng_below(5) == 0 ? BXD_NONE : rng_below(iter % 3 ? 50 : 100000);
            }
        }
        uint32_t len = 0;
        CHECK(bxd_lis_mark(NULL, v, n, keep, &len) == BXD_OK);
        CHECK(len == lis_length(v, n));
        uint32_t marked = 0, last = 0, bad = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (!keep[i]) continue;
            if (v[i] == BXD_NONE || (marked && v[i] <= last)) bad++;
            last = v[i];
            marked++;
        }
        CHECK(bad == 0 && marked == len);
    }
}

/* Lists used by the reuse and failure tests: duplicates, contents, and an
 * LCS middle large enough for the Myers vectors and stack. */
typedef struct scenario {
    uint64_t a[600], b[600], ca[600], cb[600];
    uint32_t n, m;
} scenario_t;

static void make_scenario(scenario_t *s, uint32_t alphabet) {
    s->n = 500;
    for (uint32_t i = 0; i < s->n; i++) {
        s->a[i] = 5000 + rng_below(alphabet);
        s->ca[i] = rng_below(2);
    }
    s->m = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        if (rng_below(6) == 0) continue;
        if (rng_below(6) == 0) s->b[s->m++] = 5000 + rng_below(alphabet + 40);
        s->b[s->m++] = s->a[i];
    }
    for (int t = 0; t < 20; t++) { /* some moves */
        uint32_t x = rng_below(s->m), y = rng_below(s->m);
        uint64_t tmp = s->b[x];
        s->b[x] = s->b[y];
        s->b[y] = tmp;
    }
    for (uint32_t j = 0; j < s->m; j++) s->cb[j] = rng_below(2);
}

static void test_reuse(void) {
    static scenario_t s;
    for (int ai = 0; ai < 2; ai++)
        for (uint32_t alphabet = 30; alphabet <= 3000; alphabet *= 100) {
            make_scenario(&s, alphabet);
            counting_alloc_t c = {0};
            bxd_workspace_t *ws = NULL;
            CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
            bxd_result_t r;
            bxd_result_init(&r);
            bxd_options_t o = opts(algorithms[ai], 0, 0);
            CHECK(diff_verify(ws, s.a, s.ca, s.n, s.b, s.cb, s.m, &o, &r) == BXD_OK);
            unsigned long first = c.allocations;
            CHECK(first > 1);
            CHECK(diff_verify(ws, s.a, s.ca, s.n, s.b, s.cb, s.m, &o, &r) == BXD_OK);
            CHECK(c.allocations == first);
            /* Reverse direction, same sizes swapped, then the first again:
             * the second round allocates nothing. */
            CHECK(diff_verify(ws, s.b, s.cb, s.m, s.a, s.ca, s.n, &o, &r) == BXD_OK);
            unsigned long second = c.allocations;
            CHECK(diff_verify(ws, s.a, s.ca, s.n, s.b, s.cb, s.m, &o, &r) == BXD_OK);
            CHECK(diff_verify(ws, s.b, s.cb, s.m, s.a, s.ca, s.n, &o, &r) == BXD_OK);
            CHECK(c.allocations == second);
            bxd_result_free(&r);
            bxd_workspace_destroy(ws);
            CHECK(counting_alloc_settled(&c));
        }
}

/* Runs workspace_create + diff with the k-th allocation failing (0: none);
 * returns the status and the number of allocations made. */
static bxd_status_t failing_diff(const scenario_t *s, const bxd_options_t *o,
                                 int with_contents, unsigned long fail_at,
                                 bxd_status_t expect,
                                 unsigned long *allocations) {
    counting_alloc_t c = {.fail_at = fail_at};
    bxd_workspace_t *ws = NULL;
    bxd_result_t r;
    bxd_result_init(&r);
    bxd_status_t st = counting_workspace_create(&c, &ws);
    if (st == BXD_OK) {
        CHECK(ws != NULL);
        bxd_list_t ol = {s->a, with_contents ? s->ca : NULL, s->n};
        bxd_list_t nl = {s->b, with_contents ? s->cb : NULL, s->m};
        st = bxd_diff(ws, &ol, &nl, o, &r);
        const int in_order = o->algorithm == BXD_ALGORITHM_HECKEL;
        if (st == BXD_OK) {
            CHECK_OK(verify_result(&ol, &nl, &r, in_order));
        } else if (st == BXD_ERR_DUPLICATE) {
            CHECK_OK(verify_duplicate(&ol, &nl, &r));
        } else {
            CHECK_OK(verify_empty(&r));
            /* The same workspace and result work afterwards. */
            if (st == BXD_ERR_NO_MEMORY) {
                c.fail_at = 0;
                CHECK(bxd_diff(ws, &ol, &nl, o, &r) == expect);
                if (expect == BXD_OK) CHECK_OK(verify_result(&ol, &nl, &r, in_order));
                else CHECK_OK(verify_duplicate(&ol, &nl, &r));
                c.fail_at = fail_at;
            }
        }
    } else {
        CHECK(ws == NULL);
    }
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    CHECK(counting_alloc_settled(&c));
    if (allocations) *allocations = c.allocations;
    return st;
}

static void test_allocation_failures(void) {
    static scenario_t s;
    for (uint32_t alphabet = 20; alphabet <= 2000; alphabet *= 100) {
        make_scenario(&s, alphabet);
        for (int ai = 0; ai < 2; ai++)
            for (int flags = 0; flags < 2; flags++)
                for (int with_contents = 0; with_contents < 2; with_contents++) {
                    bxd_options_t o = opts(algorithms[ai],
                                           flags ? BXD_FLAG_REJECT_DUPLICATES : 0,
                                           ai == 1 && with_contents ? 3 : 0);
                    unsigned long k_total = 0;
                    bxd_status_t expect =
                        flags ? BXD_ERR_DUPLICATE : BXD_OK;
                    if (flags && alphabet > 1000) {
                        /* Make both lists duplicate-free for reject mode. */
                        static scenario_t u;
                        u = s;
                        for (uint32_t i = 0; i < u.n; i++) u.a[i] = 9000 + i;
                        for (uint32_t j = 0; j < u.m; j++) u.b[j] = 9000 + j + (j % 3 == 0 ? 600 : 0);
                        CHECK(failing_diff(&u, &o, with_contents, 0, BXD_OK, &k_total) == BXD_OK);
                        for (unsigned long k = 1; k <= k_total; k++) {
                            CHECK(failing_diff(&u, &o, with_contents, k, BXD_OK, NULL) == BXD_ERR_NO_MEMORY);
                        }
                        continue;
                    }
                    bxd_status_t first = failing_diff(&s, &o, with_contents, 0, expect, &k_total);
                    CHECK(first == expect);
                    CHECK(k_total >= 2);
                    for (unsigned long k = 1; k <= k_total; k++) {
                        bxd_status_t st = failing_diff(&s, &o, with_contents, k, expect, NULL);
                        CHECK(st == BXD_ERR_NO_MEMORY);
                    }
                }
    }
    /* bxd_workspace_create alone. */
    counting_alloc_t c = {.fail_at = 1};
    bxd_workspace_t *ws = (bxd_workspace_t *)1;
    CHECK(counting_workspace_create(&c, &ws) == BXD_ERR_NO_MEMORY);
    CHECK(ws == NULL && counting_alloc_settled(&c));

    /* bxd_lis_mark with a failing workspace allocation. */
    uint32_t v[64];
    uint8_t keep[64];
    for (uint32_t i = 0; i < 64; i++) v[i] = (i * 37) % 64;
    c = (counting_alloc_t){0};
    CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
    unsigned long base = c.allocations;
    uint32_t len = 0;
    CHECK(bxd_lis_mark(ws, v, 64, keep, &len) == BXD_OK && len == lis_length(v, 64));
    unsigned long k_total = c.allocations - base;
    bxd_workspace_destroy(ws);
    CHECK(k_total >= 1 && counting_alloc_settled(&c));
    for (unsigned long k = 1; k <= k_total; k++) {
        c = (counting_alloc_t){0};
        CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
        c.fail_at = c.allocations + k;
        len = 99;
        CHECK(bxd_lis_mark(ws, v, 64, keep, &len) == BXD_ERR_NO_MEMORY);
        CHECK(len == 0);
        c.fail_at = 0;
        CHECK(bxd_lis_mark(ws, v, 64, keep, &len) == BXD_OK && len == lis_length(v, 64));
        bxd_workspace_destroy(ws);
        CHECK(counting_alloc_settled(&c));
    }
}

/* ---- pairs only ------------------------------------------------------------- */

/* BXD_FLAG_PAIRS_ONLY gives the same maps, matched count, minimality and
 * duplicate report as a full diff, and no change lists or stages; with the
 * k-th allocation failing for every k it returns BXD_ERR_NO_MEMORY and
 * leaks nothing. */
static void test_pairs_only(void) {
    enum { CAP = 700 };
    uint64_t a[CAP], b[CAP], ca[CAP], cb[CAP];
    bxd_workspace_t *ws = NULL;
    CHECK(bxd_workspace_create(NULL, &ws) == BXD_OK);
    bxd_result_t full, pairs;
    bxd_result_init(&full);
    bxd_result_init(&pairs);
    uint64_t fresh = 0xA00000000ull;
    for (int iter = 0; iter < 300; iter++) {
        uint32_t n = rng_below(iter % 10 == 0 ? 8 : 300);
        uint32_t pool = rng_below(3) == 0 ? 0 : 1 + rng_below(40);
        fill_ids(a, n, pool);
        uint32_t m = fill_edit(a, n, b, CAP, pool, &fresh);
        for (uint32_t i = 0; i < n; i++) ca[i] = rng_below(3);
        for (uint32_t j = 0; j < m; j++) cb[j] = rng_below(3);
        bxd_list_t ol = {a, ca, n}, nl = {b, cb, m};
        for (int ai = 0; ai < 2; ai++)
            for (uint32_t reject = 0; reject <= BXD_FLAG_REJECT_DUPLICATES; reject++) {
                bxd_options_t fo = opts(algorithms[ai], reject, ai ? 1 + rng_below(64) : 0);
                bxd_options_t po = fo;
                po.flags |= BXD_FLAG_PAIRS_ONLY;
                bxd_status_t fs = bxd_diff(ws, &ol, &nl, &fo, &full);
                bxd_status_t ps = bxd_diff(ws, &ol, &nl, &po, &pairs);
                CHECK(fs == ps);
                if (fs == BXD_ERR_DUPLICATE) {
                    CHECK(pairs.duplicate_side == full.duplicate_side &&
                          pairs.duplicate_index == full.duplicate_index &&
                          pairs.duplicate_first_index == full.duplicate_first_index);
                }
                if (fs != BXD_OK || ps != BXD_OK) continue;
                CHECK_OK(verify_pairs_only(&ol, &nl, &pairs, ai == 0));
                CHECK(pairs.matched_count == full.matched_count);
                CHECK(pairs.minimal == full.minimal);
                CHECK(n == 0 || memcmp(pairs.old_to_new, full.old_to_new, n * sizeof(uint32_t)) == 0);
                CHECK(m == 0 || memcmp(pairs.new_to_old, full.new_to_old, m * sizeof(uint32_t)) == 0);
            }
    }
    bxd_result_free(&full);
    bxd_result_free(&pairs);
    bxd_workspace_destroy(ws);

    /* Allocation failure, both algorithms. */
    uint32_t n = 300;
    fill_ids(a, n, 50);
    uint32_t m = fill_edit(a, n, b, CAP, 50, &fresh);
    bxd_list_t ol = {a, NULL, n}, nl = {b, NULL, m};
    for (int ai = 0; ai < 2; ai++) {
        bxd_options_t po = opts(algorithms[ai], BXD_FLAG_PAIRS_ONLY, 0);
        unsigned long k_total = 0;
        for (unsigned long k = 0; k == 0 || k <= k_total; k++) {
            counting_alloc_t c = {0};
            bxd_workspace_t *w = NULL;
            bxd_result_t r;
            bxd_result_init(&r);
            CHECK(counting_workspace_create(&c, &w) == BXD_OK);
            unsigned long base = c.allocations;
            c.fail_at = k ? base + k : 0;
            bxd_status_t st = bxd_diff(w, &ol, &nl, &po, &r);
            if (k == 0) {
                CHECK(st == BXD_OK && r.matched_count > 0);
                k_total = c.allocations - base;
                CHECK(k_total >= 2);
            } else {
                CHECK(st == BXD_ERR_NO_MEMORY && r.matched_count == 0);
            }
            bxd_result_free(&r);
            bxd_workspace_destroy(w);
            CHECK(counting_alloc_settled(&c));
        }
    }
}

/* ---- bad input (issue #7) ------------------------------------------------------ */

/* NULL ids with a non-zero count: BXD_ERR_INVALID_ARGUMENT on either side,
 * for both algorithms, with or without a workspace, contents or the reject
 * flag; nothing is allocated and a previously filled result is emptied.
 * NULL values or keep with a count for bxd_lis_mark likewise. */
static void test_null_with_count(void) {
    counting_alloc_t c = {0};
    bxd_workspace_t *ws = NULL;
    CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
    bxd_result_t r;
    bxd_result_init(&r);
    const uint64_t ids[] = {1, 2, 3}, contents[] = {4, 5, 6};
    const bxd_list_t ok = {ids, contents, 3};
    const size_t counts[] = {1, 3, 1000, BXD_MAX_COUNT};
    for (int ai = 0; ai < 2; ai++)
        for (uint32_t flags = 0; flags <= BXD_FLAG_REJECT_DUPLICATES; flags++)
            for (int use_ws = 0; use_ws < 2; use_ws++)
                for (size_t ci = 0; ci < sizeof counts / sizeof *counts; ci++) {
                    bxd_options_t o = opts(algorithms[ai], flags, 0);
                    /* Fill the result first: the error must empty it. */
                    CHECK(bxd_diff(ws, &ok, &ok, &o, &r) == BXD_OK && r.matched_count == 3);
                    const unsigned long before = c.allocations;
                    bxd_list_t null_ids = {NULL, contents, counts[ci]};
                    bxd_list_t null_both = {NULL, NULL, counts[ci]};
                    bxd_workspace_t *w = use_ws ? ws : NULL;
                    CHECK(bxd_diff(w, &null_ids, &ok, &o, &r) == BXD_ERR_INVALID_ARGUMENT);
                    CHECK_OK(verify_empty(&r));
                    CHECK(r.old_to_new == NULL);
                    CHECK(bxd_diff(w, &ok, &null_ids, &o, &r) == BXD_ERR_INVALID_ARGUMENT);
                    CHECK(bxd_diff(w, &null_both, &null_both, &o, &r) == BXD_ERR_INVALID_ARGUMENT);
                    CHECK_OK(verify_empty(&r));
                    CHECK(c.allocations == before);
                }
    /* NULL ids with count 0 (and contents NULL or not) are fine. */
    bxd_list_t empty = {NULL, contents, 0};
    CHECK(bxd_diff(ws, &empty, &ok, NULL, &r) == BXD_OK && r.insert_count == 3);
    /* Past the limit the size check comes first: too large, not invalid. */
    bxd_list_t null_huge = {NULL, NULL, BXD_MAX_COUNT + 1};
    CHECK(bxd_diff(ws, &null_huge, &ok, NULL, &r) == BXD_ERR_TOO_LARGE);

    /* bxd_lis_mark: NULL values or NULL keep with a count. */
    const uint32_t v[] = {3, 1, 2};
    uint8_t keep[3] = {7, 7, 7};
    uint32_t len = 99;
    const unsigned long before = c.allocations;
    CHECK(bxd_lis_mark(ws, NULL, 3, keep, &len) == BXD_ERR_INVALID_ARGUMENT && len == 0);
    len = 99;
    CHECK(bxd_lis_mark(ws, v, 3, NULL, &len) == BXD_ERR_INVALID_ARGUMENT && len == 0);
    CHECK(bxd_lis_mark(NULL, v, 3, NULL, NULL) == BXD_ERR_INVALID_ARGUMENT);
    /* For bxd_lis_mark the NULL check comes first, even past the limit. */
    CHECK(bxd_lis_mark(ws, NULL, BXD_MAX_COUNT + 1, keep, NULL) == BXD_ERR_INVALID_ARGUMENT);
    CHECK(keep[0] == 7 && keep[1] == 7 && keep[2] == 7);
    CHECK(c.allocations == before);
    CHECK(bxd_lis_mark(ws, v, 0, NULL, &len) == BXD_OK && len == 0);
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    CHECK(counting_alloc_settled(&c));
}

/* Counts past 32-bit indices, given with a pointer to a one-element buffer:
 * BXD_ERR_TOO_LARGE before anything is read (ASan would catch a read past
 * the buffer) or allocated, for counts that a 32-bit truncation would turn
 * into small ones (2^32 -> 0, 2^32 + 1 -> 1), for UINT32_MAX (= BXD_NONE),
 * just past BXD_MAX_COUNT and SIZE_MAX; either side, both algorithms, with
 * or without a workspace, contents or the reject flag. */
static void test_counts_past_32_bits(void) {
    counting_alloc_t c = {0};
    bxd_workspace_t *ws = NULL;
    CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
    bxd_result_t r;
    bxd_result_init(&r);
    static const uint64_t tiny_ids[1] = {42}, tiny_contents[1] = {7};
    const bxd_list_t ok = {tiny_ids, tiny_contents, 1};
    size_t counts[6];
    size_t n_counts = 0;
    counts[n_counts++] = BXD_MAX_COUNT + 1;
    counts[n_counts++] = (size_t)UINT32_MAX;
    counts[n_counts++] = SIZE_MAX;
#if SIZE_MAX > 0xFFFFFFFFu
    counts[n_counts++] = (size_t)UINT32_MAX + 1;
    counts[n_counts++] = (size_t)UINT32_MAX + 2;
    counts[n_counts++] = (size_t)1 << 40;
#endif
    for (int ai = 0; ai < 2; ai++)
        for (uint32_t flags = 0; flags <= BXD_FLAG_REJECT_DUPLICATES; flags++)
            for (int use_ws = 0; use_ws < 2; use_ws++)
                for (int with_contents = 0; with_contents < 2; with_contents++)
                    for (size_t ci = 0; ci < n_counts; ci++) {
                        bxd_options_t o = opts(algorithms[ai], flags, 0);
                        CHECK(bxd_diff(ws, &ok, &ok, &o, &r) == BXD_OK && r.matched_count == 1);
                        const unsigned long before = c.allocations;
                        bxd_list_t huge = {tiny_ids, with_contents ? tiny_contents : NULL, counts[ci]};
                        bxd_workspace_t *w = use_ws ? ws : NULL;
                        CHECK(bxd_diff(w, &huge, &ok, &o, &r) == BXD_ERR_TOO_LARGE);
                        CHECK_OK(verify_empty(&r));
                        CHECK(r.old_to_new == NULL);
                        CHECK(bxd_diff(w, &ok, &huge, &o, &r) == BXD_ERR_TOO_LARGE);
                        CHECK(bxd_diff(w, &huge, &huge, &o, &r) == BXD_ERR_TOO_LARGE);
                        CHECK_OK(verify_empty(&r));
                        CHECK(c.allocations == before);
                    }
    /* bxd_lis_mark: keep (one byte) is not written, length is 0. */
    static const uint32_t tiny_values[1] = {5};
    for (size_t ci = 0; ci < n_counts; ci++) {
        uint8_t keep[1] = {0xAA};
        uint32_t len = 99;
        const unsigned long before = c.allocations;
        CHECK(bxd_lis_mark(ws, tiny_values, counts[ci], keep, &len) == BXD_ERR_TOO_LARGE);
        CHECK(len == 0 && keep[0] == 0xAA);
        CHECK(bxd_lis_mark(NULL, tiny_values, counts[ci], keep, NULL) == BXD_ERR_TOO_LARGE);
        CHECK(keep[0] == 0xAA);
        CHECK(c.allocations == before);
    }
    /* The workspace and result still work. */
    CHECK(diff_verify(ws, tiny_ids, tiny_contents, 1, tiny_ids, NULL, 1, NULL, &r) == BXD_OK);
    CHECK(r.matched_count == 1);
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    CHECK(counting_alloc_settled(&c));
}

/* ---- allocation failures: more shapes ------------------------------------------- */

/* Fails the k-th allocation of workspace_create + diff for every k up to
 * the number a successful run makes, over one pair of lists and every
 * algorithm / flag / contents combination. */
static void fail_every_allocation(const scenario_t *s) {
    for (int ai = 0; ai < 2; ai++)
        for (int flags = 0; flags < 2; flags++)
            for (int with_contents = 0; with_contents < 2; with_contents++)
                for (int tight = 0; tight < 2; tight++) {
                    if (tight && ai == 0) continue;
                    bxd_options_t o = opts(algorithms[ai],
                                           flags ? BXD_FLAG_REJECT_DUPLICATES : 0,
                                           tight ? 1 : 0);
                    unsigned long k_total = 0;
                    /* The status without failures: OK, or DUPLICATE when
                     * rejecting a list with a repeated id. */
                    bxd_status_t expect = failing_diff(s, &o, with_contents, 0, BXD_OK, &k_total);
                    if (expect != BXD_OK && expect != BXD_ERR_DUPLICATE) {
                        CHECK(!"unexpected status without failures");
                        continue;
                    }
                    CHECK(k_total >= 2); /* the workspace and the result storage */
                    for (unsigned long k = 1; k <= k_total; k++)
                        CHECK(failing_diff(s, &o, with_contents, k, expect, NULL) == BXD_ERR_NO_MEMORY);
                    /* One past the last allocation: no failure. */
                    CHECK(failing_diff(s, &o, with_contents, k_total + 1, expect, NULL) == expect);
                }
}

static void set_lists(scenario_t *s, const uint64_t *a, uint32_t n,
                      const uint64_t *b, uint32_t m) {
    s->n = n;
    s->m = m;
    for (uint32_t i = 0; i < n; i++) {
        s->a[i] = a[i];
        s->ca[i] = a[i] % 3;
    }
    for (uint32_t j = 0; j < m; j++) {
        s->b[j] = b[j];
        s->cb[j] = b[j] % 5 == 0 ? 9 : b[j] % 3;
    }
}

/* Every allocation failing in turn over edge-case shapes, each taking its
 * own path through the core: empty lists, identical lists (all trimmed),
 * a reversal, one move, disjoint ids, one id repeated, and ids present on
 * one side only around an LCS middle. */
static void test_allocation_failures_shapes(void) {
    static scenario_t s;
    static uint64_t up[400], down[400], rot[400], other[400], same7[300], mixed[400];
    for (uint32_t i = 0; i < 400; i++) {
        up[i] = 100 + i;
        down[i] = 100 + 399 - i;
        rot[i] = 100 + (i + 399) % 400; /* last to first */
        other[i] = 10000 + i;
        mixed[i] = (i % 4 == 0) ? 20000 + i : 100 + (i * 7) % 400;
    }
    for (uint32_t i = 0; i < 300; i++) same7[i] = 7;
    const struct {
        const uint64_t *a, *b;
        uint32_t n, m;
    } shapes[] = {
        {up, up, 0, 0},
        {up, up, 0, 400},
        {up, up, 400, 0},
        {up, up, 400, 400},
        {up, down, 400, 400},
        {up, rot, 400, 400},
        {up, other, 400, 400},
        {same7, same7, 300, 120},
        {up, mixed, 400, 400},
    };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        set_lists(&s, shapes[k].a, shapes[k].n, shapes[k].b, shapes[k].m);
        fail_every_allocation(&s);
    }
}

/* A workspace and result grown by a small diff, then a larger diff with
 * each of its allocations failing in turn: BXD_ERR_NO_MEMORY, the result
 * emptied, its old buffers kept or released without a leak, and the same
 * pair of workspace and result succeeding afterwards. */
static void test_allocation_failures_after_reuse(void) {
    static scenario_t big;
    make_scenario(&big, 3000);
    for (uint32_t i = 0; i < big.n; i++) big.a[i] = 9000 + i;
    /* j * 7 mod a modulus coprime with 7 (and above m): distinct ids. */
    uint32_t modulus = big.m + 40;
    while (modulus % 7 == 0) modulus++;
    for (uint32_t j = 0; j < big.m; j++) big.b[j] = 9000 + (j * 7) % modulus;
    const uint64_t small_a[] = {1, 2, 3, 4}, small_b[] = {4, 1, 2, 5};
    for (int ai = 0; ai < 2; ai++)
        for (int with_contents = 0; with_contents < 2; with_contents++) {
            bxd_options_t o = opts(algorithms[ai], BXD_FLAG_REJECT_DUPLICATES, 0);
            bxd_list_t sa = {small_a, with_contents ? small_a : NULL, 4};
            bxd_list_t sb = {small_b, with_contents ? small_b : NULL, 4};
            bxd_list_t ba = {big.a, with_contents ? big.ca : NULL, big.n};
            bxd_list_t bb = {big.b, with_contents ? big.cb : NULL, big.m};
            /* How many allocations the larger diff makes after the small one. */
            counting_alloc_t c = {0};
            bxd_workspace_t *ws = NULL;
            bxd_result_t r;
            bxd_result_init(&r);
            CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
            CHECK(bxd_diff(ws, &sa, &sb, &o, &r) == BXD_OK);
            unsigned long base = c.allocations;
            CHECK(bxd_diff(ws, &ba, &bb, &o, &r) == BXD_OK);
            unsigned long k_total = c.allocations - base;
            CHECK(k_total >= 1);
            bxd_result_free(&r);
            bxd_workspace_destroy(ws);
            CHECK(counting_alloc_settled(&c));
            for (unsigned long k = 1; k <= k_total; k++) {
                c = (counting_alloc_t){0};
                bxd_result_init(&r);
                CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
                CHECK(bxd_diff(ws, &sa, &sb, &o, &r) == BXD_OK);
                c.fail_at = c.allocations + k;
                CHECK(bxd_diff(ws, &ba, &bb, &o, &r) == BXD_ERR_NO_MEMORY);
                CHECK_OK(verify_empty(&r));
                c.fail_at = 0;
                CHECK(diff_verify(ws, big.a, ba.contents, big.n, big.b, bb.contents, big.m, &o, &r) == BXD_OK);
                CHECK(diff_verify(ws, small_a, sa.contents, 4, small_b, sb.contents, 4, &o, &r) == BXD_OK);
                bxd_result_free(&r);
                bxd_workspace_destroy(ws);
                CHECK(counting_alloc_settled(&c));
            }
        }
}

/* bxd_lis_mark with each allocation failing in turn, over several shapes
 * (one value, all BXD_NONE, ascending, descending, contiguous tail values,
 * random with gaps); then with a workspace already grown by a diff. */
static void test_allocation_failures_lis(void) {
    enum { N = 1000 };
    static uint32_t v[N];
    static uint8_t keep[N];
    for (int shape = 0; shape < 6; shape++) {
        uint32_t n = shape == 0 ? 1 : N;
        for (uint32_t i = 0; i < n; i++) {
            switch (shape) {
            case 0: v[i] = 3; break;
            case 1: v[i] = BXD_NONE; break;
            case 2: v[i] = i; break;
            case 3: v[i] = N - i; break;
            case 4: v[i] = i < N / 2 ? N / 2 + i : i - N / 2; break;
            default: v[i] = rng_below(4) == 0 ? BXD_NONE : rng_below(N); break;
            }
        }
        const uint32_t expected = lis_length(v, n);
        counting_alloc_t c = {0};
        bxd_workspace_t *ws = NULL;
        CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
        unsigned long base = c.allocations;
        uint32_t len = 0;
        CHECK(bxd_lis_mark(ws, v, n, keep, &len) == BXD_OK && len == expected);
        unsigned long k_total = c.allocations - base;
        /* Again on the grown workspace: nothing allocated. */
        CHECK(bxd_lis_mark(ws, v, n, keep, &len) == BXD_OK && len == expected);
        CHECK(c.allocations - base == k_total);
        bxd_workspace_destroy(ws);
        CHECK(counting_alloc_settled(&c));
        for (unsigned long k = 1; k <= k_total; k++) {
            c = (counting_alloc_t){0};
            CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
            c.fail_at = c.allocations + k;
            len = 99;
            CHECK(bxd_lis_mark(ws, v, n, keep, &len) == BXD_ERR_NO_MEMORY && len == 0);
            c.fail_at = 0;
            CHECK(bxd_lis_mark(ws, v, n, keep, &len) == BXD_OK && len == expected);
            bxd_workspace_destroy(ws);
            CHECK(counting_alloc_settled(&c));
        }
    }
    /* A workspace grown by a diff of 500 elements, then bxd_lis_mark. */
    static scenario_t s;
    make_scenario(&s, 300);
    for (uint32_t i = 0; i < 500; i++) v[i] = (i * 37) % 500;
    const uint32_t expected = lis_length(v, 500);
    unsigned long k_total = 0;
    for (unsigned long k = 0; k <= k_total; k++) {
        counting_alloc_t c = {0};
        bxd_workspace_t *ws = NULL;
        bxd_result_t r;
        bxd_result_init(&r);
        CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
        CHECK(diff_verify(ws, s.a, NULL, s.n, s.b, NULL, s.m, NULL, &r) == BXD_OK);
        unsigned long base = c.allocations;
        c.fail_at = k ? base + k : 0;
        uint32_t len = 0;
        bxd_status_t st = bxd_lis_mark(ws, v, 500, keep, &len);
        if (k == 0) {
            CHECK(st == BXD_OK && len == expected);
            k_total = c.allocations - base;
        } else {
            CHECK(st == BXD_ERR_NO_MEMORY && len == 0);
        }
        bxd_result_free(&r);
        bxd_workspace_destroy(ws);
        CHECK(counting_alloc_settled(&c));
    }
}

/* An allocator that always returns NULL: every entry point that allocates
 * reports BXD_ERR_NO_MEMORY and leaves its outputs empty. */
static void *null_allocate(void *ctx, size_t size) {
    (void)size;
    (*(unsigned long *)ctx)++;
    return NULL;
}
static void null_deallocate(void *ctx, void *p, size_t size) {
    (void)ctx;
    (void)p;
    (void)size;
    CHECK(!"deallocate called with a block never allocated");
}

static void test_null_allocator(void) {
    unsigned long calls = 0;
    bxd_allocator_t nothing = {null_allocate, null_deallocate, &calls};
    bxd_workspace_t *ws = (bxd_workspace_t *)1;
    CHECK(bxd_workspace_create(&nothing, &ws) == BXD_ERR_NO_MEMORY);
    CHECK(ws == NULL && calls == 1);
    /* A workspace whose allocator fails everything after its creation. */
    counting_alloc_t c = {0};
    CHECK(counting_workspace_create(&c, &ws) == BXD_OK);
    c.fail_at = 2; /* the diff's first allocation */
    bxd_result_t r;
    bxd_result_init(&r);
    const uint64_t a[] = {1, 2, 3}, b[] = {3, 2, 1};
    bxd_list_t la = {a, NULL, 3}, lb = {b, NULL, 3};
    CHECK(bxd_diff(ws, &la, &lb, NULL, &r) == BXD_ERR_NO_MEMORY);
    CHECK_OK(verify_empty(&r));
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    CHECK(counting_alloc_settled(&c));
}

static void test_hash(void) {
    const char *s1 = "hello", *s2 = "hellp";
    CHECK(bxd_hash_bytes(s1, 5, 0) == bxd_hash_bytes(s1, 5, 0));
    CHECK(bxd_hash_bytes(s1, 5, 1) == bxd_hash_bytes(s1, 5, 1));
    CHECK(bxd_hash_bytes(s1, 5, 0) != bxd_hash_bytes(s1, 5, 1));
    CHECK(bxd_hash_bytes(s1, 5, 0) != bxd_hash_bytes(s2, 5, 0));
    CHECK(bxd_hash_bytes(s1, 5, 0) != bxd_hash_bytes(s1, 4, 0));
    CHECK(bxd_hash_bytes(NULL, 0, 7) == bxd_hash_bytes("", 0, 7));
    CHECK(bxd_hash_bytes(NULL, 0, 7) != bxd_hash_bytes(NULL, 0, 8));
    /* Different inputs across lengths: no collisions among 2000 strings. */
    enum { K = 2000 };
    static uint64_t h[K];
    for (int i = 0; i < K; i++) {
        char buf[32];
        int len = snprintf(buf, sizeof buf, "item-%d", i);
        h[i] = bxd_hash_bytes(buf, (size_t)len, 42);
    }
    uint32_t collisions = 0;
    for (int i = 0; i < K; i++)
        for (int j = 0; j < i; j++) collisions += h[i] == h[j];
    CHECK(collisions == 0);
}

int main(void) {
    test_known_answers();
    test_arguments();
    test_hash();
    test_lis_mark();
    test_random();
    test_group_sizes();
    test_pairs_only();
    test_lcs_dp();
    test_reuse();
    test_allocation_failures();
    test_null_with_count();
    test_counts_past_32_bits();
    test_allocation_failures_shapes();
    test_allocation_failures_after_reuse();
    test_allocation_failures_lis();
    test_null_allocator();
    test_suffix_rebalance();
    test_one_sided_contents();
    test_lcs_cost_bound_steps();
    test_lcs_cost_bound_split_choice();
    test_workspace_sized_by_the_middle();
    test_lcs_one_sided_ids_free();
    test_errno_on_malloc_failure();
    verify_release();
    return check_report("core");
}
