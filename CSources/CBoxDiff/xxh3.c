/*
 * xxh3.c - XXH3-64, written from the published specification
 * (xxHash's doc/xxhash_spec.md, sections "XXH3 Algorithm Overview" and
 * "XXH3 Algorithm Description" for small, medium and large inputs).
 *
 * Length classes: 0, 1-3, 4-8, 9-16 (small), 17-128 and 129-240 (medium),
 * and 241+ (large: 64-byte stripes in 1024-byte blocks over 8 lanes).
 * Only the default 192-byte secret is used; for a non-zero seed, small and
 * medium inputs mix the seed in directly, and large inputs use a secret
 * derived from the seed as the specification describes.
 *
 * Portable C11: inputs and the secret are read as little-endian 64/32-bit
 * words through memcpy (any alignment); the 64x64->128 multiply uses
 * __uint128_t where the compiler has it and 32-bit halves elsewhere. All
 * arithmetic is on unsigned types, so wrap-around is defined.
 */
#include "xxh3.h"

#include <string.h>

/* ---- constants (from the specification) --------------------------------- */

#define XXH_PRIME32_1 0x9E3779B1u
#define XXH_PRIME32_2 0x85EBCA77u
#define XXH_PRIME32_3 0xC2B2AE3Du
#define XXH_PRIME64_1 0x9E3779B185EBCA87ull
#define XXH_PRIME64_2 0xC2B2AE3D27D4EB4Full
#define XXH_PRIME64_3 0x165667B19E3779F9ull
#define XXH_PRIME64_4 0x85EBCA77C2B2AE63ull
#define XXH_PRIME64_5 0x27D4EB2F165667C5ull
#define XXH_PRIME_MX1 0x165667919E3779F9ull
#define XXH_PRIME_MX2 0x9FB21C651E98DF25ull

/* Size of the default secret, in bytes. */
#define XXH_SECRET_SIZE 192
/* A stripe of the large-input loop: 8 lanes of 8 bytes. */
#define XXH_STRIPE_LEN 64
/* Stripes per block with the default secret: (192 - 64) / 8. */
#define XXH_STRIPES_PER_BLOCK ((XXH_SECRET_SIZE - XXH_STRIPE_LEN) / 8)
/* Block size with the default secret: 1024 bytes. */
#define XXH_BLOCK_LEN (XXH_STRIPE_LEN * XXH_STRIPES_PER_BLOCK)

/* The specification's default secret (192 bytes). */
static const uint8_t k_default_secret[XXH_SECRET_SIZE] = {
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c,
    0xf7, 0x21, 0xad, 0x1c, 0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb,
    0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f, 0xcb, 0x79, 0xe6, 0x4e,
    0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6,
    0x81, 0x3a, 0x26, 0x4c, 0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb,
    0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3, 0x71, 0x64, 0x48, 0x97,
    0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7,
    0xc7, 0x0b, 0x4f, 0x1d, 0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31,
    0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64, 0xea, 0xc5, 0xac, 0x83,
    0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26,
    0x29, 0xd4, 0x68, 0x9e, 0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc,
    0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce, 0x45, 0xcb, 0x3a, 0x8f,
    0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e,
};

/* ---- portable primitives ------------------------------------------------ */

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* The host is little-endian: a native (memcpy) load is the value. */
#define XXH_NATIVE_LITTLE_ENDIAN 1
#else
#define XXH_NATIVE_LITTLE_ENDIAN 0
#endif

/* The little-endian 64-bit word at `p` (any alignment). */
static inline uint64_t read_le64(const uint8_t *p) {
#if XXH_NATIVE_LITTLE_ENDIAN
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
#else
    uint8_t b[8];
    memcpy(b, p, sizeof b);
    return (uint64_t)b[0] | ((uint64_t)b[1] << 8) | ((uint64_t)b[2] << 16) |
           ((uint64_t)b[3] << 24) | ((uint64_t)b[4] << 32) |
           ((uint64_t)b[5] << 40) | ((uint64_t)b[6] << 48) |
           ((uint64_t)b[7] << 56);
#endif
}

