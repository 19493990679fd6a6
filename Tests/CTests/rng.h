/*
 * rng.h - SplitMix64, the one seeded generator of the C tests and the fuzz
 * targets: reproducible inputs from a 64-bit seed.
 *
 *  - splitmix64_next(&state): the next 64-bit value of a caller-held state
 *    (the fuzz targets derive one state per input).
 *  - rng_next() / rng_below(bound): the same generator over one
 *    process-wide state, seeded with rng_seed() (default RNG_DEFAULT_SEED).
 */
#ifndef BXD_TEST_RNG_H
#define BXD_TEST_RNG_H

#include <stdint.h>

#define RNG_DEFAULT_SEED 0x5EEDull

/* Advances `state` by the golden-ratio increment and returns it mixed. */
static inline uint64_t splitmix64_next(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static uint64_t rng_state = RNG_DEFAULT_SEED;

static inline void rng_seed(uint64_t seed) { rng_state = seed; }

static inline uint64_t rng_next(void) { return splitmix64_next(&rng_state); }

/* Uniform enough in [0, bound); 0 when bound is 0. */
static inline uint32_t rng_below(uint32_t bound) {
    return bound ? (uint32_t)(rng_next() % bound) : 0;
}

#endif /* BXD_TEST_RNG_H */
