/*
 * hash.c - byte hashing through the system libxxhash (XXH3, 64-bit).
 * The only file of the core that includes <xxhash.h>.
 */
#include "CBoxDiff.h"

#include <xxhash.h>

uint64_t bxd_hash_bytes(const void *data, size_t length, uint64_t seed) {
    if (data == NULL || length == 0) return XXH3_64bits_withSeed("", 0, seed);
    return XXH3_64bits_withSeed(data, length, seed);
}
