// background_audio: a state that keeps running under everything, a freezing pause included.
//
// `system` sits at the bottom of system | title | world | level and feeds the audio in
// update_always, which the update pass calls first, bottom to top, for every committed state
// that has it, whatever the states above let through. The level plays in update. When the
// player pauses, a freeze pause goes on top: the level stays drawn but nothing below the pause
// gets its update or update_covered any more, except update_always, so the music plays on
// while the game stands still. system's update_covered, here only to show the difference, stops
// with the freeze. Each frame prints the stack it ended with, then the update hooks that ran.
#include <cstdio>
#include <string>
#include <string_view>
#include <vector>

#include <strata/strata.hpp>

namespace {

struct game {
  double music = 0;     // seconds of audio fed so far
  double play_time = 0; // seconds the level has run
  int frame = 0;
  std::vector<std::string> ran; // the update hooks of the current frame, in order
  // Declared last, so destroyed first: the exit hooks it runs then can still use the above.
  strata::stack<game> states{*this};
};

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", s);
  return text;
}

struct system_state {
  static constexpr std::string_view name = "system";

  void update_always(game& g, double dt) {
    g.music += dt;
    g.ran.push_back("system.update_always: music at " + seconds(g.music));
  }
  void update_covered(game& g, double) { g.ran.emplace_back("system.update_covered"); }
};

struct title {};
struct world {};

struct level {
  void update(game& g, double dt) {
    g.play_time += dt;
    g.ran.push_back("level.update: played " + seconds(g.play_time));
  }
};

// Drawn over the level, which it freezes: no update below, not even system's covered one.
struct pause_menu {
  static constexpr std::string_view name = "pause";
  static constexpr strata::modality modality = strata::modality::freeze;

  void update(game& g, double) { g.ran.emplace_back("pause.update"); }
};

void play(game& g, int frames) {
  for (int i = 0; i < frames; ++i) {
    g.states.frame(0.5);
    std::printf("frame %d: %s\n", ++g.frame, g.states.describe().c_str());
    for (const std::string& line : g.ran) {
      std::printf("    %s\n", line.c_str());
    }
    g.ran.clear();
  }
}

} // namespace

int main() {
  game g;
  g.states.push<system_state>();
  g.states.push<title>();
  g.states.push<world>();
  g.states.push<level>();
  play(g, 2);

  std::printf("the player pauses\n");
  g.states.push<pause_menu>();
  play(g, 3);

  std::printf("the player resumes\n");
  g.states.pop();
  play(g, 1);
  return 0;
}
