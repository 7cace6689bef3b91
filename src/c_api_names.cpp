// src/c_api_names.cpp: the words the C API has for its result codes, observer steps, phases and
// causes, and the version it was built as.
#include <strata/observer.hpp>
#include <strata/strata.h>
#include <strata/transition.hpp>

extern "C" {

const char* strata_error_string(int code) {
  switch (code) {
  case STRATA_OK: return "strata: no error";
  case STRATA_E_EMPTY_STACK: return "strata: pop or replace on an empty stack";
  case STRATA_E_REENTRANT: return "strata: a commit, pass, frame or destroy inside a callback";
  case STRATA_E_NULL_STATE: return "strata: push of a null state";
  case STRATA_E_BORROWED_TWICE: return "strata: a borrowed state staged twice";
  case STRATA_E_NOT_FOUND: return "strata: no such state is staged";
  case STRATA_E_BAD_DEPTH: return "strata: a depth beyond the stack";
  case STRATA_E_TRANSITION_LIMIT: return "strata: a commit exceeded its transition limit";
  case STRATA_E_DEPTH_LIMIT: return "strata: a push would exceed the depth limit";
  case STRATA_E_BAD_TIME_SCALE: return "strata: a time scale that is negative, infinite or NaN";
  case STRATA_E_BAD_TRANSITION:
    return "strata: a transition's duration that is negative, infinite or NaN";
  case STRATA_E_BAD_REGISTRATION: return "strata: a savable kind that cannot be registered";
  case STRATA_E_RESTORE_FAILED: return "strata: a restore met a state it cannot make";
  case STRATA_E_BAD_BINDING: return "strata: a result handed to a state of another class";
  case STRATA_E_NULL_STACK: return "strata: null stack";
  case STRATA_E_BAD_ARGUMENT: return "strata: bad argument";
  case STRATA_E_NO_MEMORY: return "strata: out of memory";
  case STRATA_E_EXCEPTION: return "strata: a callback threw an exception";
  case STRATA_E_CALLBACK_FAILED: return "strata: a callback failed (strata_fail)";
  case STRATA_E_UNSAVABLE: return "strata: a save met a state it cannot save";
  case STRATA_E_STACK_GONE: return "strata: a post to a stack that was destroyed";
  default: return "strata: unknown result code";
  }
}

const char* strata_step_name(int step) {
  if (step < STRATA_STEP_PUSH || step > STRATA_STEP_UNFOCUS) {
    return "?";
  }
  // The views strata::to_string returns point at string literals, so they are terminated.
  return strata::to_string(static_cast<strata::step>(step)).data();
}

const char* strata_phase_name(int phase) {
  if (phase < STRATA_PHASE_PRESENT || phase > STRATA_PHASE_BEING_REVEALED) {
    return "?";
  }
  return strata::to_string(static_cast<strata::phase>(phase)).data();
}

const char* strata_cause_name(int cause) {
  if (cause < STRATA_CAUSE_NONE || cause > STRATA_CAUSE_CLEAR) {
    return "?";
  }
  return strata::to_string(static_cast<strata::cause>(cause)).data();
}

int strata_version() {
  return STRATA_VERSION;
}

} // extern "C"
