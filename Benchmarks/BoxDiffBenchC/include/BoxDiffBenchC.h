/*
 * BoxDiffBenchC.h - C helpers of the BoxDiff benchmark (boxdiff-bench).
 *
 *  - A counting allocator whose two functions have the signatures of
 *    `bxd_allocator_t` (CBoxDiff.h), so the benchmark can measure the peak
 *    bytes the C core keeps outstanding.
 *  - The "floor": a plain build-and-probe hash join of two id lists, the
 *    work every identity diff pays at the least (no moves, no staging).
 *  - A monotonic clock and the process's maximum resident set size.
 *
 * This target does not depend on CBoxDiff; the index marker for "no match"
 * is the same value as `BXD_NONE`.
 */
#ifndef BOXDIFF_BENCH_C_H
#define BOXDIFF_BENCH_C_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** "No index" in the floor's maps (equal to CBoxDiff's BXD_NONE). */
#define BENCH_NONE ((uint32_t)0xFFFFFFFFu)

/* ------------------------------------------------------------------------ */
/* Counting allocator                                                       */
/* ------------------------------------------------------------------------ */

/** Byte counters of a counting allocator. Zero-initialise before use. */
typedef struct bench_alloc_counter {
    /** Bytes currently allocated and not yet released. */
    size_t current;
    /** Largest value `current` has reached since the last reset. */
    size_t peak;
    /** Number of successful allocations since the last reset. */
    size_t allocations;
} bench_alloc_counter_t;

/**
 * malloc(size), counting `size` bytes into the `bench_alloc_counter_t` at
 * `context`. Same signature as `bxd_allocator_t.allocate`. Returns NULL on
 * failure (nothing counted).
 */
void *bench_counting_allocate(void *context, size_t size);

/**
 * free(pointer), subtracting `size` from the counter at `context`. Same
 * signature as `bxd_allocator_t.deallocate`.
 */
void bench_counting_deallocate(void *context, void *pointer, size_t size);

/** Sets `peak` to `current` and `allocations` to 0. Safe on NULL. */
void bench_counter_reset_peak(bench_alloc_counter_t *counter);

/* ------------------------------------------------------------------------ */
/* Floor: build-and-probe hash join                                         */
/* ------------------------------------------------------------------------ */

/** Reusable buffers of the floor join. Opaque. */
typedef struct bench_floor bench_floor_t;

/**
 * Creates an empty floor whose buffers are counted by `counter` (may be
 * NULL: then not counted). Returns NULL when out of memory.
 */
bench_floor_t *bench_floor_create(bench_alloc_counter_t *counter);

/** Releases the floor and its buffers. Safe on NULL. */
void bench_floor_destroy(bench_floor_t *floor);

/**
 * Joins `old_ids` with `new_ids`: builds an open-addressing table (power of
 * two, load <= 2/3, multiplicative hashing, linear probing) over the old
 * ids, probes it with each new id, and fills the old->new and new->old
 * index maps (BENCH_NONE when unmatched). A repeated old id pairs with its
 * first occurrence only; a repeated new id pairs once.
 *
 * Buffers grow on demand and are reused across calls, like a CBoxDiff
 * workspace. Either list may be NULL only when its count is 0; counts must
 * be below 2^32 - 16.
 *
 * Returns the number of matched pairs, or -1 when out of memory or too
 * large. The maps stay valid until the next join or `bench_floor_destroy`.
 */
int64_t bench_floor_join(bench_floor_t *floor,
                         const uint64_t *old_ids, size_t old_count,
                         const uint64_t *new_ids, size_t new_count);

/** old->new map of the last join (old_count entries). */
const uint32_t *bench_floor_old_to_new(const bench_floor_t *floor);

/** new->old map of the last join (new_count entries). */
const uint32_t *bench_floor_new_to_old(const bench_floor_t *floor);

/* ------------------------------------------------------------------------ */
/* Flood: ids crafted against a table's slot function (flood.c)             */
/* ------------------------------------------------------------------------ */

/** Random ids (no crafting). */
#define BENCH_FLOOD_RANDOM 0
/** Crafted against the core's old, unkeyed slot function: Fibonacci
 *  hashing of id ^ (id >> 32). */
#define BENCH_FLOOD_OLD 1
/** Crafted against the core's keyed mixer with key 0 (a workspace with
 *  any other key sees them as random). */
#define BENCH_FLOOD_MIX0 2

/** The 64-bit slot hash of `id` under `target` (BENCH_FLOOD_OLD or
 *  BENCH_FLOOD_MIX0); a table's home slot is its top bits. */
