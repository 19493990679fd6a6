/*
 * test_myers.c - standalone tests of bxd_myers (myers.c).
 *
 * Build and run with scripts/ctests.sh (compiled together with every
 * CSources/CBoxDiff/ *.c under ASan + UBSan).
 *
 * Checks, against the plain O(N*M) dynamic-programming LCS length of
 * reference.h:
 *  - with an unbounded cost, the pairing is a longest common subsequence
 *    and *minimal == 1;
 *  - with tiny cost bounds, the pairing is still a valid common
 *    subsequence, no longer than the LCS (and a longest one whenever
 *    *minimal == 1);
 *  - every allocation failure is reported as BXD_ERR_NO_MEMORY and leaks
 *    nothing;
 *  - the work budget: ids in an order someone else chose cost a bounded
 *    amount of work per element past one search at the cost bound, while
 *    lists a few edits apart, and lists 2 * bound edits apart, stay
 *    minimal;
 *  - bxd_buffer_reserve holds at least one byte for a zero-byte request;
 *  - timing (not asserted) of a full shuffle of distinct values and of a
 *    large, mostly equal pair.
 * Prints "myers: N passed, M failed"; exits non-zero on any failure.
 */
#define _POSIX_C_SOURCE 199309L

#include "internal.h"

#include "check.h"
#include "reference.h"
#include "verify.h" /* VERIFY */

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* ---- minimal workspace ------------------------------------------------------ */

static void ws_init(struct bxd_workspace *ws, const bxd_allocator_t *allocator) {
    memset(ws, 0, sizeof *ws);
    ws->allocator = *allocator;
}

static void ws_release(struct bxd_workspace *ws) {
    for (int i = 0; i < BXD_WS_BUFFER_COUNT; i++)
        bxd_buffer_release(&ws->allocator, &ws->buffers[i]);
}

/* Space for `count` elements (at least one); exits when out of memory. */
static void *alloc_or_exit(size_t count, size_t size) {
    void *p = malloc((count + 1) * size);
    if (p == NULL) {
        fprintf(stderr, "test: out of memory\n");
        exit(2);
    }
    return p;
}

/* The reference LCS length (reference.h, over 64-bit ids) of two class
 * lists. */
static uint32_t lcs_length(const uint32_t *a, uint32_t n, const uint32_t *b,
                           uint32_t m) {
    uint64_t *wa = alloc_or_exit(n, sizeof *wa), *wb = alloc_or_exit(m, sizeof *wb);
    for (uint32_t i = 0; i < n; i++) wa[i] = a[i];
    for (uint32_t j = 0; j < m; j++) wb[j] = b[j];
    uint32_t length = ref_lcs_length(wa, n, wb, m);
    free(wa);
    free(wb);
    return length;
}

/* ---- validity of a pairing ---------------------------------------------------- */

/* Checks that a_to_b / b_to_a are mutual inverses describing a common
 * subsequence strictly increasing in both indices; stores its length.
 * Returns NULL, or the failed check (verify.h's convention). */
static const char *check_pairing(const uint32_t *a, uint32_t n, const uint32_t *b,
                                 uint32_t m, const uint32_t *a_to_b,
                                 const uint32_t *b_to_a, uint32_t *length) {
    uint32_t count = 0;
    uint32_t last_j = 0;
    bool have_last = false;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = a_to_b[i];
        if (j == BXD_NONE) continue;
        VERIFY(j < m);
        VERIFY(b_to_a[j] == i);
        VERIFY(a[i] == b[j]);
        VERIFY(!have_last || j > last_j);
        last_j = j;
        have_last = true;
        count++;
    }
    uint32_t count_b = 0;
    for (uint32_t j = 0; j < m; j++) {
        uint32_t i = b_to_a[j];
        if (i == BXD_NONE) continue;
        VERIFY(i < n);
        VERIFY(a_to_b[i] == j);
        count_b++;
    }
    VERIFY(count == count_b);
    *length = count;
    return NULL;
}

/* A pairing found under `bound`: valid, never longer than the LCS, a
 * longest one whenever *minimal == 1 (always with an unbounded cost). */
