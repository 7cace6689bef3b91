/* strata/strata.h: the C API of strata, for C programs and for bindings from other languages.
 * The same stack of game states as the C++ strata::stack, with the same rules (docs/semantics.md),
 * through plain functions and structs of callbacks. Compiles as C89 and later, and as C++.
 * docs/c-api.md has a complete example, the ownership rules and the threading notes.
 *
 * Every function that can fail returns an int: STRATA_OK (0) or a negative STRATA_E_* code, and
 * leaves a message in strata_last_error(stack). Misuse is reported, never aborts. */
#ifndef STRATA_STRATA_H
#define STRATA_STRATA_H

/* A C header: the C++ spellings clang-tidy would suggest do not exist in C.
 * NOLINTBEGIN(modernize-use-using,modernize-deprecated-headers) */
#include <limits.h> /* ULONG_MAX, to pick the type of strata_id */
#include <stddef.h>

#include "version.h" /* STRATA_VERSION_MAJOR, _MINOR, _PATCH and STRATA_VERSION */

/* STRATA_API marks the exported functions. Consumers of the static library get STRATA_C_STATIC
 * from the build (CMake target strata::c) so that nothing is imported from a DLL. */
#if defined(STRATA_C_STATIC)
#define STRATA_API
#elif defined(_WIN32) || defined(__CYGWIN__)
#if defined(STRATA_C_BUILDING)
#define STRATA_API __declspec(dllexport)
#else
#define STRATA_API __declspec(dllimport)
#endif
#elif defined(__GNUC__) && __GNUC__ >= 4
#define STRATA_API __attribute__((visibility("default")))
#else
#define STRATA_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Constants are enumerators rather than macros, so that a binding generator (Python's cffi, a
 * Lua or C# FFI) reads them from the preprocessed header (docs/c-api.md). */

/* ---- results ----
 * The first thirteen mirror strata::errc one to one (STRATA_E_x == -strata::errc::x).
 * STRATA_E_REENTRANT: a commit, a pass, a frame or strata_destroy inside a callback of the stack,
 * or any call from inside the stack's allocator (see strata_allocator). */
enum strata_result {
  STRATA_OK = 0,
  STRATA_E_EMPTY_STACK = -1,       /* pop or replace with nothing staged */
  STRATA_E_REENTRANT = -2,         /* commit etc. in a callback; any call in the allocator */
  STRATA_E_NULL_STATE = -3,        /* push of a null strata_state */
  STRATA_E_BORROWED_TWICE = -4,    /* (C++ only: the C API never borrows) */
  STRATA_E_NOT_FOUND = -5,         /* pop_until or find with no such state */
  STRATA_E_BAD_DEPTH = -6,         /* pop_to or a query at a depth beyond the stack */
  STRATA_E_TRANSITION_LIMIT = -7,  /* a commit ran more transitions than allowed (R23) */
  STRATA_E_DEPTH_LIMIT = -8,       /* a push would grow the stack past its limit */
  STRATA_E_BAD_TIME_SCALE = -9,    /* a time scale that is negative, infinite or NaN */
  STRATA_E_BAD_TRANSITION = -10,   /* a transition's duration negative, infinite or NaN */
  STRATA_E_BAD_REGISTRATION = -11, /* strata_save_types_add() refused a kind (strata_save.h) */
  STRATA_E_RESTORE_FAILED = -12,   /* strata_restore_text() met a state it cannot make */
  STRATA_E_BAD_BINDING = -13,      /* (C++ only: strata::to_below over another class) */
  /* Errors of the C layer itself. */
  STRATA_E_NULL_STACK = -100,      /* the stack argument is NULL */
  STRATA_E_BAD_ARGUMENT = -101,    /* another argument is NULL or out of range */
  STRATA_E_NO_MEMORY = -102,       /* the allocator returned NULL */
  STRATA_E_EXCEPTION = -103,       /* a callback written in C++ threw an exception */
  STRATA_E_CALLBACK_FAILED = -104, /* a callback called strata_fail() */
  STRATA_E_UNSAVABLE = -105,       /* strata_save_text() met a state it cannot save */
  STRATA_E_STACK_GONE = -106       /* strata_post(): the poster's stack was destroyed (R35) */
};

