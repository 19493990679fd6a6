/*
 * fuzz_common.h - shared input decoding and result checking for the
 * libFuzzer targets (fuzz_heckel.c, fuzz_lcs.c, fuzz_stages.c use the
 * decoder below; fuzz_reuse.c has its own compact decoder for long lists
 * and uses the allocator and the checker).
 *
 * FZ_MAX (elements per list, and the size of the checker's scratch) may be
 * defined before including this file; it defaults to 1,500.
 *
 * Any violated invariant calls __builtin_trap(), so a wrong answer is a
 * crash that libFuzzer keeps as an artifact.
 *
 * Input format (every byte optional: missing bytes read as 0):
 *   byte 0  alphabet: symbols are taken modulo 1 + (byte0 & 0x3F) when its
 *           top bit is clear; with 0x80 set the alphabet is 256 * that
 *           (mostly distinct ids).
 *   byte 1  id mapping (low 2 bits: plain small ids, ids sharing one 32-bit
 *           tag (tag collisions in the compact table), ids spread over
 *           64 bits, ids that differ only in their high half), contents
 *           mode (bits 2-3: none, both, old only, new only), and the option
 *           byte the targets may use (bits 4-7).
 *   byte 2  shared prefix length, byte 3 shared suffix length (elements
 *           0, 1, 2, ... common to both lists, may collide with the body).
 *   then    ops for the old list up to a 0xFF byte, then ops for the new
 *           list. An op byte b: (b & 7) selects
 *             0, 1  one symbol (next byte)
 *             2     a run of one symbol: (symbol, length)
 *             3     a rising run of symbols: (start, length)
 *             4     (new list only) copy old[start, start + length)
 *                   - shared runs, moves; (old list: as 0)
 *             5     (new list only) copy old reversed
 *             6     a run alternating two symbols: (s1, s2, length)
 *             7     one symbol, with a changed content
 *           bit 3 of b marks the op's elements as content-changed.
 */
#ifndef BXD_FUZZ_COMMON_H
#define BXD_FUZZ_COMMON_H

#include "CBoxDiff.h"
#include "../CTests/reference.h"

#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define FZ_CHECK(cond)                                                       \
    do {                                                                     \
        if (!(cond)) __builtin_trap();                                       \
    } while (0)

/* The checker is not instrumented for coverage: its branches would only
 * add noise to libFuzzer's feedback, and the tracing of its sort would
 * dominate executions on long lists. */
#if defined(__clang__)
#define FZ_NOCOV __attribute__((no_sanitize("coverage")))
#else
#define FZ_NOCOV
#endif

#ifndef FZ_MAX
#define FZ_MAX 1500 /* elements per list: keeps LCS executions fast */
#endif

/* ---- counting allocator -------------------------------------------------- */

typedef struct fz_alloc {
    unsigned long allocations; /* calls to fz_allocate so far */
    long long outstanding;     /* bytes allocated and not yet released */
    unsigned long fail_at;     /* 0, or the number of the call that fails */
    unsigned long failures;    /* calls that returned NULL on purpose */
} fz_alloc_t;

static inline void *fz_allocate(void *ctx, size_t size) {
    fz_alloc_t *c = (fz_alloc_t *)ctx;
    FZ_CHECK(size != 0);
    c->allocations++;
    if (c->fail_at != 0 && c->allocations == c->fail_at) {
        c->failures++;
        return NULL;
    }
    void *p = malloc(size);
    if (p) c->outstanding += (long long)size;
    return p;
}

static inline void fz_deallocate(void *ctx, void *p, size_t size) {
    fz_alloc_t *c = (fz_alloc_t *)ctx;
    FZ_CHECK(p != NULL);
    c->outstanding -= (long long)size;
    FZ_CHECK(c->outstanding >= 0);
    free(p);
}

static inline bxd_allocator_t fz_allocator(fz_alloc_t *c) {
    bxd_allocator_t a = {fz_allocate, fz_deallocate, c};
    return a;
}

/* ---- decoding ---------------------------------------------------------------- */

typedef struct fz_input {
    uint64_t a[FZ_MAX], b[FZ_MAX];   /* ids */
    uint64_t ca[FZ_MAX], cb[FZ_MAX]; /* contents */
    uint32_t sa[FZ_MAX];             /* old symbols (for copy ops) */
    uint32_t n, m;
    int contents_mode; /* 0 none, 1 both, 2 old only, 3 new only */
    uint8_t option;    /* 4 bits for the target */
} fz_input_t;

typedef struct fz_reader {
    const uint8_t *data;
    size_t size, pos;
} fz_reader_t;

