/* tests/c/save_hostile_test.c: save and restore through the C API (R34, strata_save.h) under
 * misuse and bad input: garbage arguments and text, load and save callbacks that call back into
 * the stack, loads that fail and return data or return NULL without failing, restores past the
 * depth limit or during transitions, and memory that runs out at every allocation. Each misuse
 * gets an error code and a message; a failed restore stages nothing and releases every data it
 * made exactly once. */
#include <stdio.h>
#include <stdlib.h>
#include <strata/strata.h>
#include <strata/strata_save.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"
#include "support/counter.h"

static recorder log_;

/* ---- the data of a restored state: counted, so that each release is seen once ---- */

#define THING_MAGIC 0x7e57
#define THING_DEAD 0xdead

typedef struct thing {
  int magic;
  char name[24];
  strata_int n;
} thing;

static long loaded_;      /* data made by load callbacks */
static long made_;        /* data made by load callbacks and tests */
static long released_;    /* data released by destroy callbacks */
static long misreleased_; /* releases of data already released or not a thing */

static thing* new_thing(const char* name, strata_int n) {
  thing* t = (thing*)calloc(1, sizeof(thing));
  if (t != NULL) {
    t->magic = THING_MAGIC;
    strncpy(t->name, name, sizeof t->name - 1);
    t->n = n;
    ++made_;
  }
  return t;
}

/* Counts loads and releases from here on; made_ - released_ stays what is alive. */
static void reset_counts(void) {
  made_ -= released_;
  released_ = 0;
  loaded_ = 0;
}

static void trace(void* env, void* data, const char* what) {
  record((recorder*)env, ((thing*)data)->name, what);
}
static void on_enter(strata_stack* stack, void* env, void* data) {
  (void)stack;
  trace(env, data, "enter");
}
static void on_exit(strata_stack* stack, void* env, void* data) {
  (void)stack;
  trace(env, data, "exit");
}
static void on_pause(strata_stack* stack, void* env, void* data) {
  (void)stack;
  trace(env, data, "pause");
}
static void on_resume(strata_stack* stack, void* env, void* data) {
  (void)stack;
  trace(env, data, "resume");
}
static void release_thing(void* env, void* data) {
  thing* t = (thing*)data;
  if (t == NULL || t->magic != THING_MAGIC) {
    ++misreleased_;
    return;
  }
  if (env != NULL) {
    trace(env, data, "destroyed");
  }
  t->magic = THING_DEAD;
  ++released_;
  free(t);
}

#define THING_STATE(name, arrive, leave)                                                           \
  {                                                                                                \
    name, on_enter, on_exit, on_pause, on_resume, NULL, NULL, NULL, NULL, release_thing, 0, NULL,  \
        NULL, NULL, 0.0f, arrive, leave, 0, NULL                                                   \
  }

static const strata_state thing_state = THING_STATE("thing", 0.0f, 0.0f);
/* Arrives and leaves over half a second. */
static const strata_state slow_state = THING_STATE("slow", 0.5f, 0.5f);
/* Its data is never released: a game that owns it elsewhere. */
static const strata_state kept_state = {"kept", on_enter, on_exit, NULL, NULL, NULL, NULL,
                                        NULL,   NULL,     NULL,    0,    NULL, NULL, NULL,
                                        0.0f,   0.0f,     0.0f,    0,    NULL};

/* ---- what the callbacks do: set by each test ---- */

enum meddling {
  MEDDLE_NONE,
  MEDDLE_FAIL_AND_RETURN, /* fails its record and returns data all the same */
  MEDDLE_RETURN_NULL,     /* returns NULL without failing its record */
  MEDDLE_RESTORE,         /* strata_restore_text on the stack being restored */
  MEDDLE_RESTORE_MANY,    /* the same with 64 states, so that the staged stack grows */
  MEDDLE_SAVE,            /* strata_save_text on it */
  MEDDLE_PUSH,
  MEDDLE_POP,
  MEDDLE_CLEAR,
  MEDDLE_COMMIT,
  MEDDLE_UPDATE,
  MEDDLE_FINISH,
  MEDDLE_DESTROY,
  MEDDLE_FAIL_CALLBACK, /* strata_fail */
  MEDDLE_OTHER_STACK,   /* strata_restore_text on another stack, with the same types */
  MEDDLE_ADD_KINDS      /* strata_save_types_add on the set in use, enough to move its kinds */
};

static int meddling_ = MEDDLE_NONE;
static strata_stack* target_ = NULL; /* the stack the callbacks call into */
static strata_stack* other_ = NULL;
static const strata_save_types* types_ = NULL;
static strata_save_types* registry_ = NULL; /* types_, to add to */
static char added_[256];                    /* strata_save_types_last_error after the adds */
static int result_ = 0;                     /* what the meddling call returned */
static char message_[256];

static void* load_thing(void* env, strata_record* saved);

