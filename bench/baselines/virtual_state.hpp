// bench/baselines/virtual_state.hpp: what the baselines share: the state interface of their
// published designs (one virtual function per hook), the state the scenarios push, and the
// states that designs holding plain pointers expect to be made before the game starts.
#pragma once

#include <cstddef>
#include <memory>
#include <vector>

#include "../hook_body.hpp"

namespace bench {

class virtual_state {
public:
  virtual_state() = default;
  virtual_state(const virtual_state&) = delete;
  virtual_state& operator=(const virtual_state&) = delete;
  virtual_state(virtual_state&&) = delete;
  virtual_state& operator=(virtual_state&&) = delete;
  virtual ~virtual_state() = default;

  virtual void enter() = 0;
  virtual void exit() = 0;
  virtual void pause() = 0;
  virtual void resume() = 0;
  virtual void update(double dt) = 0;
};

class busy_state final : public virtual_state {
public:
  void enter() override { hook_body(); }
  void exit() override { hook_body(); }
  void pause() override { hook_body(); }
  void resume() override { hook_body(); }
  void update(double /*dt*/) override { hook_body(); }
};

// One state per depth, each its own heap object, as a game that makes its screens at start-up.
class premade_states {
public:
  explicit premade_states(std::size_t count) {
    states_.reserve(count);
    for (std::size_t i = 0; i < count; ++i) {
      states_.push_back(std::make_unique<busy_state>());
    }
  }

  [[nodiscard]] virtual_state* at(std::size_t depth) const { return states_[depth].get(); }

private:
  std::vector<std::unique_ptr<virtual_state>> states_;
};

} // namespace bench
