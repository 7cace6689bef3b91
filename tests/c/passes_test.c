/* tests/c/passes_test.c: the per-frame passes and the frame (R11 to R16) through the C API,
 * each with the exact trace: who is updated, drawn and handed events, in which order, and what
 * requests made during a pass do. */
#include <stddef.h>
#include <strata/strata.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* Commits bottom, middle (if not NULL) and top with the given modalities; forgets the trace. */
static strata_stack* committed_with_modes(actor* bottom, actor* middle, unsigned middle_mode,
                                          actor* top, unsigned top_mode) {
  strata_stack* stack = make_stack(&log_, NULL);
  push_actor(stack, bottom);
  if (middle != NULL) {
    push_actor_as(stack, middle, middle_mode);
  }
  push_actor_as(stack, top, top_mode);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  take(&log_);
  return stack;
}

static void r12_update_reaches_down_while_states_let_updates_through(void) {
  actor a, b, c;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  stack = committed_with_modes(&a, &b, STRATA_OPAQUE, &c, STRATA_SCREEN);

  CHECK_INT(strata_update(stack, 0.5), STRATA_OK);
  CHECK_STR(take(&log_), "b.inactive, c.active");
  CHECK_INT(c.last_dt * 4, 2);
  CHECK_INT(b.last_dt * 4, 2);
  destroy_stack(stack, &log_);
}

static void r12_the_default_modality_is_screen(void) {
  actor a, b;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  stack = committed_with_modes(&a, NULL, 0, &b, STRATA_MODALITY_DEFAULT);

  strata_update(stack, 1.0);
  strata_draw(stack);
  CHECK_STR(take(&log_), "a.inactive, b.active, b.draw");
  destroy_stack(stack, &log_);
}

static void r13_draw_reaches_down_while_states_let_drawing_through(void) {
  actor a, b, c;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  stack = committed_with_modes(&a, &b, STRATA_SCREEN, &c, STRATA_FREEZE);

  CHECK_INT(strata_draw(stack), STRATA_OK);
  CHECK_STR(take(&log_), "b.draw, c.draw");
  strata_update(stack, 1.0);
  CHECK_STR(take(&log_), "c.active");
  destroy_stack(stack, &log_);
}

static void r14_events_go_top_down_until_a_state_consumes_them(void) {
  actor a, b, c;
  int key = 7;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  b.consumes = 1;
  stack = committed_with_modes(&a, &b, STRATA_TRANSPARENT, &c, STRATA_TRANSPARENT);

  CHECK_INT(strata_handle(stack, &key), 1);
  CHECK_STR(take(&log_), "c.event(7), b.event(7)");

  b.consumes = 0;
  CHECK_INT(strata_handle(stack, &key), 0);
  CHECK_STR(take(&log_), "c.event(7), b.event(7), a.event(7)");
  destroy_stack(stack, &log_);
}

static void r14_events_stop_at_a_state_that_keeps_input(void) {
  actor a, b;
  int key = 1;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  stack = committed_with_modes(&a, NULL, 0, &b, STRATA_LIVE);

  CHECK_INT(strata_handle(stack, &key), 0);
  CHECK_STR(take(&log_), "b.event(1)");
  destroy_stack(stack, &log_);
}

static void pop_top(strata_stack* stack, actor* self) {
  (void)self;
  strata_pop(stack);
}

static void push_extra(strata_stack* stack, actor* self) {
  self->result = push_actor(stack, (actor*)self->extra);
}

static void r11_a_pass_finishes_over_the_stack_as_committed(void) {
  actor world, menu, toast;
  strata_stack* stack;
  actor_init(&world, "world", &log_);
  actor_init(&menu, "menu", &log_);
  actor_init(&toast, "toast", &log_);
  world.on_inactive = pop_top; /* pops the menu before it is updated */
  menu.on_active = push_extra;
  menu.extra = &toast;
  stack = committed_with_modes(&world, NULL, 0, &menu, STRATA_LIVE);

  CHECK_INT(strata_update(stack, 1.0), STRATA_OK);
  CHECK_STR(take(&log_), "world.inactive, menu.active");
  CHECK_INT(menu.result, STRATA_OK);
  CHECK_INT(strata_pending(stack), 1);
  CHECK_STR(strata_top_name(stack), "menu");

  /* What the pass requested happens at the next commit: the menu leaves, the toast enters. */
  strata_commit(stack);
  CHECK_STR(take(&log_), "menu.exit, menu.destroyed, world.resume, world.pause, toast.enter");
  destroy_stack(stack, &log_);
}

static void r11_requests_made_while_drawing_wait_for_the_commit(void) {
  actor world, menu;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&world, "world", &log_);
  actor_init(&menu, "menu", &log_);
  world.on_draw = push_extra;
  world.extra = &menu;
  push_actor(stack, &world);
  strata_commit(stack);
  take(&log_);

  strata_draw(stack);
  CHECK_STR(take(&log_), "world.draw");
  CHECK_INT(strata_size(stack), 1);
  CHECK_INT(strata_staged_size(stack), 2);
  strata_commit(stack);
  CHECK_STR(take(&log_), "world.pause, menu.enter");
  destroy_stack(stack, &log_);
}

static void open_dialog(strata_stack* stack, actor* self) {
  push_actor(stack, (actor*)self->extra);
}