static const char* meddle(void) {
  static char buffer[256];
  static int meddling_now = 0; /* a save from a save callback does not meddle again */
  size_t length = 0;
  int meddling = meddling_now ? MEDDLE_NONE : meddling_;
  if (meddling == MEDDLE_NONE) {
    return "";
  }
  meddling_now = 1;
  result_ = 12345;
  switch (meddling) {
  case MEDDLE_RESTORE: result_ = strata_restore_text(target_, types_, "thing n=9", 0); break;
  case MEDDLE_RESTORE_MANY: {
    static char many[64 * 10 + 1];
    int i;
    for (i = 0; i < 64; ++i) {
      strcpy(many + i * 10, "thing n=9\n");
    }
    result_ = strata_restore_text(target_, types_, many, 0);
    break;
  }
  case MEDDLE_SAVE:
    result_ = strata_save_text(target_, types_, 0, STRATA_UNSAVABLE_SKIP, buffer, sizeof buffer,
                               &length, NULL);
    break;
  case MEDDLE_PUSH: result_ = strata_push(target_, &thing_state, new_thing("pushed", 0)); break;
  case MEDDLE_POP: result_ = strata_pop(target_); break;
  case MEDDLE_CLEAR: result_ = strata_clear(target_); break;
  case MEDDLE_COMMIT: result_ = strata_commit(target_); break;
  case MEDDLE_UPDATE: result_ = strata_update(target_, 0.1); break;
  case MEDDLE_FINISH: result_ = strata_finish_transitions(target_); break;
  case MEDDLE_DESTROY: result_ = strata_destroy(target_); break;
  case MEDDLE_FAIL_CALLBACK: result_ = strata_fail(target_, "no"); break;
  case MEDDLE_OTHER_STACK: result_ = strata_restore_text(other_, types_, "thing n=8", 0); break;
  case MEDDLE_ADD_KINDS: {
    static strata_state states[16];
    static strata_savable kinds[16];
    static char keys[16][8];
    int i;
    for (i = 0; i < 16; ++i) {
      states[i] = thing_state;
      sprintf(keys[i], "extra%d", i);
      memset(&kinds[i], 0, sizeof kinds[i]);
      kinds[i].load = load_thing;
      kinds[i].key = keys[i];
      kinds[i].state = &states[i];
      result_ = strata_save_types_add(registry_, &kinds[i]);
    }
    strncpy(added_, strata_save_types_last_error(registry_), sizeof added_ - 1);
    break;
  }
  default: break;
  }
  meddling_now = 0;
  strncpy(message_, strata_last_error(target_), sizeof message_ - 1);
  message_[sizeof message_ - 1] = '\0';
  return buffer;
}

static void* load_thing(void* env, strata_record* saved) {
  strata_int n = 0;
  thing* t;
  (void)env;
  strata_record_int(saved, "n", &n);
  if (meddling_ == MEDDLE_RETURN_NULL) {
    return NULL;
  }
  t = new_thing("thing", n);
  ++loaded_;
  if (meddling_ == MEDDLE_FAIL_AND_RETURN) {
    strata_record_fail(saved, "refused, data returned all the same");
  }
  meddle();
  return t;
}

static void save_thing(void* env, const void* data, strata_record* out) {
  (void)env;
  strata_record_set_int(out, "n", ((const thing*)data)->n);
  meddle();
}

static thing kept_data_ = {THING_MAGIC, "kept", 0};

static void* load_kept(void* env, strata_record* saved) {
  (void)env;
  (void)saved;
  return &kept_data_;
}

static const strata_savable thing_saved = {"thing", &thing_state, save_thing, load_thing, 0, 0};
static const strata_savable slow_saved = {"slow", &slow_state, save_thing, load_thing, 0, 0};
static const strata_savable kept_saved = {"kept", &kept_state, NULL, load_kept, 0, 0};

static strata_save_types* make_types(void) {
  strata_save_types* types = NULL;
  CHECK_INT(strata_save_types_create(&types), STRATA_OK);
  CHECK_INT(strata_save_types_add(types, &thing_saved), STRATA_OK);
  CHECK_INT(strata_save_types_add(types, &slow_saved), STRATA_OK);
  CHECK_INT(strata_save_types_add(types, &kept_saved), STRATA_OK);
  types_ = types;
  registry_ = types;
  return types;
}

static void push_thing(strata_stack* stack, const strata_state* kind, const char* name,
                       strata_int n) {
  strata_item item;
  memset(&item, 0, sizeof item);
  item.state = kind;
  item.data = new_thing(name, n);
  item.name = name;
  CHECK_INT(strata_push_item(stack, &item), STRATA_OK);
}

/* A stack holding "boot" (a thing, n=0), committed, the trace taken, the counts reset. */
static strata_stack* booted(const strata_options* options) {
  strata_stack* stack = make_stack(&log_, options);
  push_thing(stack, &thing_state, "boot", 0);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  take(&log_);
  reset_counts();
  return stack;
}

