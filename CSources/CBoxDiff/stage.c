/*
 * stage.c - the flat staged changeset: updates; deletes; inserts and moves.
 *
 * Built from the result's change lists (result.c). Stage 1 (updates, old
 * indices) and stage 2 (deletes, old indices) share those lists; stage 3
 * gives each move's source in the list as it stands after stage 2 (its
 * old index less the deletes before it), held in the storage's
 * stage_moves, beside the inserts (new indices).
 */
#include "internal.h"

bxd_status_t bxd_stages_build(bxd_result_t *result) {
    struct bxd_result_storage_ *st = result->storage_;
    const uint32_t moves = result->move_count;
    const uint32_t deletes = result->delete_count;
    bxd_status_t s = bxd_buffer_reserve(&st->allocator, &st->stage_moves,
                                        moves, sizeof(bxd_move_t));
    if (s != BXD_OK) return s;
    bxd_move_t *smov = (bxd_move_t *)st->stage_moves.data;

    /* Moves and deletes are both ascending by old index: one merge. */
    const uint32_t *del = result->deletes;
    uint32_t d = 0;
    for (uint32_t k = 0; k < moves; k++) {
        const uint32_t from = result->moves[k].from;
        while (d < deletes && del[d] < from) d++;
        smov[k].from = from - d;
        smov[k].to = result->moves[k].to;
    }

    uint32_t sc = 0;
    if (result->update_count > 0)
        result->stages[sc++] = (bxd_stage_t){BXD_STAGE_UPDATE, result->updates,
                                             result->update_count, NULL, 0};
    if (deletes > 0)
        result->stages[sc++] = (bxd_stage_t){BXD_STAGE_DELETE, del, deletes,
                                             NULL, 0};
    if (result->insert_count > 0 || moves > 0)
        result->stages[sc++] = (bxd_stage_t){BXD_STAGE_INSERT_MOVE,
                                             result->inserts,
                                             result->insert_count, smov, moves};
    result->stage_count = sc;
    return BXD_OK;
}
