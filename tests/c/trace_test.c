/* tests/c/trace_test.c: traces of a C stack (strata_trace.h, R36): the timeline and the Chrome
 * trace of what a stack did, frames marked by strata_frame or by the game, the exports written
 * as snprintf writes, and a trace's life: installed on one stack at a time, never destroyed
 * while installed, freed by the stack's destruction, and refused from inside callbacks. */
#include <stddef.h>
#include <strata/strata.h>
#include <strata/strata_trace.h>
#include <string.h>

#include "support/actor.h"
#include "support/check.h"

static recorder log_;
static char text_[8192];

/* The timeline, the same on every run. */
static const char* timeline(const strata_trace* trace) {
  CHECK_INT(strata_trace_timeline(trace, 0, text_, sizeof text_) < (int)sizeof text_, 1);
  return text_;
}

static void r36_the_timeline_tells_each_callback_request_step_and_frame(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_trace* trace = strata_trace_create(64);
  actor title;
  actor_init(&title, "title", &log_);
  CHECK_INT(trace != NULL, 1);
  CHECK_INT(strata_set_trace(stack, trace), STRATA_OK);
  push_actor(stack, &title);
  CHECK_INT(strata_frame(stack, 0.1), STRATA_OK);
  CHECK_STR(timeline(trace), "request push() outside any hook\n"
                             "step push title#1@0\n"
                             "frame 1\n"
                             "  title#1@0.enter\n"
                             "  done title.enter\n"
                             "  step enter title#1@0\n"
                             "  title#1@0.focus\n" /* a C state's every lifecycle callback */
                             "  done title.focus\n"
                             "  step focus title#1@0\n"
                             "  title#1@0.update\n"
                             "  done title.update\n"
                             "  title#1@0.draw\n"
                             "  done title.draw\n"
                             "end of frame 1: title*  (staged: title*)\n");
  CHECK_INT(strata_set_trace(stack, NULL), STRATA_OK);
  CHECK_INT(strata_trace_destroy(trace), STRATA_OK);
  destroy_stack(stack, &log_);
}

/* A game that runs its own frames marks them; what happens between the marks is one frame. */
static void r36_a_game_marks_its_own_frames(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_trace* trace = strata_trace_create(64);
  actor title;
  actor_init(&title, "title", &log_);
  push_actor(stack, &title);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(strata_set_trace(stack, trace), STRATA_OK); /* told of the stack as it stands */
  CHECK_INT(strata_set_trace(stack, trace), STRATA_OK); /* again: not told again */
  CHECK_INT(strata_begin_frame(stack), STRATA_OK);
  CHECK_INT(strata_draw(stack), STRATA_OK);
  CHECK_INT(strata_end_frame(stack), STRATA_OK);
  CHECK_INT(strata_end_frame(stack), STRATA_OK); /* no frame open: nothing */
  CHECK_STR(timeline(trace), "step push title#1@0\n"
                             "step enter title#1@0\n"
                             "step focus title#1@0\n"
                             "frame 1\n"
                             "  title#1@0.draw\n"
                             "  done title.draw\n"
                             "end of frame 1: title*  (staged: title*)\n");
  CHECK_INT(strata_set_trace(stack, NULL), STRATA_OK);
  CHECK_INT(strata_trace_destroy(trace), STRATA_OK);
  destroy_stack(stack, &log_);
}

static void r36_the_chrome_trace_is_one_json_object(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_trace* trace = strata_trace_create(64);
  actor title;
  int length;
  actor_init(&title, "title", &log_);
  CHECK_INT(strata_set_trace(stack, trace), STRATA_OK);
  push_actor(stack, &title);
  CHECK_INT(strata_frame(stack, 0.1), STRATA_OK);
  length = strata_trace_chrome(trace, text_, sizeof text_);
  CHECK_INT(length > 0 && length < (int)sizeof text_, 1);
  CHECK_INT((int)strlen(text_), length);
  CHECK_AFFIXES(text_, "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[", "\n]}\n");
  CHECK_INT(strstr(text_, "{\"name\":\"title.enter\",\"cat\":\"strata\",\"ph\":\"X\"") != NULL, 1);
  CHECK_INT(strstr(text_, "{\"name\":\"focus title\",\"cat\":\"strata\",\"ph\":\"i\"") != NULL, 1);
  CHECK_INT(strata_set_trace(stack, NULL), STRATA_OK);
  CHECK_INT(strata_trace_destroy(trace), STRATA_OK);
  destroy_stack(stack, &log_);
}

