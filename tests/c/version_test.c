/* tests/c/version_test.c: strata_version() reports the version of the library linked, which is
 * the version of the header this test compiled against, and STRATA_VERSION orders versions as
 * their numbers do. (That the header matches CMake's project version, the consumer tests check.) */
#include <strata/strata.h>

#include "support/check.h"

static void the_library_is_the_version_of_its_header(void) {
  CHECK_INT(strata_version(), STRATA_VERSION);
}

/* STRATA_VERSION is major * 10000 + minor * 100 + patch: a part of 100 or more would overlap the
 * next, and 0.99.100 would read as 0.100.0. */
static void each_part_is_below_100_so_that_the_number_orders_versions(void) {
  CHECK_INT(STRATA_VERSION_MINOR < 100 && STRATA_VERSION_PATCH < 100, 1);
}

#if STRATA_VERSION < 100
#error "STRATA_VERSION must be usable in #if, and strata is at least 0.1.0"
#endif

int main(void) {
  static const test_case tests[] = {
      {"the_library_is_the_version_of_its_header", the_library_is_the_version_of_its_header},
      {"each_part_is_below_100_so_that_the_number_orders_versions",
       each_part_is_below_100_so_that_the_number_orders_versions},
  };
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
