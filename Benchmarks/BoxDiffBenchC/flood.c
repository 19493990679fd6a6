/*
 * flood.c - ids crafted to pile into one hash-table cluster (the flood
 * workload of boxdiff-bench). The slot functions are the benchmark's own
 * copies of the ones being attacked: the core's unkeyed slot hash before
 * tables were keyed, and its keyed mixer with key 0.
 */
#include "BoxDiffBenchC.h"

#include <stdio.h>
#include <string.h>

#define OLD_MUL 0x9E3779B97F4A7C15ull
#define MIX_MUL 0xD6E8FEB86659FD93ull

/* Inverse of an odd multiplier modulo 2^64 (Newton's iteration). */
static uint64_t inverse_odd(uint64_t a) {
    uint64_t x = a; /* correct to 3 bits */
    for (int i = 0; i < 5; i++) x *= 2 - a * x;
    return x;
}

uint64_t bench_flood_slot_hash(int target, uint64_t id) {
    if (target == BENCH_FLOOD_OLD) return (id ^ (id >> 32)) * OLD_MUL;
    uint64_t h = id; /* key 0 */
    h ^= h >> 32;
    h *= MIX_MUL;
    h ^= h >> 32;
    h *= MIX_MUL;
    return h;
}

/* The id whose slot hash is `h` (both slot functions are bijections:
 * x ^ (x >> 32) is its own inverse, and odd multipliers invert). */
static uint64_t id_with_slot_hash(int target, uint64_t h) {
    if (target == BENCH_FLOOD_OLD) {
        uint64_t x = h * inverse_odd(OLD_MUL);
        return x ^ (x >> 32);
    }
    uint64_t inv = inverse_odd(MIX_MUL);
    uint64_t x = h * inv;
    x ^= x >> 32;
    x *= inv;
    return x ^ (x >> 32);
}

static uint64_t splitmix(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

void bench_flood_ids(int target, uint64_t seed, uint64_t first, uint64_t *out,
                     size_t count) {
    if (target == BENCH_FLOOD_RANDOM) {
        uint64_t state = seed;
        for (size_t i = 0; i < count; i++) out[i] = splitmix(&state);
        return;
    }
    /* Slot hashes first, first + 1, ...: distinct ids whose hashes have
     * their top bits zero, so they all go home to the first slots of any
     * table. */
    for (size_t i = 0; i < count; i++)
        out[i] = id_with_slot_hash(target, (first + i) << 16);
}

size_t bench_flood_strings(int target, uint64_t (*hash)(const void *, size_t, uint64_t),
                           unsigned zero_bits, uint64_t first, char *out,
                           size_t stride, size_t count, uint64_t *next) {
    uint64_t candidate = first;
    size_t found = 0;
    char text[32];
    while (found < count) {
        int length = snprintf(text, sizeof text, "item-%016llx",
                              (unsigned long long)candidate++);
        if (length <= 0 || (size_t)length >= stride) return found;
        uint64_t h = hash(text, (size_t)length, 0);
        if (target != BENCH_FLOOD_RANDOM && zero_bits > 0 &&
            (bench_flood_slot_hash(target, h) >> (64 - zero_bits)) != 0)
            continue;
        memcpy(out + found * stride, text, (size_t)length + 1);
        found++;
    }
    if (next) *next = candidate;
    return found;
}