/* The little-endian 32-bit word at `p` (any alignment). */
static inline uint32_t read_le32(const uint8_t *p) {
#if XXH_NATIVE_LITTLE_ENDIAN
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
#else
    uint8_t b[4];
    memcpy(b, p, sizeof b);
    return (uint32_t)b[0] | ((uint32_t)b[1] << 8) | ((uint32_t)b[2] << 16) |
           ((uint32_t)b[3] << 24);
#endif
}

/* Stores `v` at `p` as 8 little-endian bytes. */
static inline void write_le64(uint8_t *p, uint64_t v) {
#if XXH_NATIVE_LITTLE_ENDIAN
    memcpy(p, &v, sizeof v);
#else
    for (int i = 0; i < 8; i++) p[i] = (uint8_t)(v >> (8 * i));
#endif
}

/* `x` rotated left by `r` bits (0 < r < 64). */
static inline uint64_t rotl64(uint64_t x, unsigned r) {
    return (x << r) | (x >> (64u - r));
}

/* The byte order of a 32-bit value reversed. */
static inline uint32_t bswap32(uint32_t x) {
    return ((x << 24) & 0xFF000000u) | ((x << 8) & 0x00FF0000u) |
           ((x >> 8) & 0x0000FF00u) | ((x >> 24) & 0x000000FFu);
}

/* The byte order of a 64-bit value reversed. */
static inline uint64_t bswap64(uint64_t x) {
    return ((uint64_t)bswap32((uint32_t)x) << 32) | bswap32((uint32_t)(x >> 32));
}

/* The full 128-bit product a * b, folded: low 64 bits xor high 64 bits. */
static inline uint64_t mul128_fold64(uint64_t a, uint64_t b) {
#if defined(__SIZEOF_INT128__)
    __uint128_t product = (__uint128_t)a * b;
    return (uint64_t)product ^ (uint64_t)(product >> 64);
#else
    /* Schoolbook multiply on 32-bit halves; no partial sum overflows. */
    uint64_t lo_lo = (a & 0xFFFFFFFFu) * (b & 0xFFFFFFFFu);
    uint64_t hi_lo = (a >> 32) * (b & 0xFFFFFFFFu);
    uint64_t lo_hi = (a & 0xFFFFFFFFu) * (b >> 32);
    uint64_t hi_hi = (a >> 32) * (b >> 32);
    uint64_t cross = (lo_lo >> 32) + (hi_lo & 0xFFFFFFFFu) + lo_hi;
    uint64_t high = hi_hi + (hi_lo >> 32) + (cross >> 32);
    uint64_t low = (cross << 32) | (lo_lo & 0xFFFFFFFFu);
    return low ^ high;
#endif
}

/* The specification's XXH3 `avalanche()`: the final mix of most classes. */
static inline uint64_t avalanche(uint64_t x) {
    x ^= x >> 37;
    x *= XXH_PRIME_MX1;
    x ^= x >> 32;
    return x;
}

/* The specification's `avalanche_XXH64()` (XXH64's final mix). */
static inline uint64_t avalanche_xxh64(uint64_t x) {
    x ^= x >> 33;
    x *= XXH_PRIME64_2;
    x ^= x >> 29;
    x *= XXH_PRIME64_3;
    x ^= x >> 32;
    return x;
}

/* ---- small inputs (0-16 bytes) ------------------------------------------ */

/* Empty input: the seed and secret[56:72]. */
static uint64_t hash_empty(const uint8_t *secret, uint64_t seed) {
    return avalanche_xxh64(seed ^ read_le64(secret + 56) ^
                           read_le64(secret + 64));
}

/* 1-3 bytes: last, length, first and middle byte in one 32-bit word,
 * keyed with secret[0:8] read as two 32-bit words. */
static uint64_t hash_1to3(const uint8_t *p, size_t len, const uint8_t *secret,
                          uint64_t seed) {
    uint32_t combined = (uint32_t)p[len - 1] | ((uint32_t)len << 8) |
                        ((uint32_t)p[0] << 16) | ((uint32_t)p[len >> 1] << 24);
    uint64_t key = (uint64_t)(read_le32(secret) ^ read_le32(secret + 4)) + seed;
    return avalanche_xxh64(key ^ (uint64_t)combined);
}

/* 4-8 bytes: the first and last 4 bytes, secret[8:24], a modified seed, and
 * the specification's rotate-rotate-multiply-xorshift-multiply mix. */
