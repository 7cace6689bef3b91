// bench/baselines/hand_loop.hpp: baseline 1, the floor: the loop a game writes by hand. Its
// states are made in advance, the stack is a std::vector of base pointers, each frame calls
// every state bottom to top, and a transition is a push_back or pop_back with the hooks called
// on the spot.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "virtual_state.hpp"

namespace bench {

class hand_loop {
public:
  explicit hand_loop(std::size_t capacity) { stack_.reserve(capacity); }

  void push(virtual_state* state) {
    if (!stack_.empty()) {
      stack_.back()->pause();
    }
    stack_.push_back(state);
    state->enter();
  }

  void pop() {
    stack_.back()->exit();
    stack_.pop_back();
    if (!stack_.empty()) {
      stack_.back()->resume();
    }
  }

  void update(double dt) {
    for (virtual_state* state : stack_) {
      state->update(dt);
    }
  }

  [[nodiscard]] std::size_t size() const { return stack_.size(); }

private:
  std::vector<virtual_state*> stack_;
};

class hand_loop_subject {
public:
  static constexpr std::string_view label = "hand_loop";
  static constexpr std::size_t state_bytes_per_push = 0;

  explicit hand_loop_subject(std::size_t capacity)
      : states_(capacity)
      , loop_(capacity) {}

  void push() { loop_.push(states_.at(loop_.size())); }
  void pop() { loop_.pop(); }
  void commit() {}
  void update(double dt) { loop_.update(dt); }

private:
  premade_states states_;
  hand_loop loop_;
};

} // namespace bench