static inline uint8_t fz_byte(fz_reader_t *r) {
    return r->pos < r->size ? r->data[r->pos++] : 0;
}

static inline uint64_t fz_map_id(uint32_t symbol, int mapping) {
    uint64_t s = symbol;
    switch (mapping) {
    case 0: return s + 1;
    case 1: /* tag (low ^ high) is always 0x5A5A5A5A */
        return ((s + 1) << 32) | ((s + 1) ^ 0x5A5A5A5Au);
    case 2: return (s + 1) * 0x9E3779B97F4A7C15ull;
    default: return (s + 7) << 32;
    }
}

static inline void fz_push(fz_input_t *in, int old_side, uint32_t symbol,
                    int mapping, int changed) {
    uint32_t *count = old_side ? &in->n : &in->m;
    if (*count >= FZ_MAX) return;
    uint64_t id = fz_map_id(symbol, mapping);
    uint64_t content = id * 3 + (changed ? 1 : 0);
    if (old_side) {
        in->sa[in->n] = symbol;
        in->a[in->n] = id;
        in->ca[in->n++] = content;
    } else {
        in->b[in->m] = id;
        in->cb[in->m++] = content;
    }
}

/* Decodes `data` into two lists (see the format above). */
static inline void fz_decode(const uint8_t *data, size_t size, fz_input_t *in) {
    fz_reader_t r = {data, size, 0};
    in->n = in->m = 0;
    uint8_t h0 = fz_byte(&r), h1 = fz_byte(&r);
    uint32_t alphabet = 1u + (h0 & 0x3Fu);
    if (h0 & 0x80u) alphabet *= 256u;
    const int mapping = h1 & 3;
    in->contents_mode = (h1 >> 2) & 3;
    in->option = (uint8_t)(h1 >> 4);
    uint32_t prefix = fz_byte(&r), suffix = fz_byte(&r);
    /* Shared prefix symbols: 0, 1, 2, ... (mod alphabet). */
    for (uint32_t i = 0; i < prefix; i++) {
        fz_push(in, 1, i % alphabet, mapping, 0);
        fz_push(in, 0, i % alphabet, mapping, 0);
    }
    for (int side = 1; side >= 0; side--) {
        while (r.pos < r.size) {
            uint8_t op = fz_byte(&r);
            if (op == 0xFF && side == 1) break;
            const int changed = (op & 8) != 0;
            const uint32_t before = in->n;
            switch (op & 7) {
            case 2: {
                uint32_t s = fz_byte(&r) % alphabet, len = fz_byte(&r);
                for (uint32_t k = 0; k < len; k++) fz_push(in, side, s, mapping, changed);
                break;
            }
            case 3: {
                uint32_t s = fz_byte(&r), len = fz_byte(&r);
                if (alphabet > 256) s *= 7;
                for (uint32_t k = 0; k < len; k++)
                    fz_push(in, side, (s + k) % alphabet, mapping, changed);
                break;
            }
            case 4:
            case 5:
                if (side == 0 && before > 0) {
                    uint32_t start = ((uint32_t)fz_byte(&r) << 8 | fz_byte(&r)) % before;
                    uint32_t len = fz_byte(&r) + 1u;
                    if (len > before - start) len = before - start;
                    for (uint32_t k = 0; k < len; k++) {
                        uint32_t at = (op & 7) == 4 ? start + k : start + len - 1 - k;
                        fz_push(in, 0, in->sa[at], mapping, changed);
                    }
                    break;
                }
                /* fall through */
            case 0:
            case 1:
            case 7: {
                uint32_t s = fz_byte(&r);
                if (alphabet > 256) s = s * 131u + fz_byte(&r);
                fz_push(in, side, s % alphabet, mapping, changed || (op & 7) == 7);
                break;
            }
            case 6: {
                uint32_t s1 = fz_byte(&r) % alphabet, s2 = fz_byte(&r) % alphabet;
                uint32_t len = fz_byte(&r);
                for (uint32_t k = 0; k < len; k++)
                    fz_push(in, side, k & 1 ? s2 : s1, mapping, changed);
                break;
            }
            }
        }
    }
    for (uint32_t i = 0; i < suffix; i++) {
        fz_push(in, 1, i % alphabet, mapping, 0);
        fz_push(in, 0, i % alphabet, mapping, 0);
    }
}

static inline bxd_list_t fz_old(const fz_input_t *in) {
    bxd_list_t l = {in->a, in->contents_mode == 1 || in->contents_mode == 2 ? in->ca : NULL,
                    in->n};
    if (in->n == 0 && (in->option & 1)) l.ids = NULL; /* NULL is fine at 0 */
    return l;
}

