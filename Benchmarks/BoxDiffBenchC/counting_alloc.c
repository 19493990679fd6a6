/* counting_alloc.c - a malloc/free wrapper that tracks peak bytes. */
#include "BoxDiffBenchC.h"

#include <stdlib.h>

void *bench_counting_allocate(void *context, size_t size) {
    void *pointer = malloc(size);
    bench_alloc_counter_t *counter = context;
    if (pointer != NULL && counter != NULL) {
        counter->current += size;
        counter->allocations += 1;
        if (counter->current > counter->peak) counter->peak = counter->current;
    }
    return pointer;
}

void bench_counting_deallocate(void *context, void *pointer, size_t size) {
    bench_alloc_counter_t *counter = context;
    if (counter != NULL) counter->current -= size;
    free(pointer);
}

void bench_counter_reset_peak(bench_alloc_counter_t *counter) {
    if (counter == NULL) return;
    counter->peak = counter->current;
    counter->allocations = 0;
}
