/* tests/c/transition_calls_test.c: the calls of transitions (R33) through the C API: where a
 * transition comes from (the strata_state, the strata_item), the bad ones refused,
 * strata_presence_of for committed, leaving and unknown ids, strata_finish_transitions refused
 * inside callbacks, a push with transitions out of memory, and the names of phases and causes.
 * transitions_test.c has the traces of the passes. */
#include <stddef.h>
#include <strata/strata.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"
#include "support/counter.h"

static recorder log_;

/* An item's transition replaces its state's, "none" included; without STRATA_TRANSITION_SET the
 * state's is used. */
static void r33_an_item_may_override_its_states_transition(void) {
  actor level, map, pause, hint;
  strata_item item;
  strata_id ids[4];
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&level, "level", &log_);
  actor_init(&map, "map", &log_);
  actor_init(&pause, "pause", &log_);
  actor_init(&hint, "hint", &log_);
  ids[0] = push_kind(stack, &seen_state, &level);
  item = actor_item(&map, STRATA_LIVE);
  item.state = &seen_state;
  item.transition = STRATA_TRANSITION_SET;
  item.arrive = 0.5f;
  CHECK_INT(strata_push_item_id(stack, &item, &ids[1]), STRATA_OK);
  item = actor_item(&pause, 0);
  item.state = &fading_pause_state;
  item.transition = STRATA_TRANSITION_SET; /* arrive and leave 0: none */
  CHECK_INT(strata_push_item_id(stack, &item, &ids[2]), STRATA_OK);
  item = actor_item(&hint, STRATA_LIVE);
  item.state = &fading_pause_state;
  item.arrive = 7.0f; /* not used without STRATA_TRANSITION_SET */
  CHECK_INT(strata_push_item_id(stack, &item, &ids[3]), STRATA_OK);
  strata_commit(stack);

  CHECK_STR(presence_text(stack, ids[1]), "arriving 0 push cover 1");
  CHECK_STR(presence_text(stack, ids[2]), "being_covered 1 push"); /* present at once */
  CHECK_STR(presence_text(stack, ids[3]), "arriving 0 push");
  strata_update(stack, 0.25);
  CHECK_STR(presence_text(stack, ids[1]), "arriving 0.5 push cover 1");
  CHECK_STR(presence_text(stack, ids[3]), "arriving 0.5 push");
  destroy_stack(stack, &log_);
}

/* A duration that is negative, infinite or NaN, in an item or a state, is refused with
 * STRATA_E_BAD_TRANSITION before anything is staged (the data released), and bits other than the
 * two switches with STRATA_E_BAD_ARGUMENT. */
static void r33_bad_transitions_are_refused_and_change_nothing(void) {
  static strata_state endless, backwards, unknown_bits;
  volatile float zero = 0.0f;
  const float not_a_number = zero / zero;
  const float infinite = 1.0f / zero;
  actor a, b, c;
  strata_item items[2];
  strata_id id = 99;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  push_kind(stack, &seen_state, &a);

  items[0] = actor_item(&b, 0);
  items[0].transition = STRATA_TRANSITION_SET;
  items[0].arrive = -1.0f;
  CHECK_INT(strata_push_item_id(stack, &items[0], &id), STRATA_E_BAD_TRANSITION);
  CHECK_STR(strata_last_error(stack), "strata: strata_push_item_id() with a transition that "
                                      "lasts a negative, infinite or not-a-number time");
  CHECK_INT(id, STRATA_ID_NONE);
  items[0].arrive = 0.0f;
  items[0].leave = not_a_number;
  CHECK_INT(strata_replace_item(stack, &items[0]), STRATA_E_BAD_TRANSITION);
  items[0].transition = 0; /* the item's durations are checked even when the state's are used */
  CHECK_INT(strata_push_item(stack, &items[0]), STRATA_E_BAD_TRANSITION);
  CHECK_STR(take(&log_), "b.destroyed, b.destroyed, b.destroyed");

  endless = seen_state;
  endless.leave = infinite;
  backwards = seen_state;
  backwards.arrive = -0.5f;
  unknown_bits = seen_state;
  unknown_bits.transition = 0x4u;
  items[0] = actor_item(&b, 0);
  items[1] = actor_item(&c, 0);
  items[1].state = &endless;
  CHECK_INT(strata_push_several(stack, items, 2), STRATA_E_BAD_TRANSITION);
  CHECK_STR(take(&log_), "b.destroyed, c.destroyed");
  CHECK_INT(strata_push(stack, &backwards, &c), STRATA_E_BAD_TRANSITION);
  CHECK_STR(strata_last_error(stack), "strata: strata_push() with a transition that lasts a "
                                      "negative, infinite or not-a-number time");
  CHECK_INT(strata_push(stack, &unknown_bits, &c), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack), "strata: strata_push() with invalid transition bits");
  items[0].transition = STRATA_INPUT_PASSES | 0x8u;
  CHECK_INT(strata_push_item(stack, &items[0]), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(take(&log_), "c.destroyed, c.destroyed, b.destroyed");

  CHECK_INT(strata_staged_size(stack), 1);
  strata_commit(stack);
  CHECK_STR(take(&log_), "a.enter");
  CHECK_INT(strata_in_transition(stack), 0);
  CHECK_STR(strata_error_string(STRATA_E_BAD_TRANSITION),
            "strata: a transition's duration that is negative, infinite or NaN");
  destroy_stack(stack, &log_);
}

