// src/c_api_queries.cpp: the C API's read-only queries over the committed and staged views.
#include <climits>
#include <cstddef>
#include <optional>
#include <string_view>

#include <strata/detail/stack_line.hpp>
#include <strata/strata.h>

#include "c_bounded_text.hpp"
#include "c_stack.hpp"

namespace {

using core_view = strata::capi::core_stack::view;

std::optional<core_view> pick(const strata_stack& stack, int view) {
  switch (view) {
  case STRATA_COMMITTED: return stack.core().committed();
  case STRATA_STAGED: return stack.core().staged();
  default: return std::nullopt;
  }
}

} // namespace

extern "C" {

// These five cannot report an error: a stack that may not be read now (from inside its
// allocator) reads as an empty one, as a NULL stack does.
size_t strata_size(const strata_stack* stack) {
  return stack != nullptr && stack->readable() ? stack->core().size() : 0;
}

size_t strata_staged_size(const strata_stack* stack) {
  return stack != nullptr && stack->readable() ? stack->core().staged().size() : 0;
}

int strata_pending(const strata_stack* stack) {
  return stack != nullptr && stack->readable() && stack->core().pending() ? 1 : 0;
}

int strata_in_transition(const strata_stack* stack) {
  return stack != nullptr && stack->readable() && stack->core().in_transition() ? 1 : 0;
}

const char* strata_top_name(const strata_stack* stack) {
  if (stack == nullptr || !stack->readable() || stack->core().empty()) {
    return nullptr;
  }
  return strata::capi::to_entry(*stack->core().committed().top()).name;
}

int strata_entry_at(const strata_stack* stack, int view, size_t depth, strata_entry* out) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  if (const int refused = stack->check_call("strata_entry_at()"); refused != STRATA_OK) {
    return refused;
  }
  const std::optional<core_view> seen = pick(*stack, view);
  if (!seen || out == nullptr) {
    return stack->fail(STRATA_E_BAD_ARGUMENT,
                       {"strata: strata_entry_at() with an unknown view or a null output"});
  }
  if (depth >= seen->size()) {
    return stack->fail(STRATA_E_BAD_DEPTH,
                       {"strata: strata_entry_at() with a depth beyond the stack"});
  }
  *out = strata::capi::to_entry((*seen)[depth]);
  return STRATA_OK;
}

int strata_find(const strata_stack* stack, int view, const char* name, strata_entry* out) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  if (const int refused = stack->check_call("strata_find()"); refused != STRATA_OK) {
    return refused;
  }
  const std::optional<core_view> seen = pick(*stack, view);
  if (!seen || name == nullptr) {
    return stack->fail(STRATA_E_BAD_ARGUMENT,
                       {"strata: strata_find() with an unknown view or a null name"});
  }
  const auto found = seen->find(name);
  if (!found) {
    return stack->fail(STRATA_E_NOT_FOUND, {"strata: strata_find(): no state named '", name, "'"});
  }
  if (out != nullptr) {
    *out = strata::capi::to_entry(*found);
  }
  return STRATA_OK;
}

int strata_describe(const strata_stack* stack, char* buffer, size_t size) {
  if (stack == nullptr) {
    return STRATA_E_NULL_STACK;
  }
  if (const int refused = stack->check_call("strata_describe()"); refused != STRATA_OK) {
    return refused;
  }
  if (buffer == nullptr && size > 0) {
    return stack->fail(STRATA_E_BAD_ARGUMENT,
                       {"strata: strata_describe() with a null buffer of nonzero size"});
  }
  // As strata::stack::describe() writes it, without allocating.
  strata::capi::bounded_text line(buffer, size);
  const core_view committed = stack->core().committed();
  strata::detail::append_stack_line(line, committed.size(),
                                    [&](std::size_t depth) { return committed[depth].name(); });
  const std::size_t length = line.finish();
  if (length > INT_MAX) {
    return stack->fail(STRATA_E_BAD_ARGUMENT, {"strata: strata_describe(): too long for an int"});
  }
  return static_cast<int>(length);
}

} // extern "C"
