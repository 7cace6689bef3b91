/* tests/c/errors_test.c: what the C API reports instead of aborting (R23, R24): the loop limits,
 * misuse of the core, calls refused inside callbacks, null stacks and bad arguments; each with
 * its code and exact message, and a stack that keeps working afterwards. */
#include <stddef.h>
#include <strata/strata.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* ---- R23: loop limits ---- */

static actor spawners[8];
static size_t spawned = 0;

static void spawn_next(strata_stack* stack, actor* self) {
  (void)self;
  if (spawned < sizeof spawners / sizeof spawners[0]) {
    push_actor(stack, &spawners[spawned++]);
  }
}

static void init_spawners(void) {
  static const char* const names[] = {"s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7"};
  size_t i;
  for (i = 0; i < sizeof spawners / sizeof spawners[0]; ++i) {
    actor_init(&spawners[i], names[i], &log_);
    spawners[i].on_enter = spawn_next;
  }
  spawned = 0;
}

static void r23_a_runaway_commit_stops_at_the_transition_limit(void) {
  strata_options settings = {NULL, 0, 5, 0};
  strata_stack* stack = make_stack(&log_, &settings);
  init_spawners();
  spawn_next(stack, NULL);

  CHECK_INT(strata_commit(stack), STRATA_E_TRANSITION_LIMIT);
  CHECK_INT(strata_last_error_code(stack), STRATA_E_TRANSITION_LIMIT);
  CHECK_AFFIXES(strata_last_error(stack), "strata: commit exceeded 5 transitions",
                "; the requests still pending were dropped");
  CHECK_STR(take(&log_), "s0.enter, s0.pause, s1.enter, s1.pause, s2.enter, s2.pause, s3.enter, "
                         "s3.pause, s4.enter, s4.pause, s5.destroyed");

  /* The staged stack was reset to the committed one; the next commit resumes the paused top. */
  CHECK_INT(strata_size(stack), 5);
  CHECK_INT(strata_staged_size(stack), 5);
  CHECK_INT(strata_pending(stack), 1);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "s4.resume");

  destroy_stack(stack, &log_);
  CHECK_INT(spawners[0].destroyed + spawners[4].destroyed + spawners[5].destroyed, 3);
}

static void r23_the_transition_limit_can_be_changed_at_run_time(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_options seen;
  init_spawners();
  CHECK_INT(strata_set_max_transitions(stack, 2), STRATA_OK);
  CHECK_INT(strata_get_options(stack, &seen), STRATA_OK);
  CHECK_INT(seen.max_transitions, 2);
  spawn_next(stack, NULL);

  CHECK_INT(strata_commit(stack), STRATA_E_TRANSITION_LIMIT);
  CHECK_STR(take(&log_), "s0.enter, s0.pause, s1.enter, s1.pause, s2.destroyed");
  destroy_stack(stack, &log_);
}

static void r23_a_push_past_the_depth_limit_fails_and_releases_its_data(void) {
  strata_options settings = {NULL, 0, 0, 3};
  strata_stack* stack = make_stack(&log_, &settings);
  actor extra;
  init_spawners();
  actor_init(&extra, "extra", &log_);
  spawn_next(stack, NULL);
  spawn_next(stack, NULL);
  spawn_next(stack, NULL);

  CHECK_INT(push_actor(stack, &extra), STRATA_E_DEPTH_LIMIT);
  CHECK_AFFIXES(strata_last_error(stack), "strata: pushing '",
                "' would grow the stack past its depth limit of 3");
  CHECK_STR(take(&log_), "extra.destroyed");
  CHECK_INT(strata_staged_size(stack), 3);

  /* Each spawner's enter pushes one more, which fails; the message names the state whose
   * callback pushed. The commit itself goes on. */
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_AFFIXES(strata_last_error(stack), "strata: pushing '",
                "' would grow the stack past its depth limit of 3 (pushed from inside "
                "'s2'.enter())");
  CHECK_STR(take(&log_), "s0.enter, s3.destroyed, s0.pause, s1.enter, s4.destroyed, s1.pause, "
                         "s2.enter, s5.destroyed");

  CHECK_INT(strata_set_max_depth(stack, 4), STRATA_OK);
  CHECK_INT(push_actor(stack, &extra), STRATA_OK);
  destroy_stack(stack, &log_);
}

/* ---- R24: misuse of the core ---- */

static void r24_pop_and_replace_need_a_staged_state(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a;
  actor_init(&a, "a", &log_);

  CHECK_INT(strata_pop(stack), STRATA_E_EMPTY_STACK);
  CHECK_STR(strata_last_error(stack), "strata: pop() on an empty stack");
  CHECK_INT(strata_replace(stack, &traced_state, &a), STRATA_E_EMPTY_STACK);
  CHECK_STR(strata_last_error(stack), "strata: replace() on an empty stack");
  CHECK_STR(take(&log_), "a.destroyed"); /* the failed push took the data all the same */

  CHECK_INT(push_actor(stack, &a), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "a.enter");
  destroy_stack(stack, &log_);
}

