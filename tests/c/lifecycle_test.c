/* tests/c/lifecycle_test.c: the commit rules of docs/semantics.md (R2 to R10), through the C
 * API, each with the exact trace of callbacks, observer steps and data releases. */
#include <stddef.h>
#include <strata/strata.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

static void r2_commit_advances_by_pausing_the_top_then_entering(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor title, world;
  actor_init(&title, "title", &log_);
  actor_init(&world, "world", &log_);

  CHECK_INT(push_actor(stack, &title), STRATA_OK);
  CHECK_STR(take(&log_), ""); /* R1: a request calls nothing */
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "title.enter");
  push_actor(stack, &world);
  strata_commit(stack);
  CHECK_STR(take(&log_), "title.pause, world.enter");
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), ""); /* nothing pending */

  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_STR(take(&log_), "world.exit, world.destroyed, title.resume, title.exit, title.destroyed");
}

static void r3_commit_retreats_by_exiting_then_resuming(void) {
  actor title, world;
  strata_stack* stack;
  actor_init(&title, "title", &log_);
  actor_init(&world, "world", &log_);
  stack = committed_stack(&log_, 0, &title, &world, NULL);

  strata_pop(stack);
  CHECK_STR(take(&log_), "");
  strata_commit(stack);
  CHECK_STR(take(&log_), "world.exit, world.destroyed, title.resume");
  CHECK_INT(world.destroyed, 1);

  strata_destroy(stack);
  CHECK_STR(take(&log_), "title.exit, title.destroyed");
}

static void r4_r5_diverged_stacks_retreat_then_advance_skipping_nothing(void) {
  actor system, title, world, options, audio;
  strata_stack* stack;
  actor_init(&system, "system", &log_);
  actor_init(&title, "title", &log_);
  actor_init(&world, "world", &log_);
  actor_init(&options, "options", &log_);
  actor_init(&audio, "audio", &log_);
  stack = committed_stack(&log_, 0, &system, &title, &world);

  strata_pop(stack);
  push_actor(stack, &options);
  push_actor(stack, &audio);
  strata_commit(stack);
  CHECK_STR(take(&log_), "world.exit, world.destroyed, title.resume, title.pause, options.enter, "
                         "options.pause, audio.enter");

  destroy_stack(stack, &log_);
}

static void r6_a_state_dropped_before_any_commit_gets_no_callback(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor ghost;
  actor_init(&ghost, "ghost", &log_);
  watch(stack, &log_);

  push_actor(stack, &ghost);
  strata_pop(stack);
  CHECK_STR(take(&log_), "push ghost@0, pop ghost@0, discard ghost@0, ghost.destroyed");
  CHECK_INT(ghost.destroyed, 1);
  strata_commit(stack);
  CHECK_STR(take(&log_), "");

  strata_destroy(stack);
  CHECK_STR(take(&log_), "");
}

static void pop_self(strata_stack* stack, actor* self) {
  (void)self;
  strata_pop(stack);
}

static void r7_a_state_that_pops_itself_in_enter_exits_in_the_same_commit(void) {
  actor base, flash;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&base, "base", &log_);
  actor_init(&flash, "flash", &log_);
  flash.on_enter = pop_self;
  push_actor(stack, &base);
  strata_commit(stack);
  take(&log_);

  push_actor(stack, &flash);
  strata_commit(stack);
  CHECK_STR(take(&log_), "base.pause, flash.enter, flash.exit, flash.destroyed, base.resume");
  CHECK_INT(flash.destroyed, 1);
  CHECK_INT(strata_size(stack), 1);

  destroy_stack(stack, &log_);
}

static void push_extra(strata_stack* stack, actor* self) {
  self->result = push_actor(stack, (actor*)self->extra);
}

static void r7_a_state_pushed_inside_exit_is_entered_by_the_same_commit(void) {
  actor base, level, next;
  strata_stack* stack;
  actor_init(&base, "base", &log_);
  actor_init(&level, "level", &log_);
  actor_init(&next, "next", &log_);
  level.on_exit = push_extra;
  level.extra = &next;
  stack = committed_stack(&log_, 0, &base, &level, NULL);

  strata_pop(stack);
  strata_commit(stack);
  CHECK_INT(level.result, STRATA_OK);
  CHECK_STR(take(&log_), "level.exit, level.destroyed, base.resume, base.pause, next.enter");
  CHECK_INT(strata_pending(stack), 0);

  destroy_stack(stack, &log_);
}