uint64_t bench_flood_slot_hash(int target, uint64_t id);

/**
 * Fills `out` with `count` distinct ids: random (from `seed`) for
 * BENCH_FLOOD_RANDOM; otherwise the ids whose slot hash under `target` is
 * (first + i) << 16, so that all of them go home to the first slots of
 * any table (one cluster).
 */
void bench_flood_ids(int target, uint64_t seed, uint64_t first, uint64_t *out,
                     size_t count);

/**
 * Finds `count` distinct strings "item-<16 hex digits>", counting up from
 * `first`, whose `hash(bytes, length, 0)` has a slot hash under `target`
 * with its top `zero_bits` bits zero (every candidate for
 * BENCH_FLOOD_RANDOM): brute force, ~2^zero_bits candidates per string.
 * Writes each NUL-terminated at out + k * stride (stride >= 22); `*next`
 * (may be NULL) receives the next candidate. Returns the number found.
 */
size_t bench_flood_strings(int target, uint64_t (*hash)(const void *, size_t, uint64_t),
                           unsigned zero_bits, uint64_t first, char *out,
                           size_t stride, size_t count, uint64_t *next);

/* ------------------------------------------------------------------------ */
/* Process-wide allocation count (malloc_count.c)                           */
/* ------------------------------------------------------------------------ */

/** 1 when this build counts every heap allocation of the process (glibc,
 *  no sanitizer), else 0 (then the two functions below do nothing). */
int bench_malloc_count_available(void);

/** Turns counting on (non-zero) or off; off at start. */
void bench_malloc_count_enable(int on);

/** Allocations (malloc, calloc, realloc, memalign, aligned_alloc,
 *  posix_memalign) counted so far, all threads. */
size_t bench_malloc_count(void);

/* ------------------------------------------------------------------------ */
/* Steadiness and instruction counts (steady.c)                             */
/* ------------------------------------------------------------------------ */

/** The process's minor page faults so far (getrusage ru_minflt). */
uint64_t bench_minor_faults(void);

/** Pins the calling thread to CPU `cpu` (sched_setaffinity). 0 on success,
 *  -1 when it failed or is not supported here. */
int bench_pin_cpu(int cpu);

/**
 * Fixes glibc malloc's thresholds (mmap at 1 GiB, trim at 1 GiB, top pad
 * 64 MiB), which also turns its dynamic mmap threshold off: freed large
 * buffers stay mapped in the heap, so a timed run reuses pages the last
 * one touched instead of faulting in fresh ones. 0 on success, -1 off
 * glibc.
 */
int bench_malloc_keep_memory(void);

/** 1 when running under valgrind and this build has callgrind's client
 *  requests (<valgrind/callgrind.h> was found), else 0. */
int bench_callgrind_available(void);

/** CALLGRIND_ZERO_STATS (no-op outside valgrind or without the header). */
void bench_callgrind_zero(void);

/** CALLGRIND_DUMP_STATS_AT(label): writes the counts since the last zero
 *  or dump to a new dump file named by `label`. */
void bench_callgrind_dump(const char *label);

/**
 * From now on, this executable's getrandom (which the C core's workspace
 * keys come from) returns a fixed splitmix64 stream starting at `seed`
 * instead of the system's random bytes, so hash-table probe lengths, and
 * so instruction counts, repeat run to run. For instruction counts only.
 */
void bench_fixed_random(uint64_t seed);

/**
 * CPU seconds all CPUs spent busy (/proc/stat: user, nice, system, irq,
 * softirq, steal) minus this process's own CPU time (getrusage): the
 * difference between two calls, over the wall time between them, is how
 * many CPUs other processes kept busy meanwhile. Clock-tick resolution
 * (usually 10 ms). -1 when unknown.
 */
double bench_other_cpu_seconds(void);

/* ------------------------------------------------------------------------ */
/* Clock and memory                                                         */
/* ------------------------------------------------------------------------ */

/** clock_gettime(CLOCK_MONOTONIC) in nanoseconds. */
uint64_t bench_now_ns(void);

/** The process's maximum resident set size so far, in bytes (getrusage). */
uint64_t bench_max_rss_bytes(void);

/** The process's current resident set size in bytes (/proc/self/statm),
 *  or 0 when unknown. */
uint64_t bench_current_rss_bytes(void);

/** fflush(stdout), so tables appear as soon as they are printed. */
void bench_flush_stdout(void);

#ifdef __cplusplus
}
#endif

#endif /* BOXDIFF_BENCH_C_H */
