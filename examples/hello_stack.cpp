// hello_stack: the smallest useful program (the README's example). States push and pop from
// inside their own hooks, in the middle of a pass; strata carries it out at the next commit.
#include <cstdio>
#include <strata/strata.hpp>

struct game {
  strata::stack<game> states{*this}; // every hook that asks for it gets the game
};

struct pause_menu {
  static constexpr strata::modality modality = strata::modality::freeze; // drawn, not updated
  void enter() { std::puts("  pause_menu.enter"); }
  void update(game& g, double) { g.states.pop(); } // closes itself while being updated
  void exit() { std::puts("  pause_menu.exit"); }
};

struct level {
  int updates = 0;
  void update(game& g, double) {
    if (++updates == 2) {
      g.states.push<pause_menu>();
    }
  }
  void pause() { std::puts("  level.pause"); }
  void resume() { std::puts("  level.resume"); }
  void exit() { std::puts("  level.exit"); }
};

int main() {
  game g;
  g.states.push<level>();
  for (int frame = 1; frame <= 3; ++frame) {
    g.states.frame(1.0 / 60); // commit, update, commit, draw
    std::printf("frame %d: %s\n", frame, g.states.describe().c_str());
  }
} // the stack exits what is left, top to bottom
