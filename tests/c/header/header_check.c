/* tests/c/header/header_check.c: strata.h, strata_save.h and strata_trace.h alone, at one
 * language level (CMake builds this for C89, C99 and C11, and header_check.cpp for C++98 and
 * C++20). Written in the subset of C and C++ they share. Links against every function and calls
 * each on a NULL stack. */
#include <strata/strata.h>
#include <strata/strata.h> /* twice: the include guard */
#include <strata/strata_save.h>
#include <strata/strata_trace.h>

#include <stdio.h>
#include <string.h>

static int failures = 0;

static void expect(int ok, const char* what) {
  if (!ok) {
    ++failures;
    printf("failed: %s\n", what);
  }
}

#define EXPECT(condition) expect((condition) ? 1 : 0, #condition)

int main(void) {
  strata_stack* stack = NULL;
  strata_entry entry;
  strata_options options;
  strata_item item;
  strata_presence presence;
  strata_id id = 7;
  strata_poster* poster = NULL;
  strata_ticket ticket = 7;
  int closed = 7;
  const void* events[1];
  strata_save_types* types = NULL;
  strata_int number = 7;
  size_t length = 7;
  memset(&item, 0, sizeof item);
  events[0] = NULL;

  EXPECT(STRATA_SCREEN == 9 && STRATA_OPAQUE == 8 && STRATA_FREEZE == 10);
  EXPECT(STRATA_LIVE == 11 && STRATA_TRANSPARENT == 15);
  EXPECT(STRATA_E_DEPTH_LIMIT == -8 && STRATA_E_NULL_STACK == -100);
  EXPECT(STRATA_E_BAD_TIME_SCALE == -9 && STRATA_STEP_UNFOCUS == 8);
  EXPECT(sizeof(strata_id) == 8 && STRATA_ID_NONE == 0 && (strata_id)-1 > 0);
  EXPECT(STRATA_E_BAD_TRANSITION == -10 && STRATA_INPUT_PASSES == 1 && STRATA_TRANSITION_SET == 2);
  EXPECT(STRATA_PHASE_BEING_REVEALED == 5 && STRATA_CAUSE_CLEAR == 4);

  EXPECT(strata_create(NULL, NULL, NULL) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_destroy(stack) == STRATA_E_NULL_STACK);
  EXPECT(strata_push(stack, NULL, NULL) == STRATA_E_NULL_STATE);
  EXPECT(strata_push_item(stack, &item) == STRATA_E_NULL_STATE);
  EXPECT(strata_push_several(stack, &item, 1) == STRATA_E_NULL_STATE);
  EXPECT(strata_replace(stack, NULL, NULL) == STRATA_E_NULL_STATE);
  EXPECT(strata_replace_item(stack, &item) == STRATA_E_NULL_STATE);
  EXPECT(strata_push_item_id(stack, &item, &id) == STRATA_E_NULL_STATE && id == STRATA_ID_NONE);
  EXPECT(strata_push_several_ids(stack, &item, 1, &id) == STRATA_E_NULL_STATE);
  EXPECT(strata_replace_item_id(stack, &item, &id) == STRATA_E_NULL_STATE);
  EXPECT(strata_close(stack, 1, &closed) == STRATA_E_NULL_STACK && closed == 0);
  EXPECT(strata_set_time_scale(stack, 1, 0.5f) == STRATA_E_NULL_STACK);
  EXPECT(strata_id_of(stack, &item) == STRATA_ID_NONE && strata_step_id(stack) == STRATA_ID_NONE);
  EXPECT(strata_pop(stack) == STRATA_E_NULL_STACK);
  EXPECT(strata_clear(stack) == STRATA_E_NULL_STACK);
  EXPECT(strata_pop_leaving(stack, 0.5f, 0) == STRATA_E_NULL_STACK);
  EXPECT(strata_clear_leaving(stack, 0.5f, 0) == STRATA_E_NULL_STACK);
  EXPECT(strata_pop_until(stack, "a") == STRATA_E_NULL_STACK);
  EXPECT(strata_pop_until_match(stack, NULL, NULL) == STRATA_E_NULL_STACK);
  EXPECT(strata_pop_to(stack, 0) == STRATA_E_NULL_STACK);
  EXPECT(strata_commit(stack) == STRATA_E_NULL_STACK);
  EXPECT(strata_update(stack, 0.5) == STRATA_E_NULL_STACK);
  EXPECT(strata_draw(stack) == STRATA_E_NULL_STACK);
  EXPECT(strata_handle(stack, NULL) == STRATA_E_NULL_STACK);
  EXPECT(strata_frame(stack, 0.5) == STRATA_E_NULL_STACK);
  EXPECT(strata_frame_events(stack, 0.5, events, 1) == STRATA_E_NULL_STACK);
  EXPECT(strata_finish_transitions(stack) == STRATA_E_NULL_STACK);
  EXPECT(strata_in_transition(stack) == 0);
  EXPECT(strata_presence_of(stack, 1, &presence) == STRATA_E_NULL_STACK);
  EXPECT(strata_size(stack) == 0 && strata_staged_size(stack) == 0);
  EXPECT(strata_pending(stack) == 0 && strata_top_name(stack) == NULL);
  EXPECT(strata_entry_at(stack, STRATA_COMMITTED, 0, &entry) == STRATA_E_NULL_STACK);
  EXPECT(strata_find(stack, STRATA_STAGED, "a", &entry) == STRATA_E_NULL_STACK);
  EXPECT(strata_describe(stack, NULL, 0) == STRATA_E_NULL_STACK);
  EXPECT(strata_set_coalesced(stack, 1) == STRATA_E_NULL_STACK);
  EXPECT(strata_set_max_transitions(stack, 1) == STRATA_E_NULL_STACK);
  EXPECT(strata_set_max_depth(stack, 1) == STRATA_E_NULL_STACK);
  EXPECT(strata_get_options(stack, &options) == STRATA_E_NULL_STACK);
  EXPECT(strata_set_observer(stack, NULL, NULL) == STRATA_E_NULL_STACK);
  EXPECT(strata_fail(stack, "no stack") == STRATA_E_NULL_STACK);
  EXPECT(strata_poster_create(stack, &poster) == STRATA_E_NULL_STACK && poster == NULL);
  EXPECT(strata_post(poster, NULL, NULL, NULL, &ticket) == STRATA_E_BAD_ARGUMENT);
  EXPECT(ticket == STRATA_TICKET_NONE && sizeof(strata_ticket) == 8);
  EXPECT(strata_post_cancel(poster, 1, &closed) == STRATA_E_BAD_ARGUMENT && closed == 0);
  strata_poster_release(poster);
  EXPECT(STRATA_E_STACK_GONE == -106);
  EXPECT(strcmp(strata_last_error(stack), "strata: null stack") == 0);
  EXPECT(strata_last_error_code(stack) == STRATA_E_NULL_STACK);
  EXPECT(strcmp(strata_error_string(STRATA_E_NO_MEMORY), "strata: out of memory") == 0);
  EXPECT(strcmp(strata_step_name(STRATA_STEP_RESUME), "resume") == 0);
  EXPECT(strcmp(strata_step_name(STRATA_STEP_FOCUS), "focus") == 0);
  EXPECT(strcmp(strata_phase_name(STRATA_PHASE_ARRIVING), "arriving") == 0);
  EXPECT(strcmp(strata_cause_name(STRATA_CAUSE_POP), "pop") == 0);
  EXPECT(strata_version() == STRATA_VERSION);

  EXPECT(sizeof(strata_int) == 8 && (strata_int)-1 < 0);
  EXPECT(STRATA_E_RESTORE_FAILED == -12 && STRATA_E_UNSAVABLE == -105);
  EXPECT(STRATA_UNSAVABLE_FAIL == 2);
  EXPECT(strata_record_set_int(NULL, "n", 1) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_record_set_number(NULL, "n", 1.0) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_record_set_flag(NULL, "n", 1) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_record_set_text(NULL, "n", "t") == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_record_int(NULL, "n", &number) == STRATA_E_BAD_ARGUMENT && number == 0);
  EXPECT(strata_record_number(NULL, "n", NULL) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_record_flag(NULL, "n", NULL) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_record_text(NULL, "n", NULL) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_record_has(NULL, "n") == 0 && strata_record_version(NULL) == 0);
  EXPECT(strata_record_fail(NULL, "why") == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_save_types_create(NULL) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_save_types_add(types, NULL) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strcmp(strata_save_types_last_error(types), "") == 0);
  strata_save_types_destroy(types);
  EXPECT(strata_save_text(stack, types, 0, 0, NULL, 0, &length, NULL) == STRATA_E_NULL_STACK);
  EXPECT(length == 0);
  EXPECT(strata_restore_text(stack, types, "", 0) == STRATA_E_NULL_STACK);

  EXPECT(strata_set_trace(stack, NULL) == STRATA_E_NULL_STACK);
  EXPECT(strata_begin_frame(stack) == STRATA_E_NULL_STACK);
  EXPECT(strata_end_frame(stack) == STRATA_E_NULL_STACK);
  EXPECT(strata_trace_chrome(NULL, NULL, 0) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_trace_timeline(NULL, 0, NULL, 0) == STRATA_E_BAD_ARGUMENT);
  EXPECT(strata_trace_destroy(NULL) == STRATA_OK);
  {
    strata_trace* trace = strata_trace_create(1);
    EXPECT(trace != NULL && strata_trace_destroy(trace) == STRATA_OK);
  }

  printf("%d passed, %d failed\n", failures == 0 ? 1 : 0, failures == 0 ? 0 : 1);
  return failures == 0 ? 0 : 1;
}
