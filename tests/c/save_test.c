/* tests/c/save_test.c: save and restore through the C API (R34, strata_save.h): the text a C
 * stack saves, the restore that rebuilds it with the ordinary callbacks, the record's reads and
 * writes, and every refusal, which stages nothing and releases what it made. */
#include <stdio.h>
#include <stdlib.h>
#include <strata/strata.h>
#include <strata/strata_save.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;

/* The data of a saved state: its name for the trace, and a level's fields. */
typedef struct place {
  char name[16];
  strata_int number;
  double best;
  int secret;
  char title[32];
} place;

static place* new_place(const char* name) {
  place* p = (place*)calloc(1, sizeof(place));
  if (p != NULL) {
    strncpy(p->name, name, sizeof p->name - 1);
  }
  return p;
}

static void hook(void* env, void* data, const char* what) {
  record((recorder*)env, ((place*)data)->name, what);
}
static void on_enter(strata_stack* stack, void* env, void* data) {
  (void)stack;
  hook(env, data, "enter");
}
static void on_exit(strata_stack* stack, void* env, void* data) {
  (void)stack;
  hook(env, data, "exit");
}
static void on_pause(strata_stack* stack, void* env, void* data) {
  (void)stack;
  hook(env, data, "pause");
}
static void on_resume(strata_stack* stack, void* env, void* data) {
  (void)stack;
  hook(env, data, "resume");
}
static void release(void* env, void* data) {
  hook(env, data, "destroyed");
  free(data);
}

/* A state whose callbacks record themselves, arriving over `arrive` seconds. */
#define PLACE_STATE(name, arrive)                                                                  \
  {                                                                                                \
    name, on_enter, on_exit, on_pause, on_resume, NULL, NULL, NULL, NULL, release, 0, NULL, NULL,  \
        NULL, 0.0f, arrive, 0.0f, 0, NULL                                                          \
  }

static const strata_state title_state = PLACE_STATE("title", 0.0f);
/* A level takes its time to arrive: a transition the save leaves out, since it is the state's. */
static const strata_state level_state = PLACE_STATE("level", 0.5f);
/* Never registered: it cannot be saved. */
static const strata_state menu_state = PLACE_STATE("menu", 0.0f);

static void* load_title(void* env, strata_record* saved) {
  (void)env;
  (void)saved;
  return new_place("title");
}

static void save_level(void* env, const void* data, strata_record* out) {
  const place* p = (const place*)data;
  (void)env;
  strata_record_set_int(out, "number", p->number);
  strata_record_set_number(out, "best", p->best);
  strata_record_set_flag(out, "secret", p->secret);
  strata_record_set_text(out, "title", p->title);
}

static void* load_level(void* env, strata_record* saved) {
  place* p = new_place("level");
  const char* title = "";
  (void)env;
  if (p == NULL) {
    return NULL;
  }
  strata_record_int(saved, "number", &p->number);
  strata_record_text(saved, "title", &title);
  strncpy(p->title, title, sizeof p->title - 1);
  if (strata_record_has(saved, "best")) {
    strata_record_number(saved, "best", &p->best);
  }
  if (strata_record_has(saved, "secret")) { /* added in version 2 */
    strata_record_flag(saved, "secret", &p->secret);
  }
  if (p->number < 1) {
    strata_record_fail(saved, "there is no level below 1");
  }
  return p;
}

static const strata_savable title_saved = {"title", &title_state, NULL, load_title, 0, 0};
static const strata_savable level_saved = {"level", &level_state, save_level, load_level, 2, 1};

static strata_save_types* make_types(void) {
  strata_save_types* types = NULL;
  CHECK_INT(strata_save_types_create(&types), STRATA_OK);
  CHECK_INT(strata_save_types_add(types, &title_saved), STRATA_OK);
  CHECK_INT(strata_save_types_add(types, &level_saved), STRATA_OK);
  return types;
}

static void push_place(strata_stack* stack, const strata_state* kind, const char* name,
                       place* data) {
  strata_item item;
  memset(&item, 0, sizeof item);
  item.state = kind;
  item.data = data;
  item.name = name;
  CHECK_INT(strata_push_item(stack, &item), STRATA_OK);
}

static place* level_data(strata_int number, const char* title) {
  place* p = new_place("level");
  p->number = number;
  p->best = 12.5;
  p->secret = 1;
  strncpy(p->title, title, sizeof p->title - 1);
  return p;
}