/* The staged stack as "boot a b", from the bottom. */
static const char* staged_names(strata_stack* stack) {
  static char names[512];
  size_t depth;
  strata_entry entry;
  names[0] = '\0';
  for (depth = 0; depth < strata_staged_size(stack); ++depth) {
    size_t used = strlen(names);
    CHECK_INT(strata_entry_at(stack, STRATA_STAGED, depth, &entry), STRATA_OK);
    if (used + 1 + strlen(entry.name) >= sizeof names) {
      strcpy(names + used, depth == 0 ? "..." : " ...");
      break;
    }
    strcat(names, depth == 0 ? "" : " ");
    strcat(names, entry.name);
  }
  return names;
}

static const char* describe(strata_stack* stack) {
  static char line[256];
  strata_describe(stack, line, sizeof line);
  return line;
}

static void finish(strata_stack* stack, strata_save_types* types) {
  meddling_ = MEDDLE_NONE;
  destroy_stack(stack, &log_);
  strata_save_types_destroy(types);
  CHECK_INT(made_, released_);
  CHECK_INT(misreleased_, 0);
  made_ = 0;
  released_ = 0;
  misreleased_ = 0;
  types_ = NULL;
  target_ = NULL;
}

/* ---- NULL and garbage arguments ---- */

static void null_and_garbage_arguments(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  char buffer[64];
  size_t length = 99;
  size_t left = 99;
  strcpy(buffer, "untouched");
  /* Every refusal leaves *length and *left 0 and the buffer "". */
  CHECK_INT(strata_save_text(stack, types, 0, -1, buffer, sizeof buffer, &length, &left),
            STRATA_E_BAD_ARGUMENT);
  CHECK_INT(length, 0);
  CHECK_INT(left, 0);
  CHECK_STR(buffer, "");
  CHECK_STR(strata_last_error(stack),
            "strata: strata_save_text() with NULL types or length, a NULL buffer of nonzero size, "
            "or an unknown strata_unsavable");
  CHECK_INT(strata_save_text(stack, types, 0, 1000000, buffer, sizeof buffer, &length, &left),
            STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_save_text(NULL, NULL, 0, -7, NULL, 5, NULL, NULL), STRATA_E_NULL_STACK);
  /* A buffer of one byte holds the terminator only. */
  CHECK_INT(strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, buffer, 1, &length, NULL),
            STRATA_OK);
  CHECK_STR(buffer, "");
  CHECK_INT(length, strlen("strata snapshot 1\nthing v1 n=0 [name=\"boot\"]\n"));
  /* `from` beyond the committed stack saves no state (the header only). */
  CHECK_INT(strata_save_text(stack, types, (size_t)-1, STRATA_UNSAVABLE_FAIL, buffer, sizeof buffer,
                             &length, &left),
            STRATA_OK);
  CHECK_STR(buffer, "strata snapshot 1\n");
  CHECK_INT(left, 0);

  CHECK_INT(strata_restore_text(NULL, NULL, NULL, (size_t)-1), STRATA_E_NULL_STACK);
  CHECK_INT(strata_restore_text(stack, NULL, NULL, (size_t)-1), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(stack), "strata: strata_restore_text() with NULL types or text");

  /* The record functions outside a callback, on NULL. */
  CHECK_INT(strata_record_set_int(NULL, NULL, 1), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_set_number(NULL, "x", 1.0), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_set_text(NULL, "x", NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_int(NULL, NULL, NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_number(NULL, "x", NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_flag(NULL, "x", NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_text(NULL, "x", NULL), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_record_has(NULL, NULL), 0);
  CHECK_INT(strata_record_fail(NULL, NULL), STRATA_E_BAD_ARGUMENT);

  CHECK_INT(strata_save_types_add(types, &thing_saved), STRATA_E_BAD_REGISTRATION);
  CHECK_STR(strata_save_types_last_error(types),
            "strata: strata_save_types_add(\"thing\") names a strata_state registered already");
  CHECK_STR(describe(stack), "boot*");
  CHECK_INT(strata_pending(stack), 0);
  CHECK_STR(take(&log_), "");
  finish(stack, types);
}

/* ---- loads that misbehave ---- */

/* A load that fails its record and returns data all the same: the data is released once. */
static void a_load_that_fails_and_returns_data(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  meddling_ = MEDDLE_FAIL_AND_RETURN;
  CHECK_INT(strata_restore_text(stack, types, "thing n=1\nthing n=2", 1), STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack),
            "strata: restore(): state 0 ('thing'): refused, data returned all the same");
  CHECK_STR(take(&log_), "thing.destroyed");
  CHECK_INT(loaded_, 1);
  CHECK_INT(released_, 1);
  CHECK_STR(staged_names(stack), "boot");
  CHECK_INT(strata_pending(stack), 0);
  finish(stack, types);
}

/* A load that returns NULL without failing its record refuses the restore all the same, and the
 * states made before it are released. */
static void a_load_that_returns_null_without_failing(void) {
  static const strata_savable null_second = {"null", &kept_state, NULL, NULL, 0, 0};
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  (void)null_second;
  meddling_ = MEDDLE_NONE;
  CHECK_INT(strata_restore_text(stack, types, "thing n=1\nthing n=2", 1), STRATA_OK);
  CHECK_INT(strata_pop_to(stack, 1), STRATA_OK);
  take(&log_);
  meddling_ = MEDDLE_RETURN_NULL;
  CHECK_INT(strata_restore_text(stack, types, "kept\nthing n=2", 1), STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack),
            "strata: restore(): state 1 ('thing'): its load callback made no state");
  CHECK_STR(take(&log_), ""); /* kept has no destroy callback: nothing is released */
  CHECK_STR(staged_names(stack), "boot");
  finish(stack, types);
}

/* A strata_state with no destroy callback: a failed restore drops its state without a call. */
static void a_state_without_destroy_is_dropped_quietly(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  CHECK_INT(strata_restore_text(stack, types, "kept\nkept\nnothing", 0), STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack),
            "strata: restore(): state 2 ('nothing'): no type is registered as 'nothing'");
  CHECK_INT(kept_data_.magic, THING_MAGIC);
  CHECK_INT(strata_restore_text(stack, types, "kept\nkept", 0), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "boot.exit, boot.destroyed, kept.enter, kept.enter");
  finish(stack, types);
}

