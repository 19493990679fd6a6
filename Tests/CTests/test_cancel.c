/*
 * test_cancel.c - stopping a diff early through its workspace's cancel
 * flag (bxd_cancel_t, bxd_workspace_set_cancel).
 *
 *  - The flag's functions: NULL safety, init, request, requested.
 *  - A raised flag stops bxd_diff and bxd_lis_mark at once with
 *    BXD_ERR_CANCELLED (result empty, keep all 0); a lowered one, or none,
 *    changes nothing.
 *  - Stopped at each look in turn: test builds (-DBXD_COUNT_PROBES) count
 *    a call's looks at a watched flag and can find it raised at look k.
 *    For lists that take every path (the compact and the group table, the
 *    short-suffix table and the suffix re-pairing, repeated ids,
 *    BXD_FLAG_REJECT_DUPLICATES, pairs only, LCS and its searches' looks
 *    every 256 steps, the LIS), long and short, the call stops with
 *    BXD_ERR_CANCELLED at every k, the result empty; nothing leaks (the
 *    counting allocator, and ASan); and the same workspace and result
 *    then give the unstopped diff's result, element for element.
 *  - Raised from another thread while a long diff runs: BXD_ERR_CANCELLED,
 *    or BXD_OK with a correct result if the diff ended first.
 * Prints "cancel: N passed, M failed"; exits non-zero on any failure.
 */
#define _POSIX_C_SOURCE 200809L /* nanosleep */

#include "CBoxDiff.h"
#include "check.h"
#include "internal.h" /* struct bxd_workspace: the look counter */
#include "verify.h"

#include <pthread.h>

#ifndef BXD_COUNT_PROBES
#error "build with -DBXD_COUNT_PROBES (scripts/ctests.sh)"
#endif

static void test_flag_functions(void) {
    bxd_cancel_init(NULL);
    bxd_cancel_request(NULL);
    CHECK(bxd_cancel_requested(NULL) == 0);
    bxd_workspace_set_cancel(NULL, NULL);
    bxd_cancel_t flag;
    bxd_cancel_init(&flag);
    CHECK(bxd_cancel_requested(&flag) == 0);
    bxd_cancel_request(&flag);
    CHECK(bxd_cancel_requested(&flag) == 1);
    bxd_cancel_request(&flag);
    CHECK(bxd_cancel_requested(&flag) == 1);
    bxd_cancel_init(&flag);
    CHECK(bxd_cancel_requested(&flag) == 0);
    CHECK(strcmp(bxd_status_string(BXD_ERR_CANCELLED), "cancelled") == 0);
}

/* A shape of lists: old and new ids and contents. */
typedef struct lists {
    uint64_t *a, *ac, *b, *bc;
    uint32_t n, m;
} lists_t;

static void lists_free(lists_t *l) {
    free(l->a);
    free(l->ac);
    free(l->b);
    free(l->bc);
}

/* `n` old ids, `distinct` of them distinct (repeats when fewer); the new
 * list drops one in 9, inserts one in 11, swaps a few neighbours, and
 * updates one content in 7. `suffix`: a common suffix of that many ids
 * (one of them also in the old middle, unpaired there: the suffix pairs
 * with the middle). */
static lists_t make_lists(uint32_t n, uint32_t distinct, uint32_t suffix) {
    lists_t l;
    l.a = malloc(((size_t)n + suffix + 1) * sizeof(uint64_t));
    l.ac = malloc(((size_t)n + suffix + 1) * sizeof(uint64_t));
    l.b = malloc(((size_t)n * 2 + suffix + 1) * sizeof(uint64_t));
    l.bc = malloc(((size_t)n * 2 + suffix + 1) * sizeof(uint64_t));
    l.n = l.m = 0;
    for (uint32_t i = 0; i < n; i++) {
        l.a[l.n] = 1000 + (distinct < n ? rng_below(distinct) : i);
        l.ac[l.n++] = i;
    }
    for (uint32_t i = 0; i < n; i++) {
        if (i % 9 == 4) continue;
        if (i % 11 == 6) {
            l.b[l.m] = 0x1000000000ull + i;
            l.bc[l.m++] = 1;
        }
        l.b[l.m] = l.a[i];
        l.bc[l.m++] = l.ac[i] + (i % 7 == 3);
        if (i % 97 == 50 && l.m >= 2) {
            uint64_t t = l.b[l.m - 1];
            l.b[l.m - 1] = l.b[l.m - 2];
            l.b[l.m - 2] = t;
        }
    }
    for (uint32_t k = 0; k < suffix; k++) {
        l.a[l.n] = 0x2000000000ull + k;
        l.ac[l.n++] = 0;
        l.b[l.m] = 0x2000000000ull + k;
        l.bc[l.m++] = 0;
    }
    if (suffix > 0 && n > 2) l.a[n / 2] = 0x2000000000ull; /* unpaired in the middle */
    return l;
}

