/* tests/c/queries_test.c: what the C API tells about a stack (R21, R22): names, sizes, the
 * entries of both views, describe() into a caller's buffer, and the observer's steps. */
#include <stddef.h>
#include <strata/strata.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

static void r21_names_come_from_the_push_then_the_state_then_a_default(void) {
  static strata_state titled;
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b, c;
  char given[16];
  strata_item item;
  strata_entry entry;
  titled = traced_state;
  titled.name = "titled";
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);

  strcpy(given, "given");
  item = actor_item(&a, 0);
  item.name = given; /* copied: changing the buffer afterwards changes nothing */
  strata_push_item(stack, &item);
  strcpy(given, "changed");
  strata_push(stack, &titled, &b);
  strata_push(stack, &traced_state, &c);

  CHECK_INT(strata_entry_at(stack, STRATA_STAGED, 0, &entry), STRATA_OK);
  CHECK_STR(entry.name, "given");
  CHECK_INT(strata_entry_at(stack, STRATA_STAGED, 1, &entry), STRATA_OK);
  CHECK_STR(entry.name, "titled");
  CHECK_INT(strata_entry_at(stack, STRATA_STAGED, 2, &entry), STRATA_OK);
  CHECK_STR(entry.name, "state");
  destroy_stack(stack, &log_);
}

static void r21_sizes_pending_and_top_follow_both_views(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);

  CHECK_INT(strata_size(stack), 0);
  CHECK_INT(strata_pending(stack), 0);
  CHECK_INT(strata_top_name(stack) == NULL, 1);

  push_actor(stack, &a);
  push_actor(stack, &b);
  CHECK_INT(strata_size(stack), 0);
  CHECK_INT(strata_staged_size(stack), 2);
  CHECK_INT(strata_pending(stack), 1);
  CHECK_INT(strata_top_name(stack) == NULL, 1);

  strata_commit(stack);
  CHECK_INT(strata_size(stack), 2);
  CHECK_INT(strata_pending(stack), 0);
  CHECK_STR(strata_top_name(stack), "b");

  strata_pop(stack);
  CHECK_INT(strata_size(stack), 2); /* still committed until the commit */
  CHECK_INT(strata_staged_size(stack), 1);
  CHECK_STR(strata_top_name(stack), "b");
  strata_commit(stack);
  CHECK_STR(strata_top_name(stack), "a");
  destroy_stack(stack, &log_);
}

static void r21_entries_tell_state_data_modality_depth_and_pause(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b;
  strata_entry entry;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  push_actor(stack, &a);
  push_actor_as(stack, &b, STRATA_LIVE);
  strata_commit(stack);

  CHECK_INT(strata_entry_at(stack, STRATA_COMMITTED, 0, &entry), STRATA_OK);
  CHECK_STR(entry.name, "a");
  CHECK_INT(entry.state == &traced_state, 1);
  CHECK_INT(entry.data == &a, 1);
  CHECK_INT(entry.modality, STRATA_SCREEN);
  CHECK_INT(entry.depth, 0);
  CHECK_INT(entry.paused, 1);
  CHECK_INT(strata_entry_at(stack, STRATA_COMMITTED, 1, &entry), STRATA_OK);
  CHECK_INT(entry.data == &b, 1);
  CHECK_INT(entry.modality, STRATA_LIVE);
  CHECK_INT(entry.depth, 1);
  CHECK_INT(entry.paused, 0);
  CHECK_INT(strata_entry_at(stack, STRATA_COMMITTED, 2, &entry), STRATA_E_BAD_DEPTH);
  CHECK_STR(strata_last_error(stack), "strata: strata_entry_at() with a depth beyond the stack");

  /* The staged view runs ahead of the committed one. */
  strata_pop(stack);
  CHECK_INT(strata_entry_at(stack, STRATA_STAGED, 1, &entry), STRATA_E_BAD_DEPTH);
  CHECK_INT(strata_entry_at(stack, STRATA_COMMITTED, 1, &entry), STRATA_OK);
  CHECK_STR(entry.name, "b");
  destroy_stack(stack, &log_);
}

static void r21_find_looks_from_the_top(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b, a2;
  strata_entry entry;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&a2, "a", &log_);
  push_actor(stack, &a);
  push_actor(stack, &b);
  push_actor(stack, &a2);

  CHECK_INT(strata_find(stack, STRATA_STAGED, "a", &entry), STRATA_OK);
  CHECK_INT(entry.data == &a2, 1);
  CHECK_INT(entry.depth, 2);
  CHECK_INT(strata_find(stack, STRATA_STAGED, "b", NULL), STRATA_OK);
  CHECK_INT(strata_find(stack, STRATA_COMMITTED, "b", NULL), STRATA_E_NOT_FOUND);
  CHECK_STR(strata_last_error(stack), "strata: strata_find(): no state named 'b'");
  destroy_stack(stack, &log_);
}

static void r21_describe_writes_like_snprintf(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor system, title, world;
  char line[64];
  char small[8];
  actor_init(&system, "system", &log_);
  actor_init(&title, "title", &log_);
  actor_init(&world, "world", &log_);

  CHECK_INT(strata_describe(stack, line, sizeof line), 7);
  CHECK_STR(line, "(empty)");
  push_actor(stack, &system);
  push_actor(stack, &title);
  push_actor(stack, &world);
  CHECK_INT(strata_describe(stack, line, sizeof line), 7); /* only what is committed */
  strata_commit(stack);

  CHECK_INT(strata_describe(stack, line, sizeof line), 23);
  CHECK_STR(line, "system | title | world*");
  CHECK_INT(strata_describe(stack, NULL, 0), 23);
  memset(small, 'x', sizeof small);
  CHECK_INT(strata_describe(stack, small, sizeof small), 23);
  CHECK_STR(small, "system ");
  CHECK_INT(strata_describe(stack, small, 1), 23);
  CHECK_STR(small, "");
  destroy_stack(stack, &log_);
}