/* The stack of most tests: title, then "Level 3" as a freeze over it, committed. */
static strata_stack* title_and_level(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_item item;
  push_place(stack, &title_state, NULL, new_place("title"));
  memset(&item, 0, sizeof item);
  item.state = &level_state;
  item.data = level_data(3, "Ice \"cave\"");
  item.name = "Level 3";
  item.modality = STRATA_FREEZE;
  CHECK_INT(strata_push_item(stack, &item), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  strata_finish_transitions(stack);
  take(&log_);
  return stack;
}

static const char* const saved_text =
    "strata snapshot 1\n"
    "title v1\n"
    "level v2 number=3 best=12.5 secret=true title=\"Ice \\\"cave\\\"\" [name=\"Level 3\" "
    "modality=freeze]\n";

static char text_[1024];

static const char* describe(strata_stack* stack) {
  static char line[256];
  strata_describe(stack, line, sizeof line);
  return line;
}

/* The text holds each state's key, version and fields, and what its item changed. */
static void r34_a_c_stack_saves_as_text(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = title_and_level();
  size_t length = 0;
  size_t left = 9;
  CHECK_INT(strata_save_text(stack, types, 0, STRATA_UNSAVABLE_STOP_BELOW, text_, sizeof text_,
                             &length, &left),
            STRATA_OK);
  CHECK_STR(text_, saved_text);
  CHECK_INT(length, strlen(saved_text));
  CHECK_INT(left, 0);
  CHECK_STR(take(&log_), ""); /* a query: no callback but the save callbacks */
  destroy_stack(stack, &log_);
  strata_save_types_destroy(types);
}

/* A restore is one request; the next commit runs the ordinary callbacks, and the restored stack
 * saves the same text. */
static void r34_a_restore_rebuilds_the_stack_with_the_ordinary_callbacks(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = make_stack(&log_, NULL);
  strata_entry top;
  size_t length = 0;
  CHECK_INT(strata_restore_text(stack, types, saved_text, 0), STRATA_OK);
  CHECK_STR(take(&log_), "");
  CHECK_INT(strata_staged_size(stack), 2);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "title.enter, title.pause, level.enter");
  CHECK_STR(describe(stack), "title | Level 3*");
  CHECK_INT(strata_entry_at(stack, STRATA_COMMITTED, 1, &top), STRATA_OK);
  CHECK_STR(top.name, "Level 3");
  CHECK_INT(top.modality, STRATA_FREEZE);
  CHECK_INT(((place*)top.data)->number, 3);
  CHECK_STR(((place*)top.data)->title, "Ice \"cave\"");
  CHECK_INT(strata_in_transition(stack), 1); /* the level arrives over its own 0.5 s */
  strata_finish_transitions(stack);
  CHECK_INT(
      strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, text_, sizeof text_, &length, NULL),
      STRATA_OK);
  CHECK_STR(text_, saved_text);
  CHECK_INT(strata_destroy(stack), STRATA_OK);
  CHECK_STR(take(&log_), "level.exit, level.destroyed, title.resume, title.exit, title.destroyed");
  strata_save_types_destroy(types);
}

/* Restored above a boot state, in place of what was staged there. */
static void r34_a_restore_above_a_boot_state_keeps_it(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = make_stack(&log_, NULL);
  push_place(stack, &menu_state, "boot", new_place("boot"));
  push_place(stack, &menu_state, NULL, new_place("menu"));
  strata_commit(stack);
  take(&log_);
  CHECK_INT(strata_restore_text(stack, types, "level number=1 title=\"\"", 1), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "menu.exit, menu.destroyed, boot.resume, boot.pause, level.enter");
  CHECK_STR(describe(stack), "boot | level*");
  destroy_stack(stack, &log_);
  strata_save_types_destroy(types);
}

