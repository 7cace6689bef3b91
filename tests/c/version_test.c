/* tests/c/version_test.c: strata_version() reports the version of the library linked, which is
 * the version of the header this test compiled against, and STRATA_VERSION orders versions as
 * their numbers do. (That the header matches CMake's project version, the consumer tests check.) */
#include <strata/strata.h>

#include "support/check.h"

static void the_library_is_the_version_of_its_header(void) {
  CHECK_INT(strata_version(), STRATA_VERSION);
}

static void strata_version_is_major_minor_patch_in_one_number(void) {
  CHECK_INT(STRATA_VERSION,
            STRATA_VERSION_MAJOR * 10000L + STRATA_VERSION_MINOR * 100L + STRATA_VERSION_PATCH);
  /* Each part below 100, so that the number orders versions: 0.99.99 < 1.0.0. */
  CHECK_INT(STRATA_VERSION_MINOR < 100 && STRATA_VERSION_PATCH < 100, 1);
}

#if STRATA_VERSION < 100
#error "STRATA_VERSION must be usable in #if, and strata is at least 0.1.0"
#endif

int main(void) {
  static const test_case tests[] = {
      {"the_library_is_the_version_of_its_header", the_library_is_the_version_of_its_header},
      {"strata_version_is_major_minor_patch_in_one_number",
       strata_version_is_major_minor_patch_in_one_number},
  };
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
