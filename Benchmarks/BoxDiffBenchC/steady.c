/*
 * steady.c - what keeps measurements steady and countable: minor page
 * faults, CPU pinning, fixed malloc thresholds, callgrind client requests
 * and a deterministic getrandom for instruction counts.
 */
#define _GNU_SOURCE
#include "BoxDiffBenchC.h"

#include <errno.h>
#include <stdio.h>
#include <sched.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <unistd.h>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define BENCH_HAVE_CALLGRIND 1
#endif
#endif

uint64_t bench_minor_faults(void) {
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return 0;
    return (uint64_t)usage.ru_minflt;
}

int bench_pin_cpu(int cpu) {
#if defined(__linux__)
    if (cpu < 0 || cpu >= CPU_SETSIZE) return -1;
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return sched_setaffinity(0, sizeof set, &set) == 0 ? 0 : -1;
#else
    (void)cpu;
    return -1;
#endif
}

int bench_malloc_keep_memory(void) {
#if defined(__GLIBC__)
    /* Fixed thresholds also turn off glibc's dynamic mmap threshold. */
    int ok = mallopt(M_MMAP_THRESHOLD, 1 << 30) == 1;
    ok = ok && mallopt(M_TRIM_THRESHOLD, 1 << 30) == 1;
    ok = ok && mallopt(M_TOP_PAD, 64 << 20) == 1;
    return ok ? 0 : -1;
#else
    return -1;
#endif
}

int bench_callgrind_available(void) {
#if defined(BENCH_HAVE_CALLGRIND)
    return RUNNING_ON_VALGRIND ? 1 : 0;
#else
    return 0;
#endif
}

void bench_callgrind_zero(void) {
#if defined(BENCH_HAVE_CALLGRIND)
    CALLGRIND_ZERO_STATS;
#endif
}

void bench_callgrind_dump(const char *label) {
#if defined(BENCH_HAVE_CALLGRIND)
    CALLGRIND_DUMP_STATS_AT(label);
#else
    (void)label;
#endif
}

/* ------------------------------------------------------------------------ */
/* Deterministic getrandom                                                  */
/* ------------------------------------------------------------------------ */

static int fixed_random;
static uint64_t fixed_random_state;

void bench_fixed_random(uint64_t seed) {
    fixed_random_state = seed;
    fixed_random = 1;
}

#if defined(__linux__) && defined(SYS_getrandom)
/* This executable's getrandom: the dynamic linker binds it for every caller
 * (the C core's workspace keys included). The system's unless
 * bench_fixed_random was called; then a splitmix64 stream. */
ssize_t getrandom(void *buffer, size_t length, unsigned int flags) {
    if (!fixed_random) return (ssize_t)syscall(SYS_getrandom, buffer, length, flags);
    unsigned char *out = buffer;
    for (size_t i = 0; i < length; i += 8) {
        uint64_t z = (fixed_random_state += UINT64_C(0x9E3779B97F4A7C15));
        z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
        z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
        z ^= z >> 31;
        memcpy(out + i, &z, length - i < 8 ? length - i : 8);
    }
    return (ssize_t)length;
}
#endif

/* ------------------------------------------------------------------------ */
/* Other load                                                               */
/* ------------------------------------------------------------------------ */

double bench_other_cpu_seconds(void) {
    FILE *file = fopen("/proc/stat", "r");
    if (file == NULL) return -1;
    unsigned long long user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0;
    int read = fscanf(file, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &user, &nice, &system, &idle, &iowait,
                      &irq, &softirq, &steal);
    fclose(file);
    if (read < 4) return -1;
    long hz = sysconf(_SC_CLK_TCK);
    if (hz <= 0) return -1;
    double busy = (double)(user + nice + system + irq + softirq + steal) / (double)hz;
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    double own = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6 +
                 (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
    return busy - own;
}