static void r8_clear_then_commit_exits_every_state_top_down(void) {
  actor a, b, c;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  stack = committed_stack(&log_, 0, &a, &b, &c);

  CHECK_INT(strata_clear(stack), STRATA_OK);
  strata_commit(stack);
  CHECK_STR(take(&log_), "c.exit, c.destroyed, b.resume, b.exit, b.destroyed, a.resume, a.exit, "
                         "a.destroyed");
  CHECK_INT(strata_size(stack), 0);

  strata_destroy(stack);
  CHECK_STR(take(&log_), "");
}

static void r8_destroying_the_stack_exits_what_entered_and_drops_the_rest(void) {
  actor a, b, c;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  stack = committed_stack(&log_, 0, &a, &b, NULL);
  push_actor(stack, &c); /* never committed */

  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_STR(take(&log_), "c.destroyed, b.exit, b.destroyed, a.resume, a.exit, a.destroyed");
  CHECK_INT(a.destroyed + b.destroyed + c.destroyed, 3);
}

/* R26: requests made by callbacks during destruction are ignored, and their data released. */
static void r26_requests_during_destruction_are_ignored(void) {
  actor a, late;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&late, "late", &log_);
  a.on_exit = push_extra;
  a.extra = &late;
  push_actor(stack, &a);
  strata_commit(stack);
  take(&log_);

  strata_destroy(stack);
  CHECK_INT(a.result, STRATA_OK);
  CHECK_STR(take(&log_), "a.exit, late.destroyed, a.destroyed");
}

static void r9_coalesced_skips_the_moment_a_state_is_revealed(void) {
  actor system, title, world, options, audio;
  strata_options settings = {NULL, 1, 0, 0};
  strata_stack* stack = make_stack(&log_, &settings);
  actor_init(&system, "system", &log_);
  actor_init(&title, "title", &log_);
  actor_init(&world, "world", &log_);
  actor_init(&options, "options", &log_);
  actor_init(&audio, "audio", &log_);
  push_actor(stack, &system);
  push_actor(stack, &title);
  push_actor(stack, &world);
  strata_commit(stack);
  take(&log_);

  strata_pop(stack);
  push_actor(stack, &options);
  push_actor(stack, &audio);
  strata_commit(stack);
  CHECK_STR(take(&log_), "world.exit, world.destroyed, options.enter, options.pause, audio.enter");

  /* Switched off again at run time: the revealed state gets resume and pause once more. */
  strata_set_coalesced(stack, 0);
  strata_pop(stack);
  push_actor(stack, &world);
  strata_commit(stack);
  CHECK_STR(take(&log_), "audio.exit, audio.destroyed, options.resume, options.pause, world.enter");

  destroy_stack(stack, &log_);
}

static void r9_coalesced_set_at_run_time(void) {
  actor a, b, c;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  stack = committed_stack(&log_, 0, &a, &b, NULL);
  CHECK_INT(strata_set_coalesced(stack, 1), STRATA_OK);

  strata_pop(stack);
  push_actor(stack, &c);
  strata_commit(stack);
  CHECK_STR(take(&log_), "b.exit, b.destroyed, c.enter");

  destroy_stack(stack, &log_);
}

static void r10_push_several_puts_the_first_listed_on_top(void) {
  actor a, b, c;
  strata_item items[3];
  char line[64];
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  items[0] = actor_item(&a, 0);
  items[1] = actor_item(&b, 0);
  items[2] = actor_item(&c, 0);
  watch(stack, &log_);

  CHECK_INT(strata_push_several(stack, items, 3), STRATA_OK);
  CHECK_STR(take(&log_), "push c@0, push b@1, push a@2");
  strata_commit(stack);
  CHECK_STR(take(&log_), "c.enter, enter c@0, c.pause, pause c@0, b.enter, enter b@1, b.pause, "
                         "pause b@1, a.enter, enter a@2, focus a@2");
  strata_describe(stack, line, sizeof line);
  CHECK_STR(line, "c | b | a*");

  CHECK_INT(strata_push_several(stack, items, 0), STRATA_OK); /* nothing */
  CHECK_INT(strata_staged_size(stack), 3);

  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

static void replace_swaps_the_top_in_one_request(void) {
  actor a, b, d;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&d, "d", &log_);
  stack = committed_stack(&log_, 0, &a, &b, NULL);

  CHECK_INT(strata_replace(stack, &traced_state, &d), STRATA_OK);
  strata_commit(stack);
  /* Pushed without a name: traced_state has none, so it reads "state"; its callbacks use the
   * actor's own name. */
  CHECK_STR(strata_top_name(stack), "state");
  CHECK_STR(take(&log_), "b.exit, b.destroyed, a.resume, a.pause, d.enter");

  destroy_stack(stack, &log_);
}

