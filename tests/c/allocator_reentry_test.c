/* tests/c/allocator_reentry_test.c: an allocator that calls back into the stack it serves
 * (issue 10, item 15). The stack is then in the middle of a change, so every call that returns a
 * code is refused with STRATA_E_REENTRANT (before its arguments are checked), the seven that cannot
 * return one read an empty stack, and the call that asked for memory carries on undisturbed. */
#include <stddef.h>
#include <stdlib.h>
#include <strata/strata.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

typedef struct meddler meddler;

/* A malloc that tries the stack it serves, once `stack` is set, and counts what came back. */
struct meddler {
  strata_stack* stack;
  void (*tries)(meddler* self, strata_stack* stack); /* the calls it makes */
  actor* pushed; /* what its pushes push: the push must release it all the same */
  long calls;
  long refused;   /* calls that returned STRATA_E_REENTRANT */
  long accepted;  /* calls that returned anything else: none may */
  long non_empty; /* queries that read something */
  long live;
  const void* known; /* the data of a staged state, which strata_id_of must not find */
};

static void count_result(meddler* self, int result) {
  if (result == STRATA_E_REENTRANT) {
    ++self->refused;
  } else {
    ++self->accepted;
  }
}

/* Every function that returns a code, once, with good arguments: 18 calls, one push. */
static void try_every_call(meddler* self, strata_stack* stack) {
  strata_entry entry;
  strata_presence presence;
  strata_options options;
  char line[32];
  int closed = 1;
  count_result(self, strata_push(stack, &traced_state, self->pushed));
  count_result(self, strata_close(stack, 1, &closed));
  self->accepted += closed; /* refused: nothing was closed */
  count_result(self, strata_set_time_scale(stack, 1, 0.5f));
  count_result(self, strata_pop(stack));
  count_result(self, strata_clear(stack));
  count_result(self, strata_pop_to(stack, 0));
  count_result(self, strata_commit(stack));
  count_result(self, strata_frame(stack, 0.5));
  count_result(self, strata_set_observer(stack, NULL, NULL));
  count_result(self, strata_set_max_depth(stack, 1));
  count_result(self, strata_get_options(stack, &options));
  count_result(self, strata_entry_at(stack, STRATA_STAGED, 0, &entry));
  count_result(self, strata_find(stack, STRATA_STAGED, "a", &entry));
  count_result(self, strata_describe(stack, line, sizeof line));
  count_result(self, strata_fail(stack, "from the allocator"));
  count_result(self, strata_finish_transitions(stack));
  count_result(self, strata_presence_of(stack, 1, &presence));
  count_result(self, strata_destroy(stack));
}

/* Calls with bad arguments: the allocator is checked first, so each is refused with
 * STRATA_E_REENTRANT, and the pushes still release their data. 18 calls, five pushes of data. */
static void try_bad_arguments(meddler* self, strata_stack* stack) {
  strata_item bad = actor_item(self->pushed, 0xF0u); /* not a modality */
  strata_item endless = actor_item(self->pushed, 0);
  strata_entry entry;
  strata_id id = 99;
  endless.transition = STRATA_TRANSITION_SET;
  endless.arrive = -1.0f; /* not a duration */
  count_result(self, strata_push_item_id(stack, &bad, &id));
  self->accepted += id != STRATA_ID_NONE; /* a refused push reports no id */
  count_result(self, strata_push_several_ids(stack, &bad, 1, &id));
  count_result(self, strata_set_time_scale(stack, 0, -1.0f));
  count_result(self, strata_push_item(stack, &bad));
  count_result(self, strata_push_several(stack, &bad, 1));
  count_result(self, strata_push_several(stack, &bad, 0));
  count_result(self, strata_push_several(stack, NULL, 1));
  count_result(self, strata_push_item(stack, NULL));
  count_result(self, strata_push(stack, NULL, NULL));
  count_result(self, strata_pop_until(stack, NULL));
  count_result(self, strata_pop_until_match(stack, NULL, NULL));
  count_result(self, strata_frame_events(stack, 0.5, NULL, 2));
  count_result(self, strata_get_options(stack, NULL));
  count_result(self, strata_entry_at(stack, 7, 0, &entry));
  count_result(self, strata_find(stack, STRATA_STAGED, NULL, &entry));
  count_result(self, strata_push_item(stack, &endless));
  count_result(self, strata_presence_of(stack, 1, NULL));
  count_result(self, strata_describe(stack, NULL, 8));
}

