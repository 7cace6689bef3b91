/* tests/c/support/check.h: the C API tests' harness: checks that report the expression, file
 * and line of a mismatch, and a runner that prints one line per test and the totals. */
#ifndef STRATA_TEST_CHECK_H
#define STRATA_TEST_CHECK_H

#include <stddef.h>

typedef struct test_case {
  const char* name;
  void (*run)(void);
} test_case;

void check_int(long got, long want, const char* expression, const char* file, int line);
void check_str(const char* got, const char* want, const char* expression, const char* file,
               int line);
/* For messages built by the C++ core that name its internal state type: `got` must start with
 * `prefix` and end with `suffix`. */
void check_affixes(const char* got, const char* prefix, const char* suffix, const char* expression,
                   const char* file, int line);

#define CHECK_INT(got, want) check_int((long)(got), (long)(want), #got, __FILE__, __LINE__)
#define CHECK_STR(got, want) check_str((got), (want), #got, __FILE__, __LINE__)
#define CHECK_AFFIXES(got, prefix, suffix)                                                         \
  check_affixes((got), (prefix), (suffix), #got, __FILE__, __LINE__)

/* Runs every test, prints "N passed, N failed", and returns the exit status of the program. */
int run_tests(const test_case* tests, size_t count);

#endif
