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
 * list first) and a duplicate-free pair must diff normally.
 */
#include "fuzz_common.h"

static fz_input_t input;
static uint32_t first_o2n[FZ_MAX], first_moves;

static bxd_status_t run(bxd_workspace_t *ws, const bxd_list_t *ol,
                        const bxd_list_t *nl, const bxd_options_t *o,
                        bxd_result_t *r, int has_duplicate) {
    bxd_status_t s = bxd_diff(ws, ol, nl, o, r);
    if (has_duplicate) {
        FZ_CHECK(s == BXD_ERR_DUPLICATE);
        fz_verify_duplicate(ol, nl, r);
    } else {
        FZ_CHECK(s == BXD_OK);
        fz_verify(ol, nl, r, o->algorithm == BXD_ALGORITHM_HECKEL);
        if (o->algorithm == BXD_ALGORITHM_HECKEL) FZ_CHECK(r->minimal == 1);
    }
    return s;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_decode(data, size, &input);
    bxd_list_t ol = fz_old(&input), nl = fz_new(&input);
    fz_alloc_t counter = {0, 0};
    bxd_allocator_t allocator = fz_allocator(&counter);
    bxd_workspace_t *ws = NULL;
    FZ_CHECK(bxd_workspace_create(&allocator, &ws) == BXD_OK);
    bxd_result_t r;
    bxd_result_init(&r);

    bxd_options_t o;
    bxd_options_init(&o);
    o.algorithm = (input.option & 1) ? BXD_ALGORITHM_LCS : BXD_ALGORITHM_HECKEL;
    if (input.option & 2) o.flags = BXD_FLAG_REJECT_DUPLICATES;
    if (input.option & 4) o.lcs_cost_bound = 2;
    const int dup = (o.flags & BXD_FLAG_REJECT_DUPLICATES) && fz_has_duplicate(&ol, &nl);

    if (input.option & 8) {
        /* A stale diff in the result first (reverse, default options). */
        FZ_CHECK(bxd_diff(ws, &nl, &ol, NULL, &r) == BXD_OK);
        fz_verify(&nl, &ol, &r, 1);
    }
    bxd_status_t s = run(ws, &ol, &nl, &o, &r, dup);
    if (s == BXD_OK) {
        memcpy(first_o2n, r.old_to_new, ol.count * sizeof(uint32_t));
        first_moves = r.move_count;
    }
    run(ws, &nl, &ol, &o, &r, dup);
    const unsigned long before = counter.allocations;
    s = run(ws, &ol, &nl, &o, &r, dup);
    FZ_CHECK(counter.allocations == before);
    if (s == BXD_OK) {
        FZ_CHECK(ol.count == 0 ||
                 memcmp(first_o2n, r.old_to_new, ol.count * sizeof(uint32_t)) == 0);
        FZ_CHECK(first_moves == r.move_count);
    }
    bxd_result_free(&r);
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    FZ_CHECK(counter.outstanding == 0);
    return 0;
}