static const char *check_bounded(const uint32_t *a, uint32_t n, const uint32_t *b,
                                 uint32_t m, uint32_t lcs, bxd_status_t status,
                                 uint64_t bound, const uint32_t *a_to_b,
                                 const uint32_t *b_to_a, int minimal) {
    uint32_t len = 0;
    VERIFY(status == BXD_OK);
    VERIFY_THAT(check_pairing(a, n, b, m, a_to_b, b_to_a, &len));
    VERIFY(minimal == 0 || minimal == 1);
    VERIFY(len <= lcs);
    VERIFY(minimal == 0 || len == lcs);
    VERIFY(bound != UINT64_MAX || minimal == 1);
    return NULL;
}

/* Runs bxd_myers on a fresh workspace with the default allocator. */
static bxd_status_t run_myers(const uint32_t *a, uint32_t n, const uint32_t *b,
                              uint32_t m, uint64_t bound, uint32_t *a_to_b,
                              uint32_t *b_to_a, int *minimal) {
    struct bxd_workspace ws;
    ws_init(&ws, &bxd_default_allocator);
    bxd_status_t s = bxd_myers(&ws, a, n, b, m, bound, a_to_b, b_to_a, minimal);
    ws_release(&ws);
    return s;
}

/* One case: an exhaustive run and tiny-bound runs. */
static void check_case(const uint32_t *a, uint32_t n, const uint32_t *b,
                       uint32_t m) {
    uint32_t *a_to_b = alloc_or_exit(n, sizeof *a_to_b);
    uint32_t *b_to_a = alloc_or_exit(m, sizeof *b_to_a);
    const uint32_t lcs = lcs_length(a, n, b, m);
    static const uint64_t bounds[] = {UINT64_MAX, 0, 1, 2, 5};
    for (size_t t = 0; t < sizeof bounds / sizeof bounds[0]; t++) {
        /* Pre-fill with junk: bxd_myers must set every entry. */
        memset(a_to_b, 0xAB, ((size_t)n + 1) * sizeof *a_to_b);
        memset(b_to_a, 0xCD, ((size_t)m + 1) * sizeof *b_to_a);
        int minimal = -1;
        bxd_status_t s = run_myers(a, n, b, m, bounds[t], a_to_b, b_to_a, &minimal);
        if (!CHECK_OK(check_bounded(a, n, b, m, lcs, s, bounds[t], a_to_b, b_to_a,
                                    minimal))) {
            fprintf(stderr, "  (n=%u m=%u bound=%llu status=%d minimal=%d)\n", n, m,
                    (unsigned long long)bounds[t], (int)s, minimal);
            break;
        }
    }
    free(a_to_b);
    free(b_to_a);
}

/* Random classes in [0, alphabet). */
static void fill_random(uint32_t *v, uint32_t count, uint32_t alphabet) {
    for (uint32_t i = 0; i < count; i++) v[i] = rng_below(alphabet);
}

/* b = a with random edits (deletions, insertions, substitutions), so that
 * long snakes and long common prefixes/suffixes occur. */
static uint32_t fill_edited(const uint32_t *a, uint32_t n, uint32_t *b,
                            uint32_t cap, uint32_t alphabet) {
    uint32_t m = 0;
    uint32_t rate = 2 + rng_below(30); /* one edit per ~rate elements */
    for (uint32_t i = 0; i < n && m < cap; i++) {
        uint32_t r = rng_below(rate);
        if (r == 0) continue;                               /* delete */
        if (r == 1 && m < cap) b[m++] = rng_below(alphabet); /* insert */
        if (r == 2) {
            if (m < cap) b[m++] = rng_below(alphabet);      /* substitute */
            continue;
        }
        if (m < cap) b[m++] = a[i];
    }
    return m;
}