/* ---- modality: what a state lets through to the states below it ----
 * 0 means the default; any other value is a choice of the three switches. STRATA_MODALITY_SET
 * only marks a value as chosen, so that STRATA_OPAQUE, which lets nothing through, is not 0.
 * The presets are those of strata::modality; STRATA_SCREEN is the default of a state that sets
 * none. Stored in `unsigned` members. */
enum strata_modality_bits {
  STRATA_MODALITY_DEFAULT = 0,
  STRATA_UPDATE_BELOW = 0x1, /* states below get their `inactive` callback */
  STRATA_DRAW_BELOW = 0x2,   /* states below are drawn */
  STRATA_INPUT_BELOW = 0x4,  /* events not consumed go on down */
  STRATA_MODALITY_SET = 0x8,
  STRATA_SCREEN = STRATA_MODALITY_SET | STRATA_UPDATE_BELOW,
  STRATA_OPAQUE = STRATA_MODALITY_SET,
  STRATA_FREEZE = STRATA_MODALITY_SET | STRATA_DRAW_BELOW,
  STRATA_LIVE = STRATA_MODALITY_SET | STRATA_UPDATE_BELOW | STRATA_DRAW_BELOW,
  STRATA_TRANSPARENT =
      STRATA_MODALITY_SET | STRATA_UPDATE_BELOW | STRATA_DRAW_BELOW | STRATA_INPUT_BELOW
};

/* How many states one strata_push_several() takes. */
enum strata_limits { STRATA_PUSH_SEVERAL_MAX = 16 };

/* ---- the two views of a stack, for the queries ---- */
enum strata_view_kind {
  STRATA_COMMITTED = 0, /* what runs this frame */
  STRATA_STAGED = 1     /* what the stack will be after the next commit */
};

/* ---- observer steps (strata::step) ---- */
enum strata_step_kind {
  STRATA_STEP_PUSH = 0,    /* a request staged a state */
  STRATA_STEP_POP = 1,     /* a request unstaged a state */
  STRATA_STEP_DISCARD = 2, /* a state that never entered was dropped, without callbacks */
  STRATA_STEP_ENTER = 3,
  STRATA_STEP_EXIT = 4,
  STRATA_STEP_PAUSE = 5,
  STRATA_STEP_RESUME = 6,
  STRATA_STEP_FOCUS = 7,  /* became the settled top (R29) */
  STRATA_STEP_UNFOCUS = 8 /* stopped being it, or is about to exit */
};

/* ---- entry ids (R31) ----
 * Every push gives the entry it stages an id, counted per stack from 1 and never reused, so an
 * id kept after its entry left names nothing rather than another state. 64 bits wide on every
 * platform, as the C++ strata::entry_id: C89 has no uint64_t, so the header picks the type that
 * has 64 bits here (unsigned long on LP64 systems, unsigned __int64 with MSVC, where long has 32
 * bits, unsigned long long elsewhere). Compare ids with ==; print one as (unsigned long) only
 * where long has 64 bits. */
#if ULONG_MAX / 4294967295UL > 1UL
typedef unsigned long strata_id;
#elif defined(_MSC_VER)
typedef unsigned __int64 strata_id;
#elif defined(__GNUC__)
/* __extension__ quiets -std=c89 -pedantic; g++ -std=c++98 -pedantic wants the pragma too. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wlong-long"
__extension__ typedef unsigned long long strata_id;
#pragma GCC diagnostic pop
#else
typedef unsigned long long strata_id;
#endif
#define STRATA_ID_NONE ((strata_id)0) /* the id of no entry */

/* ---- transitions (R33) ----
 * A state may take time to arrive after its enter and to leave after its exit: seconds of
 * update time (the dt of strata_update, times the time scales above it). The callbacks run as
 * without transitions; what changes is what is drawn, where events stop, and when a state that
 * exited is destroyed (its data released). */

/* The switches of a transition, stored in `unsigned` members. In a strata_item, 0 means the
 * state's transition, and STRATA_TRANSITION_SET marks the item's own arrive, leave and switches
 * as chosen (so that "no transition" can be chosen over a state's). */
enum strata_transition_bits {
  STRATA_TRANSITION_DEFAULT = 0,
  STRATA_INPUT_PASSES = 0x1,  /* while it arrives or leaves, events go on to the states below
                                 instead of stopping there, consumed */
  STRATA_TRANSITION_SET = 0x2 /* (marks an item's transition as chosen) */
};