static uint64_t hash_4to8(const uint8_t *p, size_t len, const uint8_t *secret,
                          uint64_t seed) {
    uint32_t first = read_le32(p);
    uint32_t last = read_le32(p + len - 4);
    uint64_t modified_seed = seed ^ ((uint64_t)bswap32((uint32_t)seed) << 32);
    uint64_t key = read_le64(secret + 8) ^ read_le64(secret + 16);
    uint64_t combined = (uint64_t)last | ((uint64_t)first << 32);
    uint64_t v = (key - modified_seed) ^ combined;
    v ^= rotl64(v, 49) ^ rotl64(v, 24);
    v *= XXH_PRIME_MX2;
    v ^= (v >> 35) + (uint64_t)len;
    v *= XXH_PRIME_MX2;
    v ^= v >> 28;
    return v;
}

/* 9-16 bytes: the first and last 8 bytes keyed with secret[24:56], one
 * folded 128-bit product. */
static uint64_t hash_9to16(const uint8_t *p, size_t len, const uint8_t *secret,
                           uint64_t seed) {
    uint64_t low = ((read_le64(secret + 24) ^ read_le64(secret + 32)) + seed) ^
                   read_le64(p);
    uint64_t high = ((read_le64(secret + 40) ^ read_le64(secret + 48)) - seed) ^
                    read_le64(p + len - 8);
    uint64_t v = (uint64_t)len + bswap64(low) + high + mul128_fold64(low, high);
    return avalanche(v);
}

/* ---- medium inputs (17-240 bytes) --------------------------------------- */

/* The specification's mixStep: 16 input bytes against 16 secret bytes and
 * the seed, one folded 128-bit product. */
static inline uint64_t mix16(const uint8_t *p, const uint8_t *secret,
                             uint64_t seed) {
    uint64_t lo = read_le64(p) ^ (read_le64(secret) + seed);
    uint64_t hi = read_le64(p + 8) ^ (read_le64(secret + 8) - seed);
    return mul128_fold64(lo, hi);
}

/* 17-128 bytes: N 16-byte chunks from the front paired with N from the
 * back, N = ceil(len / 32). */
static uint64_t hash_17to128(const uint8_t *p, size_t len,
                             const uint8_t *secret, uint64_t seed) {
    uint64_t acc = (uint64_t)len * XXH_PRIME64_1;
    size_t rounds = ((len - 1) >> 5) + 1;
    for (size_t i = rounds; i-- > 0;) {
        acc += mix16(p + 16 * i, secret + 32 * i, seed);
        acc += mix16(p + len - 16 - 16 * i, secret + 32 * i + 16, seed);
    }
    return avalanche(acc);
}

/* 129-240 bytes: eight chunks, an intermediate avalanche, the remaining
 * full chunks (secret shifted by 3), then the last 16 bytes (offset 119). */
static uint64_t hash_129to240(const uint8_t *p, size_t len,
                              const uint8_t *secret, uint64_t seed) {
    uint64_t acc = (uint64_t)len * XXH_PRIME64_1;
    size_t chunks = len >> 4;
    for (size_t i = 0; i < 8; i++) acc += mix16(p + 16 * i, secret + 16 * i, seed);
    acc = avalanche(acc);
    for (size_t i = 8; i < chunks; i++)
        acc += mix16(p + 16 * i, secret + 16 * (i - 8) + 3, seed);
    acc += mix16(p + len - 16, secret + 119, seed);
    return avalanche(acc);
}

/* ---- large inputs (241+ bytes) ------------------------------------------ */

/* One accumulation step: a 64-byte stripe against 64 secret bytes. Each
 * lane adds the product of the low and high halves of (lane ^ secret) to
 * its own accumulator and the raw lane to its neighbour (i ^ 1). */
static inline void accumulate_stripe(uint64_t acc[8], const uint8_t *stripe,
                                     const uint8_t *secret) {
    for (unsigned i = 0; i < 8; i++) {
        uint64_t lane = read_le64(stripe + 8 * i);
        uint64_t v = lane ^ read_le64(secret + 8 * i);
        acc[i ^ 1] += lane;
        acc[i] += (v & 0xFFFFFFFFu) * (v >> 32);
    }
}

