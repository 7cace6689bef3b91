/* tests/c/transitions_test.c: states that take time to arrive and to leave (R33) through the C
 * API, the traces of tests/stack_transitions_test.cpp: the callbacks run as without transitions;
 * what changes is what is drawn (draw_seen reads the presence), where events stop, and when a
 * state that exited is destroyed (its destroy callback runs only then).
 * transition_calls_test.c has where a transition comes from and the calls of R33. */
#include <stddef.h>
#include <strata/strata.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* committed: level*      push pause (arrives and leaves in 0.5 s, freezes the level)
 * commit:    level.pause, pause.enter          (the same callbacks as without a transition)
 * draw:      level.draw_seen(being_covered 1 push), pause.draw_seen(arriving 0 push)
 * update(0.25): pause.active; the pause is half there, then fully */
static void r33_a_pushed_state_arrives_over_its_arrive_time(void) {
  actor level, pause;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&level, "level", &log_);
  actor_init(&pause, "pause", &log_);
  push_kind(stack, &seen_state, &level);
  strata_commit(stack);
  take(&log_);

  push_kind(stack, &fading_pause_state, &pause);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "level.pause, pause.enter");
  CHECK_INT(strata_in_transition(stack), 1);
  CHECK_INT(strata_draw(stack), STRATA_OK);
  CHECK_STR(take(&log_), "level.draw_seen(being_covered 1 push), pause.draw_seen(arriving 0 push)");
  CHECK_INT(strata_update(stack, 0.25), STRATA_OK);
  CHECK_STR(take(&log_), "pause.active");
  strata_draw(stack);
  CHECK_STR(take(&log_), "level.draw_seen(being_covered 1 push cover 0.5), "
                         "pause.draw_seen(arriving 0.5 push)");
  strata_update(stack, 0.25);
  CHECK_INT(strata_in_transition(stack), 0);
  strata_draw(stack);
  CHECK_STR(take(&log_),
            "pause.active, level.draw_seen(covered 1 cover 1), pause.draw_seen(present 1)");
  destroy_stack(stack, &log_);
}

/* A state that lets every pass through (STRATA_TRANSPARENT: a HUD) covers nothing: the phase and
 * the cover of the states below come from the nearest state above that covers them, so the level
 * dims with its pause menu whatever HUD lies between, and is present under the HUD alone. */
static void r33_a_transparent_state_covers_nothing(void) {
  actor level, hud, pause;
  strata_item item;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&level, "level", &log_);
  actor_init(&hud, "hud", &log_);
  actor_init(&pause, "pause", &log_);
  push_kind(stack, &seen_state, &level);
  item = actor_item(&hud, STRATA_TRANSPARENT);
  item.state = &seen_state;
  CHECK_INT(strata_push_item(stack, &item), STRATA_OK);
  strata_commit(stack);
  take(&log_);
  strata_draw(stack);
  CHECK_STR(take(&log_), "level.draw_seen(present 1), hud.draw_seen(present 1)");

  push_kind(stack, &fading_pause_state, &pause);
  strata_commit(stack);
  CHECK_STR(take(&log_), "hud.pause, pause.enter");
  strata_update(stack, 0.25);
  strata_draw(stack);
  CHECK_STR(take(&log_), "pause.active, level.draw_seen(being_covered 1 push cover 0.5), "
                         "hud.draw_seen(being_covered 1 push cover 0.5), "
                         "pause.draw_seen(arriving 0.5 push)");
  destroy_stack(stack, &log_);
}

/* A popped state has its exit at the commit, as always, then is drawn, and only drawn, until its
 * presence reaches 0; then it is destroyed: its destroy callback runs only then. */
