/* tests/c/options_test.c: the limits of a C stack (issue 10, item 17). A limit of 0 means the
 * default everywhere: in strata_options, strata_set_max_transitions and strata_set_max_depth;
 * strata_get_options reports the limits in force, never 0, so that a stack created from the
 * options read back from another behaves as that one does. */
#include <stddef.h>
#include <strata/strata.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

static void zero_in_strata_options_means_the_defaults(void) {
  strata_options zero = {NULL, 0, 0, 0};
  strata_options seen;
  strata_stack* stack = make_stack(&log_, &zero);
  CHECK_INT(strata_get_options(stack, &seen), STRATA_OK);
  CHECK_INT(seen.max_transitions, 10000);
  CHECK_INT(seen.max_depth, 1000);
  CHECK_INT(seen.coalesced, 0);
  strata_destroy(stack);
}

static void setting_a_limit_to_zero_restores_its_default(void) {
  strata_options seen;
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b, c;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);

  strata_set_max_depth(stack, 2);
  strata_set_max_transitions(stack, 1);
  CHECK_INT(strata_set_max_depth(stack, 0), STRATA_OK);
  CHECK_INT(strata_set_max_transitions(stack, 0), STRATA_OK);
  CHECK_INT(strata_get_options(stack, &seen), STRATA_OK);
  CHECK_INT(seen.max_depth, 1000);
  CHECK_INT(seen.max_transitions, 10000);

  /* With limits of 0 in force, the first push and the first enter would be refused. */
  CHECK_INT(push_actor(stack, &a), STRATA_OK);
  CHECK_INT(push_actor(stack, &b), STRATA_OK);
  CHECK_INT(push_actor(stack, &c), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "a.enter, a.pause, b.enter, b.pause, c.enter");
  destroy_stack(stack, &log_);
}

/* Pushes a, b and c and commits: what the limits let through. */
static const char* three_pushes(strata_stack* stack, int* pushes_refused) {
  actor a, b, c;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  *pushes_refused = (push_actor(stack, &a) != STRATA_OK) + (push_actor(stack, &b) != STRATA_OK) +
                    (push_actor(stack, &c) != STRATA_OK);
  strata_commit(stack);
  strata_destroy(stack);
  return take(&log_);
}

static void options_read_back_make_a_stack_that_behaves_the_same(void) {
  strata_options first;
  strata_options second;
  strata_stack* original = make_stack(&log_, NULL);
  strata_stack* copy;
  int refused = 0;
  char original_trace[RECORDER_SIZE];

  strata_set_max_depth(original, 2);
  strata_set_coalesced(original, 1);
  CHECK_INT(strata_get_options(original, &first), STRATA_OK);
  copy = make_stack(&log_, &first);
  CHECK_INT(strata_get_options(copy, &second), STRATA_OK);
  CHECK_INT(second.max_depth, 2);
  CHECK_INT(second.max_transitions, 10000);
  CHECK_INT(second.coalesced, 1);

  strcpy(original_trace, three_pushes(original, &refused));
  CHECK_INT(refused, 1);
  CHECK_STR(three_pushes(copy, &refused), original_trace);
  CHECK_INT(refused, 1);
  CHECK_STR(original_trace, "c.destroyed, a.enter, a.pause, b.enter, b.exit, b.destroyed, "
                            "a.exit, a.destroyed");
}

/* The limits set to 0 with the setters are read back as the defaults in force, so the stack made
 * from them behaves as the original (it used to read 0 back: the copy got the defaults, while
 * the original refused every push). */
static void options_read_back_after_setting_zero_make_a_stack_that_behaves_the_same(void) {
  strata_options first;
  strata_options second;
  strata_stack* original = make_stack(&log_, NULL);
  strata_stack* copy;
  int refused = 0;
  char original_trace[RECORDER_SIZE];

  CHECK_INT(strata_set_max_depth(original, 0), STRATA_OK);
  CHECK_INT(strata_set_max_transitions(original, 0), STRATA_OK);
  CHECK_INT(strata_get_options(original, &first), STRATA_OK);
  CHECK_INT(first.max_depth, 1000);
  CHECK_INT(first.max_transitions, 10000);
  copy = make_stack(&log_, &first);
  CHECK_INT(strata_get_options(copy, &second), STRATA_OK);
  CHECK_INT(second.max_depth, 1000);
  CHECK_INT(second.max_transitions, 10000);

  strcpy(original_trace, three_pushes(original, &refused));
  CHECK_INT(refused, 0);
  CHECK_STR(three_pushes(copy, &refused), original_trace);
  CHECK_INT(refused, 0);
  CHECK_STR(original_trace, "a.enter, a.pause, b.enter, b.pause, c.enter, c.exit, c.destroyed, "
                            "b.resume, b.exit, b.destroyed, a.resume, a.exit, a.destroyed");
}

int main(void) {
  static const test_case tests[] = {
      {"zero_in_strata_options_means_the_defaults", zero_in_strata_options_means_the_defaults},
      {"setting_a_limit_to_zero_restores_its_default",
       setting_a_limit_to_zero_restores_its_default},
      {"options_read_back_make_a_stack_that_behaves_the_same",
       options_read_back_make_a_stack_that_behaves_the_same},
      {"options_read_back_after_setting_zero_make_a_stack_that_behaves_the_same",
       options_read_back_after_setting_zero_make_a_stack_that_behaves_the_same},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
