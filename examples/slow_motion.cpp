// slow_motion: a state that slows the states below it instead of freezing them.
//
// A radial menu declares `time_scale = 0.25`: while it is open, the level below keeps running,
// at a quarter of the speed (bullet time while the player picks a weapon). A push can set its
// own factor, like a modality: the tutorial hint pushed over the menu slows everything below it
// by half, so the level, under both, gets the product of the factors above it. The top's own
// update and update_always get the frame's dt unscaled; a factor of 1 (the default) changes
// nothing and 0 stops the updates below like a freezing modality. Each frame prints the stack
// it ended with, then the dt each update hook received.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <strata/strata.hpp>

namespace {

struct game {
  std::vector<std::string> ran; // the update hooks of the current frame, in order
  int frame = 0;
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<game> states{*this};

  void got(std::string_view hook, double dt) {
    char text[64];
    std::snprintf(text, sizeof text, "%s(dt %.2f)", std::string(hook).c_str(), dt);
    ran.emplace_back(text);
  }
};

struct level {
  void update(game& g, double dt) { g.got("level.update", dt); }
  void update_covered(game& g, double dt) { g.got("level.update_covered", dt); }
};

// Drawn over the level, which keeps running underneath, slowed down.
struct radial_menu {
  static constexpr std::string_view name = "radial";
  static constexpr strata::modality modality = strata::modality::live;
  static constexpr float time_scale = 0.25F;

  void update(game& g, double dt) { g.got("radial.update", dt); }
  void update_covered(game& g, double dt) { g.got("radial.update_covered", dt); }
};

struct hint {
  static constexpr strata::modality modality = strata::modality::live;

  void update(game& g, double dt) { g.got("hint.update", dt); }
};

void play(game& g) {
  g.states.frame(0.4);
  std::printf("frame %d: %s\n", ++g.frame, g.states.describe().c_str());
  for (const std::string& line : g.ran) {
    std::printf("    %s\n", line.c_str());
  }
  g.ran.clear();
}

} // namespace

int main() {
  game g;
  g.states.push<level>();
  play(g);

  std::printf("the player opens the radial menu\n");
  g.states.push<radial_menu>();
  play(g);

  std::printf("a tutorial hint, pushed at half speed, goes over it\n");
  g.states.push<hint>().time_scale(0.5F);
  play(g);

  std::printf("the hint and the menu close\n");
  g.states.pop();
  g.states.pop();
  play(g);
  return 0;
}
