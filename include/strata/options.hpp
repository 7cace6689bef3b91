// strata/options.hpp: per-stack settings, all but the memory adjustable after construction too.
#pragma once

#include <cstddef>

#include "error.hpp"
#include "memory.hpp"

namespace strata {

struct options {
  // Skip the resume/pause pair of a state that a commit reveals only to cover or exit it again.
  bool coalesced = false;
  // A commit that would run more transitions than this (enter and exit hooks, and resumes that
  // undo its own pause, R23) stops with errc::transition_limit.
  std::size_t max_transitions = 10'000;
  // A push that would make the staged stack deeper than this fails with errc::depth_limit.
  std::size_t max_depth = 1'000;
  // Where the stack's pooled state storage and its internal arrays come from (memory.hpp):
  // an allocator object, two functions, or a std::pmr::memory_resource*. Default: new/delete.
  strata::memory memory{};
  // Receives each error in builds without exceptions (default: print it and abort). The
  // initializer lets `options{.coalesced = true}` compile without -Wmissing-field-initializers.
  error_handler on_error{};
};

} // namespace strata