static void pop_until_keeps_the_nearest_state_of_that_name(void) {
  actor a, b, c, d;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  actor_init(&d, "d", &log_);
  stack = committed_stack(&log_, 0, &a, &b, &c);
  push_actor(stack, &d);
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_pop_until(stack, "b"), STRATA_OK);
  strata_commit(stack);
  CHECK_STR(take(&log_), "d.exit, d.destroyed, c.resume, c.exit, c.destroyed, b.resume");

  destroy_stack(stack, &log_);
}

static int is_data(void* user, const strata_entry* entry) {
  return entry->data == user;
}

static void pop_until_match_finds_a_state_by_its_data(void) {
  actor a, b, c;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  stack = committed_stack(&log_, 0, &a, &b, &c);

  CHECK_INT(strata_pop_until_match(stack, is_data, &a), STRATA_OK);
  CHECK_INT(strata_staged_size(stack), 1);
  strata_commit(stack);
  CHECK_STR(take(&log_), "c.exit, c.destroyed, b.resume, b.exit, b.destroyed, a.resume");

  destroy_stack(stack, &log_);
}

static void pop_to_leaves_that_many_states(void) {
  actor a, b, c;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  stack = committed_stack(&log_, 0, &a, &b, &c);

  CHECK_INT(strata_pop_to(stack, 2), STRATA_OK);
  CHECK_INT(strata_pop_to(stack, 2), STRATA_OK); /* already there */
  strata_commit(stack);
  CHECK_STR(take(&log_), "c.exit, c.destroyed, b.resume");

  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"r2_commit_advances_by_pausing_the_top_then_entering",
       r2_commit_advances_by_pausing_the_top_then_entering},
      {"r3_commit_retreats_by_exiting_then_resuming", r3_commit_retreats_by_exiting_then_resuming},
      {"r4_r5_diverged_stacks_retreat_then_advance_skipping_nothing",
       r4_r5_diverged_stacks_retreat_then_advance_skipping_nothing},
      {"r6_a_state_dropped_before_any_commit_gets_no_callback",
       r6_a_state_dropped_before_any_commit_gets_no_callback},
      {"r7_a_state_that_pops_itself_in_enter_exits_in_the_same_commit",
       r7_a_state_that_pops_itself_in_enter_exits_in_the_same_commit},
      {"r7_a_state_pushed_inside_exit_is_entered_by_the_same_commit",
       r7_a_state_pushed_inside_exit_is_entered_by_the_same_commit},
      {"r8_clear_then_commit_exits_every_state_top_down",
       r8_clear_then_commit_exits_every_state_top_down},
      {"r8_destroying_the_stack_exits_what_entered_and_drops_the_rest",
       r8_destroying_the_stack_exits_what_entered_and_drops_the_rest},
      {"r26_requests_during_destruction_are_ignored", r26_requests_during_destruction_are_ignored},
      {"r9_coalesced_skips_the_moment_a_state_is_revealed",
       r9_coalesced_skips_the_moment_a_state_is_revealed},
      {"r9_coalesced_set_at_run_time", r9_coalesced_set_at_run_time},
      {"r10_push_several_puts_the_first_listed_on_top",
       r10_push_several_puts_the_first_listed_on_top},
      {"replace_swaps_the_top_in_one_request", replace_swaps_the_top_in_one_request},
      {"pop_until_keeps_the_nearest_state_of_that_name",
       pop_until_keeps_the_nearest_state_of_that_name},
      {"pop_until_match_finds_a_state_by_its_data", pop_until_match_finds_a_state_by_its_data},
      {"pop_to_leaves_that_many_states", pop_to_leaves_that_many_states},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
