/* tests/c/updates_test.c: the update pass with `always` callbacks (R30) and time scales (R32)
 * through the C API: the exact trace and the dt each callback gets, where a time scale comes
 * from (the strata_state, the strata_item, strata_set_time_scale), and the bad ones refused. */
#include <stddef.h>
#include <strata/strata.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* Pushes `self` as an item of `kind` with that time scale, and returns the entry's id. */
static strata_id push_scaled(strata_stack* stack, const strata_state* kind, actor* self,
                             float scale) {
  strata_item item = actor_item(self, 0);
  strata_id id = STRATA_ID_NONE;
  item.state = kind;
  item.time_scale = scale;
  CHECK_INT(strata_push_item_id(stack, &item, &id), STRATA_OK);
  return id;
}

static float time_scale_at(strata_stack* stack, int view, size_t depth) {
  strata_entry entry;
  CHECK_INT(strata_entry_at(stack, view, depth, &entry), STRATA_OK);
  return entry.time_scale;
}

/* R30: `always` runs whatever covers the state, with the frame's dt; the other callbacks still
 * follow modality. */
static void r30_always_runs_under_a_freezing_state(void) {
  actor world, menu;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&world, "world", &log_);
  actor_init(&menu, "menu", &log_);
  push_focused(stack, &world);
  push_actor_as(stack, &menu, STRATA_FREEZE);
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_update(stack, 0.5), STRATA_OK);
  CHECK_STR(take(&log_), "world.always, menu.active");
  CHECK_INT(world.last_dt == 0.5, 1);
  strata_draw(stack);
  CHECK_STR(take(&log_), "world.draw, menu.draw");
  destroy_stack(stack, &log_);
}

/* R30: every `always` first, bottom to top, then the covered updates, then the top's. A state
 * with `always` and `inactive` gets both. */
static void r30_always_comes_first_and_ignores_time_scales(void) {
  actor a, b, c;
  strata_item items[2];
  strata_id top;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  items[0] = actor_item(&b, 0); /* a batch where one state has `always` and the other not */
  items[1] = focused_item(&a, 0);
  CHECK_INT(strata_push_several(stack, items, 2), STRATA_OK);
  top = push_scaled(stack, &focused_state, &c, 0.25f);
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_update(stack, 2.0), STRATA_OK);
  CHECK_STR(take(&log_), "a.always, c.always, a.inactive, b.inactive, c.active");
  CHECK_INT(c.last_dt == 2.0, 1); /* the top's own update: the frame's dt */
  CHECK_INT(b.last_dt == 0.5, 1); /* under c: 2 * 0.25 */
  CHECK_INT(a.last_dt == 0.5, 1); /* inactive came after always: 2 * 0.25 * 1 */

  /* A scale of 0 stops the covered updates, not `always`, which keeps the frame's dt. */
  strata_set_time_scale(stack, top, 0.0f);
  CHECK_INT(strata_update(stack, 2.0), STRATA_OK);
  CHECK_STR(take(&log_), "a.always, c.always, c.active");
  CHECK_INT(a.last_dt == 2.0, 1);
  destroy_stack(stack, &log_);
}

/* R32: a covered state's dt is the frame's times the scales of every state above it; the scale
 * comes from the item, else the strata_state, else 1, and strata_set_time_scale changes it on an
 * entered state from the next pass. */
static void r32_covered_updates_get_the_product_of_the_scales_above(void) {
  static strata_state halving;
  actor w, x, y, t;
  strata_id top;
  strata_stack* stack = make_stack(&log_, NULL);
  halving = traced_state;
  halving.time_scale = 0.5f;
  actor_init(&w, "w", &log_);
  actor_init(&x, "x", &log_);
  actor_init(&y, "y", &log_);
  actor_init(&t, "t", &log_);
  push_actor(stack, &w);
  push_scaled(stack, &halving, &x, 0.0f);  /* 0: the state's own */
  push_scaled(stack, &halving, &y, 0.25f); /* the item's, over the state's */
  top = push_scaled(stack, &traced_state, &t, 0.0f);
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_set_time_scale(stack, top, 2.0f), STRATA_OK);
  CHECK_INT(strata_update(stack, 1.0), STRATA_OK);
  CHECK_STR(take(&log_), "w.inactive, x.inactive, y.inactive, t.active");
  CHECK_INT(w.last_dt == 0.25, 1); /* 2 * 0.25 * 0.5 */
  CHECK_INT(x.last_dt == 0.5, 1);  /* 2 * 0.25 */
  CHECK_INT(y.last_dt == 2.0, 1);  /* 2 */
  CHECK_INT(t.last_dt == 1.0, 1);
  CHECK_INT(time_scale_at(stack, STRATA_COMMITTED, 0) == 1.0f, 1);
  CHECK_INT(time_scale_at(stack, STRATA_COMMITTED, 1) == 0.5f, 1);
  CHECK_INT(time_scale_at(stack, STRATA_COMMITTED, 2) == 0.25f, 1);
  CHECK_INT(time_scale_at(stack, STRATA_STAGED, 3) == 2.0f, 1);

  /* A scale of 0 stops the updates below, as a modality without STRATA_UPDATE_BELOW does. */
  CHECK_INT(strata_set_time_scale(stack, top, 0.0f), STRATA_OK);
  strata_update(stack, 1.0);
  CHECK_STR(take(&log_), "t.active");
  CHECK_INT(time_scale_at(stack, STRATA_COMMITTED, 3) == 0.0f, 1);
  strata_set_time_scale(stack, top, 1.0f);
  strata_update(stack, 1.0);
  CHECK_STR(take(&log_), "w.inactive, x.inactive, y.inactive, t.active");
  CHECK_INT(w.last_dt == 0.125, 1); /* 1 * 0.25 * 0.5 */
  destroy_stack(stack, &log_);
}

