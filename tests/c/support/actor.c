/* tests/c/support/actor.c: the recording states of the C API tests. */
#include "actor.h"

#include <stdio.h>
#include <string.h>

#include "check.h"

static void append(recorder* log, const char* text) {
  size_t length = strlen(text);
  if (log->length + length >= RECORDER_SIZE) {
    length = RECORDER_SIZE - 1 - log->length;
  }
  memcpy(log->text + log->length, text, length);
  log->length += length;
  log->text[log->length] = '\0';
}

void recorder_init(recorder* log) {
  log->length = 0;
  log->text[0] = '\0';
  log->taken[0] = '\0';
}

void record_line(recorder* log, const char* line) {
  if (log->length > 0) {
    append(log, ", ");
  }
  append(log, line);
}

void record(recorder* log, const char* who, const char* what) {
  record_line(log, who);
  append(log, ".");
  append(log, what);
}

const char* take(recorder* log) {
  memcpy(log->taken, log->text, log->length + 1);
  log->length = 0;
  log->text[0] = '\0';
  return log->taken;
}

void actor_init(actor* self, const char* name, recorder* log) {
  memset(self, 0, sizeof *self);
  self->name = name;
  self->log = log;
}

static void run(strata_stack* stack, void* env, void* data, const char* hook, actor_action action) {
  actor* self = (actor*)data;
  record((recorder*)env, self->name, hook);
  if (action != NULL) {
    action(stack, self);
  }
}

static void on_enter(strata_stack* stack, void* env, void* data) {
  run(stack, env, data, "enter", ((actor*)data)->on_enter);
}
static void on_exit(strata_stack* stack, void* env, void* data) {
  run(stack, env, data, "exit", ((actor*)data)->on_exit);
}
static void on_pause(strata_stack* stack, void* env, void* data) {
  run(stack, env, data, "pause", ((actor*)data)->on_pause);
}
static void on_resume(strata_stack* stack, void* env, void* data) {
  run(stack, env, data, "resume", ((actor*)data)->on_resume);
}
static void on_active(strata_stack* stack, void* env, void* data, double dt) {
  ((actor*)data)->last_dt = dt;
  run(stack, env, data, "active", ((actor*)data)->on_active);
}
static void on_inactive(strata_stack* stack, void* env, void* data, double dt) {
  ((actor*)data)->last_dt = dt;
  run(stack, env, data, "inactive", ((actor*)data)->on_inactive);
}
static void on_draw(strata_stack* stack, void* env, void* data) {
  run(stack, env, data, "draw", ((actor*)data)->on_draw);
}
static void on_focus(strata_stack* stack, void* env, void* data) {
  run(stack, env, data, "focus", ((actor*)data)->on_focus);
}
static void on_unfocus(strata_stack* stack, void* env, void* data) {
  run(stack, env, data, "unfocus", ((actor*)data)->on_unfocus);
}
static void on_always(strata_stack* stack, void* env, void* data, double dt) {
  ((actor*)data)->last_dt = dt;
  run(stack, env, data, "always", ((actor*)data)->on_always);
}
const char* describe_presence(const strata_presence* seen) {
  static char text[96];
  sprintf(text, "%s %g", strata_phase_name(seen->phase), seen->value);
  if (seen->cause != STRATA_CAUSE_NONE) {
    sprintf(text + strlen(text), " %s", strata_cause_name(seen->cause));
  }
  if (seen->cover != 0.0f) {
    sprintf(text + strlen(text), " cover %g", seen->cover);
  }
  return text;
}
static void on_draw_seen(strata_stack* stack, void* env, void* data, const strata_presence* seen) {
  char hook[128];
  sprintf(hook, "draw_seen(%s)", describe_presence(seen));
  run(stack, env, data, hook, ((actor*)data)->on_draw);
}
static int on_event(strata_stack* stack, void* env, void* data, const void* event) {
  actor* self = (actor*)data;
  char hook[32];
  sprintf(hook, "event(%d)", *(const int*)event);
  record((recorder*)env, self->name, hook);
  if (self->on_event != NULL) {
    self->on_event(stack, self);
  }
  return self->consumes;
}
static void on_destroy(void* env, void* data) {
  actor* self = (actor*)data;
  (void)env; /* the recorder, or NULL for a push refused without a stack: self->log is kept */
  ++self->destroyed;
  if (self->log != NULL) {
    record(self->log, self->name, "destroyed");
  }
}

