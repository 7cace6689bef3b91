// strata/detail/checked.hpp: the checked configuration. Defining STRATA_CHECKED=1 (the same in
// every translation unit of a program) makes the stack abort with a "strata: checked: " message
// on misuse that is otherwise undefined behaviour and cannot be reported as an error: an
// entry_view used after the stack changed, a view index out of range, and a call from a thread
// other than the one that constructed the stack (docs/api.md lists the messages).
//
// Off, it costs nothing: STRATA_IF_CHECKED(...) drops its argument, so the stack and its views
// have no extra member and run no extra code.
#pragma once

#ifndef STRATA_CHECKED
#define STRATA_CHECKED 0
#endif

#if STRATA_CHECKED

#include <charconv>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <initializer_list>
#include <string_view>
#include <thread>

#define STRATA_IF_CHECKED(...) __VA_ARGS__

namespace strata::detail {

// Prints "strata: checked: " and the pieces on one line, then aborts. Nothing is allocated: the
// program is already in a state where nothing more should be trusted.
[[noreturn, gnu::cold, gnu::noinline]] inline void
checked_failure(std::initializer_list<std::string_view> pieces) noexcept {
  std::fputs("strata: checked: ", stderr);
  for (const std::string_view piece : pieces) {
    std::fwrite(piece.data(), 1, piece.size(), stderr);
  }
  std::fputc('\n', stderr);
  std::fflush(stderr);
  std::abort();
}

// A number as text for checked_failure(), without allocating.
class decimal {
public:
  explicit decimal(std::size_t number) noexcept
      : length_(static_cast<std::size_t>(
            std::to_chars(digits_, digits_ + sizeof digits_, number).ptr - digits_)) {}
  operator std::string_view() const noexcept { return {digits_, length_}; }

private:
  char digits_[24]{};
  std::size_t length_;
};

// What a stack keeps for the checks: the thread that constructed it, and a generation that every
// request and every commit step bumps, so that a view can tell whether it was made before.
class stack_checks {
public:
  // `what` then `call` name the call for the message: "push()", or "staged()" and ".size()".
  void check_thread(std::string_view what, std::string_view call = {}) const noexcept {
    if (std::this_thread::get_id() != owner_) [[unlikely]] {
      checked_failure({what, call,
                       " called from a thread other than the one that constructed the "
                       "stack; a stack belongs to the thread that made it"});
    }
  }

  // A request is about to run, or a commit step, or an entry is being destroyed: the views made
  // so far may no longer show what they showed.
  void stack_changed() noexcept { ++generation_; }
  [[nodiscard]] std::size_t generation() const noexcept { return generation_; }

private:
  std::thread::id owner_ = std::this_thread::get_id();
  std::size_t generation_ = 0;
};

} // namespace strata::detail

#else

#define STRATA_IF_CHECKED(...)

#endif