/* A scale set before the entry enters is the one it enters with. */
static void r32_a_staged_entry_takes_its_time_scale_into_the_commit(void) {
  actor a, b;
  strata_id id;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  push_actor(stack, &a);
  id = push_scaled(stack, &traced_state, &b, 0.0f);
  CHECK_INT(strata_set_time_scale(stack, id, 0.75f), STRATA_OK);
  CHECK_INT(time_scale_at(stack, STRATA_STAGED, 1) == 0.75f, 1);
  strata_commit(stack);
  take(&log_);

  strata_update(stack, 4.0);
  CHECK_STR(take(&log_), "a.inactive, b.active");
  CHECK_INT(a.last_dt == 3.0, 1);
  destroy_stack(stack, &log_);
}

static void r32_bad_time_scales_are_refused_and_change_nothing(void) {
  static strata_state broken;
  volatile float zero = 0.0f;
  const float not_a_number = zero / zero;
  const float infinite = 1.0f / zero;
  actor a, b, c;
  strata_id id;
  strata_item items[2];
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  actor_init(&c, "c", &log_);
  id = push_scaled(stack, &traced_state, &a, 0.5f);

  CHECK_INT(strata_set_time_scale(stack, id, -1.0f), STRATA_E_BAD_TIME_SCALE);
  CHECK_STR(strata_last_error(stack), "strata: strata_set_time_scale() with a time scale that is "
                                      "negative, infinite or not a number");
  CHECK_INT(strata_set_time_scale(stack, id, not_a_number), STRATA_E_BAD_TIME_SCALE);
  CHECK_INT(strata_set_time_scale(stack, id, infinite), STRATA_E_BAD_TIME_SCALE);
  CHECK_INT(time_scale_at(stack, STRATA_STAGED, 0) == 0.5f, 1);

  /* A push with one: refused before anything is staged, its data released. */
  items[0] = actor_item(&b, 0);
  items[0].time_scale = -0.5f;
  CHECK_INT(strata_push_item(stack, &items[0]), STRATA_E_BAD_TIME_SCALE);
  CHECK_STR(strata_last_error(stack), "strata: strata_push_item() with a time scale that is "
                                      "negative, infinite or not a number");
  broken = traced_state;
  broken.time_scale = not_a_number;
  items[0] = actor_item(&b, 0);
  items[1] = actor_item(&c, 0);
  items[1].state = &broken;
  CHECK_INT(strata_push_several(stack, items, 2), STRATA_E_BAD_TIME_SCALE);
  CHECK_STR(take(&log_), "b.destroyed, b.destroyed, c.destroyed");
  CHECK_INT(strata_staged_size(stack), 1);
  CHECK_STR(strata_error_string(STRATA_E_BAD_TIME_SCALE),
            "strata: a time scale that is negative, infinite or NaN");
  destroy_stack(stack, &log_);
}

/* strata_set_time_scale names a staged entry: not one on its way out, nor an id never given. */
static void r32_set_time_scale_needs_a_staged_entry(void) {
  actor a, b;
  strata_id id;
  strata_stack* stack = make_stack(&log_, NULL);
  actor_init(&a, "a", &log_);
  actor_init(&b, "b", &log_);
  push_actor(stack, &a);
  id = push_scaled(stack, &traced_state, &b, 0.0f);
  strata_commit(stack);
  strata_pop(stack); /* still committed, no longer staged */

  CHECK_INT(strata_set_time_scale(stack, id, 0.5f), STRATA_E_NOT_FOUND);
  CHECK_STR(strata_last_error(stack), "strata: strata_set_time_scale(): no staged entry has the "
                                      "id 2");
  CHECK_INT(time_scale_at(stack, STRATA_COMMITTED, 1) == 1.0f, 1);
  CHECK_INT(strata_set_time_scale(stack, STRATA_ID_NONE, 0.5f), STRATA_E_NOT_FOUND);
  CHECK_INT(strata_set_time_scale(stack, 77, 0.5f), STRATA_E_NOT_FOUND);
  CHECK_INT(strata_set_time_scale(NULL, id, 0.5f), STRATA_E_NULL_STACK);
  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"r30_always_runs_under_a_freezing_state", r30_always_runs_under_a_freezing_state},
      {"r30_always_comes_first_and_ignores_time_scales",
       r30_always_comes_first_and_ignores_time_scales},
      {"r32_covered_updates_get_the_product_of_the_scales_above",
       r32_covered_updates_get_the_product_of_the_scales_above},
      {"r32_a_staged_entry_takes_its_time_scale_into_the_commit",
       r32_a_staged_entry_takes_its_time_scale_into_the_commit},
      {"r32_bad_time_scales_are_refused_and_change_nothing",
       r32_bad_time_scales_are_refused_and_change_nothing},
      {"r32_set_time_scale_needs_a_staged_entry", r32_set_time_scale_needs_a_staged_entry},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