/* A name may hold any bytes but NUL here (R21): describe stays one line, each name escaped as
 * the timeline and the snapshot text write it. */
static void r21_describe_keeps_any_name_on_one_line(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b;
  char line[64];
  actor_init(&a, "two\nlines", &log_);
  actor_init(&b, "say \"hi\" \\ \x1b[0m", &log_);
  push_actor(stack, &a);
  push_actor(stack, &b);
  strata_commit(stack);
  CHECK_INT(strata_describe(stack, line, sizeof line), 35);
  CHECK_STR(line, "two\\nlines | say \\\"hi\\\" \\\\ \\x1b[0m*");
  destroy_stack(stack, &log_);
}

static void r22_the_observer_sees_every_step_after_it_happened(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b, ghost;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&ghost, "ghost", &log_);
  watch(stack, &log_);

  push_actor(stack, &a);
  push_actor(stack, &ghost);
  strata_pop(stack);
  push_actor(stack, &b);
  strata_commit(stack);
  CHECK_STR(take(&log_), "push a@0, push ghost@1, pop ghost@1, discard ghost@1, ghost.destroyed, "
                         "push b@1, a.enter, enter a@0, a.pause, pause a@0, b.enter, enter b@1, "
                         "focus b@1");
  strata_pop(stack);
  strata_commit(stack);
  CHECK_STR(take(&log_), "pop b@1, unfocus b@1, b.exit, exit b@1, b.destroyed, a.resume, "
                         "resume a@0, focus a@0");

  CHECK_INT(strata_set_observer(stack, NULL, NULL), STRATA_OK);
  strata_destroy(stack);
  CHECK_STR(take(&log_), "a.exit, a.destroyed");
}

static void push_from_observer(strata_stack* stack, void* user, int step, const char* name,
                               size_t depth) {
  (void)depth;
  record_line(&log_, strata_step_name(step));
  if (step == STRATA_STEP_ENTER && strcmp(name, "a") == 0) {
    push_actor(stack, (actor*)user); /* requests are legal in an observer */
  }
}

static void r22_an_observer_may_make_requests(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  strata_set_observer(stack, push_from_observer, &b);

  push_actor(stack, &a);
  strata_commit(stack);
  CHECK_STR(take(&log_), "push, a.enter, enter, push, a.pause, pause, b.enter, enter, focus");
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

static void step_names(void) {
  CHECK_STR(strata_step_name(STRATA_STEP_PUSH), "push");
  CHECK_STR(strata_step_name(STRATA_STEP_POP), "pop");
  CHECK_STR(strata_step_name(STRATA_STEP_DISCARD), "discard");
  CHECK_STR(strata_step_name(STRATA_STEP_ENTER), "enter");
  CHECK_STR(strata_step_name(STRATA_STEP_EXIT), "exit");
  CHECK_STR(strata_step_name(STRATA_STEP_PAUSE), "pause");
  CHECK_STR(strata_step_name(STRATA_STEP_RESUME), "resume");
  CHECK_STR(strata_step_name(STRATA_STEP_FOCUS), "focus");
  CHECK_STR(strata_step_name(STRATA_STEP_UNFOCUS), "unfocus");
  CHECK_STR(strata_step_name(-1), "?");
  CHECK_STR(strata_step_name(9), "?");
}

static void options_read_back(void) {
  strata_options settings = {NULL, 1, 7, 9};
  strata_options seen;
  strata_stack* stack = make_stack(&log_, &settings);
  CHECK_INT(strata_get_options(stack, &seen), STRATA_OK);
  CHECK_INT(seen.coalesced, 1);
  CHECK_INT(seen.max_transitions, 7);
  CHECK_INT(seen.max_depth, 9);
  CHECK_INT(seen.allocator != NULL, 1);

  strata_set_coalesced(stack, 0);
  strata_set_max_depth(stack, 3);
  strata_get_options(stack, &seen);
  CHECK_INT(seen.coalesced, 0);
  CHECK_INT(seen.max_depth, 3);
  destroy_stack(stack, &log_);

  stack = make_stack(&log_, NULL);
  strata_get_options(stack, &seen);
  CHECK_INT(seen.coalesced, 0);
  CHECK_INT(seen.max_transitions, 10000);
  CHECK_INT(seen.max_depth, 1000);
  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"r21_names_come_from_the_push_then_the_state_then_a_default",
       r21_names_come_from_the_push_then_the_state_then_a_default},
      {"r21_sizes_pending_and_top_follow_both_views", r21_sizes_pending_and_top_follow_both_views},
      {"r21_entries_tell_state_data_modality_depth_and_pause",
       r21_entries_tell_state_data_modality_depth_and_pause},
      {"r21_find_looks_from_the_top", r21_find_looks_from_the_top},
      {"r21_describe_writes_like_snprintf", r21_describe_writes_like_snprintf},
      {"r21_describe_keeps_any_name_on_one_line", r21_describe_keeps_any_name_on_one_line},
      {"r22_the_observer_sees_every_step_after_it_happened",
       r22_the_observer_sees_every_step_after_it_happened},
      {"r22_an_observer_may_make_requests", r22_an_observer_may_make_requests},
      {"step_names", step_names},
      {"options_read_back", options_read_back},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
