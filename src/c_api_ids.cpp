// src/c_api_ids.cpp: the C API's calls that name an entry by its id (R31): close it, set its time
// scale (R32), read its presence (R33), find the id of a state's data, and the id of the step
// the observer is told.
#include <array>
#include <charconv>
#include <cstddef>
#include <optional>
#include <string_view>

#include <strata/strata.h>

#include "c_stack.hpp"
#include "c_state.hpp"

namespace {

using strata::capi::from_id;
using strata::capi::to_id;

// Where the staged entry `id` is, counted from the bottom; the staged size if none has it.
std::size_t staged_depth_of(const strata::capi::core_stack& core, strata::entry_id id) {
  const auto staged = core.staged();
  for (std::size_t depth = staged.size(); depth-- > 0;) {
    if (staged[depth].id() == id) {
      return depth;
    }
  }
  return staged.size();
}

// The id of the entry nearest the top of `view` whose data is `data`, or none.
strata::entry_id find_data(const strata::capi::core_stack::view& view, const void* data) {
  for (std::size_t depth = view.size(); depth-- > 0;) {
    if (strata::capi::state_of(view[depth]).data() == data) {
      return view[depth].id();
    }
  }
  return strata::entry_id::none;
}

// Reports that no entry `what` looks for has the id `id`.
int fail_not_found(const strata_stack& stack, const char* what, std::string_view looked_for,
                   strata_id id) {
  std::array<char, 24> number{};
  const auto written = std::to_chars(number.data(), number.data() + number.size(), id);
  return stack.fail(STRATA_E_NOT_FOUND, {"strata: ", what, ": no ", looked_for, " has the id ",
                                         std::string_view(number.data(), written.ptr)});
}

} // namespace

extern "C" {

int strata_close(strata_stack* stack, strata_id id, int* closed) {
  if (closed != nullptr) {
    *closed = 0;
  }
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_close()", [&] {
    const bool done = stack->core().close(from_id(id));
    if (closed != nullptr) {
      *closed = done ? 1 : 0;
    }
    return STRATA_OK;
  });
}

int strata_set_time_scale(strata_stack* stack, strata_id id, float scale) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  return stack->request("strata_set_time_scale()", [&]() -> int {
    if (!strata::capi::valid_time_scale(scale)) {
      return stack->fail(STRATA_E_BAD_TIME_SCALE,
                         {"strata: strata_set_time_scale() with a time scale that is negative, "
                          "infinite or not a number"});
    }
    const std::size_t depth = staged_depth_of(stack->core(), from_id(id));
    if (depth == stack->core().staged().size()) {
      return fail_not_found(*stack, "strata_set_time_scale()", "staged entry", id);
    }
    strata::capi::staged_handle(stack->core(), depth, from_id(id)).time_scale(scale);
    return STRATA_OK;
  });
}

int strata_presence_of(const strata_stack* stack, strata_id id, strata_presence* out) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  if (const int refused = stack->check_call("strata_presence_of()"); refused != STRATA_OK) {
    return refused;
  }
  if (out == nullptr) {
    return stack->fail(STRATA_E_BAD_ARGUMENT, {"strata: strata_presence_of() with a null output"});
  }
  const std::optional<strata::presence> seen = stack->core().presence_of(from_id(id));
  if (!seen) {
    return fail_not_found(*stack, "strata_presence_of()", "committed or leaving entry", id);
  }
  *out = strata::capi::to_presence(*seen);
  return STRATA_OK;
}

// These two cannot report an error: inside the stack's allocator, which may not read the stack,
// they answer as for a NULL stack.
strata_id strata_id_of(const strata_stack* stack, const void* data) {
  if (stack == nullptr || !stack->readable()) {
    return STRATA_ID_NONE;
  }
  // The committed entries that are staged too were looked at first: what the committed view
  // adds is the entries on their way out, as in strata::stack::id_of.
  strata::entry_id found = find_data(stack->core().staged(), data);
  if (found == strata::entry_id::none) {
    found = find_data(stack->core().committed(), data);
  }
  return to_id(found);
}

strata_id strata_step_id(const strata_stack* stack) {
  return stack != nullptr && stack->readable() ? to_id(stack->step_id()) : STRATA_ID_NONE;
}

} // extern "C"
