/* tests/c/fail_test.c: strata_fail() (issue 10, item 19). A C callback that calls it fails as a
 * C++ hook that throws (R25): the exact traces of docs/semantics.md, R25, with "throws" read as
 * "calls strata_fail", and STRATA_E_CALLBACK_FAILED from the function that ran the callback. */
#include <stddef.h>
#include <strata/strata.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* Fails the callback it runs in, once: the actor's callbacks are then plain again. */
static void fail_once(strata_stack* stack, actor* self) {
  self->result = strata_fail(stack, (const char*)self->extra);
  self->on_enter = self->on_exit = self->on_pause = self->on_resume = NULL;
  self->on_active = self->on_inactive = self->on_draw = self->on_event = NULL;
}

static void actors(actor* system, actor* title, actor* world, actor* options) {
  actor_init(system, "system", &log_);
  actor_init(title, "title", &log_);
  actor_init(world, "world", &log_);
  actor_init(options, "options", &log_);
}

/* R25: a failed enter never entered; the state below stays paused until the next commit. */
static void enter_fails(int coalesced, const char* next) {
  actor system, title, world, options;
  strata_stack* stack;
  strata_item items[2];
  actors(&system, &title, &world, &options);
  world.on_enter = fail_once;
  world.extra = "no save file";
  stack = committed_stack(&log_, coalesced, &system, &title, NULL);

  items[0] = actor_item(&options, 0);
  items[1] = actor_item(&world, 0);
  CHECK_INT(strata_push_several(stack, items, 2), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_INT(world.result, STRATA_OK);
  CHECK_STR(strata_last_error(stack), "strata: 'world'.enter failed: no save file");
  CHECK_INT(strata_last_error_code(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(take(&log_), "title.pause, world.enter, world.destroyed");
  CHECK_INT(strata_size(stack), 2);
  CHECK_INT(strata_pending(stack), 1);

  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), next);
  CHECK_INT(strata_size(stack), 3);
  CHECK_STR(strata_top_name(stack), "options");
  destroy_stack(stack, &log_);
}

static void r25_a_failed_enter_never_entered(void) {
  enter_fails(0, "title.resume, title.pause, options.enter");
}

static void r25_a_failed_enter_never_entered_coalesced(void) {
  enter_fails(1, "options.enter");
}

/* R25: a failed exit has left; the revealed state is resumed by the next commit. */
static void r25_a_failed_exit_has_left(void) {
  actor system, title, world, options;
  strata_stack* stack;
  actors(&system, &title, &world, &options);
  world.on_exit = fail_once;
  world.extra = "could not save";
  stack = committed_stack(&log_, 0, &system, &title, &world);

  strata_pop(stack);
  push_actor(stack, &options);
  CHECK_INT(strata_commit(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'world'.exit failed: could not save");
  CHECK_STR(take(&log_), "world.exit, world.destroyed");
  CHECK_INT(strata_size(stack), 2);
  CHECK_INT(strata_pending(stack), 1);

  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "title.resume, title.pause, options.enter");
  destroy_stack(stack, &log_);
}

/* R25: a failed pause counts as done; the next commit resumes it before pausing it again. */
static void r25_a_failed_pause_counts_as_done(void) {
  actor system, title, world, options;
  strata_stack* stack;
  actors(&system, &title, &world, &options);
  title.on_pause = fail_once;
  title.extra = "busy";
  stack = committed_stack(&log_, 0, &system, &title, NULL);

  push_actor(stack, &world);
  CHECK_INT(strata_commit(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'title'.pause failed: busy");
  CHECK_STR(take(&log_), "title.pause");
  CHECK_INT(strata_size(stack), 2);
  CHECK_INT(strata_pending(stack), 1);

  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "title.resume, title.pause, world.enter");
  CHECK_STR(strata_top_name(stack), "world");
  destroy_stack(stack, &log_);
}

/* R25: a failed resume counts as done: the next commit resumes nothing. It only settles the
 * focus (R29), which the failure stopped the commit before. */
static void r25_a_failed_resume_counts_as_done(void) {
  actor system, title, world, options;
  strata_stack* stack;
  actors(&system, &title, &world, &options);
  title.on_resume = fail_once;
  title.extra = NULL; /* no message: the error says only which callback failed */
  stack = committed_stack(&log_, 0, &system, &title, &world);

  strata_pop(stack);
  CHECK_INT(strata_commit(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'title'.resume failed");
  CHECK_STR(take(&log_), "world.exit, world.destroyed, title.resume");
  CHECK_INT(strata_size(stack), 2);
  CHECK_INT(strata_pending(stack), 1);
  watch(stack, &log_);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "focus title@1");
  CHECK_INT(strata_pending(stack), 0);
  destroy_stack(stack, &log_);
}

static void push_world(strata_stack* stack, actor* self) {
  self->on_inactive = NULL;
  push_actor(stack, (actor*)self->extra);
  strata_fail(stack, "pushed, then failed");
}

/* R25: a failed pass changes nothing committed and stops there; requests made before the
 * failure stay staged. title is transparent, so that drawing and events would reach system. */
static void r25_a_failed_pass_stops_there(void) {
  actor system, title, world, options;
  strata_stack* stack = make_stack(&log_, NULL);
  const int key = 7;
  actors(&system, &title, &world, &options);
  push_actor(stack, &system);
  push_actor_as(stack, &title, STRATA_TRANSPARENT);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  take(&log_);

  system.on_inactive = push_world;
  system.extra = &world;
  CHECK_INT(strata_update(stack, 0.5), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'system'.inactive failed: pushed, then failed");
  CHECK_STR(take(&log_), "system.inactive");
  CHECK_INT(strata_size(stack), 2);
  CHECK_INT(strata_staged_size(stack), 3);

  title.on_draw = fail_once;
  title.extra = "no screen";
  CHECK_INT(strata_draw(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'title'.draw failed: no screen");
  title.on_event = fail_once;
  title.extra = "bad key";
  CHECK_INT(strata_handle(stack, &key), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'title'.event failed: bad key");
  world.on_active = fail_once;
  world.extra = "stalled";
  CHECK_INT(strata_frame(stack, 0.5), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'world'.active failed: stalled");
  CHECK_STR(take(&log_), "system.draw, title.draw, title.event(7), title.pause, world.enter, "
                         "system.inactive, title.inactive, world.active");
  destroy_stack(stack, &log_);
}

static void fail_twice(strata_stack* stack, actor* self) {
  strata_fail(stack, "first");
  self->result = strata_fail(stack, "second");
}

static void the_first_failure_of_a_callback_is_kept(void) {
  actor system, title, world, options;
  strata_stack* stack = make_stack(&log_, NULL);
  actors(&system, &title, &world, &options);
  world.on_enter = fail_twice;
  push_actor(stack, &world);
  CHECK_INT(strata_commit(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_INT(world.result, STRATA_OK);
  CHECK_STR(strata_last_error(stack), "strata: 'world'.enter failed: first");
  CHECK_STR(take(&log_), "world.enter, world.destroyed");
  CHECK_INT(strata_size(stack), 0);
  destroy_stack(stack, &log_);
}

static int observer_result = 0;
static void failing_observer(strata_stack* stack, void* user, int step, const char* name,
                             size_t depth) {
  (void)user;
  (void)step;
  (void)name;
  (void)depth;
  observer_result = strata_fail(stack, "from the observer");
}

static void request_then_fail(strata_stack* stack, actor* self) {
  push_actor(stack, (actor*)self->extra); /* the observer runs inside this request */
  self->result = strata_fail(stack, "after the push");
}

/* Only the state callbacks may fail: not the observer (even one run by a request that such a
 * callback makes), and nothing outside a callback. */
static void strata_fail_outside_a_state_callback_is_refused(void) {
  actor system, title, world, options;
  strata_stack* stack = make_stack(&log_, NULL);
  actors(&system, &title, &world, &options);

  CHECK_INT(strata_fail(stack, "nowhere"), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack),
            "strata: strata_fail() called outside an enter, exit, pause, resume, focus, "
            "unfocus, active, inactive, always, draw or event callback of this stack");
  CHECK_INT(strata_fail(NULL, "nowhere"), STRATA_E_NULL_STACK);

  strata_set_observer(stack, failing_observer, NULL);
  title.on_enter = request_then_fail;
  title.extra = &world;
  push_actor(stack, &title);
  CHECK_INT(observer_result, STRATA_E_BAD_ARGUMENT);
  observer_result = 1; /* so that the check after the commit sees what the commit's observer got */
  CHECK_INT(strata_commit(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_INT(observer_result, STRATA_E_BAD_ARGUMENT);
  CHECK_INT(title.result, STRATA_OK);
  CHECK_STR(strata_last_error(stack), "strata: 'title'.enter failed: after the push");
  CHECK_STR(take(&log_), "title.enter, title.destroyed");
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

static void fail_in_exit(strata_stack* stack, actor* self) {
  self->result = strata_fail(stack, "too late");
}

/* strata_destroy cannot report a failure: the exit that fails there has left all the same. */
static void strata_fail_during_strata_destroy_is_refused(void) {
  actor system, title, world, options;
  strata_stack* stack = make_stack(&log_, NULL);
  actors(&system, &title, &world, &options);
  title.on_exit = fail_in_exit;
  push_actor(stack, &title);
  strata_commit(stack);
  take(&log_);
  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_INT(title.result, STRATA_E_BAD_ARGUMENT);
  CHECK_STR(take(&log_), "title.exit, title.destroyed");
}

static void the_new_code_has_a_description(void) {
  CHECK_STR(strata_error_string(STRATA_E_CALLBACK_FAILED),
            "strata: a callback failed (strata_fail)");
  CHECK_INT(STRATA_E_CALLBACK_FAILED, -104);
}

int main(void) {
  static const test_case tests[] = {
      {"r25_a_failed_enter_never_entered", r25_a_failed_enter_never_entered},
      {"r25_a_failed_enter_never_entered_coalesced", r25_a_failed_enter_never_entered_coalesced},
      {"r25_a_failed_exit_has_left", r25_a_failed_exit_has_left},
      {"r25_a_failed_pause_counts_as_done", r25_a_failed_pause_counts_as_done},
      {"r25_a_failed_resume_counts_as_done", r25_a_failed_resume_counts_as_done},
      {"r25_a_failed_pass_stops_there", r25_a_failed_pass_stops_there},
      {"the_first_failure_of_a_callback_is_kept", the_first_failure_of_a_callback_is_kept},
      {"strata_fail_outside_a_state_callback_is_refused",
       strata_fail_outside_a_state_callback_is_refused},
      {"strata_fail_during_strata_destroy_is_refused",
       strata_fail_during_strata_destroy_is_refused},
      {"the_new_code_has_a_description", the_new_code_has_a_description},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
