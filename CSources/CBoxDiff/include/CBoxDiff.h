/*
 * CBoxDiff.h - the C core of BoxDiff.
 *
 * BoxDiff computes, for two lists of 64-bit identity hashes (and optional
 * 64-bit content hashes), which elements were deleted, inserted, moved and
 * updated, with a minimal number of moves, and a flat staged changeset that
 * replays the old list into the new one.
 *
 * Conventions
 *  - Every exported symbol starts with `bxd_` and is declared `BXD_API`
 *    (a shared build exports exactly these functions); types end in
 *    `_t`; macros start with `BXD_`.
 *  - Every fallible function returns a `bxd_status_t`; `BXD_OK` (0) is
 *    success. The library never aborts, never prints, never touches errno,
 *    and keeps no global state: it is reentrant, and distinct workspaces
 *    and results may be used from distinct threads at the same time.
 *  - Inputs are borrowed for the duration of a call and never kept.
 *  - Indices are 32-bit: a list holds at most `BXD_MAX_COUNT` elements.
 *  - All memory goes through a `bxd_allocator_t` (the C library's
 *    malloc/free when none is given).
 *
 * Typical use:
 *
 *     bxd_workspace_t *ws = NULL;
 *     bxd_result_t result;
 *     bxd_result_init(&result);
 *     if (bxd_workspace_create(NULL, &ws) != BXD_OK) return;
 *     bxd_list_t old_list = { old_ids, old_contents, old_count };
 *     bxd_list_t new_list = { new_ids, new_contents, new_count };
 *     if (bxd_diff(ws, &old_list, &new_list, NULL, &result) == BXD_OK) {
 *         for (uint32_t s = 0; s < result.stage_count; s++) { ... }
 *     }
 *     bxd_result_free(&result);
 *     bxd_workspace_destroy(ws);
 */
#ifndef CBOXDIFF_H
#define CBOXDIFF_H

#include <stddef.h>
#include <stdint.h>

/* ------------------------------------------------------------------------ */
/* Version and export                                                       */
/* ------------------------------------------------------------------------ */

/** The version of this header, as semantic-versioning numbers and as a
 *  string ("MAJOR.MINOR.PATCH"). The shared library's soname carries the
 *  major number (libboxdiff.so.0). */
#define BXD_VERSION_MAJOR 0
#define BXD_VERSION_MINOR 1
#define BXD_VERSION_PATCH 0
#define BXD_VERSION_STRING "0.1.0"
/** MAJOR * 10000 + MINOR * 100 + PATCH, for `#if` tests. */
#define BXD_VERSION_NUMBER \
    (BXD_VERSION_MAJOR * 10000 + BXD_VERSION_MINOR * 100 + BXD_VERSION_PATCH)

/**
 * BXD_API marks every function of this header: the only symbols a shared
 * build of the library exports (everything else in the core is hidden).
 * On Windows, define BXD_BUILDING_DLL when building a DLL of the core and
 * BXD_USING_DLL when linking against one; static use needs neither.
 * Define BXD_API yourself to override.
 */
#ifndef BXD_API
#if defined(_WIN32) || defined(__CYGWIN__)
#if defined(BXD_BUILDING_DLL)
#define BXD_API __declspec(dllexport)
#elif defined(BXD_USING_DLL)
#define BXD_API __declspec(dllimport)
#else
#define BXD_API
#endif
#elif defined(__GNUC__) || defined(__clang__)
#define BXD_API __attribute__((visibility("default")))
#else
#define BXD_API
#endif
#endif