const strata_state traced_state = {NULL,      on_enter,    on_exit, on_pause, on_resume,
                                   on_active, on_inactive, on_draw, on_event, on_destroy,
                                   0,         NULL,        NULL,    NULL,     0.0f,
                                   0.0f,      0.0f,        0,       NULL};
const strata_state focused_state = {NULL,      on_enter,    on_exit,    on_pause,  on_resume,
                                    on_active, on_inactive, on_draw,    on_event,  on_destroy,
                                    0,         on_focus,    on_unfocus, on_always, 0.0f,
                                    0.0f,      0.0f,        0,          NULL};
const strata_state seen_state = {NULL,      on_enter,    on_exit, on_pause,    on_resume,
                                 on_active, on_inactive, on_draw, on_event,    on_destroy,
                                 0,         NULL,        NULL,    NULL,        0.0f,
                                 0.0f,      0.0f,        0,       on_draw_seen};
const strata_state fading_pause_state = {
    NULL,     on_enter,   on_exit,       on_pause, on_resume, on_active, on_inactive, on_draw,
    on_event, on_destroy, STRATA_FREEZE, NULL,     NULL,      NULL,      0.0f,        0.5f,
    0.5f,     0,          on_draw_seen};

static strata_item item_of(const strata_state* state, actor* self, unsigned modality) {
  strata_item item;
  memset(&item, 0, sizeof item); /* every member left out means the default */
  item.state = state;
  item.data = self;
  item.name = self->name;
  item.modality = modality;
  return item;
}

strata_item actor_item(actor* self, unsigned modality) {
  return item_of(&traced_state, self, modality);
}

strata_item focused_item(actor* self, unsigned modality) {
  return item_of(&focused_state, self, modality);
}

strata_id push_focused(strata_stack* stack, actor* self) {
  strata_item item = focused_item(self, STRATA_MODALITY_DEFAULT);
  strata_id id = STRATA_ID_NONE;
  CHECK_INT(strata_push_item_id(stack, &item, &id), STRATA_OK);
  return id;
}

strata_id push_kind(strata_stack* stack, const strata_state* kind, actor* self) {
  strata_item item = actor_item(self, 0);
  strata_id id = STRATA_ID_NONE;
  item.state = kind;
  CHECK_INT(strata_push_item_id(stack, &item, &id), STRATA_OK);
  return id;
}

const char* presence_text(strata_stack* stack, strata_id id) {
  strata_presence seen;
  if (strata_presence_of(stack, id, &seen) != STRATA_OK) {
    return "(none)";
  }
  return describe_presence(&seen);
}

int push_actor_as(strata_stack* stack, actor* self, unsigned modality) {
  strata_item item = actor_item(self, modality);
  return strata_push_item(stack, &item);
}

int push_actor(strata_stack* stack, actor* self) {
  return push_actor_as(stack, self, STRATA_MODALITY_DEFAULT);
}

strata_stack* make_stack(recorder* log, const strata_options* options) {
  strata_stack* stack = NULL;
  CHECK_INT(strata_create(&stack, log, options), STRATA_OK);
  return stack;
}

strata_stack* committed_stack(recorder* log, int coalesced, actor* first, actor* second,
                              actor* third) {
  strata_stack* stack = make_stack(log, NULL);
  strata_set_coalesced(stack, coalesced);
  push_actor(stack, first);
  push_actor(stack, second);
  if (third != NULL) {
    push_actor(stack, third);
  }
  CHECK_INT(strata_commit(stack), STRATA_OK);
  take(log);
  return stack;
}

void destroy_stack(strata_stack* stack, recorder* log) {
  CHECK_INT(strata_destroy(stack), STRATA_OK);
  take(log);
}

static void observe(strata_stack* stack, void* user, int step, const char* name, size_t depth) {
  char line[128];
  (void)stack;
  sprintf(line, "%s %.80s@%lu", strata_step_name(step), name, (unsigned long)depth);
  record_line((recorder*)user, line);
}

void watch(strata_stack* stack, recorder* into) {
  CHECK_INT(strata_set_observer(stack, observe, into), STRATA_OK);
}

static void observe_ids(strata_stack* stack, void* user, int step, const char* name, size_t depth) {
  char line[160];
  sprintf(line, "%s %.80s@%lu#%lu", strata_step_name(step), name, (unsigned long)depth,
          (unsigned long)strata_step_id(stack));
  record_line((recorder*)user, line);
}

void watch_ids(strata_stack* stack, recorder* into) {
  CHECK_INT(strata_set_observer(stack, observe_ids, into), STRATA_OK);
}