/* Stops the diff of `l` at each of its looks at the flag in turn; returns
 * how many looks the unstopped diff took. */
static uint64_t check_every_look(const lists_t *l, bxd_options_t o) {
    const bxd_list_t old_list = {l->a, l->ac, l->n}, new_list = {l->b, l->bc, l->m};
    counting_alloc_t counts = {0};
    bxd_workspace_t *ws = NULL;
    if (!CHECK(counting_workspace_create(&counts, &ws) == BXD_OK)) return 0;
    bxd_cancel_t flag;
    bxd_cancel_init(&flag);
    bxd_result_t expected, r;
    bxd_result_init(&expected);
    bxd_result_init(&r);
    const bxd_status_t s0 = bxd_diff(ws, &old_list, &new_list, &o, &expected);
    CHECK(s0 == BXD_OK || s0 == BXD_ERR_DUPLICATE);
    bxd_workspace_set_cancel(ws, &flag);
    ws->cancel_looks = 0;
    ws->cancel_at = 0;
    bxd_status_t s = bxd_diff(ws, &old_list, &new_list, &o, &r);
    CHECK(verify_same_result(s0, &expected, s, &r));
    const uint64_t looks = ws->cancel_looks;
    CHECK(looks >= 1);
    for (uint64_t k = 1; k <= looks; k++) {
        ws->cancel_looks = 0;
        ws->cancel_at = k;
        s = bxd_diff(ws, &old_list, &new_list, &o, &r);
        if (s == BXD_ERR_DUPLICATE && s0 == BXD_ERR_DUPLICATE) {
            /* Found before look k: the same report. */
            CHECK(verify_same_result(s0, &expected, s, &r));
        } else {
            CHECK(s == BXD_ERR_CANCELLED);
            CHECK_OK(verify_empty(&r));
            CHECK(ws->cancel_looks == k);
        }
        ws->cancel_at = 0;
        s = bxd_diff(ws, &old_list, &new_list, &o, &r);
        CHECK(verify_same_result(s0, &expected, s, &r));
    }
    /* The flag itself, raised: stops at the first look; lowered: runs. */
    bxd_cancel_request(&flag);
    s = bxd_diff(ws, &old_list, &new_list, &o, &r);
    CHECK(s == BXD_ERR_CANCELLED);
    CHECK_OK(verify_empty(&r));
    bxd_cancel_init(&flag);
    s = bxd_diff(ws, &old_list, &new_list, &o, &r);
    CHECK(verify_same_result(s0, &expected, s, &r));
    bxd_result_free(&expected);
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    CHECK(counting_alloc_settled(&counts));
    return looks;
}

static void test_every_look(void) {
    static const struct {
        uint32_t n, distinct, suffix;
    } shapes[] = {
        {0, 0, 0},           /* empty: the entry look alone */
        {200, 200, 0},       /* compact table */
        {200, 60, 0},        /* repeated old ids */
        {400, 400, 20},      /* short suffix that pairs with the middle */
        {300, 300, 200},     /* long suffix, checked after the pairing */
        {200000, 200000, 0}, /* group table */
        {150000, 70000, 0},  /* repeats: the group table gives way to the compact one */
    };
    const int shape_count = (int)(sizeof shapes / sizeof shapes[0]);
    static const uint32_t flag_sets[] = {0, BXD_FLAG_PAIRS_ONLY, BXD_FLAG_REJECT_DUPLICATES};
    uint64_t most = 0;
    for (int k = 0; k < shape_count; k++) {
        lists_t l = make_lists(shapes[k].n, shapes[k].distinct, shapes[k].suffix);
        for (int f = 0; f < 3; f++) {
            uint64_t looks = check_every_look(&l, verify_options(BXD_ALGORITHM_HECKEL, flag_sets[f]));
            if (looks > most) most = looks;
            if (shapes[k].n <= 400)
                check_every_look(&l, verify_options(BXD_ALGORITHM_LCS, flag_sets[f]));
        }
        lists_free(&l);
    }
    /* LCS over a reversed list: its searches look every 256 steps. */
    {
        lists_t l = make_lists(3000, 3000, 0);
        l.m = l.n;
        for (uint32_t i = 0; i < l.n; i++) {
            l.b[i] = l.a[l.n - 1 - i];
            l.bc[i] = l.ac[l.n - 1 - i];
        }
        const uint64_t looks = check_every_look(&l, verify_options(BXD_ALGORITHM_LCS, 0));
        CHECK(looks >= 8);
        lists_free(&l);
    }
    /* At the start, between the build and the probe, after the pairing,
     * after the runs (LIS) and after finding the runs' moves. */
    CHECK(most >= 4);
}