/* Where a drawn state stands (strata::phase): its own transition first, else the one of the
 * nearest state drawn above it that covers it (one with STRATA_TRANSPARENT, which lets every
 * pass through, covers nothing: a HUD between a level and its pause menu changes nothing). */
enum strata_phase {
  STRATA_PHASE_PRESENT = 0,       /* fully there, nothing covering it */
  STRATA_PHASE_ARRIVING = 1,      /* entered, its presence rising to 1 */
  STRATA_PHASE_LEAVING = 2,       /* exited, its presence falling to 0; then it is destroyed */
  STRATA_PHASE_BEING_COVERED = 3, /* the state covering it arrives */
  STRATA_PHASE_COVERED = 4,       /* the state covering it is fully there */
  STRATA_PHASE_BEING_REVEALED = 5 /* the state covering it leaves */
};

/* The request that started a transition (strata::cause). */
enum strata_cause {
  STRATA_CAUSE_NONE = 0,
  STRATA_CAUSE_PUSH = 1,
  STRATA_CAUSE_POP = 2,
  STRATA_CAUSE_REPLACE = 3,
  STRATA_CAUSE_CLEAR = 4
};

/* What a draw_seen callback and strata_presence_of read (strata::presence). */
typedef struct strata_presence {
  float value; /* its own presence: 0 absent, 1 fully there */
  int phase;   /* a strata_phase */
  int cause;   /* a strata_cause: of its own transition, or of the one above it */
  float cover; /* the presence of the state covering it, 0 if none: how far a secondary
                  animation has gone (a level dims as its pause menu arrives) */
} strata_presence;

typedef struct strata_stack strata_stack;

/* Callbacks. `env` is the pointer given to strata_create (the game, say); `data` is the pointer
 * given with the push of this state. The stack is passed so that a callback can make requests:
 * strata_push, strata_pop and the others work from inside any callback. */
typedef void (*strata_hook_fn)(strata_stack* stack, void* env, void* data);
typedef void (*strata_tick_fn)(strata_stack* stack, void* env, void* data, double dt);
/* Returns nonzero when it consumed the event. */
typedef int (*strata_event_fn)(strata_stack* stack, void* env, void* data, const void* event);
/* Releases a state's data once the stack drops the state; `env` as for the other callbacks, so
 * that a binding finds its runtime (a Lua state, an interpreter) there. C's `free` does not fit:
 * wrap it. */
typedef void (*strata_destroy_fn)(void* env, void* data);
/* A draw that reads its state's presence (R33); `presence` is valid during the call only. */
typedef void (*strata_draw_seen_fn)(strata_stack* stack, void* env, void* data,
                                    const strata_presence* presence);

/* What a kind of state does: any member may be NULL (a NULL callback is never called). The
 * stack keeps a pointer to this struct, so it must outlive every state pushed with it; a static
 * const struct is the usual way. Members may be added at the end in a minor version while the
 * version is 0.x (docs/c-api.md, "Structs and versions"): zero the struct, or list its members
 * in order, so that those left out are 0. */
typedef struct strata_state {
  const char* name;          /* shown by describe, queries and the observer; NULL: "state". The
                                string must live as long as the struct. */
  strata_hook_fn enter;      /* became active (on top) for the first time */
  strata_hook_fn exit;       /* leaves the stack; the last callback it gets */
  strata_hook_fn pause;      /* covered by a state pushed above it */
  strata_hook_fn resume;     /* on top again */
  strata_tick_fn active;     /* each update while on top */
  strata_tick_fn inactive;   /* each update while covered, if the states above let updates down */
  strata_hook_fn draw;       /* each draw, if the states above let drawing down */
  strata_event_fn event;     /* each event that reaches it, top first, until one consumes it */
  strata_destroy_fn destroy; /* releases `data` when the stack drops the state; NULL: never */
  unsigned modality;         /* 0: STRATA_SCREEN */
  strata_hook_fn focus;      /* became the settled top, the state the player deals with (R29) */
  strata_hook_fn unfocus;    /* stopped being it: covered, or about to exit */
  strata_tick_fn always;     /* each update, whatever the states above let through, with the
                                frame's dt (R30); read when the state is pushed */
  float time_scale;          /* the factor on the dt of the `inactive` updates below it (R32);
                                0: 1. (A factor of 0: strata_set_time_scale, or a modality
                                without STRATA_UPDATE_BELOW, which stops them the same way.) */
  float arrive;              /* seconds it takes to arrive after its enter (R33); 0: at once */
  float leave;               /* seconds it takes to leave after its exit, drawn meanwhile and
                                destroyed after; 0: at once */
  unsigned transition;       /* STRATA_INPUT_PASSES or 0 (STRATA_TRANSITION_SET changes nothing
                                here) */
  strata_draw_seen_fn draw_seen; /* each draw, with its presence, instead of `draw` (R33); read
                                    when the state is pushed */
} strata_state;