static void r33_a_popped_state_is_drawn_until_it_has_left_then_destroyed(void) {
  actor level, pause;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&level, "level", &log_);
  actor_init(&pause, "pause", &log_);
  push_kind(stack, &seen_state, &level);
  push_kind(stack, &fading_pause_state, &pause);
  strata_commit(stack);
  CHECK_INT(strata_finish_transitions(stack), STRATA_OK);
  take(&log_);

  strata_pop(stack);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "pause.exit, level.resume");
  CHECK_INT(pause.destroyed, 0);
  CHECK_INT(strata_size(stack), 1); /* the leaving pause is no longer committed */
  strata_draw(stack);
  CHECK_STR(take(&log_), "level.draw_seen(being_revealed 1 pop cover 1), "
                         "pause.draw_seen(leaving 1 pop)");
  strata_update(stack, 0.125);
  CHECK_STR(take(&log_), "level.active"); /* the leaving pause gets no update */
  strata_draw(stack);
  CHECK_STR(take(&log_), "level.draw_seen(being_revealed 1 pop cover 0.75), "
                         "pause.draw_seen(leaving 0.75 pop)");
  CHECK_INT(pause.destroyed, 0);
  strata_update(stack, 0.375);
  CHECK_STR(take(&log_), "level.active, pause.destroyed");
  CHECK_INT(pause.destroyed, 1);
  strata_draw(stack);
  CHECK_STR(take(&log_), "level.draw_seen(present 1)");
  CHECK_INT(strata_in_transition(stack), 0);
  destroy_stack(stack, &log_);
}

/* A state without draw_seen is drawn with its `draw` while it moves, as ever; the states below
 * it are drawn while it arrives even though its modality hides them. */
static void r33_a_state_without_draw_seen_is_drawn_with_draw(void) {
  static strata_state screen;
  actor level, map;
  strata_stack* stack = make_stack(&log_, NULL);
  screen = traced_state; /* no draw_seen; STRATA_SCREEN: hides the level once it is there */
  screen.arrive = 0.5f;
  actor_init(&level, "level", &log_);
  actor_init(&map, "map", &log_);
  push_actor(stack, &level);
  strata_commit(stack);
  push_kind(stack, &screen, &map);
  strata_commit(stack);
  take(&log_);

  strata_draw(stack);
  CHECK_STR(take(&log_), "level.draw, map.draw");
  strata_update(stack, 0.5);
  strata_draw(stack);
  CHECK_STR(take(&log_), "level.inactive, map.active, map.draw");
  destroy_stack(stack, &log_);
}

/* Events stop at a state that arrives or leaves, consumed, so that a second "back" during a fade
 * pops nothing more; STRATA_INPUT_PASSES lets them pass instead. */
static void r33_events_stop_at_a_state_in_transition(void) {
  actor level, pause;
  int first = 1, second = 2, third = 3;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&level, "level", &log_);
  actor_init(&pause, "pause", &log_);
  level.consumes = 1;
  push_kind(stack, &seen_state, &level);
  push_kind(stack, &fading_pause_state, &pause);
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_handle(stack, &first), 1);
  CHECK_STR(take(&log_), ""); /* the arriving pause stops it: neither gets it */
  CHECK_INT(strata_finish_transitions(stack), STRATA_OK);
  strata_pop(stack);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "pause.exit, level.resume");
  CHECK_INT(strata_handle(stack, &second), 1);
  CHECK_STR(take(&log_), ""); /* the leaving pause stops it too */
  CHECK_INT(strata_finish_transitions(stack), STRATA_OK);
  CHECK_STR(take(&log_), "pause.destroyed");
  CHECK_INT(strata_handle(stack, &third), 1);
  CHECK_STR(take(&log_), "level.event(3)");
  destroy_stack(stack, &log_);
}

static void r33_a_transition_may_let_events_pass(void) {
  actor level, toast;
  strata_item item;
  int key = 1;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&level, "level", &log_);
  actor_init(&toast, "toast", &log_);
  level.consumes = 1;
  push_kind(stack, &seen_state, &level);
  item = actor_item(&toast, STRATA_TRANSPARENT);
  item.transition = STRATA_TRANSITION_SET | STRATA_INPUT_PASSES;
  item.arrive = 1.0f;
  item.leave = 1.0f;
  CHECK_INT(strata_push_item(stack, &item), STRATA_OK);
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_handle(stack, &key), 1);
  CHECK_STR(take(&log_), "level.event(1)"); /* the arriving toast does not get it either */
  strata_finish_transitions(stack);
  strata_pop(stack);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "toast.exit, level.resume");
  CHECK_INT(strata_in_transition(stack), 1);
  key = 2;
  CHECK_INT(strata_handle(stack, &key), 1);
  CHECK_STR(take(&log_), "level.event(2)"); /* nor does the leaving one */

  /* Nor does the moving state's modality stop it: a veil that lets no input through once there. */
  strata_finish_transitions(stack);
  item.modality = STRATA_FREEZE;
  CHECK_INT(strata_push_item(stack, &item), STRATA_OK);
  strata_commit(stack);
  take(&log_);
  key = 3;
  CHECK_INT(strata_handle(stack, &key), 1);
  CHECK_STR(take(&log_), "level.event(3)");
  strata_finish_transitions(stack);
  key = 4;
  CHECK_INT(strata_handle(stack, &key), 0);
  CHECK_STR(take(&log_), "toast.event(4)"); /* once there, its modality decides again */
  destroy_stack(stack, &log_);
}

