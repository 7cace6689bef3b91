// strata/error.hpp: the error type every misuse reports, and how builds without
// exceptions receive it instead.
#pragma once

#include <functional>
#include <stdexcept>
#include <string>

#if !defined(STRATA_NO_EXCEPTIONS) && !defined(__cpp_exceptions) && !defined(__EXCEPTIONS)
#define STRATA_NO_EXCEPTIONS
#endif

namespace strata {

// What went wrong; stable across releases so that code (and the C API) can branch on it.
enum class errc {
  empty_stack = 1,  // pop or replace with nothing staged
  reentrant_call,   // commit, a pass or a frame started from inside a hook
  null_state,       // push of an empty std::unique_ptr
  borrowed_twice,   // the same borrowed object staged twice
  not_found,        // pop_until found no matching state
  bad_depth,        // pop_to a depth above the stack
  transition_limit, // a commit ran more transitions than allowed
  depth_limit,      // a push would grow the stack past its limit
  bad_time_scale,   // a time scale that is negative, infinite or not a number
  bad_transition,   // a transition's duration that is negative, infinite or not a number
  bad_registration, // save_types::add() with a bad or taken key, a type added twice, version 0
  restore_failed,   // restore() met a state it cannot rebuild (the message names which)
  bad_binding,      // on_exit(strata::to_below<&S::f>) over a state that is not an S
};

class error : public std::runtime_error {
public:
  error(errc code, const std::string& message)
      : std::runtime_error(message)
      , code_(code) {}
  [[nodiscard]] errc code() const noexcept { return code_; }

private:
  errc code_;
};

// Builds without exceptions hand each error to this handler instead of throwing. If the handler
// returns, the operation that failed does nothing further and the stack stays usable.
using error_handler = std::function<void(const error&)>;

} // namespace strata
