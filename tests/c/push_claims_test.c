/* tests/c/push_claims_test.c: a push through the C API claims only the entries it staged. A push
 * reads the ids of its entries and gives each the time scale (and transition) its item asks for
 * once the core has staged them all, after the observer has heard of them; until then they are
 * unclaimed. A replace made from code that a core request runs (here, the destroy callback of a
 * state that request drops) is refused by the core, and stages nothing: it once claimed the
 * outer push's unclaimed top all the same, reporting none of that push's ids and giving its entry
 * the time scale of the wrong item, read past the end of the replace's own single item (a
 * heap-buffer-overflow the C API fuzzer found: fuzz/c_corpus/regression-refused-replace-claims-
 * outer-entry). */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <strata/strata.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* What the destroy callback of `doomed` does once: a strata_replace_item_id() of the staged top
 * by `with`, asking for a time scale of 4. Its item is on the heap, alone, so that a read past
 * its end is the fuzzer's heap-buffer-overflow under ASan and valgrind. */
typedef struct replace_plan {
  strata_stack* stack; /* NULL once made */
  actor* doomed;
  actor* with;
  int result;
  strata_id id;
  char error[256]; /* strata_last_error() after it */
} replace_plan;

static replace_plan plan_;

static void replace_the_top(void) {
  strata_stack* stack = plan_.stack;
  strata_item* single = (strata_item*)malloc(sizeof *single);
  CHECK_INT(single != NULL, 1);
  if (single == NULL) {
    return;
  }
  plan_.stack = NULL;
  *single = actor_item(plan_.with, 0);
  single->time_scale = 4.0f;
  plan_.id = 99;
  plan_.result = strata_replace_item_id(stack, single, &plan_.id);
  strncpy(plan_.error, strata_last_error(stack), sizeof plan_.error - 1);
  free(single);
}

/* traced_state's destroy callback, then the plan if this is its `doomed`. */
static void destroy_then_replace(void* env, void* data) {
  actor* self = (actor*)data;
  traced_state.destroy(env, data);
  if (plan_.stack != NULL && self == plan_.doomed) {
    replace_the_top();
  }
}

/* traced_state with destroy_then_replace: made by main(), since C89 has no designated
 * initializers and the stack keeps a pointer to it. */
static strata_state replacing_state;

static void plan_replace(strata_stack* stack, actor* doomed, actor* with) {
  memset(&plan_, 0, sizeof plan_);
  plan_.stack = stack;
  plan_.doomed = doomed;
  plan_.with = with;
}

/* The observer: records each step as watch_ids() does; told of the first push of an entry
 * named `trigger`, it pushes `passing` (when set) and pops the staged top, which drops a state
 * that never entered inside the pop: its destroy callback runs there. */
typedef struct pop_plan {
  const char* trigger; /* NULL once done */
  actor* passing;
} pop_plan;

static void pop_on_push(strata_stack* stack, void* user, int step, const char* name, size_t depth) {
  pop_plan* plan = (pop_plan*)user;
  char line[160];
  sprintf(line, "%s %.80s@%lu#%lu", strata_step_name(step), name, (unsigned long)depth,
          (unsigned long)strata_step_id(stack));
  record_line(&log_, line);
  if (step != STRATA_STEP_PUSH || plan->trigger == NULL || strcmp(name, plan->trigger) != 0) {
    return;
  }
  plan->trigger = NULL;
  if (plan->passing != NULL) {
    strata_item item = actor_item(plan->passing, 0);
    item.state = &replacing_state;
    CHECK_INT(strata_push_item(stack, &item), STRATA_OK);
  }
  CHECK_INT(strata_pop(stack), STRATA_OK);
}

/* The staged entry on top, which the test fails if there is none. */
static strata_entry staged_top(strata_stack* stack) {
  strata_entry entry;
  memset(&entry, 0, sizeof entry);
  CHECK_INT(strata_staged_size(stack) > 0, 1);
  CHECK_INT(strata_entry_at(stack, STRATA_STAGED, strata_staged_size(stack) - 1, &entry),
            STRATA_OK);
  return entry;
}

/* A time scale as text, so that a wrong one shows its value. Valid until the next call. */
static const char* scale_text(float scale) {
  static char text[64];
  sprintf(text, "%g", (double)scale);
  return text;
}