/* What it cannot save: the snapshot ends below it, leaves it out, or nothing is saved. */
static void r34_a_state_of_no_registered_kind(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = title_and_level();
  size_t length = 0;
  size_t left = 0;
  push_place(stack, &menu_state, NULL, new_place("menu"));
  push_place(stack, &title_state, "credits", new_place("credits"));
  strata_commit(stack);
  take(&log_);

  CHECK_INT(strata_save_text(stack, types, 0, STRATA_UNSAVABLE_STOP_BELOW, text_, sizeof text_,
                             &length, &left),
            STRATA_OK);
  CHECK_STR(text_, saved_text);
  CHECK_INT(left, 2);
  CHECK_INT(
      strata_save_text(stack, types, 1, STRATA_UNSAVABLE_SKIP, text_, sizeof text_, &length, &left),
      STRATA_OK);
  CHECK_STR(text_, "strata snapshot 1\n"
                   "level v2 number=3 best=12.5 secret=true title=\"Ice \\\"cave\\\"\" "
                   "[name=\"Level 3\" modality=freeze]\n"
                   "title v1 [name=\"credits\"]\n");
  CHECK_INT(left, 1);
  CHECK_INT(
      strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, text_, sizeof text_, &length, &left),
      STRATA_E_UNSAVABLE);
  CHECK_STR(text_, "");
  CHECK_AFFIXES(strata_last_error(stack),
                "strata: strata_save_text(): 'menu' at depth 2 cannot "
                "be saved: its type '",
                "' is not registered");
  destroy_stack(stack, &log_);
  strata_save_types_destroy(types);
}

/* snprintf's contract: cut to fit, terminated, the full length reported. */
static void r34_a_text_longer_than_the_buffer_is_cut(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = title_and_level();
  char small[10];
  size_t length = 0;
  CHECK_INT(strata_save_text(stack, types, 0, STRATA_UNSAVABLE_STOP_BELOW, small, sizeof small,
                             &length, NULL),
            STRATA_OK);
  CHECK_STR(small, "strata sn");
  CHECK_INT(length, strlen(saved_text));
  CHECK_INT(strata_save_text(stack, types, 0, STRATA_UNSAVABLE_STOP_BELOW, NULL, 0, &length, NULL),
            STRATA_OK);
  CHECK_INT(length, strlen(saved_text));
  destroy_stack(stack, &log_);
  strata_save_types_destroy(types);
}

/* Each refusal stages nothing, releases the data already made, and says why. */
static void r34_a_restore_that_fails_stages_nothing(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = title_and_level();

  CHECK_INT(strata_restore_text(stack, types, "title\nlevel number=0 title=\"x\"", 0),
            STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack),
            "strata: restore(): state 1 ('level'): there is no level below 1");
  CHECK_STR(take(&log_), "level.destroyed, title.destroyed");

  CHECK_INT(strata_restore_text(stack, types, "title\nlevel title=\"x\"", 0),
            STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: restore(): state 1 ('level'): missing field "
                                      "'number'");
  CHECK_STR(take(&log_), "level.destroyed, title.destroyed");

  CHECK_INT(strata_restore_text(stack, types, "level number=\"three\" title=\"x\"", 0),
            STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: restore(): state 0 ('level'): field 'number' is "
                                      "text, not an integer");
  take(&log_);

  CHECK_INT(strata_restore_text(stack, types, "title\ncredits", 0), STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack),
            "strata: restore(): state 1 ('credits'): no type is registered as 'credits'");
  CHECK_STR(take(&log_), "title.destroyed");

  CHECK_INT(strata_restore_text(stack, types, "level v3 number=1 title=\"x\"", 0),
            STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: restore(): state 0 ('level'): saved by version 3, "
                                      "newer than this program's 2");

  CHECK_INT(strata_restore_text(stack, types, "title\nlevel number=1 = 2", 0),
            STRATA_E_RESTORE_FAILED);
  CHECK_AFFIXES(strata_last_error(stack), "strata: strata_restore_text(): line 2: ", "");
  CHECK_INT(strata_restore_text(stack, types, "title", 3), STRATA_E_BAD_DEPTH);

  CHECK_STR(take(&log_), "");
  CHECK_INT(strata_staged_size(stack), 2);
  CHECK_INT(strata_pending(stack), 0);
  CHECK_STR(describe(stack), "title | Level 3*");
  destroy_stack(stack, &log_);
  strata_save_types_destroy(types);
}

