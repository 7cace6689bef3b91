// demo/game/history.cpp: a bounded log of stack transitions.
#include "history.hpp"

namespace demo {

void history::record(std::uint64_t frame, const strata::step_info& info) {
  recent_.push_back(transition{frame, info.step, std::string(info.state), info.depth});
  if (recent_.size() > kept) {
    recent_.pop_front();
  }
}

} // namespace demo