/* ---- loads that call into the stack being restored ---- */

/* Runs a restore of two things above boot whose loads make `meddling`; returns the restore's
 * result. */
static int restore_meddling(strata_stack* stack, strata_save_types* types, int meddling) {
  int result;
  target_ = stack;
  meddling_ = meddling;
  result = strata_restore_text(stack, types, "thing n=1\nthing n=2", 1);
  meddling_ = MEDDLE_NONE;
  return result;
}

static void loads_that_call_into_the_stack(void) {
  static const int refused[] = {MEDDLE_RESTORE, MEDDLE_PUSH,   MEDDLE_POP,    MEDDLE_CLEAR,
                                MEDDLE_COMMIT,  MEDDLE_UPDATE, MEDDLE_FINISH, MEDDLE_DESTROY};
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  size_t i;
  for (i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
    CHECK_INT(restore_meddling(stack, types, refused[i]), STRATA_OK);
    CHECK_INT(result_, STRATA_E_REENTRANT);
    CHECK_STR(staged_names(stack), "boot thing thing");
    CHECK_INT(strata_size(stack), 1);
    CHECK_INT(strata_pop_to(stack, 1), STRATA_OK);
  }
  /* The pushed data was released by the refused push; the restored things by the pop_to. */
  CHECK_INT(made_ - released_, 1); /* boot */
  take(&log_);

  /* The C layer refuses a commit from code a request runs; the core a request. */
  CHECK_INT(restore_meddling(stack, types, MEDDLE_COMMIT), STRATA_OK);
  CHECK_STR(message_, "strata: strata_commit() called from inside a callback of "
                      "strata_restore_text(); only requests may be made there");
  CHECK_INT(restore_meddling(stack, types, MEDDLE_DESTROY), STRATA_OK);
  CHECK_STR(message_, "strata: strata_destroy() called from inside a callback of "
                      "strata_restore_text(); a stack must outlive its callbacks");
  CHECK_INT(restore_meddling(stack, types, MEDDLE_PUSH), STRATA_OK);
  CHECK_AFFIXES(message_, "strata: push", "");
  CHECK_INT(strata_pop_to(stack, 1), STRATA_OK);

  /* strata_fail from a load: it is no state callback. */
  CHECK_INT(restore_meddling(stack, types, MEDDLE_FAIL_CALLBACK), STRATA_OK);
  CHECK_INT(result_, STRATA_E_BAD_ARGUMENT);
  /* A save from a load is a query of the committed stack: it works. */
  CHECK_INT(restore_meddling(stack, types, MEDDLE_SAVE), STRATA_OK);
  CHECK_INT(result_, STRATA_OK);
  CHECK_STR(staged_names(stack), "boot thing thing");

  /* The stack works on: the restore commits, its trace the ordinary one. */
  take(&log_);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "boot.pause, thing.enter, thing.pause, thing.enter");
  finish(stack, types);
}

/* A load may restore another stack with the same types, a restore inside a restore. */
static void a_load_that_restores_another_stack(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  other_ = make_stack(&log_, NULL);
  CHECK_INT(restore_meddling(stack, types, MEDDLE_OTHER_STACK), STRATA_OK);
  CHECK_INT(result_, STRATA_OK);
  CHECK_STR(staged_names(stack), "boot thing thing");
  /* Each load restored the other stack anew: the second replaced the first. */
  CHECK_STR(staged_names(other_), "thing");
  CHECK_STR(take(&log_), "thing.destroyed");
  destroy_stack(other_, &log_);
  other_ = NULL;
  finish(stack, types);
}

/* ---- saves that call into the stack being saved ---- */

