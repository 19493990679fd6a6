/*
 * verify.h - the result verifier of the C tests and the fuzz targets:
 * checks a bxd_result_t against the two lists it was diffed from.
 *
 * Every verify_* function returns NULL when all its checks hold, else the
 * first failed one as a string literal "<file>:<line>: <condition>". The
 * C tests count and print it (CHECK_OK, check.h); the fuzz targets trap on
 * it (FZ_VERIFY, fuzz_common.h).
 *
 *  - verify_pairs: the index maps are inverse and join equal ids, the
 *    matched count is right, the pairing is maximal (every id pairs
 *    min(old occurrences, new occurrences) times) and, when `in_order`,
 *    the k-th old occurrence of an id pairs with its k-th new one.
 *  - verify_result: verify_pairs, and deletes / inserts are the unpaired
 *    indices, moves are paired, ascending, leave the rest increasing and
 *    are minimal (matched - LIS, reference.h), updates are the pairs whose
 *    contents differ, the stages are non-empty and in kind order, and
 *    replaying them on the old list gives the new one (ids and contents).
 *  - verify_pairs_only: verify_pairs, and no change lists or stages
 *    (BXD_FLAG_PAIRS_ONLY).
 *  - verify_empty: a failed diff holds no changes (counts 0).
 *  - verify_duplicate: a BXD_ERR_DUPLICATE result names the first repeat
 *    (old list scanned first) and is otherwise empty.
 *  - verify_has_duplicate: does either list hold a repeated id?
 *
 * Scratch grows on demand and is kept between calls (one thread);
 * verify_release() frees it. Define VERIFY_FN before including this file
 * to give the verifier functions attributes (the fuzz targets keep them
 * out of coverage).
 */
#ifndef BXD_TEST_VERIFY_H
#define BXD_TEST_VERIFY_H

#include "CBoxDiff.h"
#include "reference.h"

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef VERIFY_FN
#define VERIFY_FN static inline
#endif

#define VERIFY_STR_(x) #x
#define VERIFY_STR(x) VERIFY_STR_(x)

/* In a verify_* function: return the failed condition. */
#define VERIFY(cond)                                                         \
    do {                                                                     \
        if (!(cond)) return __FILE__ ":" VERIFY_STR(__LINE__) ": " #cond;    \
    } while (0)

/* In a verify_* function: return the failure of another one, if any. */
#define VERIFY_THAT(call)                                                    \
    do {                                                                     \
        const char *verify_failure_ = (call);                                \
        if (verify_failure_ != NULL) return verify_failure_;                 \
    } while (0)

/* ---- scratch ----------------------------------------------------------------- */

typedef struct verify_occ {
    uint64_t id;
    uint32_t index;
} verify_occ_t;

static struct verify_scratch {
    size_t capacity; /* elements per array */
    verify_occ_t *sa, *sb;
    uint32_t *ra, *rb, *tails, *org, *out_org;
    uint64_t *con, *out_con;
    uint8_t *used, *moved;
} verify_s;

static inline void verify_release(void) {
    free(verify_s.sa);
    free(verify_s.sb);
    free(verify_s.ra);
    free(verify_s.rb);
    free(verify_s.tails);
    free(verify_s.org);
    free(verify_s.out_org);
    free(verify_s.con);
    free(verify_s.out_con);
    free(verify_s.used);
    free(verify_s.moved);
    memset(&verify_s, 0, sizeof verify_s);
}

