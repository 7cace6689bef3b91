/* tests/c/identity_test.c: entry ids (R31) through the C API: what the pushes report, what the
 * entries and the observer tell, strata_close and strata_id_of. */
#include <stdio.h>
#include <strata/strata.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

static strata_id id_at(strata_stack* stack, int view, size_t depth) {
  strata_entry entry;
  CHECK_INT(strata_entry_at(stack, view, depth, &entry), STRATA_OK);
  return entry.id;
}

/* Counted per stack from 1, in the order of staging, and never reused. */
static void r31_each_push_reports_the_id_of_its_entry(void) {
  actor a, b, c, d, e;
  strata_item items[2];
  strata_id ids[2];
  strata_id id = 99;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  actor_init(&d, "d", &log_);
  actor_init(&e, "e", &log_);

  CHECK_INT(push_focused(stack, &a), 1);
  items[0] = actor_item(&b, 0);
  items[1] = actor_item(&c, 0);
  CHECK_INT(strata_push_several_ids(stack, items, 2, ids), STRATA_OK);
  CHECK_INT(ids[0], 3); /* b, on top: a batch is staged from its last item up */
  CHECK_INT(ids[1], 2);
  items[0] = actor_item(&d, 0);
  CHECK_INT(strata_replace_item_id(stack, &items[0], &id), STRATA_OK);
  CHECK_INT(id, 4);
  CHECK_INT(id_at(stack, STRATA_STAGED, 0), 1);
  CHECK_INT(id_at(stack, STRATA_STAGED, 1), 2);
  CHECK_INT(id_at(stack, STRATA_STAGED, 2), 4);

  /* The same entry has the same id in both views; a later push never gets an old id. */
  strata_commit(stack);
  CHECK_INT(id_at(stack, STRATA_COMMITTED, 2), 4);
  strata_pop(stack);
  items[0] = actor_item(&e, 0);
  CHECK_INT(strata_push_item_id(stack, &items[0], &id), STRATA_OK);
  CHECK_INT(id, 5);

  /* A push that fails reports none. */
  items[0] = actor_item(&e, 0x40u); /* not a modality */
  CHECK_INT(strata_push_item_id(stack, &items[0], &id), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(id, STRATA_ID_NONE);
  ids[0] = ids[1] = 99;
  CHECK_INT(strata_push_several_ids(stack, items, 2, ids), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(ids[0] == STRATA_ID_NONE && ids[1] == STRATA_ID_NONE, 1);
  id = 99;
  items[0] = actor_item(&e, 0);
  CHECK_INT(strata_push_item_id(NULL, &items[0], &id), STRATA_E_NULL_STACK);
  CHECK_INT(id, STRATA_ID_NONE);
  CHECK_INT(strata_push_item_id(stack, &items[0], NULL), STRATA_OK); /* the id is optional */
  CHECK_INT(id_at(stack, STRATA_STAGED, 3), 6);
  destroy_stack(stack, &log_);
}

/* The observer reads the id of each step's entry with strata_step_id. */
static void r31_the_observer_reads_the_id_of_each_step(void) {
  actor a, b;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  watch_ids(stack, &log_);

  push_actor(stack, &a);
  push_focused(stack, &b);
  strata_commit(stack);
  CHECK_STR(take(&log_), "push a@0#1, push b@1#2, a.enter, enter a@0#1, a.pause, pause a@0#1, "
                         "b.enter, enter b@1#2, b.focus, focus b@1#2");
  CHECK_INT(strata_step_id(stack), STRATA_ID_NONE); /* outside the observer */
  CHECK_INT(strata_step_id(NULL), STRATA_ID_NONE);
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

static void push_inside(strata_stack* stack, void* user, int step, const char* name, size_t depth) {
  char line[64];
  (void)depth;
  sprintf(line, "%s %.20s#%lu", strata_step_name(step), name, (unsigned long)strata_step_id(stack));
  record_line(&log_, line);
  if (step == STRATA_STEP_PUSH && strcmp(name, "a") == 0) {
    push_actor(stack, (actor*)user);
    sprintf(line, "back in %.20s#%lu", name, (unsigned long)strata_step_id(stack));
    record_line(&log_, line);
  }
}

/* An observer told a step of its own request reads that step's id, then its own again; the push
 * that the outer observer call heard of still reports its entry. */
static void r31_an_observer_inside_an_observer_reads_its_own_step(void) {
  actor a, b;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  strata_set_observer(stack, push_inside, &b);

  CHECK_INT(push_focused(stack, &a), 1);
  CHECK_STR(take(&log_), "push a#1, push b#2, back in a#1");
  CHECK_INT(id_at(stack, STRATA_STAGED, 1), 2);
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

static void pop_ghosts(strata_stack* stack, void* user, int step, const char* name, size_t depth) {
  (void)user;
  (void)depth;
  if (step == STRATA_STEP_PUSH && strcmp(name, "ghost") == 0) {
    strata_pop(stack);
  }
}

/* An entry the observer unstaged before the push returned has no id to report. */
static void r31_an_entry_popped_by_the_observer_reports_none(void) {
  actor a, ghost;
  strata_item item;
  strata_id id = 99;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&ghost, "ghost", &log_);
  push_actor(stack, &a);
  strata_set_observer(stack, pop_ghosts, NULL);

  item = actor_item(&ghost, 0);
  item.time_scale = 0.5f;
  CHECK_INT(strata_push_item_id(stack, &item, &id), STRATA_OK);
  CHECK_INT(id, STRATA_ID_NONE);
  CHECK_INT(strata_staged_size(stack), 1);
  CHECK_STR(take(&log_), "ghost.destroyed");
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

/* strata_close pops the entry and everything above it, entered or not; an id no longer staged
 * closes nothing and is no error. */
static void r31_close_pops_the_entry_and_what_is_above_it(void) {
  actor a, b, c;
  strata_id ids[3];
  int closed = 7;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  ids[0] = push_focused(stack, &a);
  ids[1] = push_focused(stack, &b);
  strata_commit(stack);
  ids[2] = push_focused(stack, &c); /* staged above b, never entered */
  take(&log_);
  watch(stack, &log_);

  CHECK_INT(strata_close(stack, ids[1], &closed), STRATA_OK);
  CHECK_INT(closed, 1);
  CHECK_STR(take(&log_), "pop c@2, discard c@2, c.destroyed, pop b@1");
  CHECK_INT(strata_staged_size(stack), 1);
  CHECK_INT(strata_close(stack, ids[1], &closed), STRATA_OK); /* closed already */
  CHECK_INT(closed, 0);
  CHECK_INT(strata_close(stack, ids[2], &closed), STRATA_OK); /* dropped with it */
  CHECK_INT(closed, 0);
  CHECK_INT(strata_close(stack, 99, &closed), STRATA_OK); /* never given */
  CHECK_INT(closed, 0);
  CHECK_INT(strata_close(stack, STRATA_ID_NONE, NULL), STRATA_OK);
  CHECK_INT(strata_close(NULL, ids[0], &closed), STRATA_E_NULL_STACK);
  CHECK_STR(take(&log_), "");

  strata_set_observer(stack, NULL, NULL);
  strata_commit(stack);
  CHECK_STR(take(&log_), "b.unfocus, b.exit, b.destroyed, a.resume, a.focus");
  CHECK_INT(strata_close(stack, ids[0], &closed), STRATA_OK);
  CHECK_INT(closed, 1);
  strata_commit(stack);
  CHECK_STR(take(&log_), "a.unfocus, a.exit, a.destroyed");
  destroy_stack(stack, &log_);
}

static void close_self(strata_stack* stack, actor* self) {
  CHECK_INT(strata_close(stack, strata_id_of(stack, self), &self->result), STRATA_OK);
}

/* A dialog closes itself from its own callback, finding its id by its data, while a toast is
 * above it: the toast goes with it. */
static void r31_a_state_closes_itself_by_the_id_of_its_data(void) {
  actor base, dialog, toast;
  strata_stack* stack;
  actor_init(&base, "base", &log_);
  actor_init(&dialog, "dialog", &log_);
  actor_init(&toast, "toast", &log_);
  stack = committed_stack(&log_, 0, &base, &dialog, &toast);
  dialog.on_inactive = close_self;

  CHECK_INT(strata_frame(stack, 1.0), STRATA_OK);
  CHECK_INT(dialog.result, 1);
  CHECK_STR(take(&log_), "base.inactive, dialog.inactive, toast.active, toast.exit, "
                         "toast.destroyed, dialog.resume, dialog.exit, dialog.destroyed, "
                         "base.resume, base.draw");
  destroy_stack(stack, &log_);
}

/* The staged entries first, top first, then the committed ones on their way out. */
static void r31_id_of_finds_the_entry_of_some_data(void) {
  actor a, b, c;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  push_actor(stack, &a);
  push_actor(stack, &b);
  push_actor(stack, &a); /* the same data twice */

  CHECK_INT(strata_id_of(stack, &a), 3);
  CHECK_INT(strata_id_of(stack, &b), 2);
  CHECK_INT(strata_id_of(stack, &c), STRATA_ID_NONE);
  CHECK_INT(strata_id_of(stack, NULL), STRATA_ID_NONE);
  CHECK_INT(strata_id_of(NULL, &a), STRATA_ID_NONE);

  strata_commit(stack);
  strata_pop(stack);
  CHECK_INT(strata_id_of(stack, &a), 1);
  strata_pop(stack);
  CHECK_INT(strata_id_of(stack, &b), 2); /* committed, on its way out */
  strata_commit(stack);
  CHECK_INT(strata_id_of(stack, &b), STRATA_ID_NONE);
  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"r31_each_push_reports_the_id_of_its_entry", r31_each_push_reports_the_id_of_its_entry},
      {"r31_the_observer_reads_the_id_of_each_step", r31_the_observer_reads_the_id_of_each_step},
      {"r31_an_observer_inside_an_observer_reads_its_own_step",
       r31_an_observer_inside_an_observer_reads_its_own_step},
      {"r31_an_entry_popped_by_the_observer_reports_none",
       r31_an_entry_popped_by_the_observer_reports_none},
      {"r31_close_pops_the_entry_and_what_is_above_it",
       r31_close_pops_the_entry_and_what_is_above_it},
      {"r31_a_state_closes_itself_by_the_id_of_its_data",
       r31_a_state_closes_itself_by_the_id_of_its_data},
      {"r31_id_of_finds_the_entry_of_some_data", r31_id_of_finds_the_entry_of_some_data},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