static int save_meddling(strata_stack* stack, strata_save_types* types, int meddling, char* text,
                         size_t size) {
  size_t length = 0;
  int result;
  target_ = stack;
  meddling_ = meddling;
  result = strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, text, size, &length, NULL);
  meddling_ = MEDDLE_NONE;
  return result;
}

static void saves_that_call_into_the_stack(void) {
  static const int refused[] = {MEDDLE_COMMIT, MEDDLE_UPDATE, MEDDLE_FINISH, MEDDLE_DESTROY};
  static const char* const saved = "strata snapshot 1\nthing v1 n=0 [name=\"boot\"]\n";
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  char text[256];
  size_t i;
  for (i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
    CHECK_INT(save_meddling(stack, types, refused[i], text, sizeof text), STRATA_OK);
    CHECK_INT(result_, STRATA_E_REENTRANT);
    CHECK_STR(text, saved);
  }
  CHECK_INT(save_meddling(stack, types, MEDDLE_FAIL_CALLBACK, text, sizeof text), STRATA_OK);
  CHECK_INT(result_, STRATA_E_BAD_ARGUMENT);
  /* A save inside a save. */
  CHECK_INT(save_meddling(stack, types, MEDDLE_SAVE, text, sizeof text), STRATA_OK);
  CHECK_INT(result_, STRATA_OK);
  CHECK_STR(text, saved);
  CHECK_STR(take(&log_), "");
  /* A save is a query: requests from its callbacks are refused too, and the save goes on. */
  CHECK_INT(save_meddling(stack, types, MEDDLE_RESTORE, text, sizeof text), STRATA_OK);
  CHECK_INT(result_, STRATA_E_REENTRANT);
  CHECK_STR(text, saved);
  CHECK_INT(save_meddling(stack, types, MEDDLE_CLEAR, text, sizeof text), STRATA_OK);
  CHECK_INT(result_, STRATA_E_REENTRANT);
  CHECK_STR(text, saved);
  CHECK_STR(take(&log_), "");
  CHECK_STR(staged_names(stack), "boot");
  CHECK_INT(strata_pending(stack), 0);
  finish(stack, types);
}

/* A restore from a save callback would change the staged stack, which shares its entries with
 * the committed one the save is reading: refused, however many states it brings, and the save
 * reads the committed stack whole. */
static void a_save_callback_that_restores_is_refused(void) {
  static const char* const saved = "strata snapshot 1\n"
                                   "thing v1 n=0 [name=\"boot\"]\n"
                                   "thing v1 n=1 [name=\"a\"]\n"
                                   "thing v1 n=2 [name=\"b\"]\n";
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  char text[512];
  push_thing(stack, &thing_state, "a", 1);
  push_thing(stack, &thing_state, "b", 2);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  take(&log_);
  CHECK_INT(save_meddling(stack, types, MEDDLE_RESTORE_MANY, text, sizeof text), STRATA_OK);
  CHECK_INT(result_, STRATA_E_REENTRANT);
  CHECK_STR(text, saved);
  CHECK_INT(strata_staged_size(stack), 3);
  CHECK_STR(take(&log_), "");
  CHECK_STR(describe(stack), "boot | a | b*");
  finish(stack, types);
}

/* A kind added from a callback of a save or restore with the same set would move the kinds
 * they are reading: refused. */
static void a_callback_cannot_add_to_the_types_in_use(void) {
  static const char* const saved = "strata snapshot 1\nthing v1 n=0 [name=\"boot\"]\n";
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  char text[256];
  CHECK_INT(save_meddling(stack, types, MEDDLE_ADD_KINDS, text, sizeof text), STRATA_OK);
  CHECK_INT(result_, STRATA_E_REENTRANT);
  CHECK_STR(added_, "strata: strata_save_types_add() called from a callback of a save or restore "
                    "with this set; add every kind before");
  CHECK_STR(text, saved);
  CHECK_INT(restore_meddling(stack, types, MEDDLE_ADD_KINDS), STRATA_OK);
  CHECK_INT(result_, STRATA_E_REENTRANT);
  CHECK_STR(staged_names(stack), "boot thing thing");
  /* Once they are done, the set takes kinds again. */
  meddling_ = MEDDLE_ADD_KINDS;
  meddle();
  meddling_ = MEDDLE_NONE;
  CHECK_INT(result_, STRATA_OK);
  CHECK_STR(strata_save_types_last_error(types), "");
  take(&log_);
  finish(stack, types);
}

/* ---- text that is not a snapshot ---- */

