// demo/game/transcript.cpp: keeping the lines of a run.
#include "transcript.hpp"

#include <utility>

namespace demo {

void transcript::event(std::string what) {
  events_.push_back(std::move(what));
}

void transcript::end_frame(std::uint64_t frame, const std::string& stack_line) {
  if (stack_line == last_stack_line_ && events_.empty()) {
    return;
  }
  std::string line = "frame " + std::to_string(frame) + ": " + stack_line;
  for (std::size_t i = 0; i < events_.size(); ++i) {
    line += (i == 0 ? "  " : "; ") + events_[i];
  }
  lines_.push_back(std::move(line));
  events_.clear();
  last_stack_line_ = stack_line;
}

} // namespace demo