static void test_random(void) {
    enum { MAXLEN = 300 };
    uint32_t a[MAXLEN], b[MAXLEN];
    for (int iter = 0; iter < 6000; iter++) {
        uint32_t n = rng_below(MAXLEN + 1);
        uint32_t alphabet = 1 + rng_below(20);
        uint32_t m;
        fill_random(a, n, alphabet);
        if (iter % 3 == 2) {
            m = fill_edited(a, n, b, MAXLEN, alphabet);
        } else {
            m = rng_below(MAXLEN + 1);
            fill_random(b, m, alphabet);
        }
        check_case(a, n, b, m);
    }
    /* A few larger cases (deeper splitting, longer snakes). */
    enum { BIG = 3000 };
    uint32_t *ba = malloc(BIG * sizeof *ba), *bb = malloc(BIG * sizeof *bb);
    if (ba == NULL || bb == NULL) exit(2);
    for (int iter = 0; iter < 24; iter++) {
        uint32_t n = 1 + rng_below(BIG), m;
        uint32_t alphabet = iter % 3 == 0 ? BIG : 1 + rng_below(64);
        fill_random(ba, n, alphabet);
        if (iter & 1) {
            m = fill_edited(ba, n, bb, BIG, alphabet);
        } else {
            m = 1 + rng_below(BIG);
            fill_random(bb, m, alphabet);
        }
        check_case(ba, n, bb, m);
    }
    free(ba);
    free(bb);

    /* Small sizes, more densely. */
    for (int iter = 0; iter < 20000; iter++) {
        uint32_t n = rng_below(9), m = rng_below(9);
        uint32_t alphabet = 1 + rng_below(4);
        fill_random(a, n, alphabet);
        fill_random(b, m, alphabet);
        check_case(a, n, b, m);
    }
}

static void test_edges(void) {
    enum { L = 257 };
    uint32_t a[L], b[L];
    for (uint32_t i = 0; i < L; i++) a[i] = i;
    /* Empty sides (NULL arrays are fine with zero counts). */
    check_case(NULL, 0, NULL, 0);
    check_case(a, L, NULL, 0);
    check_case(NULL, 0, a, L);
    /* Identical. */
    check_case(a, L, a, L);
    /* Reversed, distinct. */
    for (uint32_t i = 0; i < L; i++) b[i] = L - 1 - i;
    check_case(a, L, b, L);
    /* Disjoint alphabets. */
    for (uint32_t i = 0; i < L; i++) b[i] = L + i;
    check_case(a, L, b, 100);
    /* All one class. */
    uint32_t ones[L];
    for (uint32_t i = 0; i < L; i++) ones[i] = 7;
    check_case(ones, L, ones, 13);
    check_case(ones, 1, ones, L);
    /* Alternating vs shifted. */
    for (uint32_t i = 0; i < L; i++) {
        a[i] = i & 1;
        b[i] = (i + 1) & 1;
    }
    check_case(a, L, b, L);
    /* Rotations of distinct values. */
    for (uint32_t r = 1; r < 5; r++) {
        for (uint32_t i = 0; i < L; i++) {
            a[i] = i;
            b[i] = (i + r * 50) % L;
        }
        check_case(a, L, b, L);
    }
}

/* A workspace that already holds big enough buffers allocates nothing. */
static void test_reuse(void) {
    counting_alloc_t c = {0};
    const bxd_allocator_t al = counting_allocator(&c);
    struct bxd_workspace ws;
    ws_init(&ws, &al);
    uint32_t a[200], b[200], ab[200], ba[200];
    fill_random(a, 200, 5);
    fill_random(b, 200, 5);
    int minimal;
    CHECK(bxd_myers(&ws, a, 200, b, 200, 4096, ab, ba, &minimal) == BXD_OK);
    unsigned long after_first = c.allocations;
    CHECK(bxd_myers(&ws, a, 150, b, 190, 4096, ab, ba, &minimal) == BXD_OK);
    CHECK(c.allocations == after_first);
    ws_release(&ws);
    CHECK(counting_alloc_settled(&c));
}

/* One bxd_myers call on a fresh workspace whose fail_at-th allocation
 * fails (0: none): the expected status, a valid pairing when it succeeds,
 * nothing left allocated. Stores the number of allocations made. */