static void odd_bytes_and_long_lines(void) {
  static const char* const refused[] = {"thing n=1\x01",
                                        "\xff\xfe thing",
                                        "thing n=\"\x01\x02\"x",
                                        "th\xc3\xa9ng",
                                        "thing n=1 [name=\"a]",
                                        "thing n=1 [modality=sideways]",
                                        "thing n=1 [time_scale=-1.0]",
                                        "thing n=1 [transition=nan,1.0]",
                                        "strata snapshot 2\nthing n=1",
                                        "thing v0 n=1",
                                        "thing v99999999999999999999 n=1",
                                        "thing n=99999999999999999999"};
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  char* long_text;
  char* saved;
  size_t i;
  size_t length = 0;
  for (i = 0; i < sizeof refused / sizeof refused[0]; ++i) {
    int result = strata_restore_text(stack, types, refused[i], 0);
    CHECK_INT(result, STRATA_E_RESTORE_FAILED);
    if (result != STRATA_E_RESTORE_FAILED) {
      fprintf(stderr, "  text %lu: '%s'\n", (unsigned long)i, refused[i]);
    }
    CHECK_AFFIXES(strata_last_error(stack), "strata: ", "");
  }
  CHECK_STR(staged_names(stack), "boot");
  CHECK_INT(made_ - released_, 1); /* boot */

  /* Odd bytes inside a text field and a name go through escaped, and back. */
  CHECK_INT(strata_restore_text(stack, types, "thing n=1 [name=\"\\x01\\xff\\t\\\"\"]", 0),
            STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, NULL, 0, &length, NULL),
            STRATA_OK);
  saved = (char*)malloc(length + 1);
  CHECK_INT(
      strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, saved, length + 1, &length, NULL),
      STRATA_OK);
  /* Control bytes are escaped, bytes above 0x7f written as they are (UTF-8 goes through). */
  CHECK_STR(saved, "strata snapshot 1\nthing v1 n=1 [name=\"\\x01\xff\\t\\\"\"]\n");
  CHECK_INT(strata_restore_text(stack, types, saved, 0), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(strata_top_name(stack), "\x01\xff\t\"");
  free(saved);

  /* A line of a megabyte, a comment, and a blank line. */
  long_text = (char*)malloc(1100000);
  strcpy(long_text, "# ");
  memset(long_text + 2, 'x', 1000000);
  strcpy(long_text + 1000002, "\n\n  thing n=2 [name=\"");
  i = strlen(long_text);
  memset(long_text + i, 'y', 50000);
  strcpy(long_text + i + 50000, "\"]\r\n");
  CHECK_INT(strata_restore_text(stack, types, long_text, 0), STRATA_OK);
  CHECK_STR(staged_names(stack), "...");
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(strlen(strata_top_name(stack)), 50000);
  free(long_text);
  take(&log_);
  finish(stack, types);
}

/* A name with a NUL in it would read in C as the part before it: refused. */
static void a_restored_name_with_a_nul(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  CHECK_INT(strata_restore_text(stack, types, "thing n=1\nthing n=1 [name=\"a\\x00b\"]", 0),
            STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack), "strata: strata_restore_text(): state 1 ('thing'): its name "
                                      "holds a NUL byte, which a C string cannot");
  CHECK_STR(take(&log_), "");
  CHECK_STR(staged_names(stack), "boot");
  finish(stack, types);
}

/* ---- depth ---- */

static void a_restore_past_the_depth_limit(void) {
  strata_options options;
  strata_save_types* types = make_types();
  strata_stack* stack;
  char* text = (char*)malloc(5000 * 10 + 1);
  size_t i;
  memset(&options, 0, sizeof options);
  options.max_depth = 100;
  stack = booted(&options);
  text[0] = '\0';
  for (i = 0; i < 5000; ++i) {
    strcpy(text + i * 10, "thing n=7\n");
  }
  CHECK_INT(strata_restore_text(stack, types, text, 1), STRATA_E_DEPTH_LIMIT);
  CHECK_STR(strata_last_error(stack),
            "strata: pushing 5000 states would grow the stack past its depth limit of 100");
  CHECK_INT(loaded_, 5000);
  CHECK_INT(released_, 5000);
  CHECK_STR(staged_names(stack), "boot");
  /* Exactly at the limit: boot and 99 more. */
  text[99 * 10] = '\0';
  reset_counts();
  CHECK_INT(strata_restore_text(stack, types, text, 1), STRATA_OK);
  CHECK_INT(strata_staged_size(stack), 100);
  CHECK_INT(strata_restore_text(stack, types, "thing n=1", 100), STRATA_E_DEPTH_LIMIT);
  CHECK_STR(strata_last_error(stack),
            "strata: pushing 'thing' would grow the stack past its depth limit of 100");
  free(text);
  take(&log_);
  finish(stack, types);
}

static void above_beyond_the_stack(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  CHECK_INT(strata_restore_text(stack, types, "thing n=1", 2), STRATA_E_BAD_DEPTH);
  CHECK_STR(strata_last_error(stack), "strata: restore(): restore_options::above is 2, above the "
                                      "staged stack, which holds 1");
  CHECK_INT(strata_restore_text(stack, types, "thing n=1", (size_t)-1), STRATA_E_BAD_DEPTH);
  CHECK_INT(loaded_, 0); /* refused before any load */
  /* Bad text is reported before a bad depth. */
  CHECK_INT(strata_restore_text(stack, types, "=", 2), STRATA_E_RESTORE_FAILED);
  /* `above` the whole staged stack adds on top; an empty text clears above it. */
  CHECK_INT(strata_restore_text(stack, types, "thing n=1", 1), STRATA_OK);
  CHECK_STR(staged_names(stack), "boot thing");
  CHECK_INT(strata_restore_text(stack, types, "", 0), STRATA_OK);
  CHECK_STR(take(&log_), "thing.destroyed");
  CHECK_INT(strata_staged_size(stack), 0);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "boot.exit, boot.destroyed");
  finish(stack, types);
}

