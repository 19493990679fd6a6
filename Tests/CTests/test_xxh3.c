/*
 * test_xxh3.c - the core's own XXH3-64 (xxh3.c) against libxxhash.
 *
 * Build and run with scripts/ctests.sh (compiled together with every
 * CSources/CBoxDiff/ *.c under ASan + UBSan, linked with -lxxhash).
 *
 * Checks that bxd_xxh3_64(data, len, seed) == XXH3_64bits_withSeed(data,
 * len, seed) on more than 1,000,000 random inputs covering every length
 * class of the specification:
 *  - every length 0..256 (empty, 1-3, 4-8, 9-16, 17-128, 129-240 and the
 *    first large lengths), 2,600 times each, with fresh random bytes (and
 *    some all-0x00 / all-0xFF inputs), placed flush against either end of
 *    a heap block so ASan reports any read outside the input;
 *  - 300,000 lengths in 241..2100 and 100,000 in 2101..8192 (several KiB)
 *    at random, mostly unaligned, offsets of a drifting random pool;
 *  - every length within 70 bytes of 1..8 KiB block boundaries;
 *  - 1 MiB inputs (1 MiB - 1, 1 MiB, 1 MiB + 63);
 * each with seed 0, small seeds and full 64-bit random seeds. Also
 * known answers (recorded from libxxhash 0.8.1 over a fixed byte pattern;
 * the specification lists none) and that bxd_hash_bytes agrees with
 * bxd_xxh3_64 in whichever mode the core was built.
 * Prints "xxh3: N passed, M failed"; exits non-zero on any failure.
 *
 * Also prints a digest of every compared hash. Built with
 * -DBXD_TEST_WITHOUT_LIBXXHASH (the 32-bit run of ctests.sh, which has no
 * 32-bit libxxhash), the test compares nothing and digests the core's own
 * hashes of the same inputs: ctests.sh checks that digest against the one
 * the 64-bit run printed after every hash there matched libxxhash's.
 */
#include "CBoxDiff.h"
#include "check.h"
#include "xxh3.h"

#ifndef BXD_TEST_WITHOUT_LIBXXHASH
#include <xxhash.h>
#endif

/* How many inputs were compared between the two implementations. */
static unsigned long g_compared = 0;
/* Every hash of the core, in order, folded into one value (FNV-1a's
 * multiplier over whole words). */
static uint64_t g_digest = 0xCBF29CE484222325ull;

/* Compares both implementations on one input; reports the first few
 * mismatches with their length, alignment and seed. */
static void compare(const uint8_t *p, size_t len, uint64_t seed) {
    uint64_t ours = bxd_xxh3_64(p, len, seed);
    g_digest = (g_digest ^ ours) * 0x100000001B3ull;
    g_compared++;
#ifndef BXD_TEST_WITHOUT_LIBXXHASH
    uint64_t theirs = XXH3_64bits_withSeed(p, len, seed);
    if (ours != theirs && check_failed < 20)
        fprintf(stderr,
                "mismatch: len %zu, address %% 16 = %u, seed 0x%016llx: "
                "0x%016llx != 0x%016llx\n",
                len, (unsigned)((uintptr_t)p % 16), (unsigned long long)seed,
                (unsigned long long)ours, (unsigned long long)theirs);
    CHECK(ours == theirs);
#endif
}

/* A seed for the i-th input: 0, a small value, or any 64-bit value. */
static uint64_t pick_seed(unsigned long i) {
    switch (i % 4) {
    case 0: return 0;
    case 1: return rng_below(1000);
    default: return rng_next();
    }
}

/* Fills `len` bytes with random data (every 16th call: all 0x00 or 0xFF). */
static void fill_random(uint8_t *p, size_t len, unsigned long i) {
    if (i % 16 == 15) {
        memset(p, (i / 16) % 2 ? 0xFF : 0x00, len);
        return;
    }
    for (size_t k = 0; k < len; k += 8) {
        uint64_t r = rng_next();
        size_t n = len - k < 8 ? len - k : 8;
        memcpy(p + k, &r, n);
    }
}

/* Every length 0..256, `reps` times each, flush with one end of a heap
 * block: the start (16-byte aligned) for even repetitions, the end (any
 * alignment) for odd ones. */
static void test_short_lengths(unsigned long reps) {
    enum { BLOCK = 256 };
    uint8_t *block = malloc(BLOCK);
    CHECK(block != NULL);
    if (block == NULL) return;
    for (size_t len = 0; len <= 256; len++) {
        for (unsigned long r = 0; r < reps; r++) {
            uint8_t *p = (r % 2 == 0) ? block : block + BLOCK - len;
            fill_random(p, len, r);
            compare(p, len, pick_seed(r));
        }
    }
    free(block);
}

/* `count` inputs with lengths in [lo, hi] at random offsets of `pool`
 * (one random byte of the pool changes between inputs); every 8th input
 * ends exactly at the end of the pool. */
static void test_pool_lengths(uint8_t *pool, size_t pool_size,
                              unsigned long count, size_t lo, size_t hi) {
    for (unsigned long i = 0; i < count; i++) {
        size_t len = lo + rng_below((uint32_t)(hi - lo + 1));
        size_t offset = (i % 8 == 7) ? pool_size - len
                                     : rng_below((uint32_t)(pool_size - len + 1));
        pool[rng_below((uint32_t)pool_size)] = (uint8_t)rng_next();
        compare(pool + offset, len, pick_seed(i));
    }
}

/* Lengths within 70 bytes either side of 1..8 KiB (block boundaries of
 * the large-input loop; the last-stripe overlap), 4 seeds each, at an odd
 * offset. */
