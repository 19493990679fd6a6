/* clock.c - monotonic clock and resident-set probes. */
#define _POSIX_C_SOURCE 200809L
#include "BoxDiffBenchC.h"

#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

uint64_t bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t bench_max_rss_bytes(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (uint64_t)usage.ru_maxrss * 1024u; /* Linux: kilobytes */
}

uint64_t bench_current_rss_bytes(void) {
    FILE *file = fopen("/proc/self/statm", "r");
    if (file == NULL) return 0;
    unsigned long size = 0, resident = 0;
    int read = fscanf(file, "%lu %lu", &size, &resident);
    fclose(file);
    if (read != 2) return 0;
    return (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE);
}

void bench_flush_stdout(void) { fflush(stdout); }