static inline bxd_list_t fz_new(const fz_input_t *in) {
    bxd_list_t l = {in->b, in->contents_mode == 1 || in->contents_mode == 3 ? in->cb : NULL,
                    in->m};
    if (in->m == 0 && (in->option & 1)) l.ids = NULL;
    return l;
}

/* ---- checking ------------------------------------------------------------------ */

typedef struct fz_occ {
    uint64_t id;
    uint32_t index;
} fz_occ_t;

FZ_NOCOV static inline int fz_occ_cmp(const void *x, const void *y) {
    const fz_occ_t *p = (const fz_occ_t *)x, *q = (const fz_occ_t *)y;
    if (p->id != q->id) return p->id < q->id ? -1 : 1;
    return p->index < q->index ? -1 : p->index > q->index;
}

/* rank[i]: number of earlier occurrences of ids[i]; sorted: occurrences
 * sorted by (id, index). */
FZ_NOCOV static inline void fz_ranks(const uint64_t *ids, uint32_t count, fz_occ_t *sorted,
                     uint32_t *rank) {
    for (uint32_t i = 0; i < count; i++) sorted[i] = (fz_occ_t){ids[i], i};
    qsort(sorted, count, sizeof *sorted, fz_occ_cmp);
    for (uint32_t k = 0; k < count; k++)
        rank[sorted[k].index] =
            k > 0 && sorted[k - 1].id == sorted[k].id ? rank[sorted[k - 1].index] + 1 : 0;
}

/* Scratch for fz_verify (static: one fuzz process, one thread). */
static struct {
    fz_occ_t sa[FZ_MAX], sb[FZ_MAX];
    uint32_t ra[FZ_MAX], rb[FZ_MAX], tails[FZ_MAX], org[FZ_MAX], out_org[FZ_MAX];
    uint64_t con[FZ_MAX], out_con[FZ_MAX];
    uint8_t used[FZ_MAX], moved[FZ_MAX];
} fz_s;

/*
 * Checks every invariant of a successful diff of old_list into new_list:
 * inverse maps over equal ids, maximal pairing (in order of occurrence when
 * `in_order`), deletes / inserts / moves / updates, minimal moves, and the
 * replay of the stages (ids and contents). Traps on any violation.
 */