/* strata_presence_of reads committed entries and leaving ones; an id staged but not committed,
 * destroyed, or never given is not found. */
static void r33_presence_of_committed_leaving_and_unknown_ids(void) {
  actor level, pause, later;
  strata_id level_id, pause_id, later_id;
  strata_presence seen;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&level, "level", &log_);
  actor_init(&pause, "pause", &log_);
  actor_init(&later, "later", &log_);
  level_id = push_kind(stack, &seen_state, &level);
  CHECK_INT(strata_presence_of(stack, level_id, &seen), STRATA_E_NOT_FOUND); /* only staged */
  strata_commit(stack);
  CHECK_STR(presence_text(stack, level_id), "present 1");
  pause_id = push_kind(stack, &fading_pause_state, &pause);
  strata_commit(stack);
  strata_finish_transitions(stack);
  CHECK_STR(presence_text(stack, level_id), "covered 1 cover 1");
  CHECK_STR(presence_text(stack, pause_id), "present 1");

  strata_pop(stack);
  strata_commit(stack);
  strata_update(stack, 0.25);
  CHECK_STR(presence_text(stack, pause_id), "leaving 0.5 pop"); /* no longer committed */
  CHECK_STR(presence_text(stack, level_id), "being_revealed 1 pop cover 0.5");
  CHECK_INT(strata_presence_of(stack, pause_id, &seen), STRATA_OK);
  CHECK_INT(seen.phase, STRATA_PHASE_LEAVING);
  CHECK_INT(seen.cause, STRATA_CAUSE_POP);
  later_id = push_kind(stack, &seen_state, &later);
  CHECK_INT(strata_presence_of(stack, later_id, &seen), STRATA_E_NOT_FOUND);
  strata_finish_transitions(stack);

  CHECK_INT(strata_presence_of(stack, pause_id, &seen), STRATA_E_NOT_FOUND);
  CHECK_STR(strata_last_error(stack), "strata: strata_presence_of(): no committed or leaving "
                                      "entry has the id 2");
  CHECK_INT(strata_presence_of(stack, 77, &seen), STRATA_E_NOT_FOUND);
  CHECK_INT(strata_presence_of(stack, STRATA_ID_NONE, &seen), STRATA_E_NOT_FOUND);
  CHECK_INT(strata_presence_of(stack, level_id, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack), "strata: strata_presence_of() with a null output");
  CHECK_INT(strata_presence_of(NULL, level_id, &seen), STRATA_E_NULL_STACK);
  CHECK_INT(strata_in_transition(NULL), 0);

  /* The level leaves at once, but waits, undrawn, to be destroyed after the pause leaving above
   * it: gone all the same. */
  pause_id = push_kind(stack, &fading_pause_state, &pause);
  strata_commit(stack);
  strata_finish_transitions(stack);
  take(&log_);
  strata_clear(stack);
  strata_commit(stack);
  CHECK_STR(take(&log_), "pause.exit, later.resume, later.exit, level.resume, level.exit");
  CHECK_STR(presence_text(stack, pause_id), "leaving 1 clear");
  CHECK_INT(strata_presence_of(stack, level_id, &seen), STRATA_E_NOT_FOUND);
  CHECK_INT(strata_presence_of(stack, later_id, &seen), STRATA_E_NOT_FOUND);
  CHECK_INT(level.destroyed, 0);
  destroy_stack(stack, &log_);
}

/* Where strata_finish_transitions runs callbacks. */
static strata_stack* finishing_;
static int commit_from_release_;
static int finish_from_release_;

static void release_and_commit(void* env, void* data) {
  (void)env;
  ++((actor*)data)->destroyed;
  commit_from_release_ = strata_commit(finishing_);
  finish_from_release_ = strata_finish_transitions(finishing_);
}

static void finish_from_a_callback(strata_stack* stack, actor* self) {
  self->result = strata_finish_transitions(stack);
}

/* Like the passes, strata_finish_transitions is refused inside a callback; the destroy callbacks
 * it runs may make requests only: a commit or a finish from one is refused as from a pass's. */