/* The record's reads say what went wrong, and fail the record with the first problem. */
static void* load_strictly(void* env, strata_record* saved) {
  strata_int number = 7;
  const char* text = NULL;
  double real = 1.0;
  int flag = 1;
  int results[5];
  char line[64];
  results[0] = strata_record_int(saved, "missing", &number); /* the first problem, kept */
  results[1] = strata_record_text(saved, "n", &text);
  results[2] = strata_record_flag(saved, "n", &flag);
  results[3] = strata_record_number(saved, "t", &real);
  results[4] = strata_record_number(saved, "n", &real); /* an integer reads as a number */
  sprintf(line, "%d %d %d %d %d v%u", results[0], results[1], results[2], results[3], results[4],
          strata_record_version(saved));
  record_line((recorder*)env, line);
  CHECK_INT(strata_record_int(saved, "n", &number), STRATA_OK);
  sprintf(line, "%ld '%s' %d %g", (long)number, text, flag, real);
  record_line((recorder*)env, line);
  CHECK_INT(strata_record_int(NULL, "n", &number), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_int(saved, NULL, &number), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_int(saved, "n", NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_has(saved, "n") + strata_record_has(saved, "nothing"), 1);
  return new_place("strict");
}

static void r34_the_record_reads_say_what_went_wrong(void) {
  static const strata_state strict_state = PLACE_STATE("strict", 0.0f);
  static const strata_savable strict_saved = {"strict", &strict_state, NULL, load_strictly, 4, 1};
  strata_save_types* types = NULL;
  strata_stack* stack = make_stack(&log_, NULL);
  CHECK_INT(strata_save_types_create(&types), STRATA_OK);
  CHECK_INT(strata_save_types_add(types, &strict_saved), STRATA_OK);
  CHECK_INT(strata_restore_text(stack, types, "strict v3 n=5 t=\"x\"", 0), STRATA_E_RESTORE_FAILED);
  CHECK_STR(take(&log_), "-5 -101 -101 -101 0 v3, 5 '' 0 5, strict.destroyed");
  CHECK_STR(strata_last_error(stack),
            "strata: restore(): state 0 ('strict'): missing field 'missing'");
  destroy_stack(stack, &log_);
  strata_save_types_destroy(types);
}

/* A field a save callback cannot write fails the save of its state. */
static void save_badly(void* env, const void* data, strata_record* out) {
  (void)env;
  (void)data;
  CHECK_INT(strata_record_set_int(out, "no spaces", 1), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_set_int(out, "fine", 1), STRATA_E_BAD_ARGUMENT); /* failed already */
  CHECK_INT(strata_record_set_text(out, "t", NULL), STRATA_E_BAD_ARGUMENT);
}

static void r34_a_save_callback_that_fails_its_record(void) {
  static const strata_savable bad_saved = {"bad", &menu_state, save_badly, load_title, 0, 0};
  strata_save_types* types = make_types();
  strata_stack* stack = title_and_level();
  size_t length = 0;
  CHECK_INT(strata_save_types_add(types, &bad_saved), STRATA_OK);
  push_place(stack, &menu_state, NULL, new_place("menu"));
  strata_commit(stack);
  CHECK_INT(
      strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, text_, sizeof text_, &length, NULL),
      STRATA_E_UNSAVABLE);
  CHECK_STR(strata_last_error(stack),
            "strata: strata_save_text(): 'menu' at depth 2 cannot be saved: its save() failed: "
            "'no spaces' is not a field name: 1 to 64 letters, digits and '_', '.', ':', '-'");
  destroy_stack(stack, &log_);
  strata_save_types_destroy(types);
}

/* A save callback may stage a request, but not commit the stack it is saving. */
static strata_stack* saving_;

static void save_and_commit(void* env, const void* data, strata_record* out) {
  (void)env;
  (void)data;
  (void)out;
  CHECK_INT(strata_commit(saving_), STRATA_E_REENTRANT);
  CHECK_INT(strata_pop(saving_), STRATA_OK);
}

static void r34_a_save_callback_cannot_commit(void) {
  static const strata_savable committing = {"menu", &menu_state, save_and_commit, load_title, 0, 0};
  strata_save_types* types = make_types();
  size_t length = 0;
  saving_ = make_stack(&log_, NULL);
  CHECK_INT(strata_save_types_add(types, &committing), STRATA_OK);
  push_place(saving_, &menu_state, NULL, new_place("menu"));
  strata_commit(saving_);
  CHECK_INT(strata_save_text(saving_, types, 0, STRATA_UNSAVABLE_FAIL, text_, sizeof text_, &length,
                             NULL),
            STRATA_OK);
  CHECK_STR(text_, "strata snapshot 1\nmenu v1\n");
  CHECK_INT(strata_pending(saving_), 1);
  destroy_stack(saving_, &log_);
  strata_save_types_destroy(types);
}

