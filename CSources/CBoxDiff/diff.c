/*
 * diff.c - the entry point: argument checks, buffers, algorithm dispatch.
 */
#include "internal.h"

/* Empties the visible part of a result, keeping its storage. */
static void clear_result(bxd_result_t *r) {
    struct bxd_result_storage_ *storage = r->storage_;
    bxd_result_init(r);
    r->storage_ = storage;
}

static bxd_status_t check_list(const bxd_list_t *list) {
    if (list == NULL) return BXD_ERR_INVALID_ARGUMENT;
    if (list->count > BXD_MAX_COUNT) return BXD_ERR_TOO_LARGE;
    if (list->count > 0 && list->ids == NULL) return BXD_ERR_INVALID_ARGUMENT;
    return BXD_OK;
}

bxd_status_t bxd_diff(bxd_workspace_t *workspace, const bxd_list_t *old_list,
                      const bxd_list_t *new_list, const bxd_options_t *options,
                      bxd_result_t *result) {
    if (result == NULL) return BXD_ERR_INVALID_ARGUMENT;
    clear_result(result);
    bxd_status_t s;
    if ((s = check_list(old_list)) != BXD_OK) return s;
    if ((s = check_list(new_list)) != BXD_OK) return s;
    bxd_options_t defaults;
    bxd_options_init(&defaults);
    if (options == NULL) options = &defaults;
    if (options->algorithm != BXD_ALGORITHM_HECKEL &&
        options->algorithm != BXD_ALGORITHM_LCS)
        return BXD_ERR_INVALID_ARGUMENT;
    if ((options->flags & ~(uint32_t)(BXD_FLAG_REJECT_DUPLICATES | BXD_FLAG_PAIRS_ONLY)) != 0)
        return BXD_ERR_INVALID_ARGUMENT;
    /* LCS's class numbers are 32-bit and count the distinct ids of both
     * lists together: refuse before reading any id. (Both counts are at
     * most BXD_MAX_COUNT here, so the subtraction cannot wrap.) */
    if (options->algorithm == BXD_ALGORITHM_LCS &&
        old_list->count > BXD_MAX_LCS_TOTAL_COUNT - new_list->count)
        return BXD_ERR_TOO_LARGE;

    bxd_workspace_t *ws = workspace;
    if (ws == NULL && (s = bxd_workspace_create(NULL, &ws)) != BXD_OK) return s;
    if (bxd_cancelled(ws)) {
        s = BXD_ERR_CANCELLED;
        goto done;
    }

    struct bxd_result_storage_ *st = result->storage_;
    if (st == NULL) {
        st = (struct bxd_result_storage_ *)ws->allocator.allocate(
            ws->allocator.context, sizeof *st);
        if (st == NULL) {
            s = BXD_ERR_NO_MEMORY;
            goto done;
        }
        memset(st, 0, sizeof *st);
        st->allocator = ws->allocator;
        result->storage_ = st;
    }
    if ((s = bxd_buffer_reserve(&st->allocator, &st->old_to_new,
                                old_list->count, sizeof(uint32_t))) != BXD_OK ||
        (s = bxd_buffer_reserve(&st->allocator, &st->new_to_old,
                                new_list->count, sizeof(uint32_t))) != BXD_OK)
        goto done;
    bxd_pairing_t pairing;
    memset(&pairing, 0, sizeof pairing);
    pairing.old_to_new = (uint32_t *)st->old_to_new.data;
    pairing.new_to_old = (uint32_t *)st->new_to_old.data;
    if (options->algorithm == BXD_ALGORITHM_HECKEL) {
        s = bxd_heckel_pair(ws, old_list, new_list, options->flags, &pairing);
    } else {
        uint64_t bound = options->lcs_cost_bound ? options->lcs_cost_bound
                                                 : BXD_DEFAULT_LCS_COST_BOUND;
        s = bxd_lcs_pair(ws, old_list, new_list, options->flags, bound,
                         &pairing);
    }
    if (s == BXD_ERR_DUPLICATE) {
        result->duplicate_side = pairing.duplicate_side;
        result->duplicate_first_index = pairing.duplicate_first;
        result->duplicate_index = pairing.duplicate_second;
    }
    if (s != BXD_OK) goto done;
    if (bxd_cancelled(ws)) {
        s = BXD_ERR_CANCELLED;
        goto done;
    }
    if (!(options->flags & BXD_FLAG_PAIRS_ONLY)) {
        s = bxd_result_finish(ws, old_list, new_list, &pairing, result);
        if (s != BXD_OK) goto done;
    }
    /* Every pair lies in the trimmed prefix, the trimmed suffix or the
     * middle: the prefix and suffix pair all their elements. */
    const bxd_span_t *span = &pairing.span;
    result->matched_count = (uint32_t)old_list->count -
                            ((span->old_end - span->prefix) - span->middle_pairs);
    result->old_count = (uint32_t)old_list->count;
    result->new_count = (uint32_t)new_list->count;
    result->old_to_new = pairing.old_to_new;
    result->new_to_old = pairing.new_to_old;
    result->minimal = pairing.minimal;

done:
    /* On any error the result holds no changes; a duplicate still says
     * where it is (set above, before anything else was written). */
    if (s != BXD_OK && s != BXD_ERR_DUPLICATE) clear_result(result);
    if (workspace == NULL) bxd_workspace_destroy(ws);
    return s;
}
