// tests/support/doomed_states.hpp: a state with a transition (R33) whose destructor runs an
// action, for the tests of what a leaving state's destructor may do: it runs during update(),
// finish_transitions(), a commit or ~stack, later than its exit.
#pragma once

#include <functional>
#include <string_view>
#include <utility>

#include "transition_states.hpp"

namespace strata_test {

template <fixed_name Name, int ArriveMs, int LeaveMs,
          strata::modality Mode = strata::modality::screen>
class doomed : public counted {
public:
  static constexpr std::string_view name = Name.view();
  static constexpr strata::modality modality = Mode;
  static constexpr strata::transition transition{ArriveMs / 1000.0F, LeaveMs / 1000.0F};

  doomed(recorder& log, std::function<void()> at_death)
      : log_(&log)
      , at_death_(std::move(at_death)) {}
  doomed(const doomed&) = delete;
  doomed& operator=(const doomed&) = delete;
  ~doomed() {
    log_->log(name, "destroyed");
    if (at_death_) {
      at_death_();
    }
  }

  void enter() { log_->log(name, "enter"); }
  void exit() { log_->log(name, "exit"); }
  void pause() { log_->log(name, "pause"); }
  void resume() { log_->log(name, "resume"); }
  void update(double /*dt*/) { log_->log(name, "update"); }
  void draw(const strata::presence& p) { log_->log(name, "draw(" + describe(p) + ")"); }

private:
  recorder* log_;
  std::function<void()> at_death_;
};

} // namespace strata_test
