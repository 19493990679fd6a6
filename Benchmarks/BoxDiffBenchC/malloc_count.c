/*
 * malloc_count.c - counts the process's heap allocations (C and Swift
 * alike) without LD_PRELOAD: on glibc, this executable defines malloc,
 * calloc, realloc, aligned_alloc, memalign and posix_memalign, which the
 * dynamic linker then binds for every library (the Swift runtime included);
 * each forwards to glibc's own __libc_* entry point. Counting is off until
 * bench_malloc_count_enable(1), so other measurements pay one load and a
 * branch per allocation. Not built under sanitizers (they own malloc) or
 * off glibc: there bench_malloc_count_available() returns 0.
 */
#include "BoxDiffBenchC.h"

#include <errno.h>
#include <stdatomic.h>
#include <stdlib.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(memory_sanitizer)
#define BENCH_NO_MALLOC_COUNT 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define BENCH_NO_MALLOC_COUNT 1
#endif

#if defined(__GLIBC__) && !defined(BENCH_NO_MALLOC_COUNT)

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void *__libc_memalign(size_t alignment, size_t size);

static atomic_int counting;
static atomic_size_t allocations;

static inline void note_allocation(void) {
    if (atomic_load_explicit(&counting, memory_order_relaxed)) {
        atomic_fetch_add_explicit(&allocations, 1, memory_order_relaxed);
    }
}

void *malloc(size_t size) {
    note_allocation();
    return __libc_malloc(size);
}

void *calloc(size_t count, size_t size) {
    note_allocation();
    return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size) {
    note_allocation();
    return __libc_realloc(pointer, size);
}

void *memalign(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

void *aligned_alloc(size_t alignment, size_t size) {
    note_allocation();
    return __libc_memalign(alignment, size);
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    if (alignment < sizeof(void *) || (alignment & (alignment - 1)) != 0) return EINVAL;
    note_allocation();
    void *pointer = __libc_memalign(alignment, size);
    if (pointer == NULL) return ENOMEM;
    *out = pointer;
    return 0;
}

int bench_malloc_count_available(void) { return 1; }

void bench_malloc_count_enable(int on) { atomic_store_explicit(&counting, on != 0, memory_order_relaxed); }

size_t bench_malloc_count(void) { return atomic_load_explicit(&allocations, memory_order_relaxed); }

#else

int bench_malloc_count_available(void) { return 0; }
void bench_malloc_count_enable(int on) { (void)on; }
size_t bench_malloc_count(void) { return 0; }

#endif