/* replace and clear are told to the states that leave, arrive and are revealed. */
static void r33_replace_and_clear_name_their_cause(void) {
  static strata_state title, world;
  actor level, old_title, new_world;
  strata_item item;
  strata_stack* stack = make_stack(&log_, NULL);
  title = seen_state;
  title.leave = 0.5f;
  world = seen_state;
  world.arrive = 0.5f;
  world.leave = 0.5f;
  actor_init(&level, "level", &log_);
  actor_init(&old_title, "title", &log_);
  actor_init(&new_world, "world", &log_);
  push_kind(stack, &seen_state, &level);
  push_kind(stack, &title, &old_title);
  strata_commit(stack);
  take(&log_);

  item = actor_item(&new_world, 0);
  item.state = &world;
  CHECK_INT(strata_replace_item(stack, &item), STRATA_OK);
  strata_commit(stack);
  CHECK_STR(take(&log_), "title.exit, level.resume, level.pause, world.enter");
  strata_update(stack, 0.25);
  strata_draw(stack);
  CHECK_STR(take(&log_), "level.inactive, world.active, "
                         "level.draw_seen(being_revealed 1 replace cover 0.5), "
                         "title.draw_seen(leaving 0.5 replace cover 0.5), "
                         "world.draw_seen(arriving 0.5 replace)");
  strata_clear(stack);
  strata_commit(stack);
  CHECK_STR(take(&log_), "world.exit, level.resume, level.exit");
  strata_draw(stack); /* the level left at once: not drawn, destroyed after those above it */
  CHECK_STR(take(&log_), "title.draw_seen(leaving 0.5 replace cover 0.5), "
                         "world.draw_seen(leaving 0.5 clear)");
  strata_update(stack, 0.25);
  CHECK_STR(take(&log_), "world.destroyed, title.destroyed, level.destroyed");
  destroy_stack(stack, &log_);
}

/* strata_destroy (R26) destroys the states still leaving with the others, as no time passes any
 * more: each after the ones above it. */
static void r33_destroying_the_stack_destroys_the_leaving_states_top_first(void) {
  static strata_state slow;
  actor a, b, c;
  strata_stack* stack = make_stack(&log_, NULL);
  slow = seen_state;
  slow.modality = STRATA_LIVE;
  slow.leave = 0.5f;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  push_kind(stack, &slow, &a);
  push_kind(stack, &slow, &b);
  push_kind(stack, &slow, &c);
  strata_commit(stack);
  strata_pop(stack);
  strata_commit(stack);
  CHECK_STR(take(&log_), "a.enter, a.pause, b.enter, b.pause, c.enter, c.exit, b.resume");

  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_STR(take(&log_), "b.exit, c.destroyed, b.destroyed, a.resume, a.exit, a.destroyed");
}

/* Completes every transition at once: b, which was turning back from 0.5, is destroyed; a's
 * arrival ends. */
static void r33_finish_transitions_completes_every_transition_at_once(void) {
  static strata_state slow;
  actor level, a, b;
  strata_id a_id;
  strata_stack* stack = make_stack(&log_, NULL);
  slow = seen_state;
  slow.modality = STRATA_LIVE;
  slow.arrive = 1.0f;
  slow.leave = 1.0f;
  actor_init(&level, "level", &log_);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  push_kind(stack, &seen_state, &level);
  a_id = push_kind(stack, &slow, &a);
  push_kind(stack, &slow, &b);
  strata_commit(stack);
  take(&log_);

  strata_update(stack, 0.5); /* a and b half there */
  strata_pop(stack);         /* b turns back from 0.5 */
  strata_commit(stack);
  CHECK_STR(take(&log_), "level.inactive, a.inactive, b.active, b.exit, a.resume");
  CHECK_STR(presence_text(stack, a_id), "arriving 0.5 push cover 0.5");
  CHECK_INT(strata_finish_transitions(stack), STRATA_OK);
  CHECK_STR(take(&log_), "b.destroyed");
  CHECK_INT(strata_in_transition(stack), 0);
  strata_draw(stack);
  CHECK_STR(take(&log_), "level.draw_seen(covered 1 cover 1), a.draw_seen(present 1)");
  CHECK_INT(strata_finish_transitions(stack), STRATA_OK); /* nothing left to finish */
  CHECK_STR(take(&log_), "");
  CHECK_INT(strata_finish_transitions(NULL), STRATA_E_NULL_STACK);
  destroy_stack(stack, &log_);
}

