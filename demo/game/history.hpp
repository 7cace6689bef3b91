// demo/game/history.hpp: the last transitions of the stack with their frame numbers, fed by the
// stack's observer and shown by the stack overlay.
#pragma once

#include <cstddef>
#include <cstdint>
#include <deque>
#include <string>

#include <strata/observer.hpp>

namespace demo {

struct transition {
  std::uint64_t frame;
  strata::step step;
  std::string state; // copied: the observer's name is valid only during the call
  std::size_t depth;
};

class history {
public:
  static constexpr std::size_t kept = 8;

  void record(std::uint64_t frame, const strata::step_info& info);
  [[nodiscard]] const std::deque<transition>& recent() const { return recent_; }

private:
  std::deque<transition> recent_;
};

} // namespace demo
