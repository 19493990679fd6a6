/*
 * app.c - a program that uses the installed C library as an application
 * would: built through pkg-config by Tests/Install/run.sh (shared and
 * static), it diffs two small lists and checks every part of the answer.
 * Exits 0 when all is right, 1 otherwise (naming what was wrong).
 *
 *   app            run the checks, print the library's version
 *   app --layout   print the sizes and offsets of the public structs, for
 *                  smoke.py to check its ctypes definitions against
 */
#include <CBoxDiff.h>

#include <stddef.h>
#include <stdio.h>
#include <string.h>

static int failures = 0;

#define EXPECT(cond)                                                       \
    do {                                                                   \
        if (!(cond)) {                                                     \
            fprintf(stderr, "app.c:%d: expected %s\n", __LINE__, #cond);   \
            failures++;                                                    \
        }                                                                  \
    } while (0)

static int same(const uint32_t *got, uint32_t count, const uint32_t *want,
                uint32_t want_count) {
    return count == want_count &&
           (count == 0 || memcmp(got, want, count * sizeof *got) == 0);
}

static void print_layout(void) {
    printf("bxd_list_t %zu\n", sizeof(bxd_list_t));
    printf("bxd_options_t %zu\n", sizeof(bxd_options_t));
    printf("bxd_move_t %zu\n", sizeof(bxd_move_t));
    printf("bxd_stage_t %zu\n", sizeof(bxd_stage_t));
    printf("bxd_result_t %zu\n", sizeof(bxd_result_t));
    printf("bxd_result_t.matched_count %zu\n", offsetof(bxd_result_t, matched_count));
    printf("bxd_result_t.move_count %zu\n", offsetof(bxd_result_t, move_count));
    printf("bxd_result_t.minimal %zu\n", offsetof(bxd_result_t, minimal));
    printf("bxd_result_t.duplicate_first_index %zu\n",
           offsetof(bxd_result_t, duplicate_first_index));
    printf("bxd_result_t.stages %zu\n", offsetof(bxd_result_t, stages));
    printf("bxd_result_t.stage_count %zu\n", offsetof(bxd_result_t, stage_count));
    printf("bxd_options_t.lcs_cost_bound %zu\n", offsetof(bxd_options_t, lcs_cost_bound));
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--layout") == 0) {
        print_layout();
        return 0;
    }
    printf("boxdiff %s (header %s)\n", bxd_version(), BXD_VERSION_STRING);
    EXPECT(strcmp(bxd_version(), BXD_VERSION_STRING) == 0);

    /* old [10 20 30 40 50] -> new [30 10 20 60 50]: 40 deleted, 60
     * inserted, 30 moved to the front, 50's content changed. */
    const uint64_t old_ids[] = {10, 20, 30, 40, 50};
    const uint64_t old_contents[] = {1, 2, 3, 4, 5};
    const uint64_t new_ids[] = {30, 10, 20, 60, 50};
    const uint64_t new_contents[] = {3, 1, 2, 6, 55};
    bxd_list_t old_list = {old_ids, old_contents, 5};
    bxd_list_t new_list = {new_ids, new_contents, 5};

    bxd_workspace_t *ws = NULL;
    bxd_result_t r;
    bxd_result_init(&r);
    EXPECT(bxd_workspace_create(NULL, &ws) == BXD_OK);

    const bxd_algorithm_t algorithms[] = {BXD_ALGORITHM_HECKEL, BXD_ALGORITHM_LCS};
    for (int a = 0; a < 2; a++) {
        bxd_options_t options;
        bxd_options_init(&options);
        options.algorithm = algorithms[a];
        EXPECT(bxd_diff(ws, &old_list, &new_list, &options, &r) == BXD_OK);
        const uint32_t deletes[] = {3}, inserts[] = {3}, updates[] = {4};
        const uint32_t new_to_old[] = {2, 0, 1, BXD_NONE, 4};
        EXPECT(r.old_count == 5 && r.new_count == 5 && r.matched_count == 4);
        EXPECT(same(r.new_to_old, r.new_count, new_to_old, 5));
        EXPECT(same(r.deletes, r.delete_count, deletes, 1));
        EXPECT(same(r.inserts, r.insert_count, inserts, 1));
        EXPECT(same(r.updates, r.update_count, updates, 1));
        EXPECT(r.move_count == 1 && r.moves[0].from == 2 && r.moves[0].to == 0);
        EXPECT(r.minimal == 1);
        /* Stages: update [4]; delete [3]; insert [3] + move 2 -> 0. */
        EXPECT(r.stage_count == 3);
        if (r.stage_count == 3) {
            EXPECT(r.stages[0].kind == BXD_STAGE_UPDATE);
            EXPECT(same(r.stages[0].indices, r.stages[0].index_count, updates, 1));
            EXPECT(r.stages[1].kind == BXD_STAGE_DELETE);
            EXPECT(same(r.stages[1].indices, r.stages[1].index_count, deletes, 1));
            EXPECT(r.stages[2].kind == BXD_STAGE_INSERT_MOVE);
            EXPECT(same(r.stages[2].indices, r.stages[2].index_count, inserts, 1));
            EXPECT(r.stages[2].move_count == 1 && r.stages[2].moves[0].from == 2 &&
                   r.stages[2].moves[0].to == 0);
        }
    }

    /* A repeated id, rejected: where it is. */
    const uint64_t twice[] = {7, 8, 7};
    bxd_list_t dup_list = {twice, NULL, 3};
    bxd_options_t reject;
    bxd_options_init(&reject);
    reject.flags = BXD_FLAG_REJECT_DUPLICATES;
    EXPECT(bxd_diff(NULL, &old_list, &dup_list, &reject, &r) == BXD_ERR_DUPLICATE);
    EXPECT(r.duplicate_side == 1 && r.duplicate_first_index == 0 &&
           r.duplicate_index == 2 && r.delete_count == 0);
    EXPECT(strcmp(bxd_status_string(BXD_ERR_DUPLICATE), "duplicate id rejected") == 0);

    /* XXH3-64 of the empty input, seed 0 (libxxhash or the bundled one). */
    EXPECT(bxd_hash_bytes("", 0, 0) == 0x2D06800538D394C2ull);

    bxd_result_free(&r);
    bxd_workspace_destroy(ws);
    if (failures != 0) {
        fprintf(stderr, "app: %d check(s) failed\n", failures);
        return 1;
    }
    printf("app: all checks passed\n");
    return 0;
}
