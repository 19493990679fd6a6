/*
 * visibility.h - BXD_HIDDEN, for the core's internal functions (private).
 *
 * Every function that is not in CBoxDiff.h but is shared between the
 * core's files is declared BXD_HIDDEN, so a shared library built from
 * these files exports exactly the public header's functions (marked
 * BXD_API) without any compiler flag: SwiftPM builds the target without
 * -fvisibility=hidden, scripts/install-c.sh with it.
 */
#ifndef BXD_VISIBILITY_H
#define BXD_VISIBILITY_H

#if (defined(__GNUC__) || defined(__clang__)) && !defined(_WIN32) && \
    !defined(__CYGWIN__)
#define BXD_HIDDEN __attribute__((visibility("hidden")))
#else
#define BXD_HIDDEN /* Windows exports only what is marked dllexport */
#endif

#endif /* BXD_VISIBILITY_H */
