/* tests/c/memory_test.c: where a C stack's memory comes from and where its states' data goes.
 * Every byte comes from the allocator given at creation (the stack itself included) and goes
 * back to it by strata_destroy; a steady loop allocates nothing; running out of memory is
 * reported; and the destroy callback releases the data of every state the stack drops, entered
 * or not. */
#include <stddef.h>
#include <stdlib.h>
#include <strata/strata.h>

#include "support/actor.h"
#include "support/check.h"
#include "support/counter.h"

static recorder log_;

static void every_byte_comes_from_the_allocator_and_goes_back(void) {
  counter count;
  strata_allocator allocator;
  strata_options seen;
  actor a, b, c;
  strata_stack* stack = counted_stack(&log_, &count, &allocator);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b with a long name that the stack copies", &log_);
  actor_init(&c, "c", &log_);

  CHECK_INT(holds(&count, stack), 1); /* the stack itself */
  CHECK_INT(strata_get_options(stack, &seen), STRATA_OK);
  CHECK_INT(seen.allocator->user == &count, 1);

  push_actor(stack, &a);
  push_actor(stack, &b);
  strata_frame(stack, 1.0);
  push_actor_as(stack, &c, STRATA_TRANSPARENT);
  strata_pop_until(stack, "a");
  strata_frame(stack, 1.0);
  CHECK_INT(count.allocations > 1, 1);

  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_INT(count.live, 0);
  CHECK_INT(count.releases, count.allocations);
  CHECK_INT(count.mismatches, 0);
  CHECK_INT(a.destroyed + b.destroyed + c.destroyed, 3);
  take(&log_);
}

static void one_turn(strata_stack* stack, actor* menu) {
  push_actor(stack, menu);
  strata_frame(stack, 1.0);
  strata_pop(stack);
  strata_frame(stack, 1.0);
}

static void a_steady_loop_allocates_nothing_after_warm_up(void) {
  counter count;
  strata_allocator allocator;
  actor world, menu;
  long warm;
  int i;
  strata_stack* stack = counted_stack(&log_, &count, &allocator);
  actor_init(&world, "world", NULL);
  actor_init(&menu, "a menu whose name is copied at every push", NULL);
  push_actor(stack, &world);
  for (i = 0; i < 3; ++i) {
    one_turn(stack, &menu);
  }

  warm = count.allocations;
  for (i = 0; i < 100; ++i) {
    one_turn(stack, &menu);
  }
  CHECK_INT(count.allocations, warm);
  CHECK_INT(menu.destroyed, 103);

  strata_destroy(stack);
  CHECK_INT(count.releases, count.allocations);
  take(&log_);
}

static void running_out_of_memory_is_reported_and_survived(void) {
  counter count;
  strata_allocator allocator;
  strata_options settings = {NULL, 0, 0, 0};
  strata_stack* stack = NULL;
  actor a, b;
  long granted;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);

  /* The stack does not fit, whichever of its first allocations fails. */
  allocator = counting_allocator(&count);
  settings.allocator = &allocator;
  for (granted = 0; granted < 10; ++granted) {
    counter_init(&count);
    count.fail_after = granted;
    if (strata_create(&stack, &log_, &settings) == STRATA_OK) {
      break;
    }
    CHECK_INT(stack == NULL, 1);
    CHECK_INT(count.live, 0);
  }
  CHECK_INT(granted > 0 && granted < 10, 1);
  strata_destroy(stack);
  CHECK_INT(count.live, 0);

  /* A push that finds no memory takes its data all the same, and changes nothing. */
  stack = counted_stack(&log_, &count, &allocator);
  count.fail_after = 0;
  CHECK_INT(push_actor(stack, &a), STRATA_E_NO_MEMORY);
  CHECK_STR(strata_last_error(stack), "strata: out of memory");
  CHECK_STR(take(&log_), "a.destroyed");
  CHECK_INT(strata_staged_size(stack), 0);

  count.fail_after = -1;
  CHECK_INT(push_actor(stack, &b), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "b.enter");

  /* The name's copy is what fails here: the state is not staged. */
  count.fail_after = 0;
  CHECK_INT(push_actor(stack, &a), STRATA_E_NO_MEMORY);
  CHECK_INT(strata_staged_size(stack), 1);
  count.fail_after = -1;

  strata_destroy(stack);
  CHECK_STR(take(&log_), "a.destroyed, b.exit, b.destroyed");
  CHECK_INT(count.live, 0);
  CHECK_INT(count.mismatches, 0);
}

static void the_data_of_states_that_never_entered_is_released(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b, c, d;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  actor_init(&d, "d", &log_);

  push_actor(stack, &a);
  push_actor(stack, &b);
  strata_pop(stack);
  CHECK_STR(take(&log_), "b.destroyed");
  push_actor(stack, &c);
  strata_replace(stack, &traced_state, &d);
  CHECK_STR(take(&log_), "c.destroyed");

  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_STR(take(&log_), "d.destroyed, a.destroyed");
  CHECK_INT(a.destroyed + b.destroyed + c.destroyed + d.destroyed, 4);
}

static void a_state_without_destroy_callback_leaves_its_data_alone(void) {
  static strata_state borrowed_kind;
  strata_stack* stack = make_stack(&log_, NULL);
  actor a;
  borrowed_kind = traced_state;
  borrowed_kind.destroy = NULL;
  actor_init(&a, "a", &log_);

  strata_push(stack, &borrowed_kind, &a);
  strata_commit(stack);
  strata_destroy(stack);
  CHECK_STR(take(&log_), "a.enter, a.exit");
  CHECK_INT(a.destroyed, 0);
}

int main(void) {
  static const test_case tests[] = {
      {"every_byte_comes_from_the_allocator_and_goes_back",
       every_byte_comes_from_the_allocator_and_goes_back},
      {"a_steady_loop_allocates_nothing_after_warm_up",
       a_steady_loop_allocates_nothing_after_warm_up},
      {"running_out_of_memory_is_reported_and_survived",
       running_out_of_memory_is_reported_and_survived},
      {"the_data_of_states_that_never_entered_is_released",
       the_data_of_states_that_never_entered_is_released},
      {"a_state_without_destroy_callback_leaves_its_data_alone",
       a_state_without_destroy_callback_leaves_its_data_alone},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