/* An allocator that raises a cancel flag at its `raise_at`-th call
 * (counted from when `raise_at` is set; 0: never), over the counting
 * allocator: a flag raised by another thread at that very moment. */
typedef struct raising_alloc {
    counting_alloc_t counts;
    bxd_cancel_t *flag;
    unsigned long calls, raise_at;
} raising_alloc_t;

static void *raising_allocate(void *context, size_t size) {
    raising_alloc_t *c = (raising_alloc_t *)context;
    if (c->raise_at != 0 && ++c->calls == c->raise_at) bxd_cancel_request(c->flag);
    return counting_allocate(&c->counts, size);
}

static void raising_deallocate(void *context, void *pointer, size_t size) {
    counting_deallocate(&((raising_alloc_t *)context)->counts, pointer, size);
}

/* With BXD_FLAG_PAIRS_ONLY the call allocates nothing after its pairing,
 * and looks at the flag once more after it: a flag raised at any of the
 * call's allocations (the last ones come after the pairing's own last
 * look, such as LCS's queues of unpaired ids after its searches) stops
 * it with BXD_ERR_CANCELLED, the result empty. Raised at each allocation
 * in turn (a fresh workspace and result each time, so every buffer is
 * allocated), both algorithms. Without the look after the pairing, a
 * flag raised there went unseen and the call returned BXD_OK. */
static void test_raised_during_pairs_only(void) {
    static const uint32_t sizes[] = {200, 3000};
    static const bxd_algorithm_t algorithms[] = {BXD_ALGORITHM_HECKEL, BXD_ALGORITHM_LCS};
    for (int z = 0; z < 2; z++) {
        lists_t l = make_lists(sizes[z], sizes[z], 0);
        const bxd_list_t old_list = {l.a, l.ac, l.n}, new_list = {l.b, l.bc, l.m};
        for (int g = 0; g < 2; g++) {
            const bxd_options_t o = verify_options(algorithms[g], BXD_FLAG_PAIRS_ONLY);
            unsigned long stopped = 0;
            for (unsigned long k = 1;; k++) {
                bxd_cancel_t flag;
                bxd_cancel_init(&flag);
                raising_alloc_t c;
                memset(&c, 0, sizeof c);
                c.flag = &flag;
                const bxd_allocator_t a = {raising_allocate, raising_deallocate, &c};
                bxd_workspace_t *ws = NULL;
                if (!CHECK(bxd_workspace_create(&a, &ws) == BXD_OK)) break;
                bxd_workspace_set_cancel(ws, &flag);
                c.raise_at = k;
                bxd_result_t r;
                bxd_result_init(&r);
                const bxd_status_t s = bxd_diff(ws, &old_list, &new_list, &o, &r);
                const int raised = bxd_cancel_requested(&flag);
                if (raised) {
                    stopped++;
                    if (!CHECK(s == BXD_ERR_CANCELLED))
                        fprintf(stderr, "raised at allocation %lu of %s (%u ids): status %d\n", k,
                                g == 0 ? "heckel" : "lcs", l.n, (int)s);
                    CHECK_OK(verify_empty(&r));
                } else {
                    CHECK(s == BXD_OK);
                }
                bxd_result_free(&r);
                bxd_workspace_destroy(ws);
                CHECK(counting_alloc_settled(&c.counts));
                if (!raised) break; /* past the call's last allocation */
            }
            CHECK(stopped >= 3); /* the result's buffers, then the pairing's */
        }
        lists_free(&l);
    }
}

