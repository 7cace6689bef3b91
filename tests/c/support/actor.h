/* tests/c/support/actor.h: the recording states of the C API tests. Each callback an actor gets
 * is written to the stack's env, a recorder, as "name.hook", and the release of its data as
 * "name.destroyed", so that a test compares the exact sequence as one string:
 * CHECK_STR(take(&log), "world.exit, title.resume, title.pause, options.enter"). */
#ifndef STRATA_TEST_ACTOR_H
#define STRATA_TEST_ACTOR_H

#include <stddef.h>
#include <strata/strata.h>

#define RECORDER_SIZE 4096

typedef struct recorder {
  char text[RECORDER_SIZE];
  size_t length;
  char taken[RECORDER_SIZE];
} recorder;

void recorder_init(recorder* log);
/* Appends "who.what". */
void record(recorder* log, const char* who, const char* what);
/* Appends a line of its own. */
void record_line(recorder* log, const char* line);
/* The trace so far, lines joined by ", "; the next trace starts empty. Valid until the next
 * call. */
const char* take(recorder* log);

typedef struct actor actor;
/* What an actor does in a callback, after recording it: requests, mostly. */
typedef void (*actor_action)(strata_stack* stack, actor* self);

struct actor {
  const char* name;
  recorder* log; /* where the release of its data is written */
  actor_action on_enter;
  actor_action on_exit;
  actor_action on_pause;
  actor_action on_resume;
  actor_action on_active;
  actor_action on_inactive;
  actor_action on_draw;
  actor_action on_event;
  actor_action on_focus; /* these three only with focused_state */
  actor_action on_unfocus;
  actor_action on_always;
  int consumes;   /* what its event callback returns */
  int destroyed;  /* how often the stack released its data */
  double last_dt; /* what its last active, inactive or always callback got */
  int result;     /* free for a test's actions: what a call they made returned */
  void* extra;    /* free for a test's actions */
};

void actor_init(actor* self, const char* name, recorder* log);

/* Records every callback but focus, unfocus and always, so that the traces of the rules before
 * those (R29, R30) stay as they were; its name is NULL, so each actor is pushed with its own
 * name. */
extern const strata_state traced_state;
/* Records every callback, focus, unfocus and always included. */
extern const strata_state focused_state;
/* traced_state with draw_seen (R33), which records "name.draw_seen(<presence>)" instead of
 * "name.draw", then runs on_draw. */
extern const strata_state seen_state;
/* seen_state as a pause menu: STRATA_FREEZE, arrives and leaves in 0.5 s. */
extern const strata_state fading_pause_state;

/* R33: "being_covered 1 push cover 0.5": the phase and the presence, then the cause and the
 * cover when there are any, as the C++ tests write a strata::presence. Valid until the next
 * call. */
const char* describe_presence(const strata_presence* seen);
/* The presence of the entry `id` described, or "(none)" when strata_presence_of finds none. */
const char* presence_text(strata_stack* stack, strata_id id);

/* An item of traced_state, every other member 0 (the default). */
strata_item actor_item(actor* self, unsigned modality);
int push_actor(strata_stack* stack, actor* self);
int push_actor_as(strata_stack* stack, actor* self, unsigned modality);
/* The same with focused_state; push_focused fails the test if the push fails, and returns the
 * entry's id. */
strata_item focused_item(actor* self, unsigned modality);
strata_id push_focused(strata_stack* stack, actor* self);
/* Pushes an item of `kind` for `self`, fails the test if the push fails, and returns the id. */
strata_id push_kind(strata_stack* stack, const strata_state* kind, actor* self);

/* Makes a stack whose env is `log`, and fails the test if that fails. */
strata_stack* make_stack(recorder* log, const strata_options* options);

/* A stack holding `first` and `second` (and `third` if not NULL), committed, its trace taken:
 * the starting point of many tests. Fails the test if the commit fails. */
strata_stack* committed_stack(recorder* log, int coalesced, actor* first, actor* second,
                              actor* third);
/* Destroys a stack, failing the test if that fails, and forgets the trace it left. */
void destroy_stack(strata_stack* stack, recorder* log);

/* Writes each observer step into the recorder as "push name@depth". */
void watch(strata_stack* stack, recorder* into);
/* The same as "push name@depth#id", the id from strata_step_id. */
void watch_ids(strata_stack* stack, recorder* into);

#endif
