// bench/compile_time/with_std_only.cpp: S7's translation unit without strata: the same three
// states and calls as with_strata.cpp, written by hand with <vector> and <memory>.
#include <memory>
#include <vector>

namespace s7 {

class state {
public:
  state() = default;
  state(const state&) = delete;
  state& operator=(const state&) = delete;
  state(state&&) = delete;
  state& operator=(state&&) = delete;
  virtual ~state() = default;
  virtual void enter() {}
  virtual void exit() {}
  virtual void pause() {}
  virtual void resume() {}
  virtual void update(double /*dt*/) {}
  virtual void draw() {}
};

class title final : public state {
public:
  void enter() override { ++shown_; }
  void update(double /*dt*/) override { ++shown_; }
  void draw() override { ++shown_; }

private:
  int shown_ = 0;
};

class world final : public state {
public:
  void enter() override { clock_ = 0; }
  void pause() override { clock_ += 1; }
  void resume() override { clock_ -= 1; }
  void update(double dt) override { clock_ += dt; }
  void draw() override { clock_ += 0; }

private:
  double clock_ = 0;
};

class pause_menu final : public state {
public:
  void update(double /*dt*/) override { ++choice_; }
  void draw() override { ++choice_; }

private:
  int choice_ = 0;
};

class state_stack {
public:
  void push(std::unique_ptr<state> next) {
    if (!states_.empty()) {
      states_.back()->pause();
    }
    states_.push_back(std::move(next));
    states_.back()->enter();
  }
  void pop() {
    states_.back()->exit();
    states_.pop_back();
    if (!states_.empty()) {
      states_.back()->resume();
    }
  }
  void frame(double dt) {
    for (const auto& each : states_) {
      each->update(dt);
    }
    for (const auto& each : states_) {
      each->draw();
    }
  }
  [[nodiscard]] std::size_t size() const { return states_.size(); }

private:
  std::vector<std::unique_ptr<state>> states_;
};

int play_by_hand() {
  state_stack states;
  states.push(std::make_unique<title>());
  states.frame(1.0 / 60);
  states.pop();
  states.push(std::make_unique<world>());
  states.push(std::make_unique<pause_menu>());
  states.frame(1.0 / 60);
  states.pop();
  states.frame(1.0 / 60);
  return static_cast<int>(states.size());
}

} // namespace s7