/* One state to push: strata_push_item, strata_replace_item and strata_push_several. */
typedef struct strata_item {
  const strata_state* state;
  void* data;        /* handed to every callback of this state */
  const char* name;  /* NULL: state->name; otherwise copied */
  unsigned modality; /* 0: state->modality */
  float time_scale;  /* 0: state->time_scale */
  /* R33: with STRATA_TRANSITION_SET in `transition` (and STRATA_INPUT_PASSES or not), this
   * item's arrive and leave, which may be 0, replace the state's; without it (0), the state's
   * arrive, leave and transition are used, and these two must be 0 or valid all the same. */
  float arrive;
  float leave;
  unsigned transition;
} strata_item;

/* One entry of a view, for the queries. `name` is valid until the next request or commit. */
typedef struct strata_entry {
  const char* name;
  const strata_state* state;
  void* data;
  unsigned modality; /* always with STRATA_MODALITY_SET */
  size_t depth;      /* 0 is the bottom */
  int paused;        /* got pause and not yet the matching resume */
  strata_id id;      /* R31: the same in both views and in the observer's steps */
  float time_scale;  /* R32: the factor it applies to the updates below it; 1 by default */
} strata_entry;

/* malloc and free replacements. `deallocate` gets the size that was asked for. Every byte the
 * stack uses, including the stack itself, comes from here. They run in the middle of a change of
 * the stack, so they may not call into it: such calls are refused (STRATA_E_REENTRANT), the
 * queries that cannot fail read an empty stack. */
typedef struct strata_allocator {
  void* (*allocate)(void* user, size_t size); /* NULL when out of memory */
  void (*deallocate)(void* user, void* memory, size_t size);
  void* user;
} strata_allocator;

/* Settings for strata_create; zero (or a NULL pointer) means the default of each. A limit of 0
 * means the default here and in strata_set_max_transitions and strata_set_max_depth alike, and
 * strata_get_options reports the limits in force, never 0. */
typedef struct strata_options {
  const strata_allocator* allocator; /* NULL: malloc and free; copied */
  int coalesced;          /* nonzero: skip the resume/pause of a state revealed only to be left */
  size_t max_transitions; /* 0: 10000 transitions per commit (R23) */
  size_t max_depth;       /* 0: 1000 staged states */
} strata_options;

/* Told each step after it happened; `name` is valid only during the call. */
typedef void (*strata_observer_fn)(strata_stack* stack, void* user, int step, const char* name,
                                   size_t depth);
/* Gets each entry of the staged stack from the top down; returns nonzero for a match. */
typedef int (*strata_match_fn)(void* user, const strata_entry* entry);

/* ---- lifetime ---- */

/* Makes a stack whose callbacks all get `env`. `options` may be NULL. */
STRATA_API int strata_create(strata_stack** out, void* env, const strata_options* options);
/* Exits every entered state, top to bottom (with resume on each state revealed in between),
 * releases every state's data and frees the stack. Refused (STRATA_E_REENTRANT) from inside a
 * callback of this stack. */
STRATA_API int strata_destroy(strata_stack* stack);

/* ---- requests: edit the staged stack only and call no state callback; legal at any moment,
 * including inside callbacks. A push takes the data in every case: when it fails, the state's
 * destroy callback has already run for it by the time the error is returned. ---- */

STRATA_API int strata_push(strata_stack* stack, const strata_state* state, void* data);
STRATA_API int strata_push_item(strata_stack* stack, const strata_item* item);
/* All or nothing; the first listed ends on top and is the first to run. At most
 * STRATA_PUSH_SEVERAL_MAX items; pushing none does nothing. */
