/*
 * fuzz_heckel.c - libFuzzer target: Heckel pairing (the default).
 *
 * Decodes two lists (fuzz_common.h), diffs them with the default options
 * through a counting allocator, and checks every invariant: the stages
 * replay old into new, duplicates pair in order of occurrence, moves are
 * minimal, nothing is left allocated. Option bit 2 diffs without a
 * workspace (a temporary one).
 */
#include "fuzz_common.h"

static fz_input_t input;

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
    const int use_ws = (input.option & 4) == 0;
    FZ_CHECK(bxd_diff(use_ws ? ws : NULL, &ol, &nl, (input.option & 2) ? &o : NULL,
                      &r) == BXD_OK);
    fz_verify(&ol, &nl, &r, 1);
    FZ_CHECK(r.minimal == 1);
    bxd_result_free(&r);
    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    FZ_CHECK(counter.outstanding == 0);
    return 0;
}
