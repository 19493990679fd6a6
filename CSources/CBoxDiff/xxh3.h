/*
 * xxh3.h - the C core's own XXH3-64 (private; not part of CBoxDiff.h).
 *
 * Written from the published XXH3 specification (xxHash's
 * doc/xxhash_spec.md, "XXH3 Algorithm Description"). hash.c uses it when
 * <xxhash.h> is not available or when the core is built with
 * -DBXD_USE_BUNDLED_XXH3; it returns the same values as libxxhash's
 * XXH3_64bits_withSeed (Tests/CTests/test_xxh3.c checks this).
 */
#ifndef BXD_XXH3_H
#define BXD_XXH3_H

#include <stddef.h>
#include <stdint.h>

#include "visibility.h"

/**
 * XXH3 64-bit hash of `len` bytes at `data` with `seed`.
 *
 * Identical to libxxhash's `XXH3_64bits_withSeed(data, len, seed)` on every
 * platform (inputs are read as little-endian, unaligned reads are fine).
 * `data` may be NULL only when `len` is 0; nothing is read then. Never
 * fails, allocates nothing, thread-safe.
 */
BXD_HIDDEN uint64_t bxd_xxh3_64(const void *data, size_t len, uint64_t seed);

#endif
