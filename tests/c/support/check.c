/* tests/c/support/check.c: the C API tests' harness. */
#include "check.h"

#include <stdio.h>
#include <string.h>

static int failures_in_test = 0;

static void report(const char* file, int line, const char* expression) {
  ++failures_in_test;
  fprintf(stderr, "%s:%d: check failed: %s\n", file, line, expression);
}

void check_int(long got, long want, const char* expression, const char* file, int line) {
  if (got != want) {
    report(file, line, expression);
    fprintf(stderr, "  got:  %ld\n  want: %ld\n", got, want);
  }
}

void check_str(const char* got, const char* want, const char* expression, const char* file,
               int line) {
  if (got == NULL || want == NULL ? got != want : strcmp(got, want) != 0) {
    report(file, line, expression);
    fprintf(stderr, "  got:  \"%s\"\n  want: \"%s\"\n", got ? got : "(null)",
            want ? want : "(null)");
  }
}

void check_affixes(const char* got, const char* prefix, const char* suffix, const char* expression,
                   const char* file, int line) {
  size_t length = got ? strlen(got) : 0;
  if (got == NULL || length < strlen(prefix) + strlen(suffix) ||
      strncmp(got, prefix, strlen(prefix)) != 0 ||
      strcmp(got + length - strlen(suffix), suffix) != 0) {
    report(file, line, expression);
    fprintf(stderr, "  got:  \"%s\"\n  want: \"%s...%s\"\n", got ? got : "(null)", prefix, suffix);
  }
}

int run_tests(const test_case* tests, size_t count) {
  size_t i;
  int passed = 0;
  int failed = 0;
  for (i = 0; i < count; ++i) {
    failures_in_test = 0;
    tests[i].run();
    if (failures_in_test == 0) {
      ++passed;
      printf("[  PASSED  ] %s\n", tests[i].name);
    } else {
      ++failed;
      printf("[  FAILED  ] %s\n", tests[i].name);
    }
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed == 0 ? 0 : 1;
}
