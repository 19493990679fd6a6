/*
 * hash.c - byte hashing with XXH3 (64-bit).
 *
 * Uses the system libxxhash (XXH3_64bits_withSeed) when <xxhash.h> is
 * available, and the core's own XXH3-64 (xxh3.c, written from the
 * published specification) when it is not or when the core is built with
 * -DBXD_USE_BUNDLED_XXH3. Both give identical values
 * (Tests/CTests/test_xxh3.c). The only file of the core that includes
 * <xxhash.h>.
 */
#include "CBoxDiff.h"

/* BXD_HASH_SYSTEM_XXHASH is 1 when this build hashes through libxxhash. */
#if !defined(BXD_USE_BUNDLED_XXH3) && defined(__has_include)
#if __has_include(<xxhash.h>)
#define BXD_HASH_SYSTEM_XXHASH 1
#endif
#endif
#ifndef BXD_HASH_SYSTEM_XXHASH
#define BXD_HASH_SYSTEM_XXHASH 0
#endif

#if BXD_HASH_SYSTEM_XXHASH
#include <xxhash.h>
#else
#include "xxh3.h"
#endif

uint64_t bxd_hash_bytes(const void *data, size_t length, uint64_t seed) {
    /* NULL (with any length) hashes as the empty input. */
    if (data == NULL || length == 0) {
        data = "";
        length = 0;
    }
#if BXD_HASH_SYSTEM_XXHASH
    return XXH3_64bits_withSeed(data, length, seed);
#else
    return bxd_xxh3_64(data, length, seed);
#endif
}
