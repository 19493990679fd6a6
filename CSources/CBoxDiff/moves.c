/*
 * moves.c - minimal moves: one longest strictly increasing subsequence
 * (patience sorting, O(k log k)).
 *
 * Of the paired elements, those on an LIS of their old indices (read in new
 * order) keep their relative order; only the others need to move, and no
 * smaller set of moves can turn the old order into the new one.
 */
#include "internal.h"

bxd_status_t bxd_lis(bxd_workspace_t *ws, const uint32_t *values,
                     uint32_t count, uint8_t *keep, uint32_t *length) {
    *length = 0;
    if (count == 0) return BXD_OK;
    /* The hash table is dead once pairing is done: its buffer holds the
     * tails here (no new memory for a diff that already built a table). */
    bxd_status_t st = bxd_ws_reserve(ws, BXD_WS_TABLE, count,
                                     2 * sizeof(uint32_t));
    if (st != BXD_OK) {
        memset(keep, 0, count);
        return st;
    }
    /* tailv[l]: the smallest value ending an increasing subsequence of
     * length l + 1 so far. ending[p]: the length of the longest one ending
     * at p (0 for an unpaired p). */
    uint32_t *tailv = (uint32_t *)ws->buffers[BXD_WS_TABLE].data;
    uint32_t *ending = tailv + count;
    uint32_t len = 0;
    for (uint32_t p = 0; p < count; p++) {
        uint32_t v = values[p];
        if (v == BXD_NONE) {
            ending[p] = 0;
            continue;
        }
        /* Fast path: most pairs extend the longest run. */
        if (len == 0 || tailv[len - 1] < v) {
            tailv[len++] = v;
            ending[p] = len;
            continue;
        }
        /* First l with tailv[l] >= v. Second fast path: right after an
         * element moved far ahead, the next one replaces the last tail. */
        uint32_t lo;
        if (len == 1) {
            lo = 0;
        } else if (tailv[len - 2] < v) {
            lo = len - 1;
        } else {
            uint32_t hi = len - 2;
            lo = 0;
            while (lo < hi) {
                uint32_t mid = lo + (hi - lo) / 2;
                if (tailv[mid] < v) lo = mid + 1;
                else hi = mid;
            }
        }
        tailv[lo] = v;
        ending[p] = lo + 1;
    }
    /* A look at the cancel flag once the runs are known (not per chunk: a
     * Box diff runs one LIS per section, and a chunked loop cost each call
     * 17 instructions). */
    if (bxd_cancelled(ws)) {
        memset(keep, 0, count);
        return BXD_ERR_CANCELLED;
    }
    /* One subsequence, read backwards: the last position ending a run of
     * `want`, then the last one before it ending a run of want - 1, and so
     * on. That earlier position's value is smaller: when the later one was
     * placed, it was the latest to end a run of want - 1, and its value was
     * below the later one's. (These are the positions the predecessor links
     * of patience sorting would give, found by a sequential scan instead of
     * a chain of dependent loads.) */
    uint32_t want = len;
    uint32_t p = count;
    while (want != 0) {
        /* Four kept in a row (the usual case: a run of pairs in order),
         * tested with no dependency from one position to the next. */
        if (want >= 4 && p >= 4 && ending[p - 1] == want &&
            ending[p - 2] == want - 1 && ending[p - 3] == want - 2 &&
            ending[p - 4] == want - 3) {
            p -= 4;
            memset(keep + p, 1, 4);
            want -= 4;
            continue;
        }
        p--;
        uint8_t hit = ending[p] == want;
        keep[p] = hit;
        want -= hit;
    }
    /* The scan wrote keep[p, count); nothing before p is on it. */
    memset(keep, 0, p);
    *length = len;
    return BXD_OK;
}

bxd_status_t bxd_lis_mark(bxd_workspace_t *workspace, const uint32_t *values,
                          size_t count, uint8_t *keep, uint32_t *length) {
    if (length != NULL) *length = 0;
    if (count > 0 && (values == NULL || keep == NULL))
        return BXD_ERR_INVALID_ARGUMENT;
    if (count > BXD_MAX_COUNT) return BXD_ERR_TOO_LARGE;
    bxd_workspace_t *ws = workspace;
    bxd_status_t st = BXD_OK;
    if (ws == NULL) {
        st = bxd_workspace_create(NULL, &ws);
        if (st != BXD_OK) {
            /* Outputs empty, as when bxd_lis's own scratch fails. */
            if (count > 0) memset(keep, 0, count);
            return st;
        }
    }
    uint32_t len = 0;
    st = bxd_lis(ws, values, (uint32_t)count, keep, &len);
    if (st == BXD_OK && length != NULL) *length = len;
    if (workspace == NULL) bxd_workspace_destroy(ws);
    return st;
}