static int never(void* user, const strata_entry* entry) {
  (void)user;
  (void)entry;
  return 0;
}

static void r24_pop_until_and_pop_to_report_what_is_missing(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a;
  actor_init(&a, "a", &log_);
  push_actor(stack, &a);

  CHECK_INT(strata_pop_until(stack, "nowhere"), STRATA_E_NOT_FOUND);
  CHECK_STR(strata_last_error(stack), "strata: pop_until(): no state named 'nowhere' is staged");
  CHECK_INT(strata_pop_until_match(stack, never, NULL), STRATA_E_NOT_FOUND);
  CHECK_STR(strata_last_error(stack),
            "strata: pop_until(): no state matching the predicate is staged");
  CHECK_INT(strata_pop_to(stack, 5), STRATA_E_BAD_DEPTH);
  CHECK_STR(strata_last_error(stack), "strata: pop_to(5) is above the staged stack, which holds 1");
  CHECK_INT(strata_staged_size(stack), 1);
  destroy_stack(stack, &log_);
}

/* ---- calls refused inside callbacks ---- */

static void commit_inside(strata_stack* stack, actor* self) {
  self->result = strata_commit(stack);
}
static void update_inside(strata_stack* stack, actor* self) {
  self->result = strata_update(stack, 1.0);
}
static void frame_inside(strata_stack* stack, actor* self) {
  self->result = strata_frame(stack, 1.0);
}
static void destroy_inside(strata_stack* stack, actor* self) {
  self->result = strata_destroy(stack);
}

static void r24_a_commit_inside_a_callback_is_refused_by_the_core(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor pause;
  actor_init(&pause, "pause", &log_);
  pause.on_enter = commit_inside;
  push_actor(stack, &pause);

  CHECK_INT(strata_commit(stack), STRATA_OK); /* the outer commit itself went fine */
  CHECK_INT(pause.result, STRATA_E_REENTRANT);
  CHECK_STR(strata_last_error(stack), "strata: commit() called from inside 'pause'.enter(); "
                                      "requests made there take effect at the running commit");
  CHECK_STR(take(&log_), "pause.enter");
  destroy_stack(stack, &log_);
}

static void r24_passes_inside_passes_are_refused_by_the_core(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a;
  actor_init(&a, "a", &log_);
  a.on_draw = update_inside;
  a.on_active = frame_inside;
  push_actor(stack, &a);
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_draw(stack), STRATA_OK);
  CHECK_INT(a.result, STRATA_E_REENTRANT);
  CHECK_STR(strata_last_error(stack),
            "strata: update() called during draw(); requests made there take effect at the next "
            "commit");
  CHECK_INT(strata_update(stack, 1.0), STRATA_OK);
  CHECK_INT(a.result, STRATA_E_REENTRANT);
  CHECK_STR(strata_last_error(stack),
            "strata: frame() called during update(); requests made there take effect at the next "
            "commit");
  CHECK_STR(take(&log_), "a.draw, a.active");
  destroy_stack(stack, &log_);
}

static int commit_result = 0;

static void commit_from_observer(strata_stack* stack, void* user, int step, const char* name,
                                 size_t depth) {
  (void)user;
  (void)name;
  (void)depth;
  if (step == STRATA_STEP_PUSH) {
    commit_result = strata_commit(stack);
  }
}

static void a_commit_inside_an_observer_of_a_request_is_refused(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a;
  actor_init(&a, "a", &log_);
  strata_set_observer(stack, commit_from_observer, NULL);

  CHECK_INT(push_actor(stack, &a), STRATA_OK);
  CHECK_INT(commit_result, STRATA_E_REENTRANT);
  CHECK_STR(strata_last_error(stack), "strata: strata_commit() called from inside a callback of "
                                      "strata_push_item(); only requests may be made there");
  CHECK_STR(take(&log_), "");
  CHECK_INT(strata_staged_size(stack), 1);

  strata_set_observer(stack, NULL, NULL);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "a.enter");
  destroy_stack(stack, &log_);
}

static void destroying_the_stack_inside_a_callback_is_refused(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a;
  actor_init(&a, "a", &log_);
  a.on_enter = destroy_inside;
  a.on_exit = destroy_inside;
  push_actor(stack, &a);

  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(a.result, STRATA_E_REENTRANT);
  CHECK_STR(strata_last_error(stack),
            "strata: strata_destroy() called from inside a callback of strata_commit(); a stack "
            "must outlive its callbacks");
  CHECK_INT(strata_size(stack), 1);

  a.result = STRATA_OK;
  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_INT(a.result, STRATA_E_REENTRANT); /* from its exit, while the stack was destroyed */
  CHECK_STR(take(&log_), "a.enter, a.exit, a.destroyed");
}

