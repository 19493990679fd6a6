/*
 * result.c - result objects, and the finishing step shared by every
 * algorithm: from the pairing's maps, the deletes, inserts, minimal moves
 * and updates; stage.c then builds the stages from them. (bxd_diff sets
 * the counts, the maps, matched_count and minimal.)
 */
#include "internal.h"

void bxd_result_init(bxd_result_t *result) {
    if (result == NULL) return;
    memset(result, 0, sizeof *result);
    result->minimal = 1;
}

void bxd_result_free(bxd_result_t *result) {
    if (result == NULL) return;
    struct bxd_result_storage_ *st = result->storage_;
    if (st != NULL) {
        bxd_allocator_t a = st->allocator;
        bxd_buffer_release(&a, &st->old_to_new);
        bxd_buffer_release(&a, &st->new_to_old);
        bxd_buffer_release(&a, &st->deletes);
        bxd_buffer_release(&a, &st->inserts);
        bxd_buffer_release(&a, &st->moves);
        bxd_buffer_release(&a, &st->updates);
        bxd_buffer_release(&a, &st->stage_moves);
        a.deallocate(a.context, st, sizeof *st);
    }
    bxd_result_init(result);
}

/* Reserves `count` elements of `size` in a storage buffer and returns it. */
static bxd_status_t reserve(struct bxd_result_storage_ *st, bxd_buffer_t *buffer,
                            size_t count, size_t size, void **out) {
    bxd_status_t s = bxd_buffer_reserve(&st->allocator, buffer, count, size);
    *out = buffer->data;
    return s;
}

bxd_status_t bxd_result_finish(bxd_workspace_t *ws, const bxd_list_t *old_list,
                               const bxd_list_t *new_list,
                               const bxd_pairing_t *pairing,
                               bxd_result_t *result) {
    struct bxd_result_storage_ *st = result->storage_;
    const bxd_span_t *span = &pairing->span;
    const uint32_t n = (uint32_t)old_list->count;
    const uint32_t lo = span->prefix, ahi = span->old_end, bhi = span->new_end;
    const uint32_t *o2n = pairing->old_to_new;
    const uint32_t *n2o = pairing->new_to_old;
    const uint64_t *ca = old_list->contents, *cb = new_list->contents;
    const bool contents = ca != NULL && cb != NULL;
    bxd_status_t s;

    /* Counts from the pairing: no pass needed. Updates are not counted
     * ahead; their buffer has room for every pair and is filled below. */
    const uint32_t middle_pairs = span->middle_pairs;
    const uint32_t deletes = (ahi - lo) - middle_pairs;
    const uint32_t inserts = (bhi - lo) - middle_pairs;
    const uint32_t update_room = contents ? span->trimmed_updates + middle_pairs : 0;

    /* Minimal moves: pairs of the middle off one LIS (the trimmed prefix
     * and suffix lie below and above every middle pair, so they are on it). */
    uint32_t lis = 0;
    uint8_t *keep = NULL;
    if (middle_pairs > 0) {
        s = bxd_ws_reserve(ws, BXD_WS_KEEP, bhi - lo, 1);
        if (s != BXD_OK) return s;
        keep = (uint8_t *)ws->buffers[BXD_WS_KEEP].data;
        s = bxd_lis(ws, n2o + lo, bhi - lo, keep, &lis);
        if (s != BXD_OK) return s;
        if (bxd_cancelled(ws)) return BXD_ERR_CANCELLED;
    }
    const uint32_t moves = middle_pairs - lis;

    uint32_t *del = NULL, *ins = NULL, *upd = NULL;
    bxd_move_t *mov = NULL;
    if ((s = reserve(st, &st->deletes, deletes, sizeof(uint32_t), (void **)&del)) ||
        (s = reserve(st, &st->inserts, inserts, sizeof(uint32_t), (void **)&ins)) ||
        (s = reserve(st, &st->updates, update_room, sizeof(uint32_t), (void **)&upd)) ||
        (s = reserve(st, &st->moves, moves, sizeof(bxd_move_t), (void **)&mov)))
        return s;

    /* Fill, in old order: updates, deletes, moves. */
    uint32_t u = 0, d = 0, mv = 0;
    if (contents && span->trimmed_updates > 0)
        for (uint32_t i = 0; i < lo; i++)
            if (ca[i] != cb[i]) upd[u++] = i;
    for (uint32_t i = lo; i < ahi; i++) {
        uint32_t j = o2n[i];
        if (j == BXD_NONE) {
            del[d++] = i;
            continue;
        }
        if (contents && ca[i] != cb[j]) upd[u++] = i;
        if (keep != NULL && !keep[j - lo]) {
            mov[mv].from = i;
            mov[mv].to = j;
            mv++;
        }
    }
    if (contents && span->trimmed_updates > 0)
        for (uint32_t i = ahi, j = bhi; i < n; i++, j++)
            if (ca[i] != cb[j]) upd[u++] = i;
    uint32_t k = 0;
    for (uint32_t j = lo; j < bhi; j++)
        if (n2o[j] == BXD_NONE) ins[k++] = j;
    BXD_ASSERT(d == deletes && mv == moves && k == inserts);

    result->deletes = del;
    result->delete_count = deletes;
    result->inserts = ins;
    result->insert_count = inserts;
    result->moves = mov;
    result->move_count = moves;
    result->updates = upd;
    result->update_count = u;
    return bxd_stages_build(result);
}