static const char *check_failing_call(const uint32_t *a, uint32_t n,
                                      const uint32_t *b, uint32_t m,
                                      uint64_t bound, uint32_t lcs,
                                      unsigned long fail_at, bxd_status_t expect,
                                      uint32_t *ab, uint32_t *ba,
                                      unsigned long *allocations) {
    counting_alloc_t c = {.fail_at = fail_at};
    const bxd_allocator_t al = counting_allocator(&c);
    struct bxd_workspace ws;
    ws_init(&ws, &al);
    int minimal = -1;
    bxd_status_t s = bxd_myers(&ws, a, n, b, m, bound, ab, ba, &minimal);
    ws_release(&ws);
    *allocations = c.allocations;
    VERIFY(s == expect);
    if (s == BXD_OK) {
        uint32_t len = 0;
        VERIFY_THAT(check_pairing(a, n, b, m, ab, ba, &len));
        VERIFY(len <= lcs && (minimal != 1 || len == lcs));
    }
    VERIFY(counting_alloc_settled(&c));
    return NULL;
}

/* Allocation failure injection: fail the k-th allocation for every k, and
 * one past the last (then it succeeds). With an empty side nothing is
 * allocated. */
static void check_alloc_failures(const uint32_t *a, uint32_t n,
                                 const uint32_t *b, uint32_t m,
                                 uint64_t bound) {
    uint32_t *ab = alloc_or_exit(n, sizeof *ab);
    uint32_t *ba = alloc_or_exit(m, sizeof *ba);
    const uint32_t lcs = lcs_length(a, n, b, m);
    unsigned long total = 0, made = 0;
    if (CHECK_OK(check_failing_call(a, n, b, m, bound, lcs, 0, BXD_OK, ab, ba, &total)) &&
        CHECK(total == 0 || (n != 0 && m != 0))) {
        for (unsigned long k = 1; k <= total + 1; k++) {
            bxd_status_t expect = k <= total ? BXD_ERR_NO_MEMORY : BXD_OK;
            if (!CHECK_OK(check_failing_call(a, n, b, m, bound, lcs, k, expect, ab, ba,
                                             &made))) {
                fprintf(stderr, "  (fail_at %lu of %lu, n=%u m=%u)\n", k, total, n, m);
                break;
            }
        }
    }
    free(ab);
    free(ba);
}

static void test_alloc(void) {
    enum { MAXLEN = 200 };
    uint32_t a[MAXLEN], b[MAXLEN];
    test_reuse();
    for (int iter = 0; iter < 500; iter++) {
        uint32_t n = rng_below(MAXLEN + 1), m = rng_below(MAXLEN + 1);
        uint32_t alphabet = 1 + rng_below(20);
        fill_random(a, n, alphabet);
        fill_random(b, m, alphabet);
        uint64_t bound = (iter & 1) ? UINT64_MAX : 1 + rng_below(5);
        check_alloc_failures(a, n, b, m, bound);
    }
    /* Identical lists: nothing to search, so nothing to allocate. */
    for (uint32_t i = 0; i < MAXLEN; i++) a[i] = i % 7;
    check_alloc_failures(a, MAXLEN, a, MAXLEN, 4096);
}

/* ---- work budget -------------------------------------------------------------- */

/* The LCS work (diagonals visited, counted by myers.c under
 * BXD_COUNT_PROBES) of one bxd_myers call; checks the pairing too. */
static uint64_t myers_work_of(const uint32_t *a, uint32_t n, const uint32_t *b,
                              uint32_t m, uint64_t bound, int *minimal) {
    uint32_t *ab = alloc_or_exit(n, sizeof *ab), *ba = alloc_or_exit(m, sizeof *ba);
    struct bxd_workspace ws;
    ws_init(&ws, &bxd_default_allocator);
    ws.myers_work = 0;
    bxd_status_t s = bxd_myers(&ws, a, n, b, m, bound, ab, ba, minimal);
    uint64_t work = ws.myers_work;
    ws_release(&ws);
    uint32_t len = 0;
    CHECK(s == BXD_OK);
    if (s == BXD_OK) CHECK_OK(check_pairing(a, n, b, m, ab, ba, &len));
    free(ab);
    free(ba);
    return work;
}

