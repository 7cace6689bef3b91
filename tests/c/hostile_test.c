/* tests/c/hostile_test.c: through the C API, the faults that hostile programs found in the core
 * (issue 10): a pause that unstages the state about to be entered and a resume that stages it
 * again (item 1), a failed enter whose destroy callback makes requests (item 2), an observer
 * that replaces itself (item 4) or pops the state it is told was pushed (item 5). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <strata/strata.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* ---- item 1: a commit that never returned ---- */

/* Far more than any limit: an unfixed core loops until here, and the test fails, not hangs. */
#define GIVE_UP_AFTER 1000000L

static void pop_the_next(strata_stack* stack, actor* self) {
  (void)self;
  strata_pop(stack);
}

static void push_it_again(strata_stack* stack, actor* self) {
  actor* next = (actor*)self->extra;
  if (++self->result < GIVE_UP_AFTER) {
    push_actor(stack, next);
  }
}

static strata_stack* looping_stack(actor* title, actor* world, int coalesced) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_set_coalesced(stack, coalesced);
  actor_init(title, "title", &log_);
  actor_init(world, "world", &log_);
  push_actor(stack, title);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  title->on_pause = pop_the_next;
  title->on_resume = push_it_again;
  title->extra = world;
  push_actor(stack, world);
  take(&log_);
  return stack;
}

static void after_the_limit(strata_stack* stack, actor* title, actor* world) {
  CHECK_INT(title->result < GIVE_UP_AFTER, 1);
  CHECK_AFFIXES(strata_last_error(stack), "strata: commit exceeded ",
                "; the requests still pending were dropped");
  /* The stack stays usable: the next commit resumes the paused top, then a push enters. */
  title->on_pause = title->on_resume = NULL;
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "title.resume");
  CHECK_INT(push_actor(stack, world), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "title.pause, world.enter");
  destroy_stack(stack, &log_);
}

static void item1_a_pause_and_resume_that_cancel_an_enter_forever_stop_at_the_limit(void) {
  actor title, world;
  strata_stack* stack = looping_stack(&title, &world, 0);
  char want[RECORDER_SIZE] = "";
  int i;
  strata_set_max_transitions(stack, 3);
  CHECK_INT(strata_commit(stack), STRATA_E_TRANSITION_LIMIT);
  /* D1: each resume that cancels an advance counts; the commit stops before the fourth. */
  for (i = 0; i < 3; ++i) {
    strcat(want, "title.pause, world.destroyed, title.resume, ");
  }
  strcat(want, "title.pause, world.destroyed");
  CHECK_STR(take(&log_), want);
  CHECK_STR(strata_last_error(stack), "strata: commit exceeded 3 transitions: 'title' keeps "
                                      "pushing 'world'; the requests still pending were dropped");
  after_the_limit(stack, &title, &world);
}

static void the_same_loop_stops_at_the_default_limit(int coalesced) {
  actor title, world;
  strata_stack* stack = looping_stack(&title, &world, coalesced);
  CHECK_INT(strata_commit(stack), STRATA_E_TRANSITION_LIMIT);
  take(&log_);
  after_the_limit(stack, &title, &world);
}

static void item1_the_same_loop_stops_at_the_default_limit(void) {
  the_same_loop_stops_at_the_default_limit(0);
}

static void item1_the_same_loop_stops_when_coalesced(void) {
  the_same_loop_stops_at_the_default_limit(1);
}

/* ---- item 2: a failed enter, then a destroy callback that makes requests ---- */

typedef struct doomed {
  actor self;        /* first, so that the actor callbacks see it */
  actor* credits;    /* what its destroy callback pushes */
  int commit_result; /* what strata_commit returned from its destroy callback */
  char commit_message[256];
  int push_result;
} doomed;

static void fail_enter(strata_stack* stack, actor* self) {
  strata_fail(stack, "no level file");
  self->extra = stack;
}

static void doomed_destroy(void* env, void* data) {
  doomed* world = (doomed*)data;
  strata_stack* stack = (strata_stack*)world->self.extra;
  /* The destroy callback gets the env given to strata_create (the recorder), as the others do. */
  record((recorder*)env, world->self.name, "destroyed");
  if (stack != NULL) {
    world->push_result = push_actor(stack, world->credits);
    world->commit_result = strata_commit(stack);
    strcpy(world->commit_message, strata_last_error(stack));
  }
}

