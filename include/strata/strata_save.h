/* strata/strata_save.h: saving a C stack as snapshot text and restoring it (R34; the guide is
 * docs/save-restore.md, the C side docs/c-api.md, "Save and restore"). Each kind of state that
 * can be saved is registered under a stable key with a save callback, which writes the fields of
 * its data, and a load callback, which makes the data again from them:
 *
 *   static const strata_savable level_saved = {"level", &level_state, save_level, load_level, 2};
 *   strata_save_types_add(types, &level_saved);
 *   strata_save_text(stack, types, 0, STRATA_UNSAVABLE_STOP_BELOW, buffer, sizeof buffer, &left);
 *   strata_restore_text(stack, types, text, 0);    one request: the next commit enters them
 *
 * The text is the C++ library's (strata::to_text): one line per state, bottom to top. */
#ifndef STRATA_SAVE_H
#define STRATA_SAVE_H

#include <limits.h>
#include <stddef.h>

#include "strata.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A saved integer: 64 bits on every platform, as strata::record's (see strata_id for why the
 * header picks the type). */
#if LONG_MAX / 2147483647L > 1L
typedef long strata_int;
#elif defined(_MSC_VER)
typedef __int64 strata_int;
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wlong-long"
__extension__ typedef long long strata_int;
#pragma GCC diagnostic pop
#else
typedef long long strata_int;
#endif

/* The fields of one saved state (strata::record), handed to a save or load callback and valid
 * during the call only. */
typedef struct strata_record strata_record;

/* Field names are 1 to 64 letters, digits and '_', '.', ':', '-'. A bad name, or a value that
 * cannot be saved, fails the record, and the state is not saved (strata_save_text says why).
 * Each returns STRATA_OK, or STRATA_E_BAD_ARGUMENT when the record is failed by it or was
 * already, or for a NULL argument. */
STRATA_API int strata_record_set_int(strata_record* record, const char* name, strata_int value);
STRATA_API int strata_record_set_number(strata_record* record, const char* name, double value);
STRATA_API int strata_record_set_flag(strata_record* record, const char* name, int value);
STRATA_API int strata_record_set_text(strata_record* record, const char* name, const char* value);

/* Reading, in a load callback. Each returns STRATA_OK, or STRATA_E_NOT_FOUND for a field the
 * record lacks, or STRATA_E_BAD_ARGUMENT for one of another kind, or an integer out of range, or
 * a NULL argument: then *out is 0 (or "") and the record is failed, which refuses the restore
 * once the callback returns, with the first problem as its reason. An integer field reads as a
 * number too. Text stays valid until the callback returns. For a field that a later version
 * added, test strata_record_has() first. */
STRATA_API int strata_record_int(strata_record* record, const char* name, strata_int* out);
STRATA_API int strata_record_number(strata_record* record, const char* name, double* out);
STRATA_API int strata_record_flag(strata_record* record, const char* name, int* out);
STRATA_API int strata_record_text(strata_record* record, const char* name, const char** out);
/* 1 when the record has a field of that name, else 0. */
STRATA_API int strata_record_has(const strata_record* record, const char* name);
/* The version of the program that saved it (strata_savable.version then), for migrating old
 * saves; a hand-written line has none and reads as the current version. 0 for NULL. */
STRATA_API unsigned strata_record_version(const strata_record* record);
/* Refuses the record for a reason of the state's own (a level number out of range); the first
 * reason is kept. STRATA_OK, or STRATA_E_BAD_ARGUMENT for a NULL argument. */
STRATA_API int strata_record_fail(strata_record* record, const char* reason);

/* Writes the fields of a state's data. */
typedef void (*strata_save_fn)(void* env, const void* data, strata_record* out);
/* Makes a state's data from its saved fields, or returns NULL to refuse the restore (after
 * strata_record_fail() with a reason, or not). Data it returns belongs to the state from then
 * on and is released by its strata_state's destroy callback, also when a later state of the
 * same restore fails. */
typedef void* (*strata_load_fn)(void* env, strata_record* saved);

/* One kind of savable state: the states pushed with `state`. Keep it alive as long as the
 * strata_save_types it is added to (a static const struct is the usual way); the key is
 * copied. */