/* A stack holding `base`, committed, that pops on the push of `trigger` (see pop_on_push). */
static strata_stack* stack_on(actor* base, pop_plan* plan) {
  strata_stack* stack = make_stack(&log_, NULL);
  CHECK_INT(push_actor(stack, base), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(strata_set_observer(stack, pop_on_push, plan), STRATA_OK);
  take(&log_);
  return stack;
}

/* The plan's replace was made, and refused as a request from the code of another (R24): it
 * reports no id and has released its item's data. */
static void check_refused(void) {
  CHECK_INT(plan_.stack == NULL, 1);
  CHECK_INT(plan_.result, STRATA_E_REENTRANT);
  CHECK_INT(plan_.id, STRATA_ID_NONE);
  CHECK_INT(plan_.with->destroyed, 1);
  CHECK_STR(plan_.error, "strata: replace() called during pop(), from code that pop() runs (a "
                         "state's constructor, destructor, move or save(), or a predicate)");
}

/* One item pushed; from the observer, `passing` is pushed and popped above it, and the destroy
 * callback of `passing` replaces the staged top: `outer`, staged, not yet claimed. */
static void a_replace_refused_inside_a_push_leaves_its_entry_to_that_push(void) {
  actor base, outer, passing, with;
  pop_plan plan;
  strata_stack* stack;
  strata_item item;
  strata_id id = 99;
  strata_entry top;
  actor_init(&base, "base", &log_);
  actor_init(&outer, "outer", &log_);
  actor_init(&passing, "passing", &log_);
  actor_init(&with, "with", &log_);
  plan.trigger = "outer";
  plan.passing = &passing;
  stack = stack_on(&base, &plan);
  plan_replace(stack, &passing, &with);

  item = actor_item(&outer, 0);
  item.time_scale = 0.5f;
  CHECK_INT(strata_push_item_id(stack, &item, &id), STRATA_OK);
  CHECK_STR(take(&log_), "push outer@1#2, push passing@2#3, pop passing@2#3, discard passing@2#3, "
                         "passing.destroyed, with.destroyed");
  check_refused();
  /* The entry is the outer push's: it reports its id and gave it the time scale of its item, not
   * the 4 the refused replace asked for. */
  top = staged_top(stack);
  CHECK_STR(top.name, "outer");
  CHECK_INT(top.id, 2);
  CHECK_INT(id, 2);
  CHECK_STR(scale_text(top.time_scale), "0.5");

  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "base.pause, pause base@0#1, outer.enter, enter outer@1#2, "
                         "unfocus base@0#1, focus outer@1#2");
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

/* Two items pushed, `first` on top; told of the batch, the observer pops `first`, whose destroy
 * callback replaces the staged top: `second`, the item at position 1, staged, not yet claimed.
 * The replace has one item, so reading the time scale of an item at position 1 of its list
 * reads past the end of it. */
static void a_replace_refused_inside_a_batch_leaves_the_entry_below_to_that_batch(void) {
  actor base, first, second, with;
  pop_plan plan;
  strata_stack* stack;
  strata_item items[2];
  strata_id ids[2];
  strata_entry top;
  actor_init(&base, "base", &log_);
  actor_init(&first, "first", &log_);
  actor_init(&second, "second", &log_);
  actor_init(&with, "with", &log_);
  plan.trigger = "second";
  plan.passing = NULL;
  stack = stack_on(&base, &plan);
  plan_replace(stack, &first, &with);

  items[0] = actor_item(&first, 0);
  items[0].state = &replacing_state;
  items[0].time_scale = 0.5f;
  items[1] = actor_item(&second, 0);
  items[1].time_scale = 0.25f;
  ids[0] = ids[1] = 99;
  CHECK_INT(strata_push_several_ids(stack, items, 2, ids), STRATA_OK);
  CHECK_STR(take(&log_), "push second@1#2, pop first@2#3, discard first@2#3, first.destroyed, "
                         "with.destroyed");
  check_refused();
  /* `first` was unstaged before the push returned: no id for it (strata.h). `second` is the
   * batch's, with its own time scale. */
  top = staged_top(stack);
  CHECK_INT(ids[0], STRATA_ID_NONE);
  CHECK_STR(top.name, "second");
  CHECK_INT(top.id, 2);
  CHECK_INT(ids[1], 2);
  CHECK_STR(scale_text(top.time_scale), "0.25");

  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "base.pause, pause base@0#1, second.enter, enter second@1#2, "
                         "unfocus base@0#1, focus second@1#2");
  strata_set_observer(stack, NULL, NULL);
  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"a_replace_refused_inside_a_push_leaves_its_entry_to_that_push",
       a_replace_refused_inside_a_push_leaves_its_entry_to_that_push},
      {"a_replace_refused_inside_a_batch_leaves_the_entry_below_to_that_batch",
       a_replace_refused_inside_a_batch_leaves_the_entry_below_to_that_batch},
  };
  replacing_state = traced_state;
  replacing_state.destroy = destroy_then_replace;
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