#ifdef __cplusplus
extern "C" {
#endif

/**
 * The library's version string, "MAJOR.MINOR.PATCH" (static storage).
 * Equals BXD_VERSION_STRING when the header and the library match; a
 * program linked against a shared build can compare the two at run time.
 */
BXD_API const char *bxd_version(void);

/* ------------------------------------------------------------------------ */
/* Status codes                                                             */
/* ------------------------------------------------------------------------ */

/** Result of every fallible call. 0 is success. */
typedef enum bxd_status {
    /** Success. */
    BXD_OK = 0,
    /** An allocation failed. Outputs are left empty; nothing leaked. */
    BXD_ERR_NO_MEMORY = 1,
    /** A required pointer was NULL, a list had NULL ids with a non-zero
     *  count, or an option held an unknown value. */
    BXD_ERR_INVALID_ARGUMENT = 2,
    /** A list holds more than `BXD_MAX_COUNT` elements, or (with
     *  `BXD_ALGORITHM_LCS`) the two lists together hold more than
     *  `BXD_MAX_LCS_TOTAL_COUNT` (both checked before any id is read or
     *  memory allocated), or a size computation would overflow. */
    BXD_ERR_TOO_LARGE = 3,
    /** `BXD_FLAG_REJECT_DUPLICATES` was set and an id occurs twice in one
     *  list; the result's `duplicate_side` and `duplicate_index` say where. */
    BXD_ERR_DUPLICATE = 4,
    /** The workspace's cancel flag (`bxd_workspace_set_cancel`) was raised
     *  while the call ran: it stopped early. Outputs are left empty (a
     *  result holds no changes, `bxd_lis_mark`'s `keep` is all 0); nothing
     *  leaked, and the workspace serves the next call as usual. */
    BXD_ERR_CANCELLED = 5
} bxd_status_t;

/** A short, static, English description of a status ("out of memory"). */
BXD_API const char *bxd_status_string(bxd_status_t status);

/** Largest number of elements in one list (indices are 32-bit, and the two
 *  largest values are reserved as markers). */
#define BXD_MAX_COUNT ((size_t)0xFFFFFFF0u)

/** Largest old count + new count of one LCS diff: LCS numbers the
 *  distinct ids of both lists together with 32-bit class numbers. */
#define BXD_MAX_LCS_TOTAL_COUNT ((size_t)0xFFFFFFF0u)

/** Marker for "no index": an unmatched element in an index map. */
#define BXD_NONE ((uint32_t)0xFFFFFFFFu)

/* ------------------------------------------------------------------------ */
/* Allocation                                                               */
/* ------------------------------------------------------------------------ */

/**
 * A caller-replaceable allocator.
 *
 * `allocate(context, size)` returns a block of at least `size` bytes aligned
 * for any object (size is never 0), or NULL on failure.
 * `deallocate(context, pointer, size)` releases a block that `allocate`
 * returned, with the size it was asked for; it is never called with NULL.
 * The allocator must stay valid for as long as any workspace or result
 * that copied it is alive. Each workspace or result calls it on the thread
 * it is used on: an allocator given to workspaces used on several threads
 * at once must be thread-safe.
 */
typedef struct bxd_allocator {
    void *(*allocate)(void *context, size_t size);
    void (*deallocate)(void *context, void *pointer, size_t size);
    void *context;
} bxd_allocator_t;

/* ------------------------------------------------------------------------ */
/* Hashing                                                                  */
/* ------------------------------------------------------------------------ */

/**
 * XXH3 64-bit hash of `length` bytes at `data` with `seed`.
 *
 * Stable across processes and machines: use it to turn strings or byte
 * identifiers into ids. `data` may be NULL only when `length` is 0.
 * Never fails.
 */
BXD_API uint64_t bxd_hash_bytes(const void *data, size_t length, uint64_t seed);

/* ------------------------------------------------------------------------ */
/* Inputs and options                                                       */
/* ------------------------------------------------------------------------ */

/**
 * One list to diff, borrowed for the duration of a call.
 *
 * `ids` holds `count` identity hashes; it may be NULL only when `count` is 0.
 * `contents` holds `count` content hashes, or is NULL (then no updates are
 * reported for this pair of lists: both lists must give contents for
 * updates to be detected).
 */
typedef struct bxd_list {
    const uint64_t *ids;
    const uint64_t *contents;
    size_t count;
} bxd_list_t;

/** Which algorithm pairs old and new elements. */
typedef enum bxd_algorithm {
    /** Hashed Heckel (default): O(n) pairing by identity, duplicate ids
     *  paired in order of occurrence, minimal moves. */
    BXD_ALGORITHM_HECKEL = 0,
    /** Myers' LCS in linear space over identity classes; elements outside
     *  the LCS with the same identity on both sides become moves. */
    BXD_ALGORITHM_LCS = 1
} bxd_algorithm_t;

/** Option flag: fail with `BXD_ERR_DUPLICATE` when an id repeats within a
 *  list, instead of pairing duplicate occurrences in order. */
#define BXD_FLAG_REJECT_DUPLICATES 0x1u

/** Option flag: compute the pairing only. The result holds `old_to_new`,
 *  `new_to_old`, `matched_count` and `minimal` exactly as without the flag;
 *  deletes, inserts, moves, updates and stages are left empty (counts 0).
 *  For callers that derive their own changes from the maps (BoxDiff's
 *  sectioned layer does): it skips the longest-increasing-subsequence pass
 *  and the change lists. */
#define BXD_FLAG_PAIRS_ONLY 0x2u

/** Default `lcs_cost_bound`: diagonals searched exhaustively per split
 *  before the LCS search turns heuristic. */
#define BXD_DEFAULT_LCS_COST_BOUND 4096u

/** Options of a diff. Initialise with `bxd_options_init`. */
typedef struct bxd_options {
    /** Pairing algorithm (default `BXD_ALGORITHM_HECKEL`). */
    bxd_algorithm_t algorithm;
    /** Bitwise OR of `BXD_FLAG_*` (default 0). */
    uint32_t flags;
    /** LCS only: past this many edit-distance steps (diagonals) in one
     *  middle-snake search the search stops being exhaustive and splits
     *  heuristically. 0 means `BXD_DEFAULT_LCS_COST_BOUND`. It also sets
     *  the diff's work budget: 2 * bound^2 diagonals visited (what lists
     *  up to about 2 * bound edits apart need in all) plus 32 per element;
     *  past it every further search stops after 32 steps, so ids in an
     *  order someone else chose cost linear time. UINT64_MAX asks for an
     *  exhaustive search. */
    uint64_t lcs_cost_bound;
} bxd_options_t;

/** Fills `options` with the defaults. Safe on NULL (does nothing). */
BXD_API void bxd_options_init(bxd_options_t *options);

/* ------------------------------------------------------------------------ */
/* Results                                                                  */
/* ------------------------------------------------------------------------ */

/** One move: element at index `from` goes to index `to`. */
typedef struct bxd_move {
    uint32_t from;
    uint32_t to;
} bxd_move_t;

/** Kind of a stage of the flat staged changeset. */
typedef enum bxd_stage_kind {
    /** Stage 1: updates, as old indices, ascending. The list is otherwise
     *  unchanged by this stage. */
    BXD_STAGE_UPDATE = 1,
    /** Stage 2: deletes, as old indices, ascending. */
    BXD_STAGE_DELETE = 2,
    /** Stage 3: inserts (new indices, ascending) and moves (`from`: index in
     *  the list as it stands after stage 2; `to`: new index), ascending by
     *  `from`. Every other element keeps its relative order. */
    BXD_STAGE_INSERT_MOVE = 3
} bxd_stage_kind_t;

/** One stage; only the arrays that belong to its kind are non-empty. */
typedef struct bxd_stage {
    bxd_stage_kind_t kind;
    const uint32_t *indices;   /* updates (stage 1), deletes (2), inserts (3) */
    uint32_t index_count;
    const bxd_move_t *moves;   /* stage 3 only */
    uint32_t move_count;
} bxd_stage_t;

/**
 * The result of a diff. The caller owns it: initialise with
 * `bxd_result_init`, pass it to any number of diffs (each overwrites it and
 * reuses its buffers when they are large enough), release with
 * `bxd_result_free`. Pointers inside are valid until the next diff into
 * the same result or until it is freed. Arrays with a zero count may be NULL.
 */
typedef struct bxd_result {
    /** Sizes of the two lists. */
    uint32_t old_count;
    uint32_t new_count;
    /** old_to_new[i]: new index paired with old index i, or BXD_NONE. */
    const uint32_t *old_to_new;
    /** new_to_old[j]: old index paired with new index j, or BXD_NONE. */
    const uint32_t *new_to_old;
    /** Number of paired elements. */
    uint32_t matched_count;
    /** Unpaired old indices, ascending. */
    const uint32_t *deletes;
    uint32_t delete_count;
    /** Unpaired new indices, ascending. */
    const uint32_t *inserts;
    uint32_t insert_count;
    /** Paired elements off one longest increasing subsequence of the
     *  pairing (old index -> new index), ascending by old index. Their
     *  number is matched_count minus the LIS length: minimal. */
    const bxd_move_t *moves;
    uint32_t move_count;
    /** Paired elements whose content hashes differ, as old indices,
     *  ascending (empty when either list has no contents). */
    const uint32_t *updates;
    uint32_t update_count;
    /** 1 when the pairing is known to be optimal for its algorithm (always
     *  1 for Heckel; for LCS, 0 when the cost bound cut the search short). */
    int minimal;
    /** On BXD_ERR_DUPLICATE: 0 if the duplicate is in the old list, 1 if in
     *  the new list; `duplicate_index` is the index of the second
     *  occurrence and `duplicate_first_index` of the first. */
    int duplicate_side;
    uint32_t duplicate_index;
    uint32_t duplicate_first_index;
    /** The flat staged changeset: non-empty stages in order (at most 3). */
    bxd_stage_t stages[3];
    uint32_t stage_count;

    /* Private: owned buffers. Do not touch. */
    struct bxd_result_storage_ *storage_;
} bxd_result_t;

/** Makes `result` empty and owning nothing. Safe on NULL. */
BXD_API void bxd_result_init(bxd_result_t *result);

/** Releases what `result` owns and makes it empty again. Safe on NULL and
 *  safe to call any number of times on an initialised result. */
BXD_API void bxd_result_free(bxd_result_t *result);

/* ------------------------------------------------------------------------ */
/* Workspaces and diffing                                                   */
/* ------------------------------------------------------------------------ */

/** Reusable scratch memory for diffs. Opaque. Not for use by two threads at
 *  once. */
typedef struct bxd_workspace bxd_workspace_t;

/**
 * Creates a workspace using `allocator` (copied; NULL means malloc/free).
 * On success `*out` holds the workspace; on failure `*out` is NULL.
 * Returns BXD_OK, BXD_ERR_INVALID_ARGUMENT (out NULL, or an allocator with a
 * NULL function) or BXD_ERR_NO_MEMORY.
 */
BXD_API bxd_status_t bxd_workspace_create(const bxd_allocator_t *allocator,
                                          bxd_workspace_t **out);

/** Releases a workspace and its scratch memory. Safe on NULL. */
BXD_API void bxd_workspace_destroy(bxd_workspace_t *workspace);

/**
 * Sets the workspace's secret table key.
 *
 * Every hash table of the core places an id by a strong 64-bit mixer of
 * the id and this key, so ids chosen by an adversary cannot be made to
 * pile into one slot (which would make a diff quadratic) without knowing
 * the key. `bxd_workspace_create` draws a random key (the operating
 * system's random source; addresses, a clock and a counter where there is
 * none); set one only for tests and reproducible benchmarks. Results never
 * depend on the key: only the time taken by crafted inputs does.
 * Safe on NULL (does nothing).
 */
BXD_API void bxd_workspace_set_key(bxd_workspace_t *workspace, uint64_t key);

/** The workspace's current table key (0 for NULL). */
BXD_API uint64_t bxd_workspace_key(const bxd_workspace_t *workspace);

/**
 * A flag that stops the diffs of a workspace early, raised from any
 * thread (e.g. when the result is no longer wanted: a newer diff of the
 * same list superseded it). Initialise it with `bxd_cancel_init`; read
 * and raise it only through these functions (they access it atomically).
 * The fields are private.
 */
typedef struct bxd_cancel {
    uint32_t requested_;
} bxd_cancel_t;

/** Lowers the flag (not raised). Safe on NULL. Not while another thread
 *  may raise or read it. */
BXD_API void bxd_cancel_init(bxd_cancel_t *cancel);

/** Raises the flag: a call running on a workspace that watches it stops
 *  at its next check with BXD_ERR_CANCELLED, as does every later call
 *  there until the workspace stops watching it. `bxd_diff` looks at its
 *  start and between its steps: a Heckel table's build and its probe,
 *  LCS's classes and every 256 steps of its searches, the runs (LIS) and
 *  the change lists (with Heckel at 1,000,000 ids, a few milliseconds
 *  apart); `bxd_lis_mark` once its runs are known (not for an empty
 *  list). Any thread, at any time. Safe on NULL. */
BXD_API void bxd_cancel_request(bxd_cancel_t *cancel);

/** Whether the flag is raised (0 or 1; 0 for NULL). Any thread. */
BXD_API int bxd_cancel_requested(const bxd_cancel_t *cancel);

/**
 * Makes `workspace`'s calls (`bxd_diff`, `bxd_lis_mark`) watch `cancel`
 * (borrowed: it must outlive the watch), or no flag for NULL (the
 * default). Set it between calls, from the thread that uses the
 * workspace. Safe on a NULL workspace (does nothing).
 */
BXD_API void bxd_workspace_set_cancel(bxd_workspace_t *workspace,
                                      const bxd_cancel_t *cancel);

/**
 * The home slot index that the core's hash tables give `id` under `key` in
 * a table of 2^bits slots: lets tests and fuzzers craft colliding ids.
 *
 * bits: 4..63 in real tables; 0 gives 0, and values above 64 count as 64.
 * At bits = 64 it is a bijection of `id` for a given key. It may change
 * between versions of the library: not a hash to store (that is
 * `bxd_hash_bytes`). Never fails.
 */
BXD_API uint64_t bxd_table_slot(uint64_t id, uint64_t key, unsigned bits);

/**
 * Diffs `old_list` into `new_list`.
 *
 * workspace: scratch memory; NULL makes a temporary one for this call. A
 *   workspace and a result keep their buffers, sized by what each diff
 *   needed, so diffing lists of one shape again allocates nothing. Besides
 *   the list lengths, the algorithm, the contents given and the numbers of
 *   moves, updates and stage entries, what the lists hold also sizes some
 *   scratch: repeated ids (Heckel links them), a common suffix (Heckel's
 *   suffix tables), for LCS how many distinct ids there are and whether
 *   some occur on one side only. So a diff after a larger one may still
 *   grow a buffer: e.g. 1,000 ids against 1,000 others, then two such
 *   lists that share their last id, or whose old list repeats an id
 *   (one allocation each), as may a reversed list after an identical one,
 *   or LCS after Heckel.
 * old_list, new_list: the lists (borrowed). Required.
 * options: NULL for the defaults.
 * result: an initialised result (see `bxd_result_init`); overwritten. The
 *   first time it grows it copies the allocator of the workspace it is
 *   diffed with (malloc/free with a NULL workspace) and keeps it: later
 *   diffs through other workspaces grow it with that same allocator.
 *
 * Returns BXD_OK; BXD_ERR_INVALID_ARGUMENT (NULL list or result, NULL ids
 * with a non-zero count, unknown algorithm or flags); BXD_ERR_TOO_LARGE
 * (a count past BXD_MAX_COUNT, or for LCS old count + new count past
 * BXD_MAX_LCS_TOTAL_COUNT: the caller tells which from the counts it
 * passed); BXD_ERR_DUPLICATE (with
 * BXD_FLAG_REJECT_DUPLICATES; see the result's duplicate fields);
 * BXD_ERR_NO_MEMORY; BXD_ERR_CANCELLED (the workspace's cancel flag was
 * raised: see `bxd_workspace_set_cancel`). On any error the result holds
 * no changes (counts 0).
 */
BXD_API bxd_status_t bxd_diff(bxd_workspace_t *workspace,
                              const bxd_list_t *old_list,
                              const bxd_list_t *new_list,
                              const bxd_options_t *options,
                              bxd_result_t *result);

/**
 * Marks one longest strictly increasing subsequence of `values`.
 *
 * values: `count` values; entries equal to BXD_NONE are skipped (never
 *   marked). May be NULL only when count is 0.
 * keep: `count` bytes, set to 1 for the entries on the subsequence and 0
 *   for the others.
 * length: receives the subsequence's length (may be NULL).
 * O(count log count) time; scratch memory from the workspace (NULL makes a
 * temporary one). Returns BXD_OK, BXD_ERR_INVALID_ARGUMENT,
 * BXD_ERR_TOO_LARGE, BXD_ERR_NO_MEMORY or BXD_ERR_CANCELLED (the
 * workspace's cancel flag); after either of the last two, `keep` is all 0.
 */
BXD_API bxd_status_t bxd_lis_mark(bxd_workspace_t *workspace,
                                  const uint32_t *values, size_t count,
                                  uint8_t *keep, uint32_t *length);

#ifdef __cplusplus
}
#endif

#endif /* CBOXDIFF_H */
