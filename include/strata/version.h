/* strata/version.h: the version of these headers, for C and C++ alike (strata.hpp and strata.h
 * include it). CMakeLists.txt's project(VERSION) is the one place the version is decided; these
 * macros follow it, and every consumer test (tests/consumers) fails to compile if they differ.
 * docs/versioning.md says what a change of each number promises. */
#ifndef STRATA_VERSION_H
#define STRATA_VERSION_H

#define STRATA_VERSION_MAJOR 0
#define STRATA_VERSION_MINOR 1
#define STRATA_VERSION_PATCH 0

/* One number that compares as the version does, usable in #if: 1.2.3 is 10203, 0.1.0 is 100. */
#define STRATA_VERSION                                                                             \
  (STRATA_VERSION_MAJOR * 10000 + STRATA_VERSION_MINOR * 100 + STRATA_VERSION_PATCH)

#endif