/* Ids in an order someone else chose cost the default cost bound's search
 * once, then a bounded amount per element (myers.c, step 5): without the
 * budget (MYERS_WORK_PER_ELEMENT defined huge), these 100,000-id shapes
 * took 3,415, 566 and 1,091 work units per element past the first search
 * (5.1 s and 12.3 s for the first two at 1,000,000 ids in a release build);
 * with it, 38 to 40. Lists a few edits apart stay minimal, and an
 * unbounded search stays exhaustive past the budget. */
static void test_work_budget(void) {
    const uint32_t count = 100000;
    const uint64_t bound = 4096;
    const uint64_t one_search = 2 * bound * bound;
    uint32_t *a = alloc_or_exit(count, sizeof *a), *b = alloc_or_exit(count, sizeof *b);
    for (int shape = 0; shape < 3; shape++) {
        for (uint32_t i = 0; i < count; i++) a[i] = b[i] = i;
        if (shape == 0) { /* a random permutation */
            for (uint32_t i = count - 1; i > 0; i--) {
                uint32_t j = rng_below(i + 1), t = b[i];
                b[i] = b[j];
                b[j] = t;
            }
        } else if (shape == 1) { /* two ids in random order */
            for (uint32_t i = 0; i < count; i++) {
                a[i] = rng_below(2);
                b[i] = rng_below(2);
            }
        } else { /* blocks of 1,000 in random order */
            const uint32_t blocks = count / 1000;
            for (uint32_t k = blocks - 1; k > 0; k--) {
                uint32_t j = rng_below(k + 1);
                for (uint32_t t = 0; t < 1000; t++) {
                    uint32_t x = b[k * 1000 + t];
                    b[k * 1000 + t] = b[j * 1000 + t];
                    b[j * 1000 + t] = x;
                }
            }
        }
        int minimal = -1;
        uint64_t work = myers_work_of(a, count, b, count, bound, &minimal);
        uint64_t per_element = (work - (work > one_search ? one_search : work)) / (2 * count);
        printf("work budget: shape %d, %llu units (%llu per element past one search), minimal %d\n",
               shape, (unsigned long long)work, (unsigned long long)per_element, minimal);
        CHECK(per_element <= 200);
    }
    /* A few edits apart: minimal, far from the budget. */
    for (uint32_t i = 0; i < count; i++) a[i] = b[i] = i;
    for (uint32_t t = 0; t < 2000; t++) b[rng_below(count)] = count + t;
    int minimal = -1;
    myers_work_of(a, count, b, count, bound, &minimal);
    CHECK(minimal == 1);
    /* Long runs of one id, each ended by another, with every run's length
     * changed by up to 6 on the new side: about 4,500 edits, a middle
     * snake within the bound, so exact before the budget. The searches'
     * snakes are long on every diagonal (cheap sequential compares): a
     * first version of the budget that counted each snake step as a unit
     * used it up here and lost minimality (found by review); the budget
     * counts diagonal visits only. */
    {
        const uint32_t big = 1000000, run = 400;
        uint32_t *x = alloc_or_exit(big, sizeof *x), *y = alloc_or_exit(big, sizeof *y);
        uint32_t i = 0, j = 0;
        while (i < big) {
            for (uint32_t t = 0; t < run && i < big; t++) x[i++] = 0;
            if (i < big) x[i++] = 1;
        }
        while (j < big) {
            const uint32_t length = run - 6 + rng_below(13);
            for (uint32_t t = 0; t < length && j < big; t++) y[j++] = 0;
            if (j < big) y[j++] = 1;
        }
        minimal = -1;
        myers_work_of(x, big, y, big, bound, &minimal);
        CHECK(minimal == 1);
        free(x);
        free(y);
    }
    /* Lists 2 * bound edits apart stay exact: the budget's 2 * bound^2
     * covers every search they need (bound 256: 600 elements, 256 of them
     * replaced on the new side, 512 edits; about 132,000 diagonal visits
     * against a budget of 169,472). A budget of bound^2 plus the
     * per-element term cut them short. */
    {
        const uint32_t n600 = 600;
        for (uint32_t i = 0; i < n600; i++) a[i] = b[i] = i;
        for (uint32_t t = 0; t < 256;) {
            const uint32_t k = rng_below(n600);
            if (b[k] < n600) b[k] = n600 + t++;
        }
        minimal = -1;
        myers_work_of(a, n600, b, n600, 256, &minimal);
        CHECK(minimal == 1);
    }
    /* An unbounded search is exhaustive whatever its work. */
    const uint32_t small = 3000;
    for (uint32_t i = 0; i < small; i++) a[i] = b[i] = i;
    for (uint32_t i = small - 1; i > 0; i--) {
        uint32_t j = rng_below(i + 1), t = b[i];
        b[i] = b[j];
        b[j] = t;
    }
    minimal = -1;
    uint64_t work = myers_work_of(a, small, b, small, UINT64_MAX, &minimal);
    CHECK(minimal == 1);
    CHECK(work > (uint64_t)2 * small * 32); /* past the per-element budget */
    free(a);
    free(b);
}