static void fail_the_draw(strata_stack* stack, actor* self) {
  (void)self;
  strata_fail(stack, "no canvas");
}

/* draw_seen may fail like any callback (R25): the draw pass stops there. */
static void r33_draw_seen_may_fail(void) {
  actor level, pause;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&level, "level", &log_);
  actor_init(&pause, "pause", &log_);
  level.on_draw = fail_the_draw;
  push_kind(stack, &seen_state, &level);
  push_kind(stack, &fading_pause_state, &pause);
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_draw(stack), STRATA_E_CALLBACK_FAILED);
  CHECK_STR(take(&log_), "level.draw_seen(being_covered 1 push)");
  CHECK_STR(strata_last_error(stack), "strata: 'level'.draw_seen failed: no canvas");
  destroy_stack(stack, &log_);
}

static actor pushed_[40];
static size_t pushes_;

/* Pushes twenty states: enough to move the staged stack's storage, which holds the committed
 * entries the pass is walking. */
static void push_twenty(strata_stack* stack, actor* self) {
  size_t i;
  (void)self;
  for (i = 0; i < 20 && pushes_ < sizeof pushed_ / sizeof pushed_[0]; ++i, ++pushes_) {
    actor_init(&pushed_[pushes_], "pushed", NULL);
    push_actor(stack, &pushed_[pushes_]);
  }
}

/* A draw or event callback may make requests while states move, as at any other time; the pass
 * goes on over the states it started with (under AddressSanitizer, the draw read the entries it
 * walks from storage that a push had moved). */
static void r33_callbacks_may_push_while_states_move(void) {
  static strata_state veil;
  actor level, note;
  int key = 1;
  strata_stack* stack = make_stack(&log_, NULL);
  veil = fading_pause_state; /* covers the level, lets events pass while it arrives */
  veil.transition = STRATA_INPUT_PASSES;
  actor_init(&level, "level", &log_);
  actor_init(&note, "note", &log_);
  level.on_draw = push_twenty;
  level.on_event = push_twenty;
  level.consumes = 1;
  pushes_ = 0;
  push_kind(stack, &seen_state, &level);
  push_kind(stack, &veil, &note);
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_draw(stack), STRATA_OK);
  CHECK_STR(take(&log_), "level.draw_seen(being_covered 1 push), note.draw_seen(arriving 0 push)");
  CHECK_INT(strata_handle(stack, &key), 1);
  CHECK_STR(take(&log_), "level.event(1)");
  CHECK_INT(strata_staged_size(stack), 42);
  destroy_stack(stack, &log_);
  CHECK_INT(pushed_[39].destroyed, 1);
}

int main(void) {
  static const test_case tests[] = {
      {"r33_a_pushed_state_arrives_over_its_arrive_time",
       r33_a_pushed_state_arrives_over_its_arrive_time},
      {"r33_a_transparent_state_covers_nothing", r33_a_transparent_state_covers_nothing},
      {"r33_a_popped_state_is_drawn_until_it_has_left_then_destroyed",
       r33_a_popped_state_is_drawn_until_it_has_left_then_destroyed},
      {"r33_a_state_without_draw_seen_is_drawn_with_draw",
       r33_a_state_without_draw_seen_is_drawn_with_draw},
      {"r33_events_stop_at_a_state_in_transition", r33_events_stop_at_a_state_in_transition},
      {"r33_a_transition_may_let_events_pass", r33_a_transition_may_let_events_pass},
      {"r33_replace_and_clear_name_their_cause", r33_replace_and_clear_name_their_cause},
      {"r33_destroying_the_stack_destroys_the_leaving_states_top_first",
       r33_destroying_the_stack_destroys_the_leaving_states_top_first},
      {"r33_finish_transitions_completes_every_transition_at_once",
       r33_finish_transitions_completes_every_transition_at_once},
      {"r33_draw_seen_may_fail", r33_draw_seen_may_fail},
      {"r33_callbacks_may_push_while_states_move", r33_callbacks_may_push_while_states_move},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