STRATA_API int strata_push_several(strata_stack* stack, const strata_item* items, size_t count);
/* Pop then push as one request. */
STRATA_API int strata_replace(strata_stack* stack, const strata_state* state, void* data);
STRATA_API int strata_replace_item(strata_stack* stack, const strata_item* item);
/* The same three, each also writing the id of the entry it staged for each item (R31): ids[i]
 * for items[i], so `ids` holds `count` ids (none is written when count is above
 * STRATA_PUSH_SEVERAL_MAX). STRATA_ID_NONE when the push fails, or for an entry that an observer
 * unstaged before the push returned. `id` and `ids` may be NULL. */
STRATA_API int strata_push_item_id(strata_stack* stack, const strata_item* item, strata_id* id);
STRATA_API int strata_push_several_ids(strata_stack* stack, const strata_item* items, size_t count,
                                       strata_id* ids);
STRATA_API int strata_replace_item_id(strata_stack* stack, const strata_item* item, strata_id* id);
STRATA_API int strata_pop(strata_stack* stack);
STRATA_API int strata_clear(strata_stack* stack);
/* strata_pop and strata_clear whose popped states leave over `leave` seconds, whatever their
 * state or item said (R33: strata::stack::pop(t) and clear(t)); with STRATA_INPUT_PASSES in
 * `transition` events go on below them while they leave. STRATA_E_BAD_TRANSITION for a `leave`
 * negative, infinite or NaN, STRATA_E_BAD_ARGUMENT for other bits: nothing is popped then. */
STRATA_API int strata_pop_leaving(strata_stack* stack, float leave, unsigned transition);
STRATA_API int strata_clear_leaving(strata_stack* stack, float leave, unsigned transition);
/* Pops the states above the nearest staged state named `name`, which stays. */
STRATA_API int strata_pop_until(strata_stack* stack, const char* name);
/* Pops the states above the nearest staged state for which `match` returns nonzero. */
STRATA_API int strata_pop_until_match(strata_stack* stack, strata_match_fn match, void* user);
/* Pops until `depth` states remain staged. */
STRATA_API int strata_pop_to(strata_stack* stack, size_t depth);
/* Pops the entry `id` names and every state staged above it (R31). When that entry is no longer
 * staged (closed already, or never pushed), does nothing: *closed is 1 if it popped, else 0, and
 * either way the result is STRATA_OK. `closed` may be NULL. */
STRATA_API int strata_close(strata_stack* stack, strata_id id, int* closed);
/* Sets the time scale of the staged entry `id` (R32), entered or not; the passes follow it from
 * the next one. STRATA_E_BAD_TIME_SCALE for a scale that is negative, infinite or NaN, and
 * STRATA_E_NOT_FOUND when no staged entry has that id; either way nothing changes. */
STRATA_API int strata_set_time_scale(strata_stack* stack, strata_id id, float scale);

/* ---- commit and the per-frame passes: refused (STRATA_E_REENTRANT) inside callbacks ---- */

/* Brings the committed stack in line with the staged one, one callback at a time, then moves
 * the focus to the committed top (R29). */
STRATA_API int strata_commit(strata_stack* stack);
/* `always` on every state that has it, bottom first, with `dt` (R30); then `inactive` on the
 * covered states updates reach, bottom first, each with `dt` times the time scales of the states
 * above it (R32); then `active` on the top state, with `dt`. */
STRATA_API int strata_update(strata_stack* stack, double dt);
/* `draw` on the states drawing reaches, bottom first. */
STRATA_API int strata_draw(strata_stack* stack);
/* `event` from the top down until a state consumes it: returns 1 if one did, 0 if none did. */
STRATA_API int strata_handle(strata_stack* stack, const void* event);
/* One frame: commit, update, commit, draw. */
STRATA_API int strata_frame(strata_stack* stack, double dt);
/* One frame with input: commit, then each event followed by a commit, then update, commit,
 * draw. `events` holds `count` pointers, each handed to the `event` callbacks as is. */
STRATA_API int strata_frame_events(strata_stack* stack, double dt, const void* const* events,
                                   size_t count);
/* Completes every transition under way at once (R33): arrivals end, and the states leaving are
 * destroyed, top first, their data released (a skip button, a test). */