/* As snprintf: the full length, what fits written and terminated. */
static void r36_the_exports_write_as_snprintf_does(void) {
  strata_trace* trace = strata_trace_create(8);
  char small[8];
  int length;
  CHECK_INT(strata_trace_timeline(trace, 0, NULL, 0), 0); /* nothing recorded: no line */
  length = strata_trace_chrome(trace, text_, sizeof text_);
  CHECK_INT(length > (int)sizeof small, 1);
  CHECK_INT(strata_trace_chrome(trace, NULL, 0), length);
  memset(small, 'x', sizeof small);
  CHECK_INT(strata_trace_chrome(trace, small, sizeof small), length);
  CHECK_STR(small, "{\"displ");
  CHECK_INT(strata_trace_chrome(trace, small, 1), length);
  CHECK_STR(small, "");
  CHECK_INT(strata_trace_chrome(NULL, NULL, 0), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_trace_timeline(NULL, 1, NULL, 0), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_trace_chrome(trace, NULL, 4), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_trace_timeline(trace, 0, NULL, 4), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_trace_destroy(trace), STRATA_OK);
  CHECK_INT(strata_trace_destroy(NULL), STRATA_OK);
  CHECK_INT(strata_trace_create((size_t)-1) == NULL, 1); /* more than any memory holds */
  CHECK_INT(strata_trace_create((size_t)-1 / 2) == NULL, 1);
}

/* A trace replaced while a frame is open is told that frame's end: its record is whole. */
static void r36_a_trace_replaced_in_a_frame_has_the_frame_whole(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_trace* first = strata_trace_create(64);
  strata_trace* second = strata_trace_create(64);
  CHECK_INT(strata_set_trace(stack, first), STRATA_OK);
  CHECK_INT(strata_begin_frame(stack), STRATA_OK);
  CHECK_INT(strata_set_trace(stack, second), STRATA_OK);
  CHECK_STR(timeline(first), "frame 1\n"
                             "end of frame 1: (empty)  (staged: (empty))\n");
  CHECK_INT(strata_set_trace(stack, NULL), STRATA_OK);
  CHECK_INT(strata_trace_destroy(first), STRATA_OK);
  CHECK_INT(strata_trace_destroy(second), STRATA_OK);
  destroy_stack(stack, &log_);
}

/* One stack at a time; never destroyed while installed; removing it frees it. */
static void r36_a_trace_is_installed_on_one_stack_at_a_time(void) {
  strata_stack* first = make_stack(&log_, NULL);
  strata_stack* second = make_stack(&log_, NULL);
  strata_trace* trace = strata_trace_create(16);
  strata_trace* other = strata_trace_create(16);
  CHECK_INT(strata_set_trace(first, trace), STRATA_OK);
  CHECK_INT(strata_set_trace(first, trace), STRATA_OK); /* again: nothing changes */
  CHECK_INT(strata_set_trace(second, trace), STRATA_E_BAD_ARGUMENT);
  CHECK_STR(strata_last_error(second),
            "strata: strata_set_trace() with a trace installed on another stack");
  CHECK_INT(strata_trace_destroy(trace), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_set_trace(first, other), STRATA_OK); /* in place of it: frees it */
  CHECK_INT(strata_set_trace(second, trace), STRATA_OK);
  CHECK_INT(strata_trace_destroy(other), STRATA_E_BAD_ARGUMENT);
  CHECK_INT(strata_set_trace(first, NULL), STRATA_OK);
  CHECK_INT(strata_trace_destroy(other), STRATA_OK);
  CHECK_INT(strata_set_trace(NULL, trace), STRATA_E_NULL_STACK);
  CHECK_INT(strata_set_trace(second, NULL), STRATA_OK);
  CHECK_INT(strata_trace_destroy(trace), STRATA_OK);
  destroy_stack(first, &log_);
  destroy_stack(second, &log_);
}

