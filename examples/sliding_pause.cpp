// sliding_pause: a pause menu that slides in and out over a level that stays drawn.
//
// The menu declares a transition: it takes 0.3 s to arrive and 0.2 s to leave. Its hooks run
// as without one (the level gets pause at the push's commit, the menu gets exit at the pop's),
// but the menu is drawn while it slides away and is destroyed only then. Its draw hook takes a
// `const strata::presence&` and reads how far in it is; the level's reads how much the menu
// covers it, and dims by that much. A key pressed while the menu moves stops there, so a second
// Esc during the slide does not reach the level. Each frame prints what was drawn.
#include <cstdio>
#include <string>

#include <strata/strata.hpp>

namespace {

struct key {
  char code;
};

struct game {
  std::string drawn; // this frame's drawing
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<game, key> states{*this};
};

// "[#####.....]": a presence as a bar of ten cells.
std::string bar(float amount) {
  const int full = static_cast<int>(amount * 10.0F + 0.5F);
  return "[" + std::string(static_cast<std::size_t>(full), '#') +
         std::string(static_cast<std::size_t>(10 - full), '.') + "]";
}

struct pause_menu {
  static constexpr strata::modality modality = strata::modality::freeze;
  static constexpr strata::transition transition{.arrive = 0.3F, .leave = 0.2F};

  void enter() { std::puts("  pause_menu.enter"); }
  void exit() { std::puts("  pause_menu.exit"); }
  ~pause_menu() { std::puts("  pause_menu destroyed"); }
  void draw(game& g, const strata::presence& p) {
    g.drawn += " menu " + bar(p.value) + " " + std::string(strata::to_string(p.phase));
  }
  bool handle(game& g, const key& k) {
    if (k.code == 27) { // Esc closes the menu
      g.states.pop();
    }
    return true;
  }
};

struct level {
  void pause() { std::puts("  level.pause"); }
  void resume() { std::puts("  level.resume"); }
  void draw(game& g, const strata::presence& p) { g.drawn += "level dimmed " + bar(p.cover); }
  bool handle(game& g, const key& k) {
    if (k.code == 27) { // Esc opens the menu
      g.states.push<pause_menu>();
      std::puts("  (Esc reached the level)");
    }
    return true;
  }
};

void frame(game& g, double dt, std::initializer_list<key> keys = {}) {
  g.drawn.clear();
  g.states.frame(dt, std::span<const key>{keys.begin(), keys.size()});
  std::printf("%-44s%s\n", g.states.describe().c_str(), g.drawn.c_str());
}

} // namespace

int main() {
  game g;
  g.states.push<level>();
  frame(g, 0.1);
  frame(g, 0.1, {{27}}); // Esc: the menu slides in
  frame(g, 0.1);
  frame(g, 0.1);
  frame(g, 0.1);
  frame(g, 0.1, {{27}}); // Esc: the menu slides out
  frame(g, 0.1, {{27}}); // Esc again, mid-slide: it stops at the leaving menu
  frame(g, 0.1);
  frame(g, 0.1);
}