STRATA_API int strata_finish_transitions(strata_stack* stack);

/* ---- queries: a NULL stack reads as an empty one ---- */

STRATA_API size_t strata_size(const strata_stack* stack);        /* committed states */
STRATA_API size_t strata_staged_size(const strata_stack* stack); /* staged states */
/* Nonzero when a commit has work to do. */
STRATA_API int strata_pending(const strata_stack* stack);
/* The name of the committed top state, or NULL when none; valid until the next request. */
STRATA_API const char* strata_top_name(const strata_stack* stack);
/* The entry at `depth` (0 is the bottom) of a view: STRATA_COMMITTED or STRATA_STAGED. */
STRATA_API int strata_entry_at(const strata_stack* stack, int view, size_t depth,
                               strata_entry* out);
/* The entry nearest the top named `name`; `out` may be NULL to ask only whether it exists. */
STRATA_API int strata_find(const strata_stack* stack, int view, const char* name,
                           strata_entry* out);
/* The id of the entry whose data is `data`: the staged entries first, top first, then the
 * committed ones on their way out (R31); STRATA_ID_NONE if none. So that a callback can find its
 * own state's id, give each push its own data. */
STRATA_API strata_id strata_id_of(const strata_stack* stack, const void* data);
/* Inside the observer: the id of the entry whose step it is being told (an observer called
 * inside another's request is told its own). Anywhere else: STRATA_ID_NONE. */
STRATA_API strata_id strata_step_id(const strata_stack* stack);
/* Nonzero while a state arrives or leaves (R33). */
STRATA_API int strata_in_transition(const strata_stack* stack);
/* What the draw_seen callback of the entry `id` reads this frame, committed or leaving (R33);
 * STRATA_E_NOT_FOUND when it is neither (not entered yet, gone: destroyed, or left at once and
 * waiting, undrawn, for a state leaving above it, or never pushed). */
STRATA_API int strata_presence_of(const strata_stack* stack, strata_id id, strata_presence* out);
/* Writes the committed stack as "system | title | world*" (the active state marked, "(empty)"
 * when empty) into `buffer`, cut to fit `size` bytes and always terminated when size > 0, and
 * returns the full length without the terminator, as snprintf does. `buffer` may be NULL when
 * `size` is 0. */
STRATA_API int strata_describe(const strata_stack* stack, char* buffer, size_t size);

/* ---- settings: may be changed at any moment ---- */

STRATA_API int strata_set_coalesced(strata_stack* stack, int on);
/* 0 restores the default (10000 and 1000), as in strata_options. */
STRATA_API int strata_set_max_transitions(strata_stack* stack, size_t limit);
STRATA_API int strata_set_max_depth(strata_stack* stack, size_t limit);
/* The settings in force; `allocator` points at the stack's own copy. */
STRATA_API int strata_get_options(const strata_stack* stack, strata_options* out);
/* Replaces the observer; a NULL `observer` removes it. */
STRATA_API int strata_set_observer(strata_stack* stack, strata_observer_fn observer, void* user);

/* ---- failing callbacks ---- */

/* Called from inside an enter, exit, pause, resume, focus, unfocus, active, inactive, always,
 * draw, draw_seen or event callback of this stack: once that callback returns, it has failed,
 * as a C++ hook that throws (R25): a failed enter never entered (the state is dropped without
 * exit), a failed exit has left, a failed pause, resume, focus or unfocus counts as done, a
 * failed pass changes nothing. The function that ran the callback (strata_commit, a pass, a
 * frame) returns STRATA_E_CALLBACK_FAILED, and strata_last_error says "strata: 'world'.enter
 * failed: <message>". `message` may be NULL and is copied (cut to 255 bytes); a second call in
 * the same callback keeps the first message.
 * Returns STRATA_OK, STRATA_E_NULL_STACK, STRATA_E_REENTRANT from inside the allocator, or
 * STRATA_E_BAD_ARGUMENT outside such a callback (the observer, a destroy callback, a match
 * function, no callback at all, or during strata_destroy, where the state leaves all the same).
 * One exception: a push with a NULL stack releases its data at once, so the destroy callback it
 * runs from inside a state callback is part of that callback, and may fail it. */
STRATA_API int strata_fail(strata_stack* stack, const char* message);

