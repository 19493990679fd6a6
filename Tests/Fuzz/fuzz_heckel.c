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
    fz_session_t f;
    fz_begin(&f, data, size, &input);
    const int use_ws = (input.option & 4) == 0;
    fz_diff_checked(use_ws ? f.ws : NULL, &f.old_list, &f.new_list,
                    (input.option & 2) ? &f.options : NULL, &f.result, 0);
    fz_end(&f);
    return 0;
}
