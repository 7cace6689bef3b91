// demo/game/transcript.hpp: what a run leaves behind: one line per frame in which the stack
// changed or the game reported something, "frame 42: system | title | world*  event; event".
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace demo {

class transcript {
public:
  // Something the game reports during the current frame.
  void event(std::string what);
  // Closes a frame, keeping a line only if the stack line changed or events were reported.
  void end_frame(std::uint64_t frame, const std::string& stack_line);

  [[nodiscard]] const std::vector<std::string>& lines() const { return lines_; }

private:
  std::vector<std::string> events_;
  std::string last_stack_line_;
  std::vector<std::string> lines_;
};

} // namespace demo