/* ---- posting from other threads (R35, docs/threads.md) ----
 * A stack belongs to its thread; a poster is the one door other threads come in by. Each post
 * is a callback run on the stack's thread at the start of the next strata_commit (or frame) that
 * starts after strata_post returns, in posting order; it may make requests (strata_push, ...),
 * but a commit, pass or frame it starts is refused (STRATA_E_REENTRANT). A post made while a
 * commit runs the posts waits for the next commit. strata_pending is nonzero while posts wait.
 * strata_post, strata_post_cancel and strata_poster_release may be called on any thread, at the
 * same time; they leave no message in strata_last_error (the stack is another thread's). */
typedef struct strata_poster strata_poster;
/* A post's number, from 1 per stack in posting order; STRATA_TICKET_NONE for none. */
typedef strata_id strata_ticket;
#define STRATA_TICKET_NONE ((strata_ticket)0)
/* Runs on the stack's thread with the stack, its env (strata_create) and the post's `user`. */
typedef void (*strata_post_fn)(strata_stack* stack, void* env, void* user);
/* Releases `user` when its post will never run: on the thread that cancelled it, on the stack's
 * thread when the stack is destroyed with the post waiting, on the posting thread when the post
 * is refused. Never called for a post that ran. */
typedef void (*strata_discard_fn)(void* user);

/* On the stack's thread: a poster of `stack`, which may outlive it. The poster comes from malloc
 * (operator new), not from the stack's allocator, which only the stack's thread may call; the
 * stack's first poster may take one block from that allocator, on this thread, for the stack's
 * seldom used members if nothing made them yet. */
STRATA_API int strata_poster_create(strata_stack* stack, strata_poster** out);
/* Any thread: posts `run` with `user`. Takes `user` in every case: when the post fails (a NULL
 * poster or run, STRATA_E_BAD_ARGUMENT; the stack destroyed, STRATA_E_STACK_GONE; out of memory,
 * STRATA_E_NO_MEMORY), `discard` (which may be NULL) has already run for it. `*ticket` gets the
 * post's ticket, STRATA_TICKET_NONE on failure; `ticket` may be NULL. Allocates nothing once the
 * poster's inbox has warmed up. */
STRATA_API int strata_post(strata_poster* poster, strata_post_fn run, void* user,
                           strata_discard_fn discard, strata_ticket* ticket);
/* Any thread: removes the post `ticket` if it has not started to run, calling its discard on
 * this thread: *cancelled is 1 if it did, else 0 (it has run or is running, was cancelled, or
 * the stack is gone); `cancelled` may be NULL. STRATA_E_BAD_ARGUMENT for a NULL poster. */
STRATA_API int strata_post_cancel(strata_poster* poster, strata_ticket ticket, int* cancelled);
/* Any thread: frees the poster (NULL: nothing). Its posts still waiting stay posted. */
STRATA_API void strata_poster_release(strata_poster* poster);

/* ---- errors and names ---- */

/* The message of the last call on this stack that failed ("" if none did); valid until the
 * next failure. A NULL stack gets the message for STRATA_E_NULL_STACK. */
STRATA_API const char* strata_last_error(const strata_stack* stack);
/* The code of that call, STRATA_OK if none failed. */
STRATA_API int strata_last_error_code(const strata_stack* stack);
/* A short description of a result code, never NULL. */
STRATA_API const char* strata_error_string(int code);
/* "push", "pop", "discard", "enter", "exit", "pause", "resume", "focus", "unfocus", or "?". */
STRATA_API const char* strata_step_name(int step);
/* "present", "arriving", "leaving", "being_covered", "covered", "being_revealed", or "?". */
STRATA_API const char* strata_phase_name(int phase);
/* "none", "push", "pop", "replace", "clear", or "?". */
STRATA_API const char* strata_cause_name(int cause);

/* ---- version ---- */

/* STRATA_VERSION of the library linked (major * 10000 + minor * 100 + patch), to compare with
 * the STRATA_VERSION of the header compiled against: a program or a binding loading the shared
 * library can refuse one whose version differs (docs/versioning.md). */
STRATA_API int strata_version(void);

#ifdef __cplusplus
}
#endif

/* NOLINTEND(modernize-use-using,modernize-deprecated-headers) */
#endif /* STRATA_STRATA_H */