static void test_lis_mark(void) {
    const uint32_t count = 300000;
    uint32_t *values = malloc(count * sizeof *values);
    uint8_t *keep = malloc(count), *expected = malloc(count);
    for (uint32_t p = 0; p < count; p++) values[p] = p % 5 == 0 ? BXD_NONE : p ^ (p % 3);
    bxd_workspace_t *ws = NULL;
    CHECK(bxd_workspace_create(NULL, &ws) == BXD_OK);
    uint32_t length = 0, stopped_length = 7;
    CHECK(bxd_lis_mark(ws, values, count, expected, &length) == BXD_OK);
    bxd_cancel_t flag;
    bxd_cancel_init(&flag);
    bxd_workspace_set_cancel(ws, &flag);
    ws->cancel_looks = 0;
    ws->cancel_at = 0;
    uint32_t again = 0;
    CHECK(bxd_lis_mark(ws, values, count, keep, &again) == BXD_OK);
    CHECK(again == length && memcmp(keep, expected, count) == 0);
    const uint64_t looks = ws->cancel_looks;
    CHECK(looks == 1); /* once the runs are known */
    for (uint64_t k = 1; k <= looks; k++) {
        ws->cancel_looks = 0;
        ws->cancel_at = k;
        memset(keep, 1, count);
        CHECK(bxd_lis_mark(ws, values, count, keep, &stopped_length) == BXD_ERR_CANCELLED);
        CHECK(stopped_length == 0);
        int all_zero = 1;
        for (uint32_t p = 0; p < count; p++) all_zero &= keep[p] == 0;
        CHECK(all_zero);
    }
    ws->cancel_at = 0;
    CHECK(bxd_lis_mark(ws, values, count, keep, &again) == BXD_OK);
    CHECK(again == length && memcmp(keep, expected, count) == 0);
    bxd_workspace_set_cancel(ws, NULL);
    bxd_cancel_request(&flag);
    CHECK(bxd_lis_mark(ws, values, count, keep, &again) == BXD_OK);
    bxd_workspace_destroy(ws);
    free(values);
    free(keep);
    free(expected);
}

/* Raises the flag after about `delay_us` microseconds. */
typedef struct raiser {
    bxd_cancel_t *flag;
    long delay_us;
} raiser_t;

static void *raise_later(void *context) {
    raiser_t *r = (raiser_t *)context;
    struct timespec t = {0, r->delay_us * 1000};
    nanosleep(&t, NULL);
    bxd_cancel_request(r->flag);
    return NULL;
}

static void test_other_thread(void) {
    lists_t l = make_lists(1000000, 1000000, 0);
    const bxd_list_t old_list = {l.a, l.ac, l.n}, new_list = {l.b, l.bc, l.m};
    const bxd_options_t o = verify_options(BXD_ALGORITHM_HECKEL, 0);
    bxd_workspace_t *ws = NULL;
    CHECK(bxd_workspace_create(NULL, &ws) == BXD_OK);
    bxd_result_t r;
    bxd_result_init(&r);
    int stopped = 0, finished = 0;
    for (long delay = 0; delay <= 8000; delay += 2000) {
        bxd_cancel_t flag;
        bxd_cancel_init(&flag);
        bxd_workspace_set_cancel(ws, &flag);
        raiser_t raiser = {&flag, delay};
        pthread_t thread;
        CHECK(pthread_create(&thread, NULL, raise_later, &raiser) == 0);
        bxd_status_t s = bxd_diff(ws, &old_list, &new_list, &o, &r);
        pthread_join(thread, NULL);
        if (s == BXD_ERR_CANCELLED) {
            stopped++;
            CHECK_OK(verify_empty(&r));
        } else {
            finished++;
            CHECK(s == BXD_OK);
            CHECK_OK(verify_result(&old_list, &new_list, &r, 1));
        }
        bxd_workspace_set_cancel(ws, NULL);
    }
    CHECK(stopped + finished == 5);
    printf("cancel: from another thread, %d of 5 diffs stopped\n", stopped);
    CHECK(bxd_diff(ws, &old_list, &new_list, &o, &r) == BXD_OK);
    CHECK_OK(verify_result(&old_list, &new_list, &r, 1));
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    lists_free(&l);
    verify_release();
}

int main(void) {
    rng_seed(0xCA2026);
    test_flag_functions();
    test_every_look();
    test_raised_during_pairs_only();
    test_lis_mark();
    test_other_thread();
    verify_release();
    return check_report("cancel");
}