static void test_block_boundaries(const uint8_t *pool, size_t pool_size) {
    for (size_t k = 1; k <= 8; k++) {
        for (size_t len = k * 1024 - 70; len <= k * 1024 + 70; len++) {
            for (unsigned long s = 0; s < 4; s++) {
                if (len + 3 > pool_size) continue;
                compare(pool + 3, len, pick_seed(s));
            }
        }
    }
}

/* 1 MiB inputs, exact-size heap blocks, seed 0 and a random seed. */
static void test_mebibyte(void) {
    const size_t sizes[] = {(1u << 20) - 1, 1u << 20, (1u << 20) + 63};
    for (size_t i = 0; i < sizeof sizes / sizeof *sizes; i++) {
        uint8_t *p = malloc(sizes[i]);
        CHECK(p != NULL);
        if (p == NULL) continue;
        fill_random(p, sizes[i], 0);
        compare(p, sizes[i], 0);
        compare(p, sizes[i], rng_next());
        free(p);
    }
}

/* Known answers over bytes (i * 131 + 7) mod 256, recorded from
 * libxxhash 0.8.1's XXH3_64bits_withSeed; 0x2D06800538D394C2 (empty
 * input, seed 0) is XXH3's widely published empty-input value. */
static void test_known_answers(void) {
    static const struct {
        size_t len;
        uint64_t seed0, seed_golden;
    } kat[] = {
        {0, 0x2D06800538D394C2ull, 0x602B0E2CD6662C8Bull},
        {1, 0x4C5CCA45D0F4811Full, 0x2F3ACD3805F81DE3ull},
        {2, 0x29C60963CBFA4E6Eull, 0x28A7B77C08C091EBull},
        {3, 0x6E3E2670E61106ACull, 0xBC74611D87F659E0ull},
        {4, 0x5C4C63133443D03Full, 0x6C3753177C607DE4ull},
        {8, 0xF9FD4DD0B04D78F5ull, 0xBC72D0531396303Full},
        {9, 0x7C20DF9712C26EDFull, 0x93C5AA006102DAF5ull},
        {16, 0x86ABF6BACCEA0858ull, 0x69D001B16ECF450Aull},
        {17, 0xB58BF5DC5022D071ull, 0xB7C99D19BE27EB69ull},
        {128, 0x10D17F72C0CCBA41ull, 0x49B81C6E0ABB9305ull},
        {129, 0x1648BDC3DB49D1A2ull, 0x5E3831B221810B00ull},
        {240, 0xB6CFAF343FAB81E6ull, 0x76A73EC26433F82Cull},
        {241, 0x956CAE592C67279Eull, 0x2BE236BA3BACF75Cull},
        {1024, 0x70BD377D9574F4BBull, 0xD8CF6B464541F232ull},
        {1025, 0x66C4487C41E127A7ull, 0x8DC3A55E9C26D886ull},
        {4096, 0x9DDD66C14AF0DAFFull, 0xC7BC989F5D547A4Dull},
    };
    const uint64_t golden = 0x9E3779B97F4A7C15ull;
    static uint8_t bytes[4096];
    for (size_t i = 0; i < sizeof bytes; i++) bytes[i] = (uint8_t)(i * 131u + 7u);
    for (size_t i = 0; i < sizeof kat / sizeof *kat; i++) {
        CHECK(bxd_xxh3_64(bytes, kat[i].len, 0) == kat[i].seed0);
        CHECK(bxd_xxh3_64(bytes, kat[i].len, golden) == kat[i].seed_golden);
        CHECK(bxd_hash_bytes(bytes, kat[i].len, 0) == kat[i].seed0);
        CHECK(bxd_hash_bytes(bytes, kat[i].len, golden) == kat[i].seed_golden);
    }
    /* NULL with length 0 reads nothing and is the empty input. */
    CHECK(bxd_xxh3_64(NULL, 0, 0) == 0x2D06800538D394C2ull);
    CHECK(bxd_xxh3_64(NULL, 0, golden) == 0x602B0E2CD6662C8Bull);
    CHECK(bxd_hash_bytes(NULL, 0, golden) == 0x602B0E2CD6662C8Bull);
}

/* bxd_hash_bytes (libxxhash or bundled, per build) equals bxd_xxh3_64. */
static void test_hash_bytes_agrees(void) {
    uint8_t buf[600];
    for (unsigned long i = 0; i < 4000; i++) {
        size_t len = rng_below(sizeof buf + 1);
        fill_random(buf, len, i);
        uint64_t seed = pick_seed(i);
        CHECK(bxd_hash_bytes(buf, len, seed) == bxd_xxh3_64(buf, len, seed));
    }
}

int main(void) {
    enum { POOL = 64 * 1024 };
    uint8_t *pool = malloc(POOL);
    CHECK(pool != NULL);
    if (pool == NULL) return check_report("xxh3");
    fill_random(pool, POOL, 0);

    test_known_answers();
    test_hash_bytes_agrees();
    test_short_lengths(2600);
    test_pool_lengths(pool, POOL, 300000, 241, 2100);
    test_pool_lengths(pool, POOL, 100000, 2101, 8192);
    test_block_boundaries(pool, POOL);
    test_mebibyte();
    free(pool);

#ifdef BXD_TEST_WITHOUT_LIBXXHASH
    printf("xxh3: %lu inputs hashed (no libxxhash to compare with)\n", g_compared);
#else
    printf("xxh3: %lu inputs compared with libxxhash\n", g_compared);
#endif
    printf("xxh3 digest: %016llx\n", (unsigned long long)g_digest);
    return check_report("xxh3");
}
