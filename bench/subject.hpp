// bench/subject.hpp: the scenario interface that strata and every baseline implement, so each
// scenario is written once and runs on all of them.
#pragma once

#include <concepts>
#include <cstddef>
#include <string_view>

namespace bench {

// A stack of game states as the scenarios drive it. It is built with the most states a
// scenario will stack at once (designs that make their states before the game starts make that
// many). Designs without requests carry out push and pop at once and have nothing to commit.
template <class S>
concept subject = std::constructible_from<S, std::size_t> && requires(S& s, double dt) {
  { S::label } -> std::convertible_to<std::string_view>;
  // Bytes of state object the design itself constructs per push (0 if its states are premade).
  { S::state_bytes_per_push } -> std::convertible_to<std::size_t>;
  s.push();     // one more state on top
  s.pop();      // the top state off
  s.commit();   // carry out the requests: pause, enter, exit, resume
  s.update(dt); // one per-frame update pass
};

inline constexpr double frame_dt = 1.0 / 60.0;

// Stacks states one commit at a time, as a game reaches a depth over many frames. (The linked
// chain's setup is still quadratic: each of its push commits walks the whole chain once.)
template <subject S>
void grow_to(S& stack, std::size_t depth) {
  for (std::size_t i = 0; i < depth; ++i) {
    stack.push();
    stack.commit();
  }
}

} // namespace bench