/* Room for `count` elements per array; exits when out of memory. */
VERIFY_FN void verify_reserve(size_t count) {
    if (verify_s.capacity != 0 && count <= verify_s.capacity) return;
    size_t cap = 2 * verify_s.capacity;
    if (cap < count) cap = count;
    if (cap < 64) cap = 64;
    verify_release();
    verify_s.sa = malloc(cap * sizeof *verify_s.sa);
    verify_s.sb = malloc(cap * sizeof *verify_s.sb);
    verify_s.ra = malloc(cap * sizeof *verify_s.ra);
    verify_s.rb = malloc(cap * sizeof *verify_s.rb);
    verify_s.tails = malloc(cap * sizeof *verify_s.tails);
    verify_s.org = malloc(cap * sizeof *verify_s.org);
    verify_s.out_org = malloc(cap * sizeof *verify_s.out_org);
    verify_s.con = malloc(cap * sizeof *verify_s.con);
    verify_s.out_con = malloc(cap * sizeof *verify_s.out_con);
    verify_s.used = malloc(cap);
    verify_s.moved = malloc(cap);
    if (!verify_s.sa || !verify_s.sb || !verify_s.ra || !verify_s.rb ||
        !verify_s.tails || !verify_s.org || !verify_s.out_org ||
        !verify_s.con || !verify_s.out_con || !verify_s.used ||
        !verify_s.moved) {
        fprintf(stderr, "verify.h: out of memory\n");
        exit(2);
    }
    verify_s.capacity = cap;
}

VERIFY_FN int verify_occ_cmp(const void *x, const void *y) {
    const verify_occ_t *p = (const verify_occ_t *)x, *q = (const verify_occ_t *)y;
    if (p->id != q->id) return p->id < q->id ? -1 : 1;
    return p->index < q->index ? -1 : p->index > q->index;
}

/* sorted: the occurrences sorted by (id, index); rank[i]: the number of
 * earlier occurrences of ids[i]. */
VERIFY_FN void verify_ranks(const uint64_t *ids, uint32_t count,
                            verify_occ_t *sorted, uint32_t *rank) {
    for (uint32_t i = 0; i < count; i++) sorted[i] = (verify_occ_t){ids[i], i};
    qsort(sorted, count, sizeof *sorted, verify_occ_cmp);
    for (uint32_t k = 0; k < count; k++)
        rank[sorted[k].index] =
            k > 0 && sorted[k - 1].id == sorted[k].id ? rank[sorted[k - 1].index] + 1 : 0;
}

/* ---- checks -------------------------------------------------------------------- */

VERIFY_FN const char *verify_pairs(const bxd_list_t *ol, const bxd_list_t *nl,
                                   const bxd_result_t *r, int in_order) {
    const uint32_t n = (uint32_t)ol->count, m = (uint32_t)nl->count;
    const uint64_t *a = ol->ids, *b = nl->ids;
    VERIFY(r->old_count == n && r->new_count == m);
    VERIFY(n == 0 || r->old_to_new != NULL);
    VERIFY(m == 0 || r->new_to_old != NULL);
    const uint32_t *o2n = r->old_to_new, *n2o = r->new_to_old;

    /* Inverse maps over equal ids. */
    uint32_t matched = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = o2n[i];
        if (j == BXD_NONE) continue;
        matched++;
        VERIFY(j < m && n2o[j] == i && a[i] == b[j]);
    }
    for (uint32_t j = 0; j < m; j++) {
        uint32_t i = n2o[j];
        VERIFY(i == BXD_NONE || (i < n && o2n[i] == j));
    }
    VERIFY(r->matched_count == matched);

    /* Maximal pairing, and in order of occurrence when asked. */
    verify_reserve(n > m ? n : m);
    verify_ranks(a, n, verify_s.sa, verify_s.ra);
    verify_ranks(b, m, verify_s.sb, verify_s.rb);
    if (in_order)
        for (uint32_t i = 0; i < n; i++)
            VERIFY(o2n[i] == BXD_NONE || verify_s.ra[i] == verify_s.rb[o2n[i]]);
    uint32_t x = 0, y = 0, pairable = 0;
    while (x < n && y < m) {
        if (verify_s.sa[x].id < verify_s.sb[y].id) x++;
        else if (verify_s.sa[x].id > verify_s.sb[y].id) y++;
        else {
            pairable++;
            x++;
            y++;
        }
    }
    VERIFY(matched == pairable);
    return NULL;
}

