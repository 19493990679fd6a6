/*
 * test_myers.c - standalone tests of bxd_myers (myers.c).
 *
 * Build and run (from the repository root):
 *   clang -std=c11 -O1 -g -fsanitize=address,undefined \
 *     -fno-sanitize-recover=all -Wall -Wextra \
 *     -I CSources/CBoxDiff/include -I CSources/CBoxDiff \
 *     Tests/CTests/test_myers.c CSources/CBoxDiff/myers.c \
 *     CSources/CBoxDiff/alloc.c -o /tmp/test_myers && /tmp/test_myers
 *
 * Checks, against a plain O(N*M) dynamic-programming LCS length:
 *  - with an unbounded cost, the pairing is a longest common subsequence
 *    and *minimal == 1;
 *  - with tiny cost bounds, the pairing is still a valid common
 *    subsequence, no longer than the LCS (and a longest one whenever
 *    *minimal == 1);
 *  - every allocation failure is reported as BXD_ERR_NO_MEMORY and leaks
 *    nothing;
 *  - timing (not asserted) of a full shuffle of 100,000 distinct values.
 * Prints "myers: N passed, 0 failed"; exits non-zero on any failure.
 */
#define _POSIX_C_SOURCE 199309L

#include "internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static unsigned long g_passed = 0;
static unsigned long g_failed = 0;

#define CHECK(cond, ...)                                                   \
    do {                                                                   \
        if (!(cond)) {                                                     \
            if (g_failed < 20) {                                           \
                fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__,    \
                        #cond);                                            \
                fprintf(stderr, __VA_ARGS__);                              \
                fprintf(stderr, "\n");                                     \
            }                                                              \
            return false;                                                  \
        }                                                                  \
    } while (0)

static void tally(bool ok) {
    if (ok)
        g_passed++;
    else
        g_failed++;
}

/* ---- PRNG (splitmix64, fixed seed) -------------------------------------- */

static uint64_t g_rng = 0x5EED1234ABCDull;

