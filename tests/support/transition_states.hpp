// tests/support/transition_states.hpp: states with transitions (R33) for the lifecycle tests. A
// `moving` state logs its hooks like a logged one, its draw with what it reads of its presence,
// "level.draw(being_covered 1 push cover 0.5)", and its destruction as "level.destroyed", since
// with transitions a state is destroyed later than its exit.
#pragma once

#include <cstdio>
#include <string>

#include "trace.hpp"

namespace strata_test {

// "0.25", "1": presences and covers are multiples of 1/64 in these tests, printed exactly.
inline std::string number(float value) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", static_cast<double>(value));
  return text;
}

inline std::string describe(const strata::presence& p) {
  std::string text = std::string(strata::to_string(p.phase)) + " " + number(p.value);
  if (p.cause != strata::cause::none) {
    text += " " + std::string(strata::to_string(p.cause));
  }
  if (p.cover > 0.0F) {
    text += " cover " + number(p.cover);
  }
  return text;
}

// Arrives in ArriveMs and leaves in LeaveMs milliseconds (template arguments are whole numbers:
// clang 14 takes no float ones).
template <fixed_name Name, int ArriveMs, int LeaveMs,
          strata::modality Mode = strata::modality::screen>
class moving : public counted {
public:
  static constexpr std::string_view name = Name.view();
  static constexpr strata::modality modality = Mode;
  static constexpr strata::transition transition{ArriveMs / 1000.0F, LeaveMs / 1000.0F};

  explicit moving(recorder& log, actions then = {})
      : log_(&log)
      , then_(std::move(then)) {}
  moving(const moving&) = delete;
  moving& operator=(const moving&) = delete;
  ~moving() { log_->log(name, "destroyed"); }

  void enter() { record("enter", then_.enter); }
  void exit() { record("exit", then_.exit); }
  void pause() { record("pause", then_.pause); }
  void resume() { record("resume", then_.resume); }
  void update(double /*dt*/) { record("update", then_.update); }
  void update_covered(double /*dt*/) { record("update_covered", then_.update_covered); }
  void draw(const strata::presence& p) {
    log_->log(name, "draw(" + describe(p) + ")");
    if (then_.draw) {
      then_.draw();
    }
  }
  bool handle(const event& e) {
    log_->log(name, "handle(" + std::to_string(e.code) + ")");
    return then_.handle ? then_.handle(e) : false;
  }

private:
  void record(std::string_view hook, const std::function<void()>& action) {
    log_->log(name, hook);
    if (action) {
      action();
    }
  }

  recorder* log_;
  actions then_;
};

// The same hooks with no transition of its own.
template <fixed_name Name, strata::modality Mode = strata::modality::screen>
using still = moving<Name, 0, 0, Mode>;

} // namespace strata_test