/* An exit callback run by strata_destroy tries to destroy the trace: refused, as the stack still
 * tells the trace its last steps; once the stack is gone, the trace holds them. */
static void destroy_the_trace(strata_stack* stack, actor* self) {
  (void)stack;
  self->result = strata_trace_destroy((strata_trace*)self->extra);
}

static void r36_destroying_the_stack_frees_the_trace_after_its_last_steps(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_trace* trace = strata_trace_create(64);
  actor title;
  actor_init(&title, "title", &log_);
  title.on_exit = destroy_the_trace;
  title.extra = trace;
  title.result = 1;
  CHECK_INT(strata_set_trace(stack, trace), STRATA_OK);
  push_actor(stack, &title);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  destroy_stack(stack, &log_);
  CHECK_INT(title.result, STRATA_E_BAD_ARGUMENT);
  CHECK_AFFIXES(timeline(trace), "request push() outside any hook\n",
                "step pop title#1@0\n"
                "title#1@0.unfocus\n"
                "done title.unfocus\n"
                "step unfocus title#1@0\n"
                "title#1@0.exit\n"
                "done title.exit\n"
                "step exit title#1@0\n");
  CHECK_INT(strata_trace_destroy(trace), STRATA_OK);
}

/* From inside a callback: installing, removing and frame marks are refused. */
static void trace_calls_inside(strata_stack* stack, actor* self) {
  self->result = strata_set_trace(stack, NULL) == STRATA_E_REENTRANT &&
                 strata_begin_frame(stack) == STRATA_E_REENTRANT &&
                 strata_end_frame(stack) == STRATA_E_REENTRANT;
}

static void r36_a_trace_is_installed_between_calls_only(void) {
  strata_stack* stack = make_stack(&log_, NULL);
  strata_trace* trace = strata_trace_create(64);
  actor title;
  actor_init(&title, "title", &log_);
  title.on_enter = trace_calls_inside;
  CHECK_INT(strata_set_trace(stack, trace), STRATA_OK);
  push_actor(stack, &title);
  CHECK_INT(strata_commit(stack), STRATA_OK);
  CHECK_INT(title.result, 1);
  CHECK_INT(strata_set_trace(stack, NULL), STRATA_OK);
  CHECK_INT(strata_trace_destroy(trace), STRATA_OK);
  destroy_stack(stack, &log_);
}

int main(void) {
  static const test_case tests[] = {
      {"r36_the_timeline_tells_each_callback_request_step_and_frame",
       r36_the_timeline_tells_each_callback_request_step_and_frame},
      {"r36_a_game_marks_its_own_frames", r36_a_game_marks_its_own_frames},
      {"r36_the_chrome_trace_is_one_json_object", r36_the_chrome_trace_is_one_json_object},
      {"r36_the_exports_write_as_snprintf_does", r36_the_exports_write_as_snprintf_does},
      {"r36_a_trace_replaced_in_a_frame_has_the_frame_whole",
       r36_a_trace_replaced_in_a_frame_has_the_frame_whole},
      {"r36_a_trace_is_installed_on_one_stack_at_a_time",
       r36_a_trace_is_installed_on_one_stack_at_a_time},
      {"r36_destroying_the_stack_frees_the_trace_after_its_last_steps",
       r36_destroying_the_stack_frees_the_trace_after_its_last_steps},
      {"r36_a_trace_is_installed_between_calls_only", r36_a_trace_is_installed_between_calls_only},
  };
  recorder_init(&log_);
  return run_tests(tests, sizeof tests / sizeof tests[0]);
}
