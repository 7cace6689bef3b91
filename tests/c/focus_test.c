/* tests/c/focus_test.c: focus and unfocus (R29) through the C API: the exact trace of callbacks,
 * observer steps and data releases as the focus follows the committed top, settled once a commit
 * has nothing else to do; callbacks that make requests or fail; and pending(). */
#include <stddef.h>
#include <strata/strata.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* A stack of focused_state actors, committed (the top focused), its trace taken. */
static strata_stack* focused_stack(int coalesced, actor* first, actor* second, actor* third) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_set_coalesced(stack, coalesced);
  push_focused(stack, first);
  push_focused(stack, second);
  if (third != NULL) {
    push_focused(stack, third);
  }
  CHECK_INT(strata_commit(stack), STRATA_OK);
  take(&log_);
  return stack;
}

static void actors(actor* a, actor* b, actor* c) {
  actor_init(a, "a", &log_);
  actor_init(b, "b", &log_);
  actor_init(c, "c", &log_);
}

/* The observer is told focus and unfocus at the committed depth, after the callback. */
static void r29_the_focus_follows_the_committed_top_of_each_commit(void) {
  actor a, b, c;
  strata_stack* stack = make_stack(&log_, NULL);
  actors(&a, &b, &c);
  watch(stack, &log_);

  push_focused(stack, &a);
  strata_commit(stack);
  CHECK_STR(take(&log_), "push a@0, a.enter, enter a@0, a.focus, focus a@0");

  push_focused(stack, &b);
  strata_commit(stack);
  CHECK_STR(take(&log_), "push b@1, a.pause, pause a@0, b.enter, enter b@1, a.unfocus, "
                         "unfocus a@0, b.focus, focus b@1");

  strata_pop(stack);
  strata_commit(stack);
  CHECK_STR(take(&log_), "pop b@1, b.unfocus, unfocus b@1, b.exit, exit b@1, b.destroyed, "
                         "a.resume, resume a@0, a.focus, focus a@0");

  /* The top at the start that is still the top at the end gets neither. */
  push_focused(stack, &c);
  strata_pop(stack);
  strata_commit(stack);
  CHECK_STR(take(&log_), "push c@1, pop c@1, discard c@1, c.destroyed");
  CHECK_INT(strata_pending(stack), 0);
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

/* A state revealed and covered again within one commit gets neither. */
static void replace_with(int coalesced, const char* trace) {
  actor a, b, c;
  strata_item item;
  strata_stack* stack;
  actors(&a, &b, &c);
  stack = focused_stack(coalesced, &a, &b, NULL);
  item = focused_item(&c, 0);

  CHECK_INT(strata_replace_item(stack, &item), STRATA_OK);
  strata_commit(stack);
  CHECK_STR(take(&log_), trace);
  destroy_stack(stack, &log_);
}

static void r29_replace_moves_the_focus_past_the_revealed_state(void) {
  replace_with(0, "b.unfocus, b.exit, b.destroyed, a.resume, a.pause, c.enter, c.focus");
  replace_with(1, "b.unfocus, b.exit, b.destroyed, c.enter, c.focus");
}

/* A focused state is unfocused right before its exit, under clear() and in strata_destroy. */
static void r29_clear_unfocuses_the_top_before_its_exit(void) {
  actor a, b, c;
  strata_stack* stack;
  actors(&a, &b, &c);
  stack = focused_stack(0, &a, &b, &c);

  strata_clear(stack);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "c.unfocus, c.exit, c.destroyed, b.resume, b.exit, b.destroyed, "
                         "a.resume, a.exit, a.destroyed");
  CHECK_INT(strata_pending(stack), 0);
  destroy_stack(stack, &log_);
}

static void r29_destroy_unfocuses_the_top_before_its_exit(void) {
  actor a, b, c;
  strata_stack* stack;
  actors(&a, &b, &c);
  stack = focused_stack(0, &a, &b, NULL);
  push_focused(stack, &c); /* never committed */
  watch(stack, &log_);

  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_STR(take(&log_), "pop c@2, discard c@2, c.destroyed, pop b@1, pop a@0, b.unfocus, "
                         "unfocus b@1, b.exit, exit b@1, b.destroyed, a.resume, resume a@0, "
                         "a.exit, exit a@0, a.destroyed");
}

static void push_extra(strata_stack* stack, actor* self) {
  if (self->extra != NULL) {
    self->result = push_focused(stack, (actor*)self->extra) != STRATA_ID_NONE ? 1 : 0;
    self->extra = NULL;
  }
}

/* A focus callback that pushes: the same commit enters the new state (R7), then the focus moves
 * on to it. */
