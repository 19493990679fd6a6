/*
 * internal.h - private declarations shared by the C core's files.
 *
 * Every function declared here, in workspace.h and in hash_table.h is
 * BXD_HIDDEN (visibility.h): only the BXD_API functions of CBoxDiff.h
 * leave a shared library. The data flow of
 * one diff (diff.c): a pairing algorithm (heckel.c, or lcs.c over
 * myers.c; both start with trim.c and use the tables of hash_table.c)
 * fills a bxd_pairing_t; result.c turns it into the change lists (with
 * moves.c's LIS for minimal moves) and stage.c into the stages.
 */
#ifndef BXD_INTERNAL_H
#define BXD_INTERNAL_H

#include "CBoxDiff.h"
#include "visibility.h"
#include "workspace.h"
#include "hash_table.h"

#include <stdbool.h>
#include <string.h>

#ifdef NDEBUG
#define BXD_ASSERT(x) ((void)0)
#else
#include <assert.h>
#define BXD_ASSERT(x) assert(x)
#endif

/* ---- pairing ----------------------------------------------------------- */

/* Where a pairing lies: old[0, prefix) paired with new[0, prefix) in
 * place; old[old_end, n) with new[new_end, m) in place; the middle
 * old[prefix, old_end) / new[prefix, new_end) paired anyhow.
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

/* The output of a pairing algorithm (its own, not the public result):
 * bxd_diff points old_to_new / new_to_old at the result's buffers (old
 * count and new count entries), the algorithm fills them for the whole
 * lists (BXD_NONE where unpaired) and sets the rest. */
typedef struct bxd_pairing {
    uint32_t *old_to_new;
    uint32_t *new_to_old;
    bxd_span_t span;
    /* 1 when the pairing is optimal (LCS: 0 when the cost bound cut a
     * search short; Heckel: always 1). */
    int minimal;
    /* On BXD_ERR_DUPLICATE: the side (0 old, 1 new) and the indices of the
     * first and the second occurrence. */
    int duplicate_side;
    uint32_t duplicate_first;
    uint32_t duplicate_second;
} bxd_pairing_t;

/* Records a duplicate in the pairing; returns BXD_ERR_DUPLICATE. */
static inline bxd_status_t bxd_report_duplicate(bxd_pairing_t *pairing,
                                                int side, uint32_t first,
                                                uint32_t second) {
    pairing->duplicate_side = side;
    pairing->duplicate_first = first;
    pairing->duplicate_second = second;
    return BXD_ERR_DUPLICATE;
}

/* Hashed Heckel (heckel.c). With BXD_FLAG_REJECT_DUPLICATES, nothing is
 * trimmed and the first repeated id stops it. */
BXD_HIDDEN bxd_status_t bxd_heckel_pair(bxd_workspace_t *ws,
                                        const bxd_list_t *old_list,
                                        const bxd_list_t *new_list,
                                        uint32_t flags, bxd_pairing_t *out);

/* A middle for bxd_group_pair: old a[lo, old_end) and new b[lo, new_end),
 * the suffix a[old_end, n) (its ids in `suffix`, or NULL: see heckel.c),
 * and what comes out. */
typedef struct bxd_group_span {
    const uint64_t *a, *b;
    uint32_t n, lo, old_end, new_end;
    uint32_t *old_to_new, *new_to_old;
    const bxd_table_t *suffix;
    bool suffix_hit; /* out: a suffix id was left unpaired in the middle */
    uint32_t pairs;  /* out: pairs made */
} bxd_group_span_t;

/* Pairs a large middle with no repeated old id through a table of slot
 * groups (group_table.c); sets *duplicate instead, having paired nothing,
 * when an old id repeats. BXD_OK or BXD_ERR_NO_MEMORY / BXD_ERR_TOO_LARGE
 * / BXD_ERR_CANCELLED. */
BXD_HIDDEN bxd_status_t bxd_group_pair(bxd_workspace_t *ws,
                                       bxd_group_span_t *span,
                                       bool *duplicate);

/* LCS pairing (lcs.c): trim, classify, Myers, then pair what is left in
 * order of occurrence. */
BXD_HIDDEN bxd_status_t bxd_lcs_pair(bxd_workspace_t *ws,
                                     const bxd_list_t *old_list,
                                     const bxd_list_t *new_list,
                                     uint32_t flags, uint64_t cost_bound,
                                     bxd_pairing_t *out);

/* Trims the common prefix and suffix (ids equal), pairing them in place in
 * the maps and counting their content changes into span (middle_pairs 0).
 * (trim.c) */
BXD_HIDDEN void bxd_trim(const bxd_list_t *old_list,
                         const bxd_list_t *new_list, uint32_t *old_to_new,
                         uint32_t *new_to_old, bxd_span_t *span);

/*
 * Myers' O((N+M)D) LCS in linear space (myers.c) over dense class numbers.
 * Pairs a[i] with b[j] (a_to_b[i] = j, b_to_a[j] = i) for one common
 * subsequence; all other entries are set to BXD_NONE. Both arrays must be
 * allocated by the caller (n and m entries). Past `cost_bound` diagonals in
 * one middle-snake search, the split is chosen heuristically; *minimal is
 * then 0, else 1. Uses BXD_WS_MYERS_V and BXD_WS_MYERS_STACK.
 */
BXD_HIDDEN bxd_status_t bxd_myers(bxd_workspace_t *ws, const uint32_t *a,
                                  uint32_t n, const uint32_t *b, uint32_t m,
                                  uint64_t cost_bound, uint32_t *a_to_b,
                                  uint32_t *b_to_a, int *minimal);

/* Longest strictly increasing subsequence of values[0, count) (skipping
 * BXD_NONE) (moves.c): sets keep[p] = 1 for the positions on it, 0 for the
 * others, and *length. `keep` has count bytes. Uses BXD_WS_TABLE (the
 * pairing's table is dead by then). */
BXD_HIDDEN bxd_status_t bxd_lis(bxd_workspace_t *ws, const uint32_t *values,
                                uint32_t count, uint8_t *keep,
                                uint32_t *length);

/* ---- result ------------------------------------------------------------ */

/* The buffers a result owns (result.c frees them). */
struct bxd_result_storage_ {
    bxd_allocator_t allocator;
    bxd_buffer_t old_to_new, new_to_old, deletes, inserts, moves, updates,
        stage_moves;
};

/* Fills the result's deletes, inserts, minimal moves and updates from the
 * pairing (result.c), then its stages (bxd_stages_build). */
BXD_HIDDEN bxd_status_t bxd_result_finish(bxd_workspace_t *ws,
                                          const bxd_list_t *old_list,
                                          const bxd_list_t *new_list,
                                          const bxd_pairing_t *pairing,
                                          bxd_result_t *result);

/* The flat staged changeset (stage.c): from the result's updates, deletes,
 * inserts and moves, its stages (stage-3 move sources in the list as it
 * stands after the deletes, in the storage's stage_moves). */
BXD_HIDDEN bxd_status_t bxd_stages_build(bxd_result_t *result);

#endif /* BXD_INTERNAL_H */