FZ_NOCOV static inline void fz_verify(const bxd_list_t *ol, const bxd_list_t *nl,
                      const bxd_result_t *r, int in_order) {
    const uint32_t n = (uint32_t)ol->count, m = (uint32_t)nl->count;
    const uint64_t *a = ol->ids, *b = nl->ids;
    const uint64_t *ca = ol->contents, *cb = nl->contents;
    const int contents = ca != NULL && cb != NULL;
    FZ_CHECK(r->old_count == n && r->new_count == m);
    FZ_CHECK(n == 0 || r->old_to_new != NULL);
    FZ_CHECK(m == 0 || r->new_to_old != NULL);
    const uint32_t *o2n = r->old_to_new, *n2o = r->new_to_old;

    uint32_t matched = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t j = o2n[i];
        if (j == BXD_NONE) continue;
        matched++;
        FZ_CHECK(j < m && n2o[j] == i && a[i] == b[j]);
    }
    for (uint32_t j = 0; j < m; j++) {
        uint32_t i = n2o[j];
        FZ_CHECK(i == BXD_NONE || (i < n && o2n[i] == j));
    }
    FZ_CHECK(r->matched_count == matched);

    /* Maximal pairing, and in order of occurrence when asked. */
    fz_ranks(a, n, fz_s.sa, fz_s.ra);
    fz_ranks(b, m, fz_s.sb, fz_s.rb);
    if (in_order)
        for (uint32_t i = 0; i < n; i++)
            FZ_CHECK(o2n[i] == BXD_NONE || fz_s.ra[i] == fz_s.rb[o2n[i]]);
    {
        uint32_t x = 0, y = 0, expect = 0;
        while (x < n && y < m) {
            if (fz_s.sa[x].id < fz_s.sb[y].id) x++;
            else if (fz_s.sa[x].id > fz_s.sb[y].id) y++;
            else {
                expect++;
                x++;
                y++;
            }
        }
        FZ_CHECK(matched == expect);
    }

    /* Deletes, inserts: the unpaired indices, ascending. */
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        if (o2n[i] == BXD_NONE) {
            FZ_CHECK(k < r->delete_count && r->deletes[k] == i);
            k++;
        }
    FZ_CHECK(k == r->delete_count);
    k = 0;
    for (uint32_t j = 0; j < m; j++)
        if (n2o[j] == BXD_NONE) {
            FZ_CHECK(k < r->insert_count && r->inserts[k] == j);
            k++;
        }
    FZ_CHECK(k == r->insert_count);

    /* Moves: paired, ascending by old index, the rest increasing, and
     * minimal. */
    memset(fz_s.moved, 0, n);
    for (uint32_t t = 0; t < r->move_count; t++) {
        bxd_move_t mv = r->moves[t];
        FZ_CHECK(mv.from < n && o2n[mv.from] == mv.to);
        FZ_CHECK(t == 0 || r->moves[t - 1].from < mv.from);
        fz_s.moved[mv.from] = 1;
    }
    {
        uint32_t last = 0;
        int have = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (o2n[i] == BXD_NONE || fz_s.moved[i]) continue;
            FZ_CHECK(!have || o2n[i] > last);
            last = o2n[i];
            have = 1;
        }
    }
    FZ_CHECK(r->move_count == matched - ref_lis_length(n2o, m, fz_s.tails));

    /* Updates. */
    k = 0;
    if (contents)
        for (uint32_t i = 0; i < n; i++)
            if (o2n[i] != BXD_NONE && ca[i] != cb[o2n[i]]) {
                FZ_CHECK(k < r->update_count && r->updates[k] == i);
                k++;
            }
    FZ_CHECK(k == r->update_count);

    /* Stages. */
    const bxd_stage_t *s1 = NULL, *s2 = NULL, *s3 = NULL;
    FZ_CHECK(r->stage_count <= 3);
    int kind = 0;
    for (uint32_t s = 0; s < r->stage_count; s++) {
        const bxd_stage_t *st = &r->stages[s];
        FZ_CHECK((int)st->kind > kind);
        kind = (int)st->kind;
        FZ_CHECK(st->index_count + st->move_count > 0);
        if (st->kind == BXD_STAGE_UPDATE) s1 = st;
        else if (st->kind == BXD_STAGE_DELETE) s2 = st;
        else if (st->kind == BXD_STAGE_INSERT_MOVE) s3 = st;
        else FZ_CHECK(0);
        if (st->kind != BXD_STAGE_INSERT_MOVE) FZ_CHECK(st->move_count == 0);
    }
    FZ_CHECK((s1 != NULL) == (r->update_count > 0));
    FZ_CHECK((s2 != NULL) == (r->delete_count > 0));
    FZ_CHECK((s3 != NULL) == (r->insert_count + r->move_count > 0));

    /* Replay: (origin, content) per element. */
    uint32_t len = n;
    for (uint32_t i = 0; i < n; i++) {
        fz_s.org[i] = i;
        fz_s.con[i] = ca ? ca[i] : 0;
    }
    if (s1)
        for (uint32_t t = 0; t < s1->index_count; t++) {
            uint32_t i = s1->indices[t];
            FZ_CHECK(i < n && o2n[i] != BXD_NONE);
            FZ_CHECK(t == 0 || s1->indices[t - 1] < i);
            fz_s.con[i] = cb ? cb[o2n[i]] : 0;
        }
    if (s2) {
        uint32_t w = 0, t = 0;
        for (uint32_t i = 0; i < len; i++) {
            if (t < s2->index_count && s2->indices[t] == i) {
                t++;
                continue;
            }
            fz_s.org[w] = fz_s.org[i];
            fz_s.con[w++] = fz_s.con[i];
        }
        FZ_CHECK(t == s2->index_count);
        len = w;
    }
    memset(fz_s.used, 0, m);
    if (s3) {
        uint32_t w = 0, t = 0;
        for (uint32_t p = 0; p < len; p++) {
            if (t < s3->move_count && s3->moves[t].from == p) {
                uint32_t to = s3->moves[t].to;
                FZ_CHECK(to < m && !fz_s.used[to]);
                fz_s.used[to] = 1;
                fz_s.out_org[to] = fz_s.org[p];
                fz_s.out_con[to] = fz_s.con[p];
                t++;
                continue;
            }
            fz_s.org[w] = fz_s.org[p];
            fz_s.con[w++] = fz_s.con[p];
        }
        FZ_CHECK(t == s3->move_count);
        len = w;
        for (uint32_t q = 0; q < s3->index_count; q++) {
            uint32_t j = s3->indices[q];
            FZ_CHECK(j < m && !fz_s.used[j]);
            FZ_CHECK(q == 0 || s3->indices[q - 1] < j);
            fz_s.used[j] = 1;
            fz_s.out_org[j] = BXD_NONE;
            fz_s.out_con[j] = cb ? cb[j] : 0;
        }
    }
    uint32_t p = 0;
    for (uint32_t j = 0; j < m; j++) {
        if (fz_s.used[j]) continue;
        FZ_CHECK(p < len);
        fz_s.out_org[j] = fz_s.org[p];
        fz_s.out_con[j] = fz_s.con[p++];
    }
    FZ_CHECK(p == len);
    for (uint32_t j = 0; j < m; j++) {
        uint32_t i = fz_s.out_org[j];
        if (i == BXD_NONE) {
            FZ_CHECK(n2o[j] == BXD_NONE);
            continue;
        }
        FZ_CHECK(a[i] == b[j] && o2n[i] == j);
        if (contents) FZ_CHECK(fz_s.out_con[j] == cb[j]);
        else if (ca) FZ_CHECK(fz_s.out_con[j] == ca[i]);
    }
}

