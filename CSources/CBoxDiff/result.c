/*
 * result.c - result objects, and the finishing step shared by every
 * algorithm: from the old->new / new->old maps, the deletes, inserts,
 * minimal moves and updates (the caller, bxd_diff, sets matched_count).
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
                               const bxd_span_t *span, bxd_result_t *result) {
    struct bxd_result_storage_ *st = result->storage_;
    const uint32_t n = (uint32_t)old_list->count;
    const uint32_t lo = span->prefix, ahi = span->old_end, bhi = span->new_end;
    const uint32_t *o2n = (const uint32_t *)st->old_to_new.data;
    const uint32_t *n2o = (const uint32_t *)st->new_to_old.data;
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
    }
    const uint32_t moves = middle_pairs - lis;

    uint32_t *del = NULL, *ins = NULL, *upd = NULL;
    bxd_move_t *mov = NULL, *smov = NULL;
    if ((s = reserve(st, &st->deletes, deletes, sizeof(uint32_t), (void **)&del)) ||
        (s = reserve(st, &st->inserts, inserts, sizeof(uint32_t), (void **)&ins)) ||
        (s = reserve(st, &st->updates, update_room, sizeof(uint32_t), (void **)&upd)) ||
        (s = reserve(st, &st->moves, moves, sizeof(bxd_move_t), (void **)&mov)) ||
        (s = reserve(st, &st->stage_moves, moves, sizeof(bxd_move_t), (void **)&smov)))
        return s;

    /* Fill, in old order: updates, deletes, moves (with their stage-3
     * source: the old index less the deletes before it). */
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
            smov[mv].from = i - d;
            smov[mv].to = j;
            mv++;
        }
    }
    if (contents && span->trimmed_updates > 0)
        for (uint32_t i = ahi, j = bhi; i < n; i++, j++)
            if (ca[i] != cb[j]) upd[u++] = i;
    uint32_t k = 0;
    for (uint32_t j = lo; j < bhi; j++)
        if (n2o[j] == BXD_NONE) ins[k++] = j;
    const uint32_t updates = u;
    BXD_ASSERT(d == deletes && mv == moves && k == inserts);

    result->deletes = del;
    result->delete_count = deletes;
    result->inserts = ins;
    result->insert_count = inserts;
    result->moves = mov;
    result->move_count = moves;
    result->updates = upd;
    result->update_count = updates;

    /* The flat stages: updates; deletes; inserts + moves. */
    uint32_t sc = 0;
    if (updates > 0) {
        result->stages[sc++] = (bxd_stage_t){BXD_STAGE_UPDATE, upd, updates, NULL, 0};
    }
    if (deletes > 0) {
        result->stages[sc++] = (bxd_stage_t){BXD_STAGE_DELETE, del, deletes, NULL, 0};
    }
    if (inserts > 0 || moves > 0) {
        result->stages[sc++] = (bxd_stage_t){BXD_STAGE_INSERT_MOVE, ins, inserts, smov, moves};
    }
    result->stage_count = sc;
    return BXD_OK;
}