static uint64_t rng_next(void) {
    uint64_t z = (g_rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Uniform in [0, bound). */
static uint32_t rng_below(uint32_t bound) {
    return (uint32_t)(rng_next() % bound);
}

/* ---- counting allocator ---------------------------------------------------- */

typedef struct counting {
    unsigned long calls;       /* allocate() calls so far */
    unsigned long fail_at;     /* fail the call with this number (1-based); 0: never */
    long long live_blocks;
    long long live_bytes;
} counting_t;

static void *counting_allocate(void *context, size_t size) {
    counting_t *c = (counting_t *)context;
    c->calls++;
    if (c->fail_at != 0 && c->calls == c->fail_at) return NULL;
    void *p = malloc(size);
    if (p != NULL) {
        c->live_blocks++;
        c->live_bytes += (long long)size;
    }
    return p;
}

static void counting_deallocate(void *context, void *pointer, size_t size) {
    counting_t *c = (counting_t *)context;
    c->live_blocks--;
    c->live_bytes -= (long long)size;
    free(pointer);
}

/* ---- minimal workspace ------------------------------------------------------ */

static void ws_init(struct bxd_workspace *ws, const bxd_allocator_t *allocator) {
    memset(ws, 0, sizeof *ws);
    ws->allocator = *allocator;
}

static void ws_release(struct bxd_workspace *ws) {
    for (int i = 0; i < BXD_WS_BUFFER_COUNT; i++)
        bxd_buffer_release(&ws->allocator, &ws->buffers[i]);
}

/* ---- reference LCS length (O(n*m) time, O(m) space) ----------------------- */

static uint32_t dp_lcs(const uint32_t *a, uint32_t n, const uint32_t *b,
                       uint32_t m) {
    uint32_t *row = calloc((size_t)m + 1, sizeof *row);
    if (row == NULL) {
        fprintf(stderr, "test: out of memory\n");
        exit(2);
    }
    for (uint32_t i = 1; i <= n; i++) {
        uint32_t diag = 0; /* row[j - 1] of the previous row */
        for (uint32_t j = 1; j <= m; j++) {
            uint32_t up = row[j];
            uint32_t v;
            if (a[i - 1] == b[j - 1])
                v = diag + 1;
            else
                v = up > row[j - 1] ? up : row[j - 1];
            diag = up;
            row[j] = v;
        }
    }
    uint32_t r = row[m];
    free(row);
    return r;
}

/* ---- validity of a pairing ---------------------------------------------------- */

/* Checks that a_to_b / b_to_a are mutual inverses describing a common
 * subsequence strictly increasing in both indices; stores its length. */
static bool check_pairing(const uint32_t *a, uint32_t n, const uint32_t *b,
                          uint32_t m, const uint32_t *a_to_b,
                          const uint32_t *b_to_a, uint32_t *length) {
    uint32_t count = 0;
    uint32_t last_j = 0;
    bool have_last = false;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = a_to_b[i];
        if (j == BXD_NONE) continue;
        CHECK(j < m, "a_to_b[%u] = %u out of range (m = %u)", i, j, m);
        CHECK(b_to_a[j] == i, "b_to_a[%u] = %u, expected %u", j, b_to_a[j], i);
        CHECK(a[i] == b[j], "pair (%u, %u) joins classes %u and %u", i, j,
              a[i], b[j]);
        CHECK(!have_last || j > last_j, "pairs not increasing at i = %u", i);
        last_j = j;
        have_last = true;
        count++;
    }
    uint32_t count_b = 0;
    for (uint32_t j = 0; j < m; j++) {
        uint32_t i = b_to_a[j];
        if (i == BXD_NONE) continue;
        CHECK(i < n, "b_to_a[%u] = %u out of range (n = %u)", j, i, n);
        CHECK(a_to_b[i] == j, "a_to_b[%u] = %u, expected %u", i, a_to_b[i], j);
        count_b++;
    }
    CHECK(count == count_b, "pair counts differ: %u vs %u", count, count_b);
    *length = count;
    return true;
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

/* One case: exhaustive run and tiny-bound runs. */
static bool check_case(const uint32_t *a, uint32_t n, const uint32_t *b,
                       uint32_t m) {
    uint32_t *a_to_b = malloc(((size_t)n + 1) * sizeof *a_to_b);
    uint32_t *b_to_a = malloc(((size_t)m + 1) * sizeof *b_to_a);
    if (a_to_b == NULL || b_to_a == NULL) exit(2);
    bool ok = false;
    uint32_t lcs = dp_lcs(a, n, b, m);
    uint32_t len = 0;
    int minimal = -1;

    /* Pre-fill with junk: bxd_myers must set every entry. */
    memset(a_to_b, 0xAB, ((size_t)n + 1) * sizeof *a_to_b);
    memset(b_to_a, 0xCD, ((size_t)m + 1) * sizeof *b_to_a);
    bxd_status_t s =
        run_myers(a, n, b, m, UINT64_MAX, a_to_b, b_to_a, &minimal);
    if (s != BXD_OK) {
        fprintf(stderr, "FAIL: status %d (n=%u m=%u)\n", (int)s, n, m);
        goto done;
    }
    if (!check_pairing(a, n, b, m, a_to_b, b_to_a, &len)) goto done;
    if (len != lcs || minimal != 1) {
        fprintf(stderr, "FAIL: exhaustive length %u, LCS %u, minimal %d "
                        "(n=%u m=%u)\n", len, lcs, minimal, n, m);
        goto done;
    }

    static const uint64_t tiny[] = {0, 1, 2, 5};
    for (size_t t = 0; t < sizeof tiny / sizeof tiny[0]; t++) {
        memset(a_to_b, 0xAB, ((size_t)n + 1) * sizeof *a_to_b);
        memset(b_to_a, 0xCD, ((size_t)m + 1) * sizeof *b_to_a);
        minimal = -1;
        s = run_myers(a, n, b, m, tiny[t], a_to_b, b_to_a, &minimal);
        if (s != BXD_OK) {
            fprintf(stderr, "FAIL: status %d with bound %llu\n", (int)s,
                    (unsigned long long)tiny[t]);
            goto done;
        }
        if (!check_pairing(a, n, b, m, a_to_b, b_to_a, &len)) goto done;
        if (len > lcs || (minimal != 0 && minimal != 1) ||
            (minimal == 1 && len != lcs)) {
            fprintf(stderr, "FAIL: bound %llu length %u, LCS %u, minimal %d "
                            "(n=%u m=%u)\n", (unsigned long long)tiny[t], len,
                    lcs, minimal, n, m);
            goto done;
        }
    }
    ok = true;
done:
    free(a_to_b);
    free(b_to_a);
    return ok;
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
        tally(check_case(a, n, b, m));
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
        tally(check_case(ba, n, bb, m));
    }
    free(ba);
    free(bb);

    /* Small sizes, more densely. */
    for (int iter = 0; iter < 20000; iter++) {
        uint32_t n = rng_below(9), m = rng_below(9);
        uint32_t alphabet = 1 + rng_below(4);
        fill_random(a, n, alphabet);
        fill_random(b, m, alphabet);
        tally(check_case(a, n, b, m));
    }
}

static void test_edges(void) {
    enum { L = 257 };
    uint32_t a[L], b[L];
    for (uint32_t i = 0; i < L; i++) a[i] = i;
    /* Empty sides (NULL arrays are fine with zero counts). */
    tally(check_case(NULL, 0, NULL, 0));
    tally(check_case(a, L, NULL, 0));
    tally(check_case(NULL, 0, a, L));
    /* Identical. */
    tally(check_case(a, L, a, L));
    /* Reversed, distinct. */
    for (uint32_t i = 0; i < L; i++) b[i] = L - 1 - i;
    tally(check_case(a, L, b, L));
    /* Disjoint alphabets. */
    for (uint32_t i = 0; i < L; i++) b[i] = L + i;
    tally(check_case(a, L, b, 100));
    /* All one class. */
    uint32_t ones[L];
    for (uint32_t i = 0; i < L; i++) ones[i] = 7;
    tally(check_case(ones, L, ones, 13));
    tally(check_case(ones, 1, ones, L));
    /* Alternating vs shifted. */
    for (uint32_t i = 0; i < L; i++) {
        a[i] = i & 1;
        b[i] = (i + 1) & 1;
    }
    tally(check_case(a, L, b, L));
    /* Rotations of distinct values. */
    for (uint32_t r = 1; r < 5; r++) {
        for (uint32_t i = 0; i < L; i++) {
            a[i] = i;
            b[i] = (i + r * 50) % L;
        }
        tally(check_case(a, L, b, L));
    }
}

/* A workspace that already holds big enough buffers allocates nothing. */
static bool check_reuse(void) {
    counting_t c = {0, 0, 0, 0};
    bxd_allocator_t al = {counting_allocate, counting_deallocate, &c};
    struct bxd_workspace ws;
    ws_init(&ws, &al);
    uint32_t a[200], b[200], ab[200], ba[200];
    fill_random(a, 200, 5);
    fill_random(b, 200, 5);
    int minimal;
    bool ok = true;
    if (bxd_myers(&ws, a, 200, b, 200, 4096, ab, ba, &minimal) != BXD_OK)
        ok = false;
    unsigned long after_first = c.calls;
    if (bxd_myers(&ws, a, 150, b, 190, 4096, ab, ba, &minimal) != BXD_OK)
        ok = false;
    if (c.calls != after_first) ok = false;
    ws_release(&ws);
    if (c.live_blocks != 0 || c.live_bytes != 0) ok = false;
    if (!ok) fprintf(stderr, "FAIL: workspace reuse\n");
    return ok;
}

/* Allocation failure injection: fail the k-th allocation for every k. */
static bool check_alloc_failures(const uint32_t *a, uint32_t n,
                                 const uint32_t *b, uint32_t m,
                                 uint64_t bound) {
    uint32_t *ab = malloc(((size_t)n + 1) * sizeof *ab);
    uint32_t *ba = malloc(((size_t)m + 1) * sizeof *ba);
    if (ab == NULL || ba == NULL) exit(2);
    bool ok = false;
    uint32_t lcs = dp_lcs(a, n, b, m);

    /* Count the allocations of a successful call. */
    counting_t c = {0, 0, 0, 0};
    bxd_allocator_t al = {counting_allocate, counting_deallocate, &c};
    struct bxd_workspace ws;
    ws_init(&ws, &al);
    int minimal = -1;
    bxd_status_t s = bxd_myers(&ws, a, n, b, m, bound, ab, ba, &minimal);
    unsigned long total = c.calls;
    ws_release(&ws);
    if (s != BXD_OK || c.live_blocks != 0 || c.live_bytes != 0) {
        fprintf(stderr, "FAIL: baseline alloc run (status %d)\n", (int)s);
        goto done;
    }
    if (n == 0 || m == 0) {
        if (total != 0) {
            fprintf(stderr, "FAIL: allocation with an empty side\n");
            goto done;
        }
    }

    for (unsigned long k = 1; k <= total + 1; k++) {
        counting_t fc = {0, k, 0, 0};
        bxd_allocator_t fal = {counting_allocate, counting_deallocate, &fc};
        ws_init(&ws, &fal);
        minimal = -1;
        s = bxd_myers(&ws, a, n, b, m, bound, ab, ba, &minimal);
        bxd_status_t expect = k <= total ? BXD_ERR_NO_MEMORY : BXD_OK;
        if (s != expect) {
            fprintf(stderr, "FAIL: fail_at %lu of %lu: status %d\n", k, total,
                    (int)s);
            ws_release(&ws);
            goto done;
        }
        if (s == BXD_OK) {
            uint32_t len;
            if (!check_pairing(a, n, b, m, ab, ba, &len) ||
                len > lcs || (minimal == 1 && len != lcs)) {
                ws_release(&ws);
                goto done;
            }
        }
        ws_release(&ws);
        if (fc.live_blocks != 0 || fc.live_bytes != 0) {
            fprintf(stderr, "FAIL: leak after fail_at %lu: %lld blocks, "
                            "%lld bytes\n", k, fc.live_blocks, fc.live_bytes);
            goto done;
        }
    }
    ok = true;
done:
    free(ab);
    free(ba);
    return ok;
}

static void test_alloc(void) {
    enum { MAXLEN = 200 };
    uint32_t a[MAXLEN], b[MAXLEN];
    tally(check_reuse());
    for (int iter = 0; iter < 500; iter++) {
        uint32_t n = rng_below(MAXLEN + 1), m = rng_below(MAXLEN + 1);
        uint32_t alphabet = 1 + rng_below(20);
        fill_random(a, n, alphabet);
        fill_random(b, m, alphabet);
        uint64_t bound = (iter & 1) ? UINT64_MAX : 1 + rng_below(5);
        tally(check_alloc_failures(a, n, b, m, bound));
    }
    /* Identical lists: nothing to search, so nothing to allocate. */
    for (uint32_t i = 0; i < MAXLEN; i++) a[i] = i % 7;
    tally(check_alloc_failures(a, MAXLEN, a, MAXLEN, 4096));
}

/* ---- timing ------------------------------------------------------------------ */

static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Full shuffle of `count` distinct values; prints the time. */
static void time_shuffle(uint32_t count, uint64_t bound) {
    uint32_t *a = malloc((size_t)count * sizeof *a);
    uint32_t *b = malloc((size_t)count * sizeof *b);
    uint32_t *ab = malloc((size_t)count * sizeof *ab);
    uint32_t *ba = malloc((size_t)count * sizeof *ba);
    if (a == NULL || b == NULL || ab == NULL || ba == NULL) exit(2);
    for (uint32_t i = 0; i < count; i++) a[i] = b[i] = i;
    for (uint32_t i = count - 1; i > 0; i--) { /* Fisher-Yates */
        uint32_t j = rng_below(i + 1);
        uint32_t t = b[i];
        b[i] = b[j];
        b[j] = t;
    }
    int minimal = -1;
    double t0 = now_seconds();
    bxd_status_t s = run_myers(a, count, b, count, bound, ab, ba, &minimal);
    double t1 = now_seconds();
    uint32_t len = 0;
    bool ok = s == BXD_OK && check_pairing(a, count, b, count, ab, ba, &len);
    tally(ok);
    printf("timing: shuffle of %u distinct values, cost bound %llu: %.3f s "
           "(common subsequence %u, minimal %d)\n", count,
           (unsigned long long)bound, t1 - t0, len, minimal);
    free(a);
    free(b);
    free(ab);
    free(ba);
}

/* Timing of a large, mostly equal pair (typical diff): prints the time. */
static void time_edited(uint32_t count, uint64_t bound) {
    uint32_t *a = malloc((size_t)count * sizeof *a);
    uint32_t *b = malloc((size_t)count * sizeof *b);
    uint32_t *ab = malloc((size_t)count * sizeof *ab);
    uint32_t *ba = malloc((size_t)count * sizeof *ba);
    if (a == NULL || b == NULL || ab == NULL || ba == NULL) exit(2);
    for (uint32_t i = 0; i < count; i++) a[i] = i;
    uint32_t m = 0, fresh = count;
    for (uint32_t i = 0; i < count; i++) {
        uint32_t r = rng_below(100);
        if (r == 0) continue;
        if (r == 1) b[m++] = fresh++;
        else b[m++] = a[i];
    }
    int minimal = -1;
    double t0 = now_seconds();
    bxd_status_t s = run_myers(a, count, b, m, bound, ab, ba, &minimal);
    double t1 = now_seconds();
    uint32_t len = 0;
    bool ok = s == BXD_OK && check_pairing(a, count, b, m, ab, ba, &len);
    tally(ok);
    printf("timing: %u values with ~1%% deleted and ~1%% replaced, cost bound "
           "%llu: %.3f s (common subsequence %u, minimal %d)\n", count,
           (unsigned long long)bound, t1 - t0, len, minimal);
    free(a);
    free(b);
    free(ab);
    free(ba);
}

int main(void) {
    test_edges();
    test_random();
    test_alloc();
    time_shuffle(100000, 4096);
    time_edited(100000, 4096);
    printf("myers: %lu passed, %lu failed\n", g_passed, g_failed);
    return g_failed == 0 ? 0 : 1;
}