static void failed_requests_inside_a_commit_leave_the_commit_running(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  a.on_enter = commit_inside;
  push_actor(stack, &a);
  push_actor(stack, &b);

  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(a.result, STRATA_E_REENTRANT);
  CHECK_STR(take(&log_), "a.enter, a.pause, b.enter");
  destroy_stack(stack, &log_);
}

/* ---- null stacks and bad arguments ---- */

static void a_push_on_a_null_stack_still_takes_the_data(void) {
  actor a;
  strata_item item;
  actor_init(&a, "a", &log_);
  item = actor_item(&a, 0);

  CHECK_INT(strata_push(NULL, &traced_state, &a), STRATA_E_NULL_STACK);
  CHECK_INT(strata_push_item(NULL, &item), STRATA_E_NULL_STACK);
  CHECK_INT(strata_push_several(NULL, &item, 1), STRATA_E_NULL_STACK);
  CHECK_INT(strata_replace_item(NULL, &item), STRATA_E_NULL_STACK);
  CHECK_INT(strata_push_several(NULL, &item, 0), STRATA_E_NULL_STACK);
  CHECK_INT(a.destroyed, 4);
  CHECK_STR(strata_last_error(NULL), "strata: null stack");
  take(&log_);
}

static void bad_arguments_are_reported_and_change_nothing(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b;
  strata_item items[STRATA_PUSH_SEVERAL_MAX + 1];
  strata_entry entry;
  char buffer[4];
  size_t i;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);

  CHECK_INT(strata_push(stack, NULL, &a), STRATA_E_NULL_STATE);
  CHECK_STR(strata_last_error(stack), "strata: strata_push() with a null strata_state");
  CHECK_INT(strata_push_item(stack, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack), "strata: strata_push_item() with a null item");
  CHECK_INT(push_actor_as(stack, &a, 0x10u), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack), "strata: strata_push_item() with an invalid modality");
  CHECK_STR(take(&log_), "a.destroyed");

  /* push several: all or nothing, and every item's data is taken */
  for (i = 0; i < STRATA_PUSH_SEVERAL_MAX + 1; ++i) {
    items[i] = actor_item(&a, 0);
  }
  CHECK_INT(strata_push_several(stack, items, STRATA_PUSH_SEVERAL_MAX + 1), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack),
            "strata: strata_push_several() with more items than STRATA_PUSH_SEVERAL_MAX");
  CHECK_INT(a.destroyed, 1 + STRATA_PUSH_SEVERAL_MAX + 1);
  items[0] = actor_item(&b, 0);
  items[1].state = NULL;
  CHECK_INT(strata_push_several(stack, items, 3), STRATA_E_NULL_STATE);
  CHECK_INT(b.destroyed, 1);
  CHECK_INT(strata_push_several(stack, NULL, 2), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_staged_size(stack), 0);
  take(&log_);

  CHECK_INT(strata_pop_until(stack, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_pop_until_match(stack, NULL, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_frame_events(stack, 1.0, NULL, 2), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack), "strata: strata_frame_events() with null events");
  CHECK_INT(strata_describe(stack, NULL, sizeof buffer), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_entry_at(stack, 7, 0, &entry), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_entry_at(stack, STRATA_COMMITTED, 0, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_find(stack, STRATA_STAGED, NULL, &entry), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_get_options(stack, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_last_error_code(stack), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_size(stack), 0);
  destroy_stack(stack, &log_);
}

static void* no_allocate(void* user, size_t size) {
  (void)user;
  (void)size;
  return NULL;
}

static void create_checks_its_arguments(void) {
  strata_stack* stack = (strata_stack*)&log_; /* garbage the call must overwrite */
  strata_allocator half = {no_allocate, NULL, NULL};
  strata_options settings = {NULL, 0, 0, 0};
  settings.allocator = &half;

  CHECK_INT(strata_create(NULL, NULL, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_create(&stack, NULL, &settings), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(stack == NULL, 1);
  CHECK_INT(strata_destroy(NULL), STRATA_E_NULL_STACK);
}

static void the_last_error_stays_until_the_next_failure(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a;
  actor_init(&a, "a", &log_);
  CHECK_STR(strata_last_error(stack), "");
  CHECK_INT(strata_last_error_code(stack), STRATA_OK);

  strata_pop(stack);
  CHECK_INT(push_actor(stack, &a), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(strata_last_error_code(stack), STRATA_E_EMPTY_STACK);
  CHECK_STR(strata_last_error(stack), "strata: pop() on an empty stack");
  destroy_stack(stack, &log_);
}

/* The data of a refused push is released inside the request, so that its destroy callback
 * cannot destroy the stack under the call that is still reporting the error. */
static strata_stack* refused_stack_;
static int destroy_from_release_;
static void destroy_stack_on_release(void* env, void* data) {
  (void)data;
  /* The env given to strata_create reaches the destroy callback of a refused push too. */
  destroy_from_release_ = env == &refused_stack_ ? strata_destroy(refused_stack_) : -999;
}

static void the_destroy_callback_of_a_refused_push_cannot_destroy_the_stack(void) {
  static const strata_state bad = {
      "bad", 0, 0, 0,    0,    0,    0, 0, 0, destroy_stack_on_release, 0x30u /* not a modality */,
      0,     0, 0, 0.0f, 0.0f, 0.0f, 0, 0};
  CHECK_INT(strata_create(&refused_stack_, &refused_stack_, NULL), STRATA_OK);
  CHECK_INT(strata_push(refused_stack_, &bad, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(destroy_from_release_, STRATA_E_REENTRANT);
  CHECK_AFFIXES(strata_last_error(refused_stack_), "strata: ", "with an invalid modality");
  CHECK_INT(strata_destroy(refused_stack_), STRATA_OK);
}

static void result_codes_have_descriptions(void) {
  static const int codes[] = {STRATA_OK,           STRATA_E_EMPTY_STACK,      STRATA_E_REENTRANT,
                              STRATA_E_NULL_STATE, STRATA_E_BORROWED_TWICE,   STRATA_E_NOT_FOUND,
                              STRATA_E_BAD_DEPTH,  STRATA_E_TRANSITION_LIMIT, STRATA_E_DEPTH_LIMIT,
                              STRATA_E_NULL_STACK, STRATA_E_BAD_ARGUMENT,     STRATA_E_NO_MEMORY,
                              STRATA_E_EXCEPTION};
  size_t i, j;
  const size_t count = sizeof codes / sizeof codes[0];
  for (i = 0; i < count; ++i) {
    CHECK_INT(strncmp(strata_error_string(codes[i]), "strata: ", 8), 0);
    for (j = 0; j < i; ++j) {
      CHECK_INT(strcmp(strata_error_string(codes[i]), strata_error_string(codes[j])) != 0, 1);
    }
  }
  CHECK_STR(strata_error_string(STRATA_E_TRANSITION_LIMIT),
            "strata: a commit exceeded its transition limit");
  CHECK_STR(strata_error_string(-55), "strata: unknown result code");
  CHECK_STR(strata_error_string(1), "strata: unknown result code");
}

int main(void) {
  static const test_case tests[] = {
      {"r23_a_runaway_commit_stops_at_the_transition_limit",
       r23_a_runaway_commit_stops_at_the_transition_limit},
      {"r23_the_transition_limit_can_be_changed_at_run_time",
       r23_the_transition_limit_can_be_changed_at_run_time},
      {"r23_a_push_past_the_depth_limit_fails_and_releases_its_data",
       r23_a_push_past_the_depth_limit_fails_and_releases_its_data},
      {"r24_pop_and_replace_need_a_staged_state", r24_pop_and_replace_need_a_staged_state},
      {"r24_pop_until_and_pop_to_report_what_is_missing",
       r24_pop_until_and_pop_to_report_what_is_missing},
      {"r24_a_commit_inside_a_callback_is_refused_by_the_core",
       r24_a_commit_inside_a_callback_is_refused_by_the_core},
      {"r24_passes_inside_passes_are_refused_by_the_core",
       r24_passes_inside_passes_are_refused_by_the_core},
      {"a_commit_inside_an_observer_of_a_request_is_refused",
       a_commit_inside_an_observer_of_a_request_is_refused},
      {"destroying_the_stack_inside_a_callback_is_refused",
       destroying_the_stack_inside_a_callback_is_refused},
      {"failed_requests_inside_a_commit_leave_the_commit_running",
       failed_requests_inside_a_commit_leave_the_commit_running},
      {"a_push_on_a_null_stack_still_takes_the_data", a_push_on_a_null_stack_still_takes_the_data},
      {"bad_arguments_are_reported_and_change_nothing",
       bad_arguments_are_reported_and_change_nothing},
      {"create_checks_its_arguments", create_checks_its_arguments},
      {"the_last_error_stays_until_the_next_failure", the_last_error_stays_until_the_next_failure},
      {"result_codes_have_descriptions", result_codes_have_descriptions},
      {"the_destroy_callback_of_a_refused_push_cannot_destroy_the_stack",
       the_destroy_callback_of_a_refused_push_cannot_destroy_the_stack},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
