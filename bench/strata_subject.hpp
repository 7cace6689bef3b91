// bench/strata_subject.hpp: strata under the scenario interface. Its state is a plain class (no
// base, no virtual functions) whose hooks have the same trivial bodies as the baselines'.
#pragma once

#include <strata/strata.hpp>

#include <cstddef>
#include <string_view>

#include "hook_body.hpp"

namespace bench {

// Default modality (screen): covered states keep updating, so a pass reaches every state, as
// the hand loop's does.
struct plain_state {
  void enter() { hook_body(); }
  void exit() { hook_body(); }
  void pause() { hook_body(); }
  void resume() { hook_body(); }
  void update(double /*dt*/) { hook_body(); }
  void update_covered(double /*dt*/) { hook_body(); }
};

class strata_subject {
public:
  static constexpr std::string_view label = "strata";
  static constexpr std::size_t state_bytes_per_push = sizeof(plain_state);

  explicit strata_subject(std::size_t capacity) {
    // S3 and S4 stack 10,000 states, past the defaults that stop a runaway game.
    if (capacity > states_.settings().max_depth) {
      states_.set_max_depth(capacity);
    }
    if (capacity > states_.settings().max_transitions) {
      states_.set_max_transitions(capacity);
    }
  }

  void push() { states_.push<plain_state>(); }
  void pop() { states_.pop(); }
  void commit() { states_.commit(); }
  void update(double dt) { states_.update(dt); }

private:
  strata::stack<> states_;
};

} // namespace bench