static int menu_event_opens_dialog(strata_stack* stack, void* env, void* data, const void* event) {
  actor* self = (actor*)data;
  char line[32] = "menu.event(";
  line[11] = (char)('0' + *(const int*)event);
  line[12] = ')';
  line[13] = '\0';
  record_line((recorder*)env, line);
  open_dialog(stack, self);
  return 1;
}

static void r15_a_frame_commits_after_each_event_and_after_the_update(void) {
  static strata_state menu_state;
  actor menu, dialog;
  int first = 1, second = 2;
  const void* events[2];
  strata_item item;
  strata_stack* stack = make_stack(&log_, NULL);
  menu_state = traced_state;
  menu_state.event = menu_event_opens_dialog;
  actor_init(&menu, "menu", &log_);
  actor_init(&dialog, "dialog", &log_);
  menu.extra = &dialog;
  dialog.consumes = 1;
  events[0] = &first;
  events[1] = &second;
  item = actor_item(&menu, 0);
  item.state = &menu_state;
  strata_push_item(stack, &item);

  CHECK_INT(strata_frame_events(stack, 0.25, events, 2), STRATA_OK);
  /* commit; event 1, commit; event 2 (reaching the dialog opened by event 1), commit; update;
   * commit; draw */
  CHECK_STR(take(&log_), "menu.enter, menu.event(1), menu.pause, dialog.enter, dialog.event(2), "
                         "menu.inactive, dialog.active, dialog.draw");
  CHECK_INT(dialog.last_dt * 4, 1);
  destroy_stack(stack, &log_);
}

static void r15_a_frame_without_events_commits_updates_commits_draws(void) {
  actor a, b;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  a.on_active = push_extra;
  a.extra = &b;
  push_actor(stack, &a);

  CHECK_INT(strata_frame(stack, 1.0), STRATA_OK);
  CHECK_STR(take(&log_), "a.enter, a.active, a.pause, b.enter, b.draw");
  CHECK_INT(strata_frame_events(stack, 1.0, NULL, 0), STRATA_OK);
  CHECK_STR(take(&log_), "a.inactive, b.active, b.draw");
  destroy_stack(stack, &log_);
}

static void r16_a_push_overrides_the_modality_of_its_state(void) {
  static strata_state frozen_kind;
  actor a, b;
  strata_item item;
  strata_entry entry;
  strata_stack* stack = make_stack(&log_, NULL);
  frozen_kind = traced_state;
  frozen_kind.modality = STRATA_FREEZE;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  push_actor(stack, &a);
  item = actor_item(&b, 0);
  item.state = &frozen_kind;
  strata_push_item(stack, &item);
  strata_commit(stack);
  take(&log_);

  /* The state's own modality, 0 on the push: freeze. */
  strata_update(stack, 1.0);
  strata_draw(stack);
  CHECK_STR(take(&log_), "b.active, a.draw, b.draw");
  CHECK_INT(strata_entry_at(stack, STRATA_COMMITTED, 1, &entry), STRATA_OK);
  CHECK_INT(entry.modality, STRATA_FREEZE);

  /* The same kind pushed with an explicit opaque modality. */
  item.modality = STRATA_OPAQUE;
  strata_replace_item(stack, &item);
  strata_commit(stack);
  take(&log_);
  strata_update(stack, 1.0);
  strata_draw(stack);
  CHECK_STR(take(&log_), "b.active, b.draw");
  CHECK_INT(strata_entry_at(stack, STRATA_COMMITTED, 1, &entry), STRATA_OK);
  CHECK_INT(entry.modality, STRATA_OPAQUE);
  destroy_stack(stack, &log_);
}

static void modality_switches_combine_freely(void) {
  actor a, b;
  int key = 3;
  strata_stack* stack;
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  stack =
      committed_with_modes(&a, NULL, 0, &b, STRATA_INPUT_BELOW); /* without STRATA_MODALITY_SET */

  strata_update(stack, 1.0);
  strata_draw(stack);
  strata_handle(stack, &key);
  CHECK_STR(take(&log_), "b.active, b.draw, b.event(3), a.event(3)");
  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"r12_update_reaches_down_while_states_let_updates_through",
       r12_update_reaches_down_while_states_let_updates_through},
      {"r12_the_default_modality_is_screen", r12_the_default_modality_is_screen},
      {"r13_draw_reaches_down_while_states_let_drawing_through",
       r13_draw_reaches_down_while_states_let_drawing_through},
      {"r14_events_go_top_down_until_a_state_consumes_them",
       r14_events_go_top_down_until_a_state_consumes_them},
      {"r14_events_stop_at_a_state_that_keeps_input", r14_events_stop_at_a_state_that_keeps_input},
      {"r11_a_pass_finishes_over_the_stack_as_committed",
       r11_a_pass_finishes_over_the_stack_as_committed},
      {"r11_requests_made_while_drawing_wait_for_the_commit",
       r11_requests_made_while_drawing_wait_for_the_commit},
      {"r15_a_frame_commits_after_each_event_and_after_the_update",
       r15_a_frame_commits_after_each_event_and_after_the_update},
      {"r15_a_frame_without_events_commits_updates_commits_draws",
       r15_a_frame_without_events_commits_updates_commits_draws},
      {"r16_a_push_overrides_the_modality_of_its_state",
       r16_a_push_overrides_the_modality_of_its_state},
      {"modality_switches_combine_freely", modality_switches_combine_freely},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