static void meddle(meddler* self) {
  strata_stack* stack = self->stack;
  if (stack == NULL) {
    return;
  }
  self->stack = NULL; /* the calls below must not meddle again if they allocate */
  ++self->calls;
  self->tries(self, stack);
  self->non_empty += strata_size(stack) != 0 || strata_staged_size(stack) != 0 ||
                     strata_pending(stack) != 0 || strata_top_name(stack) != NULL ||
                     strata_id_of(stack, self->known) != STRATA_ID_NONE ||
                     strata_in_transition(stack) != 0 || strata_step_id(stack) != STRATA_ID_NONE;
  self->stack = stack;
}

static void* meddling_allocate(void* user, size_t size) {
  meddler* self = (meddler*)user;
  meddle(self);
  ++self->live;
  return malloc(size);
}

static void meddling_deallocate(void* user, void* memory, size_t size) {
  meddler* self = (meddler*)user;
  (void)size;
  meddle(self);
  --self->live;
  free(memory);
}

static void an_allocator_calling_into_its_stack_is_refused(void) {
  meddler self = {NULL, try_every_call, NULL, 0, 0, 0, 0, 0, NULL};
  strata_allocator allocator;
  strata_options settings = {NULL, 0, 0, 0};
  strata_stack* stack;
  actor a, b, pushed;
  strata_item named;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&pushed, "pushed", NULL);
  self.pushed = &pushed;
  self.known = &a;
  allocator.allocate = meddling_allocate;
  allocator.deallocate = meddling_deallocate;
  allocator.user = &self;
  settings.allocator = &allocator;
  stack = make_stack(&log_, &settings);
  self.stack = stack;

  CHECK_INT(push_actor(stack, &a), STRATA_OK);
  named = actor_item(&b, STRATA_FREEZE);
  named.name = "a name long enough to be copied into memory of its own, past any small buffer";
  CHECK_INT(strata_push_item(stack, &named), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "a.enter, a.pause, b.enter");
  CHECK_INT(strata_last_error_code(stack), STRATA_E_REENTRANT);
  CHECK_STR(strata_last_error(stack),
            "strata: strata_destroy() called from inside the stack's allocator; an allocator "
            "must not call into the stack it serves");
  CHECK_INT(strata_pop(stack), STRATA_OK);
  CHECK_INT(strata_pop(stack), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "b.exit, b.destroyed, a.resume, a.exit, a.destroyed");

  CHECK_INT(self.calls > 0, 1);
  CHECK_INT(self.refused, self.calls * 18);
  CHECK_INT(self.accepted, 0);
  CHECK_INT(self.non_empty, 0);
  CHECK_INT(pushed.destroyed, self.calls);
  /* The stack's own block goes back after the stack is gone: no one to meddle with then. */
  self.stack = NULL;
  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_INT(self.live, 0);
}

/* Reentrance is checked before the arguments: a push of an invalid item used to be refused with
 * STRATA_E_BAD_ARGUMENT, and its data leaked (its release went through the stack, which refused).
 */
static void bad_arguments_from_the_allocator_are_refused_as_reentrant(void) {
  meddler self = {NULL, try_bad_arguments, NULL, 0, 0, 0, 0, 0, NULL};
  strata_allocator allocator;
  strata_options settings = {NULL, 0, 0, 0};
  strata_stack* stack;
  actor a, pushed;
  actor_init(&a, "a", &log_);
  actor_init(&pushed, "pushed", NULL);
  self.pushed = &pushed;
  allocator.allocate = meddling_allocate;
  allocator.deallocate = meddling_deallocate;
  allocator.user = &self;
  settings.allocator = &allocator;
  stack = make_stack(&log_, &settings);
  self.stack = stack;

  CHECK_INT(push_actor(stack, &a), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "a.enter");
  CHECK_INT(strata_last_error_code(stack), STRATA_E_REENTRANT);
  CHECK_STR(strata_last_error(stack),
            "strata: strata_describe() called from inside the stack's allocator; an allocator "
            "must not call into the stack it serves");

  CHECK_INT(self.calls > 0, 1);
  CHECK_INT(self.refused, self.calls * 18);
  CHECK_INT(self.accepted, 0);
  CHECK_INT(self.non_empty, 0);
  CHECK_INT(pushed.destroyed, self.calls * 5);
  self.stack = NULL;
  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_STR(take(&log_), "a.exit, a.destroyed");
  CHECK_INT(self.live, 0);
}

int main(void) {
  static const test_case tests[] = {
      {"an_allocator_calling_into_its_stack_is_refused",
       an_allocator_calling_into_its_stack_is_refused},
      {"bad_arguments_from_the_allocator_are_refused_as_reentrant",
       bad_arguments_from_the_allocator_are_refused_as_reentrant},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