static void r29_a_focus_callback_that_pushes(void) {
  actor a, b, c;
  strata_stack* stack = make_stack(&log_, NULL);
  actors(&a, &b, &c);
  a.on_focus = push_extra;
  a.extra = &b;

  push_focused(stack, &a);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(a.result, 1);
  CHECK_STR(take(&log_), "a.enter, a.focus, a.pause, b.enter, a.unfocus, b.focus");
  CHECK_INT(strata_pending(stack), 0);
  destroy_stack(stack, &log_);
}

/* After an unfocus that pushes, the new state enters and gets the focus; the state that was the
 * top in between gets neither. */
static void r29_an_unfocus_callback_that_pushes(void) {
  actor a, b, c, d;
  strata_stack* stack;
  actors(&a, &b, &c);
  actor_init(&d, "d", &log_);
  stack = focused_stack(0, &a, &b, NULL);
  b.on_unfocus = push_extra;
  b.extra = &c;

  push_focused(stack, &d);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(b.result, 1);
  CHECK_STR(take(&log_), "b.pause, d.enter, b.unfocus, d.pause, c.enter, c.focus");
  CHECK_INT(strata_pending(stack), 0);
  destroy_stack(stack, &log_);
}

static void fail_here(strata_stack* stack, actor* self) {
  (void)self;
  CHECK_INT(strata_fail(stack, "no focus for you"), STRATA_OK);
}

/* R25: a failed focus counts as done: the state is focused, nothing is pending. */
static void r29_a_failed_focus_counts_as_focused(void) {
  actor a, b, c;
  strata_stack* stack = make_stack(&log_, NULL);
  actors(&a, &b, &c);
  a.on_focus = fail_here;
  push_focused(stack, &a);

  CHECK_INT(strata_commit(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'a'.focus failed: no focus for you");
  CHECK_STR(take(&log_), "a.enter, a.focus");
  CHECK_INT(strata_pending(stack), 0);
  a.on_focus = NULL;
  push_focused(stack, &b);
  strata_commit(stack);
  CHECK_STR(take(&log_), "a.pause, b.enter, a.unfocus, b.focus");
  destroy_stack(stack, &log_);
}

/* A failed unfocus counts as done, but stops the commit before the new top has the focus: a
 * commit is pending until one settles it. */
static void r29_a_failed_unfocus_leaves_the_focus_to_the_next_commit(void) {
  actor a, b, c;
  strata_stack* stack;
  actors(&a, &b, &c);
  stack = focused_stack(0, &a, &b, NULL);
  b.on_unfocus = fail_here;

  push_focused(stack, &c);
  CHECK_INT(strata_commit(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'b'.unfocus failed: no focus for you");
  CHECK_STR(take(&log_), "b.pause, c.enter, b.unfocus");
  CHECK_INT(strata_pending(stack), 1);
  b.on_unfocus = NULL;
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "c.focus");
  CHECK_INT(strata_pending(stack), 0);

  /* b is no longer focused: popping c back to it unfocuses c alone. */
  strata_pop(stack);
  strata_commit(stack);
  CHECK_STR(take(&log_), "c.unfocus, c.exit, c.destroyed, b.resume, b.focus");
  destroy_stack(stack, &log_);
}

/* A state without focus callbacks is focused all the same: the observer is told. */
static void r29_the_observer_is_told_without_callbacks(void) {
  actor a, b;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  push_actor(stack, &a);
  strata_commit(stack);
  take(&log_);
  watch(stack, &log_);

  push_focused(stack, &b);
  strata_commit(stack);
  CHECK_STR(take(&log_), "push b@1, a.pause, pause a@0, b.enter, enter b@1, unfocus a@0, b.focus, "
                         "focus b@1");
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"r29_the_focus_follows_the_committed_top_of_each_commit",
       r29_the_focus_follows_the_committed_top_of_each_commit},
      {"r29_replace_moves_the_focus_past_the_revealed_state",
       r29_replace_moves_the_focus_past_the_revealed_state},
      {"r29_clear_unfocuses_the_top_before_its_exit", r29_clear_unfocuses_the_top_before_its_exit},
      {"r29_destroy_unfocuses_the_top_before_its_exit",
       r29_destroy_unfocuses_the_top_before_its_exit},
      {"r29_a_focus_callback_that_pushes", r29_a_focus_callback_that_pushes},
      {"r29_an_unfocus_callback_that_pushes", r29_an_unfocus_callback_that_pushes},
      {"r29_a_failed_focus_counts_as_focused", r29_a_failed_focus_counts_as_focused},
      {"r29_a_failed_unfocus_leaves_the_focus_to_the_next_commit",
       r29_a_failed_unfocus_leaves_the_focus_to_the_next_commit},
      {"r29_the_observer_is_told_without_callbacks", r29_the_observer_is_told_without_callbacks},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
