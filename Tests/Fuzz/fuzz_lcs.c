/*
 * fuzz_lcs.c - libFuzzer target: LCS pairing (Myers in linear space).
 *
 * Decodes two lists (fuzz_common.h) and diffs them with
 * BXD_ALGORITHM_LCS, with the default cost bound or, when option bit 1 is
 * set, a tiny one (1 + bits 2-3) that forces the heuristic splits, or,
 * when bit 1 is clear and bits 2-3 are both set, a bound of 100: above
 * the work budget's fallback of 32 steps and small enough that the budget
 * (2 * 100^2 + 32 per element) runs out on shuffled lists of these sizes
 * (1,500 a side: 136,000 visits against 116,000), so the searches past
 * it are cut sooner than the bound (myers.c, step 5). Checks
 * every invariant (replay, partition, inverse maps, minimal moves for the
 * pairing), and on small inputs compares the common subsequence kept in
 * place (matched - moves) with a plain DP LCS: never longer, and equal
 * when the result says it is minimal.
 */
#include "fuzz_common.h"

static fz_input_t input;

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    fz_session_t f;
    fz_begin(&f, data, size, &input);
    const bxd_list_t *ol = &f.old_list, *nl = &f.new_list;
    bxd_result_t *r = &f.result;
    f.options.algorithm = BXD_ALGORITHM_LCS;
    const int budget_mode = !(input.option & 2) && ((input.option >> 2) & 3u) == 3u;
    if (input.option & 2) f.options.lcs_cost_bound = 1u + ((input.option >> 2) & 3u);
    else if (budget_mode) f.options.lcs_cost_bound = 100u;
    else if (input.option & 1) f.options.lcs_cost_bound = 0; /* 0 means the default */
    fz_diff_checked(f.ws, ol, nl, &f.options, r, 0);
    const uint32_t kept = r->matched_count - r->move_count;
    if ((uint64_t)ol->count * nl->count <= 400000u) {
        uint32_t lcs = ref_lcs_length(ol->ids, (uint32_t)ol->count, nl->ids,
                                      (uint32_t)nl->count);
        FZ_CHECK(kept <= lcs);
        if (r->minimal) FZ_CHECK(kept == lcs);
        /* Within the default bound every search on these sizes is exact. */
        if (!(input.option & 2) && !budget_mode) FZ_CHECK(r->minimal == 1);
    }
    fz_end(&f);
    return 0;
}