VERIFY_FN const char *verify_result(const bxd_list_t *ol, const bxd_list_t *nl,
                                    const bxd_result_t *r, int in_order) {
    VERIFY_THAT(verify_pairs(ol, nl, r, in_order));
    const uint32_t n = (uint32_t)ol->count, m = (uint32_t)nl->count;
    const uint64_t *a = ol->ids, *b = nl->ids;
    const uint64_t *ca = ol->contents, *cb = nl->contents;
    const int contents = ca != NULL && cb != NULL;
    const uint32_t *o2n = r->old_to_new, *n2o = r->new_to_old;
    const uint32_t matched = r->matched_count;

    /* Deletes, inserts: the unpaired indices, ascending. */
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        if (o2n[i] == BXD_NONE) {
            VERIFY(k < r->delete_count && r->deletes[k] == i);
            k++;
        }
    VERIFY(k == r->delete_count);
    k = 0;
    for (uint32_t j = 0; j < m; j++)
        if (n2o[j] == BXD_NONE) {
            VERIFY(k < r->insert_count && r->inserts[k] == j);
            k++;
        }
    VERIFY(k == r->insert_count);

    /* Moves: paired, ascending by old index, the rest increasing, and
     * minimal. */
    memset(verify_s.moved, 0, n);
    for (uint32_t t = 0; t < r->move_count; t++) {
        bxd_move_t mv = r->moves[t];
        VERIFY(mv.from < n && o2n[mv.from] == mv.to);
        VERIFY(t == 0 || r->moves[t - 1].from < mv.from);
        verify_s.moved[mv.from] = 1;
    }
    uint32_t last = 0;
    int have_last = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (o2n[i] == BXD_NONE || verify_s.moved[i]) continue;
        VERIFY(!have_last || o2n[i] > last);
        last = o2n[i];
        have_last = 1;
    }
    VERIFY(r->move_count == matched - ref_lis_length(n2o, m, verify_s.tails));

    /* Updates: the pairs whose contents differ, ascending. */
    k = 0;
    if (contents)
        for (uint32_t i = 0; i < n; i++)
            if (o2n[i] != BXD_NONE && ca[i] != cb[o2n[i]]) {
                VERIFY(k < r->update_count && r->updates[k] == i);
                k++;
            }
    VERIFY(k == r->update_count);

    /* Stages: non-empty, in kind order, each with its own arrays. */
    const bxd_stage_t *s1 = NULL, *s2 = NULL, *s3 = NULL;
    VERIFY(r->stage_count <= 3);
    int kind = 0;
    for (uint32_t s = 0; s < r->stage_count; s++) {
        const bxd_stage_t *st = &r->stages[s];
        VERIFY((int)st->kind > kind);
        kind = (int)st->kind;
        VERIFY(st->index_count + st->move_count > 0);
        if (st->kind == BXD_STAGE_UPDATE) s1 = st;
        else if (st->kind == BXD_STAGE_DELETE) s2 = st;
        else if (st->kind == BXD_STAGE_INSERT_MOVE) s3 = st;
        else VERIFY(!"a known stage kind");
        VERIFY(st->kind == BXD_STAGE_INSERT_MOVE || st->move_count == 0);
    }
    VERIFY((s1 != NULL) == (r->update_count > 0));
    VERIFY((s2 != NULL) == (r->delete_count > 0));
    VERIFY((s3 != NULL) == (r->insert_count + r->move_count > 0));
    VERIFY(s3 == NULL ||
           (s3->move_count == r->move_count && s3->index_count == r->insert_count));

    /* Replay: (origin old index, content) per element. */
    uint32_t *org = verify_s.org, *out_org = verify_s.out_org;
    uint64_t *con = verify_s.con, *out_con = verify_s.out_con;
    uint8_t *used = verify_s.used;
    uint32_t len = n;
    for (uint32_t i = 0; i < n; i++) {
        org[i] = i;
        con[i] = ca ? ca[i] : 0;
    }
    if (s1)
        for (uint32_t t = 0; t < s1->index_count; t++) {
            uint32_t i = s1->indices[t];
            VERIFY(i < n && o2n[i] != BXD_NONE);
            VERIFY(t == 0 || s1->indices[t - 1] < i);
            con[i] = cb ? cb[o2n[i]] : 0;
        }
    if (s2) {
        uint32_t w = 0, t = 0;
        for (uint32_t i = 0; i < len; i++) {
            if (t < s2->index_count && s2->indices[t] == i) {
                t++;
                continue;
            }
            org[w] = org[i];
            con[w++] = con[i];
        }
        VERIFY(t == s2->index_count);
        len = w;
    }
    memset(used, 0, m);
    if (s3) {
        /* Take the moved elements out at their post-delete positions. */
        uint32_t w = 0, t = 0;
        for (uint32_t p = 0; p < len; p++) {
            if (t < s3->move_count && s3->moves[t].from == p) {
                uint32_t to = s3->moves[t].to;
                VERIFY(to < m && !used[to]);
                used[to] = 1;
                out_org[to] = org[p];
                out_con[to] = con[p];
                t++;
                continue;
            }
            org[w] = org[p];
            con[w++] = con[p];
        }
        VERIFY(t == s3->move_count);
        len = w;
        for (uint32_t q = 0; q < s3->index_count; q++) {
            uint32_t j = s3->indices[q];
            VERIFY(j < m && !used[j]);
            VERIFY(q == 0 || s3->indices[q - 1] < j);
            used[j] = 1;
            out_org[j] = BXD_NONE;
            out_con[j] = cb ? cb[j] : 0;
        }
    }
    /* Everything else keeps its relative order in the free slots. */
    uint32_t p = 0;
    for (uint32_t j = 0; j < m; j++) {
        if (used[j]) continue;
        VERIFY(p < len);
        out_org[j] = org[p];
        out_con[j] = con[p++];
    }
    VERIFY(p == len);
    for (uint32_t j = 0; j < m; j++) {
        uint32_t i = out_org[j];
        if (i == BXD_NONE) {
            VERIFY(n2o[j] == BXD_NONE);
            continue;
        }
        VERIFY(a[i] == b[j] && o2n[i] == j);
        if (contents) VERIFY(out_con[j] == cb[j]);
        else if (ca) VERIFY(out_con[j] == ca[i]);
    }
    return NULL;
}

