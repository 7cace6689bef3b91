// bench/compile_time/with_strata.cpp: S7's translation unit with strata: one stack, three
// states, the calls a game makes. bench/run times compiling it against with_std_only.cpp, which
// does the same by hand with <vector> and <memory>.
#include <strata/strata.hpp>

namespace s7 {

struct title {
  int shown = 0;
  void enter() { ++shown; }
  void update(double /*dt*/) { ++shown; }
  void draw() { ++shown; }
};

struct world {
  double clock = 0;
  void enter() { clock = 0; }
  void pause() { clock += 1; }
  void resume() { clock -= 1; }
  void update(double dt) { clock += dt; }
  void update_covered(double dt) { clock += dt / 2; }
  void draw() { clock += 0; }
};

struct pause_menu {
  static constexpr strata::modality modality = strata::modality::freeze;
  int choice = 0;
  void update(double /*dt*/) { ++choice; }
  void draw() { ++choice; }
};

int play_with_strata() {
  strata::stack<> states;
  states.push<title>();
  states.frame(1.0 / 60);
  states.replace<world>();
  states.push<pause_menu>();
  states.frame(1.0 / 60);
  states.pop();
  states.frame(1.0 / 60);
  return static_cast<int>(states.size());
}

} // namespace s7