/* Registration refuses what a restore could not tell apart or could not run. */
static void r34_registration_refusals(void) {
  static const strata_savable bad_key = {"no key", &menu_state, NULL, load_title, 0, 0};
  static const strata_savable taken_key = {"title", &menu_state, NULL, load_title, 0, 0};
  static const strata_savable taken_state = {"other", &title_state, NULL, load_title, 0, 0};
  static const strata_savable no_load = {"menu", &menu_state, NULL, NULL, 0, 0};
  static const strata_savable versions = {"menu", &menu_state, NULL, load_title, 2, 3};
  strata_save_types* types = make_types();
  CHECK_STR(strata_save_types_last_error(types), "");
  CHECK_INT(strata_save_types_add(types, &bad_key), STRATA_E_BAD_REGISTRATION);
  CHECK_STR(strata_save_types_last_error(types),
            "strata: save_types::add_hosted(\"no key\") is not a key: 1 to 64 letters, digits and "
            "'_', '.', ':', '-'");
  CHECK_INT(strata_save_types_add(types, &taken_key), STRATA_E_BAD_REGISTRATION);
  CHECK_STR(strata_save_types_last_error(types),
            "strata: save_types::add_hosted(\"title\") is registered already");
  CHECK_INT(strata_save_types_add(types, &taken_state), STRATA_E_BAD_REGISTRATION);
  CHECK_STR(strata_save_types_last_error(types),
            "strata: strata_save_types_add(\"other\") names a strata_state registered already");
  CHECK_INT(strata_save_types_add(types, &no_load), STRATA_E_BAD_REGISTRATION);
  CHECK_STR(strata_save_types_last_error(types),
            "strata: strata_save_types_add(\"menu\") needs its state and its load callback");
  CHECK_INT(strata_save_types_add(types, &versions), STRATA_E_BAD_REGISTRATION);
  CHECK_STR(strata_save_types_last_error(types),
            "strata: save_types::add_hosted(\"menu\") has version 2 and oldest 3: both must be 1 "
            "or more, the oldest no newer");
  CHECK_INT(strata_save_types_add(types, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_save_types_add(NULL, &bad_key), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_save_types_create(NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_save_types_last_error(NULL), "");
  strata_save_types_destroy(types);
  strata_save_types_destroy(NULL);
}

static void r34_null_arguments(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = make_stack(&log_, NULL);
  size_t length = 5;
  CHECK_INT(strata_save_text(NULL, types, 0, 0, NULL, 0, &length, NULL), STRATA_E_NULL_STACK);
  CHECK_INT(length, 0);
  CHECK_INT(strata_save_text(stack, NULL, 0, 0, NULL, 0, &length, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_save_text(stack, types, 0, 0, NULL, 0, NULL, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_save_text(stack, types, 0, 0, NULL, 4, &length, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_save_text(stack, types, 0, 3, NULL, 0, &length, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_restore_text(NULL, types, "", 0), STRATA_E_NULL_STACK);
  CHECK_INT(strata_restore_text(stack, NULL, "", 0), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_restore_text(stack, types, NULL, 0), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_fail(NULL, "why"), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_has(NULL, "n"), 0);
  CHECK_INT(strata_record_version(NULL), 0);
  CHECK_INT(strata_record_set_flag(NULL, "n", 1), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_error_string(STRATA_E_UNSAVABLE), "strata: a save met a state it cannot save");
  CHECK_STR(strata_error_string(STRATA_E_RESTORE_FAILED),
            "strata: a restore met a state it cannot make");
  destroy_stack(stack, &log_);
  strata_save_types_destroy(types);
}

int main(void) {
  static const test_case tests[] = {
      {"r34_a_c_stack_saves_as_text", r34_a_c_stack_saves_as_text},
      {"r34_a_restore_rebuilds_the_stack_with_the_ordinary_callbacks",
       r34_a_restore_rebuilds_the_stack_with_the_ordinary_callbacks},
      {"r34_a_restore_above_a_boot_state_keeps_it", r34_a_restore_above_a_boot_state_keeps_it},
      {"r34_a_state_of_no_registered_kind", r34_a_state_of_no_registered_kind},
      {"r34_a_text_longer_than_the_buffer_is_cut", r34_a_text_longer_than_the_buffer_is_cut},
      {"r34_a_restore_that_fails_stages_nothing", r34_a_restore_that_fails_stages_nothing},
      {"r34_the_record_reads_say_what_went_wrong", r34_the_record_reads_say_what_went_wrong},
      {"r34_a_save_callback_that_fails_its_record", r34_a_save_callback_that_fails_its_record},
      {"r34_a_save_callback_cannot_commit", r34_a_save_callback_cannot_commit},
      {"r34_registration_refusals", r34_registration_refusals},
      {"r34_null_arguments", r34_null_arguments},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
