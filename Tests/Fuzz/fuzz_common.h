/*
 * fuzz_common.h - shared input decoding for the libFuzzer targets
 * (fuzz_heckel.c, fuzz_lcs.c, fuzz_stages.c use the decoder below;
 * fuzz_reuse.c has its own compact decoder for long lists). Results are
 * checked by the C tests' verifier (../CTests/verify.h), memory by their
 * counting allocator (../CTests/counting_alloc.h).
 *
 * FZ_MAX (elements per list) may be defined before including this file;
 * it defaults to 1,500.
 *
 * Any violated invariant calls __builtin_trap() (FZ_CHECK, FZ_VERIFY), so
 * a wrong answer is a crash that libFuzzer keeps as an artifact.
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

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FZ_CHECK(cond)                                                       \
    do {                                                                     \
        if (!(cond)) __builtin_trap();                                       \
    } while (0)

/* The verifier is not instrumented for coverage: its branches would only
 * add noise to libFuzzer's feedback, and the tracing of its sort would
 * dominate executions on long lists. */
#if defined(__clang__)
#define FZ_NOCOV __attribute__((no_sanitize("coverage")))
#else
#define FZ_NOCOV
#endif
#define VERIFY_FN FZ_NOCOV static inline

#include "../CTests/counting_alloc.h"
#include "../CTests/reference.h"
#include "../CTests/rng.h"
#include "../CTests/verify.h"

/* A verify.h answer that must be NULL: prints the failed check and traps. */
#define FZ_VERIFY(call)                                                      \
    do {                                                                     \
        const char *fz_failure_ = (call);                                    \
        if (fz_failure_ != NULL) {                                           \
            fprintf(stderr, "%s\n", fz_failure_);                            \
            __builtin_trap();                                                \
        }                                                                    \
    } while (0)

#ifndef FZ_MAX
#define FZ_MAX 1500 /* elements per list: keeps LCS executions fast */
#endif

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

/* ---- one fuzz input's diff session ---------------------------------------- */

/* The decoded lists, a workspace and a result on a counting allocator,
 * default options: what every target sets up per input. */
typedef struct fz_session {
    bxd_list_t old_list, new_list;
    counting_alloc_t counter;
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
    f->allocator = counting_allocator(&f->counter);
    f->ws = NULL;
    FZ_CHECK(bxd_workspace_create(&f->allocator, &f->ws) == BXD_OK);
    bxd_result_init(&f->result);
    bxd_options_init(&f->options);
}

/* Frees the result (twice: must be safe) and the workspace; nothing may
 * be left allocated, and the core may not misuse the allocator. */
static inline void fz_end(fz_session_t *f) {
    bxd_result_free(&f->result);
    bxd_result_free(&f->result);
    bxd_workspace_destroy(f->ws);
    FZ_CHECK(counting_alloc_settled(&f->counter));
}

/* One diff, checked: BXD_ERR_DUPLICATE with the first repeat reported
 * when `dup`, else BXD_OK with a verified result (pairs only: the pairing
 * and no change lists); Heckel is always minimal. Returns the status. */
FZ_NOCOV static inline bxd_status_t fz_diff_checked(bxd_workspace_t *ws,
                                                    const bxd_list_t *ol,
                                                    const bxd_list_t *nl,
                                                    const bxd_options_t *o,
                                                    bxd_result_t *r, int dup) {
    const bxd_status_t s = bxd_diff(ws, ol, nl, o, r);
    const int heckel = o == NULL || o->algorithm == BXD_ALGORITHM_HECKEL;
    if (dup) {
        FZ_CHECK(s == BXD_ERR_DUPLICATE);
        FZ_VERIFY(verify_duplicate(ol, nl, r));
        return s;
    }
    FZ_CHECK(s == BXD_OK);
    if (o != NULL && (o->flags & BXD_FLAG_PAIRS_ONLY))
        FZ_VERIFY(verify_pairs_only(ol, nl, r, heckel));
    else
        FZ_VERIFY(verify_result(ol, nl, r, heckel));
    if (heckel) FZ_CHECK(r->minimal == 1);
    return s;
}

#endif /* BXD_FUZZ_COMMON_H */