/* ---- buffers -------------------------------------------------------------------- */

/* bxd_buffer_reserve (workspace.h) holds at least one byte even for a
 * request of zero bytes, so a buffer it reserved is never NULL, and an
 * exact fit allocates nothing more. */
static void test_buffer_reserve(void) {
    counting_alloc_t c = {0};
    const bxd_allocator_t a = counting_allocator(&c);
    bxd_buffer_t buf = {NULL, 0};
    CHECK(bxd_buffer_reserve(&a, &buf, 0, sizeof(uint32_t)) == BXD_OK);
    CHECK(buf.data != NULL && buf.capacity >= 1 && c.allocations == 1);
    CHECK(bxd_buffer_reserve(&a, &buf, 0, 8) == BXD_OK && c.allocations == 1);
    bxd_buffer_release(&a, &buf);
    CHECK(buf.data == NULL && buf.capacity == 0 && counting_alloc_settled(&c));
}

/* ---- timing ------------------------------------------------------------------ */

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Times one bxd_myers call (not asserted), checks its pairing and prints
 * the time under `label`. */
static void time_myers(const char *label, const uint32_t *a, uint32_t n,
                       const uint32_t *b, uint32_t m, uint64_t bound) {
    uint32_t *ab = alloc_or_exit(n, sizeof *ab), *ba = alloc_or_exit(m, sizeof *ba);
    int minimal = -1;
    double t0 = now_seconds();
    bxd_status_t s = run_myers(a, n, b, m, bound, ab, ba, &minimal);
    double t1 = now_seconds();
    uint32_t len = 0;
    CHECK(s == BXD_OK);
    if (s == BXD_OK) CHECK_OK(check_pairing(a, n, b, m, ab, ba, &len));
    printf("timing: %s, cost bound %llu: %.3f s (common subsequence %u, minimal %d)\n",
           label, (unsigned long long)bound, t1 - t0, len, minimal);
    free(ab);
    free(ba);
}

/* A full shuffle of `count` distinct values, and a large, mostly equal
 * pair (a typical diff). */
static void test_timing(uint32_t count, uint64_t bound) {
    uint32_t *a = alloc_or_exit(count, sizeof *a), *b = alloc_or_exit(count, sizeof *b);
    for (uint32_t i = 0; i < count; i++) a[i] = b[i] = i;
    for (uint32_t i = count - 1; i > 0; i--) { /* Fisher-Yates */
        uint32_t j = rng_below(i + 1);
        uint32_t t = b[i];
        b[i] = b[j];
        b[j] = t;
    }
    char label[96];
    snprintf(label, sizeof label, "shuffle of %u distinct values", count);
    time_myers(label, a, count, b, count, bound);

    uint32_t m = 0, fresh = count;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t r = rng_below(100);
        if (r == 0) continue;
        if (r == 1) b[m++] = fresh++;
        else b[m++] = a[i];
    }
    snprintf(label, sizeof label, "%u values with ~1%% deleted and ~1%% replaced", count);
    time_myers(label, a, count, b, m, bound);
    free(a);
    free(b);
}

int main(void) {
    rng_seed(0x5EED1234ABCDull);
    test_edges();
    test_random();
    test_alloc();
    test_work_budget();
    test_buffer_reserve();
    test_timing(100000, 4096);
    verify_release();
    return check_report("myers");
}