static void r33_finish_transitions_is_refused_inside_callbacks(void) {
  static strata_state releasing;
  actor level, pause;
  strata_stack* stack = make_stack(&log_, NULL);
  finishing_ = stack;
  releasing = fading_pause_state;
  releasing.destroy = release_and_commit;
  actor_init(&level, "level", &log_);
  actor_init(&pause, "pause", &log_);
  level.on_active = finish_from_a_callback;
  push_kind(stack, &seen_state, &level);
  push_kind(stack, &releasing, &pause);
  strata_commit(stack);
  strata_finish_transitions(stack); /* else the pause turns back from 0 and is gone at once */
  strata_pop(stack);
  strata_commit(stack);
  take(&log_);

  strata_update(stack, 0.125);
  CHECK_STR(take(&log_), "level.active");
  CHECK_INT(level.result, STRATA_E_REENTRANT);
  CHECK_INT(strata_in_transition(stack), 1);
  CHECK_INT(pause.destroyed, 0);
  CHECK_INT(strata_finish_transitions(stack), STRATA_OK);
  CHECK_STR(take(&log_), ""); /* release_and_commit records nothing: it counts */
  CHECK_INT(pause.destroyed, 1);
  CHECK_INT(commit_from_release_, STRATA_E_REENTRANT);
  CHECK_INT(finish_from_release_, STRATA_E_REENTRANT);
  /* Refused by the core, which runs finish_transitions() as an activity of its own (R24). */
  CHECK_STR(strata_last_error(stack), "strata: finish_transitions() called during "
                                      "finish_transitions(); requests made there take effect at "
                                      "the next commit");
  CHECK_INT(strata_in_transition(stack), 0);
  destroy_stack(stack, &log_);
}

typedef int (*push_fn)(strata_stack* stack, strata_item* items, strata_id* ids);

/* b and c, each with a transition: c's from its state, b's from its item. */
static int push_both(strata_stack* stack, strata_item* items, strata_id* ids) {
  return strata_push_several_ids(stack, items, 2, ids);
}
static int push_first(strata_stack* stack, strata_item* items, strata_id* ids) {
  return strata_push_item_id(stack, &items[0], ids);
}

/* A push whose entries get their transitions once staged, with the n-th allocation failing, for
 * every n until it succeeds: it fails with STRATA_E_NO_MEMORY leaving the staged stack as it was,
 * its data released once, no id reported. Returns how many failures came once the push had
 * staged its entries and had to take them back (the observer heard of a discard). */
static long fail_at_every_allocation(push_fn push, size_t count, const char* after) {
  long n;
  long taken_back = 0;
  for (n = 0; n < 64; ++n) {
    counter memory;
    strata_allocator allocator;
    strata_stack* stack = counted_stack(&log_, &memory, &allocator);
    recorder steps;
    actor a, b, c;
    strata_item items[2];
    strata_id ids[2] = {99, 99};
    strata_entry top;
    int result;
    actor_init(&a, "a", &log_);
    actor_init(&b, "b", &log_);
    actor_init(&c, "c", &log_);
    recorder_init(&steps);
    push_actor(stack, &a);
    strata_commit(stack);
    items[0] = actor_item(&b, 0);
    items[0].transition = STRATA_TRANSITION_SET;
    items[0].arrive = 0.5f;
    items[1] = actor_item(&c, 0);
    items[1].state = &fading_pause_state;
    take(&log_);
    watch(stack, &steps);

    memory.fail_after = n;
    result = push(stack, items, ids);
    memory.fail_after = -1;
    if (result == STRATA_OK) {
      CHECK_INT(strata_staged_size(stack), count + 1);
      CHECK_INT(strata_entry_at(stack, STRATA_STAGED, count, &top), STRATA_OK);
      CHECK_INT(top.id == ids[0], 1);
    } else {
      CHECK_INT(result, STRATA_E_NO_MEMORY);
      CHECK_INT(strata_staged_size(stack), 1);
      CHECK_INT(b.destroyed, 1);
      CHECK_INT(c.destroyed, count == 2 ? 1 : 0);
      take(&log_);
      CHECK_INT(ids[0], STRATA_ID_NONE);
      taken_back += strstr(take(&steps), "discard") != NULL;
    }
    strata_commit(stack);
    CHECK_STR(take(&log_), after == NULL || result != STRATA_OK ? "" : after);
    destroy_stack(stack, &log_);
    CHECK_INT(memory.live, 0);
    CHECK_INT(memory.mismatches, 0);
    if (result == STRATA_OK) {
      break;
    }
  }
  CHECK_INT(n < 64, 1);
  return taken_back;
}

/* The core keeps an entry's own transition with its extras, which a push makes once the entry is
 * staged: when memory runs out then, the push is taken back whole, a batch included. */
