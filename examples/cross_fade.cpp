// cross_fade: the title fades into the world map, and game over cross-fades over a level.
//
// replace() takes the old state off and puts the new one on in one request: with transitions,
// the old one leaves while the new one arrives, both drawn, the new one over the old. Here the
// title leaves in 0.4 s and the world arrives in 0.4 s; each draw prints its own opacity, its
// phase and what started it. Then death replaces the level with game over, which arrives in
// 0.4 s over a level that takes 0.2 s to go: the level is destroyed once its fade is over. The
// hooks run at the commits, as without transitions; only the destruction waits for the fade.
#include <cstdio>
#include <string>
#include <string_view>

#include <strata/strata.hpp>

namespace {

struct game {
  std::string drawn;
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<game> states{*this};
};

// One draw as "title 0.50 leaving (replace)".
void show(game& g, std::string_view who, const strata::presence& p) {
  char text[96];
  std::snprintf(text, sizeof text, "  %s %.2f %s (%s)", std::string(who).c_str(),
                static_cast<double>(p.value), std::string(strata::to_string(p.phase)).c_str(),
                std::string(strata::to_string(p.cause)).c_str());
  g.drawn += text;
}

// A screen that fades in and out in `Tenths` tenths of a second.
template <int Tenths>
constexpr strata::transition fade = strata::transition::fade(static_cast<float>(Tenths) / 10.0F);

struct title {
  static constexpr strata::transition transition = fade<4>;
  void exit() { std::puts("    title.exit"); }
  ~title() { std::puts("    title destroyed"); }
  void draw(game& g, const strata::presence& p) { show(g, "title", p); }
};

struct world {
  static constexpr strata::transition transition = fade<4>;
  void enter() { std::puts("    world.enter"); }
  void draw(game& g, const strata::presence& p) { show(g, "world", p); }
};

struct level {
  static constexpr strata::transition transition = fade<2>;
  void exit() { std::puts("    level.exit"); }
  ~level() { std::puts("    level destroyed"); }
  void draw(game& g, const strata::presence& p) { show(g, "level", p); }
};

struct game_over {
  static constexpr strata::transition transition{.arrive = 0.4F};
  void enter() { std::puts("    game_over.enter"); }
  void draw(game& g, const strata::presence& p) { show(g, "game_over", p); }
};

void frame(game& g, int number) {
  g.drawn.clear();
  g.states.frame(0.1);
  std::printf("frame %d:%s\n", number, g.drawn.c_str());
}

} // namespace

int main() {
  game g;
  g.states.push<title>();
  g.states.commit();
  g.states.finish_transitions(); // the title is there from the start
  g.states.replace<world>();
  for (int number = 1; number <= 4; ++number) {
    frame(g, number);
  }
  g.states.replace<level>();
  g.states.commit();
  g.states.finish_transitions();
  std::puts("death:");
  g.states.replace<game_over>();
  for (int number = 5; number <= 8; ++number) {
    frame(g, number);
  }
}