VERIFY_FN const char *verify_pairs_only(const bxd_list_t *ol, const bxd_list_t *nl,
                                        const bxd_result_t *r, int in_order) {
    VERIFY_THAT(verify_pairs(ol, nl, r, in_order));
    VERIFY(r->delete_count == 0 && r->insert_count == 0 && r->move_count == 0 &&
           r->update_count == 0 && r->stage_count == 0);
    return NULL;
}

VERIFY_FN const char *verify_empty(const bxd_result_t *r) {
    VERIFY(r->old_count == 0 && r->new_count == 0 && r->matched_count == 0);
    VERIFY(r->delete_count == 0 && r->insert_count == 0 && r->move_count == 0 &&
           r->update_count == 0 && r->stage_count == 0);
    return NULL;
}

/* The first index of `ids` that repeats an earlier id, or BXD_NONE. */
VERIFY_FN uint32_t verify_first_repeat(const uint64_t *ids, uint32_t count) {
    verify_reserve(count);
    verify_ranks(ids, count, verify_s.sa, verify_s.ra);
    for (uint32_t i = 0; i < count; i++)
        if (verify_s.ra[i] == 1) return i;
    return BXD_NONE;
}

VERIFY_FN const char *verify_duplicate(const bxd_list_t *ol, const bxd_list_t *nl,
                                       const bxd_result_t *r) {
    VERIFY_THAT(verify_empty(r));
    VERIFY(r->duplicate_side == 0 || r->duplicate_side == 1);
    const bxd_list_t *lists[2] = {ol, nl};
    for (int side = 0; side < 2; side++) {
        const uint64_t *v = lists[side]->ids;
        const uint32_t second = verify_first_repeat(v, (uint32_t)lists[side]->count);
        if (second == BXD_NONE) {
            VERIFY(r->duplicate_side != side);
            continue;
        }
        VERIFY(r->duplicate_side == side);
        VERIFY(r->duplicate_index == second);
        uint32_t first = 0;
        while (v[first] != v[second]) first++;
        VERIFY(r->duplicate_first_index == first);
        return NULL;
    }
    VERIFY(!"a duplicate reported where there is none");
    return NULL;
}