/* ---- transitions ---- */

/* A restore while a state is leaving: the leaving state goes on leaving, and is not saved. */
static void a_restore_while_a_state_leaves(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  char text[256];
  size_t length = 0;
  size_t left = 0;
  push_thing(stack, &slow_state, "fading", 5);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(strata_finish_transitions(stack), STRATA_OK); /* arrived: it has a way to leave */
  CHECK_INT(strata_pop(stack), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_STR(take(&log_), "boot.pause, fading.enter, fading.exit, boot.resume");
  CHECK_INT(strata_in_transition(stack), 1);
  /* The leaving state is not saved. */
  CHECK_INT(
      strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, text, sizeof text, &length, &left),
      STRATA_OK);
  CHECK_STR(text, "strata snapshot 1\nthing v1 n=0 [name=\"boot\"]\n");
  CHECK_INT(left, 0);

  CHECK_INT(strata_restore_text(stack, types, "slow n=1\nthing n=2", 0), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  /* boot is destroyed once every state leaving above it is gone. */
  CHECK_STR(take(&log_), "boot.exit, thing.enter, thing.pause, thing.enter");
  CHECK_INT(strata_in_transition(stack), 1);
  /* While the restored slow state arrives, the save holds it as it is. */
  CHECK_INT(
      strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, text, sizeof text, &length, &left),
      STRATA_OK);
  CHECK_STR(text, "strata snapshot 1\nslow v1 n=1\nthing v1 n=2\n");
  CHECK_INT(strata_finish_transitions(stack), STRATA_OK);
  CHECK_STR(take(&log_), "fading.destroyed, boot.destroyed");
  finish(stack, types);
}

/* A restore from an enter callback is carried out by the same commit (R7). */
static void restore_on_enter(strata_stack* stack, actor* self) {
  self->result = strata_restore_text(stack, types_, "thing n=4", 0);
}

static void a_restore_from_inside_a_commit(void) {
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  actor a;
  actor_init(&a, "a", &log_);
  a.on_enter = restore_on_enter;
  CHECK_INT(push_actor(stack, &a), STRATA_OK);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(a.result, STRATA_OK);
  CHECK_STR(take(&log_), "boot.pause, a.enter, a.exit, a.destroyed, boot.resume, boot.exit, "
                         "boot.destroyed, thing.enter");
  CHECK_STR(describe(stack), "thing*");
  finish(stack, types);
}

/* ---- a strata_state that a push refuses ---- */

static void a_state_a_push_refuses_is_refused_by_a_restore(void) {
  static const strata_state negative = {"negative", NULL, NULL,          NULL, NULL, NULL, NULL,
                                        NULL,       NULL, release_thing, 0,    NULL, NULL, NULL,
                                        -1.0f,      0.0f, -2.0f,         0,    NULL};
  static const strata_savable negative_saved = {"negative", &negative, NULL, load_thing, 0, 0};
  strata_save_types* types = make_types();
  strata_stack* stack = booted(NULL);
  CHECK_INT(strata_save_types_add(types, &negative_saved), STRATA_OK);
  CHECK_INT(strata_push(stack, &negative, new_thing("negative", 0)), STRATA_E_BAD_TIME_SCALE);
  CHECK_INT(strata_restore_text(stack, types, "negative n=1", 0), STRATA_E_RESTORE_FAILED);
  CHECK_STR(strata_last_error(stack),
            "strata: restore(): state 0 ('negative'): its strata_state has a time scale that is "
            "negative, infinite or not a number");
  CHECK_STR(staged_names(stack), "boot");
  take(&log_);
  finish(stack, types);
}

/* ---- out of memory at every allocation ---- */

static const char* const oom_text =
    "thing n=1 [name=\"First one, with a long name to copy\" transition=0.25,0.25]\n"
    "slow n=2 [time_scale=0.5]\n"
    "thing n=3 [modality=freeze]\n";