/* Accumulates `stripes` consecutive stripes; the secret advances 8 bytes
 * per stripe. */
static inline void accumulate_stripes(uint64_t acc[8], const uint8_t *p,
                                      size_t stripes, const uint8_t *secret) {
    for (size_t n = 0; n < stripes; n++)
        accumulate_stripe(acc, p + n * XXH_STRIPE_LEN, secret + n * 8);
}

/* The end-of-block scramble with the secret's last 64 bytes. */
static inline void scramble(uint64_t acc[8], const uint8_t *secret_end64) {
    for (unsigned i = 0; i < 8; i++) {
        uint64_t a = acc[i];
        a ^= a >> 47;
        a ^= read_le64(secret_end64 + 8 * i);
        a *= XXH_PRIME32_1;
        acc[i] = a;
    }
}

/* Large inputs (> 240 bytes) with a 192-byte `secret`: full blocks (each
 * accumulated then scrambled), the last block's full stripes but its final
 * one, the input's last 64 bytes as a stripe, and the final merge. */
static uint64_t hash_large(const uint8_t *p, size_t len,
                           const uint8_t *secret) {
    uint64_t acc[8] = {XXH_PRIME32_3, XXH_PRIME64_1, XXH_PRIME64_2,
                       XXH_PRIME64_3, XXH_PRIME64_4, XXH_PRIME32_2,
                       XXH_PRIME64_5, XXH_PRIME32_1};
    const uint8_t *secret_end64 = secret + XXH_SECRET_SIZE - XXH_STRIPE_LEN;

    /* Every full block but the last (which may also be full). */
    size_t blocks = (len - 1) / XXH_BLOCK_LEN;
    for (size_t b = 0; b < blocks; b++) {
        accumulate_stripes(acc, p + b * XXH_BLOCK_LEN, XXH_STRIPES_PER_BLOCK,
                           secret);
        scramble(acc, secret_end64);
    }

    /* The last block (1..1024 bytes): its stripes but the last one. */
    size_t tail = len - blocks * XXH_BLOCK_LEN;
    accumulate_stripes(acc, p + blocks * XXH_BLOCK_LEN,
                       (tail - 1) / XXH_STRIPE_LEN, secret);
    /* The last 64 bytes of input (may overlap the previous stripe). */
    accumulate_stripe(acc, p + len - XXH_STRIPE_LEN,
                      secret + XXH_SECRET_SIZE - XXH_STRIPE_LEN - 7);

    /* Final merge with secret[11:75]. */
    uint64_t result = (uint64_t)len * XXH_PRIME64_1;
    for (unsigned i = 0; i < 4; i++)
        result += mul128_fold64(acc[2 * i] ^ read_le64(secret + 11 + 16 * i),
                                acc[2 * i + 1] ^ read_le64(secret + 19 + 16 * i));
    return avalanche(result);
}

/* The secret for seeded large inputs: the default secret as 24 little-endian
 * 64-bit words, `seed` added to the even ones and subtracted from the odd. */
static void derive_secret(uint8_t out[XXH_SECRET_SIZE], uint64_t seed) {
    for (size_t i = 0; i < XXH_SECRET_SIZE / 16; i++) {
        write_le64(out + 16 * i, read_le64(k_default_secret + 16 * i) + seed);
        write_le64(out + 16 * i + 8,
                   read_le64(k_default_secret + 16 * i + 8) - seed);
    }
}

/* ---- entry point --------------------------------------------------------- */

uint64_t bxd_xxh3_64(const void *data, size_t len, uint64_t seed) {
    const uint8_t *p = (const uint8_t *)data;
    const uint8_t *secret = k_default_secret;
    if (len <= 16) {
        if (len > 8) return hash_9to16(p, len, secret, seed);
        if (len >= 4) return hash_4to8(p, len, secret, seed);
        if (len > 0) return hash_1to3(p, len, secret, seed);
        return hash_empty(secret, seed);
    }
    if (len <= 128) return hash_17to128(p, len, secret, seed);
    if (len <= 240) return hash_129to240(p, len, secret, seed);
    if (seed == 0) return hash_large(p, len, secret);
    uint8_t derived[XXH_SECRET_SIZE];
    derive_secret(derived, seed);
    return hash_large(p, len, derived);
}