VERIFY_FN int verify_has_duplicate(const bxd_list_t *ol, const bxd_list_t *nl) {
    return verify_first_repeat(ol->ids, (uint32_t)ol->count) != BXD_NONE ||
           verify_first_repeat(nl->ids, (uint32_t)nl->count) != BXD_NONE;
}

/* Default options with `algorithm` and `flags`. */
VERIFY_FN bxd_options_t verify_options(bxd_algorithm_t algorithm, uint32_t flags) {
    bxd_options_t o;
    bxd_options_init(&o);
    o.algorithm = algorithm;
    o.flags = flags;
    return o;
}

/* Whether two diffs gave the same status and result (every count, array
 * and stage; the duplicate fields for BXD_ERR_DUPLICATE). */
VERIFY_FN int verify_same_u32(const uint32_t *x, const uint32_t *y, uint32_t n) {
    if (n == 0) return 1;
    if (x == NULL || y == NULL) return 0;
    return memcmp(x, y, (size_t)n * sizeof *x) == 0;
}

VERIFY_FN int verify_same_moves(const bxd_move_t *x, const bxd_move_t *y, uint32_t n) {
    if (n == 0) return 1;
    if (x == NULL || y == NULL) return 0;
    return memcmp(x, y, (size_t)n * sizeof *x) == 0;
}

VERIFY_FN int verify_same_result(bxd_status_t sx, const bxd_result_t *x, bxd_status_t sy,
                       const bxd_result_t *y) {
    if (sx != sy) return 0;
    if (sx == BXD_ERR_DUPLICATE &&
        (x->duplicate_side != y->duplicate_side ||
         x->duplicate_index != y->duplicate_index ||
         x->duplicate_first_index != y->duplicate_first_index))
        return 0;
    if (x->old_count != y->old_count || x->new_count != y->new_count ||
        x->matched_count != y->matched_count || x->minimal != y->minimal ||
        x->delete_count != y->delete_count ||
        x->insert_count != y->insert_count || x->move_count != y->move_count ||
        x->update_count != y->update_count || x->stage_count != y->stage_count)
        return 0;
    if (!verify_same_u32(x->old_to_new, y->old_to_new, x->old_count) ||
        !verify_same_u32(x->new_to_old, y->new_to_old, x->new_count) ||
        !verify_same_u32(x->deletes, y->deletes, x->delete_count) ||
        !verify_same_u32(x->inserts, y->inserts, x->insert_count) ||
        !verify_same_moves(x->moves, y->moves, x->move_count) ||
        !verify_same_u32(x->updates, y->updates, x->update_count))
        return 0;
    for (uint32_t s = 0; s < x->stage_count; s++) {
        const bxd_stage_t *p = &x->stages[s], *q = &y->stages[s];
        if (p->kind != q->kind || p->index_count != q->index_count ||
            p->move_count != q->move_count ||
            !verify_same_u32(p->indices, q->indices, p->index_count) ||
            !verify_same_moves(p->moves, q->moves, p->move_count))
            return 0;
    }
    return 1;
}

#endif /* BXD_TEST_VERIFY_H */
