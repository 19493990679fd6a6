/*
 * fuzz_stages.c - libFuzzer target: options, workspace reuse and reject
 * mode.
 *
 * Option bits (fuzz_common.h, byte 1 bits 4-7): bit 0 algorithm (LCS when
 * set), bit 1 BXD_FLAG_REJECT_DUPLICATES, bit 2 a tiny LCS cost bound,
 * bit 3 diff into a result that already holds another diff.
 * One workspace and one result serve three diffs: old -> new, new -> old,
 * then old -> new again, which must allocate nothing (every buffer is
 * already large enough) and give the same answer as the first time. In
 * reject mode, a duplicate must be reported exactly (first repeat, old
 * list first) and a duplicate-free pair must diff normally. A fourth diff
 * with BXD_FLAG_PAIRS_ONLY must give the same pairing, no change lists,
 * and allocate nothing.
 */
#include "fuzz_common.h"

static fz_input_t input;
static uint32_t first_o2n[FZ_MAX], first_moves;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_session_t f;
    fz_begin(&f, data, size, &input);
    bxd_list_t ol = f.old_list, nl = f.new_list;
    bxd_workspace_t *ws = f.ws;
    bxd_options_t o = f.options;
    o.algorithm = (input.option & 1) ? BXD_ALGORITHM_LCS : BXD_ALGORITHM_HECKEL;
    if (input.option & 2) o.flags = BXD_FLAG_REJECT_DUPLICATES;
    if (input.option & 4) o.lcs_cost_bound = 2;
    const int dup = (o.flags & BXD_FLAG_REJECT_DUPLICATES) && verify_has_duplicate(&ol, &nl);

    if (input.option & 8) {
        /* A stale diff in the result first (reverse, default options). */
        fz_diff_checked(ws, &nl, &ol, NULL, &f.result, 0);
    }
    bxd_status_t s = fz_diff_checked(ws, &ol, &nl, &o, &f.result, dup);
    if (s == BXD_OK) {
        memcpy(first_o2n, f.result.old_to_new, ol.count * sizeof(uint32_t));
        first_moves = f.result.move_count;
    }
    fz_diff_checked(ws, &nl, &ol, &o, &f.result, dup);
    const unsigned long before = f.counter.allocations;
    s = fz_diff_checked(ws, &ol, &nl, &o, &f.result, dup);
    FZ_CHECK(f.counter.allocations == before);
    if (s == BXD_OK) {
        FZ_CHECK(ol.count == 0 ||
                 memcmp(first_o2n, f.result.old_to_new, ol.count * sizeof(uint32_t)) == 0);
        FZ_CHECK(first_moves == f.result.move_count);
    }
    /* Pairs only: the same pairing, no change lists, nothing allocated. */
    bxd_options_t po = o;
    po.flags |= BXD_FLAG_PAIRS_ONLY;
    const uint32_t matched = f.result.matched_count;
    const bxd_status_t ps = fz_diff_checked(ws, &ol, &nl, &po, &f.result, dup);
    FZ_CHECK(ps == s && f.counter.allocations == before);
    if (ps == BXD_OK) {
        FZ_CHECK(ol.count == 0 ||
                 memcmp(first_o2n, f.result.old_to_new, ol.count * sizeof(uint32_t)) == 0);
        FZ_CHECK(f.result.matched_count == matched);
    }
    fz_end(&f);
    return 0;
}