/* Checks a BXD_ERR_DUPLICATE result: the reported pair is the first repeat
 * (old list scanned first), and the result is otherwise empty. */
FZ_NOCOV static inline void fz_verify_duplicate(const bxd_list_t *ol, const bxd_list_t *nl,
                                const bxd_result_t *r) {
    FZ_CHECK(r->stage_count == 0 && r->matched_count == 0 &&
             r->old_count == 0 && r->move_count == 0);
    FZ_CHECK(r->duplicate_side == 0 || r->duplicate_side == 1);
    const bxd_list_t *lists[2] = {ol, nl};
    for (int side = 0; side < 2; side++) {
        const uint64_t *v = lists[side]->ids;
        uint32_t count = (uint32_t)lists[side]->count;
        /* First index that repeats an earlier one (sorted occurrences). */
        fz_ranks(v, count, fz_s.sa, fz_s.ra);
        uint32_t second = BXD_NONE;
        for (uint32_t i = 0; i < count && second == BXD_NONE; i++)
            if (fz_s.ra[i] == 1) second = i;
        if (second == BXD_NONE) {
            FZ_CHECK(r->duplicate_side != side);
            continue;
        }
        FZ_CHECK(r->duplicate_side == side);
        FZ_CHECK(r->duplicate_index == second);
        FZ_CHECK(r->duplicate_first_index < second &&
                 v[r->duplicate_first_index] == v[second]);
        uint32_t first = 0;
        while (v[first] != v[second]) first++;
        FZ_CHECK(r->duplicate_first_index == first);
        return;
    }
    FZ_CHECK(0); /* no duplicate at all, yet one was reported */
}

/* Does either list hold a duplicate id? */
FZ_NOCOV static inline int fz_has_duplicate(const bxd_list_t *ol, const bxd_list_t *nl) {
    const bxd_list_t *lists[2] = {ol, nl};
    for (int side = 0; side < 2; side++) {
        uint32_t count = (uint32_t)lists[side]->count;
        fz_ranks(lists[side]->ids, count, fz_s.sa, fz_s.ra);
        for (uint32_t i = 0; i < count; i++)
            if (fz_s.ra[i] != 0) return 1;
    }
    return 0;
}


/* ---- one fuzz input's diff session ---------------------------------------- */

/* The decoded lists, a workspace and a result on a counting allocator,
 * default options: what every target sets up per input. */
typedef struct fz_session {
    bxd_list_t old_list, new_list;
    fz_alloc_t counter;
    bxd_allocator_t allocator;
    bxd_workspace_t *ws;
    bxd_result_t result;
    bxd_options_t options;
} fz_session_t;

static inline void fz_begin(fz_session_t *f, const uint8_t *data, size_t size,
                            fz_input_t *input) {
    fz_decode(data, size, input);
    f->old_list = fz_old(input);
    f->new_list = fz_new(input);
    memset(&f->counter, 0, sizeof f->counter);
    f->allocator = fz_allocator(&f->counter);
    f->ws = NULL;
    FZ_CHECK(bxd_workspace_create(&f->allocator, &f->ws) == BXD_OK);
    bxd_result_init(&f->result);
    bxd_options_init(&f->options);
}

/* Frees the result (twice: must be safe) and the workspace; nothing may
 * be left allocated. */
static inline void fz_end(fz_session_t *f) {
    bxd_result_free(&f->result);
    bxd_result_free(&f->result);
    bxd_workspace_destroy(f->ws);
    FZ_CHECK(f->counter.outstanding == 0);
}

#endif /* BXD_FUZZ_COMMON_H */