static void item2_a_failed_enter_whose_destroy_callback_makes_requests(void) {
  static strata_state doomed_state;
  strata_stack* stack = make_stack(&log_, NULL);
  actor title, credits;
  doomed world;
  strata_item item;
  doomed_state = traced_state;
  doomed_state.destroy = doomed_destroy;
  actor_init(&title, "title", &log_);
  actor_init(&credits, "credits", &log_);
  actor_init(&world.self, "world", &log_);
  world.self.on_enter = fail_enter;
  world.credits = &credits;
  world.commit_result = world.push_result = STRATA_OK;
  push_actor(stack, &title);
  strata_commit(stack);
  take(&log_);

  item = actor_item(&world.self, 0);
  item.state = &doomed_state;
  strata_push_item(stack, &item);
  CHECK_INT(strata_commit(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: 'world'.enter failed: no level file");
  CHECK_STR(take(&log_), "title.pause, world.enter, world.destroyed");
  /* D2: an ordinary request made during commit(), reading a consistent stack. */
  CHECK_INT(world.push_result, STRATA_OK);
  CHECK_INT(world.commit_result, STRATA_E_REENTRANT);
  CHECK_STR(world.commit_message, "strata: commit() called during commit(); requests made there "
                                  "take effect at the running commit");
  CHECK_INT(strata_size(stack), 1);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "title.resume, title.pause, credits.enter");
  destroy_stack(stack, &log_);
}

/* ---- item 4: an observer that replaces and removes itself ---- */

static void second_observer(strata_stack* stack, void* user, int step, const char* name,
                            size_t depth) {
  char line[128];
  (void)user;
  sprintf(line, "second: %s %s@%lu", strata_step_name(step), name, (unsigned long)depth);
  record_line(&log_, line);
  CHECK_INT(strata_set_observer(stack, NULL, NULL), STRATA_OK);
}

static void first_observer(strata_stack* stack, void* user, int step, const char* name,
                           size_t depth) {
  char line[128];
  sprintf(line, "first: %s %s@%lu", strata_step_name(step), name, (unsigned long)depth);
  record_line(&log_, line);
  CHECK_INT(strata_set_observer(stack, second_observer, user), STRATA_OK);
}

static void item4_an_observer_that_replaces_then_removes_itself(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  actor a, b;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  strata_set_observer(stack, first_observer, NULL);
  push_actor(stack, &a);
  push_actor(stack, &b);
  strata_commit(stack);
  CHECK_STR(take(&log_), "first: push a@0, second: push b@1, a.enter, a.pause, b.enter");
  destroy_stack(stack, &log_);
}

/* ---- item 5: the name an observer is given stays valid for the whole call ---- */

/* Scribbles over every block it takes back, so that a name read after its release shows. */
static void* plain_allocate(void* user, size_t size) {
  (void)user;
  return malloc(size);
}
static void scribbling_deallocate(void* user, void* memory, size_t size) {
  (void)user;
  memset(memory, 'X', size);
  free(memory);
}

typedef struct name_reader {
  actor* pushed;
  const char* other_name; /* pushed from inside, to reuse the block of a released name */
  int busy;
  char before[128];
  char after[128];
} name_reader;

static void pop_on_push(strata_stack* stack, void* user, int step, const char* name, size_t depth) {
  name_reader* reader = (name_reader*)user;
  strata_item other;
  (void)depth;
  if (step != STRATA_STEP_PUSH || reader->busy) {
    return;
  }
  reader->busy = 1;
  strncpy(reader->before, name, sizeof reader->before - 1);
  strata_pop(stack); /* drops the state just pushed: never entered, destroyed at once */
  other = actor_item(reader->pushed, 0);
  other.name = reader->other_name;
  strata_push_item(stack, &other);
  strncpy(reader->after, name, sizeof reader->after - 1);
  reader->busy = 0;
}

static void read_name_across_pop(const char* pushed_name, const char* other_name) {
  strata_allocator allocator;
  strata_options settings = {NULL, 0, 0, 0};
  strata_stack* stack;
  actor target, other;
  name_reader reader;
  strata_item item;
  allocator.allocate = plain_allocate;
  allocator.deallocate = scribbling_deallocate;
  allocator.user = NULL;
  settings.allocator = &allocator;
  stack = make_stack(&log_, &settings);
  actor_init(&target, "target", NULL);
  actor_init(&other, "other", NULL);
  memset(&reader, 0, sizeof reader);
  reader.pushed = &other;
  reader.other_name = other_name;
  strata_set_observer(stack, pop_on_push, &reader);

  item = actor_item(&target, 0);
  item.name = pushed_name;
  strata_push_item(stack, &item);
  CHECK_STR(reader.before, pushed_name == NULL ? "state" : pushed_name);
  CHECK_STR(reader.after, reader.before);
  CHECK_INT(target.destroyed, 1);
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

static void item5_the_observer_reads_the_name_of_a_state_it_popped(void) {
  read_name_across_pop("menu", "list");
  read_name_across_pop("a name longer than sixty-four characters, copied into a block of its own",
                       "another name longer than sixty-four characters, to reuse that block");
  read_name_across_pop(NULL, "list"); /* the strata_state's own name: never copied */
}

int main(void) {
  static const test_case tests[] = {
      {"item1_a_pause_and_resume_that_cancel_an_enter_forever_stop_at_the_limit",
       item1_a_pause_and_resume_that_cancel_an_enter_forever_stop_at_the_limit},
      {"item1_the_same_loop_stops_at_the_default_limit",
       item1_the_same_loop_stops_at_the_default_limit},
      {"item1_the_same_loop_stops_when_coalesced", item1_the_same_loop_stops_when_coalesced},
      {"item2_a_failed_enter_whose_destroy_callback_makes_requests",
       item2_a_failed_enter_whose_destroy_callback_makes_requests},
      {"item4_an_observer_that_replaces_then_removes_itself",
       item4_an_observer_that_replaces_then_removes_itself},
      {"item5_the_observer_reads_the_name_of_a_state_it_popped",
       item5_the_observer_reads_the_name_of_a_state_it_popped},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
