// src/c_api_passes.cpp: the C API's commit, per-frame passes and finish_transitions (R33), each
// the strata::stack call of the same name.
#include <span>

#include <strata/strata.h>

#include "c_stack.hpp"

extern "C" {

int strata_commit(strata_stack* stack) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->run("strata_commit()", [&] {
    stack->core().commit();
    return STRATA_OK;
  });
}

int strata_update(strata_stack* stack, double dt) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->run("strata_update()", [&] {
    stack->core().update(dt);
    return STRATA_OK;
  });
}

int strata_draw(strata_stack* stack) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->run("strata_draw()", [&] {
    stack->core().draw();
    return STRATA_OK;
  });
}

int strata_handle(strata_stack* stack, const void* event) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->run("strata_handle()", [&] { return stack->core().handle(event) ? 1 : 0; });
}

int strata_frame(strata_stack* stack, double dt) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->run("strata_frame()", [&] {
    stack->core().frame(dt);
    return STRATA_OK;
  });
}

int strata_frame_events(strata_stack* stack, double dt, const void* const* events, size_t count) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->run("strata_frame_events()", [&]() -> int {
    if (events == nullptr && count > 0) {
      return stack->fail(STRATA_E_BAD_ARGUMENT, {"strata: strata_frame_events() with null events"});
    }
    stack->core().frame(dt, std::span<const strata::capi::c_event>(events, count));
    return STRATA_OK;
  });
}

int strata_finish_transitions(strata_stack* stack) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->run("strata_finish_transitions()", [&] {
    stack->core().finish_transitions();
    return STRATA_OK;
  });
}

} // extern "C"
