/* tests/c/oom_requests_test.c: requests are all or nothing when memory runs out (issue 10,
 * item 7). With an allocator that fails at the n-th allocation, for every n until the request
 * needs no more, strata_pop_to, strata_clear and strata_pop_until either succeed or fail with
 * STRATA_E_NO_MEMORY leaving the staged stack exactly as it was, no state's data released. */
#include <stddef.h>
#include <strata/strata.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"
#include "support/counter.h"

static recorder log_;

/* The staged stack as "a b c", from the bottom. */
static void staged_names(strata_stack* stack, char* out) {
  size_t depth;
  strata_entry entry;
  out[0] = '\0';
  for (depth = 0; depth < strata_staged_size(stack); ++depth) {
    CHECK_INT(strata_entry_at(stack, STRATA_STAGED, depth, &entry), STRATA_OK);
    strcat(out, depth == 0 ? "" : " ");
    strcat(out, entry.name);
  }
}

typedef int (*request_fn)(strata_stack* stack);

static int pop_to_one(strata_stack* stack) {
  return strata_pop_to(stack, 1);
}
static int clear_all(strata_stack* stack) {
  return strata_clear(stack);
}
static int pop_until_a(strata_stack* stack) {
  return strata_pop_until(stack, "a");
}

/* Committed a | b | c, with d and e staged above; then `request` with the n-th allocation
 * failing, for every n. Returns how many failures were seen. */
static long fail_at_every_allocation(request_fn request, const char* after) {
  long n;
  long failures = 0;
  for (n = 0; n < 64; ++n) {
    counter count;
    strata_allocator allocator;
    strata_stack* stack = counted_stack(&log_, &count, &allocator);
    actor a, b, c, d, e;
    char before[64];
    char now[64];
    int result;
    actor_init(&a, "a", &log_);
    actor_init(&b, "b", &log_);
    actor_init(&c, "c", &log_);
    actor_init(&d, "d", &log_);
    actor_init(&e, "e", &log_);
    push_actor(stack, &a);
    push_actor(stack, &b);
    push_actor(stack, &c);
    strata_commit(stack);
    push_actor(stack, &d);
    push_actor(stack, &e);
    take(&log_);
    staged_names(stack, before);

    count.fail_after = n;
    result = request(stack);
    count.fail_after = -1;
    staged_names(stack, now);
    if (result == STRATA_OK) {
      CHECK_STR(now, after);
    } else {
      ++failures;
      CHECK_INT(result, STRATA_E_NO_MEMORY);
      CHECK_STR(now, before);
      CHECK_STR(take(&log_), ""); /* no data released */
    }
    strata_destroy(stack);
    take(&log_);
    CHECK_INT(count.live, 0);
    CHECK_INT(count.mismatches, 0);
    if (result == STRATA_OK) {
      break;
    }
  }
  CHECK_INT(n < 64, 1);
  return failures;
}

static void item7_pop_to_is_all_or_nothing(void) {
  CHECK_INT(fail_at_every_allocation(pop_to_one, "a") > 0, 1);
}

static void item7_clear_is_all_or_nothing(void) {
  CHECK_INT(fail_at_every_allocation(clear_all, "") > 0, 1);
}

static void item7_pop_until_is_all_or_nothing(void) {
  CHECK_INT(fail_at_every_allocation(pop_until_a, "a") > 0, 1);
}

int main(void) {
  static const test_case tests[] = {
      {"item7_pop_to_is_all_or_nothing", item7_pop_to_is_all_or_nothing},
      {"item7_clear_is_all_or_nothing", item7_clear_is_all_or_nothing},
      {"item7_pop_until_is_all_or_nothing", item7_pop_until_is_all_or_nothing},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