typedef struct strata_savable {
  const char* key;           /* stable across versions of the game; a field name's letters */
  const strata_state* state; /* the states it saves are those pushed with this one */
  strata_save_fn save;       /* NULL: it saves no fields */
  strata_load_fn load;       /* required */
  unsigned version;          /* what a save writes; 0: 1 */
  unsigned oldest;           /* the oldest saved version `load` still reads; 0: 1 */
} strata_savable;

/* The kinds a game can save: one set for any number of stacks. */
typedef struct strata_save_types strata_save_types;

/* STRATA_OK, STRATA_E_BAD_ARGUMENT for a NULL `out`, or STRATA_E_NO_MEMORY (*out NULL). */
STRATA_API int strata_save_types_create(strata_save_types** out);
/* Frees the set; NULL does nothing. Not while a save or restore with it is under way. */
STRATA_API void strata_save_types_destroy(strata_save_types* types);
/* Registers a kind. STRATA_E_BAD_REGISTRATION for a key that is not a field name's letters or
 * is taken, a strata_state registered already, versions where oldest > version, or a NULL
 * state or load; STRATA_E_BAD_ARGUMENT for a NULL argument; STRATA_E_NO_MEMORY. Nothing is
 * registered then, and strata_save_types_last_error() says why. */
STRATA_API int strata_save_types_add(strata_save_types* types, const strata_savable* savable);
/* Why the last strata_save_types_add() on this set failed, "" if it did not. */
STRATA_API const char* strata_save_types_last_error(const strata_save_types* types);

/* What strata_save_text does with a committed state it cannot save: one of no registered kind,
 * or whose save callback failed its record (strata::unsavable). */
enum strata_unsavable {
  STRATA_UNSAVABLE_STOP_BELOW = 0, /* the text ends below it: the states above may need it */
  STRATA_UNSAVABLE_SKIP = 1,       /* it is left out, the states above are kept */
  STRATA_UNSAVABLE_FAIL = 2        /* nothing is saved: STRATA_E_UNSAVABLE */
};

/* Saves the committed stack from depth `from` up, bottom to top, as snapshot text: a query that
 * calls each state's save callback and nothing else. Writes the text into `buffer`, cut to fit
 * `size` bytes and always terminated when size > 0 (`buffer` may be NULL when `size` is 0), and
 * its full length without the terminator into *length, as snprintf does: save again into a
 * buffer of *length + 1 bytes when it did not fit. *left (may be NULL) gets the number of
 * committed states from `from` up that the text leaves out. Returns STRATA_OK;
 * STRATA_E_UNSAVABLE with STRATA_UNSAVABLE_FAIL when a state cannot be saved (strata_last_error
 * names it and says why; the buffer gets ""); STRATA_E_BAD_ARGUMENT for NULL types or length, a
 * NULL buffer of nonzero size or a bad `when_unsavable`; STRATA_E_REENTRANT inside the
 * allocator; STRATA_E_NO_MEMORY. The callbacks may make requests (they stage only) but not
 * commit or run a pass: the stack refuses those with STRATA_E_REENTRANT. */
STRATA_API int strata_save_text(strata_stack* stack, const strata_save_types* types, size_t from,
                                int when_unsavable, char* buffer, size_t size, size_t* length,
                                size_t* left);

/* One request: makes every state of the snapshot text and stages them, bottom to top, in place
 * of the staged states above depth `above` (a boot state below stays). The next commit runs the
 * ordinary callbacks in the ordinary order. All or nothing: text that does not parse, a key not
 * registered, a version newer than registered or older than `oldest`, a load that returns NULL
 * or fails its record stage nothing, release the data of every state already made, and return
 * STRATA_E_RESTORE_FAILED, with strata_last_error naming the line or the state and why.
 * STRATA_E_BAD_DEPTH when `above` is beyond the staged stack; STRATA_E_DEPTH_LIMIT past the
 * depth limit; STRATA_E_BAD_ARGUMENT for NULL types or text; and what any request returns. */
STRATA_API int strata_restore_text(strata_stack* stack, const strata_save_types* types,
                                   const char* text, size_t above);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* STRATA_SAVE_H */