static void r33_a_push_with_transitions_is_all_or_nothing_when_memory_runs_out(void) {
  CHECK_INT(fail_at_every_allocation(push_both, 2, "a.pause, c.enter, c.pause, b.enter") > 0, 1);
  CHECK_INT(fail_at_every_allocation(push_first, 1, "a.pause, b.enter") > 0, 1);
}

static void r33_phases_and_causes_have_names(void) {
  CHECK_STR(strata_phase_name(STRATA_PHASE_PRESENT), "present");
  CHECK_STR(strata_phase_name(STRATA_PHASE_BEING_REVEALED), "being_revealed");
  CHECK_STR(strata_phase_name(6), "?");
  CHECK_STR(strata_phase_name(-1), "?");
  CHECK_STR(strata_cause_name(STRATA_CAUSE_NONE), "none");
  CHECK_STR(strata_cause_name(STRATA_CAUSE_CLEAR), "clear");
  CHECK_STR(strata_cause_name(5), "?");
}

/* strata_pop_leaving and strata_clear_leaving (strata::stack::pop(t), clear(t)): the states they
 * pop leave over the time given, whatever their state said (the pause's own is 0.5 s), with
 * events passing below them if asked; a bad departure is refused and pops nothing. */
static void r33_pop_and_clear_may_override_the_departure(void) {
  const float zero = 0.0f;
  const float not_a_number = zero / zero;
  actor level, pause;
  int key = 1;
  strata_id ids[2];
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&level, "level", &log_);
  actor_init(&pause, "pause", &log_);
  level.consumes = 1;
  ids[0] = push_kind(stack, &seen_state, &level);
  ids[1] = push_kind(stack, &fading_pause_state, &pause);
  strata_commit(stack);
  strata_finish_transitions(stack);
  take(&log_);

  CHECK_INT(strata_pop_leaving(stack, -1.0f, 0), STRATA_E_BAD_TRANSITION);
  CHECK_AFFIXES(strata_last_error(stack), "strata: transition(",
                "a transition lasts a finite "
                "number of seconds, 0 or more");
  CHECK_INT(strata_clear_leaving(stack, not_a_number, 0), STRATA_E_BAD_TRANSITION);
  CHECK_INT(strata_pop_leaving(stack, 0.25f, STRATA_TRANSITION_SET), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack), "strata: strata_pop_leaving() with invalid transition bits");
  CHECK_INT(strata_clear_leaving(stack, 0.25f, 0x8u), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_staged_size(stack), 2);
  CHECK_STR(take(&log_), "");

  CHECK_INT(strata_pop_leaving(stack, 0.25f, STRATA_INPUT_PASSES), STRATA_OK);
  strata_commit(stack);
  CHECK_STR(take(&log_), "pause.exit, level.resume");
  strata_update(stack, 0.125);
  strata_draw(stack);
  CHECK_STR(take(&log_), "level.active, level.draw_seen(being_revealed 1 pop cover 0.5), "
                         "pause.draw_seen(leaving 0.5 pop)");
  CHECK_INT(strata_handle(stack, &key), 1);
  CHECK_STR(take(&log_), "level.event(1)"); /* the departure lets events pass */
  strata_update(stack, 0.125);
  CHECK_STR(take(&log_), "level.active, pause.destroyed"); /* gone after 0.25 s, not 0.5 */

  CHECK_INT(strata_clear_leaving(stack, 1.0f, 0), STRATA_OK);
  strata_commit(stack);
  CHECK_STR(take(&log_), "level.exit");
  strata_update(stack, 0.5);
  CHECK_STR(presence_text(stack, ids[0]), "leaving 0.5 clear");
  CHECK_INT(strata_handle(stack, &key), 1);
  CHECK_STR(take(&log_), ""); /* without STRATA_INPUT_PASSES the leaving level stops it */
  strata_finish_transitions(stack);
  CHECK_STR(take(&log_), "level.destroyed");
  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"r33_an_item_may_override_its_states_transition",
       r33_an_item_may_override_its_states_transition},
      {"r33_bad_transitions_are_refused_and_change_nothing",
       r33_bad_transitions_are_refused_and_change_nothing},
      {"r33_presence_of_committed_leaving_and_unknown_ids",
       r33_presence_of_committed_leaving_and_unknown_ids},
      {"r33_finish_transitions_is_refused_inside_callbacks",
       r33_finish_transitions_is_refused_inside_callbacks},
      {"r33_a_push_with_transitions_is_all_or_nothing_when_memory_runs_out",
       r33_a_push_with_transitions_is_all_or_nothing_when_memory_runs_out},
      {"r33_phases_and_causes_have_names", r33_phases_and_causes_have_names},
      {"r33_pop_and_clear_may_override_the_departure",
       r33_pop_and_clear_may_override_the_departure},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