static void a_restore_out_of_memory_at_every_allocation(void) {
  strata_save_types* types = make_types();
  long n;
  long failures = 0;
  for (n = 0; n < 200; ++n) {
    counter count;
    strata_allocator allocator;
    strata_stack* stack = counted_stack(&log_, &count, &allocator);
    int result;
    push_thing(stack, &thing_state, "boot", 0);
    push_thing(stack, &thing_state, "menu", 0);
    CHECK_INT(strata_commit(stack), STRATA_OK);
    push_thing(stack, &thing_state, "staged", 0);
    take(&log_);
    reset_counts();

    count.fail_after = n;
    result = strata_restore_text(stack, types, oom_text, 1);
    count.fail_after = -1;
    if (result == STRATA_OK) {
      CHECK_STR(staged_names(stack), "boot First one, with a long name to copy slow thing");
      CHECK_STR(take(&log_), "staged.destroyed");
      CHECK_INT(strata_commit(stack), STRATA_OK);
      CHECK_STR(take(&log_), "menu.exit, menu.destroyed, boot.resume, boot.pause, thing.enter, "
                             "thing.pause, thing.enter, thing.pause, thing.enter");
    } else {
      ++failures;
      CHECK_INT(result, STRATA_E_NO_MEMORY);
      CHECK_STR(strata_last_error(stack), "strata: out of memory");
      CHECK_STR(staged_names(stack), "boot menu staged");
      CHECK_INT(made_ - released_, 3); /* boot, menu, staged */
      CHECK_INT(misreleased_, 0);
      /* Only the data the restore made was released. */
      {
        const char* released = take(&log_);
        CHECK_INT(strstr(released, "boot") == NULL && strstr(released, "menu") == NULL &&
                      strstr(released, "staged") == NULL,
                  1);
      }
    }
    strata_destroy(stack);
    take(&log_);
    CHECK_INT(count.live, 0);
    CHECK_INT(count.mismatches, 0);
    CHECK_INT(made_, released_);
    if (result == STRATA_OK) {
      break;
    }
  }
  CHECK_INT(n < 200, 1);
  CHECK_INT(failures > 0, 1);
  strata_save_types_destroy(types);
}

static void a_save_out_of_memory_at_every_allocation(void) {
  strata_save_types* types = make_types();
  long n;
  for (n = 0; n < 200; ++n) {
    counter count;
    strata_allocator allocator;
    strata_stack* stack = counted_stack(&log_, &count, &allocator);
    char text[512];
    size_t length = 0;
    int result;
    CHECK_INT(strata_restore_text(stack, types, oom_text, 0), STRATA_OK);
    CHECK_INT(strata_commit(stack), STRATA_OK);
    take(&log_);

    count.fail_after = n;
    result =
        strata_save_text(stack, types, 0, STRATA_UNSAVABLE_FAIL, text, sizeof text, &length, NULL);
    count.fail_after = -1;
    if (result == STRATA_OK) {
      CHECK_STR(text, "strata snapshot 1\n"
                      "thing v1 n=1 [name=\"First one, with a long name to copy\" "
                      "transition=0.25,0.25]\n"
                      "slow v1 n=2 [time_scale=0.5]\n"
                      "thing v1 n=3 [modality=freeze]\n");
    } else {
      CHECK_INT(result, STRATA_E_NO_MEMORY);
      CHECK_STR(text, "");
      CHECK_INT(length, 0);
    }
    CHECK_STR(take(&log_), "");
    strata_destroy(stack);
    take(&log_);
    CHECK_INT(count.live, 0);
    CHECK_INT(count.mismatches, 0);
    if (result == STRATA_OK) {
      break;
    }
  }
  CHECK_INT(n < 200, 1);
  CHECK_INT(made_, released_);
  strata_save_types_destroy(types);
}

int main(void) {
  static const test_case tests[] = {
      {"null_and_garbage_arguments", null_and_garbage_arguments},
      {"a_load_that_fails_and_returns_data", a_load_that_fails_and_returns_data},
      {"a_load_that_returns_null_without_failing", a_load_that_returns_null_without_failing},
      {"a_state_without_destroy_is_dropped_quietly", a_state_without_destroy_is_dropped_quietly},
      {"loads_that_call_into_the_stack", loads_that_call_into_the_stack},
      {"a_load_that_restores_another_stack", a_load_that_restores_another_stack},
      {"saves_that_call_into_the_stack", saves_that_call_into_the_stack},
      {"a_save_callback_that_restores_is_refused", a_save_callback_that_restores_is_refused},
      {"a_callback_cannot_add_to_the_types_in_use", a_callback_cannot_add_to_the_types_in_use},
      {"odd_bytes_and_long_lines", odd_bytes_and_long_lines},
      {"a_restored_name_with_a_nul", a_restored_name_with_a_nul},
      {"a_restore_past_the_depth_limit", a_restore_past_the_depth_limit},
      {"above_beyond_the_stack", above_beyond_the_stack},
      {"a_restore_while_a_state_leaves", a_restore_while_a_state_leaves},
      {"a_restore_from_inside_a_commit", a_restore_from_inside_a_commit},
      {"a_state_a_push_refuses_is_refused_by_a_restore",
       a_state_a_push_refuses_is_refused_by_a_restore},
      {"a_restore_out_of_memory_at_every_allocation", a_restore_out_of_memory_at_every_allocation},
      {"a_save_out_of_memory_at_every_allocation", a_save_out_of_memory_at_every_allocation},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
